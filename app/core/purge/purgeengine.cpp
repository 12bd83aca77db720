#include "purgeengine.h"

#include "core/history/historystore.h"
#include "core/locks/lockholders.h"
#include "core/util/textformat.h"
#include "parallelpurge.h"
#include "receiptnotes.h"
#include "rulerun.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace purga {

namespace {

QString nowUtc(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    return q.exec(QStringLiteral("SELECT clock_timestamp()::text")) && q.next() ? q.value(0).toString()
                                                                                : QString();
}

QString bareTable(const QString &qualified)
{
    return qualified.section(u'.', -1);
}

// The table sizes after a run, for the tables it worked on (its rules that were not skipped).
bool recordTableSizesAfter(PgConnection &conn, const PurgeReceipt &receipt, QString *error)
{
    QStringList tables;
    QList<qint64> rowsLeft; // the preview's count less what the run removed (row rules)
    for (const RuleReceipt &r : receipt.rules)
        if (r.status != RuleStatus::Skipped && !r.table.isEmpty()) {
            tables << r.table;
            rowsLeft << (r.rowsBefore >= 0 ? qMax<qint64>(0, r.rowsBefore - r.deleted) : -1);
        }
    return tables.isEmpty() || HistoryStore::recordTableSizes(conn, receipt.runId, tables, error, rowsLeft);
}

} // namespace

PurgeEngine::PurgeEngine(PgConnection &conn, QueryCanceller &canceller, const StopRequest *stop)
    : m_conn(conn)
    , m_canceller(canceller)
    , m_stop(stop ? stop : &m_ownStop)
{
}

// One purger at a time (ADR 0021): the lock lives on this very connection for the whole run.
// False when the run ends here (receipt status and message set).
bool PurgeEngine::takeLock(PurgeReceipt &receipt, const PurgeOptions &options, bool &history,
                           QString *failure)
{
    // The prepared query ends here: Qt deallocates it on destruction, which would fail (and warn
    // on stderr) if it lived until after a lost connection.
    bool asked = false, locked = false;
    QString lockError;
    {
        QSqlQuery lock(m_conn.database());
        lock.prepare(QStringLiteral("SELECT pg_try_advisory_lock(CAST(? AS bigint)), pg_backend_pid()"));
        lock.addBindValue(options.advisoryLockKey);
        asked = lock.exec() && lock.next();
        locked = asked && lock.value(0).toBool();
        m_lockPid = locked ? lock.value(1).toInt() : 0;
        lockError = lock.lastError().databaseText();
    }
    if (!asked) {
        receipt.status = RunStatus::Error;
        receipt.message = tr("Could not ask for the advisory lock: %1").arg(lockError);
        return false;
    }
    if (history) {
        QString err;
        const QString detail = tr("cutoff base %1; rules %2; lock key %3")
                                   .arg(receipt.cutoffBaseUtc, options.ruleIds.join(u','))
                                   .arg(options.advisoryLockKey);
        if (!HistoryStore::startRun(m_conn, receipt.runId, options.origin, options.operatorName, detail,
                                    &err)) {
            *failure = tr("Warning: the run could not be recorded in the history: %1").arg(err);
            history = false;
        }
    }
    if (!locked) {
        receipt.lockHolder = describeLockHolder(m_conn, options.advisoryLockKey);
        receipt.status = RunStatus::LockBusy;
        receipt.message = tr("Another purge holds advisory lock %1: %2. Nothing was deleted.")
                              .arg(options.advisoryLockKey)
                              .arg(receipt.lockHolder);
        return false;
    }
    return true;
}

// Runs the rules in order; after the first rule that does not end Ok, every later rule gets a
// "skipped" entry, so the receipt always lists every rule that was asked for.
void PurgeEngine::runRules(const PreviewPlan &plan, const PurgeOptions &options, PurgeObserver *observer,
                           PurgeReceipt &receipt, bool history)
{
    // A session that waits for our lock (the scheduled job at 03:00) is said live, once.
    LockWaiterWatch waiters(m_conn, options.advisoryLockKey, [observer](const LockWaiter &w) {
        if (observer)
            observer->notice(tr("Session %1 is waiting for the purge lock; it gets it when this purge ends.")
                                 .arg(w.describe()));
    });
    Pacer pacer(
        m_conn, options.pacing, options.live.get(),
        [this] { return m_stop->isRequested() || m_canceller.isCancelled(); },
        [observer](const QString &line) {
            if (observer)
                observer->notice(line);
        });
    if (observer)
        observer->log(pacer.describe());
    detail::PurgeContext ctx{
        m_conn, m_canceller,  *m_stop, observer, options, {}, [&waiters] { waiters.poll(); },
        &pacer, receipt.runId};
    ctx.history = history;
    ctx.lockPid = m_lockPid;
    ctx.runTimer.start();
    receipt.status = RunStatus::Ok;
    // --parallel: the row rules all at once, before the partition rule; their receipts in order.
    QMap<QString, RuleReceipt> parallelDone;
    if (options.parallel > 1) {
        QList<const RulePreview *> rowRules;
        for (const QString &id : options.ruleIds)
            if (const RulePreview *p = plan.rule(id); p && !Rules::isPartitionRule(id))
                rowRules << p;
        if (!rowRules.isEmpty())
            for (const RuleReceipt &r : detail::purgeRowsParallel(ctx, rowRules))
                parallelDone.insert(r.ruleId, r);
    }
    for (const QString &id : options.ruleIds) {
        const RulePreview *preview = plan.rule(id);
        if (parallelDone.contains(id)) {
            const RuleReceipt r = parallelDone.value(id);
            receipt.rules << r;
            if (r.status != RuleStatus::Ok && receipt.status == RunStatus::Ok) {
                receipt.status = runStatusOf(r.status);
                receipt.message = r.message;
                receipt.stopped = r.stopped;
            }
            continue;
        }
        if (receipt.status != RunStatus::Ok || !preview) {
            addNotRun(id, preview, receipt);
            continue;
        }
        const RuleReceipt r = Rules::isPartitionRule(id) ? detail::purgePartitions(ctx, *preview)
                                                         : detail::purgeRows(ctx, *preview);
        receipt.rules << r;
        if (r.status != RuleStatus::Ok) {
            receipt.status = runStatusOf(r.status);
            receipt.message = r.message;
            receipt.stopped = r.stopped;
        }
    }
    flushBatches(ctx, receipt);
    waiters.pollNow(); // the lock is still ours: whoever waits now waited during the run
    receipt.lockWaiters = waiters.seen();
    receipt.throttledMs = pacer.throttledMs();
    receipt.lagWaits = pacer.lagWaits();
    sayHowItEnded(receipt);
}

// A rule that did not run: skipped after an earlier rule stopped, or missing from the preview.
void PurgeEngine::addNotRun(const QString &id, const RulePreview *preview, PurgeReceipt &receipt)
{
    RuleReceipt r;
    r.ruleId = id;
    r.table = preview ? preview->table : Rules::table(id);
    r.planned = preview ? preview->eligible : 0;
    r.status = receipt.status != RunStatus::Ok ? RuleStatus::Skipped : RuleStatus::Error;
    if (r.status == RuleStatus::Error) {
        r.message = tr("Rule %1 is not in the confirmed preview; nothing was done for it.").arg(id);
        receipt.status = RunStatus::Error;
        receipt.message = r.message;
    }
    receipt.rules << r;
}

// The run's message: the rows removed, and whether it finished, stopped or was cancelled.
void PurgeEngine::sayHowItEnded(PurgeReceipt &receipt)
{
    qint64 total = 0;
    for (const RuleReceipt &r : receipt.rules)
        total += r.deleted;
    if (receipt.status == RunStatus::Ok)
        receipt.message = tr("Purge finished: %1 rows removed.").arg(formatCount(total));
    else if (receipt.status == RunStatus::Cancelled)
        receipt.message =
            (receipt.stopped ? tr("Purge stopped after %1 rows; committed batches stay removed. %2")
                             : tr("Purge cancelled after %1 rows; committed batches stay removed. %2"))
                .arg(formatCount(total), receipt.message);
}

// --sync-commit off: one durable commit before the receipt and the history claim the rows. If it
// fails the last batches may come back after a crash: the run says so and is not Ok.
void PurgeEngine::flushBatches(detail::PurgeContext &ctx, PurgeReceipt &receipt)
{
    QString error;
    if (detail::flushAsyncCommits(ctx, &error))
        return;
    const QString why =
        tr("The batches were committed asynchronously and their flush to disk could not be confirmed (%1): "
           "after a server crash the last fraction of a second of deletes may come back; the next run "
           "removes them again.")
            .arg(error);
    if (receipt.status == RunStatus::Ok) {
        receipt.status = RunStatus::Error;
        receipt.message = why;
    } else {
        receipt.message += u' ' + why;
    }
    ctx.log(why);
}

PurgeReceipt PurgeEngine::finish(PurgeReceipt &receipt, bool history, PurgeObserver *observer)
{
    // After a lost connection nothing more can be said to the server (and asking would only make
    // Qt warn "database not open" on stderr): the run is marked interrupted next time.
    bool connected = m_conn.isOpen();
    // A run whose own session was killed still closes its history row, on a connection of its
    // own (a parallel run's workers stopped before their next commit; the lock is gone), so that
    // no run stays en_curso while nothing runs.
    PgConnection fresh;
    PgConnection *hc = &m_conn;
    // Not after the run's socket was shut down because the server stopped answering (a signal's
    // deadline): connecting again would wait for the same server.
    if (history && m_reopen && !m_canceller.isAborted() && (!connected || !m_conn.ping())) {
        QString ignored;
        connected = m_reopen(fresh, &ignored);
        hc = &fresh;
        if (connected && receipt.status == RunStatus::Ok) {
            receipt.status = RunStatus::Error;
            receipt.message = tr("The run's own connection was lost before it finished.");
        }
    }
    PgConnection &conn = *hc; // the history's connection from here on
    receipt.finishedUtc =
        connected ? nowUtc(conn) : QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    if (history && connected) {
        QString err;
        for (const RuleReceipt &r : receipt.rules) {
            if (r.status == RuleStatus::Skipped)
                continue;
            HistoryStore::writeMetric(conn, receipt.runId, QStringLiteral("identidad_purga_filas"),
                                      bareTable(r.table), double(r.deleted), &err);
            HistoryStore::writeMetric(conn, receipt.runId, QStringLiteral("identidad_purga_duracion_ms"),
                                      bareTable(r.table), double(r.durationMs), &err);
        }
        recordTableSizesAfter(conn, receipt, &err);
        // The time held by the pacing goes with the run's detail (no metric name for it yet).
        const QString detail = receipt.throttledMs > 0 ? receipt.message + u' ' +
                                                             tr("Throttled %1 ms (%2 waits for replica lag).")
                                                                 .arg(formatCount(receipt.throttledMs),
                                                                      formatCount(receipt.lagWaits))
                                                       : receipt.message;
        HistoryStore::finishRun(conn, receipt.runId, toId(receipt.status), detail, &err);
    }
    if (observer)
        observer->log(receipt.message);
    return receipt;
}

PurgeReceipt PurgeEngine::run(const PreviewPlan &plan, const PurgeOptions &options, PurgeObserver *observer)
{
    QElapsedTimer timer;
    timer.start();
    PurgeReceipt receipt;
    receipt.runId =
        options.runId.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : options.runId;
    receipt.cutoffBaseUtc = plan.cutoffBaseUtc;
    receipt.syncCommit = options.syncCommit;
    receipt.parallel = qMax(1, options.parallel);
    receipt.batchStrategy = options.batchStrategy;
    receipt.startedUtc = nowUtc(m_conn);
    m_canceller.arm(m_conn.handle());
    // A role or database whose transactions default to read-only (preflight "read_only_default")
    // still purges once confirmed: this session's transactions, the history's too, are read-write.
    // It fails only on a standby, which the preflight refuses anyway; the first write then says why.
    QSqlQuery(m_conn.database())
        .exec(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE"));
    bool history = options.recordHistory && HistoryStore::exists(m_conn);
    if (const QString refusal = parallelRefusal(m_conn, options); !refusal.isEmpty()) {
        receipt.status = RunStatus::Error;
        receipt.message = refusal;
        receipt.durationMs = timer.elapsed();
        return finish(receipt, false, observer);
    }
    m_reopen = options.openConnection;

    QString warning;
    const bool locked = takeLock(receipt, options, history, &warning);
    if (!warning.isEmpty() && observer)
        observer->log(warning);
    notePlan(plan, options.ruleIds, &receipt);
    if (locked) {
        if (observer) {
            observer->log(tr("Advisory lock %1 taken (backend pid %2).")
                              .arg(options.advisoryLockKey)
                              .arg(m_conn.backendPid()));
            for (const QString &note : receiptNotes(receipt))
                observer->log(note);
            observer->lockTaken(options.advisoryLockKey, m_lockPid);
        }
        runRules(plan, options, observer, receipt, history);
        if (m_conn.isOpen()) { // a lost session has released its lock already
            QSqlQuery unlock(m_conn.database());
            unlock.prepare(QStringLiteral("SELECT pg_advisory_unlock(CAST(? AS bigint))"));
            unlock.addBindValue(options.advisoryLockKey);
            unlock.exec();
        }
    }
    receipt.durationMs = timer.elapsed();
    return finish(receipt, history, observer);
}

} // namespace purga
