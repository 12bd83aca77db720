// TLS by default, through the real purga-sesiones-cli: a profile saved without --sslmode
// for a remote host never gives its password to a server that declines TLS (a fake one, in
// tests/fakes/fake-pg-notls.py), and status tells whether TLS is in use, with which sslmode, on
// which host of a multi-host list, and warns (human and JSON) when the sslmode is weak. A
// connection string without sslmode towards a remote name gets verify-full and says so; the
// failure diagnosis never sends a password again.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>
#include <QTest>
#include <QUuid>

using namespace purga;
using namespace purga::test;

namespace {

// The impostor: a Python 3 stdlib server speaking the startup protocol (started per test).
class FakeServer
{
public:
    explicit FakeServer(const QString &logPath)
        : m_log(logPath)
    {
        m_process.setProgram(QStringLiteral("python3"));
        m_process.setArguments(
            {qEnvironmentVariable("PURGA_SOURCE_DIR") + QStringLiteral("/tests/fakes/fake-pg-notls.py"),
             logPath});
        m_process.start();
        if (m_process.waitForStarted(10000) && m_process.waitForReadyRead(10000))
            m_port = m_process.readLine().trimmed().toInt();
    }
    ~FakeServer()
    {
        m_process.closeWriteChannel(); // it stops when its stdin closes
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished(5000);
    }
    int port() const { return m_port; }
    QString why() { return QString::fromUtf8(m_process.readAllStandardError()) + m_process.errorString(); }
    QStringList events() const
    {
        QFile f(m_log);
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(f.readAll()).split(u'\n', Qt::SkipEmptyParts);
    }
    bool receivedPassword() const { return passwordsReceived() > 0; }
    qsizetype passwordsReceived() const
    {
        const QStringList e = events();
        return std::count_if(e.cbegin(), e.cend(),
                             [](const QString &l) { return l.startsWith(u"password "); });
    }

private:
    QString m_log;
    QProcess m_process;
    int m_port = 0;
};

} // namespace

class TestCliTls : public CliTestCase
{
    Q_OBJECT

private:
    CliResult run(const QStringList &args, const QProcessEnvironment &extra = {}, const QByteArray &in = {})
    {
        QProcessEnvironment env = cliEnvironment(m_home.path());
        for (const QString &k : extra.keys())
            env.insert(k, extra.value(k));
        return runWithStdin(m_cli, args, env, in, m_home.path());
    }

    QString savedSslMode(const QString &profile) const
    {
        QSettings s(m_home.path() + QStringLiteral("/config/purga-sesiones/purga-sesiones.conf"),
                    QSettings::IniFormat);
        return s.value(QStringLiteral("profiles/%1/sslMode").arg(profile)).toString();
    }

    static QString uniqueName(const char *prefix)
    {
        return QString::fromUtf8(prefix) + u'-' + QUuid::createUuid().toString(QUuid::Id128).left(8);
    }

    QJsonObject statusJson(const QString &conninfo, CliResult *r)
    {
        *r = run({QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--estimates"),
                  QStringLiteral("--conninfo"), conninfo},
                 [this] {
                     QProcessEnvironment e;
                     e.insert(QStringLiteral("PGPASSWORD"), m_sandbox.purgaPassword);
                     return e;
                 }());
        QString why;
        return r->json(&why);
    }

    static QJsonObject check(const QJsonObject &status, const QString &id)
    {
        const QJsonArray checks = status.value(u"preflight").toObject().value(u"checks").toArray();
        for (const QJsonValue &c : checks)
            if (c.toObject().value(u"id").toString() == id)
                return c.toObject();
        return {};
    }

private slots:
    void newProfileDefaultsToVerifyFullExceptOnLoopback()
    {
        const CliResult remote =
            run(sl({"profile-save", "remote", "--host", "db.example.com", "--user", "u"}));
        QVERIFY2(remote.exitCode == 0, qPrintable(remote.summary()));
        QCOMPARE(savedSslMode(QStringLiteral("remote")), QStringLiteral("verify-full"));
        QVERIFY2(remote.errText().contains(QStringLiteral("system CA bundle")), qPrintable(remote.summary()));
        for (const char *host : {"localhost", "127.0.0.1", "::1", "/var/run/postgresql"}) {
            const CliResult local = run({QStringLiteral("profile-save"), QStringLiteral("local"),
                                         QStringLiteral("--host"), QString::fromUtf8(host)});
            QVERIFY2(local.exitCode == 0, qPrintable(local.summary()));
            QCOMPARE(savedSslMode(QStringLiteral("local")), QStringLiteral("prefer"));
            QVERIFY(run(sl({"profile-save", "local", "--host", "db.example.com"})).exitCode == 0);
            // A saved profile keeps its sslmode when edited, and is told about the risk.
            QCOMPARE(savedSslMode(QStringLiteral("local")), QStringLiteral("prefer"));
            QVERIFY(run(sl({"profile-save", "local", "--host", "db.example.com"}))
                        .errText()
                        .contains(QStringLiteral("the password may be sent to an impostor")));
            QSettings(m_home.path() + QStringLiteral("/config/purga-sesiones/purga-sesiones.conf"),
                      QSettings::IniFormat)
                .remove(QStringLiteral("profiles/local"));
        }
        const CliResult explicitMode =
            run(sl({"profile-save", "chosen", "--host", "db.example.com", "--sslmode", "require"}));
        QVERIFY2(explicitMode.exitCode == 0, qPrintable(explicitMode.summary()));
        QCOMPARE(savedSslMode(QStringLiteral("chosen")), QStringLiteral("require"));
    }

    // "A fake server that declines TLS and asks for a clear-text password received the
    // maintenance role's real password". The profile names a remote host; PGHOSTADDR sends libpq
    // to the fake server on 127.0.0.1 without resolving the name, as a spoofed DNS answer would.
    void impostorDecliningTlsNeverGetsThePassword()
    {
        PURGA_REQUIRE_KEYRING();
        FakeServer fake(m_home.filePath(QStringLiteral("impostor.log")));
        QVERIFY2(fake.port() > 0, qPrintable(fake.why()));
        const QString profile = uniqueName("impostor");
        const QString port = QString::number(fake.port());
        const CliResult saved = run({QStringLiteral("profile-save"), profile, QStringLiteral("--host"),
                                     QStringLiteral("db.example.com"), QStringLiteral("--port"), port,
                                     QStringLiteral("--dbname"), QStringLiteral("core")});
        QVERIFY2(saved.exitCode == 0, qPrintable(saved.summary()));
        QCOMPARE(savedSslMode(profile), QStringLiteral("verify-full"));
        const QByteArray secret =
            "Real-Maintenance-Pw-" + QUuid::createUuid().toByteArray(QUuid::Id128).left(8);
        QVERIFY(run({QStringLiteral("password-store"), profile}, {}, secret + '\n').exitCode == 0);

        QProcessEnvironment toFake;
        toFake.insert(QStringLiteral("PGHOSTADDR"), QStringLiteral("127.0.0.1"));
        for (const bool json : {false, true}) {
            QStringList args{QStringLiteral("status"), QStringLiteral("--profile"), profile};
            if (json)
                args << QStringLiteral("--json");
            const CliResult r = run(args, toFake);
            QVERIFY2(r.finished && r.exitCode == 3, qPrintable(r.summary()));
            QVERIFY2(r.errText().contains(QStringLiteral("does not offer TLS")) &&
                         r.errText().contains(QStringLiteral("password was not sent")),
                     qPrintable(r.summary()));
            QVERIFY2(!r.errText().contains(QString::fromUtf8(secret)), qPrintable(r.summary()));
        }
        const QStringList events = fake.events();
        QVERIFY2(events.contains(QStringLiteral("ssl_request")), qPrintable(events.join(u'\n')));
        QVERIFY2(!fake.receivedPassword(), qPrintable(events.join(u'\n')));

        // The same impostor with the old default (prefer) does get it: the fake server is real.
        QVERIFY(run({QStringLiteral("profile-save"), profile, QStringLiteral("--sslmode"),
                     QStringLiteral("prefer")})
                    .exitCode == 0);
        const CliResult weak = run({QStringLiteral("status"), QStringLiteral("--profile"), profile}, toFake);
        QVERIFY2(weak.exitCode == 3, qPrintable(weak.summary()));
        QVERIFY2(fake.events().contains(QStringLiteral("password ") + QString::fromUtf8(secret)),
                 qPrintable(fake.events().join(u'\n')));
        run({QStringLiteral("password-forget"), profile});
    }

    // "A connection string without sslmode to a non-loopback host used libpq's prefer and sent the
    // cleartext password to an impostor, twice, then said wrong password." host= is the name the
    // client believes it talks to, hostaddr= where libpq really connects (the impostor on
    // 127.0.0.1), as a spoofed DNS answer or a hijacked address would have it.
    void conninfoWithoutSslmodeGetsVerifyFullTowardsARemoteName()
    {
        FakeServer fake(m_home.filePath(QStringLiteral("impostor-conninfo.log")));
        QVERIFY2(fake.port() > 0, qPrintable(fake.why()));
        const QString secret =
            QStringLiteral("Conninfo-Pw-") + QUuid::createUuid().toString(QUuid::Id128).left(8);
        QProcessEnvironment pw;
        pw.insert(QStringLiteral("PGPASSWORD"), secret);
        const QStringList strings{
            QStringLiteral(
                "host=impostor.example hostaddr=127.0.0.1 port=%1 dbname=core user=identidad_purga "
                "connect_timeout=5")
                .arg(fake.port()),
            QStringLiteral("postgresql://identidad_purga@impostor.example:%1/core?hostaddr=127.0.0.1&"
                           "connect_timeout=5")
                .arg(fake.port())};
        for (const QString &conninfo : strings) {
            const CliResult r = run({QStringLiteral("status"), QStringLiteral("--conninfo"), conninfo}, pw);
            QVERIFY2(r.finished && r.exitCode == 3, qPrintable(r.summary()));
            QVERIFY2(
                r.errText().contains(QStringLiteral("names no sslmode and impostor.example is not a "
                                                    "loopback host: connecting with sslmode=verify-full")),
                qPrintable(r.summary()));
            QVERIFY2(r.errText().contains(QStringLiteral("does not offer TLS")) &&
                         r.errText().contains(QStringLiteral("password was not sent")),
                     qPrintable(r.summary()));
            QVERIFY2(!r.errText().contains(QStringLiteral("Wrong password")), qPrintable(r.summary()));
        }
        QVERIFY2(fake.events().contains(QStringLiteral("ssl_request")),
                 qPrintable(fake.events().join(u'\n')));
        QCOMPARE(fake.passwordsReceived(), 0);
    }

    // With a weak sslmode written in the string the DBA's choice stands, so the impostor gets the
    // password once (the connection itself); the failure diagnosis never sends it again, and the
    // message names the TLS downgrade as the likely cause instead of "wrong password".
    // PGSSLMODE, not the string, asks for TLS (psql's way, -h/-p/-d/-U): the diagnosis names that
    // sslmode and where it came from, as it does for one written in the string.
    void sslmodeFromPgsslmodeIsNamedByTheDiagnosis()
    {
        FakeServer fake(m_home.filePath(QStringLiteral("impostor-pgsslmode.log")));
        QVERIFY2(fake.port() > 0, qPrintable(fake.why()));
        QProcessEnvironment env;
        env.insert(QStringLiteral("PGSSLMODE"), QStringLiteral("require"));
        env.insert(QStringLiteral("PGPASSWORD"), QStringLiteral("Pgsslmode-Pw-1"));
        const QStringList ways[] = {{QStringLiteral("--conninfo"),
                                     QStringLiteral("host=127.0.0.1 port=%1 dbname=core user=identidad_purga "
                                                    "connect_timeout=5")
                                         .arg(fake.port())},
                                    {QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
                                     QString::number(fake.port()), QStringLiteral("-d"),
                                     QStringLiteral("core"), QStringLiteral("-U"),
                                     QStringLiteral("identidad_purga")}};
        for (const QStringList &way : ways) {
            const CliResult r = run(QStringList{QStringLiteral("status")} + way, env);
            QVERIFY2(r.finished && r.exitCode == 3, qPrintable(r.summary()));
            QVERIFY2(r.errText().contains(
                         QStringLiteral("does not offer TLS and sslmode=require (set by PGSSLMODE) "
                                        "requires it")),
                     qPrintable(r.summary()));
        }
        QCOMPARE(fake.passwordsReceived(), 0);
    }

    void weakSslmodeIsKeptButTheDiagnosisNeverResendsThePassword()
    {
        FakeServer fake(m_home.filePath(QStringLiteral("impostor-prefer.log")));
        QVERIFY2(fake.port() > 0, qPrintable(fake.why()));
        QProcessEnvironment pw;
        pw.insert(QStringLiteral("PGPASSWORD"), QStringLiteral("Prefer-Pw-1"));
        const QString conninfo =
            QStringLiteral("host=impostor.example hostaddr=127.0.0.1 port=%1 dbname=core "
                           "user=identidad_purga sslmode=prefer connect_timeout=5")
                .arg(fake.port());
        const CliResult r = run({QStringLiteral("status"), QStringLiteral("--conninfo"), conninfo}, pw);
        QVERIFY2(r.finished && r.exitCode == 3, qPrintable(r.summary()));
        QVERIFY2(!r.errText().contains(QStringLiteral("names no sslmode")), qPrintable(r.summary()));
        QVERIFY2(r.errText().contains(QStringLiteral("did not use TLS (sslmode=prefer")) &&
                     r.errText().contains(QStringLiteral("likely cause is that downgrade")) &&
                     r.errText().contains(QStringLiteral("sent in clear text")),
                 qPrintable(r.summary()));
        QVERIFY2(!r.errText().contains(QStringLiteral("Wrong password")), qPrintable(r.summary()));
        QCOMPARE(fake.passwordsReceived(), 1);
        QVERIFY(fake.events().contains(QStringLiteral("password Prefer-Pw-1")));

        // JSON: the same failure, by kind (stderr keeps the message).
        const CliResult j = run(
            {QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--conninfo"), conninfo}, pw);
        QVERIFY2(j.exitCode == 3, qPrintable(j.summary()));
        QCOMPARE(fake.passwordsReceived(), 2); // one per run, never two in one
    }

    // An explicit sslmode=disable towards a name that is not loopback keeps working against the real
    // server, and so does a loopback string without sslmode (libpq's prefer): neither gets the note.
    void explicitSslmodeAndLoopbackKeepTodaysBehaviour()
    {
        CliResult r;
        const QJsonObject named =
            statusJson(QStringLiteral("host=db.example.com hostaddr=127.0.0.1 port=%1 "
                                      "dbname=core user=identidad_purga sslmode=disable")
                           .arg(m_sandbox.port),
                       &r);
        QVERIFY2(r.exitCode == 0 && !named.isEmpty(), qPrintable(r.summary()));
        QVERIFY2(!r.errText().contains(QStringLiteral("names no sslmode")), qPrintable(r.summary()));
        QCOMPARE(named.value(u"connection").toObject().value(u"tls").toObject().value(u"sslmode").toString(),
                 QStringLiteral("disable"));
        const QJsonObject local = statusJson(
            QStringLiteral("host=127.0.0.1 port=%1 dbname=core user=identidad_purga").arg(m_sandbox.port),
            &r);
        QVERIFY2(r.exitCode == 0 && !local.isEmpty(), qPrintable(r.summary()));
        QVERIFY2(!r.errText().contains(QStringLiteral("names no sslmode")), qPrintable(r.summary()));
        QCOMPARE(local.value(u"connection").toObject().value(u"tls").toObject().value(u"sslmode").toString(),
                 QStringLiteral("prefer"));
    }

    // TLS in use, the sslmode, and the host libpq chose from a multi-host list (the first one
    // refuses connections: nothing listens on port 1).
    void statusSaysTlsAndTheChosenHost()
    {
        QVERIFY(!m_sandbox.caFile.isEmpty());
        const QString conninfo =
            QStringLiteral("host=127.0.0.1,localhost port=1,%1 dbname=core_tls user=identidad_purga "
                           "sslmode=verify-full sslrootcert=%2 connect_timeout=5")
                .arg(m_sandbox.port)
                .arg(m_sandbox.caFile);
        CliResult r;
        const QJsonObject status = statusJson(conninfo, &r);
        QVERIFY2(!status.isEmpty(), qPrintable(r.summary()));
        const QJsonObject connection = status.value(u"connection").toObject();
        QCOMPARE(connection.value(u"host").toString(), QStringLiteral("localhost"));
        QCOMPARE(connection.value(u"port").toInt(), m_sandbox.port);
        const QJsonObject tls = connection.value(u"tls").toObject();
        QVERIFY2(tls.value(u"in_use").toBool(), qPrintable(r.summary()));
        QVERIFY(tls.value(u"protocol").toString().startsWith(QStringLiteral("TLSv")));
        QCOMPARE(tls.value(u"sslmode").toString(), QStringLiteral("verify-full"));
        QCOMPARE(tls.value(u"password_at_risk").toBool(), false);
        QCOMPARE(check(status, QStringLiteral("tls")).value(u"status").toString(), QStringLiteral("ok"));

        const CliResult human = run(
            {QStringLiteral("status"), QStringLiteral("--estimates"), QStringLiteral("--conninfo"), conninfo},
            [this] {
                QProcessEnvironment e;
                e.insert(QStringLiteral("PGPASSWORD"), m_sandbox.purgaPassword);
                return e;
            }());
        const QString out = QString::fromUtf8(human.out);
        QVERIFY2(out.contains(QStringLiteral("Connected to localhost:%1 over TLS (TLSv").arg(m_sandbox.port)),
                 qPrintable(human.summary()));
    }

    // A weak sslmode towards a name that is not loopback is amber, in JSON and in the text.
    void weakSslModeOnARemoteNameIsAWarning()
    {
        const QString conninfo = QStringLiteral("host=db.example.com hostaddr=127.0.0.1 port=%1 dbname=core "
                                                "user=identidad_purga sslmode=prefer connect_timeout=5")
                                     .arg(m_sandbox.port);
        CliResult r;
        const QJsonObject status = statusJson(conninfo, &r);
        QVERIFY2(!status.isEmpty(), qPrintable(r.summary()));
        const QJsonObject tls = status.value(u"connection").toObject().value(u"tls").toObject();
        QCOMPARE(tls.value(u"password_at_risk").toBool(), true);
        const QJsonObject item = check(status, QStringLiteral("tls"));
        QCOMPARE(item.value(u"status").toString(), QStringLiteral("warning"));
        QVERIFY2(item.value(u"title").toString().contains(
                     QStringLiteral("the password may be sent to an impostor")),
                 qPrintable(r.summary()));

        // Loopback with sslmode=disable (every other test's setting) stays quiet.
        const QJsonObject local = statusJson(
            QStringLiteral("host=127.0.0.1 port=%1 dbname=core user=identidad_purga sslmode=disable")
                .arg(m_sandbox.port),
            &r);
        QCOMPARE(check(local, QStringLiteral("tls")).value(u"status").toString(), QStringLiteral("ok"));
        QCOMPARE(local.value(u"connection").toObject().value(u"tls").toObject().value(u"in_use").toBool(),
                 false);
    }
};

QTEST_GUILESS_MAIN(TestCliTls)
#include "tst_cli_tls.moc"
