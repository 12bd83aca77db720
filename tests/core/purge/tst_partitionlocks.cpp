// Partitions: DDL waits briefly. A DETACH waiting behind a long
// reader queues every INSERT into log_sesiones behind its lock request, so DDL runs under its own
// short lock timeout (RuleConfig::ddlLockTimeoutMs) and retries with backoff; a lock timeout in the
// second phase of DETACH ... CONCURRENTLY is retried with FINALIZE.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/clirunner.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

#include <atomic>
#include <thread>

using namespace purga;
using namespace purga::test;

namespace {

// The purge of `p` on a connection of the calling thread (a connection belongs to its thread).
PurgeReceipt purgeOnOwnConnection(const TestDatabase &db, const PreviewPlan &p)
{
    PgConnection c;
    if (!openPurga(db, c)) {
        PurgeReceipt failed;
        failed.status = RunStatus::Error;
        return failed;
    }
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(c, canceller);
    return engine.run(p, options({kLog}), &rec);
}

} // namespace

class TestPartitionLocks : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void insertsAreNotHeldBehindAWaitingDetach();
    void lockTimeoutInSecondPhaseIsFinalized();
    void detachGivingWaySaysWhy_data();
    void detachGivingWaySaysWhy();

private:
    test::SandboxInfo m_sandbox;
};

// A reader keeps log_sesiones locked for several seconds while the purge detaches (plain DETACH:
// a DEFAULT partition exists). A writer inserting logins meanwhile is held at most about one DDL
// lock timeout per attempt (300 ms), never until the reader ends: each insert takes well under
// 3 s (the batch lock timeout of 5 s would hold them ~5 s). The purge gets through once the
// reader is gone.
void TestPartitionLocks::insertsAreNotHeldBehindAWaitingDetach()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("plock_insert"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(logSeedSql(true)));
    QVERIFY(setupHistory(db));
    PgConnection conn, reader;
    QVERIFY(openPurga(db, conn));
    QVERIFY(openAdmin(m_sandbox, db, reader));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    QCOMPARE(p.rule(kLog)->config.ddlLockTimeoutMs, 300);
    QString err;
    QVERIFY2(reader.execScript(QStringLiteral("BEGIN; SELECT count(*) FROM identidad.log_sesiones"), &err),
             qPrintable(err));

    std::atomic<bool> stop{false};
    std::atomic<qint64> worstMs{0};
    std::atomic<int> inserts{0};
    QString writerError;
    const SandboxInfo sandbox = m_sandbox;
    const QString dbName = db.name();
    std::thread writer([&] {
        PgConnection w;
        DbFailure e;
        if (!w.open(test::superuserProfile(sandbox, dbName), QString(), &e)) {
            writerError = e.message;
            return;
        }
        while (!stop.load()) {
            const auto t0 = Clock::now();
            QString werr;
            if (!w.execScript(
                    QStringLiteral("INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, "
                                   "ocurrido_en) VALUES (1, 1, 'login', now())"),
                    &werr)) {
                writerError = werr;
                return;
            }
            worstMs.store(qMax(worstMs.load(), msBetween(t0, Clock::now())));
            inserts.fetch_add(1);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });

    PurgeReceipt r;
    std::thread purger([&] { r = purgeOnOwnConnection(db, p); });
    std::this_thread::sleep_for(std::chrono::seconds(6)); // the long reader goes on; the DETACH waits
    const int insertsWhileHeld = inserts.load();
    QVERIFY(reader.execScript(QStringLiteral("ROLLBACK"), &err));
    purger.join();
    stop.store(true);
    writer.join();
    QVERIFY2(writerError.isEmpty(), qPrintable(writerError));
    QVERIFY2(insertsWhileHeld >= 5, qPrintable(QString::number(insertsWhileHeld)));
    QVERIFY2(worstMs.load() < 3000,
             qPrintable(QStringLiteral("an insert waited %1 ms behind the DETACH").arg(worstMs.load())));
    QCOMPARE(r.status, RunStatus::Ok);
    QVERIFY(r.rules.first().retries > 0);
    QCOMPARE(r.rules.first().deleted, p.rule(kLog)->eligible);
}

// A reader holding a snapshot and a lock on the parent stops DETACH ... CONCURRENTLY in its second
// phase; the DDL lock timeout fires there and leaves the partition "detach pending". The retry runs
// FINALIZE (CONCURRENTLY again would fail "already pending"), and the purge completes once the
// reader is gone.
void TestPartitionLocks::lockTimeoutInSecondPhaseIsFinalized()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("plock_final"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")));
    QVERIFY(db.exec(logSeedSql(false)));
    QVERIFY(setupHistory(db));
    PgConnection conn, reader;
    QVERIFY(openPurga(db, conn));
    QVERIFY(openAdmin(m_sandbox, db, reader));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const QStringList expected =
        removableLogPartitions(db, kLogMonthsBack, tsLiteral(p.rule(kLog)->cutoffUtc));
    QString err;
    QVERIFY2(reader.execScript(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ; "
                                              "SELECT count(*) FROM identidad.log_sesiones"),
                               &err),
             qPrintable(err));
    PurgeReceipt r;
    std::thread purger([&] { r = purgeOnOwnConnection(db, p); });
    // The first partition went "detach pending" (second phase) and the purge retries.
    // (Polled from another session: the reader's snapshot would show the catalog as it was.)
    const bool pending = waitFor(
        db, QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhdetachpending)"), 30000);
    std::this_thread::sleep_for(std::chrono::seconds(2)); // a few DDL lock timeouts
    QVERIFY(reader.execScript(QStringLiteral("ROLLBACK"), &err));
    purger.join();
    QVERIFY(pending);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QVERIFY2(rr.sql.contains(QStringLiteral("DETACH PARTITION %1 FINALIZE").arg(expected.first())),
             qPrintable(rr.sql));
    QVERIFY(rr.retries > 0);
    QStringList dropped = rr.droppedPartitions;
    dropped.sort();
    QCOMPARE(dropped, expected);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhdetachpending")).toInt(), 0);
    QCOMPARE(rr.deleted, p.rule(kLog)->eligible);
}

void TestPartitionLocks::detachGivingWaySaysWhy_data()
{
    QTest::addColumn<bool>("withDefault");
    QTest::newRow("concurrently") << false;
    QTest::newRow("in one transaction with the DROP") << true;
}

// Another session holds a lock the DETACH needs; the purge gives way (DDL lock timeout) and is
// stopped while it waits to retry: the message says why the detach did not happen, never an empty
// reason.
void TestPartitionLocks::detachGivingWaySaysWhy()
{
    QFETCH(bool, withDefault);
    test::TestDatabase db(m_sandbox, QStringLiteral("plock_why"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    if (!withDefault)
        QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")));
    QVERIFY(db.exec(logSeedSql(false)));
    QVERIFY(setupHistory(db));
    PgConnection conn, holder;
    QVERIFY(openPurga(db, conn));
    QVERIFY(openAdmin(m_sandbox, db, holder));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    QString err;
    QVERIFY2(
        holder.execScript(
            QStringLiteral("BEGIN; LOCK TABLE identidad.log_sesiones IN SHARE UPDATE EXCLUSIVE MODE"), &err),
        qPrintable(err));
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    rec.onLog = [&](const QString &line) {
        if (line.contains(QLatin1String("DDL lock timeout")))
            engine.stopAfterBatch();
    };
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QVERIFY(holder.execScript(QStringLiteral("ROLLBACK"), &err));
    const QString message = r.rules.first().message;
    QVERIFY2(message.contains(QLatin1String("Could not detach ")),
             qPrintable(message + u'\n' + rec.logText()));
    const QString reason = message.section(QStringLiteral(": "), 1).trimmed();
    QVERIFY2(!reason.isEmpty() && !reason.startsWith(u'.'), qPrintable(message));
    QVERIFY2(reason.contains(QLatin1String("lock")), qPrintable(message));
}

QTEST_GUILESS_MAIN(TestPartitionLocks)
#include "tst_partitionlocks.moc"
