// The purge behind a real pgbouncer whose session pooling the DBA asserted: every batch checks
// that the server connection running it holds advisory lock 731001. In transaction mode, with the
// lock holder's server connection handed to another client (as a psql through the same pool would
// get it), the run stops at its first batch and deletes nothing; in session mode every batch passes.
#include "core/locks/lockholders.h"
#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "core/purge/purgeengine.h"
#include "support/bouncersandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

#include <functional>

using namespace purga;
using namespace purga::test;

namespace {

// Calls `onLocked` once, when the engine says it took the lock (before the first batch).
class LockTakenHook : public PurgeObserver
{
public:
    explicit LockTakenHook(std::function<void()> onLocked)
        : m_onLocked(std::move(onLocked))
    {
    }
    void ruleProgress(const RuleProgress &) override {}
    void log(const QString &line) override
    {
        lines << line;
        if (m_onLocked && line.startsWith(QLatin1String("Advisory lock"))) {
            m_onLocked();
            m_onLocked = nullptr;
        }
    }
    QStringList lines;

private:
    std::function<void()> m_onLocked;
};

} // namespace

class TestPoolerLock : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        PURGA_REQUIRE_SANDBOX(m_sandbox);
        PURGA_REQUIRE_BOUNCER(m_ports);
    }
    void batchOnAnotherServerConnectionStopsTheRun();
    void sessionPoolingPassesEveryBatch();

private:
    // A connection through the pool at `port`, asserted to be a session pool, after its preflight.
    bool openAsserted(const TestDatabase &db, int port, PgConnection &conn, ConnectionProfile *profile)
    {
        *profile = throughPooler(db.profile(), port);
        profile->assumeSessionPooler = true;
        DbFailure err;
        if (!conn.open(*profile, db.passwordFor(QStringLiteral("identidad_purga")), &err)) {
            qWarning("through the pooler on port %d: %s (%s)", port, qPrintable(err.message),
                     qPrintable(err.detail));
            return false;
        }
        PreflightReport report;
        return runPreflight(conn, &report, &err) && report.pooler != Pooler::None && !conn.isDirect();
    }

    SandboxInfo m_sandbox;
    BouncerPorts m_ports;
};

void TestPoolerLock::batchOnAnotherServerConnectionStopsTheRun()
{
    TestDatabase db(m_sandbox, QStringLiteral("poolerlock"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(3000)));
    const QList<qint64> before =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    PgConnection conn;
    ConnectionProfile profile;
    QVERIFY(openAsserted(db, m_ports.transaction, conn, &profile));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    QVERIFY(p.rule(kRefresh)->eligible > 0);

    LockHolderParking parking;
    bool parked = false;
    const QString password = db.passwordFor(QStringLiteral("identidad_purga"));
    LockTakenHook hook([&] { parked = parking.park(profile, password, PurgeOptions().advisoryLockKey); });
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &hook);
    QVERIFY2(parked, "no transaction through the pool landed on the lock holder's server connection");

    QCOMPARE(r.status, RunStatus::Error);
    QCOMPARE(r.rules.size(), 1);
    QCOMPARE(r.rules.first().deleted, qint64(0));
    QVERIFY2(r.message.contains(QLatin1String("does not hold advisory lock 731001")), qPrintable(r.message));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")), before);
}

void TestPoolerLock::sessionPoolingPassesEveryBatch()
{
    TestDatabase db(m_sandbox, QStringLiteral("poolerlock"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(3000)));
    PgConnection conn;
    ConnectionProfile profile;
    QVERIFY(openAsserted(db, m_ports.session, conn, &profile));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const qint64 eligible = p.rule(kRefresh)->eligible;
    QVERIFY(eligible > 2 * kBatch);
    // Another client of the same pool meanwhile: in session mode it gets a server connection of its own.
    BackgroundLoad load(profile, db.passwordFor(QStringLiteral("identidad_purga")));
    LockTakenHook hook(nullptr);
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &hook);
    QVERIFY2(r.status == RunStatus::Ok, qPrintable(r.message));
    QCOMPARE(r.rules.first().deleted, eligible);
    QVERIFY(r.rules.first().batches >= 3);
}

QTEST_GUILESS_MAIN(TestPoolerLock)
#include "tst_poolerlock.moc"
