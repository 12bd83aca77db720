// HistoryQuery::load: everything the History page shows for one range, read on the session's
// thread. The calendar and the job's gaps are tallied from the runs as they stream in.
#include "historydays.h"
#include "historyquery.h"
#include "jobgap.h"

#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

QDateTime HistoryQuery::lastJobOkBefore(PgConnection &conn, const QDateTime &before)
{
    if (!before.isValid())
        return QDateTime();
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral("SELECT to_char(max(coalesce(terminada_en, iniciada_en)) AT TIME ZONE 'UTC',"
                             " 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')\n"
                             "FROM identidad.purga_corridas\n"
                             "WHERE origen = 'job' AND estado = 'ok' AND coalesce(terminada_en, iniciada_en) "
                             "< CAST(? AS timestamptz)"));
    q.addBindValue(before.toUTC().toString(Qt::ISODateWithMs));
    if (!q.exec() || !q.next() || q.value(0).isNull())
        return QDateTime();
    return QDateTime::fromString(q.value(0).toString(), Qt::ISODateWithMs);
}

bool HistoryQuery::load(PgConnection &conn, const HistoryRange &range, const QString &zone, int maxPoints,
                        HistoryData *out, DbFailure *failure, int maxRuns, const QDateTime &now)
{
    out->zone = zone;
    out->to = range.until.isValid() ? range.until.toUTC() : now.toUTC();
    HistoryDays calendar(range.since, range.until, HistoryDays::zoneNamed(zone), now);
    QList<HistoryRun> kept;
    qint64 total = 0;
    QDateTime firstStart;
    // The gap series needs the range's start; an open range starts at its first run, known only
    // once it arrives: the successes are collected, the series built after the stream.
    QList<HistoryRun> jobOks;
    const auto each = [&](const HistoryRun &r) {
        ++total;
        if (!firstStart.isValid())
            firstStart = QDateTime::fromString(r.startedUtc, Qt::ISODateWithMs);
        calendar.add(r);
        if (r.origin == QLatin1String("job") && r.status == QLatin1String("ok")) {
            HistoryRun ok; // its instants are all the series needs
            ok.origin = r.origin;
            ok.status = r.status;
            ok.startedUtc = r.startedUtc;
            ok.finishedUtc = r.finishedUtc;
            jobOks << ok;
        }
        kept << r;
        // The newest maxRuns only, dropped in halves: amortised, never all runs held.
        if (maxRuns > 0 && kept.size() >= 2 * qsizetype(maxRuns))
            kept.remove(0, kept.size() - maxRuns);
    };
    // JIT off: the planner overestimates these aggregates over many runs, and compiling them would
    // cost more than running them (see withJitOff).
    if (!conn.withJitOff([&] {
            return durations(conn, range, maxPoints, &out->durations, failure) &&
                   sizes(conn, range, maxPoints, &out->sizes, failure) &&
                   forEachRun(conn, range, 0, each, failure);
        }))
        return false;
    if (maxRuns > 0 && kept.size() > maxRuns)
        kept.remove(0, kept.size() - maxRuns);
    out->runs = std::move(kept);
    out->totalRuns = total;
    out->days = calendar.days();
    out->from = range.since.isValid()  ? range.since.toUTC()
                : firstStart.isValid() ? firstStart.toUTC()
                                       : out->to;
    JobGap gap(out->from, out->to, lastJobOkBefore(conn, out->from));
    for (const HistoryRun &r : jobOks)
        gap.add(r);
    out->jobGap = gap.points(gap.minGapHoursFor(maxPoints));
    out->jobGapHoursNow = gap.hoursAt(out->to);
    return true;
}

} // namespace purga
