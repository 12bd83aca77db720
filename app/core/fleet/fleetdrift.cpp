// Drift: the facts the probes reported, compared across the fleet (majority as the reference).
#include "fleetdrift.h"

#include <QJsonObject>

#include <algorithm>

namespace purga {

namespace {

const QString kAbsent = QStringLiteral("absent");

// The value most servers share; ties go to the smaller text, so that the result is stable.
QString majority(const QMap<QString, int> &counts)
{
    QString best;
    int bestCount = -1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        if (it.value() > bestCount) {
            best = it.key();
            bestCount = it.value();
        }
    return best;
}

} // namespace

QList<FleetDriftItem> fleetDrift(const QList<FleetServerResult> &rows)
{
    QList<QPair<QString, QJsonObject>> facts; // profile -> "aspect.key" -> value
    QStringList keys;
    for (const FleetServerResult &r : rows) {
        const QJsonObject drift = r.status.value(QStringLiteral("drift")).toObject();
        if (drift.isEmpty())
            continue;
        facts << qMakePair(r.member.profile, drift);
        for (auto it = drift.constBegin(); it != drift.constEnd(); ++it)
            if (!keys.contains(it.key()))
                keys << it.key();
    }
    std::sort(keys.begin(), keys.end());
    QList<FleetDriftItem> out;
    for (const QString &key : std::as_const(keys)) {
        QMap<QString, int> counts;
        for (const auto &f : std::as_const(facts))
            ++counts[f.second.value(key).toString(kAbsent)];
        if (counts.size() < 2)
            continue;
        FleetDriftItem item;
        const qsizetype dot = key.indexOf(u'.');
        item.aspect = dot < 0 ? key : key.left(dot);
        item.key = dot < 0 ? QString() : key.mid(dot + 1);
        item.reference = majority(counts);
        for (const auto &f : std::as_const(facts)) {
            const QString v = f.second.value(key).toString(kAbsent);
            if (v != item.reference)
                item.differing.insert(f.first, v);
        }
        out << item;
    }
    return out;
}

QJsonArray driftJson(const QList<FleetDriftItem> &items)
{
    QJsonArray out;
    for (const FleetDriftItem &i : items) {
        QJsonArray servers;
        for (auto it = i.differing.cbegin(); it != i.differing.cend(); ++it)
            servers.append(
                QJsonObject{{QStringLiteral("profile"), it.key()}, {QStringLiteral("value"), it.value()}});
        out.append(QJsonObject{{QStringLiteral("aspect"), i.aspect},
                               {QStringLiteral("key"), i.key},
                               {QStringLiteral("reference"), i.reference},
                               {QStringLiteral("servers"), servers}});
    }
    return out;
}

} // namespace purga
