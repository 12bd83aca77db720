// What is left of a frozen preview after a run that stopped part-way (remainingPlan), against the
// sandbox: the next run on it plans, completes and records against what is left, so this app's own
// deletions are never called rows "updated or removed by others" and the table's rows recorded after
// the resumed run are the table's real count; a graceful stop is marked stopped, a cancel is not.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/purge/remainingplan.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

using namespace purga;
using namespace purga::test;

class TestRemainingPlan : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void stoppedRowRunResumesWithWhatIsLeft()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("remaining"));
        PgConnection conn;
        PreviewPlan p;
        previewed(db, refreshSeedSql(kFiller), kRefresh, conn, &p);
        if (QTest::currentTestFailed())
            return;
        const qint64 eligible = p.rule(kRefresh)->eligible;
        QVERIFY(eligible > 3 * kBatch);
        const auto count = [&db] {
            return db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens"))
                .toLongLong();
        };
        const auto rowsAfter = [&db](const QString &runId) {
            return metric(db, runId, QStringLiteral("identidad_tabla_filas"),
                          QStringLiteral("trx_refresh_tokens"))
                .toLongLong();
        };

        const PurgeReceipt r1 = runOf(conn, p, kRefresh, 3);
        QCOMPARE(r1.status, RunStatus::Cancelled);
        QVERIFY(r1.stopped);
        QVERIFY(r1.rules.first().stopped);
        QVERIFY2(r1.message.startsWith(QStringLiteral("Purge stopped after")), qPrintable(r1.message));
        const qint64 d1 = r1.rules.first().deleted;
        QVERIFY(d1 > 0 && d1 < eligible);
        QCOMPARE(rowsAfter(r1.runId), count());

        const PreviewPlan left = remainingPlan(p, r1);
        QCOMPARE(left.takenAtUtc, p.takenAtUtc);
        QCOMPARE(left.rule(kRefresh)->eligible, eligible - d1);
        QCOMPARE(left.rule(kRefresh)->total, p.rule(kRefresh)->total - d1);
        QCOMPARE(rowsRemoved(r1), d1);

        const PurgeReceipt r2 = runOf(conn, left, kRefresh, 0);
        QCOMPARE(r2.status, RunStatus::Ok);
        QVERIFY(!r2.stopped);
        const RuleReceipt &rr = r2.rules.first();
        QCOMPARE(rr.planned, eligible - d1);
        QCOMPARE(rr.deleted, eligible - d1);
        QVERIFY2(!rr.message.contains(QStringLiteral("by others")), qPrintable(rr.message));
        // The table's rows recorded after the resumed run: its real count, not the preview's less
        // only this run's rows.
        QCOMPARE(rowsAfter(r2.runId), count());
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE %1")
                               .arg(eligibleWhere(kRefresh, p.rule(kRefresh)->cutoffUtc)))
                     .toLongLong(),
                 0);
    }

    void cancelIsNotAStop()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("remaining"));
        PgConnection conn;
        PreviewPlan p;
        previewed(db, refreshSeedSql(kFiller), kRefresh, conn, &p);
        if (QTest::currentTestFailed())
            return;
        QueryCanceller canceller;
        PurgeEngine engine(conn, canceller);
        Recorder rec;
        rec.onProgress = [&canceller](const RuleProgress &pr) {
            if (pr.batches >= 2)
                canceller.cancel();
        };
        const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
        QCOMPARE(r.status, RunStatus::Cancelled);
        QVERIFY(!r.stopped);
        QVERIFY(!r.rules.first().stopped);
        QVERIFY2(r.message.startsWith(QStringLiteral("Purge cancelled after")), qPrintable(r.message));
        QCOMPARE(r.toJson().value(QStringLiteral("status")).toString(), QStringLiteral("cancelado"));
        QVERIFY(!r.toJson().contains(QStringLiteral("stopped"))); // the JSON keeps its keys
    }

    // Partitions dropped by the stopped run are no longer removable in what is left: the resumed
    // run drops only the others and says nothing about partitions that "are no longer" there.
    void stoppedPartitionRunResumesWithTheOthers()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("remaining"));
        PgConnection conn;
        PreviewPlan p;
        previewed(db, logSeedSql(false), kLog, conn, &p);
        if (QTest::currentTestFailed())
            return;
        QStringList removable;
        for (const PartitionInfo &part : p.rule(kLog)->partitions)
            if (part.removable && !part.isDefault)
                removable << part.name;
        QVERIFY(removable.size() >= 2);

        const PurgeReceipt r1 = runOf(conn, p, kLog, 1);
        QCOMPARE(r1.status, RunStatus::Cancelled);
        QVERIFY(r1.stopped);
        const QStringList dropped1 = r1.rules.first().droppedPartitions;
        QCOMPARE(dropped1.size(), 1);

        const PreviewPlan left = remainingPlan(p, r1);
        QCOMPARE(left.rule(kLog)->eligible, p.rule(kLog)->eligible - r1.rules.first().deleted);
        for (const PartitionInfo &part : left.rule(kLog)->partitions)
            if (part.name == dropped1.first())
                QVERIFY(!part.removable);

        Recorder rec2;
        const PurgeReceipt r2 = runOf(conn, left, kLog, 0, &rec2);
        QCOMPARE(r2.status, RunStatus::Ok);
        QCOMPARE(r2.rules.first().planned, left.rule(kLog)->eligible);
        QCOMPARE(r2.rules.first().deleted, left.rule(kLog)->eligible);
        QStringList all = dropped1 + r2.rules.first().droppedPartitions;
        all.sort();
        removable.sort();
        QCOMPARE(all, removable);
        QVERIFY2(!rec2.logText().contains(QStringLiteral("no longer")), qPrintable(rec2.logText()));
    }

private:
    // Seeded with `seedSql`, the history set up, and a preview of `rule` taken on `conn`.
    static void previewed(test::TestDatabase &db, const QString &seedSql, const QString &rule,
                          PgConnection &conn, PreviewPlan *p)
    {
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(seedSql));
        QVERIFY(openPurga(db, conn));
        QVERIFY(setupHistory(conn));
        QVERIFY(plan(conn, {rule}, p));
    }

    // A run of `rule` from `p`, stopped after `stopAfter` batches (0: run whole).
    static PurgeReceipt runOf(PgConnection &conn, const PreviewPlan &p, const QString &rule, int stopAfter,
                              Recorder *recorder = nullptr)
    {
        QueryCanceller canceller;
        PurgeEngine engine(conn, canceller);
        Recorder own;
        Recorder *rec = recorder ? recorder : &own;
        rec->onProgress = [&engine, stopAfter](const RuleProgress &pr) {
            if (stopAfter > 0 && pr.batches >= stopAfter)
                engine.stopAfterBatch();
        };
        return engine.run(p, options({rule}), rec);
    }

    test::SandboxInfo m_sandbox;
};

QTEST_MAIN(TestRemainingPlan)
#include "tst_remainingplan.moc"
