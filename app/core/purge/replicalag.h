#pragma once

// The replay lag of this primary's standbys, as pg_stat_replication lets this role see it.

#include <QElapsedTimer>
#include <QList>
#include <QString>

namespace purga {

class PgConnection;

struct ReplicaLag
{
    bool ok = false;        // the query ran
    QString error;          // when not ok
    int standbys = 0;       // rows of pg_stat_replication
    int visible = 0;        // whose replay position this role may see (pg_read_all_stats / pg_monitor)
    qint64 lagMs = 0;       // the largest replay lag in time among the visible standbys
    qint64 bytesBehind = 0; // the largest replay distance in WAL bytes
    QString worst;          // application_name of the standby furthest behind
};

// Reads the lag on the caller's connection. pg_stat_replication's replay_lag is only refreshed
// when the standby reports (every wal_receiver_status_interval, 10 s by default, when idle) and
// lingers after it caught up, so the time lag is measured here instead: every read remembers
// (when, pg_current_wal_lsn()); a standby whose replay_lsn is behind is at least as late as the
// earliest remembered position it has not replayed. Caught up (replay_lsn at the current
// position) is 0. Before this probe has seen a position the standby reached, the server's
// replay_lag is the better estimate and is used too.
class ReplicaLagProbe
{
public:
    explicit ReplicaLagProbe(PgConnection &conn);
    ReplicaLag read();

private:
    struct Sample
    {
        qint64 atMs;
        qint64 lsn;
    };
    qint64 lagOf(qint64 replayLsn, qint64 reportedMs, qint64 nowMs) const;
    void prune(qint64 oldestReplay);

    PgConnection &m_conn;
    QElapsedTimer m_clock;
    QList<Sample> m_samples; // ascending in time and position
};

} // namespace purga
