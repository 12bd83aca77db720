// HistoryDays: every calendar day of the range in the chosen zone, empty days included, runs in
// the day they started on across a DST change (Europe/Madrid), and the range's edges.
#include "core/history/historydays.h"

#include <QTest>

using namespace purga;

namespace {

HistoryRun runAt(const char *startedUtc, const char *origin, const char *status, qint64 rows)
{
    HistoryRun r;
    r.startedUtc = QString::fromLatin1(startedUtc);
    r.origin = QString::fromLatin1(origin);
    r.status = QString::fromLatin1(status);
    if (rows >= 0)
        r.rows.insert(QStringLiteral("identidad.trx_refresh_tokens"), rows);
    return r;
}

QDateTime utc(const char *iso)
{
    return QDateTime::fromString(QString::fromLatin1(iso), Qt::ISODate);
}

QStringList dayNames(const QList<HistoryDay> &days)
{
    QStringList out;
    for (const HistoryDay &d : days)
        out << d.day.toString(Qt::ISODate);
    return out;
}

QStringList names(std::initializer_list<const char *> days)
{
    QStringList out;
    for (const char *d : days)
        out << QString::fromLatin1(d);
    return out;
}

} // namespace

class TestHistoryDays : public QObject
{
    Q_OBJECT
private slots:
    void everyDayOfTheRangeIsListedEmptyDaysIncluded()
    {
        // Runs on the 1st and the 5th: the three days between are listed with zero counts.
        const QList<HistoryRun> runs = {runAt("2026-11-01T03:00:00.000Z", "job", "ok", 100),
                                        runAt("2026-11-05T03:00:00.000Z", "job", "error", 5),
                                        runAt("2026-11-05T10:00:00.000Z", "manual", "ok", 7)};
        const QList<HistoryDay> days =
            HistoryDays::of(runs, utc("2026-11-01T00:00:00Z"), utc("2026-11-06T00:00:00Z"), QTimeZone::utc());
        QCOMPARE(dayNames(days),
                 names({"2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"}));
        QCOMPARE(days.at(0).rows, 100);
        QCOMPARE(days.at(0).jobRuns, 1);
        QCOMPARE(days.at(0).jobOkRuns, 1);
        for (int i = 1; i <= 3; ++i) {
            QCOMPARE(days.at(i).rows, 0);
            QCOMPARE(days.at(i).jobRuns + days.at(i).manualRuns, 0);
        }
        QCOMPARE(days.at(4).rows, 12);
        QCOMPARE(days.at(4).jobRuns, 1);
        QCOMPARE(days.at(4).jobOkRuns, 0); // an error is a job run, not a successful one
        QCOMPARE(days.at(4).manualRuns, 1);
        QCOMPARE(days.at(4)
                     .rowsByOrigin.value(QLatin1String("manual"))
                     .value(QStringLiteral("identidad.trx_refresh_tokens")),
                 7);
        const QJsonObject json = days.at(4).toJson();
        QCOMPARE(json.value(QLatin1String("day")).toString(), QStringLiteral("2026-11-05"));
        QCOMPARE(json.value(QLatin1String("rows")).toInteger(), 12);
        QCOMPARE(json.value(QLatin1String("job_runs")).toInt(), 1);
        QCOMPARE(json.value(QLatin1String("job_ok_runs")).toInt(), 0);
        QCOMPARE(json.value(QLatin1String("manual_runs")).toInt(), 1);
    }

    void daysAreCutInTheZoneAcrossADstChange()
    {
        // Europe/Madrid moves from +01 to +02 at 01:00 UTC on 2026-03-29: that day has 23 hours.
        const QTimeZone madrid("Europe/Madrid");
        QVERIFY(madrid.isValid());
        const QList<HistoryRun> runs = {
            runAt("2026-03-28T22:59:00.000Z", "job", "ok", 1), // 23:59 on the 28th in Madrid
            runAt("2026-03-28T23:30:00.000Z", "job", "ok", 2), // 00:30 on the 29th (+01)
            runAt("2026-03-29T21:30:00.000Z", "job", "ok", 4), // 23:30 on the 29th (+02)
            runAt("2026-03-29T22:30:00.000Z", "job", "ok", 8), // 00:30 on the 30th (+02)
        };
        const QList<HistoryDay> days =
            HistoryDays::of(runs, utc("2026-03-27T23:00:00Z"), utc("2026-03-30T22:00:00Z"), madrid);
        QCOMPARE(dayNames(days), names({"2026-03-28", "2026-03-29", "2026-03-30"}));
        QCOMPARE(days.at(0).rows, 1);
        QCOMPARE(days.at(1).rows, 6);
        QCOMPARE(days.at(1).jobRuns, 2);
        QCOMPARE(days.at(2).rows, 8);
        // In UTC the same runs fall on other days.
        const QList<HistoryDay> inUtc =
            HistoryDays::of(runs, {}, utc("2026-03-30T00:00:00Z"), QTimeZone::utc());
        QCOMPARE(dayNames(inUtc), names({"2026-03-28", "2026-03-29"}));
        QCOMPARE(inUtc.at(0).rows, 3);
        QCOMPARE(inUtc.at(1).rows, 12);
    }

    void theRangeEdgesDecideTheFirstAndLastDay()
    {
        // A range ending exactly at midnight does not list the day it ends on; an open end lists
        // every day up to today; a range without runs still lists its days.
        const QList<HistoryDay> closed =
            HistoryDays::of({}, utc("2026-11-01T12:00:00Z"), utc("2026-11-04T00:00:00Z"), QTimeZone::utc());
        QCOMPARE(dayNames(closed), names({"2026-11-01", "2026-11-02", "2026-11-03"}));
        const QList<HistoryDay> open = HistoryDays::of({}, utc("2026-11-29T05:00:00Z"), {}, QTimeZone::utc(),
                                                       utc("2026-12-02T21:00:00Z"));
        QCOMPARE(dayNames(open), names({"2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"}));
        // No start ("All"): the first run's day starts the calendar.
        const QList<HistoryDay> all = HistoryDays::of({runAt("2026-11-30T23:00:00.000Z", "manual", "ok", -1)},
                                                      {}, {}, QTimeZone::utc(), utc("2026-12-02T01:00:00Z"));
        QCOMPARE(dayNames(all), names({"2026-11-30", "2026-12-01", "2026-12-02"}));
        QCOMPARE(all.at(0).manualRuns, 1);
        QCOMPARE(all.at(0).rows, 0);
        // Last 24 hours seen from 01:00 in UTC+05:30: two days of that zone.
        const QTimeZone kolkata("Asia/Kolkata");
        const QList<HistoryDay> day =
            HistoryDays::of({}, utc("2026-12-01T19:30:00Z"), {}, kolkata, utc("2026-12-02T19:30:00Z"));
        QCOMPARE(dayNames(day), names({"2026-12-02", "2026-12-03"}));
        QVERIFY(HistoryDays::zoneNamed(QStringLiteral("No/Such_Zone")) == QTimeZone::utc());
    }
};

QTEST_GUILESS_MAIN(TestHistoryDays)
#include "tst_historydays.moc"
