#pragma once

// Internal to the purge engine: the per-rule runners share this context and scaffold.

#include "pgconnection.h"
#include "purgeengine.h"

#include <QElapsedTimer>

namespace purga::detail {

struct PurgeContext
{
    PgConnection &conn;
    QueryCanceller &canceller;
    const StopRequest &stop;
    PurgeObserver *observer;
    const PurgeOptions &options;
    QElapsedTimer runTimer;
    QString runId; // the receipt's run id (written into the marker of a detached partition)

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

    // One committed batch (or dropped partition): counts it and reports progress.
    void recordBatch(qint64 rows, double ms, const QString &message = QString());
    // Live progress with a state and a message (also logged when not empty).
    void report(RuleStatus state, const QString &message);
    // After a lock timeout: counts the retry, reports WaitingLock with `message` and sleeps
    // `backoffMs` (retryBackoffMs()), waking early on a stop or cancel.
    void waitBeforeRetry(int backoffMs, const QString &message);
    // The rule's receipt with its final status, message, batch percentiles and duration.
    RuleReceipt finish(RuleStatus status, const QString &message);

private:
    PurgeContext &m_ctx;
    const RulePreview &m_preview;
    RuleReceipt m_r;
    RuleProgress m_p;
    QElapsedTimer m_timer;
    QList<double> m_batchMs;
};

// Deletes one row rule's removable rows in TID-range batches, bounded by the preview.
RuleReceipt purgeRows(PurgeContext &ctx, const RulePreview &preview);
// Detaches (and drops) the removable partitions of log_sesiones listed in the preview.
RuleReceipt purgePartitions(PurgeContext &ctx, const RulePreview &preview);

// Who holds locks on `table` other than us, for a lock-timeout message.
QString lockHoldersOf(PgConnection &conn, const QString &table);
// Sleeps up to ms, waking early when a stop or cancel is requested.
void interruptibleSleep(const PurgeContext &ctx, int ms);

} // namespace purga::detail
