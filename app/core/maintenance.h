#pragma once

#include "preview.h"

#include <QString>
#include <QStringList>

namespace purga {

class PgConnection;
class QueryCanceller;

// VACUUM (ANALYZE) of the purged tables, offered after a large purge and never run unasked.
// Needs the table's owner (or a member of it) or a superuser: PreflightReport::canVacuum.
bool vacuumAnalyze(PgConnection &conn, const QStringList &tables, QueryCanceller *canceller,
                   const ProgressFn &progress, QString *error);

// When a purge removed enough rows for a VACUUM to be worth offering (else autovacuum is enough).
bool vacuumWorthOffering(qint64 rowsDeleted);

} // namespace purga
