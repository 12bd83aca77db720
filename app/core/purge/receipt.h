#pragma once

// What a purge is asked to do (PurgeOptions), what it reports while it runs (RuleProgress,
// PurgeObserver, StopRequest) and what it leaves (RuleReceipt, PurgeReceipt): the values shared by
// the engine, its rule runners, the CLI, the GUI and the history, without the engine itself.
#include "batchstrategy.h"
#include "core/locks/lockwaiters.h"
#include "pacer.h"
#include "purgestatus.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

namespace purga {

class PgConnection;

struct PurgeOptions
{
    QStringList ruleIds;     // subset of the plan's rules, in order
    bool detachOnly = false; // keep detached partitions instead of dropping them
    qint64 advisoryLockKey = 731001;
    QString origin = QStringLiteral("manual"); // history: job|manual
    QString operatorName;                      // history: who ran it (OS user); the DB role is recorded too
    bool recordHistory = true;                 // when the history tables exist and are writable
    QString runId;                             // empty: the engine makes one
    PacingOptions pacing;                      // replica lag, nice ratio, throttle file
    std::shared_ptr<LiveSettings> live;        // changes while the run goes on (GUI); may be null
    // How row batches commit. False (the default): each batch's transaction does SET LOCAL
    // synchronous_commit = off, and the run ends with one durable commit, which flushes every
    // earlier batch's WAL, before the receipt and history claim the rows; a crash can only bring
    // back rows of the last batches, which the next run removes (the batch's metrics commit with
    // it). True: each batch with the session's synchronous_commit (durable on a production server:
    // every batch waits for its WAL flush).
    bool syncCommit = false;
    // --parallel N: the row rules' batches run on N connections of their own at once, on disjoint
    // TID ranges (parallelpurge.h), while the run's own connection holds the lock. 1: none.
    int parallel = 1;
    // --strategy tid|keyset: how a row rule's batches walk its table (batchstrategy.h). Keyset
    // batches run on one connection only (parallelRefusal()).
    BatchStrategyKind batchStrategy = BatchStrategyKind::TidRange;
    // Opens one more connection like the run's own, in the calling thread (the workers', and the
    // history's last words when the run's own was lost). Needed for parallel > 1; without it a run
    // whose session was killed stays en_curso until the next connection marks it interrumpido.
    std::function<bool(PgConnection &conn, QString *error)> openConnection;
};

// Live progress of one rule, sent after every batch.
struct RuleProgress
{
    QString ruleId;
    qint64 deleted = 0;
    qint64 planned = 0; // the preview's eligible count
    int batches = 0;
    int retries = 0;
    double lastBatchMs = 0;
    int batchSize = 0;     // the LIMIT of the last batch (--target-batch-ms adapts it); 0: none yet
    int targetBatchMs = 0; // the rule's target batch time; 0: off (fixed batch size)
    double rowsPerSecond = 0;
    qint64 etaMs = -1;
    RuleStatus state = RuleStatus::Running;
    QString holdReason;     // while Throttled: why ("replica lag 1.4 s > 1.0 s", "paused by you")
    qint64 lagMs = -1;      // the standbys' largest replay lag at the last look; -1: not measured
    qint64 throttledMs = 0; // held so far in this run
    QString message;        // translated, for the log pane
};

// The partition rule's quarantine (RuleConfig::quarantineDays) in a receipt: a partition this run
// moved to quarantine and when it goes, or one it dropped because its days were over.
struct QuarantineEntry
{
    QString name;         // identidad_cuarentena.log_sesiones_2025_01
    QString originalName; // identidad.log_sesiones_2025_01
    qint64 rows = 0;
    QString dropAfterUtc;
    QJsonObject toJson() const;
};

struct RuleReceipt
{
    QString ruleId;
    QString table;
    RuleStatus status = RuleStatus::Ok;
    qint64 deleted = 0;
    qint64 largestBatch = 0; // rows of the largest single batch (partition rule: partition)
    qint64 planned = 0;
    int batches = 0;
    int retries = 0;
    qint64 durationMs = 0;
    qint64 throttledMs = 0; // of durationMs, held by the pacing (lag, throttle file, pause)
    double batchP50Ms = 0, batchP95Ms = 0, batchMaxMs = 0;
    qint64 keyMin = 0, keyMax = 0; // of the deleted rows
    // Row rules: the table's rows in the confirmed preview (-1: a partition rule). The rows left
    // after the run, recorded in the history, are rowsBefore - deleted: no second scan of a table
    // whose every page the purge has just changed (a full count there costs as much as a scan).
    qint64 rowsBefore = -1;
    // Row rules, what the batch template ran with: its %TID_FROM%/%TID_TO% ranges read blocks 0 to
    // blocksDone of the table's blocks (read at the first batch; -1: no batch ran), %LIMIT% was
    // limitMin to limitMax rows (the batch size, which the GUI may change during the run, or the
    // --target-batch-ms controller's choice under it), limitLast in the last batch.
    qint64 blocks = -1, blocksDone = 0;
    // Row rules (tid): single-pass batches rolled back because their range held more than the batch
    // size, then read again smaller or with a LIMIT. None of them committed.
    int redone = 0;
    // Row rules: the strategy the batches ran with; a keyset run's keys read by committed batches
    // (its template's %EMPRESA_FROM%/%ID_FROM% positions), and whether the table lacked an index
    // on (empresa_id, id), so that each batch scanned and sorted it.
    BatchStrategyKind batchStrategy = BatchStrategyKind::TidRange;
    qint64 keysRead = 0;
    bool keysetUnindexed = false;
    int limitMin = 0, limitMax = 0, limitLast = 0;
    int targetBatchMs = 0;    // the rule's --target-batch-ms (0: off)
    QList<int> workerBatches; // --parallel: the batches each worker committed for this rule
    QStringList droppedPartitions;
    QStringList detachedPartitions;
    QList<QPair<QString, QString>> notDroppedPartitions; // partition rule: name and why it was not dropped
    QList<QuarantineEntry> quarantinedPartitions;        // moved to quarantine by this run (not dropped)
    QList<QuarantineEntry> quarantineDropped;            // in quarantine until before this run: dropped now
    QString sql;
    QString message;
    // Cancelled without a cancel: a stop between batches (asked for, or the replica lag's abort
    // limit). The GUI says "Stopped"; the JSON and the history keep the status id ("cancelado").
    bool stopped = false;
    QJsonObject toJson() const;
};

struct PurgeReceipt
{
    QString runId;
    RunStatus status = RunStatus::Ok;
    QString message; // translated summary / reason
    QString cutoffBaseUtc;
    QString startedUtc, finishedUtc;
    qint64 durationMs = 0;
    qint64 throttledMs = 0;  // held by the pacing, all rules
    int lagWaits = 0;        // times the run waited for the replica lag
    bool syncCommit = false; // false: batches committed asynchronously, made durable at the end
    int parallel = 1;        // the deleting connections of the row rules (--parallel)
    BatchStrategyKind batchStrategy = BatchStrategyKind::TidRange; // --strategy
    QString lockHolder; // when LockBusy: pid, application, client, since
    QList<RuleReceipt> rules;
    // Rows the ADR's scheduled job's own SQL would delete that this purge keeps (forensic window),
    // per row rule, from the confirmed preview (receiptnotes.cpp).
    QMap<QString, qint64> jobWouldDelete;
    // Per rule and legal hold, from the confirmed preview: {rule, hold_id, reason, scope, rows, job_rows},
    // rows the purge kept for the hold and of them those the job's own SQL would delete (receiptnotes.cpp).
    QJsonArray held;
    QStringList shortRetention; // a warning per rule whose retention is shorter than the window
    // Per rule with token families, from the confirmed preview: the family-aware setting and the
    // rows of live families it keeps (on) or that are removed (off) (receiptnotes.cpp).
    struct FamilyRetention
    {
        bool familyAware = false;
        qint64 liveFamilyRows = 0;
    };
    QMap<QString, FamilyRetention> familyRetention;
    QList<LockWaiter> lockWaiters; // sessions that waited for the purge lock while it ran
    bool stopped = false;          // the rule that ended the run was stopped (RuleReceipt::stopped)
    QJsonObject toJson() const;
    int exitCode() const; // CLI: 0 ok, 5 lock held, 6 cancelled/partial, 1 error
};

// Receives progress from the engine's thread; implementations must be thread-safe.
class PurgeObserver
{
public:
    virtual ~PurgeObserver() = default;
    virtual void ruleProgress(const RuleProgress &progress) = 0;
    virtual void log(const QString &line) = 0;
    // What the operator should see even from a quiet CLI: the pacing holding and releasing the
    // run, live changes. The log by default.
    virtual void notice(const QString &line) { log(line); }
    // The run holds its advisory lock on the server backend `serverPid` (pg_backend_pid()), until
    // the run ends: the GUI's lock panel names that holder as this purge.
    virtual void lockTaken(qint64 key, int serverPid)
    {
        Q_UNUSED(key);
        Q_UNUSED(serverPid);
    }
};

// "Stop after this batch", asked from any thread. Owned by whoever may ask, so that it outlives
// the engine that reads it (the engine is a local of the thread that runs it).
class StopRequest
{
public:
    void request() { m_requested.store(true); }
    bool isRequested() const { return m_requested.load(); }
    void reset() { m_requested.store(false); }

private:
    std::atomic<bool> m_requested{false};
};

} // namespace purga

Q_DECLARE_METATYPE(purga::PurgeOptions)
Q_DECLARE_METATYPE(purga::RuleProgress)
Q_DECLARE_METATYPE(purga::PurgeReceipt)
