// purge --vacuum: VACUUM (ANALYZE) of the purged tables, cancellable by SIGINT/SIGTERM like the purge:
// a cancel before it skips it, one during it interrupts it (exit 6 either way).
#include "cliapp.h"

#include "core/pg/dbfailure.h"
#include "core/pg/querycanceller.h"
#include "core/purge/purgeengine.h"
#include "core/purge/vacuum.h"
#include "core/util/textformat.h"

namespace purga::cli {

namespace {

// Without --vacuum: say whether a VACUUM is worth running and who may run it.
void offerVacuum(const PreflightReport &report, const QStringList &tables, qint64 rows)
{
    if (!vacuumWorthOffering(rows))
        return;
    Context::info(
        report.canVacuum
            ? Context::tr("%1 rows removed: consider VACUUM (ANALYZE) of %2 (rerun with --vacuum), or "
                          "let autovacuum reclaim the space.")
                  .arg(formatCount(rows))
                  .arg(tables.join(QStringLiteral(", ")))
            : Context::tr("%1 rows removed: autovacuum will reclaim the space (this role may not "
                          "VACUUM the tables).")
                  .arg(formatCount(rows)));
}

} // namespace

// VACUUM (ANALYZE) only when asked (--vacuum) and allowed; otherwise say what will happen.
// Returns the command's exit code: Exit::Cancelled when a signal stopped or skipped the VACUUM.
int vacuumAfterPurge(Context &ctx, Session &session, const PurgeReceipt &receipt, QueryCanceller &canceller,
                     int exitCode)
{
    QStringList tables;
    qint64 rows = 0;
    for (const RuleReceipt &r : receipt.rules)
        if (!Rules::isPartitionRule(r.ruleId) && r.deleted > 0) {
            tables << r.table;
            rows += r.deleted;
        }
    if (tables.isEmpty() || receipt.status == RunStatus::LockBusy)
        return exitCode;
    const QString names = tables.join(QStringLiteral(", "));
    if (!ctx.parser.isSet(QStringLiteral("vacuum"))) {
        offerVacuum(session.report, tables, rows);
        return exitCode;
    }
    if (!session.report.canVacuum) {
        Context::error(Context::tr("--vacuum: role %1 may not VACUUM %2 (it needs the table owner); "
                                   "autovacuum will reclaim the space.")
                           .arg(session.report.role, names));
        return exitCode;
    }
    // The flag is never reset here: a signal that came during the purge (or after it) skips the VACUUM.
    if (canceller.isCancelled() || Context::signalled()) {
        Context::error(Context::tr("--vacuum: VACUUM (ANALYZE) of %1 was not started because the run was "
                                   "cancelled; rows already deleted stay deleted.")
                           .arg(names));
        return Exit::Cancelled;
    }
    int lockTimeoutMs = 0;
    for (const RuleConfig &c : session.rules)
        lockTimeoutMs = qMax(lockTimeoutMs, c.lockTimeoutMs);
    Context::info(Context::tr("VACUUM (ANALYZE) %1 (lock timeout %2 ms; Ctrl-C cancels it)…")
                      .arg(names, formatCount(lockTimeoutMs)));
    canceller.arm(session.conn.handle());
    DbFailure failure;
    bool cancelled = false;
    if (vacuumAnalyze(session.conn, tables, &canceller, nullptr, &failure, lockTimeoutMs, &cancelled))
        return exitCode;
    if (cancelled || Context::signalled()) {
        Context::error(Context::tr("The VACUUM was cancelled by a signal (%1); rows already deleted stay "
                                   "deleted.")
                           .arg(failure.message));
        return Exit::Cancelled;
    }
    Context::error(failure.message); // asked for and not done: not a clean run (the purge itself stands)
    return exitCode == Exit::Ok ? Exit::Other : exitCode;
}

// A retention shorter than the ADR's forensic window: refused (false, one line) unless
// --allow-short-retention; with it, a warning per rule on stderr.
bool shortRetentionAllowed(Context &ctx, const QList<RuleConfig> &rules)
{
    const bool allowed = ctx.parser.isSet(QStringLiteral("allow-short-retention"));
    for (const RuleConfig &c : rules) {
        if (!Rules::isShortRetention(c))
            continue;
        if (!allowed) {
            Context::error(Context::tr("Refused: %1 Add --allow-short-retention to purge with it anyway.")
                               .arg(Rules::shortRetentionWarning(c)));
            return false;
        }
        Context::info(Context::tr("Warning: %1 Purging anyway (--allow-short-retention).")
                          .arg(Rules::shortRetentionWarning(c)));
    }
    return true;
}

} // namespace purga::cli
