#pragma once

// The batched purge engine: runs a confirmed preview's rules on one connection under the
// advisory lock, and writes the receipt (receipt.h) and the history.
#include "core/preview/preview.h"
#include "receipt.h"

#include <QCoreApplication>

namespace purga {

class PgConnection;
class QueryCanceller;
namespace detail {
struct PurgeContext;
}

// The batched purge. Runs synchronously on the calling thread's connection (held for the whole
// run together with the advisory lock). The StopRequest and the canceller may be used from any thread.
class PurgeEngine
{
    Q_DECLARE_TR_FUNCTIONS(PurgeEngine)
public:
    // `stop`: an external stop flag (e.g. the GUI's); null: the engine's own (stopAfterBatch()).
    PurgeEngine(PgConnection &conn, QueryCanceller &canceller, const StopRequest *stop = nullptr);

    PurgeReceipt run(const PreviewPlan &plan, const PurgeOptions &options, PurgeObserver *observer);
    void stopAfterBatch() { m_ownStop.request(); }

private:
    // `history` turns false when the run could not be recorded (nothing more is written then).
    bool takeLock(PurgeReceipt &receipt, const PurgeOptions &options, bool &history, QString *failure);
    // `history`: the run has its row, so every batch records its rule's totals in its transaction.
    void runRules(const PreviewPlan &plan, const PurgeOptions &options, PurgeObserver *observer,
                  PurgeReceipt &receipt, bool history);
    PurgeReceipt finish(PurgeReceipt &receipt, bool history, PurgeObserver *observer);
    static void flushBatches(detail::PurgeContext &ctx, PurgeReceipt &receipt);
    static void addNotRun(const QString &id, const RulePreview *preview, PurgeReceipt &receipt);
    static void sayHowItEnded(PurgeReceipt &receipt);

    PgConnection &m_conn;
    QueryCanceller &m_canceller;
    StopRequest m_ownStop;
    const StopRequest *m_stop;
    int m_lockPid = 0; // pg_backend_pid() of the session that took the advisory lock
    // Opens a connection for the history's last words when the run's own was lost.
    std::function<bool(PgConnection &, QString *)> m_reopen;
};

} // namespace purga
