#include "evidencefreeze.h"

#include "core/pg/pgconnection.h"
#include "lockholders.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace purga {

namespace {

QString scalarText(PgConnection &conn, const QString &sql, bool *ok = nullptr)
{
    QSqlQuery q(conn.database());
    const bool good = q.exec(sql) && q.next();
    if (ok)
        *ok = good;
    return good ? q.value(0).toString() : QString();
}

bool historyExists(PgConnection &conn)
{
    return scalarText(conn, QStringLiteral("SELECT to_regclass('identidad.purga_corridas') IS NOT NULL")) ==
           QLatin1String("true");
}

bool hasOsUserColumn(PgConnection &conn)
{
    return scalarText(conn, QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = "
                                           "'identidad.purga_corridas'::regclass AND attname = 'usuario_so'"
                                           " AND NOT attisdropped)")) == QLatin1String("true");
}

} // namespace

QString EvidenceFreeze::osUserName()
{
#ifdef Q_OS_UNIX
    if (const passwd *pw = getpwuid(geteuid()))
        return QString::fromLocal8Bit(pw->pw_name);
#endif
    return qEnvironmentVariable("USERNAME"); // Windows sets it for the logged-on user
}

bool EvidenceFreeze::take(PgConnection &conn, qint64 lockKey, const QString &osUser, FreezeInfo *info,
                          QString *holder, DbFailure *failure)
{
    bool ok = false;
    const QString got = scalarText(conn, QStringLiteral("SELECT pg_try_advisory_lock(%1)").arg(lockKey), &ok);
    if (!ok) {
        *failure = {DbFailure::Kind::Other, tr("Could not ask for the purge lock."), {}, {}};
        return false;
    }
    if (got != QLatin1String("true")) {
        *holder = describeLockHolder(conn, lockKey); // the same words as a refused purge
        return false;
    }
    *info = FreezeInfo();
    info->lockKey = lockKey;
    info->osUser = osUser;
    QSqlQuery q(conn.database());
    q.exec(QStringLiteral(
        "SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), current_user,"
        " pg_backend_pid()"));
    if (q.next()) {
        info->takenAtUtc = q.value(0).toString();
        info->role = q.value(1).toString();
        info->backendPid = q.value(2).toInt();
    }
    if (!historyExists(conn)) {
        info->note = tr("not recorded: the history tables do not exist (setup-history)");
        return true;
    }
    // The OS user goes to its own column, as a purge's does (History shows it), where the schema
    // has it; the detail names it too, for a history created before usuario_so.
    const bool osUserColumn = hasOsUserColumn(conn);
    QSqlQuery rec(conn.database());
    rec.prepare(QStringLiteral("INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, estado, "
                               "backend_pid, detalle%1)"
                               " VALUES (gen_random_uuid(), 'manual', current_user, 'congelado', "
                               "pg_backend_pid(), ?%2)"
                               " RETURNING corrida_id::text")
                    .arg(osUserColumn ? QStringLiteral(", usuario_so") : QString(),
                         osUserColumn ? QStringLiteral(", NULLIF(?, '')") : QString()));
    rec.addBindValue(
        QStringLiteral("evidence freeze: purges held (lock %1) by OS user %2").arg(lockKey).arg(osUser));
    if (osUserColumn)
        rec.addBindValue(osUser);
    if (rec.exec() && rec.next())
        info->runId = rec.value(0).toString();
    else
        info->note = tr("not recorded: %1 (an older history schema: run setup-history)")
                         .arg(rec.lastError().databaseText());
    return true;
}

bool EvidenceFreeze::release(PgConnection &conn, const FreezeInfo &info, DbFailure *failure)
{
    if (!info.runId.isEmpty()) {
        QSqlQuery q(conn.database());
        q.prepare(QStringLiteral(
            "UPDATE identidad.purga_corridas SET terminada_en = now(),"
            " detalle = concat_ws(' | ', detalle, 'released') WHERE corrida_id = CAST(? AS uuid)"));
        q.addBindValue(info.runId);
        q.exec();
    }
    bool ok = false;
    const QString released =
        scalarText(conn, QStringLiteral("SELECT pg_advisory_unlock(%1)").arg(info.lockKey), &ok);
    if (!ok || released != QLatin1String("true")) {
        *failure = {
            DbFailure::Kind::Other, tr("The purge lock was not held by this connection any more."), {}, {}};
        return false;
    }
    return true;
}

bool EvidenceFreeze::isHeld(PgConnection &conn, qint64 lockKey)
{
    return advisoryLockHeldHere(conn, lockKey).value_or(false);
}

} // namespace purga
