#include "purgeinternal.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <algorithm>
#include <cmath>

namespace purga::detail {

namespace {

QString tr(const char *text)
{
    // lupdate files these strings under the enclosing namespace
    return QCoreApplication::translate("purga::detail", text);
}

double percentile(QList<double> v, double p)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype i = qMin(v.size() - 1, qsizetype(std::ceil(p * double(v.size())) - 1));
    return v.at(qMax<qsizetype>(0, i));
}

void rollback(PgConnection &conn)
{
    QString ignored;
    if (conn.isOpen()) // a lost connection has nothing to roll back (and Qt would warn)
        conn.execScript(QStringLiteral("ROLLBACK"), &ignored);
}

} // namespace

QString lockHoldersOf(PgConnection &conn, const QString &table)
{
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral("SELECT string_agg(DISTINCT format('pid %s (%s, %s)', a.pid, a.application_name, l.mode), '; ')"
                             "  FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                             " WHERE l.relation = to_regclass(?) AND l.granted AND l.pid <> pg_backend_pid()"));
    q.addBindValue(table);
    if (q.exec() && q.next() && !q.value(0).isNull())
        return q.value(0).toString();
    return tr("another session");
}

void interruptibleSleep(const PurgeContext &ctx, int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms && !ctx.stopRequested())
        QThread::msleep(qMin<qint64>(20, ms - t.elapsed()));
}

RuleReceipt purgeRows(PurgeContext &ctx, const RulePreview &preview)
{
    const RuleConfig &cfg = preview.config;
    RuleReceipt r;
    r.ruleId = preview.id;
    r.table = preview.table;
    r.planned = preview.eligible;
    r.status = QStringLiteral("ok");
    QElapsedTimer ruleTimer;
    ruleTimer.start();

    RuleProgress p;
    p.ruleId = preview.id;
    p.planned = preview.eligible;
    auto report = [&](const QString &state, const QString &message) {
        p.deleted = r.deleted;
        p.batches = r.batches;
        p.retries = r.retries;
        p.state = state;
        p.message = message;
        const double secs = ruleTimer.elapsed() / 1000.0;
        p.rowsPerSecond = secs > 0 ? r.deleted / secs : 0;
        p.etaMs = p.rowsPerSecond > 0 ? qint64((p.planned - p.deleted) / p.rowsPerSecond * 1000.0) : -1;
        if (ctx.observer)
            ctx.observer->ruleProgress(p);
    };
    QList<double> batchMs;
    auto finish = [&](const QString &status, const QString &message) {
        r.batchP50Ms = percentile(batchMs, 0.50);
        r.batchP95Ms = percentile(batchMs, 0.95);
        r.batchMaxMs = batchMs.isEmpty() ? 0 : *std::max_element(batchMs.begin(), batchMs.end());
        r.status = status;
        r.message = message;
        r.durationMs = ruleTimer.elapsed();
        report(status, message);
        ctx.log(message);
        return r;
    };

    const QString cutoff = Rules::cutoffLiteral(preview.cutoffUtc);
    r.sql = Rules::deleteBatchSql(preview.id, cutoff);
    if (preview.eligible <= 0)
        return finish(QStringLiteral("ok"), tr("%1: nothing to remove.").arg(preview.table));

    // The table's size is read inside the first batch's transaction, under its lock_timeout:
    // behind an ACCESS EXCLUSIVE lock it times out and is retried like any batch.
    qint64 blocks = -1;
    const QString batchTemplate = QString(r.sql)
                                      .replace(QStringLiteral("%KEY_MIN%"), QString::number(preview.keyMin))
                                      .replace(QStringLiteral("%KEY_MAX%"), QString::number(preview.keyMax));
    ctx.log(tr("%1: %2 rows to remove, cutoff %3 UTC.").arg(preview.table).arg(preview.eligible).arg(preview.cutoffUtc));

    // Chunk size in blocks: aims at cfg.batchSize rows, adapted to the density seen so far and,
    // when set, to the target batch time; it never more than doubles from one batch to the next.
    double density = 1.0; // removable rows per block, known once the size is read
    double msPerBlock = 0.02;
    qint64 chunk = 1;
    const double timeCapMs = cfg.targetBatchMs > 0 ? cfg.targetBatchMs : 250.0;
    bool firstKey = true;
    int lockRetries = 0;

    for (qint64 from = 0; blocks < 0 || from < blocks;) {
        if (ctx.canceller.isCancelled())
            return finish(QStringLiteral("cancelado"), tr("%1: cancelled.").arg(preview.table));
        if (ctx.stopAfterBatch.load())
            return finish(QStringLiteral("cancelado"), tr("%1: stopped after batch %2 as asked.")
                                                           .arg(preview.table)
                                                           .arg(r.batches));
        QElapsedTimer bt;
        bt.start();
        QSqlQuery b(ctx.conn.database());
        // One round trip opens the batch's transaction with its timeouts.
        QString beginError;
        bool began = ctx.conn.execScript(QStringLiteral("BEGIN; SET LOCAL lock_timeout = %1; "
                                                        "SET LOCAL statement_timeout = %2")
                                             .arg(cfg.lockTimeoutMs)
                                             .arg(cfg.statementTimeoutMs),
                                         &beginError);
        if (began && blocks < 0) {
            began = b.exec(QStringLiteral("SELECT pg_relation_size(to_regclass('%1')) / "
                                          "current_setting('block_size')::bigint")
                               .arg(preview.table)) &&
                    b.next();
            if (began) {
                blocks = qMax<qint64>(1, b.value(0).toLongLong());
                density = double(preview.eligible) / blocks;
                chunk = qBound<qint64>(1, qint64(cfg.batchSize / qMax(density, 0.01)), blocks);
                ctx.log(tr("%1: %2 blocks, first chunk %3 blocks.").arg(preview.table).arg(blocks).arg(chunk));
            }
        }
        const qint64 to = qMin(qMax<qint64>(blocks, 1), from + chunk);
        QString sql = batchTemplate;
        sql.replace(QStringLiteral("%TID_FROM%"), QString::number(from))
            .replace(QStringLiteral("%TID_TO%"), QString::number(to >= blocks ? qint64(4294967295LL) : to));
        // The last chunk is open-ended: it also covers blocks the table grew by during the run.
        if (!began || !b.exec(sql)) {
            const bool cancelled = ctx.canceller.isCancelled() && isQueryCanceled(b);
            const bool lockTimeout = isLockTimeout(b);
            const QString dbError = began ? b.lastError().databaseText().trimmed() : beginError;
            rollback(ctx.conn);
            if (cancelled)
                return finish(QStringLiteral("cancelado"),
                              tr("%1: cancelled during batch %2; that batch was rolled back.")
                                  .arg(preview.table)
                                  .arg(r.batches + 1));
            if (lockTimeout && lockRetries < cfg.maxLockRetries) {
                ++lockRetries;
                ++r.retries;
                const int backoff = qMin(5000, 200 << qMin(lockRetries, 5));
                report(QStringLiteral("waiting_lock"),
                       tr("%1: lock timeout (%2 ms) held by %3; retry %4 of %5 in %6 ms.")
                           .arg(preview.table)
                           .arg(cfg.lockTimeoutMs)
                           .arg(lockHoldersOf(ctx.conn, preview.table))
                           .arg(lockRetries)
                           .arg(cfg.maxLockRetries)
                           .arg(backoff));
                ctx.log(p.message);
                interruptibleSleep(ctx, backoff);
                continue;
            }
            if (lockTimeout)
                return finish(QStringLiteral("error"),
                              tr("%1: still locked after %2 retries (held by %3). Stopped cleanly: every committed "
                                 "batch stays, nothing is half-done.")
                                  .arg(preview.table)
                                  .arg(cfg.maxLockRetries)
                                  .arg(lockHoldersOf(ctx.conn, preview.table)));
            if (!ctx.conn.isOpen() || dbError.isEmpty())
                return finish(QStringLiteral("error"),
                              tr("%1: the connection was lost during batch %2. Committed batches stay removed.")
                                  .arg(preview.table)
                                  .arg(r.batches + 1));
            return finish(QStringLiteral("error"), tr("%1: batch %2 failed: %3")
                                                       .arg(preview.table)
                                                       .arg(r.batches + 1)
                                                       .arg(dbError));
        }
        lockRetries = 0;
        const qint64 n = qMax(0, b.numRowsAffected());
        // Blast-radius breaker: never remove more than the confirmed preview counted.
        if (r.deleted + n > preview.eligible) {
            rollback(ctx.conn);
            return finish(QStringLiteral("error"),
                          tr("%1: batch %2 would bring the total to %3, above the %4 rows of the preview; it was "
                             "rolled back and the purge stopped. Take a new preview.")
                              .arg(preview.table)
                              .arg(r.batches + 1)
                              .arg(r.deleted + n)
                              .arg(preview.eligible));
        }
        QSqlQuery commit(ctx.conn.database());
        if (!commit.exec(QStringLiteral("COMMIT"))) {
            const QString e = commit.lastError().text();
            rollback(ctx.conn);
            return finish(QStringLiteral("error"), tr("%1: commit failed: %2").arg(preview.table, e));
        }
        const double ms = bt.nsecsElapsed() / 1e6;
        batchMs << ms;
        ++r.batches;
        r.deleted += n;
        if (n > 0 && firstKey) {
            // Every deleted row lies in the preview's key range (the DELETE is bounded by it).
            r.keyMin = preview.keyMin;
            r.keyMax = preview.keyMax;
            firstKey = false;
        }
        p.lastBatchMs = ms;
        report(QStringLiteral("running"), QString());

        const qint64 span = to - from;
        density = 0.5 * density + 0.5 * (double(n) / span);
        msPerBlock = 0.5 * msPerBlock + 0.5 * (ms / span);
        const qint64 byRows = qint64(cfg.batchSize / qMax(density, 0.01));
        const qint64 byTime = qint64(timeCapMs / qMax(msPerBlock, 1e-4));
        chunk = qBound<qint64>(qMax<qint64>(1, chunk / 2), qMin(byRows, byTime), chunk * 2);
        from = to;
        // Everything the preview counted is gone: the remaining blocks hold nothing for this plan.
        if (r.deleted >= preview.eligible)
            break;
        if (cfg.pauseMs > 0)
            interruptibleSleep(ctx, cfg.pauseMs);
    }
    QString msg = tr("%1: %2 rows removed in %3 batches.").arg(preview.table).arg(r.deleted).arg(r.batches);
    if (r.deleted != preview.eligible)
        msg += u' ' + tr("The preview counted %1: %2 rows changed since (updated or removed by others) and were "
                         "left alone.")
                          .arg(preview.eligible)
                          .arg(preview.eligible - r.deleted);
    return finish(QStringLiteral("ok"), msg);
}

} // namespace purga::detail
