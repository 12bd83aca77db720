// fleet-probe (hidden): one server's row of `fleet status` / `fleet preview`, as JSON on stdout.
// The fleet runs it once per member, each in a process of its own (core/fleet/fleetrunner.h), so
// that every member connects with its own profile, TLS and keychain password, and its exit code is
// what `status` gives for that server (0, 3 unreachable or auth, 4 refused, 1 other).
#include "cliapp.h"
#include "clilock.h"

#include "core/fleet/fleetprobe.h"
#include "core/history/health.h"
#include "core/pg/dbfailure.h"

namespace purga::cli {

int cmdFleetProbe(Context &ctx)
{
    Session session;
    int code = Exit::Ok;
    if (!ctx.open(Rules::ids(), &session, &code))
        return code;
    PgConnection &conn = session.conn;
    const PreflightReport &report = session.report;
    LockWatchOptions lockOptions;
    LockHolders lock;
    if (!lockWatchOptions(ctx, session.profile, &lockOptions) || !readLockHolders(conn, lockOptions, &lock))
        return Exit::Other;
    // Counts only mean something for the rules the checks let preview (a role without BYPASSRLS
    // would count one tenant).
    QList<RuleConfig> counted;
    for (const RuleConfig &r : std::as_const(session.rules))
        if (report.canPreview({r.id}))
            counted << r;
    DbFailure failure;
    HealthReport health;
    if (!Health::compute(conn, counted, HealthOptions::fromProfile(session.profile.ruleOverrides), &health,
                         &failure)) {
        Context::error(failure.message, failure.detail);
        return Exit::Other;
    }
    QJsonObject facts;
    if (!readFleetFacts(conn, report, session.rules, &facts, &failure)) {
        Context::error(failure.message, failure.detail);
        return Exit::Other;
    }
    Context::printJson(fleetProbeJson(report, lock, health, facts));
    return report.canPurge() ? Exit::Ok : Exit::Refused;
}

} // namespace purga::cli
