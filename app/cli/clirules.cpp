// rule-set: one rule's retention, batch size, quarantine and family-aware retention in a saved
// profile, from scripts; the same
// settings and the same checks (Rules::validate) as the GUI's rule settings dialog.
#include "cliapp.h"

#include "core/profiles/profilestore.h"
#include "core/rules/rules.h"

#include <QJsonObject>

#include <limits>

namespace purga::cli {

namespace {

constexpr qint64 kHour = 3600;

// --NAME N as a whole number of at least 1; false after a usage error (said).
bool positiveOption(const Context &ctx, const char *name, qint64 *out)
{
    const QString v = ctx.parser.value(QLatin1String(name));
    bool ok = false;
    *out = v.toLongLong(&ok);
    if (!ok || *out < 1 || *out > std::numeric_limits<int>::max()) {
        Context::error(
            Context::tr("--%1 takes a whole number from 1, not \"%2\".").arg(QLatin1String(name), v));
        return false;
    }
    return true;
}

// The rule's settings with the command line's changes; an exit code other than Ok when refused.
int changedConfig(const Context &ctx, const ConnectionProfile &profile, const QString &id, RuleConfig *c)
{
    *c = Rules::fromSettings(id, profile.ruleOverrides);
    const bool days = ctx.parser.isSet(QStringLiteral("retention-days"));
    const bool hours = ctx.parser.isSet(QStringLiteral("retention-hours"));
    if (days && hours) {
        Context::error(Context::tr("--retention-days and --retention-hours exclude each other."));
        return Exit::Usage;
    }
    qint64 n = 0;
    if (days || hours) {
        if (!positiveOption(ctx, days ? "retention-days" : "retention-hours", &n))
            return Exit::Usage;
        c->retentionSeconds = n * (days ? 24 * kHour : kHour);
    }
    if (ctx.parser.isSet(QStringLiteral("batch-size"))) {
        if (!positiveOption(ctx, "batch-size", &n))
            return Exit::Usage;
        c->batchSize = int(n);
    }
    if (ctx.parser.isSet(QStringLiteral("quarantine-days"))) {
        bool ok = false;
        c->quarantineDays = ctx.parser.value(QStringLiteral("quarantine-days")).toInt(&ok);
        if (!ok || !Rules::isPartitionRule(id)) {
            Context::error(
                Context::tr("--quarantine-days takes a whole number of days (0 to 365) and only the "
                            "rule %1.")
                    .arg(RuleId::LogSesiones));
            return Exit::Usage;
        }
    }
    if (ctx.parser.isSet(QStringLiteral("family-aware"))) {
        const QString v = ctx.parser.value(QStringLiteral("family-aware"));
        if (v != QLatin1String("on") && v != QLatin1String("off")) {
            Context::error(Context::tr("--family-aware takes on or off, not \"%1\".").arg(v));
            return Exit::Usage;
        }
        c->familyAware = v == QLatin1String("on"); // validate() refuses it for a rule without families
    }
    // The override is the owner's word for this retention: given again with every short one,
    // dropped when the retention is the window or longer.
    c->forensicOverride =
        Rules::isShortRetention(*c) && ctx.parser.isSet(QStringLiteral("allow-short-retention"));
    if (Rules::isShortRetention(*c) && !c->forensicOverride) {
        Context::error(Context::tr("Refused: %1 Add --allow-short-retention to save it anyway.")
                           .arg(Rules::shortRetentionWarning(*c)));
        return Exit::Refused;
    }
    const QStringList problems = Rules::validate(*c);
    if (!problems.isEmpty()) {
        Context::error(problems.join(u' '));
        return Exit::Usage;
    }
    return Exit::Ok;
}

} // namespace

int cmdRuleSet(Context &ctx)
{
    const QString name = ctx.parser.value(QStringLiteral("profile"));
    const QStringList ids = ctx.parser.values(QStringLiteral("rule"));
    if (name.isEmpty() || ids.size() != 1 || !Rules::ids().contains(ids.first())) {
        Context::error(Context::tr("rule-set takes --profile NAME and one --rule ID (%1).")
                           .arg(Rules::ids().join(QStringLiteral(", "))));
        return Exit::Usage;
    }
    ProfileStore store;
    const std::optional<ConnectionProfile> profile = store.load(name);
    if (!profile) {
        Context::unknownProfile(name, store.names());
        return Exit::Usage;
    }
    RuleConfig c;
    if (const int code = changedConfig(ctx, *profile, ids.first(), &c); code != Exit::Ok)
        return code;
    QMap<QString, QString> overrides = profile->ruleOverrides;
    Rules::toSettings(c, &overrides);
    QString error;
    if (!store.saveOverrides(name, overrides, &error)) {
        Context::error(Context::tr("Could not save the settings of profile \"%1\": %2").arg(name, error));
        return Exit::Other;
    }
    if (Rules::isShortRetention(c))
        Context::info(Context::tr("Warning: %1 Saved (--allow-short-retention); purge still asks for "
                                  "--allow-short-retention.")
                          .arg(Rules::shortRetentionWarning(c)));
    Context::info(Context::tr("Profile \"%1\", rule %2: retention %3, batch size %4.")
                      .arg(name, c.id, Rules::durationText(c.retentionSeconds))
                      .arg(c.batchSize));
    if (Rules::isPartitionRule(c.id))
        Context::info(c.quarantineDays > 0
                          ? Context::tr("Detached partitions stay %1 days in quarantine before a purge drops "
                                        "them.")
                                .arg(c.quarantineDays)
                          : Context::tr("Detached partitions are dropped at once (no quarantine)."));
    if (Rules::hasFamilies(c.id))
        Context::info(c.familyAware
                          ? Context::tr("Family-aware retention: on (tokens of live families are kept).")
                          : Context::tr("Family-aware retention: off (the ADR's retention)."));
    if (ctx.json)
        Context::printJson(
            {{QStringLiteral("profile"), name},
             {QStringLiteral("rule"), c.id},
             {QStringLiteral("retention_seconds"), double(c.retentionSeconds)},
             {QStringLiteral("forensic_window_seconds"), double(Rules::forensicMinimumSeconds(c.id))},
             {QStringLiteral("short_retention_allowed"), c.forensicOverride},
             {QStringLiteral("batch_size"), c.batchSize},
             {QStringLiteral("quarantine_days"), c.quarantineDays},
             {QStringLiteral("family_aware"),
              Rules::hasFamilies(c.id) ? QJsonValue(c.familyAware) : QJsonValue(QJsonValue::Null)}});
    return Exit::Ok;
}

} // namespace purga::cli
