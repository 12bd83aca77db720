#pragma once

// What a receipt says besides the rows: how many rows the ADR's scheduled job would
// still delete that this purge keeps, retentions shorter than the forensic window, and the
// sessions that waited for the purge lock. Shared by the engine, the CLI and the GUI.
#include "receipt.h"
#include "core/preview/preview.h"

#include <QStringList>

namespace purga {

// The job's count and the short-retention warnings of the rules the purge runs, from the plan.
void notePlan(const PreviewPlan &plan, const QStringList &ruleIds, PurgeReceipt *receipt);

// "The scheduled job's own SQL would still delete N rows this purge keeps (…)"; empty when N is 0.
QString jobWouldDeleteText(const QString &ruleId, qint64 rows);

// The notes as translated lines, for the CLI's receipt and the GUI's receipt view.
QStringList receiptNotes(const PurgeReceipt &receipt);

} // namespace purga
