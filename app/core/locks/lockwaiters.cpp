#include "lockwaiters.h"

#include "core/pg/pgconnection.h"
#include "core/util/textformat.h"

#include <QJsonObject>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

QString LockWaiter::describe() const
{
    QStringList parts;
    if (!application.isEmpty())
        parts << application;
    if (!role.isEmpty())
        parts << LockWaiterWatch::tr("role %1").arg(role);
    parts << (sinceUtc.isEmpty() ? LockWaiterWatch::tr("waiting since a time hidden from this role")
                                 : LockWaiterWatch::tr("waiting since %1 UTC").arg(sinceUtc));
    return LockWaiterWatch::tr("pid %1 (%2)").arg(pid).arg(parts.join(QStringLiteral(", ")));
}

bool lockWaiters(PgConnection &conn, qint64 key, QList<LockWaiter> *out)
{
    out->clear();
    if (!conn.isOpen())
        return false;
    QSqlQuery q(conn.database());
    // query_start: the waiting statement (pg_advisory_lock) began then; NULL for another role's
    // session without pg_read_all_stats.
    const bool ran =
        q.exec(QStringLiteral(
                   "SELECT l.pid, coalesce(a.application_name, ''), coalesce(a.usename::text, ''),"
                   "       coalesce(to_char(a.query_start AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'), '')"
                   "  FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid"
                   " WHERE l.locktype = 'advisory' AND NOT l.granted AND l.objsubid = 1"
                   "   AND l.classid::bigint = (%1::bigint >> 32)"
                   "   AND l.objid::bigint = (%1::bigint & 4294967295)"
                   "   AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                   " ORDER BY l.pid")
                   .arg(key));
    if (!ran)
        return false;
    while (q.next())
        *out << LockWaiter{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                           q.value(3).toString()};
    return true;
}

QJsonArray lockWaitersJson(const QList<LockWaiter> &waiters)
{
    QJsonArray arr;
    for (const LockWaiter &w : waiters) {
        arr.append(QJsonObject{{QStringLiteral("pid"), double(w.pid)},
                               {QStringLiteral("application"), jsonText(w.application)},
                               {QStringLiteral("role"), jsonText(w.role)},
                               {QStringLiteral("since_utc"), jsonText(w.sinceUtc)}});
    }
    return arr;
}

LockWaiterWatch::LockWaiterWatch(PgConnection &conn, qint64 key,
                                 std::function<void(const LockWaiter &)> onNew, int intervalMs)
    : m_conn(conn)
    , m_key(key)
    , m_onNew(std::move(onNew))
    , m_intervalMs(intervalMs)
{
}

void LockWaiterWatch::poll()
{
    if (m_last.isValid() && m_last.elapsed() < m_intervalMs)
        return;
    pollNow();
}

void LockWaiterWatch::pollNow()
{
    m_last.start();
    QList<LockWaiter> now;
    if (!lockWaiters(m_conn, m_key, &now))
        return;
    for (const LockWaiter &w : std::as_const(now)) {
        bool known = false;
        for (const LockWaiter &s : std::as_const(m_seen))
            known = known || s.pid == w.pid;
        if (known)
            continue;
        m_seen << w;
        if (m_onNew)
            m_onNew(w);
    }
}

} // namespace purga
