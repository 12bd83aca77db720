#include "preview.h"

#include "core/util/textformat.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QTimeZone>

namespace purga {

QJsonObject HeldCount::toJson() const
{
    return QJsonObject{{QStringLiteral("hold_id"), double(holdId)},
                       {QStringLiteral("reason"), reason},
                       {QStringLiteral("scope"), scope},
                       {QStringLiteral("rows"), double(rows)},
                       {QStringLiteral("job_rows"), double(jobRows)}};
}

namespace {

QJsonArray heldJson(const QList<HeldCount> &held)
{
    QJsonArray arr;
    for (const HeldCount &h : held)
        arr.append(h.toJson());
    return arr;
}

} // namespace

qint64 RulePreview::heldRows() const
{
    qint64 n = 0;
    for (const HeldCount &h : held)
        n += h.rows;
    return n;
}

QString PartitionInfo::stateId() const
{
    if (detachedNotDropped)
        return QStringLiteral("detached_not_dropped");
    return detachPending ? QStringLiteral("detach_pending") : QStringLiteral("attached");
}

QJsonObject PartitionInfo::toJson(JsonDetail detail) const
{
    QJsonObject o{{QStringLiteral("name"), name},
                  {QStringLiteral("lower_bound"), jsonText(lowerBound)},
                  {QStringLiteral("upper_bound"), jsonText(upperBound)},
                  {QStringLiteral("default"), isDefault},
                  {QStringLiteral("rows"), double(rows)},
                  {QStringLiteral("rows_exact"), rowsExact},
                  {QStringLiteral("bytes"), double(bytes)},
                  {QStringLiteral("removable"), removable}};
    if (detail == JsonDetail::Summary)
        return o;
    o.insert(QStringLiteral("bound"), bound);
    o.insert(QStringLiteral("leaves"), leaves);
    o.insert(QStringLiteral("state"), stateId());
    o.insert(QStringLiteral("dependents"), QJsonArray::fromStringList(dependents));
    o.insert(QStringLiteral("reason"), jsonText(reason));
    o.insert(QStringLiteral("held"), heldJson(held));
    return o;
}

QString cutoffInZone(const QString &utcText, const QString &ianaZone)
{
    QString iso = utcText;
    iso.replace(u' ', u'T');
    if (iso.endsWith(QLatin1String("+00")))
        iso.chop(3), iso += u'Z';
    QDateTime dt = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!dt.isValid())
        return utcText;
    if (ianaZone.isEmpty()) {
        dt = dt.toLocalTime();
        return dt.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss t"));
    }
    const QTimeZone zone(ianaZone.toUtf8());
    if (!zone.isValid())
        return utcText;
    return dt.toTimeZone(zone).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + u' ' + ianaZone;
}

const RulePreview *PreviewPlan::rule(const QString &id) const
{
    for (const RulePreview &r : rules)
        if (r.id == id)
            return &r;
    return nullptr;
}

QJsonObject RulePreview::toJson() const
{
    QJsonObject o{{QStringLiteral("id"), id},
                  {QStringLiteral("table"), table},
                  {QStringLiteral("cutoff_utc"), cutoffUtc},
                  {QStringLiteral("retention_seconds"), double(config.retentionSeconds)},
                  {QStringLiteral("total"), double(total)},
                  {QStringLiteral("eligible"), double(eligible)},
                  {QStringLiteral("retained"), double(retained)}};
    // A retention shorter than the ADR's forensic window, whatever set it.
    o.insert(QStringLiteral("forensic_window_seconds"), double(Rules::forensicMinimumSeconds(id)));
    o.insert(QStringLiteral("short_retention_warning"), jsonText(Rules::shortRetentionWarning(config)));
    o.insert(QStringLiteral("held"), heldJson(held));
    if (Rules::isPartitionRule(id)) {
        QJsonArray parts;
        for (const PartitionInfo &p : partitions)
            parts.append(p.toJson());
        o.insert(QStringLiteral("partitions"), parts);
        QJsonArray alone;
        for (const LeftAloneTable &t : leftAlone)
            alone.append(QJsonObject{{QStringLiteral("name"), t.name}, {QStringLiteral("reason"), t.reason}});
        o.insert(QStringLiteral("left_alone"), alone);
        o.insert(QStringLiteral("quarantine_days"), config.quarantineDays);
        o.insert(QStringLiteral("quarantine_until_utc"), jsonText(quarantineUntilUtc));
        QJsonArray quarantined;
        for (const QuarantinedPartition &q : quarantine)
            quarantined.append(q.toJson());
        o.insert(QStringLiteral("quarantine"), quarantined);
        return o;
    }
    o.insert(QStringLiteral("retained_by_window"), double(retainedByWindow));
    o.insert(QStringLiteral("revoked_or_used"), double(revokedOrUsed));
    o.insert(QStringLiteral("expired"), double(expired));
    o.insert(QStringLiteral("adr_sample_would_delete_in_window"), double(adrSampleInWindow));
    if (Rules::hasFamilies(id)) {
        o.insert(QStringLiteral("family_aware"), config.familyAware);
        o.insert(QStringLiteral("live_family_rows"), double(liveFamily));
    }
    // Absent values are null (docs/cli-json.md): no key range or ages without eligible rows.
    const bool any = eligible > 0;
    o.insert(QStringLiteral("key_min"), any ? QJsonValue(double(keyMin)) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("key_max"), any ? QJsonValue(double(keyMax)) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("oldest"), any ? jsonText(oldest) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("newest"), any ? jsonText(newest) : QJsonValue(QJsonValue::Null));
    QJsonObject tenants;
    for (const CountBucket &b : byTenant)
        tenants.insert(b.label, double(b.rows));
    o.insert(QStringLiteral("by_tenant"), tenants);
    QJsonArray ages;
    for (const CountBucket &b : byAge)
        ages.append(
            QJsonObject{{QStringLiteral("bucket"), b.label}, {QStringLiteral("rows"), double(b.rows)}});
    o.insert(QStringLiteral("by_age"), ages);
    o.insert(QStringLiteral("sample_size"), int(sample.size()));
    return o;
}

QString liveFamilyText(bool familyAware, qint64 rows)
{
    if (familyAware)
        return QCoreApplication::translate(
                   "RulePreview", "%1 rows the rule would otherwise remove belong to token families still "
                                  "live; family-aware retention is on: they are kept.")
            .arg(formatCount(rows));
    return QCoreApplication::translate("RulePreview",
                                       "%1 of the removable rows belong to token families still live; "
                                       "family-aware retention is off: they are removed.")
        .arg(formatCount(rows));
}

QString RulePreview::liveFamilyNote() const
{
    return Rules::hasFamilies(id) ? liveFamilyText(config.familyAware, liveFamily) : QString();
}

QJsonObject PreviewPlan::toJson() const
{
    QJsonArray arr;
    for (const RulePreview &r : rules)
        arr.append(r.toJson());
    return QJsonObject{{QStringLiteral("taken_at_utc"), takenAtUtc},
                       // The database instant the plan froze; each rule's cutoff is this minus its retention.
                       {QStringLiteral("cutoff_utc"), cutoffBaseUtc},
                       {QStringLiteral("frozen_now_utc"), cutoffBaseUtc},
                       {QStringLiteral("server_timezone"), jsonText(serverTimeZone)},
                       {QStringLiteral("rules"), arr}};
}

} // namespace purga
