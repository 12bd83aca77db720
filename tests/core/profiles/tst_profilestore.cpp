#include "core/profiles/profilestore.h"
#include "core/security/passwordstore.h"
#include "support/keyringsandbox.h"

#include <QFile>
#include <QScopeGuard>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace purga;
using namespace Qt::StringLiterals;

namespace {

ConnectionProfile sampleProfile(const QString &name)
{
    ConnectionProfile p;
    p.name = name;
    p.host = QStringLiteral("db.example.org");
    p.port = 6543;
    p.database = QStringLiteral("identidad");
    p.user = QStringLiteral("dba");
    p.sslMode = QStringLiteral("require");
    p.connectTimeoutSec = 12;
    p.applicationName = QStringLiteral("purga-test");
    p.passwordSource = PasswordSource::Keychain;
    p.ruleOverrides.insert(QStringLiteral("retention_days"), QStringLiteral("30"));
    p.ruleOverrides.insert(QStringLiteral("batch_size"), QStringLiteral("5000"));
    p.ruleOverrides.insert(QStringLiteral("refresh_tokens/batch_size"),
                           QStringLiteral("750")); // as Rules::toSettings writes
    return p;
}

void writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

// Restores one environment variable when it goes out of scope.
class EnvGuard
{
public:
    explicit EnvGuard(const char *name)
        : m_name(name)
        , m_set(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name))
    {
    }
    ~EnvGuard()
    {
        if (m_set)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }

private:
    const char *m_name;
    bool m_set;
    QByteArray m_old;
};

} // namespace

class TestProfileStore : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip()
    {
        test::TempSettings temp;
        QVERIFY(temp.isValid());
        ConnectionProfile a = sampleProfile(QStringLiteral("producción año"));
        ConnectionProfile b = sampleProfile(QStringLiteral("staging"));
        b.service = QString();
        b.conninfo = QStringLiteral("host=10.0.0.5 port=5433 dbname=core user=ro");
        b.passwordSource = PasswordSource::Libpq;
        b.ruleOverrides.clear();
        b.assumeSessionPooler = true;
        {
            ProfileStore store;
            QVERIFY2(store.fileName().startsWith(temp.path()), qPrintable(store.fileName()));
            QString error;
            QVERIFY2(store.save(a, &error), qPrintable(error));
            QVERIFY2(store.save(b, &error), qPrintable(error));
        }
        ProfileStore store; // a fresh instance reads from disk
        QCOMPARE(store.names(), QStringList({QStringLiteral("producción año"), QStringLiteral("staging")}));
        const std::optional<ConnectionProfile> la = store.load(a.name);
        QVERIFY(la.has_value());
        QCOMPARE(la->name, a.name);
        QCOMPARE(la->host, a.host);
        QCOMPARE(la->port, a.port);
        QCOMPARE(la->database, a.database);
        QCOMPARE(la->user, a.user);
        QCOMPARE(la->sslMode, a.sslMode);
        QCOMPARE(la->sslRootCert, a.sslRootCert);
        QCOMPARE(la->connectTimeoutSec, a.connectTimeoutSec);
        QCOMPARE(la->applicationName, a.applicationName);
        QCOMPARE(la->passwordSource, PasswordSource::Keychain);
        QCOMPARE(la->ruleOverrides, a.ruleOverrides);
        const std::optional<ConnectionProfile> lb = store.load(b.name);
        QVERIFY(lb.has_value());
        QCOMPARE(lb->conninfo, b.conninfo);
        QCOMPARE(lb->passwordSource, PasswordSource::Libpq);
        QVERIFY(lb->ruleOverrides.isEmpty());
        QVERIFY(lb->assumeSessionPooler);
        QVERIFY(!la->assumeSessionPooler); // unset by default: a pooler is refused until asserted

        QVERIFY(!store.load(QStringLiteral("nope")).has_value());
        QVERIFY(store.remove(a.name));
        QVERIFY(!store.remove(a.name));
        QCOMPARE(store.names(), QStringList({QStringLiteral("staging")}));
    }

    void replaceDropsStaleKeys()
    {
        test::TempSettings temp;
        ProfileStore store;
        ConnectionProfile p = sampleProfile(QStringLiteral("p"));
        QVERIFY(store.save(p));
        p.ruleOverrides.remove(QStringLiteral("batch_size"));
        p.port = 5432;
        QVERIFY(store.save(p));
        const auto loaded = store.load(QStringLiteral("p"));
        QVERIFY(loaded.has_value());
        QCOMPARE(loaded->port, 5432);
        QCOMPARE(loaded->ruleOverrides.keys(), QStringList({QStringLiteral("refresh_tokens/batch_size"),
                                                            QStringLiteral("retention_days")}));
    }

    void passwordNeverReachesDisk()
    {
        test::TempSettings temp;
        PURGA_REQUIRE_KEYRING();
        const QString canary = QStringLiteral("canary-") + QUuid::createUuid().toString(QUuid::Id128);
        const QString name = QStringLiteral("tst-disk-") + QUuid::createUuid().toString(QUuid::Id128).left(8);
        {
            ProfileStore store;
            QString error;
            QVERIFY2(store.save(sampleProfile(name), &error), qPrintable(error));
            QVERIFY(QFile::exists(store.fileName()));
        }
        PasswordStore passwords;
        PasswordResult r = passwords.writeSync(name, canary);
        QVERIFY2(r.ok, qPrintable(r.message + u' ' + r.detail));
        QCOMPARE(passwords.readSync(name).password, canary); // it is somewhere: in the keychain
        {
            // Where QtKeychain's insecure fallback would have written it: must not exist.
            QSettings fallback(PasswordStore::serviceName());
            QVERIFY(fallback.fileName().startsWith(temp.path()));
            QVERIFY(!QFile::exists(fallback.fileName()));
        }
        const QStringList files = temp.files();
        QVERIFY2(!files.isEmpty(), "the profile was not written under the temporary settings dir");
        QVERIFY2(temp.filesContaining(canary).isEmpty(), qPrintable(temp.filesContaining(canary).join(u' ')));
        // The sandbox keyring file holds it encrypted only.
        const QString keyringHome = test::keyringSandboxHome();
        if (!keyringHome.isEmpty())
            QVERIFY(test::filesContaining(keyringHome, canary).isEmpty());
        QVERIFY(passwords.removeSync(name).ok);
    }

    void validation_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected"); // substring of the message; empty: valid
        QTest::newRow("valid") << QString() << QString() << QString();
        QTest::newRow("empty name") << u"name"_s << u""_s << u"needs a name"_s;
        QTest::newRow("blank name") << u"name"_s << u"   "_s << u"needs a name"_s;
        QTest::newRow("slash") << u"name"_s << u"a/b"_s << u"cannot contain"_s;
        QTest::newRow("backslash") << u"name"_s << u"a\\b"_s << u"cannot contain"_s;
        QTest::newRow("port 0") << u"port"_s << u"0"_s << u"between 1 and 65535"_s;
        QTest::newRow("port 65536") << u"port"_s << u"65536"_s << u"between 1 and 65535"_s;
        QTest::newRow("port 65535") << u"port"_s << u"65535"_s << u""_s;
        QTest::newRow("sslmode") << u"sslMode"_s << u"bogus"_s << u"Unknown SSL mode"_s;
        // Without a root certificate of its own, verify-full trusts the system CA bundle...
        QTest::newRow("verify-full no cert, system bundle") << u"sslMode"_s << u"verify-full"_s << u""_s;
        // ...and needs one when the system has none ($SSL_CERT_FILE naming nothing, as OpenSSL reads it).
        QTest::newRow("verify-full no cert, no bundle")
            << u"noBundle"_s << u"verify-full"_s << u"needs the root certificate"_s;
        QTest::newRow("verify-ca missing cert")
            << u"cert"_s << u"/nonexistent/root.crt"_s << u"does not exist"_s;
        QTest::newRow("verify-ca cert") << u"cert"_s << u"EXISTING"_s << u""_s;
        QTest::newRow("timeout 0") << u"timeout"_s << u"0"_s << u"between 1 and 120"_s;
        QTest::newRow("timeout 121") << u"timeout"_s << u"121"_s << u"between 1 and 120"_s;
        QTest::newRow("timeout 120") << u"timeout"_s << u"120"_s << u""_s;
        QTest::newRow("conninfo password")
            << u"conninfo"_s << u"host=h password=hunter2"_s << u"contains a password"_s;
        QTest::newRow("uri password")
            << u"conninfo"_s << u"postgresql://u:hunter2@h/db"_s << u"contains a password"_s;
        QTest::newRow("bad conninfo") << u"conninfo"_s << u"host=h bogus_keyword=1"_s << u"not valid"_s;
        QTest::newRow("good conninfo") << u"conninfo"_s << u"postgresql://u@h:5433/db"_s << u""_s;
        QTest::newRow("unknown service") << u"service"_s << u"no-such-service-xyz"_s << u"is not defined"_s;
    }

    void validation()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        test::TempSettings temp;
        QTemporaryDir dir;
        ConnectionProfile p = sampleProfile(QStringLiteral("v"));
        if (field == QLatin1String("name"))
            p.name = value;
        else if (field == QLatin1String("port"))
            p.port = value.toInt();
        else if (field == QLatin1String("sslMode"))
            p.sslMode = value;
        else if (field == QLatin1String("noBundle"))
            p.sslMode = value;
        else if (field == QLatin1String("timeout"))
            p.connectTimeoutSec = value.toInt();
        else if (field == QLatin1String("conninfo"))
            p.conninfo = value;
        else if (field == QLatin1String("service"))
            p.service = value;
        else if (field == QLatin1String("cert")) {
            p.sslMode = QStringLiteral("verify-ca");
            p.sslRootCert = value;
            if (value == QLatin1String("EXISTING")) {
                p.sslRootCert = dir.filePath(QStringLiteral("root.crt"));
                writeFile(p.sslRootCert, "-----BEGIN CERTIFICATE-----\n");
            }
        }
        const QByteArray certFileBefore = qgetenv("SSL_CERT_FILE");
        const bool hadCertFile = qEnvironmentVariableIsSet("SSL_CERT_FILE");
        if (field == QLatin1String("noBundle"))
            qputenv("SSL_CERT_FILE", "/nonexistent/ca-bundle.crt");
        const auto restore = qScopeGuard([&] {
            if (hadCertFile)
                qputenv("SSL_CERT_FILE", certFileBefore);
            else
                qunsetenv("SSL_CERT_FILE");
        });
        const QStringList problems = validateProfile(p);
        if (expected.isEmpty()) {
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
            return;
        }
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().contains(expected), qPrintable(problems.first()));
        QVERIFY(!problems.first().contains(QLatin1String("hunter2")));
        ProfileStore store;
        QString error;
        QVERIFY(!store.save(p, &error));
        QCOMPARE(error, problems.first());
        QVERIFY(store.names().isEmpty());
    }

    void servicesFromFiles()
    {
        test::TempSettings temp; // HOME points inside it
        EnvGuard g1("PGSERVICEFILE"), g2("PGSYSCONFDIR");
        QTemporaryDir dir;
        const QString userFile = dir.filePath(QStringLiteral("services.conf"));
        writeFile(userFile, "# DBA services\n[produccion]\nhost=pg1.example.org\nport=6432\ndbname=core\n"
                            "user=identidad_purga\n\n  [staging]  \nhost = pg2\n# [commented]\n");
        QDir().mkpath(dir.filePath(QStringLiteral("sys")));
        writeFile(dir.filePath(QStringLiteral("sys/pg_service.conf")),
                  "[shared]\nhost=pg3\n[produccion]\nhost=x\n");
        qputenv("PGSERVICEFILE", userFile.toUtf8());
        qputenv("PGSYSCONFDIR", dir.filePath(QStringLiteral("sys")).toUtf8());

        QCOMPARE(libpqServices(), QStringList({QStringLiteral("produccion"), QStringLiteral("shared"),
                                               QStringLiteral("staging")}));
        const ConnectionProfile p = profileFromService(QStringLiteral("produccion"));
        QCOMPARE(p.name, QStringLiteral("produccion"));
        QCOMPARE(p.service, QStringLiteral("produccion"));
        QCOMPARE(p.passwordSource, PasswordSource::Libpq);
        QCOMPARE(p.host, QStringLiteral("pg1.example.org")); // the user file wins, as in libpq
        QCOMPARE(p.port, 6432);
        QVERIFY2(validateProfile(p).isEmpty(), qPrintable(validateProfile(p).join(u'\n')));
        QCOMPARE(profileFromService(QStringLiteral("staging")).host, QStringLiteral("pg2"));

        // Without PGSERVICEFILE, libpq reads ~/.pg_service.conf.
        qunsetenv("PGSERVICEFILE");
        writeFile(temp.homePath() + QStringLiteral("/.pg_service.conf"), "[from_home]\nhost=h\n");
        QCOMPARE(libpqServices(), QStringList({QStringLiteral("from_home"), QStringLiteral("produccion"),
                                               QStringLiteral("shared")}));
    }
};

QTEST_GUILESS_MAIN(TestProfileStore)
#include "tst_profilestore.moc"
