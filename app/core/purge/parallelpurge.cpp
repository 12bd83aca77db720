// --parallel N (parallelpurge.h): the shared state of a parallel run, its workers' batches and the
// coordinator's loop on the run's own connection.
#include "parallelpurge.h"

#include "batchsizer.h"
#include "batchstrategy.h"
#include "chunkplanner.h"
#include "core/history/historystore.h"
#include "core/pg/dbfailure.h"
#include "core/pg/pgrequest.h"
#include "core/util/textformat.h"
#include "receiptnotes.h"
#include "tidrangestrategy.h"

#include <QHash>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace purga {

namespace detail {

namespace {

// One row rule of a parallel run: what its workers share. Its RuleRun is used under `mutex` only.
struct RuleShare
{
    RuleShare(PurgeContext &ctx, const RulePreview &preview)
        : run(ctx, preview)
        , preview(preview)
    {
    }
    RuleRun run;
    const RulePreview &preview;
    QString singleTemplate;  // Rules::deleteRangeSql with the rule's key range
    QString boundedTemplate; // Rules::deleteBatchSql, likewise (a one-block range over the batch size)
    qint64 blocks = 1;
    int ranges = 0, rangesDone = 0;
    std::atomic<qint64> reserved{0}; // rows of the batches committed, or committing, so far
    std::mutex mutex;
    RuleStatus status = RuleStatus::Ok; // the first worker's that did not end Ok
    QString message;
};

struct Range
{
    RuleShare *rule;
    qint64 from, to; // blocks; to == TidRangeStrategy::kOpenEnd for the table's last range
};

// What the coordinator and every worker share.
struct Shared
{
    Shared(PurgeContext &ctx, QString lockCheck)
        : ctx(ctx)
        , lockCheckSql(std::move(lockCheck))
    {
    }
    PurgeContext &ctx;
    std::vector<std::unique_ptr<RuleShare>> rules;
    std::vector<Range> ranges;
    std::atomic<int> nextRange{0};
    std::atomic<bool> halt{false}; // a failure, a stop or a cancel: no worker starts another batch
    std::atomic<bool> held{false}; // the pacer holds the run
    std::vector<std::unique_ptr<QueryCanceller>> cancellers; // one per worker
    QString lockCheckSql;

    bool stopping() const { return halt.load() || ctx.stopRequested(); }
    // The first failure of a rule is its status; every worker stops after its batch.
    void fail(RuleShare &rule, RuleStatus status, const QString &message)
    {
        {
            std::lock_guard<std::mutex> lock(rule.mutex);
            if (rule.status == RuleStatus::Ok) {
                rule.status = status;
                rule.message = message;
            }
        }
        halt.store(true);
    }
};

// One batch: blocks [from, to) of a rule under a LIMIT (bounded) or in a single pass.
struct BatchSpec
{
    qint64 from = 0, to = 0;
    int limit = 0;
    bool bounded = false;
};

// Where a worker stands in one TID range: its chunk plan, the rows of the span it is reading, and
// the rule's batch size (`sized`, carried over from one of the rule's ranges to the next).
class RangeWalk
{
public:
    RangeWalk(const Range &range, const PurgeOptions &options, int &sized)
        : m_range(range)
        , m_cfg(range.rule->preview.config)
        , m_options(options)
        , m_end(range.to == TidRangeStrategy::kOpenEnd ? range.rule->blocks : range.to)
        , m_sized(sized)
        , m_from(range.from)
    {
        m_limits.timeCapMs = m_cfg.targetBatchMs > 0 ? m_cfg.targetBatchMs : 250.0;
        m_sizing.targetMs = m_cfg.targetBatchMs;
        const qint64 blocks = qMax<qint64>(1, m_end - range.from);
        const qint64 share = range.rule->preview.eligible * blocks / qMax<qint64>(1, range.rule->blocks);
        m_plan = firstChunk(share, blocks, m_limits);
    }
    bool done() const { return m_from >= m_end; }

    // The next batch of the range, from the plan and the batch size (a live change of it included).
    BatchSpec next()
    {
        const LiveSettings *live = m_options.live.get();
        m_sizing.hardBound =
            live && live->batchSize() > 0 ? qMin(live->batchSize(), 100000) : m_cfg.batchSize;
        if (m_sized == 0)
            m_sized = firstBatchSize(m_sizing);
        BatchSpec b;
        b.limit = m_sizing.targetMs > 0 ? qMin(m_sized, m_sizing.hardBound) : m_sizing.hardBound;
        m_limits.batchSize = b.limit;
        b.from = m_from;
        const qint64 to = qMin(m_end, m_from + m_plan.chunk);
        b.to = to >= m_end ? m_range.to : to;
        b.bounded = m_plan.bounded;
        return b;
    }
    // After batch `b` committed `rows` in `ms`: where the next one starts, and its size.
    void advance(const BatchSpec &b, qint64 rows, double ms)
    {
        const qint64 to = qMin(m_end, b.to);
        m_sized = nextBatchSize(b.limit, rows, ms, m_sizing);
        m_rangeRows += rows;
        const bool rangeDone = !m_plan.bounded || rows < b.limit;
        m_plan = nextChunk(m_plan, m_rangeRows, qMax<qint64>(1, to - m_from), ms, m_limits, rangeDone);
        if (rangeDone) {
            m_from = qMax(to, m_from + 1);
            m_rangeRows = 0;
        }
    }
    // Batch `b` removed `rows`, more than its size, in a single pass: its range again, smaller.
    void overshot(const BatchSpec &b, qint64 rows)
    {
        m_plan = overshotChunk(m_plan, rows, qMax<qint64>(1, qMin(m_end, b.to) - m_from), m_limits);
    }

private:
    const Range &m_range;
    const RuleConfig &m_cfg;
    const PurgeOptions &m_options;
    qint64 m_end;
    int &m_sized;
    ChunkLimits m_limits;
    BatchSizing m_sizing;
    ChunkPlan m_plan;
    qint64 m_from, m_rangeRows = 0;
};

// One worker: its own thread and connection, taking ranges until none is left or the run stops.
class Worker
{
public:
    Worker(Shared &shared, int index)
        : m_sh(shared)
        , m_index(index)
        , m_canceller(*shared.cancellers.at(size_t(index)))
    {
    }
    void run();

private:
    enum class Step { Next, Retry, Redo, Done };
    using Spec = BatchSpec;
    // The batch to send with a COMMIT (a batch that removed `n` rows in `ms`), or empty.
    using NextBatch = std::function<QString(qint64 n, double ms)>;
    void purgeRange(const Range &range);
    QString request(const RuleShare &rule, const Spec &b) const;
    Step batch(RuleShare &rule, const Spec &b, qint64 *rows, double *ms, const NextBatch &next);
    Step failed(RuleShare &rule, const StatementResult &failure);
    bool mayCommit(RuleShare &rule, qint64 n, bool lockHeld);
    void recordBatch(RuleShare &rule, qint64 n, double ms, int limit);
    void rollback();
    void waitWhileHeld() const;
    qint64 pauseAfter(double ms, int pauseMs) const;
    void paceAfter(double ms, int pauseMs) const;
    QHash<const RuleShare *, int> m_sized; // --target-batch-ms: each rule's batch size (0: not sized yet)

    Shared &m_sh;
    int m_index;
    QueryCanceller &m_canceller;
    PgConnection m_conn;
    int m_lockRetries = 0;
    // The batch that went with the last COMMIT (its result), what it is, and when it was sent.
    std::optional<RequestResult> m_chained;
    Spec m_chainedSpec;
    QElapsedTimer m_chainedTimer;
};

void Worker::run()
{
    QString error;
    if (!m_sh.ctx.options.openConnection || !m_sh.ctx.options.openConnection(m_conn, &error)) {
        m_sh.ctx.log(QCoreApplication::translate("purga::detail", "Worker %1 could not connect: %2")
                         .arg(m_index + 1)
                         .arg(error));
        return;
    }
    m_canceller.arm(m_conn.handle());
    QSqlQuery(m_conn.database())
        .exec(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE"));
    m_sh.ctx.log(QCoreApplication::translate("purga::detail", "Worker %1 connected (backend pid %2).")
                     .arg(m_index + 1)
                     .arg(m_conn.backendPid()));
    while (!m_sh.stopping()) {
        const int i = m_sh.nextRange.fetch_add(1);
        if (i >= int(m_sh.ranges.size()))
            break;
        purgeRange(m_sh.ranges.at(size_t(i)));
    }
    m_canceller.disarm();
    m_conn.close();
}

void Worker::waitWhileHeld() const
{
    while (m_sh.held.load() && !m_sh.stopping())
        QThread::msleep(20);
}

// The pause and the nice ratio (a live change of it included) after a batch of `ms`, in ms.
qint64 Worker::pauseAfter(double ms, int pauseMs) const
{
    const PurgeOptions &o = m_sh.ctx.options;
    const double nice = o.live && o.live->nice() >= 0 ? o.live->nice() : o.pacing.nice;
    return pauseMs + qint64(nice * ms);
}

// Sleeps pauseAfter(), as the sequential run sleeps.
void Worker::paceAfter(double ms, int pauseMs) const
{
    const qint64 sleepMs = pauseAfter(ms, pauseMs);
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < sleepMs && !m_sh.stopping())
        QThread::msleep(qMin<qint64>(20, sleepMs - t.elapsed()));
}

void Worker::purgeRange(const Range &range)
{
    RuleShare &rule = *range.rule;
    const int pauseMs = rule.preview.config.pauseMs;
    RangeWalk walk(range, m_sh.ctx.options, m_sized[&rule]);
    while (!walk.done()) {
        Spec b = m_chainedSpec;
        if (!m_chained) {
            waitWhileHeld();
            if (m_sh.stopping() || rule.reserved.load() >= rule.preview.eligible)
                return; // stopped, or everything the preview counted is gone
            b = walk.next();
        }
        bool advanced = false;
        // The next batch of this range goes with this one's COMMIT unless something comes between.
        const NextBatch next = [&](qint64 n, double ms) {
            if (!m_sh.ctx.conn.isDirect() || m_sh.stopping() || m_sh.held.load() ||
                pauseAfter(ms, pauseMs) > 0 || rule.reserved.load() >= rule.preview.eligible)
                return QString();
            walk.advance(b, n, ms);
            advanced = true;
            if (walk.done())
                return QString();
            m_chainedSpec = walk.next();
            return request(rule, m_chainedSpec);
        };
        qint64 rows = 0;
        double ms = 0;
        const Step s = batch(rule, b, &rows, &ms, next);
        if (s == Step::Done)
            return;
        if (s == Step::Retry)
            continue;
        if (s == Step::Redo) { // a single pass over the batch size, rolled back: the range again, smaller
            walk.overshot(b, rows);
            std::lock_guard<std::mutex> lock(rule.mutex);
            ++rule.run.receipt().redone;
            continue;
        }
        if (!advanced)
            walk.advance(b, rows, ms);
        if (!m_chained)
            paceAfter(ms, pauseMs);
    }
    std::lock_guard<std::mutex> lock(rule.mutex);
    ++rule.rangesDone;
}

void Worker::rollback()
{
    QString ignored;
    if (m_conn.isOpen())
        m_conn.execScript(QStringLiteral("ROLLBACK"), &ignored);
}

// The batch may commit only while the coordinator still holds the run's lock (`lockHeld`, read
// after the DELETE in its round trip) and the shared breaker allows it; otherwise it is rolled
// back and the rule's failure recorded.
bool Worker::mayCommit(RuleShare &rule, qint64 n, bool lockHeld)
{
    if (!lockHeld) {
        rollback();
        m_sh.fail(rule, RuleStatus::Error,
                  QCoreApplication::translate(
                      "purga::detail",
                      "%1: the run's coordinating session (backend pid %2) no longer holds advisory lock %3; "
                      "worker %4 rolled its batch back and every worker stopped before its next commit.")
                      .arg(rule.preview.table)
                      .arg(m_sh.ctx.lockPid)
                      .arg(m_sh.ctx.options.advisoryLockKey)
                      .arg(m_index + 1));
        return false;
    }
    // The shared breaker: this batch commits only if every batch so far, committed or committing,
    // stays within the preview's count.
    const qint64 before = rule.reserved.fetch_add(n);
    if (before + n > rule.preview.eligible) {
        rule.reserved.fetch_sub(n);
        rollback();
        m_sh.fail(
            rule, RuleStatus::Error,
            QCoreApplication::translate(
                "purga::detail",
                "%1: a batch of worker %2 would bring the total to %3, above the %4 rows of the preview; "
                "it was rolled back and the purge stopped. Take a new preview.")
                .arg(rule.preview.table)
                .arg(m_index + 1)
                .arg(formatCount(before + n), formatCount(rule.preview.eligible)));
        return false;
    }
    return true;
}

// A committed batch in the rule's receipt: its size, its limit, the worker that ran it.
void Worker::recordBatch(RuleShare &rule, qint64 n, double ms, int limit)
{
    std::lock_guard<std::mutex> lock(rule.mutex);
    RuleReceipt &r = rule.run.receipt();
    if (n > 0 && r.deleted == 0) {
        r.keyMin = rule.preview.keyMin;
        r.keyMax = rule.preview.keyMax;
    }
    r.limitMin = r.limitMin > 0 ? qMin(r.limitMin, limit) : limit;
    r.limitMax = qMax(r.limitMax, limit);
    r.limitLast = limit;
    r.blocks = rule.blocks;
    ++r.workerBatches[m_index];
    rule.run.recordBatch(n, ms);
}

// The statements of batch `b`: its transaction, its DELETE and the lock check, in one round trip.
QString Worker::request(const RuleShare &rule, const Spec &b) const
{
    const QString sql = TidRangeStrategy::rangeSql(b.bounded ? rule.boundedTemplate : rule.singleTemplate,
                                                   b.limit, b.from, b.to);
    return QStringLiteral("%1; %2; %3")
        .arg(batchBeginSql(rule.preview.config, m_sh.ctx.options.syncCommit), sql, m_sh.lockCheckSql);
}

// One batch of `rule`: sent now, or already with the previous COMMIT; then the shared breaker,
// then its COMMIT, with the next batch when `next` gives one. On success the rule's receipt and
// progress count it.
Worker::Step Worker::batch(RuleShare &rule, const Spec &b, qint64 *rows, double *ms, const NextBatch &next)
{
    QElapsedTimer bt;
    RequestResult result;
    if (m_chained) {
        result = std::move(*m_chained);
        m_chained.reset();
        bt = m_chainedTimer;
        if (m_sh.stopping()) { // a stop or another part's failure overtook it: never committed
            rollback();
            return Step::Done;
        }
    } else {
        bt.start();
        result = execRequest(m_conn, request(rule, b));
    }
    if (!result.ok())
        return failed(rule, *result.failure());
    m_lockRetries = 0;
    const qint64 n = qMax<qint64>(0, result.fromEnd(1)->rows);
    if (!b.bounded && n > b.limit) { // the range held more than the batch size: never committed
        rollback();
        *rows = n;
        return Step::Redo;
    }
    const QVariantList &held = result.fromEnd(0)->firstRow;
    if (!mayCommit(rule, n, !held.isEmpty() && held.constFirst().toString() == QLatin1String("t")))
        return Step::Done;
    // A cancel that reached this backend between statements was ignored by the server: the batch
    // it was meant for rolls back here instead of committing.
    if (m_sh.ctx.canceller.isCancelled()) {
        rule.reserved.fetch_sub(n);
        StatementResult cancelled;
        cancelled.sqlState = QStringLiteral("57014");
        return failed(rule, cancelled);
    }
    *rows = n;
    *ms = bt.nsecsElapsed() / 1e6;
    const QString chained = next(n, *ms);
    m_chainedTimer.start();
    const RequestResult commit = execRequest(
        m_conn, chained.isEmpty() ? QStringLiteral("COMMIT") : QStringLiteral("COMMIT; ") + chained);
    const StatementResult &c = commit.statements.constFirst();
    if (!c.ok || c.tag != QLatin1String("COMMIT")) {
        if (!m_conn.isBroken())
            rule.reserved.fetch_sub(n); // rolled back; a lost connection may have committed it
        StatementResult failure = c;
        if (c.ok)
            failure.message = c.tag;
        return failed(rule, failure);
    }
    if (!chained.isEmpty()) {
        m_chained = RequestResult{commit.statements.mid(1)};
        if (m_chained->statements.isEmpty())
            m_chained->statements << StatementResult{};
    }
    recordBatch(rule, n, *ms, b.limit);
    return Step::Next;
}

Worker::Step Worker::failed(RuleShare &rule, const StatementResult &failure)
{
    const DbFailure::Kind kind = DbFailure::fromSqlState(failure.sqlState, m_canceller.isCancelled());
    const QString dbError = failure.message;
    rollback();
    const QString table = rule.preview.table;
    const int retries = rule.preview.config.maxLockRetries;
    if (kind == DbFailure::Kind::Cancelled || m_sh.ctx.canceller.isCancelled()) {
        m_sh.fail(rule, RuleStatus::Cancelled,
                  QCoreApplication::translate("purga::detail",
                                              "%1: cancelled; the batches in flight were rolled back.")
                      .arg(table));
        return Step::Done;
    }
    if (kind == DbFailure::Kind::LockTimeout && m_lockRetries < retries) {
        const int backoff = retryBackoffMs(++m_lockRetries);
        {
            std::lock_guard<std::mutex> lock(rule.mutex);
            ++rule.run.receipt().retries;
            rule.run.report(
                RuleStatus::WaitingLock,
                QCoreApplication::translate("purga::detail",
                                            "%1: lock timeout (%2 ms), worker %3; retry %4 of %5 in %6 ms.")
                    .arg(table)
                    .arg(rule.preview.config.lockTimeoutMs)
                    .arg(m_index + 1)
                    .arg(m_lockRetries)
                    .arg(retries)
                    .arg(backoff));
        }
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < backoff && !m_sh.stopping())
            QThread::msleep(20);
        return Step::Retry;
    }
    const QString message =
        kind == DbFailure::Kind::LockTimeout
            ? QCoreApplication::translate(
                  "purga::detail",
                  "%1: still locked after %2 retries. Stopped cleanly: every committed batch stays.")
                  .arg(table)
                  .arg(retries)
        : m_conn.isBroken() || dbError.isEmpty()
            ? QCoreApplication::translate(
                  "purga::detail",
                  "%1: the connection of worker %2 was lost during a batch. Committed batches stay removed.")
                  .arg(table)
                  .arg(m_index + 1)
            : QCoreApplication::translate("purga::detail", "%1: a batch of worker %2 failed: %3")
                  .arg(table)
                  .arg(m_index + 1)
                  .arg(dbError);
    m_sh.fail(rule, RuleStatus::Error, message);
    return Step::Done;
}

// The table sizes and their ranges, read on the coordinator under the rules' lock_timeout.
constexpr int kRangesPerWorker = 8;

bool planRanges(Shared &sh, int workers, QString *error)
{
    PgConnection &conn = sh.ctx.conn;
    const RuleConfig &first = sh.rules.front()->preview.config;
    if (!conn.execScript(QStringLiteral("BEGIN; SET LOCAL lock_timeout = %1").arg(first.lockTimeoutMs),
                         error))
        return false;
    bool ok = true;
    for (const auto &rule : sh.rules) {
        QSqlQuery q(conn.database());
        if (!q.exec(QStringLiteral("SELECT pg_relation_size(to_regclass('%1')) / "
                                   "current_setting('block_size')::bigint")
                        .arg(rule->preview.table)) ||
            !q.next()) {
            *error = q.lastError().databaseText();
            ok = false;
            break;
        }
        rule->blocks = qMax<qint64>(1, q.value(0).toLongLong());
    }
    QString ignored;
    conn.execScript(ok ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"), &ignored);
    if (!ok)
        return false;
    // Several ranges a worker, taken from one queue: removable rows bunch up (the oldest tokens
    // sit at the start of the heap), and a worker whose range held few of them takes the next one
    // instead of idling. Range i of every rule before range i + 1 of any: the tables are purged at
    // the same time.
    const int perRule = workers * kRangesPerWorker;
    for (int i = 0; i < perRule; ++i)
        for (const auto &rule : sh.rules) {
            const qint64 pieces = qMin<qint64>(perRule, rule->blocks);
            if (i >= pieces)
                continue;
            const qint64 from = rule->blocks * i / pieces;
            const qint64 to = i == pieces - 1 ? TidRangeStrategy::kOpenEnd : rule->blocks * (i + 1) / pieces;
            sh.ranges.push_back({rule.get(), from, to});
            ++rule->ranges;
        }
    return true;
}

// The coordinator's share of a step: the pacer's holds, a stop or cancel passed on to every worker,
// the lock waiters and, once a second, the rules' totals in the history.
class Coordinator
{
public:
    explicit Coordinator(Shared &sh)
        : m_sh(sh)
    {
        m_tick.start();
        m_pace.start();
    }
    void step();
    void recordTotals();

private:
    Shared &m_sh;
    QElapsedTimer m_tick, m_pace;
    bool m_cancelSent = false;
};

void Coordinator::step()
{
    PurgeContext &ctx = m_sh.ctx;
    if (ctx.canceller.isCancelled() && !m_cancelSent) {
        m_cancelSent = true;
        m_sh.halt.store(true);
        for (const auto &c : m_sh.cancellers)
            c->cancel();
    } else if (ctx.stop.isRequested()) {
        m_sh.halt.store(true);
    }
    if (ctx.pacer && !m_sh.stopping() && m_pace.elapsed() >= 250) {
        m_pace.restart();
        QString abortReason;
        const bool go = ctx.pacer->waitBeforeBatch([this](const QString &, qint64) { m_sh.held.store(true); },
                                                   &abortReason);
        m_sh.held.store(false);
        if (!go)
            for (const auto &rule : m_sh.rules)
                m_sh.fail(*rule, RuleStatus::Cancelled,
                          QCoreApplication::translate("purga::detail", "%1: stopped: %2.")
                              .arg(rule->preview.table, abortReason));
    }
    if (m_tick.elapsed() >= 1000) {
        m_tick.restart();
        if (ctx.betweenBatches)
            ctx.betweenBatches();
        recordTotals();
    }
}

void Coordinator::recordTotals()
{
    PurgeContext &ctx = m_sh.ctx;
    if (!ctx.history || !ctx.conn.isOpen())
        return;
    for (const auto &rule : m_sh.rules) {
        qint64 deleted = 0, ms = 0;
        {
            std::lock_guard<std::mutex> lock(rule->mutex);
            deleted = rule->run.receipt().deleted;
            ms = ctx.runTimer.elapsed();
        }
        QSqlQuery q(ctx.conn.database());
        HistoryStore::recordProgress(q, ctx.runId, rule->preview.table, deleted, ms);
    }
}

// A rule whose ranges were not all done ended with the run: cancelled, stopped, or another rule's
// (or this rule's other worker's) failure; else no worker was left to take them.
RuleReceipt finishIncomplete(const Shared &sh, RuleShare &rule)
{
    const QString table = rule.preview.table;
    const RuleReceipt &r = rule.run.receipt();
    if (sh.ctx.canceller.isCancelled())
        return rule.run.finish(RuleStatus::Cancelled,
                               QCoreApplication::translate("purga::detail", "%1: cancelled.").arg(table));
    if (sh.ctx.stop.isRequested())
        return rule.run.finish(
            RuleStatus::Cancelled,
            QCoreApplication::translate("purga::detail", "%1: stopped after batch %2 as asked.")
                .arg(table)
                .arg(r.batches));
    if (sh.halt.load())
        return rule.run.finish(
            RuleStatus::Error,
            QCoreApplication::translate("purga::detail",
                                        "%1: stopped after %2 rows because another part of the run failed "
                                        "(see its rule). Committed batches stay removed.")
                .arg(table, formatCount(r.deleted)));
    return rule.run.finish(
        RuleStatus::Error,
        QCoreApplication::translate("purga::detail",
                                    "%1: %2 of %3 TID ranges were not purged: no worker was left to take "
                                    "them (see the log). Committed batches stay removed.")
            .arg(rule.preview.table)
            .arg(rule.ranges - rule.rangesDone)
            .arg(rule.ranges));
}

RuleReceipt finishRule(const Shared &sh, RuleShare &rule, int workers)
{
    RuleReceipt &r = rule.run.receipt();
    if (rule.status != RuleStatus::Ok)
        return rule.run.finish(rule.status, rule.message);
    if (rule.rangesDone < rule.ranges && r.deleted < rule.preview.eligible)
        return finishIncomplete(sh, rule);
    r.blocksDone = r.blocks;
    QString msg =
        QCoreApplication::translate("purga::detail", "%1: %2 rows removed in %3 batches by %4 workers.")
            .arg(rule.preview.table, formatCount(r.deleted), formatCount(r.batches))
            .arg(workers);
    const QString leftAlone = leftAloneText(rule.preview.eligible, r.deleted);
    if (!leftAlone.isEmpty())
        msg += u' ' + leftAlone;
    return rule.run.finish(RuleStatus::Ok, msg);
}

QString lockCheckSql(qint64 key, int pid)
{
    // pg_advisory_lock(bigint) shows its high half as classid, its low half as objid, objsubid 1.
    return QStringLiteral(
               "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = %1 "
               "AND objid = %2 AND objsubid = 1 AND pid = %3 AND granted)")
        .arg(quint64(key) >> 32)
        .arg(quint64(key) & 0xffffffffULL)
        .arg(pid);
}

} // namespace

QList<RuleReceipt> purgeRowsParallel(PurgeContext &ctx, const QList<const RulePreview *> &rules)
{
    const int workers = qBound(1, ctx.options.parallel, kMaxParallel);
    // The rules' own context: no pacer nor history of their own (the coordinator keeps both).
    PurgeContext shared{ctx.conn, ctx.canceller, ctx.stop, ctx.observer, ctx.options, ctx.runTimer,
                        {},       nullptr,       ctx.runId};
    Shared sh(ctx, lockCheckSql(ctx.options.advisoryLockKey, ctx.lockPid));
    QList<RuleReceipt> out;
    for (const RulePreview *p : rules) {
        auto rule = std::make_unique<RuleShare>(shared, *p);
        RuleReceipt &r = rule->run.receipt();
        // The rule's own settings (family-aware retention): the statements the preview counted with.
        const QString c = Rules::cutoffLiteral(p->cutoffUtc);
        r.sql = Rules::purgeBatchText(p->config, c);
        r.workerBatches = QList<int>(workers, 0);
        rule->singleTemplate = withKeyRange(Rules::deleteRangeSql(p->config, c), *p);
        rule->boundedTemplate = withKeyRange(Rules::deleteBatchSql(p->config, c), *p);
        ctx.log(QCoreApplication::translate(
                    "purga::detail", "%1: %2 rows to remove, cutoff %3 UTC, on %4 connections at once.")
                    .arg(p->table, formatCount(p->eligible), p->cutoffUtc)
                    .arg(workers));
        if (p->eligible > 0)
            sh.rules.push_back(std::move(rule));
        else
            out << rule->run.finish(
                RuleStatus::Ok,
                QCoreApplication::translate("purga::detail", "%1: nothing to remove.").arg(p->table));
    }
    if (sh.rules.empty())
        return out;
    QString error;
    if (!planRanges(sh, workers, &error)) {
        for (const auto &rule : sh.rules)
            out << rule->run.finish(
                RuleStatus::Error,
                QCoreApplication::translate("purga::detail", "%1: could not read the table's size: %2")
                    .arg(rule->preview.table, error));
        return out;
    }
    for (int i = 0; i < workers; ++i)
        sh.cancellers.push_back(std::make_unique<QueryCanceller>());
    std::vector<std::thread> threads;
    std::atomic<int> running{workers};
    for (int i = 0; i < workers; ++i)
        threads.emplace_back([&sh, &running, i] {
            Worker(sh, i).run();
            running.fetch_sub(1);
        });
    Coordinator coordinator(sh);
    while (running.load() > 0) {
        QThread::msleep(10);
        coordinator.step();
    }
    for (std::thread &t : threads)
        t.join();
    for (const auto &rule : sh.rules) {
        if (!ctx.options.syncCommit && rule->run.receipt().batches > 0)
            ctx.unflushed = true; // the coordinator's durable commit at the end flushes them
        out << finishRule(sh, *rule, workers);
    }
    // In the order asked for.
    QList<RuleReceipt> ordered;
    for (const RulePreview *p : rules)
        for (const RuleReceipt &r : std::as_const(out))
            if (r.ruleId == p->id)
                ordered << r;
    return ordered;
}

} // namespace detail

} // namespace purga
