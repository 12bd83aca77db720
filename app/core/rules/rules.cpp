#include "rules.h"

#include <limits>

namespace purga {

namespace {

constexpr qint64 kDay = 24 * 3600;

// What a rule is, one row per rule; its SQL is in rulesql.cpp. The translated texts are looked up
// at run time in the context "Rules".
struct RuleSpec
{
    QLatin1String id;
    const char *table;
    const char *title;
    const char *retentionText;
    qint64 forensicMinimumSeconds; // the ADR's window, and the default retention
    bool partitioned;              // monthly partitions detached and dropped, not rows deleted
    RetentionUnit unit;            // how the settings dialog shows and takes its retention
    const char *columns;           // what the preflight checks the table has, space-separated
};

const RuleSpec kRules[] = {
    {RuleId::RefreshTokens, "identidad.trx_refresh_tokens", QT_TRANSLATE_NOOP("Rules", "Refresh tokens"),
     QT_TRANSLATE_NOOP("Rules",
                       "Removable when revoked more than 30 days ago, or expired more than 30 days ago. "
                       "A revoked token without a revocation time is kept until its expiry is 30 days old."),
     30 * kDay, false, RetentionUnit::Days, "id empresa_id token_hash expiracion revocado revocado_en"},
    {RuleId::PreTokens, "identidad.trx_pre_tokens", QT_TRANSLATE_NOOP("Rules", "Pre-tokens"),
     QT_TRANSLATE_NOOP("Rules",
                       "Removable when used more than 24 hours ago, or expired more than 24 hours ago."),
     kDay, false, RetentionUnit::Hours, "id empresa_id token_hash expiracion usado_en"},
    {RuleId::LogSesiones, "identidad.log_sesiones", QT_TRANSLATE_NOOP("Rules", "Session log"),
     QT_TRANSLATE_NOOP(
         "Rules", "Monthly partitions whose upper bound is 12 months old or more are detached and dropped. "
                  "The DEFAULT partition is never removed."),
     365 * kDay, true, RetentionUnit::Months, "id ocurrido_en"},
};

const RuleSpec *spec(const QString &id)
{
    for (const RuleSpec &r : kRules)
        if (id == r.id)
            return &r;
    return nullptr;
}

// The settings a rule reads and writes as whole numbers, under "<rule id>/<key>", and the ranges
// validate() holds them to (the message takes the rule's title and the value).
struct IntSetting
{
    const char *key;
    int RuleConfig::*field;
    int min, max;
    const char *outOfRange;
};

const IntSetting kIntSettings[] = {
    {"batch_size", &RuleConfig::batchSize, 1, 100000,
     QT_TRANSLATE_NOOP("Rules", "%1: batch size %2 is out of range (1 to 100000).")},
    {"lock_timeout_ms", &RuleConfig::lockTimeoutMs, 10, 600000,
     QT_TRANSLATE_NOOP("Rules", "%1: lock timeout %2 ms is out of range (10 ms to 10 min).")},
    {"statement_timeout_ms", &RuleConfig::statementTimeoutMs, 100, 3600000,
     QT_TRANSLATE_NOOP("Rules", "%1: statement timeout %2 ms is out of range (100 ms to 1 h).")},
    {"pause_ms", &RuleConfig::pauseMs, 0, 60000,
     QT_TRANSLATE_NOOP("Rules", "%1: pause %2 ms is out of range (0 to 60000).")},
    {"target_batch_ms", &RuleConfig::targetBatchMs, 0, 60000,
     QT_TRANSLATE_NOOP("Rules", "%1: target batch time %2 ms is out of range (0 to 60000).")},
    {"ddl_lock_timeout_ms", &RuleConfig::ddlLockTimeoutMs, 10, 600000,
     QT_TRANSLATE_NOOP("Rules", "%1: DDL lock timeout %2 ms is out of range (10 ms to 10 min).")},
    {"max_lock_retries", &RuleConfig::maxLockRetries, 0, 100,
     QT_TRANSLATE_NOOP("Rules", "%1: lock retries %2 out of range (0 to 100).")},
    {"quarantine_days", &RuleConfig::quarantineDays, 0, 365,
     QT_TRANSLATE_NOOP("Rules", "%1: quarantine of %2 days is out of range (0 to 365).")},
};

} // namespace

QStringList Rules::ids()
{
    QStringList out;
    for (const RuleSpec &r : kRules)
        out << r.id;
    return out;
}

bool Rules::isPartitionRule(const QString &id)
{
    const RuleSpec *r = spec(id);
    return r && r->partitioned;
}

QStringList Rules::requiredColumns(const QString &id)
{
    const RuleSpec *r = spec(id);
    return r ? QString::fromLatin1(r->columns).split(u' ') : QStringList();
}

RetentionUnit Rules::retentionUnit(const QString &id)
{
    const RuleSpec *r = spec(id);
    return r ? r->unit : RetentionUnit::Days;
}

qint64 Rules::forensicMinimumSeconds(const QString &id)
{
    const RuleSpec *r = spec(id);
    return r ? r->forensicMinimumSeconds : 365 * kDay;
}

RuleConfig Rules::defaults(const QString &id)
{
    RuleConfig c;
    c.id = id;
    c.retentionSeconds = forensicMinimumSeconds(id);
    return c;
}

QString Rules::table(const QString &id)
{
    const RuleSpec *r = spec(id);
    return r ? QString::fromLatin1(r->table) : QString();
}

QString Rules::title(const QString &id)
{
    const RuleSpec *r = spec(id);
    return r ? tr(r->title) : id;
}

QString Rules::retentionText(const QString &id)
{
    const RuleSpec *r = spec(id);
    return r ? tr(r->retentionText) : QString();
}

QStringList Rules::validate(const RuleConfig &c, QStringList *warnings)
{
    QStringList errors;
    if (!ids().contains(c.id)) {
        errors << tr("Unknown rule \"%1\".").arg(c.id);
        return errors;
    }
    if (c.retentionSeconds <= 0)
        errors << tr("%1: the retention must be positive.").arg(title(c.id));
    else if (isShortRetention(c)) {
        const QString msg = shortRetentionWarning(c);
        if (c.forensicOverride) {
            if (warnings)
                *warnings << msg;
        } else {
            errors << msg + u' ' + tr("Confirm the override explicitly to use it.");
        }
    }
    for (const IntSetting &s : kIntSettings) {
        const int value = c.*s.field;
        if (value < s.min || value > s.max)
            errors << tr(s.outOfRange).arg(title(c.id)).arg(value);
    }
    if (c.familyAware && !hasFamilies(c.id))
        errors << tr("%1: family-aware retention applies to refresh tokens only.").arg(title(c.id));
    return errors;
}

bool Rules::isShortRetention(const RuleConfig &c)
{
    return ids().contains(c.id) && c.retentionSeconds > 0 &&
           c.retentionSeconds < forensicMinimumSeconds(c.id);
}

QString Rules::shortRetentionWarning(const RuleConfig &c)
{
    if (!isShortRetention(c))
        return QString();
    return tr("%1 (%2): a retention of %3 is shorter than the forensic window of %4 (ADR 0021).")
        .arg(title(c.id), c.id, durationText(c.retentionSeconds), durationText(forensicMinimumSeconds(c.id)));
}

QString Rules::durationText(qint64 s)
{
    // Exact, never rounded: one second short of the window must not read as the window itself.
    if (s % kDay == 0 && s >= 2 * kDay)
        return tr("%1 days").arg(s / kDay);
    if (s % 3600 == 0)
        return tr("%1 h").arg(s / 3600);
    return tr("%1 s").arg(s);
}

RuleConfig Rules::fromSettings(const QString &id, const QMap<QString, QString> &o)
{
    RuleConfig c = defaults(id);
    auto num = [&](const char *key, qint64 fallback) {
        const QString v = o.value(id + u'/' + QLatin1String(key));
        bool ok = false;
        const qint64 n = v.toLongLong(&ok);
        // Out of int range reads as an invalid value (validation then names it), never wraps.
        return ok ? qBound(qint64(-1), n, qint64(std::numeric_limits<int>::max())) : fallback;
    };
    c.retentionSeconds = num("retention_seconds", c.retentionSeconds);
    c.forensicOverride = num("forensic_override", 0) != 0;
    c.familyAware = num("family_aware", 0) != 0;
    for (const IntSetting &s : kIntSettings)
        c.*s.field = int(num(s.key, c.*s.field));
    return c;
}

void Rules::toSettings(const RuleConfig &c, QMap<QString, QString> *o)
{
    const QString p = c.id + u'/';
    o->insert(p + QStringLiteral("retention_seconds"), QString::number(c.retentionSeconds));
    o->insert(p + QStringLiteral("forensic_override"),
              c.forensicOverride ? QStringLiteral("1") : QStringLiteral("0"));
    for (const IntSetting &s : kIntSettings)
        o->insert(p + QLatin1String(s.key), QString::number(c.*s.field));
    // Only a rule with families has the setting: the others' saved settings stay as they were.
    if (hasFamilies(c.id))
        o->insert(p + QStringLiteral("family_aware"),
                  c.familyAware ? QStringLiteral("1") : QStringLiteral("0"));
}

} // namespace purga
