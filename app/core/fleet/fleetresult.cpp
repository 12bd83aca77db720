// One server's outcome in a fleet, its JSON row, and the fleet's aggregate exit code.
#include "fleetresult.h"

#include "core/profiles/profileenvironment.h"

#include <QJsonArray>

namespace purga {

namespace {

// Most severe first; a code not listed ranks just above 0.
constexpr int kSeverityOrder[] = {6, 1, 2, 3, 4, 5, 7};

struct Outcome
{
    int code;
    const char *id;   // JSON "outcome"
    const char *text; // the table's word (translated)
};

const Outcome kOutcomes[] = {
    {0, "ok", QT_TRANSLATE_NOOP("FleetServerResult", "ok")},
    {2, "usage", QT_TRANSLATE_NOOP("FleetServerResult", "usage error")},
    {3, "unreachable", QT_TRANSLATE_NOOP("FleetServerResult", "unreachable")},
    {4, "refused", QT_TRANSLATE_NOOP("FleetServerResult", "refused")},
    {5, "lock_held", QT_TRANSLATE_NOOP("FleetServerResult", "lock held")},
    {6, "cancelled", QT_TRANSLATE_NOOP("FleetServerResult", "cancelled")},
    {7, "unhealthy", QT_TRANSLATE_NOOP("FleetServerResult", "unhealthy")},
};
const Outcome kFailed{1, "failed", QT_TRANSLATE_NOOP("FleetServerResult", "failed")};

const Outcome &outcomeOf(int exitCode)
{
    for (const Outcome &o : kOutcomes)
        if (o.code == exitCode)
            return o;
    return kFailed; // 1 and anything unforeseen
}

} // namespace

QString FleetServerResult::errorText() const
{
    const QString prefix = QStringLiteral("purga-sesiones-cli: ");
    return error.startsWith(prefix) ? error.mid(prefix.size()) : error;
}

QString outcomeIdOf(int exitCode)
{
    return QLatin1String(outcomeOf(exitCode).id);
}

int exitSeverity(int exitCode)
{
    if (exitCode == 0)
        return 0;
    const int n = int(std::size(kSeverityOrder));
    for (int i = 0; i < n; ++i)
        if (kSeverityOrder[i] == exitCode)
            return n - i + 1;
    return 1;
}

int aggregateExit(const QList<FleetServerResult> &rows, bool stoppedBySignal)
{
    int worst = 0;
    bool skipped = false;
    for (const FleetServerResult &r : rows) {
        if (!r.ran())
            skipped = true;
        else if (exitSeverity(*r.exitCode) > exitSeverity(worst))
            worst = *r.exitCode;
    }
    if (stoppedBySignal)
        return 6;
    if (worst == 0 && skipped)
        return 1;
    return worst;
}

QMap<QString, double> fleetRuleTotals(const QList<FleetServerResult> &rows, bool purge)
{
    QMap<QString, double> sums;
    for (const FleetServerResult &r : rows)
        for (const QJsonValue &v : (purge ? r.receipt : r.status).value(QStringLiteral("rules")).toArray()) {
            const QJsonObject o = v.toObject();
            sums[o.value(purge ? QStringLiteral("id") : QStringLiteral("rule")).toString()] +=
                o.value(purge ? QStringLiteral("deleted") : QStringLiteral("removable")).toDouble();
        }
    return sums;
}

QString FleetServerResult::outcomeId() const
{
    return exitCode ? outcomeIdOf(*exitCode) : QStringLiteral("skipped");
}

QString FleetServerResult::outcomeText() const
{
    return exitCode ? tr(outcomeOf(*exitCode).text) : tr("skipped");
}

QJsonObject FleetServerResult::toJson() const
{
    QJsonObject o{{QStringLiteral("profile"), member.profile},
                  {QStringLiteral("environment"), environmentId(member.environment)},
                  {QStringLiteral("tags"), QJsonArray::fromStringList(member.tags)},
                  {QStringLiteral("target"), member.target},
                  {QStringLiteral("exit_code"), exitCode ? QJsonValue(*exitCode) : QJsonValue()},
                  {QStringLiteral("outcome"), outcomeId()},
                  {QStringLiteral("duration_ms"), durationMs},
                  {QStringLiteral("wave"), wave},
                  {QStringLiteral("receipt"), receipt.isEmpty() ? QJsonValue() : QJsonValue(receipt)}};
    if (!status.isEmpty())
        o.insert(QStringLiteral("status"), status);
    if (!error.isEmpty())
        o.insert(QStringLiteral("error"), error);
    if (!skipped.isEmpty()) {
        o.insert(QStringLiteral("skipped"), skippedId);
        o.insert(QStringLiteral("skipped_reason"), skipped);
    }
    return o;
}

FleetServerResult FleetServerResult::fromJson(const QJsonObject &o)
{
    FleetServerResult r;
    r.member.profile = o.value(QStringLiteral("profile")).toString();
    r.member.environment = environmentFromId(o.value(QStringLiteral("environment")).toString())
                               .value_or(ProfileEnvironment::None);
    for (const QJsonValue &t : o.value(QStringLiteral("tags")).toArray())
        r.member.tags << t.toString();
    r.member.target = o.value(QStringLiteral("target")).toString();
    const QJsonValue code = o.value(QStringLiteral("exit_code"));
    if (code.isDouble())
        r.exitCode = code.toInt();
    r.skippedId = o.value(QStringLiteral("skipped")).toString();
    r.skipped = o.value(QStringLiteral("skipped_reason")).toString();
    r.error = o.value(QStringLiteral("error")).toString();
    r.receipt = o.value(QStringLiteral("receipt")).toObject();
    r.status = o.value(QStringLiteral("status")).toObject();
    r.durationMs = o.value(QStringLiteral("duration_ms")).toInteger();
    r.wave = o.value(QStringLiteral("wave")).toInt();
    return r;
}

} // namespace purga
