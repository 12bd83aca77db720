#include "purgeengine.h"

#include "historyquery.h"
#include "historystore.h"
#include "purgeinternal.h"

#include <QJsonArray>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace purga {

namespace {

QString lockHolder(PgConnection &conn, qint64 key)
{
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral(
        "SELECT a.pid, coalesce(a.application_name, ''), coalesce(host(a.client_addr), 'local'),"
        "       coalesce(a.usename::text, ''), a.backend_start::text, coalesce(a.state, '')"
        "  FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
        "   AND l.classid::bigint = (CAST(? AS bigint) >> 32) AND l.objid::bigint = (CAST(? AS bigint) & 4294967295)"
        "   AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"));
    q.addBindValue(key);
    q.addBindValue(key);
    if (!q.exec() || !q.next())
        return PurgeEngine::tr("an unknown session");
    return PurgeEngine::tr("pid %1 (%2, user %3, from %4, connected since %5 UTC, %6)")
        .arg(q.value(0).toString(), q.value(1).toString(), q.value(3).toString(), q.value(2).toString(),
             q.value(4).toString(), q.value(5).toString());
}

QString nowUtc(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    return q.exec(QStringLiteral("SELECT clock_timestamp()::text")) && q.next() ? q.value(0).toString() : QString();
}

QString bareTable(const QString &qualified)
{
    return qualified.section(u'.', -1);
}

} // namespace

QJsonObject RuleReceipt::toJson() const
{
    QJsonObject o{{QStringLiteral("id"), ruleId},
                  {QStringLiteral("table"), table},
                  {QStringLiteral("status"), status},
                  {QStringLiteral("deleted"), double(deleted)},
                  {QStringLiteral("planned"), double(planned)},
                  {QStringLiteral("batches"), batches},
                  {QStringLiteral("retries"), retries},
                  {QStringLiteral("duration_ms"), double(durationMs)},
                  {QStringLiteral("batch_p50_ms"), batchP50Ms},
                  {QStringLiteral("batch_p95_ms"), batchP95Ms},
                  {QStringLiteral("batch_max_ms"), batchMaxMs},
                  {QStringLiteral("sql"), sql},
                  {QStringLiteral("message"), message}};
    if (deleted > 0 && !Rules::isPartitionRule(ruleId)) {
        o.insert(QStringLiteral("key_min"), double(keyMin));
        o.insert(QStringLiteral("key_max"), double(keyMax));
    }
    if (Rules::isPartitionRule(ruleId)) {
        o.insert(QStringLiteral("dropped_partitions"), QJsonArray::fromStringList(droppedPartitions));
        o.insert(QStringLiteral("detached_partitions"), QJsonArray::fromStringList(detachedPartitions));
    }
    return o;
}

QJsonObject PurgeReceipt::toJson() const
{
    QJsonArray arr;
    for (const RuleReceipt &r : rules)
        arr.append(r.toJson());
    QJsonObject o{{QStringLiteral("run_id"), runId},
                  {QStringLiteral("status"), status},
                  {QStringLiteral("message"), message},
                  {QStringLiteral("cutoff_base_utc"), cutoffBaseUtc},
                  {QStringLiteral("started_utc"), startedUtc},
                  {QStringLiteral("finished_utc"), finishedUtc},
                  {QStringLiteral("duration_ms"), double(durationMs)},
                  {QStringLiteral("rules"), arr}};
    if (!lockHolder.isEmpty())
        o.insert(QStringLiteral("lock_holder"), lockHolder);
    return o;
}

int PurgeReceipt::exitCode() const
{
    if (status == QLatin1String("ok"))
        return 0;
    if (status == QLatin1String("lock_ocupado"))
        return 5;
    if (status == QLatin1String("cancelado"))
        return 6;
    return 1;
}

PurgeEngine::PurgeEngine(PgConnection &conn, QueryCanceller &canceller)
    : m_conn(conn)
    , m_canceller(canceller)
{
}

PurgeReceipt PurgeEngine::run(const PreviewPlan &plan, const PurgeOptions &options, PurgeObserver *observer)
{
    detail::PurgeContext ctx{m_conn, m_canceller, m_stopAfterBatch, observer, options, {}};
    ctx.runTimer.start();
    PurgeReceipt receipt;
    receipt.runId = options.runId.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : options.runId;
    receipt.cutoffBaseUtc = plan.cutoffBaseUtc;
    receipt.startedUtc = nowUtc(m_conn);
    m_canceller.arm(m_conn.handle());

    const bool history = options.recordHistory && HistoryStore::exists(m_conn);
    QString err;
    auto finish = [&](const QString &status, const QString &message) {
        receipt.status = status;
        receipt.message = message;
        receipt.durationMs = ctx.runTimer.elapsed();
        receipt.finishedUtc = nowUtc(m_conn);
        if (history) {
            for (const RuleReceipt &r : receipt.rules) {
                if (r.status == QLatin1String("omitido"))
                    continue;
                HistoryStore::writeMetric(m_conn, receipt.runId, QStringLiteral("identidad_purga_filas"),
                                          bareTable(r.table), double(r.deleted), &err);
                HistoryStore::writeMetric(m_conn, receipt.runId, QStringLiteral("identidad_purga_duracion_ms"),
                                          bareTable(r.table), double(r.durationMs), &err);
            }
            recordTableSizesAfter(m_conn, receipt, &err);
            HistoryStore::finishRun(m_conn, receipt.runId, status, message, &err);
        }
        ctx.log(message);
        return receipt;
    };

    // One purger at a time (ADR 0021): the lock lives on this very connection for the whole run.
    QSqlQuery lock(m_conn.database());
    lock.prepare(QStringLiteral("SELECT pg_try_advisory_lock(CAST(? AS bigint))"));
    lock.addBindValue(options.advisoryLockKey);
    if (!lock.exec() || !lock.next()) {
        return finish(QStringLiteral("error"),
                      tr("Could not ask for the advisory lock: %1").arg(lock.lastError().databaseText()));
    }
    if (history) {
        const QString detail = tr("cutoff base %1; rules %2").arg(plan.cutoffBaseUtc, options.ruleIds.join(u','));
        if (!HistoryStore::startRun(m_conn, receipt.runId, options.origin, options.operatorName, detail, &err))
            ctx.log(tr("Warning: the run could not be recorded in the history: %1").arg(err));
    }
    if (!lock.value(0).toBool()) {
        receipt.lockHolder = lockHolder(m_conn, options.advisoryLockKey);
        return finish(QStringLiteral("lock_ocupado"),
                      tr("Another purge holds advisory lock %1: %2. Nothing was deleted.")
                          .arg(options.advisoryLockKey)
                          .arg(receipt.lockHolder));
    }
    ctx.log(tr("Advisory lock %1 taken (backend pid %2).").arg(options.advisoryLockKey).arg(m_conn.backendPid()));

    QString runStatus = QStringLiteral("ok");
    QString runMessage;
    for (const QString &id : options.ruleIds) {
        const RulePreview *preview = plan.rule(id);
        if (!preview) {
            runStatus = QStringLiteral("error");
            runMessage = tr("Rule %1 is not in the confirmed preview; nothing was done for it.").arg(id);
            break;
        }
        if (runStatus != QLatin1String("ok")) {
            RuleReceipt skipped;
            skipped.ruleId = id;
            skipped.table = preview->table;
            skipped.status = QStringLiteral("omitido");
            skipped.planned = preview->eligible;
            receipt.rules << skipped;
            continue;
        }
        const RuleReceipt r = Rules::isPartitionRule(id) ? detail::purgePartitions(ctx, *preview)
                                                          : detail::purgeRows(ctx, *preview);
        receipt.rules << r;
        if (r.status != QLatin1String("ok")) {
            runStatus = r.status;
            runMessage = r.message;
        }
    }

    QSqlQuery unlock(m_conn.database());
    unlock.prepare(QStringLiteral("SELECT pg_advisory_unlock(CAST(? AS bigint))"));
    unlock.addBindValue(options.advisoryLockKey);
    unlock.exec();

    qint64 total = 0;
    for (const RuleReceipt &r : receipt.rules)
        total += r.deleted;
    if (runStatus == QLatin1String("ok"))
        runMessage = tr("Purge finished: %1 rows removed.").arg(total);
    else if (runStatus == QLatin1String("cancelado"))
        runMessage = tr("Purge cancelled after %1 rows; committed batches stay removed. %2").arg(total).arg(runMessage);
    return finish(runStatus, runMessage);
}

} // namespace purga
