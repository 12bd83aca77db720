#pragma once

#include "core/util/progress.h"

#include <QString>
#include <QStringList>

namespace purga {

class PgConnection;
class QueryCanceller;
struct DbFailure;

// VACUUM (ANALYZE) of the purged tables, offered after a large purge and never run unasked.
// Needs the table's owner (or a member of it) or a superuser: PreflightReport::canVacuum.
// A cancel (canceller) before a table skips it and during it interrupts it; waiting for a
// conflicting lock ends after `lockTimeoutMs` (never waits unbounded behind a long transaction).
// *cancelled (optional): whether it stopped because of a cancel. *failure: the VACUUM's kind
// (from its SQLSTATE) and message.
bool vacuumAnalyze(PgConnection &conn, const QStringList &tables, QueryCanceller *canceller,
                   const ProgressFn &progress, DbFailure *failure, int lockTimeoutMs = 5000,
                   bool *cancelled = nullptr);

// When a purge removed enough rows for a VACUUM to be worth offering (else autovacuum is enough).
bool vacuumWorthOffering(qint64 rowsDeleted);

} // namespace purga
