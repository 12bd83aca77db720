// One row rule's purge: batches in short transactions of their own, each bounded by the batch size
// and the preview, paced, retried on lock timeouts, cancellable; which rows a batch reads comes from
// its batch strategy (batchstrategy.h: TID ranges or a keyset).
#include "batchsizer.h"
#include "batchstrategy.h"
#include "chunkplanner.h"
#include "core/pg/dbfailure.h"
#include "core/pg/pgrequest.h"
#include "core/util/textformat.h"
#include "receiptnotes.h"
#include "rulerun.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <memory>
#include <optional>

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
    RequestResult runStatement(int limit);
    int nextLimit();
    bool nextResult(RequestResult *result, int *limit, QElapsedTimer *bt, RuleReceipt *out);
    QString chainedBatch(qint64 n, int limit, double ms, bool *advanced);
    Step commitBatch(qint64 n, int batchSize, const QElapsedTimer &bt, RuleReceipt *out);
    Step failed(const StatementResult &failure, RuleReceipt *out);
    bool commitWithProgress(qint64 n, const QString &next, RuleReceipt *out);
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
    bool m_prepared = false; // the strategy has read what it needs of the table
    // The next batch's result when it went with the last COMMIT (chainedBatch), its LIMIT and the
    // time it was sent.
    std::optional<RequestResult> m_chained;
    int m_chainedLimit = 0;
    QElapsedTimer m_chainedTimer;
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
        if (s == Step::Next && !m_chained) // a chained batch is in its transaction: no sleep now
            m_run.paceAfterBatch(m_lastBatchMs, m_cfg.pauseMs);
    }
    if (m_chained) // never: a batch is chained only while the table has more
        rollback(m_ctx.conn);
    return finishComplete();
}

// The batch's transaction and its statement; the result's last entry is the statement's, or the
// failure. Once the strategy has read what it needs of the table (its first batch, under the
// batch's lock_timeout: behind an ACCESS EXCLUSIVE lock it times out and is retried like a batch),
// a direct connection sends BEGIN, its settings and the statement in one round trip. Behind a
// pooler the batch first checks that its server connection holds the run's lock.
RequestResult RowPurge::runStatement(int limit)
{
    QSqlQuery q(m_ctx.conn.database());
    if (m_prepared && m_ctx.conn.isDirect() && m_strategy->prepare(q, m_ctx, limit))
        return execRequest(m_ctx.conn, batchBeginSql(m_cfg, m_ctx.options.syncCommit) + QStringLiteral("; ") +
                                           m_strategy->batchSql());
    RequestResult begun = execRequest(m_ctx.conn, batchBeginSql(m_cfg, m_ctx.options.syncCommit));
    if (!begun.ok())
        return begun;
    StatementResult failure;
    if (!lockStillHeld(m_ctx, &failure.message))
        return RequestResult{{failure}};
    if (!m_strategy->prepare(q, m_ctx, limit)) {
        failure.sqlState = q.lastError().nativeErrorCode();
        failure.message = q.lastError().databaseText().trimmed();
        return RequestResult{{failure}};
    }
    m_prepared = true;
    return execRequest(m_ctx.conn, m_strategy->batchSql());
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

// The LIMIT of the next batch: the batch size, which may change during the run (GUI), or under
// it what the --target-batch-ms controller chose.
int RowPurge::nextLimit()
{
    m_sizing.hardBound = m_ctx.pacer ? m_ctx.pacer->batchSize(m_cfg.batchSize) : m_cfg.batchSize;
    if (m_sized == 0)
        m_sized = firstBatchSize(m_sizing);
    return m_sizing.targetMs > 0 ? qMin(m_sized, m_sizing.hardBound) : m_sizing.hardBound;
}

// The next batch's statement result: sent now, or already sent with the previous batch's COMMIT.
// False when the rule ends before it (*out set); a chained batch that a stop or cancel overtook
// is rolled back, never committed.
bool RowPurge::nextResult(RequestResult *result, int *limit, QElapsedTimer *bt, RuleReceipt *out)
{
    if (m_chained) {
        *result = std::move(*m_chained);
        m_chained.reset();
        *limit = m_chainedLimit;
        *bt = m_chainedTimer;
        if (!stoppedBeforeBatch(out))
            return true;
        rollback(m_ctx.conn);
        return false;
    }
    if (!m_run.paceBeforeBatch(out))
        return false;
    *limit = nextLimit();
    if (stoppedBeforeBatch(out))
        return false;
    bt->start();
    *result = runStatement(*limit);
    return true;
}

RowPurge::Step RowPurge::batch(RuleReceipt *out)
{
    RuleReceipt &r = m_run.receipt();
    RequestResult result;
    int batchSize = 0;
    QElapsedTimer bt;
    if (!nextResult(&result, &batchSize, &bt, out))
        return Step::Done;
    if (!result.ok())
        return failed(*result.failure(), out);
    const qint64 n = m_strategy->removed(result.statements.constLast());
    if (n < 0) {
        StatementResult unread;
        unread.sqlState = QStringLiteral("XX000");
        unread.message = QCoreApplication::translate("purga::detail", "the batch's result could not be read");
        return failed(unread, out);
    }
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
    return commitBatch(n, batchSize, bt, out);
}

// The batch after one that removed `n` rows in `ms`, to send with its COMMIT: only on a direct
// connection, once the strategy has read what it needs, while the preview's count is not reached
// and nothing (a stop, a cancel, a pause, the pacer) has to happen between the two. Empty
// otherwise. *advanced: the strategy has moved past this batch already.
QString RowPurge::chainedBatch(qint64 n, int limit, double ms, bool *advanced)
{
    *advanced = false;
    if (!m_prepared || !m_ctx.conn.isDirect() || m_run.receipt().deleted + n >= m_preview.eligible ||
        m_ctx.canceller.isCancelled() || m_ctx.stop.isRequested())
        return QString();
    if (m_ctx.pacer ? !m_ctx.pacer->mayStartAtOnce(ms, m_cfg.pauseMs) : m_cfg.pauseMs > 0)
        return QString();
    m_strategy->advance(n, ms);
    m_sized = nextBatchSize(limit, n, ms, m_sizing);
    *advanced = true;
    if (!m_strategy->hasMore())
        return QString();
    m_chainedLimit = nextLimit();
    QSqlQuery unused(m_ctx.conn.database()); // prepare() reads nothing once m_prepared
    if (!m_strategy->prepare(unused, m_ctx, m_chainedLimit))
        return QString();
    return batchBeginSql(m_cfg, m_ctx.options.syncCommit) + QStringLiteral("; ") + m_strategy->batchSql();
}

// Commits a batch of `n` rows with the rule's totals (in the COMMIT's round trip: a run killed
// after it still counts its rows) and, when it may, the next batch's statement. A batch's time runs
// from its request to its result, one COMMIT included (its own, or the previous batch's).
RowPurge::Step RowPurge::commitBatch(qint64 n, int batchSize, const QElapsedTimer &bt, RuleReceipt *out)
{
    RuleReceipt &r = m_run.receipt();
    double ms = bt.nsecsElapsed() / 1e6;
    bool advanced = false;
    const QString next = chainedBatch(n, batchSize, ms, &advanced);
    m_chainedTimer.start();
    if (!commitWithProgress(n, next, out))
        return Step::Done;
    if (!advanced) {
        ms = bt.nsecsElapsed() / 1e6;
        m_strategy->advance(n, ms);
        m_sized = nextBatchSize(batchSize, n, ms, m_sizing);
    }
    m_strategy->report(&r);
    r.limitMin = r.limitMin > 0 ? qMin(r.limitMin, batchSize) : batchSize;
    r.limitMax = qMax(r.limitMax, batchSize);
    r.limitLast = batchSize;
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

bool RowPurge::commitWithProgress(qint64 n, const QString &next, RuleReceipt *out)
{
    const QString progress = m_run.progressSql(n);
    const int commitPart = progress.isEmpty() ? 1 : 2;
    QString sql = progress.isEmpty() ? QStringLiteral("COMMIT") : progress + QStringLiteral("; COMMIT");
    if (!next.isEmpty())
        sql += QStringLiteral("; ") + next;
    const RequestResult result = execRequest(m_ctx.conn, sql);
    // A COMMIT that ended a failed transaction says ROLLBACK, successfully: not committed.
    const StatementResult *commit =
        result.statements.size() >= commitPart ? &result.statements.at(commitPart - 1) : nullptr;
    if (commit && commit->ok && commit->tag == QLatin1String("COMMIT")) {
        if (!next.isEmpty()) {
            m_chained = RequestResult{result.statements.mid(commitPart)};
            if (m_chained->statements.isEmpty())
                m_chained->statements << StatementResult{};
        }
        return true;
    }
    const QString e = commit && commit->ok ? commit->tag : result.failure()->message;
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

RowPurge::Step RowPurge::failed(const StatementResult &failure, RuleReceipt *out)
{
    RuleReceipt &r = m_run.receipt();
    const DbFailure::Kind kind = DbFailure::fromSqlState(failure.sqlState, m_ctx.canceller.isCancelled());
    const QString dbError = failure.message;
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
    else if (!m_ctx.conn.isOpen() || m_ctx.conn.isBroken() || dbError.isEmpty())
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
    const QString leftAlone = leftAloneText(m_preview.eligible, r.deleted);
    if (!leftAlone.isEmpty())
        msg += u' ' + leftAlone;
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
