// The fleet's words: one line per server as it answers, the totals per rule and the drift.
#include "clifleet.h"

#include "core/util/textformat.h"

#include <QJsonArray>

namespace purga::cli {

namespace {

// "refresh_tokens 1.200 (oldest 40 d), pre_tokens 0, log_sesiones 2" from a probe's rules.
QString removableText(const QJsonObject &status)
{
    QStringList parts;
    for (const QJsonValue &v : status.value(QStringLiteral("rules")).toArray()) {
        const QJsonObject r = v.toObject();
        QString part = r.value(QStringLiteral("rule")).toString() + u' ' +
                       formatCount(qint64(r.value(QStringLiteral("removable")).toDouble()));
        const double hours = r.value(QStringLiteral("removable_since_hours")).toDouble(-1);
        if (hours >= 0)
            part += Context::tr(" (removable for %1 d)").arg(formatCount(qint64(hours / 24)));
        if (r.value(QStringLiteral("overdue")).toBool())
            part += Context::tr(" OVERDUE");
        parts << part;
    }
    return parts.join(QStringLiteral(", "));
}

QString statusLine(const FleetServerResult &r)
{
    const QJsonObject s = r.status;
    if (s.isEmpty())
        return r.error;
    QString line = Context::tr("PostgreSQL %1, %2, pooler %3, lock %4; removable: %5; health %6")
                       .arg(s.value(QStringLiteral("server_version")).toString(),
                            s.value(QStringLiteral("verdict")).toString(),
                            s.value(QStringLiteral("connection_pooler")).toString(),
                            s.value(QStringLiteral("lock_held")).toBool()
                                ? s.value(QStringLiteral("lock_holder")).toString()
                                : Context::tr("free"),
                            removableText(s), s.value(QStringLiteral("health")).toString());
    const QString job = s.value(QStringLiteral("last_job_ok_utc")).toString();
    line += job.isEmpty() ? Context::tr("; no good job run") : Context::tr("; job ok %1").arg(job);
    const QJsonArray blocking = s.value(QStringLiteral("blocking")).toArray();
    if (!blocking.isEmpty())
        line += Context::tr("; blocked by %1")
                    .arg(blocking.first().toObject().value(QStringLiteral("title")).toString());
    return line;
}

QString purgeLine(const FleetServerResult &r)
{
    QStringList parts;
    for (const QJsonValue &v : r.receipt.value(QStringLiteral("rules")).toArray()) {
        const QJsonObject o = v.toObject();
        parts << Context::tr("%1 %2 deleted")
                     .arg(o.value(QStringLiteral("id")).toString(),
                          formatCount(qint64(o.value(QStringLiteral("deleted")).toDouble())));
    }
    QString line = parts.join(QStringLiteral(", "));
    if (!r.ok() && !r.error.isEmpty())
        line += (line.isEmpty() ? QString() : QStringLiteral(" — ")) + r.error;
    return line;
}

} // namespace

bool retryUsage(const Context &ctx)
{
    for (const char *name : {"rule", "all", "tag"})
        if (ctx.parser.isSet(QLatin1String(name))) {
            Context::error(Context::tr("--retry reruns the receipt's servers with its rules: not with --%1.")
                               .arg(QLatin1String(name)));
            return false;
        }
    return true;
}

QJsonObject fleetTotals(const FleetCommand &cmd, const QList<FleetServerResult> &rows)
{
    const QMap<QString, double> sums = fleetRuleTotals(rows, cmd.sub == QLatin1String("purge"));
    QJsonObject out;
    for (auto it = sums.cbegin(); it != sums.cend(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

void connectFleetOutput(const Context &ctx, const FleetCommand &cmd, FleetRunner &runner)
{
    const bool purge = cmd.sub == QLatin1String("purge");
    if (purge)
        QObject::connect(&runner, &FleetRunner::stderrLine, &runner, [&runner](int i, const QString &line) {
            Context::info(QStringLiteral("[%1] %2").arg(runner.results().at(i).member.profile, line));
        });
    if (ctx.json)
        return;
    QObject::connect(&runner, &FleetRunner::serverFinished, &runner, [&runner, purge](int i) {
        const FleetServerResult &r = runner.results().at(i);
        const QString code = r.ran() ? QStringLiteral(" (exit %1)").arg(*r.exitCode) : QString();
        const QString what = !r.ran() ? r.skipped : purge ? purgeLine(r) : statusLine(r);
        Context::printLine(
            QStringLiteral("%1: %2%3 — %4").arg(r.member.profile, r.outcomeText(), code, what));
    });
}

void printFleetSummary(const FleetCommand &cmd, const QJsonObject &result)
{
    const QJsonObject totals = result.value(QStringLiteral("totals")).toObject();
    QStringList parts;
    for (auto it = totals.constBegin(); it != totals.constEnd(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key(), formatCount(qint64(it.value().toDouble())));
    if (!parts.isEmpty())
        Context::printLine((cmd.sub == QLatin1String("purge") ? Context::tr("Deleted across the fleet: %1")
                                                              : Context::tr("Removable across the fleet: %1"))
                               .arg(parts.join(QStringLiteral(", "))));
    for (const QJsonValue &v : result.value(QStringLiteral("drift")).toArray()) {
        const QJsonObject d = v.toObject();
        QStringList servers;
        for (const QJsonValue &s : d.value(QStringLiteral("servers")).toArray())
            servers << QStringLiteral("%1 (%2)").arg(s.toObject().value(QStringLiteral("profile")).toString(),
                                                     s.toObject().value(QStringLiteral("value")).toString());
        Context::printLine(
            Context::tr("Drift in %1 %2: most servers have %3; differ: %4")
                .arg(d.value(QStringLiteral("aspect")).toString(), d.value(QStringLiteral("key")).toString(),
                     d.value(QStringLiteral("reference")).toString(), servers.join(QStringLiteral(", "))));
    }
    Context::printLine(
        Context::tr("Fleet exit code %1.").arg(result.value(QStringLiteral("exit_code")).toInt()));
}

} // namespace purga::cli
