#include "rulerun.h"

#include "core/history/historystore.h"
#include "core/locks/lockholders.h"

#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <algorithm>
#include <cmath>

namespace purga::detail {

namespace {

double percentile(QList<double> v, double p)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype i = qMin(v.size() - 1, qsizetype(std::ceil(p * double(v.size())) - 1));
    return v.at(qMax<qsizetype>(0, i));
}

} // namespace

RuleRun::RuleRun(PurgeContext &ctx, const RulePreview &preview)
    : m_ctx(ctx)
    , m_preview(preview)
{
    m_r.ruleId = preview.id;
    m_r.table = preview.table;
    m_r.planned = preview.eligible;
    m_r.rowsBefore = Rules::isPartitionRule(preview.id) ? -1 : preview.total;
    m_r.status = RuleStatus::Ok;
    m_p.ruleId = preview.id;
    m_p.planned = preview.eligible;
    if (!Rules::isPartitionRule(preview.id))
        m_r.targetBatchMs = m_p.targetBatchMs = preview.config.targetBatchMs;
    m_timer.start();
    m_throttledAtStart = ctx.pacer ? ctx.pacer->throttledMs() : 0;
}

void RuleRun::report(RuleStatus state, const QString &message)
{
    m_p.deleted = m_r.deleted;
    m_p.batches = m_r.batches;
    m_p.retries = m_r.retries;
    m_p.batchSize = m_r.limitLast;
    m_p.state = state;
    m_p.message = message;
    if (state != RuleStatus::Throttled)
        m_p.holdReason.clear();
    if (m_ctx.pacer) {
        m_p.lagMs = m_ctx.pacer->lastLagMs();
        m_p.throttledMs = m_ctx.pacer->throttledMs();
    }
    const double secs = m_timer.elapsed() / 1000.0;
    m_p.rowsPerSecond = secs > 0 ? m_r.deleted / secs : 0;
    m_p.etaMs = m_p.rowsPerSecond > 0 ? qint64((m_p.planned - m_p.deleted) / m_p.rowsPerSecond * 1000.0) : -1;
    if (m_ctx.observer)
        m_ctx.observer->ruleProgress(m_p);
    if (!message.isEmpty())
        m_ctx.log(message);
}

bool RuleRun::recordProgress(QSqlQuery &q, qint64 rows)
{
    return !m_ctx.history ||
           HistoryStore::recordProgress(q, m_ctx.runId, m_r.table, m_r.deleted + rows, m_timer.elapsed());
}

QString RuleRun::progressSql(qint64 rows) const
{
    if (!m_ctx.history)
        return QString();
    return HistoryStore::progressSql(m_ctx.conn.literal(m_ctx.runId), m_ctx.conn.literal(m_r.table),
                                     m_r.deleted + rows, m_timer.elapsed());
}

void RuleRun::recordBatch(qint64 rows, double ms, const QString &message)
{
    m_batchMs << ms;
    ++m_r.batches;
    m_r.deleted += rows;
    m_r.largestBatch = qMax(m_r.largestBatch, rows);
    m_p.lastBatchMs = ms;
    report(RuleStatus::Running, message);
    if (m_ctx.betweenBatches)
        m_ctx.betweenBatches();
}

void RuleRun::waitBeforeRetry(int backoffMs, const QString &message)
{
    ++m_r.retries;
    report(RuleStatus::WaitingLock, message);
    if (m_ctx.betweenBatches)
        m_ctx.betweenBatches();
    interruptibleSleep(m_ctx, backoffMs);
}

bool RuleRun::paceBeforeBatch(RuleReceipt *out)
{
    if (!m_ctx.pacer)
        return true;
    QString abortReason;
    const bool go = m_ctx.pacer->waitBeforeBatch(
        [this](const QString &why, qint64) {
            m_p.holdReason = why;
            report(RuleStatus::Throttled, QString());
        },
        &abortReason);
    if (go)
        return true;
    *out = finish(RuleStatus::Cancelled,
                  QCoreApplication::translate("purga::detail", "%1: stopped after batch %2: %3.")
                      .arg(m_preview.table)
                      .arg(m_r.batches)
                      .arg(abortReason));
    return false;
}

void RuleRun::paceAfterBatch(double ms, int pauseMs)
{
    if (m_ctx.pacer)
        m_ctx.pacer->afterBatch(ms, pauseMs);
    else if (pauseMs > 0)
        interruptibleSleep(m_ctx, pauseMs);
}

RuleReceipt RuleRun::finish(RuleStatus status, const QString &message)
{
    m_r.batchP50Ms = percentile(m_batchMs, 0.50);
    m_r.batchP95Ms = percentile(m_batchMs, 0.95);
    m_r.batchMaxMs = m_batchMs.isEmpty() ? 0 : *std::max_element(m_batchMs.begin(), m_batchMs.end());
    m_r.status = status;
    m_r.message = message;
    m_r.stopped =
        status == RuleStatus::Cancelled && !m_ctx.canceller.isCancelled() && !m_ctx.canceller.isAborted();
    m_r.durationMs = m_timer.elapsed();
    if (m_ctx.pacer)
        m_r.throttledMs = m_ctx.pacer->throttledMs() - m_throttledAtStart;
    report(status, message);
    return m_r;
}

QString lockHoldersOf(PgConnection &conn, const QString &table)
{
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral(
        "SELECT string_agg(DISTINCT format('pid %s (%s, %s)', a.pid, a.application_name, l.mode), '; ')"
        "  FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.relation = to_regclass(?) AND l.granted AND l.pid <> pg_backend_pid()"));
    q.addBindValue(table);
    if (q.exec() && q.next() && !q.value(0).isNull())
        return q.value(0).toString();
    return QCoreApplication::translate("purga::detail", "another session");
}

void interruptibleSleep(const PurgeContext &ctx, int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms && !ctx.stopRequested())
        QThread::msleep(qMin<qint64>(20, ms - t.elapsed()));
}

QString batchBeginSql(const RuleConfig &cfg, bool syncCommit)
{
    return QStringLiteral("BEGIN; SET LOCAL lock_timeout = %1; SET LOCAL statement_timeout = %2%3")
        .arg(cfg.lockTimeoutMs)
        .arg(cfg.statementTimeoutMs)
        .arg(syncCommit ? QString() : QStringLiteral("; SET LOCAL synchronous_commit = off"));
}

bool lockStillHeld(PurgeContext &ctx, QString *why)
{
    if (ctx.conn.isDirect())
        return true;
    const std::optional<bool> held = advisoryLockHeldHere(ctx.conn, ctx.options.advisoryLockKey);
    if (held.value_or(false))
        return true;
    *why = held ? QCoreApplication::translate(
                      "purga::detail",
                      "the server connection the pooler gave this batch does not hold advisory lock %1, so "
                      "the pool is not in session mode and the scheduled job could purge beside us. "
                      "Stopped before this batch deleted anything; connect directly to PostgreSQL.")
                      .arg(ctx.options.advisoryLockKey)
                : QCoreApplication::translate(
                      "purga::detail",
                      "could not read pg_locks to check that this batch's server connection holds "
                      "advisory lock %1 (behind a pooler every batch checks it). Stopped before this "
                      "batch deleted anything.")
                      .arg(ctx.options.advisoryLockKey);
    return false;
}

} // namespace purga::detail
