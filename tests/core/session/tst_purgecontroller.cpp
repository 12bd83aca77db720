// Database tests of PurgeController, the purge on its own thread for the GUI:
// "Stop after this batch" and "Cancel now" reach the run through a stop flag and a canceller that
// outlive the engine (a local of the purge thread), so they are safe at any moment, before, during
// and after the run.
#include "core/session/purgecontroller.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QSignalSpy>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestPurgeController : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }
    void stopAfterBatchStopsTheRunAndIsSafeAfterIt();
    void cancelNowBeforeTheEngineStartsDeletesNothing();

private:
    test::SandboxInfo m_sandbox;
};

void TestPurgeController::stopAfterBatchStopsTheRunAndIsSafeAfterIt()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const qint64 eligible = p.rule(kRefresh)->eligible;
    QVERIFY(eligible > 4 * kBatch);

    PurgeController controller;
    QSignalSpy finished(&controller, &PurgeController::finished);
    int stops = 0;
    // Progress arrives queued on this thread; the first committed batch asks for a stop.
    connect(&controller, &PurgeController::ruleProgress, this, [&](const RuleProgress &pr) {
        if (pr.state == RuleStatus::Running && pr.batches >= 1 && stops++ == 0)
            controller.stopAfterBatch();
    });
    // Asked again on the purge thread itself, after the engine is gone: nothing to touch but the flag.
    connect(
        &controller, &PurgeController::finished, this,
        [&](const PurgeReceipt &) {
            controller.stopAfterBatch();
            controller.cancelNow();
        },
        Qt::DirectConnection);
    controller.start(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), p, options({kRefresh}));
    QVERIFY(finished.wait(120000));
    while (controller.isRunning()) {
        controller.stopAfterBatch();
        controller.cancelNow();
        QTest::qWait(1);
    }
    const PurgeReceipt r = finished.first().first().value<PurgeReceipt>();
    QCOMPARE(r.status, RunStatus::Cancelled);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QVERIFY2(rr.deleted > 0 && rr.deleted < eligible, qPrintable(QString::number(rr.deleted)));
    QVERIFY2(rr.message.contains(QLatin1String("stopped after batch")), qPrintable(rr.message));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
             p.rule(kRefresh)->total - rr.deleted);
    // After the run: still harmless.
    controller.stopAfterBatch();
    controller.cancelNow();
}

void TestPurgeController::cancelNowBeforeTheEngineStartsDeletesNothing()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(2000)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const qint64 total = p.rule(kRefresh)->total;

    PurgeController controller;
    QSignalSpy finished(&controller, &PurgeController::finished);
    controller.start(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), p, options({kRefresh}));
    // The runner is still connecting: the request waits in the shared flag for the engine.
    controller.stopAfterBatch();
    QVERIFY(finished.wait(120000));
    const PurgeReceipt r = finished.first().first().value<PurgeReceipt>();
    QCOMPARE(r.status, RunStatus::Cancelled);
    QCOMPARE(r.rules.first().deleted, qint64(0));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
             total);
}

QTEST_GUILESS_MAIN(TestPurgeController)
#include "tst_purgecontroller.moc"
