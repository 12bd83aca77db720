// A fleet purge's confirmation, from the last fleet check: servers in order, their counts and what
// will stop them, and the run's caps in words.
#include "fleetpurgeplan.h"

#include "core/rules/rules.h"
#include "ui/style/displayformat.h"

#include <QJsonArray>
#include <QJsonObject>

namespace purga {

namespace {

const FleetServerResult *rowOf(const QList<FleetServerResult> &check, const QString &profile)
{
    for (const FleetServerResult &r : check)
        if (r.member.profile == profile)
            return &r;
    return nullptr;
}

} // namespace

FleetPurgePlan FleetPurgePlan::fromCheck(const QList<FleetMember> &members,
                                         const QList<FleetServerResult> &check)
{
    FleetPurgePlan plan;
    for (const FleetMember &m : members) {
        FleetPurgeServer s;
        s.member = m;
        const FleetServerResult *r = rowOf(check, m.profile);
        const QJsonObject status = r ? r->status : QJsonObject();
        s.checked = !status.isEmpty();
        for (const QJsonValue &v : status.value(QStringLiteral("rules")).toArray()) {
            const QJsonObject o = v.toObject();
            s.removable.insert(o.value(QStringLiteral("rule")).toString(),
                               qint64(o.value(QStringLiteral("removable")).toDouble()));
        }
        QStringList whole; // checks that refuse every rule of this server
        for (const QJsonValue &v : status.value(QStringLiteral("blocking")).toArray()) {
            const QJsonObject o = v.toObject();
            const QString rule = o.value(QStringLiteral("rule")).toString();
            const QString title = o.value(QStringLiteral("title")).toString();
            if (rule.isEmpty())
                whole << title;
            else
                s.refused.insert(rule, title);
        }
        if (!r || !r->ran())
            s.blocker = tr("not checked: check the fleet again");
        else if (!s.checked)
            s.blocker = tr("unreachable at the check: %1").arg(r->error.isEmpty() ? r->outcomeText() : r->errorText());
        else if (!whole.isEmpty())
            s.blocker = tr("refused by the checks: %1").arg(whole.join(QStringLiteral("; ")));
        else if (status.value(QStringLiteral("lock_held")).toBool())
            s.blocker = tr("purge lock held by %1: this server will end \"lock held\"")
                            .arg(status.value(QStringLiteral("lock_holder")).toString());
        plan.servers << s;
    }
    return plan;
}

qint64 FleetPurgePlan::total(const QString &rule) const
{
    qint64 sum = 0;
    for (const FleetPurgeServer &s : servers)
        if (s.blocker.isEmpty() && !s.refused.contains(rule))
            sum += s.removable.value(rule);
    return sum;
}

int FleetPurgePlan::serversWith(const QString &rule) const
{
    int n = 0;
    for (const FleetPurgeServer &s : servers)
        if (s.blocker.isEmpty() && !s.refused.contains(rule) && s.removable.value(rule) > 0)
            ++n;
    return n;
}

QStringList FleetPurgePlan::productionServers() const
{
    QStringList out;
    for (const FleetPurgeServer &s : servers)
        if (s.member.environment == ProfileEnvironment::Production)
            out << s.member.profile;
    return out;
}

QString FleetPurgePlan::serverText(int index) const
{
    const FleetPurgeServer &s = servers.at(index);
    QStringList head{QStringLiteral("%1. %2").arg(index + 1).arg(s.member.profile), s.member.target};
    if (s.member.environment == ProfileEnvironment::Production)
        head << tr("PRODUCTION");
    if (canary > 0)
        head << (s.wave == 1 ? tr("canary wave") : tr("after the canary wave"));
    QStringList counts;
    for (const QString &rule : rules) {
        if (!s.checked)
            break;
        const qint64 n = s.removable.value(rule);
        QString c = Rules::isPartitionRule(rule)
                        ? tr("%1: %n partition(s)", nullptr, int(n)).arg(Rules::title(rule))
                        : tr("%1: %2 rows").arg(Rules::title(rule), Display::number(n));
        if (s.refused.contains(rule))
            c += QStringLiteral(" (") + tr("refused: %1").arg(s.refused.value(rule)) + u')';
        counts << c;
    }
    QString text = head.join(QStringLiteral(" — "));
    if (!counts.isEmpty())
        text += u'\n' + QStringLiteral("    ") + counts.join(QStringLiteral(" · "));
    if (!s.blocker.isEmpty())
        text += u'\n' + QStringLiteral("    ") + Display::statusSymbol(Display::Status::Warning) + u' ' +
                s.blocker;
    return text;
}

QString FleetPurgePlan::runText() const
{
    QStringList parts{tr("Servers purged at once: %1.").arg(concurrency)};
    parts << (canary > 0 ? tr("Canary: the first %n server(s) first; the others only if every one of them "
                              "ended ok.",
                              nullptr, canary)
                         : tr("No canary wave."));
    parts << tr("After %n server(s) that did not end ok, no other server starts.", nullptr, maxFailures);
    return parts.join(u'\n'); // one short line each: no wrapping, whatever the language
}

} // namespace purga
