#include "preflight.h"

#include "core/rules/rules.h"
#include "core/util/textformat.h"

#include <QJsonArray>

namespace purga {

PreflightItem PreflightItem::make(const QString &id, Status status, const QString &title,
                                  const QString &detail, bool blocksPreview, bool blocksPurge)
{
    PreflightItem i;
    i.id = id;
    i.status = status;
    i.title = title;
    i.detail = detail;
    i.blocksPreview = blocksPreview;
    i.blocksPurge = blocksPurge;
    return i;
}

QString toId(PreflightItem::Status s)
{
    switch (s) {
    case PreflightItem::Status::Ok:
        return QStringLiteral("ok");
    case PreflightItem::Status::Warning:
        return QStringLiteral("warning");
    case PreflightItem::Status::Failed:
        return QStringLiteral("failed");
    }
    return QStringLiteral("failed");
}

namespace {

// An item that concerns one rule counts only for that rule; the others count for every rule.
bool concerns(const PreflightItem &item, const QStringList &ruleIds)
{
    return item.ruleId.isEmpty() || ruleIds.isEmpty() || ruleIds.contains(item.ruleId);
}

} // namespace

bool PreflightReport::canPreview(const QStringList &ruleIds) const
{
    return previewBlockers(ruleIds).isEmpty();
}

bool PreflightReport::canPurge(const QStringList &ruleIds) const
{
    return purgeBlockers(ruleIds).isEmpty();
}

QStringList PreflightReport::purgeableRules() const
{
    QStringList out;
    for (const QString &id : Rules::ids())
        if (canPurge({id}))
            out << id;
    return out;
}

QStringList PreflightReport::previewableRules() const
{
    QStringList out;
    for (const QString &id : Rules::ids())
        if (canPreview({id}))
            out << id;
    return out;
}

QStringList PreflightReport::previewBlockers(const QStringList &ruleIds) const
{
    QStringList out;
    for (const PreflightItem &i : items)
        if (concerns(i, ruleIds) && i.blocksPreview)
            out << i.detail;
    return out;
}

QStringList PreflightReport::purgeBlockers(const QStringList &ruleIds) const
{
    QStringList out;
    for (const PreflightItem &i : items)
        if (concerns(i, ruleIds) && (i.blocksPurge || i.blocksPreview))
            out << i.detail;
    return out;
}

QJsonObject PreflightReport::toJson() const
{
    QJsonArray checks;
    for (const PreflightItem &i : items) {
        checks.append(QJsonObject{{QStringLiteral("id"), i.id},
                                  {QStringLiteral("status"), toId(i.status)},
                                  {QStringLiteral("title"), i.title},
                                  {QStringLiteral("detail"), i.detail},
                                  {QStringLiteral("blocks_preview"), i.blocksPreview},
                                  {QStringLiteral("blocks_purge"), i.blocksPurge},
                                  {QStringLiteral("rule"), i.ruleId}});
    }
    return QJsonObject{{QStringLiteral("server_version"), serverVersion},
                       {QStringLiteral("server_version_num"), serverVersionNum},
                       {QStringLiteral("role"), role},
                       {QStringLiteral("database"), database},
                       {QStringLiteral("server_timezone"), jsonText(serverTimeZone)},
                       {QStringLiteral("bypassrls"), bypassRls},
                       {QStringLiteral("superuser"), superuser},
                       {QStringLiteral("in_recovery"), inRecovery},
                       {QStringLiteral("can_detach_partitions"), canDetachPartitions},
                       {QStringLiteral("history_exists"), historyExists},
                       {QStringLiteral("history_writable"), historyWritable},
                       {QStringLiteral("can_vacuum"), canVacuum},
                       {QStringLiteral("connection_pooler"), toId(pooler)},
                       {QStringLiteral("assume_session_pooler"), assumeSessionPooler},
                       {QStringLiteral("tls"), tls.toJson()},
                       {QStringLiteral("standbys"), standbys},
                       {QStringLiteral("standbys_lag_visible"), standbysLagVisible},
                       {QStringLiteral("read_only_default"), readOnlyDefault},
                       // Never run (or unknown) is null, not "" or -1 (docs/cli-json.md).
                       {QStringLiteral("last_job_ok_utc"), jsonText(lastJobOkUtc)},
                       {QStringLiteral("hours_since_job_ok"),
                        hoursSinceJobOk < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(hoursSinceJobOk)},
                       {QStringLiteral("can_preview"), canPreview()},
                       {QStringLiteral("can_purge"), canPurge()},
                       {QStringLiteral("previewable_rules"), QJsonArray::fromStringList(previewableRules())},
                       {QStringLiteral("purgeable_rules"), QJsonArray::fromStringList(purgeableRules())},
                       {QStringLiteral("checks"), checks}};
}

QList<PreflightRefusal> PreflightReport::refusals() const
{
    QStringList globalPurge;
    for (const PreflightItem &i : items) {
        if (!i.ruleId.isEmpty())
            continue;
        if (i.blocksPreview) // every rule is refused: all reasons in one line, as before rule items
            return {PreflightRefusal{{}, true, previewBlockers()}};
        if (i.blocksPurge)
            globalPurge << i.detail;
    }
    QList<PreflightRefusal> out;
    for (const QString &id : Rules::ids())
        if (!canPreview({id}))
            out << PreflightRefusal{id, true, previewBlockers({id})};
    if (!globalPurge.isEmpty())
        out << PreflightRefusal{{}, false, globalPurge};
    for (const QString &id : Rules::ids()) {
        QStringList own; // the purge blockers of a rule that still previews, besides the global ones
        for (const PreflightItem &i : items)
            if (i.ruleId == id && i.blocksPurge && !i.blocksPreview)
                own << i.detail;
        if (!own.isEmpty() && canPreview({id}))
            out << PreflightRefusal{id, false, own};
    }
    return out;
}

QString PreflightRefusal::text() const
{
    const QString why = reasons.join(QStringLiteral("; "));
    if (ruleId.isEmpty())
        return previewToo ? tr("Preview and purge are refused: %1").arg(why)
                          : tr("Purge is refused: %1").arg(why);
    return previewToo ? tr("Preview and purge of %1 are refused: %2").arg(Rules::title(ruleId), why)
                      : tr("Purge of %1 is refused: %2").arg(Rules::title(ruleId), why);
}

QString PreflightReport::poolerRefusal() const
{
    for (const PreflightItem &i : items)
        if (i.id == QLatin1String("pooler") && i.blocksPurge)
            return i.detail;
    return {};
}

QString toId(Pooler pooler)
{
    switch (pooler) {
    case Pooler::None:
        return QStringLiteral("none");
    case Pooler::Session:
        return QStringLiteral("session");
    case Pooler::Transaction:
        return QStringLiteral("transaction");
    }
    return QStringLiteral("none");
}

} // namespace purga
