#include "maintenance.h"

#include "pgconnection.h"
#include "rules.h"

#include <QSqlError>
#include <QSqlQuery>

namespace purga {

bool vacuumWorthOffering(qint64 rowsDeleted)
{
    return rowsDeleted >= 10000;
}

bool vacuumAnalyze(PgConnection &conn, const QStringList &tables, QueryCanceller *canceller,
                   const ProgressFn &progress, QString *error)
{
    int done = 0;
    for (const QString &table : tables) {
        // Only the rule tables: the name is spliced into the statement.
        bool known = false;
        for (const QString &id : Rules::ids())
            known = known || Rules::table(id) == table;
        if (!known) {
            *error =
                QCoreApplication::translate("Maintenance", "%1 is not a table this app purges.").arg(table);
            return false;
        }
        if (progress)
            progress(table, done, int(tables.size()));
        QSqlQuery q(conn.database());
        // VACUUM cannot run in a transaction block: this connection is in autocommit here.
        if (!q.exec(QStringLiteral("VACUUM (ANALYZE) %1").arg(table))) {
            if (canceller && canceller->isCancelled() && isQueryCanceled(q))
                *error = QCoreApplication::translate("Maintenance", "Cancelled.");
            else
                *error = QCoreApplication::translate("Maintenance", "VACUUM (ANALYZE) %1 failed: %2")
                             .arg(table, q.lastError().databaseText().trimmed());
            return false;
        }
        ++done;
    }
    if (progress)
        progress(QString(), done, int(tables.size()));
    return true;
}

} // namespace purga
