// The history as the History page and `history` read it: per day in any zone (the
// server's America/Guayaquil, the client's, a DST zone), runs spanning midnight, every status,
// 100,000 runs decimated in the database, and the sizes a purge records.
#include "core/history/historyquery.h"
#include "core/history/historystore.h"
#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/purge/purgeengine.h"
#include "support/historyfixtures.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

#include <algorithm>

using namespace purga;
using namespace purga::test;

namespace {

const QString kRefreshQ = QStringLiteral("identidad.trx_refresh_tokens");
const QString kPreQ = QStringLiteral("identidad.trx_pre_tokens");

KnownRun run(const char *id, const char *origin, const char *status, const char *started,
             const char *finished, qint64 refreshRows, qint64 preRows = -1)
{
    KnownRun r;
    r.id = QString::fromLatin1(id);
    r.origin = QString::fromLatin1(origin);
    r.status = QString::fromLatin1(status);
    r.started = QStringLiteral("'%1'").arg(QLatin1String(started));
    r.finished = finished ? QStringLiteral("'%1'").arg(QLatin1String(finished)) : QString();
    if (refreshRows >= 0) {
        r.rows.insert(QStringLiteral("trx_refresh_tokens"), refreshRows);
        r.durationsMs.insert(QStringLiteral("trx_refresh_tokens"), 1000 + refreshRows);
    }
    if (preRows >= 0)
        r.rows.insert(QStringLiteral("trx_pre_tokens"), preRows);
    return r;
}

// "day origin rows" for one table, in query order.
QStringList daySummary(const QList<DailyRows> &days, const QString &table)
{
    QStringList out;
    for (const DailyRows &d : days)
        if (d.table == table)
            out << QStringLiteral("%1 %2 %3").arg(d.day, d.origin).arg(d.rows);
    return out;
}

} // namespace

class TestHistoryQuery : public QObject
{
    Q_OBJECT
    // A purge of the refresh tokens by the engine, as the purge role, through conn; asserts it ran.
    void purgeRefreshTokens(TestDatabase &db, PgConnection &conn, PurgeReceipt *out)
    {
        QVERIFY(openPurga(db, conn));
        PreviewPlan p;
        QVERIFY(plan(conn, {kRefresh}, &p));
        QueryCanceller canceller;
        PurgeEngine engine(conn, canceller);
        *out = engine.run(p, options({kRefresh}), nullptr);
        QCOMPARE(out->status, RunStatus::Ok);
    }

private slots:
    void initTestCase()
    {
        PURGA_REQUIRE_SANDBOX(m_sandbox);
        m_db = std::make_unique<TestDatabase>(m_sandbox, QStringLiteral("histquery"));
        QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
        QVERIFY(m_db->exec(
            QStringLiteral("ALTER DATABASE %1 SET TimeZone = 'America/Guayaquil'").arg(m_db->name())));
        QVERIFY(setupHistory(*m_db));
        QString sql;
        // Guayaquil is UTC-5: A is the evening of 11-09 there, B runs from 23:50 to 00:20, C is 00:10 of
        // 11-10.
        sql += knownRunSql(run("00000000-0000-0000-0000-00000000000a", "job", "ok", "2026-11-10 03:00Z",
                               "2026-11-10 03:10Z", 100, 10));
        sql += knownRunSql(run("00000000-0000-0000-0000-00000000000b", "manual", "ok", "2026-11-10 04:50Z",
                               "2026-11-10 05:20Z", 5));
        sql += knownRunSql(run("00000000-0000-0000-0000-00000000000c", "job", "error", "2026-11-10 05:10Z",
                               "2026-11-10 05:11Z", 7));
        // America/Santiago starts summer time at 2026-09-06 04:00Z (00:00 -04 becomes 01:00 -03).
        sql += knownRunSql(run("00000000-0000-0000-0000-0000000000d1", "job", "ok", "2026-09-06 03:59Z",
                               "2026-09-06 04:01Z", 1));
        sql += knownRunSql(run("00000000-0000-0000-0000-0000000000d2", "job", "ok", "2026-09-06 04:30Z",
                               "2026-09-06 04:31Z", 2));
        sql += knownRunSql(run("00000000-0000-0000-0000-0000000000d3", "job", "ok", "2026-09-07 02:59Z",
                               "2026-09-07 03:00Z", 3));
        // Every other status, in October.
        sql += knownRunSql(run("00000000-0000-0000-0000-0000000000e1", "manual", "cancelado",
                               "2026-10-01 12:00Z", "2026-10-01 12:05Z", 4));
        sql += knownRunSql(run("00000000-0000-0000-0000-0000000000e2", "job", "lock_ocupado",
                               "2026-10-02 08:00Z", "2026-10-02 08:00Z", -1));
        sql += knownRunSql(run("00000000-0000-0000-0000-0000000000e3", "job", "interrumpido",
                               "2026-10-03 08:00Z", "2026-10-03 09:00Z", 6));
        sql += knownRunSql(run("00000000-0000-0000-0000-0000000000e4", "manual", "en_curso",
                               "2026-10-04 08:00Z", nullptr, -1));
        // operador (database role) and usuario_so (OS account) are told apart.
        sql +=
            QStringLiteral("UPDATE identidad.purga_corridas SET operador = 'identidad_purga', usuario_so = "
                           "'maria' WHERE corrida_id = '00000000-0000-0000-0000-00000000000b';");
        QVERIFY(m_db->exec(sql));
        QVERIFY(openPurga(*m_db, m_conn));
    }
    void cleanupTestCase()
    {
        m_conn.close();
        m_db.reset();
    }

    void perDayInTheServersZoneAndElsewhere()
    {
        QCOMPARE(HistoryQuery::serverTimeZone(m_conn), QStringLiteral("America/Guayaquil"));
        const HistoryRange nov{QDateTime(QDate(2026, 11, 1), QTime(0, 0), Qt::UTC), {}, {}, {}};
        QList<DailyRows> days;
        QString error;
        DbFailure failure;
        QVERIFY2(HistoryQuery::daily(m_conn, nov, QStringLiteral("America/Guayaquil"), &days, &failure),
                 qPrintable(failure.message));
        // B spans midnight and counts on the day it started.
        QCOMPARE(daySummary(days, kRefreshQ),
                 (QStringList{QStringLiteral("2026-11-09 job 100"), QStringLiteral("2026-11-09 manual 5"),
                              QStringLiteral("2026-11-10 job 7")}));
        QCOMPARE(daySummary(days, kPreQ), QStringList{QStringLiteral("2026-11-09 job 10")});
        QCOMPARE(days.first().dayStartUtc, QStringLiteral("2026-11-09T05:00:00.000Z"));

        // The same runs for a client in UTC and one in Madrid: one day, whatever the session's zone.
        QVERIFY(m_conn.execScript(QStringLiteral("SET TimeZone TO 'Asia/Tokyo'"), &error));
        for (const QString &zone : {QStringLiteral("UTC"), QStringLiteral("Europe/Madrid")}) {
            QVERIFY2(HistoryQuery::daily(m_conn, nov, zone, &days, &failure), qPrintable(failure.message));
            QCOMPARE(daySummary(days, kRefreshQ), (QStringList{QStringLiteral("2026-11-10 job 107"),
                                                               QStringLiteral("2026-11-10 manual 5")}));
        }
        QVERIFY(m_conn.execScript(QStringLiteral("SET TimeZone TO 'UTC'"), &error));
    }

    void dstDayStartsAtItsFirstInstant()
    {
        const HistoryRange sep{QDateTime(QDate(2026, 9, 1), QTime(0, 0), Qt::UTC),
                               QDateTime(QDate(2026, 9, 30), QTime(0, 0), Qt::UTC), QStringLiteral("job"),
                               kRefreshQ};
        QList<DailyRows> days;
        DbFailure failure;
        QVERIFY2(HistoryQuery::daily(m_conn, sep, QStringLiteral("America/Santiago"), &days, &failure),
                 qPrintable(failure.message));
        QCOMPARE(daySummary(days, kRefreshQ),
                 (QStringList{QStringLiteral("2026-09-05 job 1"), QStringLiteral("2026-09-06 job 5")}));
        QCOMPARE(days.at(0).dayStartUtc, QStringLiteral("2026-09-05T04:00:00.000Z"));
        QCOMPARE(days.at(1).dayStartUtc, QStringLiteral("2026-09-06T04:00:00.000Z")); // 23 h day
        QCOMPARE(days.at(1).runs, 2);
    }

    void runsCarryEveryStatusAndSpanMidnight()
    {
        QList<HistoryRun> runs;
        DbFailure failure;
        QVERIFY2(HistoryQuery::runs(m_conn, HistoryRange{}, &runs, &failure), qPrintable(failure.message));
        QCOMPARE(runs.size(), 10);
        QMap<QString, const HistoryRun *> byId;
        for (const HistoryRun &r : runs)
            byId.insert(r.runId.right(2), &r);
        QCOMPARE(byId.value(QStringLiteral("0b"))->durationMs, qint64(30 * 60 * 1000));
        QCOMPARE(byId.value(QStringLiteral("0b"))->startedUtc, QStringLiteral("2026-11-10T04:50:00.000Z"));
        QCOMPARE(byId.value(QStringLiteral("0b"))->finishedUtc, QStringLiteral("2026-11-10T05:20:00.000Z"));
        QCOMPARE(byId.value(QStringLiteral("0b"))->operatorName, QStringLiteral("identidad_purga"));
        QCOMPARE(byId.value(QStringLiteral("0b"))->osUser, QStringLiteral("maria"));
        QCOMPARE(byId.value(QStringLiteral("0b"))->toJson().value(QStringLiteral("os_user")).toString(),
                 QStringLiteral("maria"));
        QVERIFY(byId.value(QStringLiteral("0a"))->osUser.isEmpty());
        QVERIFY(byId.value(QStringLiteral("0a"))->toJson().value(QStringLiteral("os_user")).isNull());
        QCOMPARE(byId.value(QStringLiteral("e2"))->status, QStringLiteral("lock_ocupado"));
        QVERIFY(byId.value(QStringLiteral("e2"))->rows.isEmpty());
        QCOMPARE(byId.value(QStringLiteral("e4"))->status, QStringLiteral("en_curso"));
        QCOMPARE(byId.value(QStringLiteral("e4"))->durationMs, qint64(-1));
        QVERIFY(byId.value(QStringLiteral("e4"))->finishedUtc.isEmpty());
        QCOMPARE(byId.value(QStringLiteral("0a"))->rows.value(kPreQ), qint64(10));
        QCOMPARE(byId.value(QStringLiteral("0a"))->durationsMs.value(kRefreshQ), qint64(1100));

        HistoryRange manual;
        manual.origin = QStringLiteral("manual");
        manual.table = QStringLiteral("trx_refresh_tokens"); // bare names work too
        QVERIFY2(HistoryQuery::runs(m_conn, manual, &runs, &failure), qPrintable(failure.message));
        QCOMPARE(runs.size(), 3);
        for (const HistoryRun &r : runs) {
            QCOMPARE(r.origin, QStringLiteral("manual"));
            QVERIFY(!r.rows.contains(kPreQ));
        }

        QList<DurationBucket> buckets;
        QVERIFY2(HistoryQuery::durations(m_conn, HistoryRange{}, 1000, &buckets, &failure),
                 qPrintable(failure.message));
        QMap<QString, int> statuses;
        for (const DurationBucket &b : buckets)
            for (auto it = b.statuses.cbegin(); it != b.statuses.cend(); ++it)
                statuses[it.key()] += it.value();
        QCOMPARE(statuses.value(QStringLiteral("ok")), 5);
        for (const char *s : {"error", "cancelado", "lock_ocupado", "interrumpido", "en_curso"})
            QCOMPARE(statuses.value(QLatin1String(s)), 1);
    }

    void hundredThousandRunsComeBackDecimated()
    {
        TestDatabase db(m_sandbox, QStringLiteral("histbig"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        // A job misconfigured to run every 5 minutes for a year, with a failure every 97th run.
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.purga_corridas (corrida_id, origen, iniciada_en, terminada_en, estado)\n"
            "SELECT gen_random_uuid(), 'job', now() - g * interval '5 minutes',\n"
            "       now() - g * interval '5 minutes' + (g % 60) * interval '1 second',\n"
            "       CASE WHEN g % 97 = 0 THEN 'error' ELSE 'ok' END\n"
            "  FROM generate_series(1, 100000) g;\n"
            "INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor)\n"
            "SELECT corrida_id, 'identidad_purga_filas', 'trx_refresh_tokens', 3 FROM "
            "identidad.purga_corridas;")));
        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        QList<DurationBucket> buckets;
        DbFailure failure;
        QVERIFY2(HistoryQuery::durations(conn, HistoryRange{}, 500, &buckets, &failure),
                 qPrintable(failure.message));
        QVERIFY2(buckets.size() <= 501, qPrintable(QString::number(buckets.size())));
        int runs = 0, failed = 0;
        qint64 longest = 0;
        for (const DurationBucket &b : buckets) {
            runs += b.runs;
            failed += b.statuses.value(QStringLiteral("error"));
            longest = qMax(longest, b.maxMs);
        }
        QCOMPARE(runs, 100000);
        QCOMPARE(failed, 100000 / 97); // no failure is averaged away
        QCOMPARE(longest, qint64(59000));
        QList<DailyRows> days;
        QVERIFY2(HistoryQuery::daily(conn, HistoryRange{}, QStringLiteral("UTC"), &days, &failure),
                 qPrintable(failure.message));
        QVERIFY(days.size() <= 349);
        qint64 rows = 0;
        for (const DailyRows &d : days)
            rows += d.rows;
        QCOMPARE(rows, qint64(300000));

        // The page's load: the runs table gets the newest 5,000 runs, totalRuns counts them all.
        HistoryData data;
        QVERIFY2(HistoryQuery::load(conn, HistoryRange{}, QStringLiteral("UTC"), 300, &data, &failure, 5000),
                 qPrintable(failure.message));
        QCOMPARE(data.runs.size(), 5000);
        QCOMPARE(data.totalRuns, qint64(100000));
        QCOMPARE(
            data.runs.last().startedUtc,
            db.scalar(QStringLiteral("SELECT to_char(max(iniciada_en) AT TIME ZONE 'UTC', "
                                     "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') FROM identidad.purga_corridas"))
                .toString());
        QVERIFY(std::is_sorted(
            data.runs.cbegin(), data.runs.cend(),
            [](const HistoryRun &a, const HistoryRun &b) { return a.startedUtc < b.startedUtc; }));
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas WHERE iniciada_en >= "
                                     "'%1'")
                          .arg(data.runs.first().startedUtc))
                .toInt(),
            5000);
        QCOMPARE(data.runs.first().rows.value(QStringLiteral("identidad.trx_refresh_tokens")), qint64(3));
    }

    void purgeRecordsTheSizesLeft()
    {
        TestDatabase db(m_sandbox, QStringLiteral("histsizes"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(3000)));
        QVERIFY(setupHistory(db));
        PgConnection conn;
        PurgeReceipt r;
        purgeRefreshTokens(db, conn, &r);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(r.rules.first().deleted > 0);
        const qint64 left =
            db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
        QCOMPARE(
            metric(db, r.runId, QStringLiteral("identidad_tabla_filas"), QStringLiteral("trx_refresh_tokens"))
                .toLongLong(),
            left);
        QVERIFY(
            metric(db, r.runId, QStringLiteral("identidad_tabla_bytes"), QStringLiteral("trx_refresh_tokens"))
                .toLongLong() > 0);
        // Only the purged table: the run did not touch the others.
        QVERIFY(metric(db, r.runId, QStringLiteral("identidad_tabla_filas"), QStringLiteral("trx_pre_tokens"))
                    .isNull());

        QList<SizePoint> sizes;
        DbFailure failure;
        QVERIFY2(HistoryQuery::sizes(conn, HistoryRange{}, 100, &sizes, &failure),
                 qPrintable(failure.message));
        QCOMPARE(sizes.size(), 1);
        QCOMPARE(sizes.first().rows, left);
        QList<DailyRows> days;
        QVERIFY2(HistoryQuery::daily(conn, HistoryRange{}, QStringLiteral("UTC"), &days, &failure),
                 qPrintable(failure.message));
        QCOMPARE(days.size(), 1);
        QCOMPARE(days.first().origin, QStringLiteral("manual"));
        QCOMPARE(days.first().rows, r.rules.first().deleted);
        // The job's form (no counts passed) counts the table; a count passed is recorded as given.
        const qint64 pre =
            db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_pre_tokens")).toLongLong();
        QVERIFY(db.exec(QStringLiteral("SELECT identidad.purga_registrar_tamanos('%1', "
                                       "ARRAY['identidad.trx_pre_tokens'])")
                            .arg(r.runId)));
        QCOMPARE(
            metric(db, r.runId, QStringLiteral("identidad_tabla_filas"), QStringLiteral("trx_pre_tokens"))
                .toLongLong(),
            pre);
        QVERIFY(db.exec(QStringLiteral("SELECT identidad.purga_registrar_tamanos('%1', "
                                       "ARRAY['identidad.trx_pre_tokens'], ARRAY[%2 + 7])")
                            .arg(r.runId)
                            .arg(pre)));
        QCOMPARE(
            metric(db, r.runId, QStringLiteral("identidad_tabla_filas"), QStringLiteral("trx_pre_tokens"))
                .toLongLong(),
            pre + 7);
    }

    // A history set up before the counts could be passed (the two-argument function, setup-history
    // not rerun): the sizes are still recorded, through that function.
    void olderSizesFunctionStillRecords()
    {
        TestDatabase db(m_sandbox, QStringLiteral("histsizesold"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(300)));
        QVERIFY(setupHistory(db));
        // Stands in for the old function: records a marker value, so the test sees which one ran.
        QVERIFY(db.exec(QStringLiteral(
            "DROP FUNCTION identidad.purga_registrar_tamanos(uuid, text[], double precision[]);"
            "CREATE FUNCTION identidad.purga_registrar_tamanos(corrida uuid, tablas text[]) RETURNS void "
            "LANGUAGE sql AS $$ SELECT identidad.purga_registrar(corrida, 'identidad_tabla_filas', t, 42) "
            "FROM unnest(tablas) t $$;")));
        PgConnection conn;
        PurgeReceipt r;
        purgeRefreshTokens(db, conn, &r);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(
            metric(db, r.runId, QStringLiteral("identidad_tabla_filas"), QStringLiteral("trx_refresh_tokens"))
                .toLongLong(),
            qint64(42));
    }

    void standbyIsReadOnly()
    {
        // The standby replays the primary's databases; the test database exists there once replayed.
        PgConnection standby;
        DbFailure err;
        QVERIFY(waitForStandby());
        QVERIFY2(standby.open(m_db->profile(QStringLiteral("identidad_purga"), true),
                              m_db->passwordFor(QStringLiteral("identidad_purga")), &err),
                 qPrintable(err.message + u' ' + err.detail));
        QList<HistoryRun> runs;
        QString error;
        DbFailure failure;
        QVERIFY2(HistoryQuery::runs(standby, HistoryRange{}, &runs, &failure), qPrintable(failure.message));
        QCOMPARE(runs.size(), 10);
        // Recording sizes there is skipped, not an error.
        QVERIFY(HistoryStore::recordTableSizes(
            standby, QStringLiteral("00000000-0000-0000-0000-00000000000a"), {kRefreshQ}, &error));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_metricas WHERE metrica = "
                                             "'identidad_tabla_filas'"))
                     .toInt(),
                 0);
    }

private:
    bool waitForStandby()
    {
        DbFailure err;
        for (int i = 0; i < 100; ++i) {
            PgConnection s;
            if (s.open(m_db->profile(QStringLiteral("identidad_purga"), true),
                       m_db->passwordFor(QStringLiteral("identidad_purga")), &err) &&
                valueOn(s, QStringLiteral("SELECT count(*) FROM identidad.purga_corridas")).toInt() == 10)
                return true;
            QTest::qWait(100);
        }
        return false;
    }

    SandboxInfo m_sandbox;
    std::unique_ptr<TestDatabase> m_db;
    PgConnection m_conn;
};

QTEST_GUILESS_MAIN(TestHistoryQuery)
#include "tst_historyquery.moc"
