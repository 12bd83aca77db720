// One row rule's purge: batches in short transactions of their own, each bounded by the batch size
// and the preview, paced, retried on lock timeouts, cancellable; which rows a batch reads comes from
// its batch strategy (batchstrategy.h: TID ranges or a keyset).
#include "batchsizer.h"
#include "batchstrategy.h"
#include "chunkplanner.h"
#include "core/pg/dbfailure.h"
#include "core/util/textformat.h"
#include "rulerun.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <memory>

namespace purga::detail {

namespace {

void rollback(PgConnection &conn)
{
    QString ignored;
    if (conn.isOpen()) // a lost connection has nothing to roll back (and Qt would warn)
        conn.execScript(QStringLiteral("ROLLBACK"), &ignored);
}

// One row rule's purge: the strategy's batches over the table, each in its own short transaction.
class RowPurge
{
public:
    RowPurge(PurgeContext &ctx, const RulePreview &preview)
        : m_run(ctx, preview)
        , m_ctx(ctx)
        , m_preview(preview)
        , m_cfg(preview.config)
        , m_strategy(makeBatchStrategy(ctx.options.batchStrategy, preview))
    {
        m_sizing.targetMs = m_cfg.targetBatchMs;
    }

    RuleReceipt run();

private:
    enum class Step { Next, Retry, Done };
    bool stoppedBeforeBatch(RuleReceipt *out);
    Step batch(RuleReceipt *out);
    bool begin(QSqlQuery &b, int limit, QString *error);
    Step failed(QSqlQuery &b, bool began, const QString &beginError, RuleReceipt *out);
    bool commitWithProgress(qint64 n, RuleReceipt *out);
    RuleReceipt finishComplete();
    QString abortedDuring();

    RuleRun m_run;
    PurgeContext &m_ctx;
    const RulePreview &m_preview;
    const RuleConfig &m_cfg;
    std::unique_ptr<BatchStrategy> m_strategy;
    BatchSizing m_sizing; // --target-batch-ms: the LIMIT adapts under the batch size (batchsizer.h)
    int m_sized = 0;      // the LIMIT the controller chose for the next batch; 0: none yet
    int m_lockRetries = 0;
    double m_lastBatchMs = 0;
};

RuleReceipt RowPurge::run()
{
    RuleReceipt &r = m_run.receipt();
    r.sql = m_strategy->templateSql();
    r.batchStrategy = m_strategy->kind();
    if (m_preview.eligible <= 0)
        return m_run.finish(
            RuleStatus::Ok,
            QCoreApplication::translate("purga::detail", "%1: nothing to remove.").arg(m_preview.table));
    m_ctx.log(QCoreApplication::translate("purga::detail", "%1: %2 rows to remove, cutoff %3 UTC.")
                  .arg(m_preview.table, formatCount(m_preview.eligible), m_preview.cutoffUtc));
    RuleReceipt out;
    while (m_strategy->hasMore()) {
        const Step s = batch(&out);
        if (s == Step::Done)
            return out;
        // Everything the preview counted is gone: the rest of the table holds nothing for this plan.
        if (s == Step::Next && r.deleted >= m_preview.eligible)
            break;
        if (s == Step::Next)
            m_run.paceAfterBatch(m_lastBatchMs, m_cfg.pauseMs);
    }
    return finishComplete();
}

// Opens the batch's transaction with its timeouts; the first batch's strategy also reads what it
// needs of the table under that lock_timeout (behind an ACCESS EXCLUSIVE lock it times out and is
// retried like a batch).
bool RowPurge::begin(QSqlQuery &b, int limit, QString *error)
{
    // Asynchronous commit (--sync-commit off): transaction-scoped, so it also holds behind a
    // transaction-pooling pgbouncer and never outlives the batch.
    const QString async =
        m_ctx.options.syncCommit ? QString() : QStringLiteral("; SET LOCAL synchronous_commit = off");
    if (!m_ctx.conn.execScript(
            QStringLiteral("BEGIN; SET LOCAL lock_timeout = %1; SET LOCAL statement_timeout = %2%3")
                .arg(m_cfg.lockTimeoutMs)
                .arg(m_cfg.statementTimeoutMs)
                .arg(async),
            error))
        return false;
    if (!lockStillHeld(m_ctx, error))
        return false;
    return m_strategy->prepare(b, m_ctx, limit);
}

// Cancel or "stop after this batch" asked since the last one: the rule ends here (receipt in *out).
bool RowPurge::stoppedBeforeBatch(RuleReceipt *out)
{
    if (m_ctx.canceller.isCancelled()) {
        *out =
            m_run.finish(RuleStatus::Cancelled,
                         QCoreApplication::translate("purga::detail", "%1: cancelled.").arg(m_preview.table));
        return true;
    }
    if (m_ctx.stop.isRequested()) {
        *out =
            m_run.finish(RuleStatus::Cancelled,
                         QCoreApplication::translate("purga::detail", "%1: stopped after batch %2 as asked.")
                             .arg(m_preview.table)
                             .arg(m_run.receipt().batches));
        return true;
    }
    return false;
}

RowPurge::Step RowPurge::batch(RuleReceipt *out)
{
    RuleReceipt &r = m_run.receipt();
    if (!m_run.paceBeforeBatch(out))
        return Step::Done;
    // The batch size may change during the run (GUI): from this batch on, the DELETE's LIMIT
    // and the strategy's chunk planner follow it.
    m_sizing.hardBound = m_ctx.pacer ? m_ctx.pacer->batchSize(m_cfg.batchSize) : m_cfg.batchSize;
    if (m_sized == 0)
        m_sized = firstBatchSize(m_sizing);
    const int batchSize = m_sizing.targetMs > 0 ? qMin(m_sized, m_sizing.hardBound) : m_sizing.hardBound;
    if (stoppedBeforeBatch(out))
        return Step::Done;
    QElapsedTimer bt;
    bt.start();
    QSqlQuery b(m_ctx.conn.database());
    QString beginError;
    const bool began = begin(b, batchSize, &beginError);
    if (!began || !b.exec(m_strategy->batchSql()))
        return failed(b, began, beginError, out);
    const qint64 n = m_strategy->removed(b);
    if (n < 0)
        return failed(b, true, QString(), out);
    // A single pass that removed more than the batch size never commits: the strategy reads its
    // range again, smaller or with a LIMIT.
    if (m_strategy->overshot(n, batchSize)) {
        rollback(m_ctx.conn);
        return Step::Retry;
    }
    m_lockRetries = 0;
    // Blast-radius breaker: never remove more than the confirmed preview counted.
    if (r.deleted + n > m_preview.eligible) {
        rollback(m_ctx.conn);
        *out = m_run.finish(
            RuleStatus::Error,
            QCoreApplication::translate(
                "purga::detail",
                "%1: batch %2 would bring the total to %3, above the %4 rows of the preview; it was "
                "rolled back and the purge stopped. Take a new preview.")
                .arg(m_preview.table)
                .arg(r.batches + 1)
                .arg(formatCount(r.deleted + n), formatCount(m_preview.eligible)));
        return Step::Done;
    }
    // The rule's totals commit with the batch, in the COMMIT's round trip: a run killed after it
    // still counts its rows.
    if (!commitWithProgress(n, out))
        return Step::Done;
    const double ms = bt.nsecsElapsed() / 1e6;
    m_strategy->advance(n, ms);
    m_strategy->report(&r);
    r.limitMin = r.limitMin > 0 ? qMin(r.limitMin, batchSize) : batchSize;
    r.limitMax = qMax(r.limitMax, batchSize);
    r.limitLast = batchSize;
    m_sized = nextBatchSize(batchSize, n, ms, m_sizing);
    if (!m_ctx.options.syncCommit)
        m_ctx.unflushed = true;
    if (n > 0 && r.deleted == 0) {
        // Every deleted row lies in the preview's key range (the DELETE is bounded by it).
        r.keyMin = m_preview.keyMin;
        r.keyMax = m_preview.keyMax;
    }
    m_lastBatchMs = ms;
    m_run.recordBatch(n, ms);
    return Step::Next;
}

bool RowPurge::commitWithProgress(qint64 n, RuleReceipt *out)
{
    const QString progress = m_run.progressSql(n);
    QString e;
    if (m_ctx.conn.execScript(
            progress.isEmpty() ? QStringLiteral("COMMIT") : progress + QStringLiteral("; COMMIT"), &e))
        return true;
    rollback(m_ctx.conn);
    const QString table = m_preview.table;
    if (m_ctx.canceller.isAborted())
        *out = m_run.finish(RuleStatus::Cancelled, abortedDuring());
    else if (m_ctx.canceller.isCancelled())
        *out = m_run.finish(RuleStatus::Cancelled,
                            QCoreApplication::translate(
                                "purga::detail", "%1: cancelled during batch %2; that batch was rolled back.")
                                .arg(table)
                                .arg(m_run.receipt().batches + 1));
    else
        *out =
            m_run.finish(RuleStatus::Error,
                         QCoreApplication::translate("purga::detail", "%1: commit failed: %2").arg(table, e));
    return false;
}

RowPurge::Step RowPurge::failed(QSqlQuery &b, bool began, const QString &beginError, RuleReceipt *out)
{
    RuleReceipt &r = m_run.receipt();
    // b holds the failure when the batch or its strategy's first read failed; else BEGIN did.
    const bool queryFailed = began || b.lastError().isValid();
    const DbFailure::Kind kind =
        queryFailed ? DbFailure::fromQuery(b, m_ctx.canceller.isCancelled()) : DbFailure::Kind::Other;
    const QString dbError = queryFailed ? b.lastError().databaseText().trimmed() : beginError;
    rollback(m_ctx.conn);
    const QString table = m_preview.table;
    if (m_ctx.canceller.isAborted()) {
        *out = m_run.finish(RuleStatus::Cancelled, abortedDuring());
        return Step::Done;
    }
    if (kind == DbFailure::Kind::Cancelled) {
        *out = m_run.finish(RuleStatus::Cancelled,
                            QCoreApplication::translate(
                                "purga::detail", "%1: cancelled during batch %2; that batch was rolled back.")
                                .arg(table)
                                .arg(r.batches + 1));
        return Step::Done;
    }
    if (kind == DbFailure::Kind::LockTimeout && m_lockRetries < m_cfg.maxLockRetries) {
        ++m_lockRetries;
        const int backoff = retryBackoffMs(m_lockRetries);
        m_run.waitBeforeRetry(
            backoff, QCoreApplication::translate(
                         "purga::detail", "%1: lock timeout (%2 ms) held by %3; retry %4 of %5 in %6 ms.")
                         .arg(table)
                         .arg(m_cfg.lockTimeoutMs)
                         .arg(lockHoldersOf(m_ctx.conn, table))
                         .arg(m_lockRetries)
                         .arg(m_cfg.maxLockRetries)
                         .arg(backoff));
        return Step::Retry;
    }
    if (kind == DbFailure::Kind::LockTimeout)
        *out = m_run.finish(
            RuleStatus::Error,
            QCoreApplication::translate(
                "purga::detail",
                "%1: still locked after %2 retries (held by %3). Stopped cleanly: every committed "
                "batch stays, nothing is half-done.")
                .arg(table)
                .arg(m_cfg.maxLockRetries)
                .arg(lockHoldersOf(m_ctx.conn, table)));
    else if (!m_ctx.conn.isOpen() || dbError.isEmpty())
        *out =
            m_run.finish(RuleStatus::Error,
                         QCoreApplication::translate(
                             "purga::detail",
                             "%1: the connection was lost during batch %2. Committed batches stay removed.")
                             .arg(table)
                             .arg(r.batches + 1));
    else
        *out = m_run.finish(RuleStatus::Error,
                            QCoreApplication::translate("purga::detail", "%1: batch %2 failed: %3")
                                .arg(table)
                                .arg(r.batches + 1)
                                .arg(dbError));
    return Step::Done;
}

// The cancel reached no one (a stopped backend, a black-holed network) and the connection was shut
// down under the batch in flight: the server rolls it back when it sees the connection gone,
// unless its COMMIT had already reached it; its rows and their count then commit together.
QString RowPurge::abortedDuring()
{
    return QCoreApplication::translate(
               "purga::detail",
               "%1: cancelled; the server did not answer, so the connection was closed during batch %2. "
               "That batch is rolled back unless its COMMIT had already reached the server (the history's "
               "row count then includes it).")
        .arg(m_preview.table)
        .arg(m_run.receipt().batches + 1);
}

RuleReceipt RowPurge::finishComplete()
{
    const RuleReceipt &r = m_run.receipt();
    QString msg = QCoreApplication::translate("purga::detail", "%1: %2 rows removed in %3 batches.")
                      .arg(m_preview.table)
                      .arg(formatCount(r.deleted), formatCount(r.batches));
    if (r.deleted != m_preview.eligible)
        msg += u' ' +
               QCoreApplication::translate(
                   "purga::detail",
                   "The preview counted %1: %2 rows changed since (updated or removed by others) and were "
                   "left alone.")
                   .arg(formatCount(m_preview.eligible), formatCount(m_preview.eligible - r.deleted));
    return m_run.finish(RuleStatus::Ok, msg);
}

} // namespace

// A transaction that wrote WAL of its own commits synchronously under synchronous_commit = on: it
// waits until the WAL is flushed up to its commit record, which lies after every earlier batch's.
// Once it returns no asynchronously committed batch can come back. A transactional logical message
// is the smallest such write (one WAL record, no table); a transaction that only took an xid
// (txid_current()) would not do: PostgreSQL commits it asynchronously, having written nothing.
bool flushAsyncCommits(PurgeContext &ctx, QString *error)
{
    if (!ctx.unflushed)
        return true;
    if (!ctx.conn.isOpen()) {
        *error = QCoreApplication::translate("purga::detail", "the connection was lost");
        return false;
    }
    if (!ctx.conn.execScript(
            QStringLiteral("BEGIN; SET LOCAL synchronous_commit = on; "
                           "SELECT pg_logical_emit_message(true, 'purga-sesiones', 'flush'); COMMIT"),
            error)) {
        rollback(ctx.conn);
        return false;
    }
    ctx.unflushed = false;
    ctx.log(QCoreApplication::translate("purga::detail",
                                        "Batches committed asynchronously are now flushed to disk."));
    return true;
}

RuleReceipt purgeRows(PurgeContext &ctx, const RulePreview &preview)
{
    return RowPurge(ctx, preview).run();
}

} // namespace purga::detail
