#include "core/pg/pgconnection.h"
#include "support/pgsandbox.h"

#include <QElapsedTimer>
#include <QSqlQuery>
#include <QTest>

#include <thread>

using namespace purga;

class TestPgConnection : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void connectsAsMaintenanceRole()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("conn"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        PgConnection c;
        DbFailure err;
        QVERIFY2(c.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err),
                 qPrintable(err.message + err.detail));
        QVERIFY(c.handle() != nullptr);
        QVERIFY(c.backendPid() > 0);
        QSqlQuery q(c.database());
        QVERIFY(q.exec(QStringLiteral("SELECT current_user, current_setting('application_name')")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("identidad_purga"));
        QCOMPARE(q.value(1).toString(), QStringLiteral("purga-sesiones"));
    }

    void wrongPasswordIsNamed()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("conn"));
        PgConnection c;
        DbFailure err;
        QVERIFY(!c.open(db.profile(), QStringLiteral("not-the-password"), &err));
        QCOMPARE(err.kind, DbFailure::Kind::WrongPassword);
        QVERIFY(!err.detail.contains(QLatin1String("not-the-password")));
    }

    void missingPasswordIsNamed()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("conn"));
        qunsetenv("PGPASSWORD");
        qputenv("PGPASSFILE", "/nonexistent/pgpass");
        PgConnection c;
        DbFailure err;
        QVERIFY(!c.open(db.profile(), QString(), &err));
        QCOMPARE(err.kind, DbFailure::Kind::PasswordMissing);
    }

    void closedPortIsUnreachable()
    {
        ConnectionProfile p;
        p.host = QStringLiteral("127.0.0.1");
        p.port = 1; // nothing listens on port 1
        p.sslMode = QStringLiteral("disable");
        PgConnection c;
        DbFailure err;
        QVERIFY(!c.open(p, QStringLiteral("x"), &err));
        QCOMPARE(err.kind, DbFailure::Kind::Unreachable);
        QVERIFY(!err.message.isEmpty());
    }

    void missingDatabaseIsNamed()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("conn"));
        ConnectionProfile p = db.profile();
        p.database = QStringLiteral("no_such_db");
        PgConnection c;
        DbFailure err;
        QVERIFY(!c.open(p, db.passwordFor(QStringLiteral("identidad_purga")), &err));
        QCOMPARE(err.kind, DbFailure::Kind::DatabaseMissing);
    }

    void conninfoWithPgpassword()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("conn"));
        ConnectionProfile p;
        p.conninfo = QStringLiteral("host=%1 port=%2 dbname=%3 user=identidad_purga sslmode=disable")
                         .arg(m_sandbox.host)
                         .arg(m_sandbox.port)
                         .arg(db.name());
        qputenv("PGPASSWORD", m_sandbox.purgaPassword.toUtf8());
        PgConnection c;
        DbFailure err;
        const bool ok = c.open(p, QString(), &err);
        qunsetenv("PGPASSWORD");
        QVERIFY2(ok, qPrintable(err.message + err.detail));
    }

    void cancelInterruptsStatement()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("conn"));
        PgConnection c;
        DbFailure err;
        QVERIFY(c.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err));
        QueryCanceller canceller;
        canceller.arm(c.handle());
        QElapsedTimer t;
        t.start();
        std::thread killer([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            canceller.cancel();
        });
        QSqlQuery q(c.database());
        QVERIFY(!q.exec(QStringLiteral("SELECT pg_sleep(30)")));
        killer.join();
        QVERIFY(isQueryCanceled(q));
        QVERIFY(canceller.isCancelled());
        QVERIFY(t.elapsed() < 5000);
        canceller.disarm();
        QVERIFY(q.exec(QStringLiteral("SELECT 1")));
    }

private:
    test::SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestPgConnection)
#include "tst_pgconnection.moc"
