// DbSession's request handles against the PostgreSQL sandbox: busy state from live handles,
// cancel that touches only its own request, bounded shutdown with a stopped backend, and a cancel
// that never blocks its caller.
#include "core/pg/pgconnection.h"
#include "core/session/dbsession.h"
#include "core/session/dbworker.h"
#include "support/pgsandbox.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <atomic>
#include <csignal>

using namespace purga;

namespace {

// A request that sleeps on the server (cancellable in flight).
DbRequest *sleeper(DbSession &session, double seconds, std::atomic<bool> *ran = nullptr)
{
    return session.submit<bool>(QStringLiteral("sleep"),
                                [seconds, ran](DbContext &ctx, bool *out, DbFailure *f) {
                                    if (ran)
                                        ran->store(true);
                                    QSqlQuery q(ctx.connection()->database());
                                    if (!q.exec(QStringLiteral("SELECT pg_sleep(%1)").arg(seconds))) {
                                        f->message = q.lastError().text();
                                        f->sqlState = sqlState(q);
                                        f->kind = DbFailure::fromSqlState(f->sqlState, false);
                                        return false;
                                    }
                                    *out = true;
                                    return true;
                                });
}

// Sends SIGCONT when it goes out of scope, so a failed check never leaves a process stopped.
struct StoppedProcess
{
    explicit StoppedProcess(qint64 pid)
        : pid(pid)
    {
        ::kill(pid_t(pid), SIGSTOP);
    }
    ~StoppedProcess() { resume(); }
    void resume()
    {
        if (pid > 0)
            ::kill(pid_t(pid), SIGCONT);
        pid = 0;
    }
    qint64 pid;
};

} // namespace

class TestDbSession : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void connectsAndReportsOnTheHandle()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("sess"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        DbSession session;
        DbRequest *bad = session.connectTo(db.profile(), QStringLiteral("not-the-password"));
        QSignalSpy badFailed(bad, &DbRequest::failed);
        QVERIFY(badFailed.wait(20000));
        QCOMPARE(bad->failure().kindId(), QStringLiteral("wrong_password"));
        // Requests that need a connection fail plainly without one.
        DbRequest *early = session.runPreflight();
        QSignalSpy earlyFailed(early, &DbRequest::failed);
        QVERIFY(earlyFailed.wait(10000));
        QCOMPARE(early->failure().message, DbSession::tr("Not connected."));

        QVERIFY(connectSession(session, db));
        DbRequest *preflight = session.runPreflight();
        QSignalSpy ok(preflight, &DbRequest::succeeded);
        QVERIFY(ok.wait(20000));
        QVERIFY(preflight->result<PreflightReport>().canPreview());
    }

    // Defect 1: a result slot that starts the next request must not see the busy state drop.
    void busyStaysOnWhileChainedWorkRuns()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("sess"));
        DbSession session;
        QVERIFY(connectSession(session, db));
        QTRY_VERIFY(!session.isBusy());
        QList<bool> transitions;
        QObject::connect(&session, &DbSession::busyChanged, &session, [&](bool b) { transitions << b; });
        QPointer<DbRequest> second;
        DbRequest *first = sleeper(session, 0.05);
        QObject::connect(first, &DbRequest::succeeded, &session, [&] { second = sleeper(session, 0.5); });
        QTRY_VERIFY_WITH_TIMEOUT(second && second->state() == DbRequest::State::Running, 10000);
        QVERIFY(session.isBusy());
        QCOMPARE(transitions, QList<bool>{true}); // no "false" while the chain goes on
        QTRY_VERIFY_WITH_TIMEOUT(!session.isBusy(), 10000);
        QCOMPARE(transitions, (QList<bool>{true, false}));
    }

    // Defect 2: cancelling a queued request drops it and leaves the running one alone; cancelling
    // the running one does not reach the request queued after it.
    void cancelTouchesOnlyItsRequest()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("sess"));
        DbSession session;
        QVERIFY(connectSession(session, db));
        std::atomic<bool> queuedRan{false};
        DbRequest *running = sleeper(session, 30);
        QPointer<DbRequest> queued = sleeper(session, 0, &queuedRan);
        QTRY_VERIFY_WITH_TIMEOUT(running->state() == DbRequest::State::Running, 10000);
        QCOMPARE(queued->state(), DbRequest::State::Queued);

        QSignalSpy queuedCancelled(queued, &DbRequest::cancelled);
        queued->cancel();
        QCOMPARE(queuedCancelled.count(), 1); // at once: it never ran
        QCOMPARE(running->state(), DbRequest::State::Running);
        QTest::qWait(300);
        QCOMPARE(running->state(), DbRequest::State::Running);
        QVERIFY(!queuedRan.load());

        // Now cancel the running one with another request behind it.
        DbRequest *next = sleeper(session, 0.2);
        QSignalSpy runningCancelled(running, &DbRequest::cancelled);
        QSignalSpy nextOk(next, &DbRequest::succeeded);
        running->cancel();
        QVERIFY(runningCancelled.wait(10000));
        QVERIFY(nextOk.wait(10000)); // the late cancel did not reach it
        QVERIFY(!queuedRan.load());
        QTRY_VERIFY(!session.isBusy());
    }

    // A handle deleted while queued takes its request with it; one deleted while running gets
    // nothing delivered (and nothing crashes).
    void deletedHandleGetsNothing()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("sess"));
        DbSession session;
        QVERIFY(connectSession(session, db));
        std::atomic<bool> ran{false};
        DbRequest *running = sleeper(session, 0.3);
        DbRequest *queued = sleeper(session, 0, &ran);
        delete queued;
        delete running;
        DbRequest *after = sleeper(session, 0);
        QSignalSpy ok(after, &DbRequest::succeeded);
        QVERIFY(ok.wait(10000));
        QVERIFY(!ran.load());
        QTRY_VERIFY(!session.isBusy());
    }

    // Defect 3: shutdown with work in flight and queued, and a backend that stopped answering.
    void shutdownIsBoundedWithAStoppedBackend()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("sess"));
        DbSession session;
        const int pid = connectSession(session, db);
        QVERIFY(pid > 0);
        sleeper(session, 60);
        sleeper(session, 60);
        session.preview(QList<RuleConfig>());
        QTRY_VERIFY(session.runningRequest() != nullptr);
        StoppedProcess stopped(pid);
        QElapsedTimer clock;
        clock.start();
        session.shutdown(std::chrono::milliseconds(2500));
        const qint64 took = clock.elapsed();
        stopped.resume();
        QVERIFY2(took < 3000, qPrintable(QStringLiteral("shutdown took %1 ms").arg(took)));
        db.exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid));
        // After shutdown nothing runs: a new request is cancelled at once.
        QCOMPARE(session.preview(QList<RuleConfig>())->state(), DbRequest::State::Cancelled);
    }

    // Defect 6: cancel() returns at once even when the server cannot answer the cancel request
    // (postmaster stopped), and the cancel is still delivered once it can.
    void cancelNeverBlocksTheCaller()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("sess"));
        PgConnection conn;
        DbFailure err;
        QVERIFY(conn.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err));
        QueryCanceller canceller;
        canceller.arm(conn.handle());
        const qint64 postmaster = postmasterPid(db);
        QVERIFY(postmaster > 0);
        {
            StoppedProcess stopped(postmaster);
            QElapsedTimer clock;
            clock.start();
            canceller.cancel();
            QVERIFY2(clock.elapsed() < 1000, "cancel() waited for the server");
            QVERIFY(canceller.isCancelled());
            QVERIFY(!canceller.waitForDelivery(300)); // still waiting for the stopped server
        }
        QVERIFY(canceller.waitForDelivery(10000));
        canceller.disarm();
    }

private:
    // Connects the session; returns the backend pid (0 on failure).
    static int connectSession(DbSession &session, test::TestDatabase &db)
    {
        DbRequest *request =
            session.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QSignalSpy finished(request, &DbRequest::finished);
        if (!finished.wait(20000) || request->state() != DbRequest::State::Succeeded) {
            qWarning() << "connect failed:" << request->failure().message << request->failure().detail;
            return 0;
        }
        return request->result<ConnectResult>().backendPid;
    }

    static qint64 postmasterPid(test::TestDatabase &db)
    {
        QFile f(db.scalar(QStringLiteral("SELECT current_setting('data_directory')")).toString() +
                QStringLiteral("/postmaster.pid"));
        if (!f.open(QIODevice::ReadOnly))
            return 0;
        return f.readLine().trimmed().toLongLong();
    }

    test::SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestDbSession)
#include "tst_dbsession.moc"
