// purge: the batched purge from scripts. SIGINT/SIGTERM cancel cleanly (exit 6).
#include "cliapp.h"

#include "historystore.h"
#include "maintenance.h"
#include "preflight.h"
#include "purgeengine.h"

#include <QElapsedTimer>
#include <QLocale>

#include <csignal>
#include <mutex>
#include <thread>

#ifdef Q_OS_UNIX
#include <pthread.h>
#include <unistd.h>
#endif

namespace purga::cli {

QStringList selectedRules(Context &ctx, bool allByDefault);
void printPreviewHuman(const PreviewPlan &plan);

namespace {

// Progress on stderr, at most a line per second per rule (and every final state).
class StderrObserver : public PurgeObserver
{
public:
    void ruleProgress(const RuleProgress &p) override
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        const bool final = p.state != RuleStatus::Running;
        if (!final && m_timer.isValid() && m_timer.elapsed() < 1000)
            return;
        m_timer.start();
        const QLocale l;
        Context::info(QStringLiteral("%1: %2/%3 rows, %4 batches, %5 rows/s, retries %6%7")
                          .arg(p.ruleId, l.toString(p.deleted), l.toString(p.planned))
                          .arg(p.batches)
                          .arg(qint64(p.rowsPerSecond))
                          .arg(p.retries)
                          .arg(p.etaMs >= 0 && !final ? QStringLiteral(", ETA %1 s").arg(p.etaMs / 1000) : QString()));
    }
    void log(const QString &line) override { Context::info(line); }

private:
    std::mutex m_mutex;
    QElapsedTimer m_timer;
};

// Signals are turned into a cancel by a watcher thread (sigwait), never inside a handler.
class SignalCanceller
{
public:
    SignalCanceller(QueryCanceller &canceller)
    {
#ifdef Q_OS_UNIX
        sigemptyset(&m_set);
        sigaddset(&m_set, SIGINT);
        sigaddset(&m_set, SIGTERM);
        sigaddset(&m_set, SIGUSR2); // used to wake the watcher at the end
        pthread_sigmask(SIG_BLOCK, &m_set, nullptr);
        m_thread = std::thread([this, &canceller] {
            int sig = 0;
            sigwait(&m_set, &sig);
            if (sig != SIGUSR2) {
                m_signalled = sig;
                Context::info(Context::tr("Signal received: cancelling the batch in flight…"));
                canceller.cancel();
            }
        });
#else
        Q_UNUSED(canceller);
#endif
    }
    ~SignalCanceller()
    {
#ifdef Q_OS_UNIX
        pthread_kill(m_thread.native_handle(), SIGUSR2);
        m_thread.join();
#endif
    }
    int signalled() const { return m_signalled; }

private:
#ifdef Q_OS_UNIX
    sigset_t m_set;
    std::thread m_thread;
#endif
    std::atomic<int> m_signalled{0};
};

} // namespace

int cmdPurge(Context &ctx)
{
    const QStringList ids = selectedRules(ctx, false);
    if (ids.isEmpty()) {
        Context::error(Context::tr("Say which rules to purge: --rule ID (repeatable) or --all."));
        return Usage;
    }
    PurgeOptions options;
    options.ruleIds = ids;
    options.detachOnly = ctx.parser.isSet(QStringLiteral("detach-only"));
    options.operatorName = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    if (ctx.parser.isSet(QStringLiteral("lock-key"))) {
        bool ok = false;
        options.advisoryLockKey = ctx.parser.value(QStringLiteral("lock-key")).toLongLong(&ok);
        if (!ok) {
            Context::error(Context::tr("--lock-key takes a whole number."));
            return Usage;
        }
        if (options.advisoryLockKey != PurgeOptions().advisoryLockKey)
            Context::info(Context::tr("Warning: --lock-key %1: the scheduled job of ADR 0021 takes lock %2, so this "
                                      "purge and the job no longer exclude each other.")
                              .arg(options.advisoryLockKey)
                              .arg(PurgeOptions().advisoryLockKey));
    }

    Session session;
    int code = Ok;
    if (!ctx.open(ids, &session, &code))
        return code;
    PgConnection &conn = session.conn;
    const PreflightReport &report = session.report;
    QString error;
    const bool yes = ctx.parser.isSet(QStringLiteral("yes"));
    // Blockers of the selected rules only: a role that may DELETE but not DETACH still purges the tokens.
    if (yes && !report.canPurge(ids)) {
        for (const QString &why : report.purgeBlockers(ids))
            Context::error(why);
        return Refused;
    }
    if (!report.canPreview()) {
        for (const QString &why : report.previewBlockers())
            Context::error(why);
        return Refused;
    }
    QueryCanceller canceller;
    canceller.arm(conn.handle());
    PreviewPlan plan;
    if (!takePreview(conn, session.rules, &canceller, nullptr, &plan, &error)) {
        Context::error(error);
        return Other;
    }
    if (!yes) {
        if (ctx.json)
            Context::printJson(plan.toJson());
        else
            printPreviewHuman(plan);
        Context::info(Context::tr("Nothing was deleted: add --yes to purge exactly this."));
        return Ok;
    }
    StderrObserver observer;
    PurgeReceipt receipt;
    {
        SignalCanceller signalWatch(canceller);
        PurgeEngine engine(conn, canceller);
        receipt = engine.run(plan, options, &observer);
    }
    canceller.disarm();
    if (ctx.json) {
        Context::printJson(receipt.toJson());
    } else {
        Context::printLine(Context::tr("Run %1: %2 — %3").arg(receipt.runId, toId(receipt.status), receipt.message));
        for (const RuleReceipt &r : receipt.rules)
            Context::printLine(QStringLiteral("  %1: %2 %3/%4, %5 batches (largest %8), %6 retries, %7 ms")
                                   .arg(r.ruleId, toId(r.status))
                                   .arg(r.deleted)
                                   .arg(r.planned)
                                   .arg(r.batches)
                                   .arg(r.retries)
                                   .arg(r.durationMs)
                                   .arg(r.largestBatch));
    }
    if (receipt.status != RunStatus::Ok && receipt.status != RunStatus::Cancelled)
        Context::error(receipt.message);

    // VACUUM (ANALYZE) only when asked (--vacuum) and allowed; otherwise say what will happen.
    QStringList purgedTables;
    qint64 purgedRows = 0;
    for (const RuleReceipt &r : receipt.rules)
        if (!Rules::isPartitionRule(r.ruleId) && r.deleted > 0) {
            purgedTables << r.table;
            purgedRows += r.deleted;
        }
    if (!purgedTables.isEmpty() && receipt.status != RunStatus::LockBusy) {
        if (ctx.parser.isSet(QStringLiteral("vacuum"))) {
            if (!report.canVacuum) {
                Context::error(Context::tr("--vacuum: role %1 may not VACUUM %2 (it needs the table owner); "
                                           "autovacuum will reclaim the space.")
                                   .arg(report.role, purgedTables.join(QStringLiteral(", "))));
            } else {
                Context::info(Context::tr("VACUUM (ANALYZE) %1…").arg(purgedTables.join(QStringLiteral(", "))));
                canceller.reset();
                canceller.arm(conn.handle());
                if (!vacuumAnalyze(conn, purgedTables, &canceller, nullptr, &error))
                    Context::error(error);
            }
        } else if (vacuumWorthOffering(purgedRows)) {
            Context::info(report.canVacuum
                              ? Context::tr("%1 rows removed: consider VACUUM (ANALYZE) of %2 (rerun with --vacuum), or "
                                            "let autovacuum reclaim the space.")
                                    .arg(purgedRows)
                                    .arg(purgedTables.join(QStringLiteral(", ")))
                              : Context::tr("%1 rows removed: autovacuum will reclaim the space (this role may not "
                                            "VACUUM the tables).")
                                    .arg(purgedRows));
        }
    }
    return receipt.exitCode();
}

} // namespace purga::cli
