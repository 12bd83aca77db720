// Pacing of the batched purge through the real engine on the sandbox: a live batch
// size change takes effect at the next batch, Pause/Resume holds and releases a run, the nice
// ratio sleeps in proportion to the batches' time, a lag limit the role cannot see holds and then
// stops the run before any batch. Replica lag and the throttle file through the CLI are in
// tst_cli_pacing.
#include "core/pg/pgconnection.h"
#include "core/pg/querycanceller.h"
#include "core/preview/preview.h"
#include "core/purge/pacer.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

#include <atomic>
#include <memory>
#include <thread>

using namespace purga;
using namespace purga::test;

namespace {

// Rows removed by each committed batch, from the Running progress reports in order.
QList<qint64> batchRows(const QList<RuleProgress> &progress)
{
    QList<qint64> rows;
    qint64 before = 0;
    int batches = 0;
    for (const RuleProgress &p : progress) {
        if (p.state != RuleStatus::Running || p.batches == batches)
            continue;
        rows << p.deleted - before;
        before = p.deleted;
        batches = p.batches;
    }
    return rows;
}

} // namespace

class TestPacer : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }
    void liveBatchSizeAppliesFromTheNextBatch();
    void pauseHoldsTheRunUntilResumed();
    void niceSleepsInProportionToBatchTime();
    void askedLagLimitThatCannotBeSeenStopsBeforeABatch();
    void nextBatchStartsAtOnceOnlyWhenNothingComesBetween();

private:
    // Refresh tokens in `db`, the history, and a preview of the rule at kBatch on `conn`.
    static bool seeded(TestDatabase &db, PgConnection &conn, PreviewPlan *p)
    {
        if (!db.isValid()) {
            qWarning("%s", qPrintable(db.error()));
            return false;
        }
        return db.exec(refreshSeedSql(kFiller)) && openPurga(db, conn) && setupHistory(conn) &&
               plan(conn, {kRefresh}, p);
    }
    static qint64 rows(TestDatabase &db)
    {
        return db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
    }

    test::SandboxInfo m_sandbox;
};

void TestPacer::liveBatchSizeAppliesFromTheNextBatch()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("pacer"));
    PgConnection conn;
    PreviewPlan p;
    QVERIFY(seeded(db, conn, &p));
    const RulePreview *rp = p.rule(kRefresh);
    QVERIFY(rp && rp->eligible > 6 * kBatch);

    PurgeOptions opts = options({kRefresh});
    opts.live = std::make_shared<LiveSettings>();
    Recorder rec;
    const int smaller = 120;
    // After the second committed batch (on the engine's thread, as a GUI would between batches).
    rec.onProgress = [&](const RuleProgress &pr) {
        if (pr.state == RuleStatus::Running && pr.batches == 2)
            opts.live->setBatchSize(smaller);
    };
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, opts, &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    QCOMPARE(r.rules.value(0).deleted, rp->eligible);
    const QList<qint64> rows = batchRows(rec.progress());
    QVERIFY2(rows.size() > 4, qPrintable(listText(rows)));
    QCOMPARE(qint64(rows.size()), qint64(r.rules.value(0).batches));
    for (int i = 0; i < rows.size(); ++i)
        QVERIFY2(rows.at(i) <= (i < 2 ? kBatch : smaller),
                 qPrintable(QStringLiteral("batch %1: %2").arg(i + 1).arg(listText(rows))));
    QVERIFY2(rows.at(0) > smaller, qPrintable(listText(rows))); // the first batches were full size
    QVERIFY2(rec.logText().contains(QStringLiteral("Batch size changed to %1 rows").arg(smaller)),
             qPrintable(rec.logText()));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE %1")
                           .arg(eligibleWhere(kRefresh, rp->cutoffUtc)))
                 .toInt(),
             0);
}

void TestPacer::pauseHoldsTheRunUntilResumed()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("pacer"));
    PgConnection conn;
    PreviewPlan p;
    QVERIFY(seeded(db, conn, &p));
    const RulePreview *rp = p.rule(kRefresh);
    QVERIFY(rp && rp->eligible > 4 * kBatch);
    const qint64 total = rows(db);

    PurgeOptions opts = options({kRefresh});
    opts.live = std::make_shared<LiveSettings>();
    Recorder rec;
    std::atomic<bool> held{false};
    rec.onProgress = [&](const RuleProgress &pr) {
        if (pr.state == RuleStatus::Running && pr.batches == 1)
            opts.live->setPaused(true);
        if (pr.state == RuleStatus::Throttled && pr.holdReason == Pacer::tr("paused by you"))
            held.store(true);
    };
    PurgeReceipt r;
    std::atomic<bool> opened{true};
    std::thread runner([&] { // a connection belongs to the thread that opened it
        PgConnection own;
        if (!openPurga(db, own)) {
            opened.store(false);
            held.store(true);
            return;
        }
        QueryCanceller canceller;
        PurgeEngine engine(own, canceller);
        r = engine.run(p, opts, &rec);
    });
    struct Join
    {
        std::thread &t;
        std::shared_ptr<LiveSettings> live;
        ~Join()
        {
            live->setPaused(false);
            if (t.joinable())
                t.join();
        }
    } join{runner, opts.live};

    QTRY_VERIFY_WITH_TIMEOUT(held.load(), 60000);
    QVERIFY(opened.load());
    // Held after exactly one batch: the count stays there for as long as the pause lasts.
    const qint64 afterOne = rows(db);
    QVERIFY(afterOne < total);
    QTest::qWait(1500);
    QCOMPARE(rows(db), afterOne);
    opts.live->setPaused(false);
    runner.join();
    QCOMPARE(r.status, RunStatus::Ok);
    QCOMPARE(r.rules.value(0).deleted, rp->eligible);
    QCOMPARE(total - afterOne, qint64(batchRows(rec.progress()).value(0)));
    QVERIFY2(r.throttledMs >= 1500, qPrintable(QString::number(r.throttledMs)));
    QVERIFY(r.rules.value(0).throttledMs == r.throttledMs);
    QCOMPARE(r.toJson().value(QStringLiteral("throttled_ms")).toDouble(), double(r.throttledMs));
    const QString log = rec.logText();
    QVERIFY2(log.contains(QStringLiteral("Paused by you")) && log.contains(QStringLiteral("Resumed by you")),
             qPrintable(log));
}

void TestPacer::niceSleepsInProportionToBatchTime()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("pacer"));
    PgConnection conn;
    PreviewPlan p;
    QVERIFY(seeded(db, conn, &p));
    PurgeOptions opts = options({kRefresh});
    opts.pacing.nice = 2;
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, opts, &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    // Every batch but the last is followed by a sleep of at least 2 × its own time.
    double batchMs = 0, lastMs = 0;
    int batches = 0;
    for (const RuleProgress &pr : rec.progress())
        if (pr.state == RuleStatus::Running && pr.batches != batches) {
            batches = pr.batches;
            batchMs += pr.lastBatchMs;
            lastMs = pr.lastBatchMs;
        }
    QVERIFY(batches > 4);
    const double slept = 2 * (batchMs - lastMs);
    QVERIFY2(double(r.rules.value(0).durationMs) >= batchMs + slept - 1,
             qPrintable(
                 QStringLiteral("%1 ms for %2 ms of batches").arg(r.rules.value(0).durationMs).arg(batchMs)));
}

// identidad_purga may not read the standby's replay position. The preflight refuses a run that asks
// for a limit then; should one start anyway (pg_monitor revoked since), the pacer holds it, and
// after abortLagForMs without seeing the lag it stops: nothing deleted at full speed unseen.
void TestPacer::askedLagLimitThatCannotBeSeenStopsBeforeABatch()
{
    QVERIFY2(m_sandbox.standbyPort > 0, "the sandbox was started without --standby");
    test::TestDatabase db(m_sandbox, QStringLiteral("pacer"));
    PgConnection conn;
    PreviewPlan p;
    QVERIFY(seeded(db, conn, &p));
    const qint64 total = rows(db);
    QVERIFY(p.rule(kRefresh)->eligible > 0);

    PurgeOptions opts = options({kRefresh});
    opts.pacing.maxLagMs = 500;
    opts.pacing.abortLagForMs = 1500;
    opts.pacing.pollMs = 100;
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, opts, &rec);
    QCOMPARE(r.status, RunStatus::Cancelled);
    QCOMPARE(r.rules.value(0).deleted, qint64(0));
    QCOMPARE(rows(db), total);
    QVERIFY2(r.message.contains(QStringLiteral("cannot be enforced")), qPrintable(r.message));
    QVERIFY(r.throttledMs >= 1500);
    const QString log = rec.logText();
    QVERIFY2(log.count(QStringLiteral("The replica lag limit cannot be enforced")) == 1, qPrintable(log));
}

// The row purge sends a batch with the previous COMMIT only when the pacer says nothing comes
// between them: no pause, no nice sleep, no hold, and no replica lag to read (never read inside a
// batch's transaction; with the sandbox's standby attached it is read before every batch).
void TestPacer::nextBatchStartsAtOnceOnlyWhenNothingComesBetween()
{
    QVERIFY2(m_sandbox.standbyPort > 0, "the sandbox was started without --standby");
    test::TestDatabase db(m_sandbox, QStringLiteral("pacer"));
    PgConnection conn;
    PreviewPlan p;
    QVERIFY(seeded(db, conn, &p));
    const auto stopped = [] { return false; };
    const auto log = [](const QString &) {};
    PacingOptions lagOff;
    lagOff.maxLagMs = 0;
    LiveSettings live;
    Pacer pacer(conn, lagOff, &live, stopped, log);
    QVERIFY(pacer.mayStartAtOnce(5, 0));
    QVERIFY(!pacer.mayStartAtOnce(5, 1)); // --pause-ms 1
    live.setPaused(true);
    QVERIFY(!pacer.mayStartAtOnce(5, 0));
    live.setPaused(false);
    QVERIFY(pacer.mayStartAtOnce(5, 0));
    live.setNice(0.5); // sleeps 2.5 ms after a 5 ms batch
    QVERIFY(!pacer.mayStartAtOnce(5, 0));

    // The default lag limit with a standby attached: the lag is due before every batch.
    Pacer withLag(conn, PacingOptions{}, nullptr, stopped, log);
    QVERIFY(!withLag.mayStartAtOnce(5, 0));
    QString abortReason;
    QVERIFY(withLag.waitBeforeBatch([](const QString &, qint64) {}, &abortReason));
    QVERIFY(!withLag.mayStartAtOnce(5, 0));
}

QTEST_GUILESS_MAIN(TestPacer)
#include "tst_pacer.moc"
