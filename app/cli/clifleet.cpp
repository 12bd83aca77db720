// fleet status | preview | purge: one command over every profile carrying the --tag(s), each server
// run by the one-server command in a process of its own (core/fleet/fleetrunner.h): `fleet-probe`
// for status and preview, `purge --yes --json` for a purge (its engine, lock, pacing and receipt).
// SIGINT/SIGTERM stop the fleet: nothing new starts, running purges get SIGTERM and end cleanly
// (exit 6). The fleet's exit code: docs/cli-json.md ("fleet").
#include "clifleet.h"
#include "cliapp.h"
#include "clisignals.h"

#include "core/fleet/fleetdrift.h"
#include "core/fleet/fleetrunner.h"
#include "core/profiles/profilestore.h"
#include "core/profiles/profiletags.h"

#include <QDateTime>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace purga::cli {

namespace {

// The purge options a fleet purge passes on to every server's purge (each server's profile keeps
// its own settings for the rest).
const char *const kPassedOn[] = {"batch-size",   "pause-ms",      "nice",    "max-lag-ms",
                                 "abort-lag-ms", "throttle-file", "lock-key"};
const char *const kPassedFlags[] = {"allow-short-retention"};

// A whole number from `min` to `max` for --name (default `fallback`); -1 after a usage error.
int count(const Context &ctx, const char *name, int fallback, int min, int max)
{
    const QString v = ctx.parser.value(QLatin1String(name));
    if (v.isEmpty())
        return fallback;
    bool ok = false;
    const int n = v.toInt(&ok);
    if (ok && n >= min && n <= max)
        return n;
    Context::error(Context::tr("--%1 takes a whole number from %2 to %3, not \"%4\".")
                       .arg(QLatin1String(name))
                       .arg(min)
                       .arg(max)
                       .arg(v));
    return -1;
}

// The options of `fleet purge` that make no sense for status and preview.
bool noPurgeOptions(const Context &ctx)
{
    for (const char *name :
         {"yes", "canary", "max-failures", "concurrency", "retry", "keep-order", "rule", "all"})
        if (ctx.parser.isSet(QLatin1String(name))) {
            Context::error(Context::tr("--%1 is for fleet purge.").arg(QLatin1String(name)));
            return false;
        }
    return true;
}

// Runs the fleet, stopping it on SIGINT/SIGTERM (a SignalWait keeps them from ending the process).
bool runFleet(FleetRunner &runner, const QList<FleetMember> &members, const FleetRunner::ArgsFor &args,
              const FleetRunOptions &options)
{
    SignalWait keepAlive; // SIGINT/SIGTERM now only set Context::signalled()
    QEventLoop loop;
    QObject::connect(&runner, &FleetRunner::finished, &loop, &QEventLoop::quit);
    QTimer watch;
    QObject::connect(&watch, &QTimer::timeout, &runner, [&runner] {
        if (Context::signalled() && !runner.wasStopped()) {
            Context::info(Context::tr("Signal received: stopping the fleet (running servers end cleanly)…"));
            runner.stop();
        }
    });
    watch.start(100);
    runner.start(members, args, options);
    loop.exec();
    return !runner.wasStopped();
}

QJsonObject fleetJson(const FleetCommand &cmd, const FleetRunner &runner, const QString &startedUtc)
{
    QJsonArray servers;
    for (const FleetServerResult &r : runner.results())
        servers.append(r.toJson());
    const int exitCode = aggregateExit(runner.results(), runner.wasStopped() && Context::signalled());
    QJsonObject o{
        {QStringLiteral("command"), cmd.sub},
        {QStringLiteral("tags"), QJsonArray::fromStringList(cmd.tags)},
        {QStringLiteral("started_utc"), startedUtc},
        {QStringLiteral("finished_utc"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("exit_code"), exitCode},
        {QStringLiteral("stopped"), runner.wasStopped()},
        {QStringLiteral("failures"), runner.failures()},
        {QStringLiteral("servers"), servers},
        {QStringLiteral("totals"), fleetTotals(cmd, runner.results())}};
    if (cmd.sub == QLatin1String("purge")) {
        o.insert(QStringLiteral("rules"), QJsonArray::fromStringList(cmd.rules));
        o.insert(QStringLiteral("purge_arguments"), QJsonArray::fromStringList(cmd.passedOn));
        o.insert(QStringLiteral("options"),
                 QJsonObject{{QStringLiteral("concurrency"), cmd.options.concurrency},
                             {QStringLiteral("canary"), cmd.options.canary},
                             {QStringLiteral("max_failures"), cmd.options.maxFailures},
                             {QStringLiteral("production_last"), cmd.productionLast}});
        if (!cmd.retryOf.isEmpty())
            o.insert(QStringLiteral("retry_of"), cmd.retryOf);
    } else {
        o.insert(QStringLiteral("connections"), cmd.options.concurrency);
        o.insert(QStringLiteral("drift"), driftJson(fleetDrift(runner.results())));
    }
    return o;
}

// The one-server command line of a member.
QStringList memberArgs(const FleetCommand &cmd, const FleetMember &m)
{
    if (cmd.sub != QLatin1String("purge"))
        return {QStringLiteral("fleet-probe"), QStringLiteral("--profile"), m.profile,
                QStringLiteral("--json")};
    QStringList args{QStringLiteral("purge"), QStringLiteral("--profile"), m.profile, QStringLiteral("--yes"),
                     QStringLiteral("--json")};
    for (const QString &r : cmd.rules)
        args << QStringLiteral("--rule") << r;
    return args + cmd.passedOn;
}

// The servers of `--retry FILE` that did not end 0, and the rules and arguments of that run.
bool readRetry(const QString &path, FleetCommand *cmd, QStringList *names)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        Context::error(Context::tr("Cannot read the fleet receipt %1: %2").arg(path, f.errorString()));
        return false;
    }
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    if (o.value(QStringLiteral("command")).toString() != QLatin1String("purge") ||
        !o.value(QStringLiteral("servers")).isArray()) {
        Context::error(Context::tr("%1 is not the receipt of a fleet purge (fleet purge --json).").arg(path));
        return false;
    }
    for (const QJsonValue &v : o.value(QStringLiteral("rules")).toArray())
        cmd->rules << v.toString();
    for (const QJsonValue &v : o.value(QStringLiteral("purge_arguments")).toArray())
        cmd->passedOn << v.toString();
    for (const QJsonValue &t : o.value(QStringLiteral("tags")).toArray())
        cmd->tags << t.toString();
    for (const QJsonValue &v : o.value(QStringLiteral("servers")).toArray())
        if (FleetServerResult::fromJson(v.toObject()).exitCode != 0)
            *names << v.toObject().value(QStringLiteral("profile")).toString();
    cmd->retryOf = path;
    return true;
}

// --tag, --rule/--all, --retry, the caps and the options passed on; false after a usage error.
bool parseFleet(Context &ctx, FleetCommand *cmd)
{
    cmd->sub = ctx.parser.positionalArguments().value(1);
    cmd->tags = ProfileTags::normalized(ctx.parser.values(QStringLiteral("tag")));
    const bool purge = cmd->sub == QLatin1String("purge");
    if (!purge && cmd->sub != QLatin1String("status") && cmd->sub != QLatin1String("preview")) {
        Context::error(Context::tr("fleet takes status, preview or purge, not \"%1\".").arg(cmd->sub));
        return false;
    }
    const bool retry = ctx.parser.isSet(QStringLiteral("retry"));
    if (cmd->tags.isEmpty() && !retry) {
        Context::error(Context::tr("Name the fleet: --tag T (repeatable: the profiles carrying every tag)."));
        return false;
    }
    if (!purge) {
        cmd->options.concurrency = count(ctx, "connections", 8, 1, 64);
        cmd->options.timeoutMs = count(ctx, "server-timeout-s", 60, 1, 3600) * 1000;
        return noPurgeOptions(ctx) && cmd->options.concurrency > 0 && cmd->options.timeoutMs > 0;
    }
    if (ctx.parser.isSet(QStringLiteral("connections"))) {
        Context::error(
            Context::tr("fleet purge takes --concurrency N (servers purged at once), not --connections."));
        return false;
    }
    if (!ctx.parser.isSet(QStringLiteral("yes"))) {
        Context::error(
            Context::tr("fleet purge deletes on every server: add --yes (fleet preview shows what it "
                        "would remove)."));
        return false;
    }
    cmd->options.purge = true;
    cmd->options.concurrency = count(ctx, "concurrency", 1, 1, 64);
    cmd->options.canary = count(ctx, "canary", 0, 0, 100000);
    cmd->options.maxFailures = count(ctx, "max-failures", 1, 1, 100000);
    cmd->productionLast = !ctx.parser.isSet(QStringLiteral("keep-order"));
    if (cmd->options.concurrency < 0 || cmd->options.canary < 0 || cmd->options.maxFailures < 0)
        return false;
    if (retry)
        return retryUsage(ctx) && readRetry(ctx.parser.value(QStringLiteral("retry")), cmd, &cmd->retryNames);
    cmd->rules =
        ctx.parser.isSet(QStringLiteral("all")) ? Rules::ids() : ctx.parser.values(QStringLiteral("rule"));
    for (const QString &r : cmd->rules)
        if (!Rules::ids().contains(r)) {
            Context::error(Context::tr("Unknown rule \"%1\" (rules: %2).")
                               .arg(r, Rules::ids().join(QStringLiteral(", "))));
            return false;
        }
    if (cmd->rules.isEmpty()) {
        Context::error(Context::tr("Say which rules to purge: --rule ID (repeatable) or --all."));
        return false;
    }
    for (const char *name : kPassedOn)
        if (ctx.parser.isSet(QLatin1String(name)))
            cmd->passedOn << QStringLiteral("--") + QLatin1String(name)
                          << ctx.parser.value(QLatin1String(name));
    for (const char *name : kPassedFlags)
        if (ctx.parser.isSet(QLatin1String(name)))
            cmd->passedOn << QStringLiteral("--") + QLatin1String(name);
    return true;
}

} // namespace

int cmdFleet(Context &ctx)
{
    FleetCommand cmd;
    if (!parseFleet(ctx, &cmd))
        return Exit::Usage;
    ProfileStore store;
    QList<FleetMember> members;
    if (!cmd.retryOf.isEmpty()) {
        QStringList missing;
        members = namedMembers(store, cmd.retryNames, &missing);
        for (const QString &name : std::as_const(missing))
            Context::info(Context::tr("Warning: profile \"%1\" of the receipt is no longer saved: left out.")
                              .arg(name));
        if (members.isEmpty()) {
            Context::info(Context::tr("Every server of %1 ended ok: nothing to retry.").arg(cmd.retryOf));
            return missing.isEmpty() ? Exit::Ok : Exit::Usage;
        }
    } else {
        members = fleetMembers(store, cmd.tags);
        if (members.isEmpty()) {
            Context::error(
                Context::tr("No saved profile carries every tag of %1 (profile-list shows the tags).")
                    .arg(cmd.tags.join(QStringLiteral(", "))));
            return Exit::Usage;
        }
        if (cmd.options.purge)
            members = purgeOrder(members, cmd.productionLast);
    }
    FleetRunner runner(QCoreApplication::applicationFilePath());
    const QString startedUtc = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    connectFleetOutput(ctx, cmd, runner);
    runFleet(
        runner, members, [&cmd](const FleetMember &m) { return memberArgs(cmd, m); }, cmd.options);
    const QJsonObject result = fleetJson(cmd, runner, startedUtc);
    if (ctx.json)
        Context::printJson(result);
    else
        printFleetSummary(cmd, result);
    return result.value(QStringLiteral("exit_code")).toInt();
}

} // namespace purga::cli
