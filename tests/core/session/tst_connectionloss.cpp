// DbSession when its connection dies under it (the backend terminated, as a server stop does to
// every session): a request then fails as "connection lost" with a reason, never as a plain failure
// or with an empty reason; the session says so once, even while idle (the keep-alive); a connect
// brings it back. The evidence freeze reports its lost connection as a lost freeze.
#include "core/pg/pgconnection.h"
#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"
#include "core/session/metatypes.h"
#include "support/pgsandbox.h"

#include <QSignalSpy>
#include <QTest>

using namespace purga;

namespace {

// Ends backend `pid` as pg_ctl stop -m fast ends every session (57P01), and waits until it is gone.
bool terminate(test::TestDatabase &db, int pid)
{
    if (!db.scalar(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid)).toBool())
        return false;
    return QTest::qWaitFor(
        [&] {
            return db.scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = %1").arg(pid))
                       .toInt() == 0;
        },
        10000);
}

// Connects `session` as identidad_purga: its backend's pid, 0 on failure (the handle is gone
// once it reported, so the result is taken as it arrives).
int connectAs(DbSession &session, test::TestDatabase &db)
{
    int pid = 0;
    bool done = false;
    Request<ConnectResult> c =
        session.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
    QObject::connect(c.handle(), &DbRequest::finished, &session, [&done] { done = true; });
    c.onSucceeded(&session, [&pid](const ConnectResult &r) { pid = r.backendPid; });
    return QTest::qWaitFor([&done] { return done; }, 20000) ? pid : 0;
}

// Runs the checks, which must fail: their failure; `atFailure` runs as the failure arrives.
template <typename Fn> DbFailure failedPreflight(DbSession &session, Fn atFailure)
{
    DbFailure out;
    bool done = false;
    Request<PreflightReport> r = session.runPreflight();
    QObject::connect(r.handle(), &DbRequest::finished, &session, [&done] { done = true; });
    r.onFailed(&session, [&out, atFailure](const DbFailure &f) {
        out = f;
        atFailure();
    });
    if (!QTest::qWaitFor([&done] { return done; }, 20000))
        out.message = QStringLiteral("(the checks did not finish)");
    return out;
}

} // namespace

class TestConnectionLoss : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        PURGA_REQUIRE_SANDBOX(m_sandbox);
    }

    void requestOnADeadConnectionFailsAsLost()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("lost"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        DbSession session;
        QSignalSpy lost(&session, &DbSession::connectionLost);
        const int pid = connectAs(session, db);
        QVERIFY(pid > 0);
        QVERIFY(terminate(db, pid));

        // The first request meets the dead socket: lost, in words of ours, the driver's kept aside,
        // and the session said so before the request's own failure arrived.
        int lostAtFailure = -1;
        const DbFailure first = failedPreflight(session, [&] { lostAtFailure = int(lost.size()); });
        QCOMPARE(first.kindId(), QStringLiteral("connection_lost"));
        QCOMPARE(first.message, DbFailure::tr("The connection to the server was lost."));
        QCOMPARE(lostAtFailure, 1);
        // Every later one fails at once with the same reason, not an empty one; said once only.
        const DbFailure second = failedPreflight(session, [] {});
        QCOMPARE(second.kindId(), QStringLiteral("connection_lost"));
        QVERIFY(!second.message.trimmed().isEmpty());
        QCOMPARE(lost.size(), 1);

        // A connect with the same profile brings the session back.
        QVERIFY(connectAs(session, db) > 0);
        int items = 0;
        session.runPreflight().onSucceeded(
            &session, [&items](const PreflightReport &r) { items = int(r.items.size()); });
        QTRY_VERIFY_WITH_TIMEOUT(items > 0, 30000);
    }

    void idleKeepAliveNoticesTheLoss()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("lost"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        DbSession session;
        session.setKeepAliveInterval(std::chrono::milliseconds(300));
        QSignalSpy lost(&session, &DbSession::connectionLost);
        const int pid = connectAs(session, db);
        QVERIFY(pid > 0);
        QTest::qWait(1000); // several keep-alives on a live connection: no news
        QCOMPARE(lost.size(), 0);
        QVERIFY(terminate(db, pid));
        QVERIFY(lost.wait(10000)); // no request asked for it
        const auto failure = lost.first().at(0).value<DbFailure>();
        QCOMPARE(failure.kindId(), QStringLiteral("connection_lost"));
        QTest::qWait(1000);
        QCOMPARE(lost.size(), 1);
    }

    void freezeWhoseConnectionDiesIsLost()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("lost"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        FreezeController freeze;
        freeze.setCheckIntervalMs(500);
        QSignalSpy frozen(&freeze, &FreezeController::frozen);
        QSignalSpy lostFreeze(&freeze, &FreezeController::lost);
        QSignalSpy released(&freeze, &FreezeController::released);
        freeze.freeze(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), 731001);
        QVERIFY(frozen.wait(20000));
        const int pid = freeze.info().backendPid;
        QVERIFY(pid > 0);
        QVERIFY(terminate(db, pid));
        QVERIFY(lostFreeze.wait(10000));
        QCOMPARE(freeze.state(), FreezeController::State::Off);
        QCOMPARE(released.size(), 0); // lost, never "released"
    }

private:
    test::SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestConnectionLoss)
#include "tst_connectionloss.moc"
