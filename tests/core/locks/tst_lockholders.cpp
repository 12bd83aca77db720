// LockHolders against the real sandbox: the holder of the purge lock seen by the purge role when
// it is another role's (columns hidden), its own role's (visible, terminable), a superuser's over
// the Unix socket; an idle holder flagged as possibly leaked; a waiter blocked in
// pg_advisory_lock; terminate() ends that pid and only it.
#include "core/locks/lockholders.h"
#include "core/purge/purgeengine.h"
#include "support/locksessions.h"
#include "support/pgsandbox.h"

#include <QJsonArray>
#include <QTest>

#include <libpq-fe.h> // BEGIN/ROLLBACK on the holder's own connection

using namespace purga;
using purga::test::holdLock;
using purga::test::openAs;

namespace {

constexpr qint64 kKey = 731001;

LockHolders fetch(PgConnection &conn, int leakAfterSeconds = 300, qint64 key = kKey)
{
    LockWatchOptions o;
    o.key = key;
    o.leakAfterSeconds = leakAfterSeconds;
    LockHolders h;
    DbFailure error;
    if (!LockHolders::fetch(conn, o, &h, &error))
        qWarning("fetch: %s", qPrintable(error.message));
    return h;
}

} // namespace

class TestLockHolders : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }
    void freeLock();
    void holderOfAnotherRoleWithoutReadAllStats();
    void holderOfTheSameRoleIsVisibleAndTerminable();
    void superuserOverUnixSocket();
    void idleHolderIsPossiblyLeaked();
    void waiterIsListed();
    void bigKeySplitsIntoClassidAndObjid();
    void terminateEndsThatPidOnly();

private:
    test::SandboxInfo m_sandbox;
};

void TestLockHolders::freeLock()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("lockfree"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("viewer"), conn));
    const LockHolders h = fetch(conn);
    QVERIFY(!h.held());
    QVERIFY(h.waiters.isEmpty());
    QVERIFY(!h.possiblyLeaked());
    QCOMPARE(h.currentRole, QStringLiteral("identidad_purga"));
    const QJsonObject j = h.toJson();
    QCOMPARE(j.value(QStringLiteral("key")).toDouble(), double(kKey));
    QCOMPARE(j.value(QStringLiteral("held")).toBool(true), false);
    QVERIFY(j.value(QStringLiteral("holder")).isNull());
    QVERIFY(j.value(QStringLiteral("terminate_sql")).isNull());
    QCOMPARE(j.value(QStringLiteral("waiters")).toArray().size(), 0);
    QCOMPARE(describeLockHolder(conn, kKey), PurgeEngine::tr("an unknown session"));
}

void TestLockHolders::holderOfAnotherRoleWithoutReadAllStats()
{
    // identidad_api holds the key over TCP; identidad_purga has no pg_read_all_stats, so the
    // client, start and state are NULL: said, never guessed.
    test::TestDatabase db(m_sandbox, QStringLiteral("lockrole"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(!db.scalar(QStringLiteral("SELECT pg_has_role('identidad_purga', 'pg_read_all_stats', 'MEMBER')"))
                 .toBool());
    PgConnection holder, viewer;
    QVERIFY(holdLock(db, QStringLiteral("identidad_api"), QStringLiteral("api-holder"), holder));
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("viewer"), viewer));

    const LockHolders h = fetch(viewer, 1);
    QVERIFY(h.held());
    QCOMPARE(h.holder->pid, holder.backendPid());
    QCOMPARE(h.holder->role, QStringLiteral("identidad_api"));
    QCOMPARE(h.holder->application, QStringLiteral("api-holder"));
    QVERIFY(!h.holder->detailsVisible);
    QVERIFY(!h.holder->canTerminate);
    QVERIFY(!h.possiblyLeaked()); // the state is hidden: nothing is guessed
    QVERIFY(!h.offerTerminate());
    const QString text = h.describeLines().join(u'\n');
    QVERIFY2(
        text.contains(QStringLiteral("pid %1 (api-holder, user identidad_api, ").arg(holder.backendPid())),
        qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("hidden")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("GRANT pg_read_all_stats TO identidad_purga")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("local")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("Unix socket")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("since  UTC")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String(", )")), qPrintable(text));
    const QJsonObject j = h.toJson().value(QStringLiteral("holder")).toObject();
    QCOMPARE(j.value(QStringLiteral("details_visible")).toBool(true), false);
    QVERIFY(j.value(QStringLiteral("client_addr")).isNull());
    QVERIFY(j.value(QStringLiteral("unix_socket")).isNull());
    QVERIFY(j.value(QStringLiteral("backend_start_utc")).isNull());
    QVERIFY(j.value(QStringLiteral("state")).isNull());
    QVERIFY(j.value(QStringLiteral("idle_seconds")).isNull());
    QCOMPARE(describeLockHolder(viewer, kKey), h.holder->describe()); // one source of truth
}

void TestLockHolders::holderOfTheSameRoleIsVisibleAndTerminable()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("locksame"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection holder, viewer;
    QVERIFY(holdLock(db, QStringLiteral("identidad_purga"), QStringLiteral("adr-job"), holder));
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("viewer"), viewer));

    const LockHolders h = fetch(viewer);
    QVERIFY(h.held());
    const LockSession &s = *h.holder;
    QCOMPARE(s.pid, holder.backendPid());
    QVERIFY(s.detailsVisible);
    QCOMPARE(
        s.clientAddr,
        db.scalar(QStringLiteral("SELECT host(client_addr) FROM pg_stat_activity WHERE pid = %1").arg(s.pid))
            .toString());
    QVERIFY(!s.clientAddr.isEmpty());
    QVERIFY(s.clientPort > 0);
    QVERIFY(!s.backendStartUtc.isEmpty());
    QCOMPARE(s.state, QStringLiteral("idle"));
    QVERIFY(s.xactStartUtc.isEmpty()); // a session lock outlives its transaction
    QVERIFY(s.canTerminate);
    QVERIFY(!s.thisSession);
    QVERIFY(!h.possiblyLeaked()); // not idle for 300 s yet
    QCOMPARE(h.terminateSql(), QStringLiteral("SELECT pg_terminate_backend(%1);").arg(s.pid));
    const QString line = s.describe();
    QVERIFY2(line.contains(QStringLiteral("from %1:%2").arg(s.clientAddr).arg(s.clientPort)),
             qPrintable(line));
    QVERIFY2(line.contains(QStringLiteral("connected since %1 UTC").arg(s.backendStartUtc)),
             qPrintable(line));
    QVERIFY2(line.contains(QLatin1String("idle for")), qPrintable(line));

    // Seen from the holder itself: this connection, never offered for termination.
    const LockHolders own = fetch(holder, 1);
    QVERIFY(own.holder->thisSession);
    QVERIFY(!own.holder->canTerminate);
}

void TestLockHolders::superuserOverUnixSocket()
{
    // A NULL client_addr with the columns visible (and port -1) is a Unix socket.
    test::TestDatabase db(m_sandbox, QStringLiteral("locksock"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral("SELECT pg_advisory_lock(731001)")));
    const int holderPid = db.scalar(QStringLiteral("SELECT pg_backend_pid()")).toInt();
    PgConnection viewer;
    DbFailure e;
    QVERIFY(viewer.open(test::superuserProfile(m_sandbox, db.name()), QString(), &e));
    const LockHolders h = fetch(viewer);
    QVERIFY(h.held());
    QCOMPARE(h.holder->pid, holderPid);
    QVERIFY(h.holder->superuser);
    QVERIFY(h.holder->isUnixSocket());
    QVERIFY2(h.holder->describe().contains(QLatin1String("over a Unix socket")),
             qPrintable(h.holder->describe()));
    QCOMPARE(
        h.toJson().value(QStringLiteral("holder")).toObject().value(QStringLiteral("unix_socket")).toBool(),
        true);

    // The purge role may not end a superuser's session.
    PgConnection purga;
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("viewer"), purga));
    QVERIFY(!fetch(purga).holder->canTerminate);
    QVERIFY(db.exec(QStringLiteral("SELECT pg_advisory_unlock(731001)")));
}

void TestLockHolders::idleHolderIsPossiblyLeaked()
{
    // The ADR's job leaks the lock: the connection that took it stays in the pool, idle.
    test::TestDatabase db(m_sandbox, QStringLiteral("lockleak"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection holder, viewer;
    QVERIFY(holdLock(db, QStringLiteral("identidad_purga"), QStringLiteral("purga_job"), holder));
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("viewer"), viewer));
    QVERIFY(!fetch(viewer).possiblyLeaked()); // default threshold: 5 minutes
    // A threshold of 1 s: wait (bounded) until the holder has been idle that long.
    QTRY_VERIFY_WITH_TIMEOUT(fetch(viewer, 1).possiblyLeaked(), 30000);
    const LockHolders h = fetch(viewer, 1);
    QVERIFY(h.offerTerminate());
    QVERIFY(h.holder->stateSeconds >= 1);
    const QString text = h.describeLines().join(u'\n');
    QVERIFY2(text.contains(QLatin1String("Possibly a leaked lock")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("SELECT pg_terminate_backend(%1);").arg(holder.backendPid())),
             qPrintable(text));
    const QJsonObject j = h.toJson();
    QCOMPARE(j.value(QStringLiteral("possibly_leaked")).toBool(), true);
    QCOMPARE(j.value(QStringLiteral("leak_after_seconds")).toInt(), 1);
    QVERIFY(j.value(QStringLiteral("holder")).toObject().value(QStringLiteral("idle_seconds")).toDouble() >=
            1);

    // Inside an open transaction it is not "idle": a working job is never called leaked.
    PGconn *raw = holder.handle();
    PQclear(PQexec(raw, "BEGIN"));
    QTRY_VERIFY_WITH_TIMEOUT(fetch(viewer, 1).holder->state == QLatin1String("idle in transaction"), 30000);
    QVERIFY(!fetch(viewer, 1).possiblyLeaked());
    QVERIFY(!fetch(viewer, 1).holder->xactStartUtc.isEmpty());
    PQclear(PQexec(raw, "ROLLBACK"));
}

void TestLockHolders::waiterIsListed()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("lockwait"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection holder, waiter, viewer;
    QVERIFY(holdLock(db, QStringLiteral("identidad_purga"), QStringLiteral("holder"), holder));
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("waiting-job"), waiter));
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("viewer"), viewer));
    QString err;
    // The second session blocks in pg_advisory_lock (sent asynchronously, it waits server-side).
    QVERIFY(test::startWaiting(waiter));
    QTRY_VERIFY_WITH_TIMEOUT(fetch(viewer).waiters.size() == 1, 30000);
    const LockHolders h = fetch(viewer);
    QCOMPARE(h.holder->pid, holder.backendPid());
    const LockSession &w = h.waiters.constFirst();
    QCOMPARE(w.pid, waiter.backendPid());
    QVERIFY(!w.granted);
    QCOMPARE(w.application, QStringLiteral("waiting-job"));
    QCOMPARE(w.state, QStringLiteral("active"));
    QVERIFY(!w.waitStartUtc.isEmpty()); // PostgreSQL 14+
    const QString text = h.describeLines().join(u'\n');
    QVERIFY2(text.contains(QStringLiteral("Waiting for it: pid %1 (waiting-job").arg(w.pid)),
             qPrintable(text));
    const QJsonArray waiters = h.toJson().value(QStringLiteral("waiters")).toArray();
    QCOMPARE(waiters.size(), 1);
    QCOMPARE(waiters.at(0).toObject().value(QStringLiteral("pid")).toInt(), w.pid);

    // Released: the waiter becomes the holder.
    QVERIFY2(holder.execScript(QStringLiteral("SELECT pg_advisory_unlock(731001)"), &err), qPrintable(err));
    test::finishWaiting(waiter);
    const LockHolders after = fetch(viewer);
    QCOMPARE(after.holder->pid, waiter.backendPid());
    QVERIFY(after.waiters.isEmpty());
}

void TestLockHolders::bigKeySplitsIntoClassidAndObjid()
{
    // A key above 32 bits: classid carries the high half, objid the low half.
    test::TestDatabase db(m_sandbox, QStringLiteral("lockbig"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const qint64 big = (qint64(7) << 32) + 731001;
    QVERIFY(db.exec(QStringLiteral("SELECT pg_advisory_lock(%1)").arg(big)));
    PgConnection viewer;
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("viewer"), viewer));
    QVERIFY(fetch(viewer, 300, big).held());
    QVERIFY(!fetch(viewer, 300, kKey).held());
    QVERIFY(!fetch(viewer, 300, 7).held());
    QVERIFY(db.exec(QStringLiteral("SELECT pg_advisory_unlock(%1)").arg(big)));
}

void TestLockHolders::terminateEndsThatPidOnly()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("lockkill"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection holder, bystander, viewer;
    QVERIFY(holdLock(db, QStringLiteral("identidad_purga"), QStringLiteral("purga_job"), holder));
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("bystander"), bystander));
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("viewer"), viewer));
    DbFailure err;
    const int holderPid = holder.backendPid();
    const LockHolders h = fetch(viewer);

    // A stale description (another backend start: the pid was reused) terminates nothing.
    LockSession stale = *h.holder;
    stale.backendStartUtc = QStringLiteral("2000-01-01 00:00:00");
    QVERIFY(!LockHolders::terminate(viewer, kKey, stale, &err));
    QVERIFY2(err.message.contains(QString::number(holderPid)), qPrintable(err.message));
    // Not the holder of this key: nothing either.
    LockSession other = *h.holder;
    other.pid = bystander.backendPid();
    QVERIFY(!LockHolders::terminate(viewer, kKey, other, &err));

    const QString alive = QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = %1");
    QCOMPARE(db.scalar(alive.arg(holderPid)).toInt(), 1);
    QVERIFY2(LockHolders::terminate(viewer, kKey, *h.holder, &err), qPrintable(err.message));
    QTRY_COMPARE_WITH_TIMEOUT(db.scalar(alive.arg(holderPid)).toInt(), 0, 30000);
    QCOMPARE(db.scalar(alive.arg(bystander.backendPid())).toInt(), 1);
    QCOMPARE(db.scalar(alive.arg(viewer.backendPid())).toInt(), 1);
    QVERIFY(!fetch(viewer).held());
}

QTEST_GUILESS_MAIN(TestLockHolders)
#include "tst_lockholders.moc"
