#pragma once

// Pacing of the batched purge: no batch starts while the run is held (paused by the
// user, a throttle file present, a standby's replay lag above the limit), and after each batch
// the run sleeps in proportion to the batch's time (nice ratio) plus the fixed pause.

#include "replicalag.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMap>
#include <QString>

#include <atomic>
#include <functional>

namespace purga {

class PgConnection;

struct PacingOptions
{
    static constexpr int kDefaultMaxLagMs = 1000;
    int maxLagMs = -1;         // -1: kDefaultMaxLagMs when the primary has standbys; 0: off
    int abortLagMs = 0;        // 0: off; else stop the run when the lag stays above it for abortLagForMs
    int abortLagForMs = 60000; // gh-ost's critical load: 60 s
    double nice = 0;           // sleep nice × the last batch's time after each batch
    QString throttleFile;      // while this file exists no batch starts
    int pollMs = 250;          // how often a held run looks again

    // The profile's setting (GUI): "pacing/max_lag_ms" among the profile's overrides; absent or
    // invalid: -1 (the default, kDefaultMaxLagMs when the primary has standbys).
    static inline const QString kMaxLagKey = QStringLiteral("pacing/max_lag_ms");
    static int maxLagFromProfile(const QMap<QString, QString> &overrides);

    // A lag limit somebody asked for (a max or an abort limit), not the default one: it must be
    // enforced or the run refused, never silently skipped when the lag cannot be read.
    bool lagLimitAsked() const { return maxLagMs > 0 || abortLagMs > 0; }
};

// What the GUI may change while a run goes on; read by the engine before each batch, so a change
// applies from the next batch. Thread-safe: set from any thread.
class LiveSettings
{
public:
    void setBatchSize(int rows) { m_batchSize.store(rows); } // 0: each rule's own
    int batchSize() const { return m_batchSize.load(); }
    void setNice(double ratio) { m_nice.store(ratio); } // < 0: the run's option
    double nice() const { return m_nice.load(); }
    void setPaused(bool paused) { m_paused.store(paused); }
    bool paused() const { return m_paused.load(); }
    void setMaxLagMs(int ms) { m_maxLagMs.store(ms); } // < 0: the run's option; 0: off
    int maxLagMs() const { return m_maxLagMs.load(); }

private:
    std::atomic<int> m_batchSize{0};
    std::atomic<double> m_nice{-1};
    std::atomic<bool> m_paused{false};
    std::atomic<int> m_maxLagMs{-1};
};

class Pacer
{
    Q_DECLARE_TR_FUNCTIONS(Pacer)
public:
    using Stopped = std::function<bool()>;
    using Log = std::function<void(const QString &)>;
    // While held: why, in words ("replica lag 1.4 s > 1.0 s"), and the current lag (-1: unknown).
    using Report = std::function<void(const QString &why, qint64 lagMs)>;

    Pacer(PgConnection &conn, const PacingOptions &options, const LiveSettings *live, Stopped stopped,
          Log log);

    // Before a batch: returns once nothing holds the run (true), or when a stop is asked (true:
    // the caller's own stop checks end the rule). False with `abortReason` when the replica lag
    // stayed above the abort limit for abortLagForMs.
    bool waitBeforeBatch(const Report &report, QString *abortReason);
    // After a batch of `batchMs`: sleeps pauseMs + nice × batchMs, waking early on a stop.
    void afterBatch(double batchMs, int pauseMs);
    // Whether the batch after one of `batchMs` may start at once: no pause or nice sleep after it,
    // nothing holding the run now (read as waitBeforeBatch reads it, but false when the replica
    // lag is due to be read: never inside a batch's transaction). The row purge then sends that
    // batch with this one's COMMIT.
    bool mayStartAtOnce(double batchMs, int pauseMs);
    // The batch size to use for a rule configured with `configured` (a live change wins).
    int batchSize(int configured) const;
    // The run's pacing in words, for the log at its start.
    QString describe() const;

    qint64 throttledMs() const { return m_throttledMs; }
    int lagWaits() const { return m_lagWaits; }
    qint64 lastLagMs() const { return m_lastLagMs; } // -1: not measured

private:
    enum class Hold { None, Paused, ThrottleFile, ReplicaLag, LagUnseen };
    Hold currentHold(QString *why, QString *abortReason);
    Hold checkLag(QString *why, QString *abortReason);
    bool lagProbeDue() const; // checkLag would read the replica lag now
    Hold unseenLag(const ReplicaLag &lag, QString *why, QString *abortReason);
    void applyLiveChanges();
    void sleep(qint64 ms) const;

    PacingOptions m_options;
    const LiveSettings *m_live;
    Stopped m_stopped;
    Log m_log;
    ReplicaLagProbe m_probe;
    QElapsedTimer m_aboveAbortSince;
    QElapsedTimer m_unseenSince;    // an asked-for limit that cannot be read, held since
    QElapsedTimer m_noStandbySince; // the last read found no standby attached: read again after a second
    qint64 m_throttledMs = 0;
    qint64 m_lastLagMs = -1;
    int m_lagWaits = 0;
    QString m_lagDetail; // the worst standby, its WAL distance
    bool m_toldInvisible = false;
    bool m_lagBroken = false;
    int m_appliedBatchSize = 0;
    double m_appliedNice = -1;
    bool m_appliedPaused = false;
    int m_appliedMaxLag = -1;
};

} // namespace purga
