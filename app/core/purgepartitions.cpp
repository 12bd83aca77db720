#include "purgeinternal.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga::detail {

namespace {

QString tr(const char *text)
{
    // lupdate files these strings under the enclosing namespace
    return QCoreApplication::translate("purga::detail", text);
}

struct Outcome
{
    bool ok = false;
    bool cancelled = false;
    bool lockTimeout = false;
    QString error;
};

// Runs one DDL statement outside any transaction block (DETACH CONCURRENTLY requires it),
// under the rule's lock and statement timeouts.
Outcome runDdl(PurgeContext &ctx, const RuleConfig &cfg, const QString &sql)
{
    QSqlQuery q(ctx.conn.database());
    q.exec(QStringLiteral("SET lock_timeout = %1").arg(cfg.lockTimeoutMs));
    q.exec(QStringLiteral("SET statement_timeout = %1").arg(cfg.statementTimeoutMs));
    Outcome o;
    o.ok = q.exec(sql);
    if (!o.ok) {
        o.cancelled = ctx.canceller.isCancelled() && isQueryCanceled(q);
        o.lockTimeout = isLockTimeout(q);
        o.error = q.lastError().databaseText().trimmed();
        if (o.error.isEmpty())
            o.error = q.lastError().text();
    }
    QSqlQuery reset(ctx.conn.database());
    reset.exec(QStringLiteral("RESET lock_timeout"));
    reset.exec(QStringLiteral("RESET statement_timeout"));
    return o;
}

// Retries a lock timeout with backoff, up to the rule's limit.
Outcome runWithRetries(PurgeContext &ctx, const RuleConfig &cfg, const QString &sql, RuleReceipt &r)
{
    for (int attempt = 0;; ++attempt) {
        Outcome o = runDdl(ctx, cfg, sql);
        if (o.ok || !o.lockTimeout || attempt >= cfg.maxLockRetries || ctx.stopRequested())
            return o;
        ++r.retries;
        const int backoff = qMin(5000, 200 << qMin(attempt + 1, 5));
        ctx.log(tr("Lock timeout on log_sesiones (held by %1); retry %2 of %3 in %4 ms.")
                    .arg(lockHoldersOf(ctx.conn, QStringLiteral("identidad.log_sesiones")))
                    .arg(attempt + 1)
                    .arg(cfg.maxLockRetries)
                    .arg(backoff));
        interruptibleSleep(ctx, backoff);
    }
}

} // namespace

RuleReceipt purgePartitions(PurgeContext &ctx, const RulePreview &preview)
{
    const RuleConfig &cfg = preview.config;
    RuleReceipt r;
    r.ruleId = preview.id;
    r.table = preview.table;
    r.planned = preview.eligible;
    r.status = QStringLiteral("ok");
    QElapsedTimer timer;
    timer.start();
    RuleProgress p;
    p.ruleId = preview.id;
    p.planned = preview.eligible;
    auto finish = [&](const QString &status, const QString &message) {
        r.status = status;
        r.message = message;
        r.durationMs = timer.elapsed();
        p.deleted = r.deleted;
        p.batches = r.batches;
        p.retries = r.retries;
        p.state = status;
        p.message = message;
        if (ctx.observer)
            ctx.observer->ruleProgress(p);
        ctx.log(message);
        return r;
    };

    // Detached (or finalized) partitions are counted on their own, then dropped unless detach-only.
    auto dropDetached = [&](const QString &name, qint64 fallbackRows) -> bool {
        r.detachedPartitions << name;
        qint64 rows = fallbackRows;
        QSqlQuery count(ctx.conn.database());
        count.exec(QStringLiteral("SET lock_timeout = %1").arg(cfg.lockTimeoutMs));
        if (count.exec(QStringLiteral("SELECT count(*) FROM %1").arg(name)) && count.next())
            rows = count.value(0).toLongLong();
        count.exec(QStringLiteral("RESET lock_timeout"));
        if (!ctx.options.detachOnly) {
            const QString drop = QStringLiteral("DROP TABLE %1").arg(name);
            r.sql += drop + QStringLiteral(";\n");
            const Outcome o = runWithRetries(ctx, cfg, drop, r);
            if (!o.ok) {
                finish(o.cancelled ? QStringLiteral("cancelado") : QStringLiteral("error"),
                       tr("%1 was detached but could not be dropped: %2").arg(name, o.error));
                return false;
            }
            r.droppedPartitions << name;
        }
        r.deleted += rows;
        ++r.batches;
        p.deleted = r.deleted;
        p.batches = r.batches;
        p.retries = r.retries;
        p.state = QStringLiteral("running");
        p.message = ctx.options.detachOnly ? tr("%1 detached (%2 rows), kept as a table.").arg(name, QString::number(rows))
                                           : tr("%1 detached and dropped (%2 rows).").arg(name, QString::number(rows));
        if (ctx.observer)
            ctx.observer->ruleProgress(p);
        ctx.log(p.message);
        return true;
    };

    // A concurrent detach interrupted earlier (cancel, crash) leaves the partition "detach pending":
    // finish it first, or the parent stays blocked for new detaches. Only partitions this preview
    // confirmed as removable are finished and dropped; any other pending one is left to its owner.
    QSqlQuery pending(ctx.conn.database());
    if (pending.exec(QStringLiteral("SELECT i.inhrelid::regclass::text FROM pg_inherits i WHERE i.inhparent = "
                                    "'identidad.log_sesiones'::regclass AND i.inhdetachpending"))) {
        QStringList names;
        while (pending.next())
            names << pending.value(0).toString();
        for (const QString &name : names) {
            const PartitionInfo *confirmed = nullptr;
            for (const PartitionInfo &part : preview.partitions)
                if (part.name == name && part.removable)
                    confirmed = &part;
            if (!confirmed) {
                ctx.log(tr("%1 has an interrupted detach but is not in the confirmed preview: left alone.").arg(name));
                continue;
            }
            const QString sql = QStringLiteral("ALTER TABLE identidad.log_sesiones DETACH PARTITION %1 FINALIZE").arg(name);
            r.sql += sql + QStringLiteral(";\n");
            const Outcome o = runWithRetries(ctx, cfg, sql, r);
            if (!o.ok)
                return finish(o.cancelled ? QStringLiteral("cancelado") : QStringLiteral("error"),
                              tr("Could not finish the interrupted detach of %1: %2").arg(name, o.error));
            ctx.log(tr("Finished the interrupted detach of %1.").arg(name));
            if (!dropDetached(name, confirmed->rows))
                return r;
        }
    }

    // Re-read the catalog with the frozen cutoff: only partitions still attached and still removable go.
    QSqlQuery cat(ctx.conn.database());
    if (!cat.exec(Rules::partitionsSql(Rules::cutoffLiteral(preview.cutoffUtc))))
        return finish(QStringLiteral("error"), tr("Cannot read the partitions: %1").arg(cat.lastError().databaseText()));
    QStringList removableNow;
    bool hasDefault = false;
    while (cat.next()) {
        if (cat.value(2).toBool())
            hasDefault = true;
        else if (cat.value(5).toBool())
            removableNow << cat.value(0).toString();
    }

    for (const PartitionInfo &part : preview.partitions) {
        if (!part.removable || part.isDefault || r.detachedPartitions.contains(part.name))
            continue;
        if (ctx.stopRequested())
            return finish(QStringLiteral("cancelado"), tr("Stopped before %1 as asked.").arg(part.name));
        if (!removableNow.contains(part.name)) {
            ctx.log(tr("%1 is no longer an attached, removable partition: left alone.").arg(part.name));
            continue;
        }
        // CONCURRENTLY needs no transaction block and no DEFAULT partition; otherwise a plain
        // DETACH under lock_timeout, retried.
        const QString detach = QStringLiteral("ALTER TABLE identidad.log_sesiones DETACH PARTITION %1%2")
                                   .arg(part.name, hasDefault ? QString() : QStringLiteral(" CONCURRENTLY"));
        r.sql += detach + QStringLiteral(";\n");
        const Outcome o = runWithRetries(ctx, cfg, detach, r);
        if (!o.ok) {
            if (o.cancelled)
                return finish(QStringLiteral("cancelado"),
                              tr("Cancelled while detaching %1; a concurrent detach is finished on the next run.")
                                  .arg(part.name));
            return finish(QStringLiteral("error"), tr("Could not detach %1: %2").arg(part.name, o.error));
        }
        if (!dropDetached(part.name, part.rows))
            return r;
    }
    return finish(QStringLiteral("ok"), tr("log_sesiones: %1 partitions, %2 rows removed.")
                                            .arg(r.batches)
                                            .arg(r.deleted));
}

} // namespace purga::detail
