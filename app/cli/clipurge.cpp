// purge: the batched purge from scripts. SIGINT/SIGTERM cancel cleanly (exit 6, see clisignals.h).
#include "cliapp.h"
#include "clilock.h"
#include "clisignals.h"

#include "core/history/historystore.h"
#include "core/preflight/preflight.h"
#include "core/preflight/rolechecks.h"
#include "core/purge/keysetstrategy.h"
#include "core/purge/parallelpurge.h"
#include "core/purge/purgeengine.h"
#include "core/purge/receiptnotes.h"
#include "core/purge/remainingplan.h"
#include "core/purge/vacuum.h"
#include "core/security/secrets.h"
#include "core/util/textformat.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QHash>
#include <QJsonObject>
#include <QLocale>

#include <mutex>

namespace purga::cli {

QStringList selectedRules(Context &ctx, bool allByDefault);
void printPreviewHuman(const PreviewPlan &plan);
void refuse(const QStringList &blockers);
int vacuumAfterPurge(Context &ctx, Session &session, const PurgeReceipt &receipt, QueryCanceller &canceller,
                     int exitCode);
bool shortRetentionAllowed(Context &ctx, const QList<RuleConfig> &rules);

namespace {

// Progress on stderr, at most a line per second per rule (and every final state). Rows per
// second over wall time since the rule started (the previous rule's end), not batch time alone.
class StderrObserver : public PurgeObserver
{
public:
    explicit StderrObserver(bool parallel)
        : m_parallel(parallel)
    {
        m_ruleClock.start();
        m_runClock.start();
    }
    void ruleProgress(const RuleProgress &p) override
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        // A rule's clock runs since the previous rule ended (or the run began); a parallel run's row
        // rules all start with the run, and each has its own line a second.
        QElapsedTimer &timer = m_timers[p.ruleId];
        const bool final = p.state != RuleStatus::Running && p.state != RuleStatus::WaitingLock &&
                           p.state != RuleStatus::Throttled;
        const double seconds = (m_parallel ? m_runClock : m_ruleClock).elapsed() / 1000.0;
        if (!final && timer.isValid() && timer.elapsed() < 1000)
            return;
        timer.start();
        QString line =
            Context::tr("%1: %2/%3 rows, %4 batches, %5 rows/s, retries %6")
                .arg(p.ruleId, formatCount(p.deleted), formatCount(p.planned), formatCount(p.batches),
                     formatRate(seconds > 0 ? p.deleted / seconds : 0), formatCount(p.retries));
        if (p.etaMs >= 0 && !final)
            line += Context::tr(", ETA %1 s").arg(formatCount(p.etaMs / 1000));
        if (p.targetBatchMs > 0 && p.batchSize > 0)
            line += Context::tr(", batch %1 rows (target %2 ms)")
                        .arg(formatCount(p.batchSize), formatCount(p.targetBatchMs));
        if (p.lagMs >= 0)
            line += Context::tr(", replica lag %1 s").arg(QLocale().toString(p.lagMs / 1000.0, 'f', 1));
        if (p.state == RuleStatus::Throttled)
            line += Context::tr(" — throttled: %1").arg(p.holdReason);
        Context::info(line);
        if (final) {
            m_ruleClock.restart(); // the next rule's time starts now
            m_timers.remove(p.ruleId);
        }
    }
    // The engine's narration (chunk sizes, lock taken, retries) is for --verbose; errors come
    // once, from the receipt.
    void log(const QString &line) override
    {
        if (Context::verbose)
            Context::info(line);
    }
    void notice(const QString &line) override { Context::info(line); }

private:
    std::mutex m_mutex;
    bool m_parallel;
    QElapsedTimer m_ruleClock;
    QElapsedTimer m_runClock;
    QHash<QString, QElapsedTimer> m_timers; // per rule: its last progress line
};

void printReceiptHuman(const PurgeReceipt &receipt)
{
    Context::printLine(
        Context::tr("Run %1: %2 — %3").arg(receipt.runId, toId(receipt.status), receipt.message));
    for (const RuleReceipt &r : receipt.rules)
        Context::printLine(Context::tr("  %1: %2 %3/%4 rows, %5 batches (largest %6), %7 retries, %8 ms")
                               .arg(r.ruleId, toId(r.status), formatCount(r.deleted), formatCount(r.planned),
                                    formatCount(r.batches), formatCount(r.largestBatch),
                                    formatCount(r.retries), formatCount(r.durationMs)));
    for (const RuleReceipt &r : receipt.rules)
        if (r.targetBatchMs > 0 && r.batches > 0)
            Context::printLine(Context::tr("  %1: batch size %2 to %3 rows, last %4 (target %5 ms a batch)")
                                   .arg(r.ruleId, formatCount(r.limitMin), formatCount(r.limitMax),
                                        formatCount(r.limitLast), formatCount(r.targetBatchMs)));
    for (const QString &note : receiptNotes(receipt))
        Context::printLine(QStringLiteral("  ") + note);
    if (receipt.throttledMs > 0)
        Context::printLine(Context::tr("  Throttled %1 ms in all (%2 waits for replica lag).")
                               .arg(formatCount(receipt.throttledMs), formatCount(receipt.lagWaits)));
    for (const RuleReceipt &r : receipt.rules)
        for (const auto &k : r.notDroppedPartitions)
            Context::printLine(Context::tr("  %1 detached, not dropped: %2").arg(k.first, k.second));
    for (const RuleReceipt &r : receipt.rules) {
        for (const QuarantineEntry &q : r.quarantinedPartitions)
            Context::printLine(
                Context::tr("  %1 in quarantine as %2 until %3 (partition-restore %2 attaches it "
                            "again)")
                    .arg(q.originalName, q.name, q.dropAfterUtc));
        for (const QuarantineEntry &q : r.quarantineDropped)
            Context::printLine(
                Context::tr("  %1 (was %2): quarantine over, dropped").arg(q.name, q.originalName));
    }
}

// --max-lag-ms, --abort-lag-ms, --nice and --throttle-file; false after a usage error.
bool pacingOptions(const Context &ctx, PacingOptions *pacing)
{
    auto number = [&](const char *name, double max, double *out) {
        const QString v = ctx.parser.value(QLatin1String(name));
        if (v.isEmpty())
            return true;
        bool ok = false;
        *out = v.toDouble(&ok);
        if (!ok || *out < 0 || *out > max) {
            Context::error(Context::tr("--%1 takes a number from 0 to %2, not \"%3\".")
                               .arg(QLatin1String(name), formatCount(qint64(max)), v));
            return false;
        }
        return true;
    };
    double maxLag = pacing->maxLagMs, abortLag = pacing->abortLagMs, nice = pacing->nice;
    if (!number("max-lag-ms", 3600000, &maxLag) || !number("abort-lag-ms", 3600000, &abortLag) ||
        !number("nice", 100, &nice))
        return false;
    pacing->maxLagMs = int(maxLag);
    pacing->abortLagMs = int(abortLag);
    pacing->nice = nice;
    pacing->throttleFile = ctx.parser.value(QStringLiteral("throttle-file"));
    const QFileInfo throttle(pacing->throttleFile);
    if (!pacing->throttleFile.isEmpty() && throttle.isSymLink() && !throttle.exists()) {
        // The pacer follows the link: a dangling one reads as "absent" and batches would run
        // while the DBA believes the run held.
        Context::error(
            Context::tr("--throttle-file %1 is a symbolic link to %2, which does not exist: the run "
                        "would never hold. Give the path of the file itself.")
                .arg(pacing->throttleFile, throttle.symLinkTarget()));
        return false;
    }
    return true;
}

// --sync-commit on|off; false after a usage error.
bool syncCommitOption(const Context &ctx, bool *syncCommit)
{
    const QString v = ctx.parser.value(QStringLiteral("sync-commit"));
    if (v.isEmpty())
        return true;
    if (v != QLatin1String("on") && v != QLatin1String("off")) {
        Context::error(Context::tr("--sync-commit takes on or off, not \"%1\".").arg(v));
        return false;
    }
    *syncCommit = v == QLatin1String("on");
    return true;
}

// --parallel N; false after a usage error (said).
bool parallelOption(const Context &ctx, int *parallel)
{
    const QString v = ctx.parser.value(QStringLiteral("parallel"));
    if (v.isEmpty())
        return true;
    bool ok = false;
    *parallel = v.toInt(&ok);
    if (!ok || *parallel < 1 || *parallel > kMaxParallel) {
        Context::error(Context::tr("--parallel takes a number of connections from 1 to %1, not \"%2\".")
                           .arg(kMaxParallel)
                           .arg(v));
        return false;
    }
    return true;
}

// --strategy tid|keyset, and keyset never with --parallel; false after a usage error (said).
bool strategyOption(const Context &ctx, PurgeOptions *options)
{
    const QString v = ctx.parser.value(QStringLiteral("strategy"));
    if (!v.isEmpty() && !fromId(v, &options->batchStrategy)) {
        Context::error(Context::tr("--strategy takes tid or keyset, not \"%1\".").arg(v));
        return false;
    }
    if (const QString refusal = keysetParallelRefusal(*options); !refusal.isEmpty()) {
        Context::error(refusal);
        return false;
    }
    return true;
}

// The options a purge run takes from the command line; false after a usage error (said).
bool purgeOptions(const Context &ctx, const QStringList &ids, PurgeOptions *options)
{
    options->ruleIds = ids;
    if (!parallelOption(ctx, &options->parallel) || !strategyOption(ctx, options))
        return false;
    options->detachOnly = ctx.parser.isSet(QStringLiteral("detach-only"));
    options->operatorName = osUserName(); // from the OS, not $USER; the DB role is recorded apart
    if (!lockKeyOption(ctx, &options->advisoryLockKey))
        return false;
    if (options->advisoryLockKey != PurgeOptions().advisoryLockKey)
        Context::info(
            Context::tr("Warning: --lock-key %1: the scheduled job of ADR 0021 takes lock %2, so this "
                        "purge and the job no longer exclude each other.")
                .arg(options->advisoryLockKey)
                .arg(PurgeOptions().advisoryLockKey));
    return pacingOptions(ctx, &options->pacing) && syncCommitOption(ctx, &options->syncCommit);
}

// The lag limit asked for in words ("--max-lag-ms 500"), for the refusal; empty for the default.
QString askedLagLimit(const PacingOptions &pacing)
{
    QStringList asked;
    if (pacing.maxLagMs > 0)
        asked << QStringLiteral("--max-lag-ms %1").arg(pacing.maxLagMs);
    if (pacing.abortLagMs > 0)
        asked << QStringLiteral("--abort-lag-ms %1").arg(pacing.abortLagMs);
    return asked.join(u' ');
}

// A lag limit asked for that this role cannot see refuses the run (without --yes: said, as the
// refusal to come); the default one warns. False when refused.
bool lagLimitAllowed(const PreflightReport &report, const PacingOptions &pacing, bool yes)
{
    if (pacing.lagLimitAsked()) {
        const QString refusal = lagLimitRefusal(report, askedLagLimit(pacing));
        if (refusal.isEmpty())
            return true;
        if (yes) {
            refuse({refusal});
            return false;
        }
        Context::info(Context::tr("Warning: with --yes this purge would be refused: %1").arg(refusal));
        return true;
    }
    if (pacing.maxLagMs < 0 && !defaultLagLimitWarning(report).isEmpty())
        Context::info(Context::tr("Warning: %1").arg(defaultLagLimitWarning(report)));
    return true;
}

// Refusals before anything runs: Exit::Ok when the command may go on.
int preconditions(Context &ctx, const Session &session, const QStringList &ids, bool yes,
                  const PacingOptions &pacing)
{
    if (!shortRetentionAllowed(ctx, session.rules))
        return Exit::Refused;
    const PreflightReport &report = session.report;
    // Blockers of the selected rules only: a role that may DELETE but not DETACH still purges the tokens.
    if (yes && !report.canPurge(ids)) {
        refuse(report.purgeBlockers(ids));
        return Exit::Refused;
    }
    if (!report.canPreview(ids)) {
        refuse(report.previewBlockers(ids));
        return Exit::Refused;
    }
    // Last: its warning (the default limit) is said only for a run that goes on.
    return lagLimitAllowed(report, pacing, yes) ? Exit::Ok : Exit::Refused;
}

// The frozen preview the run will purge exactly; an exit code other than Exit::Ok if it failed.
// Confirmed already (--yes), it is never shown: only the counts the engine and the receipt use are
// taken.
int freezePreview(Session &session, QueryCanceller &canceller, bool yes, PreviewPlan *plan)
{
    DbFailure failure;
    if (takePreview(session.conn, session.rules, &canceller, nullptr, plan, &failure,
                    yes ? PreviewDepth::ForPurge : PreviewDepth::Full))
        return Exit::Ok;
    if (Context::signalled()) {
        Context::error(Context::tr("Cancelled by a signal during the preview; nothing was deleted."));
        return Exit::Cancelled;
    }
    Context::error(failure.message);
    return Exit::Other;
}

// Prints the receipt (and its signed, chained copy: `signedReceipt`) and says how the run ended;
// returns the run's exit code.
int reportRun(const Context &ctx, const PurgeReceipt &receipt, const QJsonValue &signedReceipt)
{
    if (ctx.json) {
        QJsonObject o = receipt.toJson();
        o.insert(QStringLiteral("dry_run"), false);
        o.insert(QStringLiteral("signed_receipt"), signedReceipt);
        Context::printJson(o);
    } else {
        printReceiptHuman(receipt);
        printSignedReceipt(signedReceipt);
    }
    // "6 cancelled or partial": a run that stopped after committed batches is partial, whatever
    // stopped it (a lost connection, an error mid-run); say how much was removed.
    int exitCode = receipt.exitCode();
    const qint64 removed = rowsRemoved(receipt);
    // A run a signal stopped is cancelled even when what failed was the connection the deadline
    // closed (the server did not answer the cancel): exit 6, never 1.
    if (exitCode == Exit::Other && (removed > 0 || Context::signalled())) {
        exitCode = Exit::Cancelled;
        Context::error(Context::tr("Stopped after removing %1 rows (committed): %2")
                           .arg(formatCount(removed), receipt.message));
    } else if (receipt.status != RunStatus::Ok && receipt.status != RunStatus::Cancelled) {
        Context::error(receipt.message);
    } else if (receipt.status == RunStatus::Cancelled) {
        Context::info(Context::tr("Cancelled; %1 rows removed before it stopped (committed).")
                          .arg(formatCount(removed)));
    }
    return exitCode;
}

// A purge without --yes (or with --dry-run): the preview it would purge, said to be a dry run.
void printDryRun(const Context &ctx, const PreviewPlan &plan)
{
    if (ctx.json) {
        QJsonObject o = plan.toJson();
        o.insert(QStringLiteral("dry_run"), true);
        o.insert(QStringLiteral("deleted"), 0);
        Context::printJson(o);
    } else {
        Context::printLine(Context::tr("Dry run: nothing is deleted."));
        printPreviewHuman(plan);
    }
    Context::info(Context::tr("Dry run, nothing was deleted: add --yes to purge exactly this."));
}

// --strategy keyset without --yes: what the run would say of each row table without an index on
// (empresa_id, id), said before the DBA confirms it (the GUI's preflight does not know the strategy).
void warnUnindexedKeyset(Session &session, const PurgeOptions &options)
{
    if (options.batchStrategy != BatchStrategyKind::Keyset)
        return;
    for (const QString &id : options.ruleIds) {
        if (Rules::isPartitionRule(id))
            continue;
        bool has = true;
        QString error;
        if (!hasKeysetIndex(session.conn, Rules::table(id), &has, &error))
            Context::info(
                Context::tr("Warning: could not read the indexes of %1: %2").arg(Rules::table(id), error));
        else if (!has)
            Context::info(Context::tr("Warning: %1").arg(keysetUnindexedText(Rules::table(id))));
    }
}

// Runs the engine over the frozen plan, then the textfile and the VACUUM that follow a purge.
int runPurge(Context &ctx, Session &session, const PreviewPlan &plan, const PurgeOptions &options,
             QueryCanceller &canceller)
{
    StderrObserver observer(options.parallel > 1);
    PurgeReceipt receipt;
    {
        PurgeEngine engine(session.conn, canceller);
        receipt = engine.run(plan, options, &observer);
    }
    const QJsonValue signedReceipt = signReceiptAfterPurge(ctx, session.conn, receipt);
    int exitCode = reportRun(ctx, receipt, signedReceipt);
    if (ctx.parser.isSet(QStringLiteral("receipt-out")) && !signedReceipt.isObject() &&
        exitCode == Exit::Ok) {
        Context::error(Context::tr("No signed receipt was recorded, so none was written to %1.")
                           .arg(ctx.parser.value(QStringLiteral("receipt-out"))));
        exitCode = Exit::Other;
    }
    const bool textfileOk = writePrometheusAfterPurge(ctx, session.conn, receipt);
    exitCode = vacuumAfterPurge(ctx, session, receipt, canceller, exitCode);
    return exitCode == Exit::Ok && !textfileOk ? Exit::Other : exitCode;
}

// Opens one more connection like the session's (a worker's, the history's after a lost
// session): same profile, the keychain's password if any.
std::function<bool(PgConnection &, QString *)> connectionOpener(const Session &session)
{
    return [&session](PgConnection &conn, QString *error) {
        DbFailure failure;
        if (conn.open(session.profile, session.password, &failure))
            return true;
        *error = failure.message;
        return false;
    };
}

} // namespace

int cmdPurge(Context &ctx)
{
    const QStringList ids = selectedRules(ctx, false);
    if (ids.isEmpty()) {
        Context::error(Context::tr("Say which rules to purge: --rule ID (repeatable) or --all."));
        return Exit::Usage;
    }
    PurgeOptions options;
    if (!purgeOptions(ctx, ids, &options))
        return Exit::Usage;

    Session session;
    int code = Exit::Ok;
    if (!ctx.open(ids, &session, &code))
        return code;
    const bool yes = ctx.parser.isSet(QStringLiteral("yes"));
    if ((code = preconditions(ctx, session, ids, yes, options.pacing)) != Exit::Ok)
        return code;
    options.openConnection = connectionOpener(session); // workers, the history after a lost session
    if (options.parallel > 1) {
        if (const QString refusal = parallelRefusal(session.conn, options); !refusal.isEmpty() && yes) {
            refuse({refusal});
            return Exit::Refused;
        }
    }
    QueryCanceller canceller;
    SignalTarget signalTarget(canceller);
    canceller.arm(session.conn.handle());
    PreviewPlan plan;
    if ((code = freezePreview(session, canceller, yes, &plan)) != Exit::Ok)
        return code;
    if (!yes) {
        warnUnindexedKeyset(session, options);
        printDryRun(ctx, plan);
        return Exit::Ok;
    }
    code = runPurge(ctx, session, plan, options, canceller);
    canceller.disarm();
    return code;
}

} // namespace purga::cli
