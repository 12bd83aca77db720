// Whether --parallel N may run on this server (parallelpurge.h): the options that mix, the
// workers' cap, and the connections the server has left.
#include "parallelpurge.h"

#include "core/pg/pgconnection.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

int freeConnections(PgConnection &conn, QString *error)
{
    // The server's slots less its client backends and the reserved slots (reserved_connections from
    // PostgreSQL 16 on, NULL before), and the database's and the role's own CONNECTION LIMITs when
    // set: least() skips the NULLs of those that are not. Another role's session shows this role its
    // user but not its backend_type (NULL without pg_read_all_stats): it is a client all the same.
    const QString client = QStringLiteral(
        "a.usesysid IS NOT NULL AND coalesce(a.backend_type, 'client backend') = 'client backend'");
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral(
                    "SELECT least("
                    "  current_setting('max_connections')::int"
                    "  - (SELECT count(*) FROM pg_stat_activity a WHERE %1)::int"
                    "  - current_setting('superuser_reserved_connections')::int"
                    "  - coalesce(nullif(current_setting('reserved_connections', true), '')::int, 0),"
                    "  (SELECT d.datconnlimit - (SELECT count(*) FROM pg_stat_activity a WHERE a.datid = "
                    "d.oid AND %1)::int"
                    "     FROM pg_database d WHERE d.datname = current_database() AND d.datconnlimit >= 0),"
                    "  (SELECT r.rolconnlimit - (SELECT count(*) FROM pg_stat_activity a WHERE a.usesysid = "
                    "r.oid AND %1)::int"
                    "     FROM pg_roles r WHERE r.rolname = current_user AND r.rolconnlimit >= 0))")
                    .arg(client)) ||
        !q.next()) {
        *error = q.lastError().databaseText();
        return -1;
    }
    return qMax(0, q.value(0).toInt());
}

QString keysetParallelRefusal(const PurgeOptions &options)
{
    if (options.parallel <= 1 || options.batchStrategy != BatchStrategyKind::Keyset)
        return QString();
    return QCoreApplication::translate(
               "purga", "--strategy keyset runs on one connection: the parallel workers share out TID "
                        "ranges. Leave out --parallel %1, or use --strategy tid.")
        .arg(options.parallel);
}

QString parallelRefusal(PgConnection &conn, const PurgeOptions &options)
{
    const int n = options.parallel;
    if (n <= 1)
        return QString();
    if (const QString keyset = keysetParallelRefusal(options); !keyset.isEmpty())
        return keyset;
    if (n > kMaxParallel)
        return QCoreApplication::translate("purga", "--parallel %1: at most %2 deleting connections.")
            .arg(n)
            .arg(kMaxParallel);
    if (!options.openConnection)
        return QCoreApplication::translate("purga",
                                           "--parallel %1: this run cannot open connections of its own.")
            .arg(n);
    if (!conn.isDirect())
        return QCoreApplication::translate(
                   "purga",
                   "--parallel %1 is refused behind a connection pooler: each worker checks on its own "
                   "server connection that the run's lock holder is alive. Connect directly to PostgreSQL.")
            .arg(n);
    QString error;
    const int free = freeConnections(conn, &error);
    if (free < 0)
        return QCoreApplication::translate("purga",
                                           "--parallel %1: could not read the server's free connections: %2")
            .arg(n)
            .arg(error);
    if (n > free)
        return QCoreApplication::translate(
                   "purga", "--parallel %1 needs %1 more connections, and the server has %2 free "
                            "(max_connections less the sessions connected and the reserved ones, or the "
                            "database's or the role's CONNECTION LIMIT). Use --parallel "
                            "%3 or less.")
            .arg(n)
            .arg(free)
            .arg(qMax(1, free));
    return QString();
}

} // namespace purga
