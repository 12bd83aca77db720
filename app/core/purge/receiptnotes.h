#pragma once

// What a receipt says besides the rows: how many rows the ADR's scheduled job would still delete
// that this purge keeps, why a rule removed fewer rows than it counted, retentions shorter than
// the forensic window, and the sessions that waited for the purge lock. Shared by the engine, the
// CLI and the GUI.
#include "core/preview/preview.h"
#include "receipt.h"

#include <QStringList>

namespace purga {

// The job's count and the short-retention warnings of the rules the purge runs, from the plan.
void notePlan(const PreviewPlan &plan, const QStringList &ruleIds, PurgeReceipt *receipt);

// "The scheduled job's own SQL would still delete N rows this purge keeps (…)"; empty when N is 0.
QString jobWouldDeleteText(const QString &ruleId, qint64 rows);

// "The preview counted N: M rows changed since and were left alone (…)" for a row rule that removed
// fewer rows than `counted` (its preview's eligible rows); empty when it removed them all.
QString leftAloneText(qint64 counted, qint64 deleted);

// The notes as translated lines, for the CLI's receipt and the GUI's receipt view.
QStringList receiptNotes(const PurgeReceipt &receipt);

} // namespace purga
