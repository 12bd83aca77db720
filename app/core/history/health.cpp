#include "health.h"

#include "core/forensics/legalholds.h"
#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/util/textformat.h"
#include "historystore.h"

#include <QJsonArray>
#include <QLocale>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

const QString kMaxHoursKey = QStringLiteral("health/max_hours");

void add(HealthReport *r, const QString &id, HealthLevel level, const QString &text)
{
    r->reasons << HealthReason{id, level, text};
    if (level > r->level)
        r->level = level;
}

QString levelText(HealthLevel l)
{
    switch (l) {
    case HealthLevel::Ok:
        return QStringLiteral("ok");
    case HealthLevel::Info:
        return QStringLiteral("info");
    case HealthLevel::Warning:
        return QStringLiteral("warning");
    case HealthLevel::Alarm:
        return QStringLiteral("alarm");
    }
    return QString();
}

// "5.5 h", "30 h", "3 days 4 h": over 48 h in days, which read better than 76 h.
QString hours(double h)
{
    return formatHours(h);
}

} // namespace

HealthOptions HealthOptions::fromProfile(const QMap<QString, QString> &overrides)
{
    HealthOptions o;
    bool ok = false;
    const double h = overrides.value(kMaxHoursKey).toDouble(&ok);
    if (ok && h > 0)
        o.maxHours = h;
    return o;
}

void HealthOptions::toProfile(const HealthOptions &options, QMap<QString, QString> *overrides)
{
    overrides->insert(kMaxHoursKey, QString::number(options.maxHours));
}

QString HealthReport::nameOf(HealthLevel level)
{
    return levelText(level);
}

QJsonObject HealthReport::toJson() const
{
    QJsonArray reasonsJson;
    for (const HealthReason &x : reasons)
        reasonsJson.append(QJsonObject{{QStringLiteral("id"), x.id},
                                       {QStringLiteral("level"), levelText(x.level)},
                                       {QStringLiteral("text"), x.text}});
    QJsonArray rulesJson;
    for (const RuleOverdue &x : rules)
        rulesJson.append(
            QJsonObject{{QStringLiteral("rule"), x.ruleId},
                        {QStringLiteral("table"), x.table},
                        {QStringLiteral("removable_since_utc"),
                         x.removableSinceUtc.isEmpty() ? QJsonValue() : QJsonValue(x.removableSinceUtc)},
                        {QStringLiteral("hours_ago"), x.hoursAgo < 0 ? QJsonValue() : QJsonValue(x.hoursAgo)},
                        {QStringLiteral("removable"), double(x.removable)},
                        {QStringLiteral("overdue"), x.overdue}});
    auto optional = [](const QString &s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); };
    return QJsonObject{{QStringLiteral("healthy"), healthy()},
                       {QStringLiteral("level"), levelName()},
                       {QStringLiteral("max_hours"), maxHours},
                       {QStringLiteral("reasons"), reasonsJson},
                       {QStringLiteral("rules"), rulesJson},
                       {QStringLiteral("history"), historyExists},
                       {QStringLiteral("job_runs"), double(jobRuns)},
                       {QStringLiteral("last_job_ok_utc"), optional(lastJobOkUtc)},
                       {QStringLiteral("hours_since_job_ok"),
                        hoursSinceJobOk < 0 ? QJsonValue() : QJsonValue(hoursSinceJobOk)},
                       {QStringLiteral("last_ok_utc"), optional(lastOkUtc)}};
}

bool Health::compute(PgConnection &conn, const QList<RuleConfig> &rules, const HealthOptions &options,
                     HealthReport *out, DbFailure *failure)
{
    *out = HealthReport();
    out->maxHours = options.maxHours;
    checkRules(conn, rules, out);
    out->historyExists = HistoryStore::exists(conn);
    if (!out->historyExists) {
        add(out, QStringLiteral("no_history"), HealthLevel::Info,
            tr("No purge history in this database (identidad.purga_corridas is missing; run setup-history): "
               "only the data itself was checked."));
        return true;
    }
    if (!checkHistory(conn, options, out, failure))
        return false;
    checkRuns(conn, options, out);
    return true;
}

// From the data: the oldest removable row (or partition) of each rule, with the preview's SQL.
void Health::checkRules(PgConnection &conn, const QList<RuleConfig> &rules, HealthReport *r)
{
    LegalHolds::detect(conn); // held rows are not overdue: the predicate must know the holds
    for (const RuleConfig &config : rules) {
        RuleOverdue o;
        o.ruleId = config.id;
        o.table = Rules::table(config.id);
        QSqlQuery q(conn.database());
        if (!q.exec(Rules::removableSinceSql(config)) || !q.next()) {
            add(r, QStringLiteral("check_failed:") + config.id, HealthLevel::Info,
                tr("%1: could not measure what is removable (%2).")
                    .arg(Rules::title(config.id), q.lastError().databaseText()));
            continue;
        }
        o.removableSinceUtc = q.value(0).toString();
        o.hoursAgo = q.value(1).isNull() ? -1 : q.value(1).toDouble();
        o.removable = q.value(2).toLongLong();
        o.overdue = o.hoursAgo > r->maxHours;
        r->rules << o;
        if (o.overdue)
            add(r, QStringLiteral("overdue:") + config.id, HealthLevel::Alarm,
                tr("%1: %2 removable since %3 (%4 ago, more than %5): nobody has purged %6 for %4.")
                    .arg(Rules::title(config.id), formatCount(o.removable), o.removableSinceUtc,
                         hours(o.hoursAgo), hours(r->maxHours), o.table));
    }
}

// From the history: the scheduled job's last success (only when it has recorded runs).
bool Health::checkHistory(PgConnection &conn, const HealthOptions &options, HealthReport *r,
                          DbFailure *failure)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral(
            "SELECT count(*) FILTER (WHERE origen = 'job'),\n"
            "       to_char(max(coalesce(terminada_en, iniciada_en)) FILTER (WHERE origen = 'job' AND estado "
            "= 'ok')"
            " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),\n"
            "       extract(epoch FROM now() - max(coalesce(terminada_en, iniciada_en))"
            " FILTER (WHERE origen = 'job' AND estado = 'ok')) / 3600.0,\n"
            "       to_char(max(coalesce(terminada_en, iniciada_en)) FILTER (WHERE estado = 'ok')"
            " AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')\n"
            "FROM identidad.purga_corridas")) ||
        !q.next()) {
        *failure = DbFailure::ofQuery(
            q, false, tr("Could not read the purge history: %1").arg(q.lastError().databaseText()));
        return false;
    }
    r->jobRuns = q.value(0).toLongLong();
    r->lastJobOkUtc = q.value(1).toString();
    r->hoursSinceJobOk = q.value(2).isNull() ? -1 : q.value(2).toDouble();
    r->lastOkUtc = q.value(3).toString();
    if (r->jobRuns == 0)
        add(r, QStringLiteral("no_job_runs"), HealthLevel::Info,
            tr("No scheduled-job runs are recorded: the job is not deployed, or does not write the history "
               "yet "
               "(docs/job-integration.md)."));
    else if (r->hoursSinceJobOk < 0)
        add(r, QStringLiteral("job_never_ok"), HealthLevel::Alarm,
            tr("The scheduled job has %1 recorded runs and none succeeded.").arg(formatCount(r->jobRuns)));
    else if (r->hoursSinceJobOk > options.maxHours)
        add(r, QStringLiteral("job_overdue"), HealthLevel::Alarm,
            tr("The scheduled job last succeeded %1 ago (%2), more than %3.")
                .arg(hours(r->hoursSinceJobOk), r->lastJobOkUtc, hours(options.maxHours)));
    return true;
}

// The last finished run, and runs stuck en_curso.
void Health::checkRuns(PgConnection &conn, const HealthOptions &options, HealthReport *r)
{
    QSqlQuery last(conn.database());
    if (last.exec(
            QStringLiteral("SELECT origen, estado, to_char(iniciada_en AT TIME ZONE 'UTC', "
                           "'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), coalesce(detalle, '')\n"
                           "FROM identidad.purga_corridas WHERE estado NOT IN ('en_curso', 'congelado')\n"
                           "ORDER BY iniciada_en DESC LIMIT 1")) &&
        last.next()) {
        const QString status = last.value(1).toString();
        if (status == QLatin1String("lock_ocupado"))
            add(r, QStringLiteral("last_run"), HealthLevel::Warning,
                tr("The last run (%1, started %2) did not get the advisory lock: another purge held it.")
                    .arg(last.value(0).toString(), last.value(2).toString()));
        else if (status == QLatin1String("error") || status == QLatin1String("interrumpido"))
            add(r, QStringLiteral("last_run"), HealthLevel::Warning,
                tr("The last run (%1, started %2) ended as %3: %4")
                    .arg(last.value(0).toString(), last.value(2).toString(), status,
                         last.value(3).toString()));
    }
    // On a standby pg_stat_activity lists the standby's backends: only the age can tell there.
    QSqlQuery stuck(conn.database());
    const bool ran = stuck.exec(
        QStringLiteral("SELECT r.origen, r.backend_pid, to_char(r.iniciada_en AT TIME ZONE 'UTC', "
                       "'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),\n"
                       "       extract(epoch FROM now() - r.iniciada_en) / 3600.0,\n"
                       "       NOT pg_is_in_recovery() AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a "
                       "WHERE a.pid = r.backend_pid)\n"
                       "FROM identidad.purga_corridas r WHERE r.estado = 'en_curso' ORDER BY r.iniciada_en"));
    if (!ran)
        return;
    while (stuck.next()) {
        const double age = stuck.value(3).toDouble();
        const bool gone = stuck.value(4).toBool();
        if (!gone && age <= options.stuckHours)
            continue;
        add(r, QStringLiteral("stuck_run"), HealthLevel::Warning,
            gone ? tr("A %1 run started %2 is still marked en_curso but its backend (pid %3) is gone.")
                       .arg(stuck.value(0).toString(), stuck.value(2).toString(), stuck.value(1).toString())
                 : tr("A %1 run started %2 has been en_curso for %3 (more than %4).")
                       .arg(stuck.value(0).toString(), stuck.value(2).toString(), hours(age),
                            hours(options.stuckHours)));
    }
}

} // namespace purga
