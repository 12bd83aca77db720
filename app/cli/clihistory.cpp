// history, health and the purge's Prometheus textfile: the purge history for scripts and monitoring.
#include "cliapp.h"

#include "core/history/health.h"
#include "core/history/historydays.h"
#include "core/history/historyquery.h"
#include "core/history/prometheustextfile.h"
#include "core/pg/dbfailure.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "core/util/textformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimeZone>

#include <cstdio>

namespace purga::cli {

namespace {

// The tables the history records rows for: the rules' tables.
QStringList historyTables()
{
    QStringList tables;
    for (const QString &id : Rules::ids())
        tables << Rules::table(id);
    return tables;
}

// --days N | --since ISO-8601 (default: 30 days), --origin job|manual|all, --table NAME.
bool historyRange(Context &ctx, HistoryRange *range)
{
    const QCommandLineParser &p = ctx.parser;
    const bool days = p.isSet(QStringLiteral("days")), since = p.isSet(QStringLiteral("since"));
    if (days && since) {
        Context::error(Context::tr("Give --days N or --since ISO-8601, not both."));
        return false;
    }
    if (since) {
        const QString v = p.value(QStringLiteral("since"));
        QDateTime t = QDateTime::fromString(v, Qt::ISODateWithMs);
        if (!t.isValid())
            t = QDateTime(QDate::fromString(v, Qt::ISODate), QTime(0, 0)); // a date: local midnight
        if (!t.isValid() || !isIsoDateOrInstant(v)) { // Qt reads "2026-01-01xyz" as a date
            Context::error(
                Context::tr("--since takes an ISO 8601 date or time (e.g. 2026-11-01T00:00:00Z), not \"%1\".")
                    .arg(v));
            return false;
        }
        range->since = t.toUTC();
    } else {
        bool ok = true;
        const int n = days ? p.value(QStringLiteral("days")).toInt(&ok) : 30;
        if (!ok || n < 1) {
            Context::error(Context::tr("--days takes a whole number of days (1 or more)."));
            return false;
        }
        range->since = QDateTime::currentDateTimeUtc().addDays(-n);
    }
    range->origin =
        p.isSet(QStringLiteral("origin")) ? p.value(QStringLiteral("origin")) : QStringLiteral("all");
    if (!QStringList{QStringLiteral("job"), QStringLiteral("manual"), QStringLiteral("all")}.contains(
            range->origin)) {
        Context::error(Context::tr("--origin takes job, manual or all."));
        return false;
    }
    range->table = p.value(QStringLiteral("table"));
    if (!range->table.isEmpty() && !historyTables().contains(HistoryQuery::qualified(range->table))) {
        // An unknown name would match no metric and print an empty history, as if nothing ran.
        Context::error(Context::tr("--table takes one of %1 (with or without \"identidad.\"), not \"%2\".")
                           .arg(historyTables().join(QStringLiteral(", ")), range->table));
        return false;
    }
    return true;
}

// Connects and computes the health with the profile's rules (for the data-based overdue) and its
// threshold, which --max-hours overrides (checked before connecting). False with *code set on failure.
bool connectForHealth(Context &ctx, PgConnection &conn, HealthReport *report, int *code)
{
    double maxHours = -1;
    if (ctx.parser.isSet(QStringLiteral("max-hours"))) {
        bool ok = false;
        maxHours = ctx.parser.value(QStringLiteral("max-hours")).toDouble(&ok);
        if (!ok || maxHours <= 0) {
            Context::error(Context::tr("--max-hours takes a positive number of hours."));
            *code = Exit::Usage;
            return false;
        }
    }
    ConnectionProfile profile;
    if (!ctx.connect(conn, &profile, code))
        return false;
    HealthOptions options = HealthOptions::fromProfile(profile.ruleOverrides);
    if (maxHours > 0)
        options.maxHours = maxHours;
    QList<RuleConfig> rules;
    if (!ctx.ruleConfigs(profile, Rules::ids(), &rules)) {
        *code = Exit::Usage;
        return false;
    }
    DbFailure failure;
    if (!Health::compute(conn, rules, options, report, &failure)) {
        Context::error(failure.message);
        *code = Exit::Other;
        return false;
    }
    return true;
}

} // namespace

namespace {

// One entry of `rows` (HistoryQuery::rowColumns() as keys, numbers as numbers, null when absent).
QByteArray rowJson(const QStringList &keys, const QStringList &row)
{
    QJsonObject o;
    for (int i = 0; i < keys.size(); ++i)
        o.insert(keys.at(i), QJsonValue(row.at(i)));
    o.insert(QStringLiteral("finished_utc"), row.at(4).isEmpty() ? QJsonValue() : QJsonValue(row.at(4)));
    o.insert(QStringLiteral("rows"), row.at(7).toDouble());
    o.insert(QStringLiteral("duration_ms"),
             row.at(8).isEmpty() ? QJsonValue() : QJsonValue(row.at(8).toDouble()));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// The history as it comes from the database, one run at a time: the runs arrive twice from one
// statement (HistoryQuery::forEachRunTwice), first as the flat `rows`, then as `runs`, and each
// entry is written as it arrives, so memory stays flat at any size (docs/benchmarks.md). The keys
// come out as health, rows, runs, then `days`: the calendar of the range (HistoryDays, the History
// page's tally, days cut in UTC), counted during the first pass and written last, so it grows with
// the days of the range, never with its runs. False on error, before anything was written when the
// query itself failed.
bool streamHistoryJson(PgConnection &conn, const HistoryRange &range, const HealthReport &health,
                       bool historyExists, DbFailure *failure)
{
    const QStringList keys = HistoryQuery::rowColumns();
    HistoryDays calendar(range.since, range.until, QTimeZone::utc());
    bool begun = false, firstRow = true, inRuns = false, firstRun = true;
    const auto begin = [&] {
        if (begun)
            return;
        begun = true;
        std::fputs("{\n  \"health\": ", stdout);
        std::fputs(QJsonDocument(health.toJson()).toJson(QJsonDocument::Compact).constData(), stdout);
        std::fputs(",\n  \"rows\": [", stdout);
    };
    const auto toRuns = [&] {
        begin();
        if (inRuns)
            return;
        inRuns = true;
        std::fputs(firstRow ? "],\n  \"runs\": [" : "\n  ],\n  \"runs\": [", stdout);
    };
    const auto row = [&](const HistoryRun &r) {
        begin();
        calendar.add(r);
        for (const QStringList &flat : HistoryQuery::flatRows({r})) {
            std::fputs(firstRow ? "\n    " : ",\n    ", stdout);
            std::fputs(rowJson(keys, flat).constData(), stdout);
            firstRow = false;
        }
    };
    const auto run = [&](const HistoryRun &r) {
        toRuns();
        std::fputs(firstRun ? "\n    " : ",\n    ", stdout);
        std::fputs(QJsonDocument(r.toJson()).toJson(QJsonDocument::Compact).constData(), stdout);
        firstRun = false;
    };
    if (historyExists && !HistoryQuery::forEachRunTwice(conn, range, row, run, failure))
        return false;
    toRuns();
    std::fputs(firstRun ? "],\n  \"days\": [" : "\n  ],\n  \"days\": [", stdout);
    bool firstDay = true;
    for (const HistoryDay &d : calendar.days()) {
        std::fputs(firstDay ? "\n    " : ",\n    ", stdout);
        std::fputs(QJsonDocument(d.toJson()).toJson(QJsonDocument::Compact).constData(), stdout);
        firstDay = false;
    }
    std::fputs(firstDay ? "]\n}\n" : "\n  ]\n}\n", stdout);
    std::fflush(stdout);
    return true;
}

} // namespace

int cmdHistory(Context &ctx)
{
    const bool csv = ctx.parser.isSet(QStringLiteral("csv"));
    if (ctx.json == csv) {
        Context::error(Context::tr("history: say --json or --csv."));
        return Exit::Usage;
    }
    HistoryRange range;
    if (!historyRange(ctx, &range))
        return Exit::Usage;
    PgConnection conn;
    HealthReport health;
    int code = Exit::Ok;
    if (!connectForHealth(ctx, conn, &health, &code))
        return code;
    DbFailure failure;
    bool ok = true;
    if (csv) {
        std::fputs(HistoryQuery::csv({}).toUtf8().constData(), stdout); // the header line
        ok = !health.historyExists || HistoryQuery::forEachRun(
                                          conn, range, 0,
                                          [](const HistoryRun &r) {
                                              const QString lines =
                                                  HistoryQuery::csvLines(HistoryQuery::flatRows({r}));
                                              std::fputs(lines.toUtf8().constData(), stdout);
                                          },
                                          &failure);
        std::fflush(stdout);
    } else {
        ok = streamHistoryJson(conn, range, health, health.historyExists, &failure);
    }
    if (!ok) {
        Context::error(failure.message);
        return Exit::Other;
    }
    return Exit::Ok;
}

int cmdHealth(Context &ctx)
{
    PgConnection conn;
    HealthReport report;
    int code = Exit::Ok;
    if (!connectForHealth(ctx, conn, &report, &code))
        return code;
    if (ctx.json) {
        Context::printJson(report.toJson());
    } else {
        Context::printLine(report.healthy() ? Context::tr("healthy (%1)").arg(report.levelName())
                                            : Context::tr("UNHEALTHY (%1)").arg(report.levelName()));
        for (const HealthReason &r : report.reasons)
            Context::printLine(QStringLiteral("  [%1] %2").arg(HealthReport::nameOf(r.level), r.text));
    }
    return report.healthy() ? Exit::Ok : Exit::Unhealthy;
}

bool writePrometheusAfterPurge(Context &ctx, PgConnection &conn, const PurgeReceipt &receipt)
{
    const QString path = ctx.parser.value(QStringLiteral("prometheus-textfile"));
    if (path.isEmpty())
        return true;
    QList<PrometheusTableSample> tables;
    for (const RuleReceipt &r : receipt.rules)
        if (r.status != RuleStatus::Skipped)
            tables << PrometheusTableSample{r.table, r.deleted, r.durationMs};
    double lastOk = HistoryQuery::lastOkEpochSeconds(conn);
    if (lastOk < 0 && receipt.status == RunStatus::Ok)
        lastOk = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0; // no history to ask: this run
    QString error;
    if (!writePrometheusTextfile(path, tables, lastOk, &error)) {
        Context::error(error);
        return false;
    }
    return true;
}

} // namespace purga::cli
