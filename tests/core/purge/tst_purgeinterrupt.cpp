// Database tests of the batched purge: interruptions. Cancel now (the
// batch in flight rolls back), stop after the batch (it commits), a terminated backend (the run is
// marked interrupted on the next connection). Seed data and helpers in testsupport/purgefixtures.
#include "core/history/historystore.h"
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace purga;
using namespace purga::test;

class TestPurgeInterrupt : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void cancelNowDuringSlowBatchRollsBackOnlyThatBatch();
    void stopAfterBatchFinishesTheCurrentBatch();
    void terminatedBackendIsReportedAndMarkedInterrupted();

private:
    test::SandboxInfo m_sandbox;
};

void TestPurgeInterrupt::cancelNowDuringSlowBatchRollsBackOnlyThatBatch()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QString where = eligibleWhere(kRefresh, rp->cutoffUtc);
    const QList<qint64> all =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    // TID-range batches remove the eligible rows in physical order: committed batches are a prefix.
    const QList<qint64> eligibleByCtid = db.ids(
        QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid").arg(where));
    QCOMPARE(qint64(eligibleByCtid.size()), rp->eligible);
    const qint64 slowId = eligibleByCtid.at(eligibleByCtid.size() * 6 / 10);
    QVERIFY(db.exec(
        slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"), slowId, QStringLiteral("20"))));

    QueryCanceller canceller;
    std::atomic<bool> done{false}, sawSleep{false};
    Clock::time_point cancelledAt;
    std::thread killer =
        cancelWhenSleeping(m_sandbox, db.name(), conn.backendPid(), canceller, done, sawSleep, &cancelledAt);
    Recorder rec;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    const Clock::time_point returnedAt = Clock::now();
    done.store(true);
    killer.join();

    QVERIFY2(sawSleep.load(), "the slow batch was never seen running");
    const qint64 latency = msBetween(cancelledAt, returnedAt);
    QVERIFY2(latency < 1000, qPrintable(QStringLiteral("run() returned %1 ms after cancel()").arg(latency)));
    QCOMPARE(r.status, RunStatus::Cancelled);
    QCOMPARE(r.exitCode(), 6);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Cancelled);
    QVERIFY2(rr.deleted > 0, "earlier batches must have committed");
    QVERIFY(rr.deleted < rp->eligible);
    // Earlier committed batches stay deleted; the cancelled batch (and what follows) is all there.
    const QList<qint64> gone = eligibleByCtid.mid(0, rr.deleted);
    QVERIFY(!gone.contains(slowId));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")),
             minus(all, gone));
    QCOMPARE(
        db.scalar(
              QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE id = %1").arg(slowId))
            .toInt(),
        1);
    QCOMPARE(runState(db, r.runId), QStringLiteral("cancelado"));
    QCOMPARE(
        metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_refresh_tokens"))
            .toLongLong(),
        rr.deleted);
    // The session is usable afterwards: no transaction left open, the lock released.
    QCOMPARE(valueOn(conn, QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                                          "AND pid = pg_backend_pid()"))
                 .toInt(),
             0);
}

void TestPurgeInterrupt::stopAfterBatchFinishesTheCurrentBatch()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QList<qint64> all =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    const QList<qint64> eligibleByCtid =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid")
                   .arg(eligibleWhere(kRefresh, rp->cutoffUtc)));
    const qint64 slowId = eligibleByCtid.at(eligibleByCtid.size() * 4 / 10);
    QVERIFY(
        db.exec(slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"), slowId, QStringLiteral("1"))));

    const int enginePid = conn.backendPid();
    const QString dbName = db.name();
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    std::atomic<bool> done{false}, asked{false};
    std::thread stopper([&] {
        PgConnection w;
        DbFailure e;
        if (!w.open(test::superuserProfile(m_sandbox, dbName), QString(), &e))
            return;
        if (pollUntil(w,
                      QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1 "
                                     "AND wait_event = 'PgSleep')")
                          .arg(enginePid),
                      30000, &done)) {
            engine.stopAfterBatch();
            asked.store(true);
        }
    });
    Recorder rec;
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    done.store(true);
    stopper.join();

    QVERIFY2(asked.load(), "the slow batch was never seen running");
    QCOMPARE(r.status, RunStatus::Cancelled);
    QCOMPARE(r.exitCode(), 6);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Cancelled);
    QVERIFY(rr.deleted < rp->eligible);
    // The batch in flight when asked (the one with the slow row) committed, and no other batch ran.
    const qsizetype slowPos = eligibleByCtid.indexOf(slowId);
    QVERIFY2(rr.deleted > slowPos,
             qPrintable(QStringLiteral("deleted %1, slow row at %2").arg(rr.deleted).arg(slowPos)));
    const QList<qint64> gone = eligibleByCtid.mid(0, rr.deleted);
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")),
             minus(all, gone));
    QList<RuleProgress> running;
    for (const RuleProgress &pr : rec.progress())
        if (pr.state == RuleStatus::Running)
            running << pr;
    QVERIFY(!running.isEmpty());
    QCOMPARE(running.last().deleted, rr.deleted);
    QCOMPARE(running.last().batches, rr.batches);
    QVERIFY(running.size() >= 2);
    // The batch before the last one did not yet include the slow row.
    QVERIFY(running.at(running.size() - 2).deleted <= slowPos);
    QCOMPARE(runState(db, r.runId), QStringLiteral("cancelado"));
}

void TestPurgeInterrupt::terminatedBackendIsReportedAndMarkedInterrupted()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QList<qint64> all =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    const QList<qint64> eligibleByCtid =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid")
                   .arg(eligibleWhere(kRefresh, rp->cutoffUtc)));

    const int enginePid = conn.backendPid();
    const QString dbName = db.name();
    std::atomic<bool> terminated{false};
    std::atomic<qint64> deletedAtKill{-1};
    Recorder rec;
    // At the first committed batch, another session terminates the engine's backend (and waits
    // until it is gone) before the engine goes on.
    rec.onProgress = [&](const RuleProgress &pr) {
        if (pr.state != RuleStatus::Running || terminated.load())
            return;
        deletedAtKill.store(pr.deleted);
        std::thread t([&] {
            PgConnection w;
            DbFailure e;
            if (!w.open(test::superuserProfile(m_sandbox, dbName), QString(), &e))
                return;
            if (valueOn(w, QStringLiteral("SELECT pg_terminate_backend(%1)").arg(enginePid)).toBool() &&
                pollUntil(w,
                          QStringLiteral("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1)")
                              .arg(enginePid),
                          10000))
                terminated.store(true);
        });
        t.join();
    };
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);

    QVERIFY2(terminated.load(), "the engine's backend was not terminated");
    QCOMPARE(r.status, RunStatus::Error);
    QCOMPARE(r.exitCode(), 1);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Error);
    QVERIFY(!rr.message.isEmpty());
    QCOMPARE(rr.deleted, deletedAtKill.load());
    QVERIFY(rr.deleted > 0);
    // The committed batch stays; nothing else moved.
    const QList<qint64> gone = eligibleByCtid.mid(0, rr.deleted);
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")),
             minus(all, gone));
    // The history could not be finished on the dead connection: the run is left 'en_curso' with the
    // dead pid, and the next connection marks it 'interrumpido'.
    QCOMPARE(runState(db, r.runId), QStringLiteral("en_curso"));
    PgConnection next;
    QVERIFY(openPurga(db, next));
    QString err;
    QCOMPARE(HistoryStore::markInterrupted(next, &err), 1);
    QCOMPARE(runState(db, r.runId), QStringLiteral("interrumpido"));
    QVERIFY(db.scalar(QStringLiteral("SELECT terminada_en IS NOT NULL FROM identidad.purga_corridas "
                                     "WHERE corrida_id = '%1'")
                          .arg(r.runId))
                .toBool());
    // Idempotent.
    QCOMPARE(HistoryStore::markInterrupted(next, &err), 0);
    // The advisory lock died with the backend.
    QVERIFY(valueOn(next, QStringLiteral("SELECT pg_try_advisory_lock(731001)")).toBool());
}
QTEST_GUILESS_MAIN(TestPurgeInterrupt)
#include "tst_purgeinterrupt.moc"
