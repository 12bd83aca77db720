// TLS against the sandbox (ssl=on, a CA of its own, a certificate for "localhost" only, database
// core_tls reachable over TLS only): verify-full connects and says so, and each TLS failure is
// told by its cause (host name, root certificate, sslmode=disable against hostssl).
#include "core/pg/pgconnection.h"
#include "core/pg/tls.h"
#include "core/preflight/preflight.h"
#include "support/pgsandbox.h"

#include <QElapsedTimer>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestTls : public QObject
{
    Q_OBJECT

private:
    SandboxInfo m_sandbox;

    ConnectionProfile profile(const QString &host, const QString &sslMode, const QString &rootCert,
                              const QString &database = QStringLiteral("core_tls")) const
    {
        ConnectionProfile p;
        p.name = QStringLiteral("tls");
        p.host = host;
        p.port = m_sandbox.port;
        p.database = database;
        p.user = QStringLiteral("identidad_purga");
        p.sslMode = sslMode;
        p.sslRootCert = rootCert;
        return p;
    }

    DbFailure failure(const ConnectionProfile &p)
    {
        PgConnection conn;
        DbFailure e;
        if (conn.open(p, m_sandbox.purgaPassword, &e))
            e.message = QStringLiteral("(connected)");
        return e;
    }

private slots:
    void initTestCase()
    {
        PURGA_REQUIRE_SANDBOX(m_sandbox);
        QVERIFY2(QFile::exists(m_sandbox.caFile), qPrintable(m_sandbox.caFile));
    }

    void loopbackIsDecidedFromTheText_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("loopback");
        QTest::newRow("localhost") << QStringLiteral("localhost") << true;
        QTest::newRow("LOCALHOST") << QStringLiteral("LOCALHOST") << true;
        QTest::newRow("127.0.0.1") << QStringLiteral("127.0.0.1") << true;
        QTest::newRow("127.8.9.10") << QStringLiteral("127.8.9.10") << true;
        QTest::newRow("::1") << QStringLiteral("::1") << true;
        QTest::newRow("[::1]") << QStringLiteral("[::1]") << true;
        QTest::newRow("socket") << QStringLiteral("/var/run/postgresql") << true;
        QTest::newRow("abstract socket") << QStringLiteral("@pg") << true;
        QTest::newRow("default socket") << QString() << true;
        QTest::newRow("remote name") << QStringLiteral("db.example.com") << false;
        QTest::newRow("localhost lookalike") << QStringLiteral("localhost.example.com") << false;
        QTest::newRow("private address") << QStringLiteral("10.0.0.5") << false;
        QTest::newRow("128.0.0.1") << QStringLiteral("128.0.0.1") << false;
        QTest::newRow("::2") << QStringLiteral("::2") << false;
    }

    void loopbackIsDecidedFromTheText()
    {
        QFETCH(QString, host);
        QFETCH(bool, loopback);
        QCOMPARE(isLoopbackHost(host), loopback);
        QCOMPARE(defaultSslMode(host), loopback ? QStringLiteral("prefer") : QStringLiteral("verify-full"));
    }

    void aListIsLoopbackOnlyWhenEveryHostIs()
    {
        QVERIFY(isLoopbackHostList(QStringLiteral("localhost,127.0.0.2")));
        QVERIFY(!isLoopbackHostList(QStringLiteral("localhost,db.example.com")));
        QCOMPARE(defaultSslMode(QStringLiteral("localhost,db.example.com")), QStringLiteral("verify-full"));
    }

    // A connection string without sslmode gets verify-full when some host (or hostaddr) is not
    // loopback; an sslmode in the string, PGSSLMODE or a service keeps libpq's reading.
    void conninfoWithoutSslmodeGetsVerifyFullAwayFromLoopback_data()
    {
        QTest::addColumn<QString>("conninfo");
        QTest::addColumn<QString>("host"); // empty: the default does not apply
        QTest::newRow("remote name") << QStringLiteral("host=db.example.com dbname=core")
                                     << QStringLiteral("db.example.com");
        QTest::newRow("name with hostaddr")
            << QStringLiteral("host=db.example.com hostaddr=127.0.0.1") << QStringLiteral("db.example.com");
        QTest::newRow("remote hostaddr")
            << QStringLiteral("host=localhost hostaddr=10.0.0.5") << QStringLiteral("10.0.0.5");
        QTest::newRow("list") << QStringLiteral("host=localhost,db.example.com")
                              << QStringLiteral("db.example.com");
        QTest::newRow("uri") << QStringLiteral("postgresql://u@db.example.com:5433/core")
                             << QStringLiteral("db.example.com");
        QTest::newRow("explicit") << QStringLiteral("host=db.example.com sslmode=disable") << QString();
        QTest::newRow("uri explicit")
            << QStringLiteral("postgresql://db.example.com/core?sslmode=require") << QString();
        QTest::newRow("service") << QStringLiteral("service=prod") << QString();
        QTest::newRow("loopback") << QStringLiteral("host=127.0.0.1 dbname=core") << QString();
        QTest::newRow("localhost") << QStringLiteral("host=localhost") << QString();
        QTest::newRow("socket") << QStringLiteral("host=/var/run/postgresql") << QString();
        QTest::newRow("default socket") << QStringLiteral("dbname=core") << QString();
    }

    void conninfoWithoutSslmodeGetsVerifyFullAwayFromLoopback()
    {
        QFETCH(QString, conninfo);
        QFETCH(QString, host);
        qunsetenv("PGSSLMODE");
        const ConninfoTlsDefault d = conninfoTlsDefault(conninfo);
        QCOMPARE(d.applies, !host.isEmpty());
        QCOMPARE(d.host, host);
        if (d.applies) {
            QCOMPARE(d.sslMode, QStringLiteral("verify-full"));
            QCOMPARE(d.rootCert, systemCaBundle());
            qputenv("PGSSLMODE", "prefer"); // the environment's choice is a choice too
            QVERIFY(!conninfoTlsDefault(conninfo).applies);
            qunsetenv("PGSSLMODE");
        }
    }

    void verifyFullWithTheRootCertificateConnects()
    {
        PgConnection conn;
        DbFailure e;
        QVERIFY2(
            conn.open(profile(QStringLiteral("localhost"), QStringLiteral("verify-full"), m_sandbox.caFile),
                      m_sandbox.purgaPassword, &e),
            qPrintable(e.message + u' ' + e.detail));
        const TlsStatus tls = tlsStatus(conn.handle());
        QVERIFY(tls.known && tls.inUse);
        QVERIFY2(tls.protocol.startsWith(QStringLiteral("TLSv")), qPrintable(tls.protocol));
        QVERIFY(!tls.cipher.isEmpty());
        QCOMPARE(tls.sslMode, QStringLiteral("verify-full"));
        QCOMPARE(tls.host, QStringLiteral("localhost"));
        QVERIFY(!tls.atRisk());

        PreflightReport report;
        DbFailure preflightFailure;
        QVERIFY2(runPreflight(conn, &report, &preflightFailure), qPrintable(preflightFailure.message));
        QVERIFY(report.tls.inUse);
        const auto item = std::find_if(report.items.cbegin(), report.items.cend(),
                                       [](const PreflightItem &i) { return i.id == QLatin1String("tls"); });
        QVERIFY(item != report.items.cend());
        QCOMPARE(item->status, PreflightItem::Status::Ok);
        QVERIFY(report.toJson().value(u"tls").toObject().value(u"in_use").toBool());
    }

    // Over TLS the diagnosis peeks at the server's login request through libpq's TLS session
    // (SSL_peek) and stops there: a wrong password and a missing database are still told apart,
    // and at once, not after the connect timeout.
    void aRefusedLoginOverTlsIsToldWithoutLoggingInAgain()
    {
        ConnectionProfile p =
            profile(QStringLiteral("localhost"), QStringLiteral("verify-full"), m_sandbox.caFile);
        p.connectTimeoutSec = 20;
        QElapsedTimer clock;
        clock.start();
        PgConnection conn;
        DbFailure wrong;
        QVERIFY(!conn.open(p, QStringLiteral("not-the-password"), &wrong));
        QCOMPARE(wrong.kind, DbFailure::Kind::WrongPassword);
        QVERIFY2(!wrong.message.contains(QStringLiteral("TLS")), qPrintable(wrong.message));
        p.database = QStringLiteral("no_such_db_tls");
        DbFailure missing;
        QVERIFY(!conn.open(p, m_sandbox.purgaPassword, &missing));
        QCOMPARE(missing.kind, DbFailure::Kind::DatabaseMissing);
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
    }

    // The certificate names "localhost"; connecting by 127.0.0.1 is a host-name mismatch.
    void hostNameMismatchSaysItIsTheHostName()
    {
        const DbFailure e =
            failure(profile(QStringLiteral("127.0.0.1"), QStringLiteral("verify-full"), m_sandbox.caFile));
        QCOMPARE(e.kind, DbFailure::Kind::Ssl);
        QVERIFY2(e.message.contains(QStringLiteral("does not match the host name \"127.0.0.1\"")),
                 qPrintable(e.message + u' ' + e.detail));
        // verify-ca checks the chain only: the same host name is fine there.
        PgConnection conn;
        DbFailure ca;
        QVERIFY2(
            conn.open(profile(QStringLiteral("127.0.0.1"), QStringLiteral("verify-ca"), m_sandbox.caFile),
                      m_sandbox.purgaPassword, &ca),
            qPrintable(ca.message));
    }

    // The system CA bundle does not know the sandbox's CA.
    void anUnknownCaSaysItIsTheRootCertificate()
    {
        QVERIFY2(!systemCaBundle().isEmpty(), "this machine has no system CA bundle");
        const DbFailure e =
            failure(profile(QStringLiteral("localhost"), QStringLiteral("verify-full"), QString()));
        QCOMPARE(e.kind, DbFailure::Kind::Ssl);
        QVERIFY2(e.message.contains(QStringLiteral("is not signed by %1").arg(systemCaBundle())),
                 qPrintable(e.message + u' ' + e.detail));
    }

    // core_tls is hostssl only: sslmode=disable is refused, and told why.
    void disableAgainstAServerRequiringTlsSaysSo()
    {
        const DbFailure e =
            failure(profile(QStringLiteral("127.0.0.1"), QStringLiteral("disable"), QString()));
        QCOMPARE(e.kind, DbFailure::Kind::Ssl);
        QVERIFY2(e.message.contains(QStringLiteral("requires TLS")) &&
                     e.message.contains(QStringLiteral("use sslmode=require or stronger")),
                 qPrintable(e.message + u' ' + e.detail));
        QCOMPARE(e.sqlState, QStringLiteral("28000"));
        // The same role and sslmode on a database without that rule connects: the rule is the cause.
        PgConnection conn;
        DbFailure ok;
        QVERIFY2(conn.open(profile(QStringLiteral("127.0.0.1"), QStringLiteral("disable"), QString(),
                                   QStringLiteral("core")),
                           m_sandbox.purgaPassword, &ok),
                 qPrintable(ok.message));
        QVERIFY(!tlsStatus(conn.handle()).inUse);
        // With require (no certificate check) TLS is used and core_tls accepts it.
        PgConnection tls;
        QVERIFY2(tls.open(profile(QStringLiteral("127.0.0.1"), QStringLiteral("require"), QString()),
                          m_sandbox.purgaPassword, &ok),
                 qPrintable(ok.message));
        QVERIFY(tlsStatus(tls.handle()).inUse);
    }
};

QTEST_GUILESS_MAIN(TestTls)
#include "tst_tls.moc"
