#include "vacuum.h"

#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/pg/querycanceller.h"
#include "core/rules/rules.h"

#include <QSqlError>
#include <QSqlQuery>

namespace purga {

bool vacuumWorthOffering(qint64 rowsDeleted)
{
    return rowsDeleted >= 10000;
}

namespace {

bool isRuleTable(const QString &table)
{
    for (const QString &id : Rules::ids())
        if (Rules::table(id) == table)
            return true;
    return false;
}

// One VACUUM (ANALYZE) under a session lock_timeout (VACUUM cannot run in a transaction block,
// so no SET LOCAL): reset afterwards whatever happened.
bool vacuumOne(PgConnection &conn, const QString &table, QueryCanceller *canceller, int lockTimeoutMs,
               DbFailure *failure, bool *cancelled)
{
    QString ignored;
    conn.execScript(QStringLiteral("SET lock_timeout = %1").arg(qMax(1, lockTimeoutMs)), &ignored);
    QSqlQuery q(conn.database());
    const bool ok = q.exec(QStringLiteral("VACUUM (ANALYZE) %1").arg(table));
    if (!ok) {
        *failure = DbFailure::ofQuery(q, canceller && canceller->isCancelled(), QString());
        const DbFailure::Kind kind = failure->kind;
        if (kind == DbFailure::Kind::Cancelled) {
            *cancelled = true;
            failure->message =
                QCoreApplication::translate("Maintenance", "VACUUM (ANALYZE) %1 was cancelled.").arg(table);
        } else if (kind == DbFailure::Kind::LockTimeout) {
            failure->message = QCoreApplication::translate(
                         "Maintenance", "VACUUM (ANALYZE) %1 waited more than %2 ms for a lock held by "
                                        "another session and was not run; autovacuum will do it.")
                         .arg(table)
                         .arg(lockTimeoutMs);
        } else {
            failure->message = QCoreApplication::translate("Maintenance", "VACUUM (ANALYZE) %1 failed: %2")
                         .arg(table, q.lastError().databaseText().trimmed());
        }
    }
    if (conn.isOpen())
        conn.execScript(QStringLiteral("RESET lock_timeout"), &ignored);
    return ok;
}

} // namespace

bool vacuumAnalyze(PgConnection &conn, const QStringList &tables, QueryCanceller *canceller,
                   const ProgressFn &progress, DbFailure *failure, int lockTimeoutMs, bool *cancelled)
{
    bool stopped = false;
    int done = 0;
    for (const QString &table : tables) {
        // Only the rule tables: the name is spliced into the statement.
        if (!isRuleTable(table)) {
            *failure = DbFailure();
            failure->kind = DbFailure::Kind::Other;
            failure->message =
                QCoreApplication::translate("Maintenance", "%1 is not a table this app purges.").arg(table);
            return false;
        }
        // A cancel that came before this table skips it (and every later one).
        if (canceller && canceller->isCancelled()) {
            stopped = true;
            *failure = DbFailure();
            failure->kind = DbFailure::Kind::Cancelled;
            failure->message = QCoreApplication::translate("Maintenance", "VACUUM (ANALYZE) %1 was cancelled "
                                                                          "before it started.")
                                   .arg(table);
        }
        if (progress && !stopped)
            progress(table, done, int(tables.size()));
        if (stopped || !vacuumOne(conn, table, canceller, lockTimeoutMs, failure, &stopped)) {
            if (cancelled)
                *cancelled = stopped;
            return false;
        }
        ++done;
    }
    if (progress)
        progress(QString(), done, int(tables.size()));
    return true;
}

} // namespace purga
