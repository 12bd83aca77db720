#include "chunkplanner.h"
#include "dbfailure.h"
#include "purgeinternal.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga::detail {

namespace {

struct Outcome
{
    bool ok = false;
    SqlFailure failure = SqlFailure::None;
    QString error;
    bool cancelled() const { return failure == SqlFailure::Cancelled; }
};

// The partition rule: finishes interrupted detaches of confirmed partitions, then detaches and
// drops every partition the preview confirmed as removable that is still attached and removable.
class PartitionPurge
{
public:
    PartitionPurge(PurgeContext &ctx, const RulePreview &preview)
        : m_run(ctx, preview)
        , m_ctx(ctx)
        , m_preview(preview)
        , m_cfg(preview.config)
    {
    }

    RuleReceipt run();

private:
    Outcome runDdl(const QString &sql);
    Outcome runWithRetries(const QString &sql);
    bool finishPending(RuleReceipt *out);
    bool detachOne(const PartitionInfo &part, bool concurrently, RuleReceipt *out);
    bool dropDetached(const QString &name, qint64 previewRows, const QElapsedTimer &since, RuleReceipt *out);
    const PartitionInfo *confirmed(const QString &name) const;

    RuleRun m_run;
    PurgeContext &m_ctx;
    const RulePreview &m_preview;
    const RuleConfig &m_cfg;
};

const PartitionInfo *PartitionPurge::confirmed(const QString &name) const
{
    for (const PartitionInfo &part : m_preview.partitions)
        if (part.name == name && part.removable && !part.isDefault)
            return &part;
    return nullptr;
}

// Runs one DDL statement outside any transaction block (DETACH CONCURRENTLY requires it),
// under the rule's lock and statement timeouts.
Outcome PartitionPurge::runDdl(const QString &sql)
{
    QSqlQuery q(m_ctx.conn.database());
    q.exec(QStringLiteral("SET lock_timeout = %1").arg(m_cfg.lockTimeoutMs));
    q.exec(QStringLiteral("SET statement_timeout = %1").arg(m_cfg.statementTimeoutMs));
    Outcome o;
    o.ok = q.exec(sql);
    if (!o.ok) {
        o.failure = classifyFailure(q, m_ctx.canceller.isCancelled());
        o.error = q.lastError().databaseText().trimmed();
        if (o.error.isEmpty())
            o.error = q.lastError().text();
    }
    QSqlQuery reset(m_ctx.conn.database());
    reset.exec(QStringLiteral("RESET lock_timeout"));
    reset.exec(QStringLiteral("RESET statement_timeout"));
    return o;
}

// Retries a lock timeout with backoff, up to the rule's limit.
Outcome PartitionPurge::runWithRetries(const QString &sql)
{
    m_run.receipt().sql += sql + QStringLiteral(";\n");
    for (int attempt = 1;; ++attempt) {
        Outcome o = runDdl(sql);
        if (o.ok || o.failure != SqlFailure::LockTimeout || attempt > m_cfg.maxLockRetries ||
            m_ctx.stopRequested())
            return o;
        const int backoff = retryBackoffMs(attempt);
        m_run.waitBeforeRetry(
            backoff,
            QCoreApplication::translate("purga::detail",
                                        "Lock timeout on log_sesiones (held by %1); retry %2 of %3 in %4 ms.")
                .arg(lockHoldersOf(m_ctx.conn, QStringLiteral("identidad.log_sesiones")))
                .arg(attempt)
                .arg(m_cfg.maxLockRetries)
                .arg(backoff));
    }
}

// A detached partition is dropped unless detach-only. Its rows are the preview's exact count
// (a detached partition takes no new rows: its range is older than the cutoff). A "Cancel now"
// between the DETACH and the DROP keeps the table.
bool PartitionPurge::dropDetached(const QString &name, qint64 previewRows, const QElapsedTimer &since,
                                  RuleReceipt *out)
{
    RuleReceipt &r = m_run.receipt();
    r.detachedPartitions << name;
    m_ctx.log(QCoreApplication::translate("purga::detail", "%1 detached.").arg(name));
    if (!m_ctx.options.detachOnly) {
        if (m_ctx.canceller.isCancelled()) {
            *out =
                m_run.finish(RuleStatus::Cancelled,
                             QCoreApplication::translate(
                                 "purga::detail", "Cancelled after detaching %1: it is kept as a plain table "
                                                  "(DROP TABLE %1 removes it).")
                                 .arg(name));
            return false;
        }
        const Outcome o = runWithRetries(Rules::dropPartitionSql(name));
        if (!o.ok) {
            *out = m_run.finish(
                o.cancelled() ? RuleStatus::Cancelled : RuleStatus::Error,
                QCoreApplication::translate("purga::detail", "%1 was detached but could not be dropped: %2")
                    .arg(name, o.error));
            return false;
        }
        r.droppedPartitions << name;
    }
    const qint64 rows = qMax<qint64>(0, previewRows);
    m_run.recordBatch(
        rows, since.nsecsElapsed() / 1e6,
        m_ctx.options.detachOnly
            ? QCoreApplication::translate("purga::detail", "%1 detached (%2 rows), kept as a table.")
                  .arg(name, QString::number(rows))
            : QCoreApplication::translate("purga::detail", "%1 detached and dropped (%2 rows).")
                  .arg(name, QString::number(rows)));
    return true;
}

// A concurrent detach interrupted earlier (cancel, crash) leaves the partition "detach pending":
// finish it first, or the parent stays blocked for new detaches. Only partitions this preview
// confirmed as removable are finished and dropped; any other pending one is left to its owner.
bool PartitionPurge::finishPending(RuleReceipt *out)
{
    QSqlQuery pending(m_ctx.conn.database());
    if (!pending.exec(Rules::pendingDetachSql()))
        return true;
    QStringList names;
    while (pending.next())
        names << pending.value(0).toString();
    for (const QString &name : names) {
        const PartitionInfo *part = confirmed(name);
        if (!part) {
            m_ctx.log(QCoreApplication::translate(
                          "purga::detail",
                          "%1 has an interrupted detach but is not in the confirmed preview: left alone.")
                          .arg(name));
            continue;
        }
        QElapsedTimer t;
        t.start();
        const Outcome o = runWithRetries(Rules::detachSql(name, Rules::DetachMode::Finalize));
        if (!o.ok) {
            *out = m_run.finish(o.cancelled() ? RuleStatus::Cancelled : RuleStatus::Error,
                                QCoreApplication::translate(
                                    "purga::detail", "Could not finish the interrupted detach of %1: %2")
                                    .arg(name, o.error));
            return false;
        }
        m_ctx.log(
            QCoreApplication::translate("purga::detail", "Finished the interrupted detach of %1.").arg(name));
        if (!dropDetached(name, part->rows, t, out))
            return false;
    }
    return true;
}

// CONCURRENTLY needs no transaction block and no DEFAULT partition; otherwise a plain DETACH
// under lock_timeout, retried.
bool PartitionPurge::detachOne(const PartitionInfo &part, bool concurrently, RuleReceipt *out)
{
    QElapsedTimer t;
    t.start();
    const Outcome o = runWithRetries(Rules::detachSql(
        part.name, concurrently ? Rules::DetachMode::Concurrently : Rules::DetachMode::Plain));
    if (!o.ok) {
        *out = o.cancelled()
                   ? m_run.finish(
                         RuleStatus::Cancelled,
                         QCoreApplication::translate(
                             "purga::detail",
                             "Cancelled while detaching %1; a concurrent detach is finished on the next run.")
                             .arg(part.name))
                   : m_run.finish(RuleStatus::Error,
                                  QCoreApplication::translate("purga::detail", "Could not detach %1: %2")
                                      .arg(part.name, o.error));
        return false;
    }
    return dropDetached(part.name, part.rows, t, out);
}

RuleReceipt PartitionPurge::run()
{
    RuleReceipt out;
    if (!finishPending(&out))
        return out;
    // Re-read the catalog with the frozen cutoff: only partitions still attached and still removable go.
    QSqlQuery cat(m_ctx.conn.database());
    if (!cat.exec(Rules::partitionsSql(Rules::cutoffLiteral(m_preview.cutoffUtc))))
        return m_run.finish(RuleStatus::Error,
                            QCoreApplication::translate("purga::detail", "Cannot read the partitions: %1")
                                .arg(cat.lastError().databaseText()));
    QStringList removableNow;
    bool hasDefault = false;
    while (cat.next()) {
        if (cat.value(2).toBool())
            hasDefault = true;
        else if (cat.value(5).toBool())
            removableNow << cat.value(0).toString();
    }
    const RuleReceipt &r = m_run.receipt();
    for (const PartitionInfo &part : m_preview.partitions) {
        if (!part.removable || part.isDefault || r.detachedPartitions.contains(part.name))
            continue;
        if (m_ctx.stopRequested())
            return m_run.finish(
                RuleStatus::Cancelled,
                QCoreApplication::translate("purga::detail", "Stopped before %1 as asked.").arg(part.name));
        if (!removableNow.contains(part.name)) {
            m_ctx.log(QCoreApplication::translate(
                          "purga::detail", "%1 is no longer an attached, removable partition: left alone.")
                          .arg(part.name));
            continue;
        }
        if (!detachOne(part, !hasDefault, &out))
            return out;
    }
    return m_run.finish(RuleStatus::Ok, QCoreApplication::translate(
                                            "purga::detail", "log_sesiones: %1 partitions, %2 rows removed.")
                                            .arg(r.batches)
                                            .arg(r.deleted));
}

} // namespace

RuleReceipt purgePartitions(PurgeContext &ctx, const RulePreview &preview)
{
    return PartitionPurge(ctx, preview).run();
}

} // namespace purga::detail
