// Unit tests of the run and rule statuses: one id per enum value, the words of the history table
// and the JSON receipt, and back (no server).
#include "core/purge/purgeengine.h"
#include "core/purge/purgestatus.h"

#include <QTest>

using namespace purga;

class TestPurgeStatus : public QObject
{
    Q_OBJECT
private slots:
    void runIdsAreTheHistoryWords();
    void ruleIdsRoundTrip();
    void unknownWordsAreRefused();
    void exitCodesFollowTheCliContract();
    void ruleStatusDecidesTheRun();
};

void TestPurgeStatus::runIdsAreTheHistoryWords()
{
    // identidad.purga_corridas.estado, shared with the scheduled job: these words must not change.
    QCOMPARE(toId(RunStatus::Ok), QStringLiteral("ok"));
    QCOMPARE(toId(RunStatus::Cancelled), QStringLiteral("cancelado"));
    QCOMPARE(toId(RunStatus::Error), QStringLiteral("error"));
    QCOMPARE(toId(RunStatus::LockBusy), QStringLiteral("lock_ocupado"));
    for (RunStatus s : {RunStatus::Ok, RunStatus::Cancelled, RunStatus::Error, RunStatus::LockBusy}) {
        RunStatus back = RunStatus::Error;
        QVERIFY(fromId(toId(s), &back));
        QCOMPARE(back, s);
    }
}

void TestPurgeStatus::ruleIdsRoundTrip()
{
    QCOMPARE(toId(RuleStatus::Skipped), QStringLiteral("omitido"));
    QCOMPARE(toId(RuleStatus::WaitingLock), QStringLiteral("waiting_lock"));
    for (RuleStatus s : {RuleStatus::Ok, RuleStatus::Cancelled, RuleStatus::Error, RuleStatus::Skipped,
                         RuleStatus::Running, RuleStatus::WaitingLock}) {
        RuleStatus back = RuleStatus::Error;
        QVERIFY(fromId(toId(s), &back));
        QCOMPARE(back, s);
    }
}

void TestPurgeStatus::unknownWordsAreRefused()
{
    RunStatus run = RunStatus::Ok;
    QVERIFY(!fromId(QStringLiteral("interrumpido"), &run));
    QVERIFY(!fromId(QStringLiteral("en_curso"), &run));
    QCOMPARE(run, RunStatus::Ok);
    RuleStatus rule = RuleStatus::Ok;
    QVERIFY(!fromId(QStringLiteral("OK"), &rule));
}

void TestPurgeStatus::exitCodesFollowTheCliContract()
{
    PurgeReceipt r;
    r.status = RunStatus::Ok;
    QCOMPARE(r.exitCode(), 0);
    r.status = RunStatus::LockBusy;
    QCOMPARE(r.exitCode(), 5);
    r.status = RunStatus::Cancelled;
    QCOMPARE(r.exitCode(), 6);
    r.status = RunStatus::Error;
    QCOMPARE(r.exitCode(), 1);
    QCOMPARE(r.toJson().value(QStringLiteral("status")).toString(), QStringLiteral("error"));
}

void TestPurgeStatus::ruleStatusDecidesTheRun()
{
    QCOMPARE(runStatusOf(RuleStatus::Ok), RunStatus::Ok);
    QCOMPARE(runStatusOf(RuleStatus::Cancelled), RunStatus::Cancelled);
    QCOMPARE(runStatusOf(RuleStatus::Error), RunStatus::Error);
    QCOMPARE(runStatusOf(RuleStatus::Skipped), RunStatus::Ok);
}

QTEST_GUILESS_MAIN(TestPurgeStatus)
#include "tst_purgestatus.moc"
