#include "replicalag.h"

#include "core/pg/pgconnection.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

ReplicaLagProbe::ReplicaLagProbe(PgConnection &conn)
    : m_conn(conn)
{
    m_clock.start();
}

qint64 ReplicaLagProbe::lagOf(qint64 replayLsn, qint64 reportedMs, qint64 nowMs) const
{
    bool reachedOne = false;
    for (const Sample &s : m_samples) {
        if (s.lsn <= replayLsn) {
            reachedOne = true;
            continue;
        }
        const qint64 own = nowMs - s.atMs; // WAL written by then is not replayed yet
        return reachedOne ? own : qMax(own, reportedMs);
    }
    return 0;
}

void ReplicaLagProbe::prune(qint64 oldestReplay)
{
    // Keep the last sample the slowest standby reached (it says "reached one") and all after it.
    while (m_samples.size() > 2 && m_samples.at(1).lsn <= oldestReplay)
        m_samples.removeFirst();
    if (m_samples.size() > 10000) // a standby that never moves: keep the oldest and the recent ones
        m_samples.remove(1, m_samples.size() - 5000);
}

ReplicaLag ReplicaLagProbe::read()
{
    ReplicaLag lag;
    QSqlQuery q(m_conn.database());
    if (!q.exec(QStringLiteral(
            "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint, r.pid IS NOT NULL,"
            "       coalesce(r.application_name, ''), pg_wal_lsn_diff(r.replay_lsn, '0/0')::bigint,"
            "       (extract(epoch FROM r.replay_lag) * 1000)::bigint"
            "  FROM (SELECT 1) one LEFT JOIN pg_stat_replication r ON true"))) {
        lag.error = q.lastError().databaseText();
        return lag;
    }
    const qint64 now = m_clock.elapsed();
    struct Row
    {
        QString name;
        qint64 replay;
        qint64 reported;
    };
    QList<Row> rows;
    qint64 current = 0;
    while (q.next()) {
        current = q.value(0).toLongLong();
        if (!q.value(1).toBool())
            continue;
        ++lag.standbys;
        if (q.value(3).isNull())
            continue; // this role may not see another role's walsender
        rows << Row{q.value(2).toString(), q.value(3).toLongLong(),
                    q.value(4).isNull() ? 0 : q.value(4).toLongLong()};
    }
    if (m_samples.isEmpty() || m_samples.constLast().lsn < current)
        m_samples << Sample{now, current};
    lag.ok = true;
    lag.visible = int(rows.size());
    qint64 oldest = current;
    for (const Row &r : rows) {
        const qint64 ms = r.replay >= current ? 0 : lagOf(r.replay, r.reported, now);
        const qint64 bytes = qMax<qint64>(0, current - r.replay);
        if (ms > lag.lagMs || (ms == lag.lagMs && bytes > lag.bytesBehind)) {
            lag.lagMs = ms;
            lag.worst = r.name;
        }
        lag.bytesBehind = qMax(lag.bytesBehind, bytes);
        oldest = qMin(oldest, r.replay);
    }
    prune(oldest);
    return lag;
}

} // namespace purga
