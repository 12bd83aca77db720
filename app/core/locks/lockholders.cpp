#include "lockholders.h"

#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"

#include <QJsonArray>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

const QString kIdleSecondsKey = QStringLiteral("lock/idle_seconds");

QString utc(const QString &column)
{
    return QStringLiteral("coalesce(to_char(%1 AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'), '')")
        .arg(column);
}

// Every session in pg_locks for the bigint key (objsubid 1: classid = high 32 bits, objid = low 32
// bits) in this database, holder first, then the waiters in the order they started waiting.
// Another role's client, times and state are NULL unless this role has pg_read_all_stats.
QString lockQuery(bool hasWaitStart, qint64 key)
{
    return QStringLiteral(
               "SELECT l.pid, l.granted, coalesce(a.application_name, ''), coalesce(a.usename::text, ''),"
               "       coalesce(r.rolsuper, false), a.backend_start IS NOT NULL, "
               "coalesce(host(a.client_addr), ''),"
               "       coalesce(a.client_port, 0), %1, %2, %3, %4, coalesce(a.state, ''),"
               "       coalesce(extract(epoch FROM clock_timestamp() - a.state_change)::bigint, -1),"
               "       l.pid = pg_backend_pid(),"
               "       l.pid <> pg_backend_pid() AND a.usesysid IS NOT NULL"
               "       AND (NOT coalesce(r.rolsuper, false) OR (SELECT rolsuper FROM pg_roles WHERE rolname "
               "= current_user))"
               "       AND (a.usesysid = (SELECT oid FROM pg_roles WHERE rolname = current_user)"
               "            OR pg_has_role(current_user, a.usesysid, 'MEMBER')"
               "            OR pg_has_role(current_user, 'pg_signal_backend', 'MEMBER'))"
               "  FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid"
               "  LEFT JOIN pg_roles r ON r.oid = a.usesysid"
               " WHERE l.locktype = 'advisory' AND l.objsubid = 1"
               "   AND l.classid::bigint = (%6::bigint >> 32)"
               "   AND l.objid::bigint = (%6::bigint & 4294967295)"
               "   AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
               " ORDER BY l.granted DESC, %5 l.pid")
        .arg(utc(QStringLiteral("a.backend_start")), utc(QStringLiteral("a.xact_start")),
             utc(QStringLiteral("a.state_change")),
             hasWaitStart ? utc(QStringLiteral("l.waitstart")) : QStringLiteral("''"),
             hasWaitStart ? QStringLiteral("l.waitstart NULLS LAST,") : QString(), QString::number(key));
}

LockSession sessionFrom(const QSqlQuery &q)
{
    LockSession s;
    s.pid = q.value(0).toInt();
    s.granted = q.value(1).toBool();
    s.application = q.value(2).toString();
    s.role = q.value(3).toString();
    s.superuser = q.value(4).toBool();
    s.detailsVisible = q.value(5).toBool();
    s.clientAddr = q.value(6).toString();
    s.clientPort = q.value(7).toInt();
    s.backendStartUtc = q.value(8).toString();
    s.xactStartUtc = q.value(9).toString();
    s.stateChangeUtc = q.value(10).toString();
    s.waitStartUtc = q.value(11).toString();
    s.state = q.value(12).toString();
    s.stateSeconds = q.value(13).toLongLong();
    s.thisSession = q.value(14).toBool();
    s.canTerminate = q.value(15).toBool();
    return s;
}

// A failed statement of the look-up (its kind and SQLSTATE kept) or another reason: false.
bool failed(const QSqlQuery &q, DbFailure *failure)
{
    if (failure)
        *failure = DbFailure::ofQuery(q, false, q.lastError().text());
    return false;
}

bool failed(DbFailure *failure, const QString &message)
{
    if (failure) {
        *failure = DbFailure();
        failure->kind = DbFailure::Kind::Other;
        failure->message = message;
    }
    return false;
}

QJsonValue textOrNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

QJsonValue timeOrNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s + QStringLiteral("+00"));
}

bool serverAtLeast(PgConnection &conn, int versionNum)
{
    QSqlQuery q(conn.database());
    return q.exec(QStringLiteral("SELECT current_setting('server_version_num')::int")) && q.next() &&
           q.value(0).toInt() >= versionNum;
}

} // namespace

LockWatchOptions LockWatchOptions::fromProfile(const QMap<QString, QString> &overrides)
{
    LockWatchOptions o;
    bool ok = false;
    const int s = overrides.value(kIdleSecondsKey).toInt(&ok);
    if (ok && s > 0)
        o.leakAfterSeconds = s;
    return o;
}

QString LockHolders::duration(qint64 seconds)
{
    if (seconds < 60)
        return tr("%1 s").arg(seconds);
    if (seconds < 3600)
        return tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60);
    if (seconds < 86400)
        return tr("%1 h %2 min").arg(seconds / 3600).arg(seconds % 3600 / 60);
    return tr("%1 d %2 h").arg(seconds / 86400).arg(seconds % 86400 / 3600);
}

QString LockSession::clientText() const
{
    if (!detailsVisible)
        return LockHolders::tr(
            "its client, start and state are hidden from this role without pg_read_all_stats");
    if (isUnixSocket())
        return LockHolders::tr("over a Unix socket");
    if (clientAddr.isEmpty())
        return LockHolders::tr("client unknown");
    return LockHolders::tr("from %1:%2").arg(clientAddr).arg(clientPort);
}

QString LockSession::describe() const
{
    QStringList parts;
    if (!application.isEmpty())
        parts << application;
    if (!role.isEmpty())
        parts << LockHolders::tr("user %1").arg(role);
    parts << clientText();
    if (detailsVisible) {
        parts << LockHolders::tr("connected since %1 UTC").arg(backendStartUtc);
        if (!granted && !waitStartUtc.isEmpty())
            parts << LockHolders::tr("waiting since %1 UTC").arg(waitStartUtc);
        if (!xactStartUtc.isEmpty())
            parts << LockHolders::tr("transaction open since %1 UTC").arg(xactStartUtc);
        if (!state.isEmpty() && stateSeconds >= 0)
            parts << LockHolders::tr("%1 for %2").arg(state, LockHolders::duration(stateSeconds));
        else if (!state.isEmpty())
            parts << state;
    }
    if (thisSession)
        parts << LockHolders::tr("this connection");
    return LockHolders::tr("pid %1 (%2)").arg(pid).arg(parts.join(QStringLiteral(", ")));
}

QJsonObject LockSession::toJson() const
{
    return QJsonObject{
        {QStringLiteral("pid"), pid},
        {QStringLiteral("application_name"), textOrNull(application)},
        {QStringLiteral("role"), textOrNull(role)},
        {QStringLiteral("superuser"), superuser},
        {QStringLiteral("details_visible"), detailsVisible},
        {QStringLiteral("client_addr"), textOrNull(clientAddr)},
        {QStringLiteral("client_port"),
         detailsVisible && clientPort != 0 ? QJsonValue(clientPort) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("unix_socket"),
         detailsVisible ? QJsonValue(isUnixSocket()) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("backend_start_utc"), timeOrNull(backendStartUtc)},
        {QStringLiteral("xact_start_utc"), timeOrNull(xactStartUtc)},
        {QStringLiteral("state_change_utc"), timeOrNull(stateChangeUtc)},
        {QStringLiteral("wait_start_utc"), timeOrNull(waitStartUtc)},
        {QStringLiteral("state"), textOrNull(state)},
        {QStringLiteral("state_seconds"),
         stateSeconds >= 0 ? QJsonValue(double(stateSeconds)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("idle_seconds"),
         isIdle() && stateSeconds >= 0 ? QJsonValue(double(stateSeconds)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("this_session"), thisSession},
        {QStringLiteral("can_terminate"), canTerminate}};
}

bool LockHolders::possiblyLeaked() const
{
    return holder && holder->detailsVisible && holder->isIdle() && holder->stateSeconds >= leakAfterSeconds;
}

QString LockHolders::terminateSql() const
{
    return holder ? QStringLiteral("SELECT pg_terminate_backend(%1);").arg(holder->pid) : QString();
}

bool LockHolders::offerTerminate() const
{
    return possiblyLeaked() && holder->canTerminate && !holder->thisSession;
}

QStringList LockHolders::describeLines() const
{
    if (!holder)
        return {tr("Purge lock %1: free.").arg(key)};
    QStringList lines{tr("Purge lock %1 held by %2").arg(key).arg(holder->describe())};
    if (!holder->detailsVisible)
        lines << tr("Hidden: its client address, connection start, transaction start and state. To see them, "
                    "a superuser runs GRANT pg_read_all_stats TO %1;")
                     .arg(currentRole.isEmpty() ? QStringLiteral("<role>") : currentRole);
    if (possiblyLeaked()) {
        lines
            << tr("Possibly a leaked lock: the holder has been idle for %1 (the threshold is %2) while "
                  "holding "
                  "it. The scheduled job of ADR 0021 leaks it when its connection closes before the unlock.")
                   .arg(duration(holder->stateSeconds), duration(leakAfterSeconds));
        lines << (holder->canTerminate
                      ? tr("To end that session (this role may): %1").arg(terminateSql())
                      : tr("To end that session, its own role, a member of pg_signal_backend or a superuser "
                           "runs: %1")
                            .arg(terminateSql()));
    }
    for (const LockSession &w : waiters)
        lines << tr("Waiting for it: %1").arg(w.describe());
    return lines;
}

QJsonObject LockHolders::toJson() const
{
    QJsonArray w;
    for (const LockSession &s : waiters)
        w.append(s.toJson());
    return QJsonObject{
        {QStringLiteral("key"), double(key)},
        {QStringLiteral("held"), held()},
        {QStringLiteral("holder"), holder ? QJsonValue(holder->toJson()) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("waiters"), w},
        {QStringLiteral("possibly_leaked"), possiblyLeaked()},
        {QStringLiteral("leak_after_seconds"), leakAfterSeconds},
        {QStringLiteral("terminate_sql"), textOrNull(terminateSql())},
        {QStringLiteral("can_signal_backend"), canSignalBackend},
        {QStringLiteral("description"), describeLines().join(u'\n')}};
}

bool LockHolders::fetch(PgConnection &conn, const LockWatchOptions &options, LockHolders *out,
                        DbFailure *failure)
{
    LockHolders r;
    r.key = options.key;
    r.leakAfterSeconds = options.leakAfterSeconds;
    QSqlQuery who(conn.database());
    if (!who.exec(QStringLiteral("SELECT current_user::text, pg_has_role(current_user, 'pg_signal_backend', "
                                 "'MEMBER')")) ||
        !who.next()) {
        return failed(who, failure);
    }
    r.currentRole = who.value(0).toString();
    r.canSignalBackend = who.value(1).toBool();
    QSqlQuery q(conn.database());
    // No PREPARE: status also runs behind a transaction pool, where EXECUTE may land elsewhere.
    if (!q.exec(lockQuery(serverAtLeast(conn, 140000), options.key)))
        return failed(q, failure);
    while (q.next()) {
        const LockSession s = sessionFrom(q);
        if (s.granted && !r.holder)
            r.holder = s;
        else if (!s.granted)
            r.waiters << s;
    }
    *out = r;
    return true;
}

bool LockHolders::terminate(PgConnection &conn, qint64 key, const LockSession &session, DbFailure *failure)
{
    const bool waits = serverAtLeast(conn, 140000); // pg_terminate_backend(pid, timeout): waits for the exit
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral("SELECT %1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                             " WHERE l.pid = ? AND l.granted AND l.locktype = 'advisory' AND l.objsubid = 1"
                             "   AND l.classid::bigint = (CAST(? AS bigint) >> 32)"
                             "   AND l.objid::bigint = (CAST(? AS bigint) & 4294967295)"
                             "   AND a.state = 'idle' AND %2 = ?")
                  .arg(waits ? QStringLiteral("pg_terminate_backend(l.pid, 5000)")
                             : QStringLiteral("pg_terminate_backend(l.pid)"),
                       utc(QStringLiteral("a.backend_start"))));
    q.addBindValue(session.pid);
    q.addBindValue(key);
    q.addBindValue(key);
    q.addBindValue(session.backendStartUtc);
    if (!q.exec())
        return failed(q, failure);
    if (!q.next())
        return failed(failure,
                      tr("pid %1 no longer holds lock %2 idle (it ended, woke up, or the pid is another "
                         "session now): nothing was terminated.")
                          .arg(session.pid)
                          .arg(key));
    if (!q.value(0).toBool())
        return failed(failure, tr("pid %1 was signalled but had not ended after 5 s.").arg(session.pid));
    return true;
}

QString describeLockHolder(PgConnection &conn, qint64 key)
{
    // One source of truth with `status` and the pages: LockHolders. The words of a refused purge
    // keep their translation context.
    LockWatchOptions options;
    options.key = key;
    LockHolders holders;
    if (!LockHolders::fetch(conn, options, &holders, nullptr) || !holders.held())
        return QCoreApplication::translate("PurgeEngine", "an unknown session");
    return holders.holder->describe();
}

std::optional<bool> advisoryLockHeldHere(PgConnection &conn, qint64 key)
{
    // pg_advisory_lock(bigint) files the key's high half under classid, its low half under objid.
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"
                               " AND pid = pg_backend_pid() AND objsubid = 1"
                               " AND classid::bigint = (%1::bigint >> 32)"
                               " AND objid::bigint = (%1::bigint & 4294967295)")
                    .arg(key)) ||
        !q.next())
        return std::nullopt;
    return q.value(0).toInt() > 0;
}

} // namespace purga
