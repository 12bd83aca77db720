// Database tests of the purge of log_sesiones: whole monthly partitions are
// detached and dropped. With a DEFAULT partition (plain detach), detach only, without DEFAULT
// (DETACH ... CONCURRENTLY), and an interrupted concurrent detach finalized by the next run.
// Seed data and helpers in testsupport/purgefixtures.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace purga;
using namespace purga::test;

namespace {

// Removable partition names by the test's own arithmetic: upper bound (next month start) <= cutoff.
QStringList expectedRemovable(test::TestDatabase &db, const QString &cutoffUtc)
{
    return removableLogPartitions(db, kLogMonthsBack, tsLiteral(cutoffUtc));
}

} // namespace

class TestPurgePartitions : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void logSesionesWithDefaultFallsBackToPlainDetach();
    void logSesionesDetachOnlyKeepsTheTables();
    void logSesionesWithoutDefaultDetachesConcurrently();
    void interruptedConcurrentDetachIsFinalized();
    void cancelNowAfterDetachKeepsTheTable();
    void cancelNowWithDefaultRollsBackTheDetach();

private:
    void interruptConcurrentDetach(test::TestDatabase &db, const QString &victim);
    test::SandboxInfo m_sandbox;
};

void TestPurgePartitions::logSesionesWithDefaultFallsBackToPlainDetach()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(seedLogDatabase(db, conn, true));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = expectedRemovable(db, rp->cutoffUtc);
    QVERIFY2(expected.size() >= 3, qPrintable(expected.join(u',')));
    QStringList previewed;
    for (const PartitionInfo &pi : rp->partitions)
        if (pi.removable)
            previewed << pi.name;
    previewed.sort();
    QCOMPARE(previewed, expected);
    QCOMPARE(rp->eligible, qint64(100 * expected.size()));

    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id"));
    QList<qint64> inRemovable;
    for (const QString &part : expected)
        inRemovable << db.ids(QStringLiteral("SELECT id FROM %1").arg(part));
    const QList<qint64> inDefault =
        db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones_default ORDER BY id"));
    QCOMPARE(inDefault.size(), 2);

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Ok);
    QVERIFY2(rr.sql.contains(QStringLiteral("DETACH PARTITION")), qPrintable(rr.sql));
    QVERIFY2(!rr.sql.contains(QStringLiteral("CONCURRENTLY")), qPrintable(rr.sql));
    QStringList dropped = rr.droppedPartitions, detached = rr.detachedPartitions;
    dropped.sort();
    detached.sort();
    QCOMPARE(dropped, expected);
    QCOMPARE(detached, expected);
    QCOMPARE(rr.deleted, rp->eligible);
    for (const QString &part : expected)
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(),
                 qPrintable(part));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id")),
             minus(all, inRemovable));
    // The DEFAULT partition is untouched and still attached.
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones_default ORDER BY id")), inDefault);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = "
                                      "'identidad.log_sesiones_default'::regclass"))
                 .toInt(),
             1);
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
    QCOMPARE(metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("log_sesiones"))
                 .toLongLong(),
             rp->eligible);
    QVERIFY(
        !metric(db, r.runId, QStringLiteral("identidad_purga_duracion_ms"), QStringLiteral("log_sesiones"))
             .isNull());
    const QJsonObject json = rr.toJson();
    QCOMPARE(json.value(QStringLiteral("dropped_partitions")).toArray().size(), expected.size());
}

void TestPurgePartitions::logSesionesDetachOnlyKeepsTheTables()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(seedLogDatabase(db, conn, true));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = expectedRemovable(db, rp->cutoffUtc);
    QVERIFY(!expected.isEmpty());
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id"));
    QMap<QString, QList<qint64>> partIds;
    QList<qint64> inRemovable;
    for (const QString &part : expected) {
        partIds[part] = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(part));
        inRemovable << partIds[part];
    }

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    PurgeOptions o = options({kLog});
    o.detachOnly = true;
    const PurgeReceipt r = engine.run(p, o, &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QVERIFY(rr.droppedPartitions.isEmpty());
    QStringList detached = rr.detachedPartitions;
    detached.sort();
    QCOMPARE(detached, expected);
    QVERIFY2(!rr.sql.contains(QStringLiteral("DROP TABLE")), qPrintable(rr.sql));
    for (const QString &part : expected) {
        // Kept as a standalone table with all its rows, no longer a partition.
        QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(part)), partIds.value(part));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = '%1'::regclass")
                               .arg(part))
                     .toInt(),
                 0);
    }
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id")),
             minus(all, inRemovable));
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
}

void TestPurgePartitions::logSesionesWithoutDefaultDetachesConcurrently()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(seedLogDatabase(db, conn, false));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = expectedRemovable(db, rp->cutoffUtc);
    QVERIFY(!expected.isEmpty());
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id"));
    QList<qint64> inRemovable;
    for (const QString &part : expected)
        inRemovable << db.ids(QStringLiteral("SELECT id FROM %1").arg(part));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Ok);
    for (const QString &part : expected)
        QVERIFY2(rr.sql.contains(QStringLiteral("DETACH PARTITION %1 CONCURRENTLY").arg(part)),
                 qPrintable(rr.sql));
    QStringList dropped = rr.droppedPartitions;
    dropped.sort();
    QCOMPARE(dropped, expected);
    QCOMPARE(rr.deleted, rp->eligible);
    for (const QString &part : expected)
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(),
                 qPrintable(part));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id")),
             minus(all, inRemovable));
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
}

// Leaves `victim` "detach pending" (pg_inherits.inhdetachpending), as a purge killed in the
// second phase of DETACH ... CONCURRENTLY would.
void TestPurgePartitions::interruptConcurrentDetach(test::TestDatabase &db, const QString &victim)
{
    // A reader keeps a transaction open on the parent, so that a concurrent detach stops in its
    // second phase (waiting for older snapshots/lockers); that detach is then cancelled, leaving the
    // partition "detach pending" (pg_inherits.inhdetachpending).
    PgConnection reader;
    QVERIFY(openAdmin(m_sandbox, db, reader));
    QString err;
    QVERIFY2(reader.execScript(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ; "
                                              "SELECT count(*) FROM identidad.log_sesiones"),
                               &err),
             qPrintable(err));
    const QString dbName = db.name();
    std::atomic<int> detacherPid{0};
    QString detachError;
    bool detachOk = true;
    std::thread detacher([&] {
        PgConnection d;
        DbFailure e;
        if (!d.open(test::superuserProfile(m_sandbox, dbName), QString(), &e)) {
            detachError = e.message;
            detachOk = false;
            detacherPid.store(-1);
            return;
        }
        detacherPid.store(d.backendPid());
        detachOk = d.execScript(
            QStringLiteral("ALTER TABLE identidad.log_sesiones DETACH PARTITION %1 CONCURRENTLY").arg(victim),
            &detachError);
    });
    QElapsedTimer t;
    t.start();
    while (detacherPid.load() == 0 && t.elapsed() < 10000)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    bool waiting = false;
    while (!waiting && t.elapsed() < 15000) {
        waiting = db.scalar(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1 "
                                           "AND wait_event_type = 'Lock')")
                                .arg(detacherPid.load()))
                      .toBool();
        if (!waiting)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const bool pendingWhileWaiting =
        db.scalar(QStringLiteral("SELECT coalesce((SELECT inhdetachpending FROM pg_inherits WHERE inhrelid = "
                                 "'%1'::regclass), false)")
                      .arg(victim))
            .toBool();
    QVERIFY(db.scalar(QStringLiteral("SELECT pg_cancel_backend(%1)").arg(detacherPid.load())).toBool());
    detacher.join();
    QVERIFY(reader.execScript(QStringLiteral("ROLLBACK"), &err));
    reader.close();
    QVERIFY2(waiting, "the concurrent detach never waited in its second phase");
    QVERIFY(pendingWhileWaiting);
    QVERIFY2(!detachOk, "the concurrent detach was expected to be cancelled");
    QVERIFY2(detachError.contains(QStringLiteral("cancel")), qPrintable(detachError));
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT inhdetachpending FROM pg_inherits WHERE inhrelid = '%1'::regclass")
                      .arg(victim))
            .toBool(),
        true);
}

void TestPurgePartitions::interruptedConcurrentDetachIsFinalized()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")));
    QVERIFY(db.exec(logSeedSql(false)));
    const QString cutoffNow =
        db.scalar(QStringLiteral("SELECT (now() - interval '365 days')::text")).toString();
    const QStringList removable = expectedRemovable(db, cutoffNow);
    QVERIFY(removable.size() >= 2);
    const QString victim = removable.first();
    const QList<qint64> victimIds = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(victim));
    QCOMPARE(victimIds.size(), 100);

    interruptConcurrentDetach(db, victim);
    if (QTest::currentTestFailed())
        return;

    // The next run finishes the interrupted detach and goes on with the others.
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = expectedRemovable(db, rp->cutoffUtc);
    QCOMPARE(expected, removable);
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id"));
    QList<qint64> inOthers;
    for (const QString &part : expected)
        if (part != victim)
            inOthers << db.ids(QStringLiteral("SELECT id FROM %1").arg(part));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Ok);
    QVERIFY2(rr.sql.contains(QStringLiteral("DETACH PARTITION %1 FINALIZE").arg(victim)), qPrintable(rr.sql));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhdetachpending")).toInt(), 0);
    QVERIFY2(!db.scalar(QStringLiteral(
                            "SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass('%1'))")
                            .arg(victim))
                  .toBool(),
             "the interrupted partition is still attached");
    // The other removable partitions were detached concurrently and dropped.
    for (const QString &part : expected) {
        if (part == victim)
            continue;
        QVERIFY2(rr.droppedPartitions.contains(part), qPrintable(rr.droppedPartitions.join(u',')));
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(),
                 qPrintable(part));
    }
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id")),
             minus(all, inOthers));
    // The finalized partition was in the confirmed preview as removable, and not "detach only":
    // it must be dropped like the others and accounted for in the receipt.
    QVERIFY2(
        rr.droppedPartitions.contains(victim) || rr.detachedPartitions.contains(victim),
        qPrintable(
            QStringLiteral("finalized %1 is not in the receipt (dropped: %2; detached: %3); it is %4")
                .arg(victim, rr.droppedPartitions.join(u','), rr.detachedPartitions.join(u','),
                     db.scalar(QStringLiteral("SELECT CASE WHEN to_regclass('%1') IS NULL THEN 'dropped' "
                                              "ELSE 'left as a standalone table' END")
                                   .arg(victim))
                         .toString())));
    QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(victim)).toBool(),
             qPrintable(QStringLiteral("%1 was finalized but left behind as a table").arg(victim)));
    // And the preview counted its rows (queries through the parent no longer see a detach-pending partition).
    for (const PartitionInfo &pi : rp->partitions)
        if (pi.name == victim)
            QCOMPARE(pi.rows, qint64(victimIds.size()));
}

void TestPurgePartitions::cancelNowAfterDetachKeepsTheTable()
{
    // A "Cancel now" once a partition is detached (concurrently: no DEFAULT)
    // stops the run before its DROP TABLE (the detached table stays, every other partition stays
    // attached); no count(*) of the detached partition runs. The next preview lists it as
    // detached, not dropped.
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(seedLogDatabase(db, conn, false));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const QStringList expected = expectedRemovable(db, p.rule(kLog)->cutoffUtc);
    QVERIFY2(expected.size() >= 2, qPrintable(expected.join(u',')));

    Recorder rec;
    QueryCanceller canceller;
    QString cancelledAfter;
    rec.onLog = [&](const QString &line) {
        if (cancelledAfter.isEmpty() && line.endsWith(QLatin1String(" detached."))) {
            cancelledAfter = line.section(u' ', 0, 0);
            canceller.cancel();
        }
    };
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QVERIFY2(!cancelledAfter.isEmpty(), qPrintable(rec.logText()));
    QCOMPARE(r.status, RunStatus::Cancelled);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Cancelled);
    QCOMPARE(rr.detachedPartitions, QStringList{cancelledAfter});
    QVERIFY(rr.droppedPartitions.isEmpty());
    QVERIFY2(!rr.sql.contains(QStringLiteral("DROP TABLE")), qPrintable(rr.sql));
    QVERIFY2(rr.message.contains(cancelledAfter), qPrintable(rr.message));
    // The detached partition is a plain table with its rows; the others are still attached.
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(cancelledAfter)).toInt(), 100);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = '%1'::regclass")
                           .arg(cancelledAfter))
                 .toInt(),
             0);
    for (const QString &part : expected)
        if (part != cancelledAfter)
            QCOMPARE(
                db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = '%1'::regclass")
                              .arg(part))
                    .toInt(),
                1);
    QCOMPARE(runState(db, r.runId), QStringLiteral("cancelado"));
    // The next preview (a new session: the cancel request may still be in flight on this one).
    PgConnection later;
    QVERIFY(openPurga(db, later));
    PreviewPlan next;
    QVERIFY(plan(later, {kLog}, &next));
    bool listed = false;
    for (const PartitionInfo &pi : next.rule(kLog)->partitions)
        if (pi.name == cancelledAfter)
            listed = pi.detachedNotDropped && pi.removable && pi.rows == 100 && pi.reason.contains(r.runId);
    QVERIFY2(listed, qPrintable(cancelledAfter));
}

void TestPurgePartitions::cancelNowWithDefaultRollsBackTheDetach()
{
    // With a DEFAULT partition DETACH and DROP share one transaction: a "Cancel now"
    // between them rolls the DETACH back; the partition stays attached with its rows.
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(seedLogDatabase(db, conn, true));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const QStringList expected = expectedRemovable(db, p.rule(kLog)->cutoffUtc);
    Recorder rec;
    QueryCanceller canceller;
    QString cancelledAfter;
    rec.onLog = [&](const QString &line) {
        if (cancelledAfter.isEmpty() && line.contains(QLatin1String(" detached (in one transaction"))) {
            cancelledAfter = line.section(u' ', 0, 0);
            canceller.cancel();
        }
    };
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QVERIFY2(!cancelledAfter.isEmpty(), qPrintable(rec.logText()));
    QCOMPARE(r.status, RunStatus::Cancelled);
    const RuleReceipt &rr = r.rules.first();
    QVERIFY(rr.droppedPartitions.isEmpty() && rr.detachedPartitions.isEmpty());
    QVERIFY2(rr.message.contains(cancelledAfter), qPrintable(rr.message));
    for (const QString &part : expected)
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = '%1'::regclass")
                               .arg(part))
                     .toInt(),
                 1);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(cancelledAfter)).toInt(), 100);
}

QTEST_GUILESS_MAIN(TestPurgePartitions)
#include "tst_purgepartitions.moc"
