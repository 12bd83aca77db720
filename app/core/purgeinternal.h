#pragma once

// Internal to the purge engine: the per-rule runners share this context.

#include "pgconnection.h"
#include "purgeengine.h"

#include <QElapsedTimer>

#include <atomic>

namespace purga::detail {

struct PurgeContext
{
    PgConnection &conn;
    QueryCanceller &canceller;
    std::atomic<bool> &stopAfterBatch;
    PurgeObserver *observer;
    const PurgeOptions &options;
    QElapsedTimer runTimer;

    void log(const QString &line) const
    {
        if (observer)
            observer->log(line);
    }
    bool stopRequested() const { return stopAfterBatch.load() || canceller.isCancelled(); }
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
