#include "servertimezone.h"

#include "pgconnection.h"

#include <QSqlQuery>
#include <QVariant>

#include <libpq-fe.h>

namespace purga {

namespace {

// pg_settings has no source for reset_val, but the client knows what it asked for: a TimeZone
// in the startup options (options=, PGOPTIONS) or PGTZ, which libpq sends at connect time.
bool clientSetsTimeZone(PgConnection &conn)
{
    PGconn *c = conn.handle();
    const QString options = c ? QString::fromUtf8(PQoptions(c)) : QString();
    return options.contains(QLatin1String("timezone"), Qt::CaseInsensitive) ||
           qEnvironmentVariableIsSet("PGTZ");
}

} // namespace

QString serverTimeZone(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral(
            "SELECT s.reset_val, s.boot_val,"
            " (SELECT substr(c, strpos(c, '=') + 1)"
            "    FROM pg_db_role_setting d CROSS JOIN LATERAL unnest(d.setconfig) c"
            "   WHERE lower(split_part(c, '=', 1)) = 'timezone'"
            "     AND d.setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))"
            "     AND d.setrole IN (0, (SELECT oid FROM pg_roles WHERE rolname = session_user))"
            "   ORDER BY (d.setdatabase <> 0 AND d.setrole <> 0) DESC, d.setrole <> 0 DESC, d.setdatabase <> "
            "0 DESC"
            "   LIMIT 1),"
            " has_function_privilege('pg_show_all_file_settings()', 'EXECUTE')"
            " FROM pg_settings s WHERE s.name = 'TimeZone'")) ||
        !q.next())
        return QString();
    if (!clientSetsTimeZone(conn))
        return q.value(0).toString();
    const QString perDatabaseOrRole = q.value(2).toString();
    if (!perDatabaseOrRole.isEmpty())
        return perDatabaseOrRole;
    if (!q.value(3).toBool())
        return QString(); // set by the client; the configuration file is not readable by this role
    const QString bootValue = q.value(1).toString();
    QSqlQuery file(conn.database());
    if (file.exec(
            QStringLiteral("SELECT setting FROM pg_file_settings WHERE lower(name) = 'timezone' AND applied"
                           " ORDER BY seqno DESC LIMIT 1")) &&
        file.next())
        return file.value(0).toString();
    return bootValue;
}

} // namespace purga
