#pragma once

// Internal to the purge engine: the per-rule runners share this context and scaffold.

#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "receipt.h"

#include <QElapsedTimer>
#include <QSqlQuery>

#include <functional>

namespace purga::detail {

struct PurgeContext
{
    PgConnection &conn;
    QueryCanceller &canceller;
    const StopRequest &stop;
    PurgeObserver *observer;
    const PurgeOptions &options;
    QElapsedTimer runTimer;
    // Called after every committed batch (and before a lock retry): cheap checks between batches.
    std::function<void()> betweenBatches;
    Pacer *pacer = nullptr; // the run's pacing; null: none
    QString runId;          // the receipt's run id (written into the marker of a detached partition)
    bool unflushed = false; // a batch committed with synchronous_commit = off since the last flush
    bool history = false;   // the run has its history row: each batch records its rule's totals
    int lockPid = 0;        // pg_backend_pid() of the session holding the run's advisory lock

    void log(const QString &line) const
    {
        if (observer)
            observer->log(line);
    }
    bool stopRequested() const { return stop.isRequested() || canceller.isCancelled(); }
};

// What row rules and partition rules share: the receipt, the live progress, the batch times,
// the retry backoff and the final report.
class RuleRun
{
public:
    RuleRun(PurgeContext &ctx, const RulePreview &preview);

    RuleReceipt &receipt() { return m_r; }
    const RulePreview &preview() const { return m_preview; }
    PurgeContext &context() { return m_ctx; }

    // Inside a batch's transaction, before its COMMIT: the rule's totals with `rows` more, into the
    // history (HistoryStore::recordProgress on `q`). True at once when the run has no history row.
    bool recordProgress(QSqlQuery &q, qint64 rows);
    // The same as a statement to send with the batch's COMMIT; empty when the run has no history row.
    QString progressSql(qint64 rows) const;
    // One committed batch (or dropped partition): counts it and reports progress.
    void recordBatch(qint64 rows, double ms, const QString &message = QString());
    // Live progress with a state and a message (also logged when not empty).
    void report(RuleStatus state, const QString &message);
    // After a lock timeout: counts the retry, reports WaitingLock with `message` and sleeps
    // `backoffMs` (retryBackoffMs()), waking early on a stop or cancel.
    void waitBeforeRetry(int backoffMs, const QString &message);
    // Before a batch: waits while the pacer holds the run, reporting Throttled with the reason.
    // False with the rule's receipt in *out when the replica lag aborts the run.
    bool paceBeforeBatch(RuleReceipt *out);
    // After a batch of `ms`: the pause and the nice ratio's sleep.
    void paceAfterBatch(double ms, int pauseMs);
    // The rule's receipt with its final status, message, batch percentiles and duration.
    RuleReceipt finish(RuleStatus status, const QString &message);

private:
    PurgeContext &m_ctx;
    const RulePreview &m_preview;
    RuleReceipt m_r;
    RuleProgress m_p;
    QElapsedTimer m_timer;
    QList<double> m_batchMs;
    qint64 m_throttledAtStart = 0;
};

// Deletes one row rule's removable rows in TID-range batches, bounded by the preview.
RuleReceipt purgeRows(PurgeContext &ctx, const RulePreview &preview);
// Detaches (and drops) the removable partitions of log_sesiones listed in the preview.
RuleReceipt purgePartitions(PurgeContext &ctx, const RulePreview &preview);

// Makes every batch committed with synchronous_commit = off durable (flushAsyncCommits in
// purgerows.cpp). False with `error` when that could not be confirmed.
bool flushAsyncCommits(PurgeContext &ctx, QString *error);

// What opens a row batch's transaction: BEGIN with the rule's lock_timeout and statement_timeout,
// and with `syncCommit` off asynchronous commit. All SET LOCAL: transaction-scoped, so they also hold
// behind a transaction-pooling pgbouncer and never outlive the batch.
QString batchBeginSql(const RuleConfig &cfg, bool syncCommit);

// Inside a batch's transaction behind a pooler: whether the server connection running it holds the
// purge's advisory lock (on a direct connection it is ours for the whole run: true at once). False
// with *why when it does not (or pg_locks could not be read): the run must stop there.
bool lockStillHeld(PurgeContext &ctx, QString *why);

// Who holds locks on `table` other than us, for a lock-timeout message.
QString lockHoldersOf(PgConnection &conn, const QString &table);
// Sleeps up to ms, waking early when a stop or cancel is requested.
void interruptibleSleep(const PurgeContext &ctx, int ms);

} // namespace purga::detail
