#include "core/security/passwordstore.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QUuid>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace purga;

namespace {

// Set when this binary re-runs itself to test a broken D-Bus session in a fresh process
// (libsecret and GDBus keep the first session bus they connect to for the life of a process).
const char kChildEnv[] = "PURGA_TST_DEAD_BUS";

bool childMode()
{
    return qEnvironmentVariableIsSet(kChildEnv);
}

// A Unix socket file nobody accepts on: "stale" (closed, connect is refused) or "silent"
// (listening, so connect succeeds, but nobody ever answers the D-Bus handshake).
bool makeSocket(const QString &path, bool listening)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr = {};
    addr.sun_family = AF_UNIX;
    const QByteArray p = path.toUtf8();
    if (fd < 0 || size_t(p.size()) >= sizeof(addr.sun_path))
        return false;
    memcpy(addr.sun_path, p.constData(), size_t(p.size()));
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) != 0)
        return false;
    if (listening)
        return ::listen(fd, 4) == 0; // fd stays open until the process exits
    ::close(fd);
    return true;
}

} // namespace

class TestPasswordStore : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (childMode())
            return; // the parent set up a broken DBUS_SESSION_BUS_ADDRESS on purpose
        PURGA_REQUIRE_KEYRING();
        m_prefix = QStringLiteral("tst-") + QUuid::createUuid().toString(QUuid::Id128).left(8) + u'-';
    }

    void cleanupTestCase()
    {
        if (childMode())
            return;
        PasswordStore store;
        for (const QString &name : std::as_const(m_used))
            store.removeSync(name);
    }

    void saveReadReplaceForget()
    {
        PasswordStore store;
        const QString name = profile(QStringLiteral("main"));
        PasswordResult r = store.readSync(name);
        QVERIFY2(!r.ok && r.notFound && !r.noKeychain, qPrintable(r.message + u' ' + r.detail));

        r = store.writeSync(name, QStringLiteral("first-secret"));
        QVERIFY2(r.ok, qPrintable(r.message + u' ' + r.detail));
        r = store.readSync(name);
        QVERIFY2(r.ok, qPrintable(r.message + u' ' + r.detail));
        QCOMPARE(r.password, QStringLiteral("first-secret"));
        QVERIFY(!r.message.contains(QLatin1String("first-secret")));

        QVERIFY(store.writeSync(name, QStringLiteral("second-secret")).ok);
        QCOMPARE(store.readSync(name).password, QStringLiteral("second-secret"));

        r = store.removeSync(name);
        QVERIFY2(r.ok, qPrintable(r.message));
        r = store.readSync(name);
        QVERIFY(!r.ok);
        QVERIFY(r.notFound);
        QVERIFY(!r.noKeychain);
        QVERIFY(r.password.isEmpty());
        QVERIFY(r.message.contains(name));
        QVERIFY(store.removeSync(name).ok); // forgetting twice is fine
    }

    void profilesAreIsolated()
    {
        PasswordStore store;
        const QString a = profile(QStringLiteral("a")), b = profile(QStringLiteral("b"));
        QVERIFY(store.writeSync(a, QStringLiteral("secret-a")).ok);
        QVERIFY(store.readSync(b).notFound);
        QVERIFY(store.writeSync(b, QStringLiteral("secret-b")).ok);
        QCOMPARE(store.readSync(a).password, QStringLiteral("secret-a"));
        QCOMPARE(store.readSync(b).password, QStringLiteral("secret-b"));
        QVERIFY(store.removeSync(a).ok);
        QVERIFY(store.readSync(a).notFound);
        QCOMPARE(store.readSync(b).password, QStringLiteral("secret-b"));
    }

    void entryIsNamespaced()
    {
        // The item is findable in the Secret Service by the documented service and key.
        PasswordStore store;
        const QString name = profile(QStringLiteral("ns"));
        QVERIFY(store.writeSync(name, QStringLiteral("ns-secret")).ok);
        QProcess p;
        p.start(QStringLiteral("dbus-send"),
                {QStringLiteral("--session"), QStringLiteral("--print-reply"),
                 QStringLiteral("--dest=org.freedesktop.secrets"), QStringLiteral("/org/freedesktop/secrets"),
                 QStringLiteral("org.freedesktop.Secret.Service.SearchItems"),
                 QStringLiteral("dict:string:string:server,%1,user,%2")
                     .arg(PasswordStore::serviceName(), PasswordStore::keyFor(name))});
        if (!p.waitForStarted(5000)) {
            if (test::runningInCi()) // CI installs dbus: there, a missing tool is a failure
                QFAIL("dbus-send is not installed");
            QSKIP("dbus-send is not installed");
        }
        QVERIFY(p.waitForFinished(10000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(out.contains(QLatin1String("/org/freedesktop/secrets/collection/login/")), qPrintable(out));
        QCOMPARE(PasswordStore::keyFor(QStringLiteral("x")), QStringLiteral("profile/x"));
    }

    void specialCharactersSurvive_data()
    {
        QTest::addColumn<QString>("profileSuffix");
        QTest::addColumn<QString>("password");
        QTest::newRow("punctuation") << QStringLiteral("punct")
                                     << QStringLiteral("a'b\"c\\d;e=f%g&h|i$j`k #l");
        QTest::newRow("unicode") << QStringLiteral("perfil año ñandú")
                                 << QStringLiteral("contraseña-€-日本語-𝄞-ü");
        QTest::newRow("spaces") << QStringLiteral("spaces") << QStringLiteral("  padded  ");
        QTest::newRow("newline") << QStringLiteral("newline") << QStringLiteral("line1\nline2\ttab");
        QTest::newRow("long") << QStringLiteral("long") << QString(2000, u'x') + QStringLiteral("end");
    }

    void specialCharactersSurvive()
    {
        QFETCH(QString, profileSuffix);
        QFETCH(QString, password);
        PasswordStore store;
        const QString name = profile(profileSuffix);
        PasswordResult r = store.writeSync(name, password);
        QVERIFY2(r.ok, qPrintable(r.message + u' ' + r.detail));
        r = store.readSync(name);
        QVERIFY2(r.ok, qPrintable(r.message + u' ' + r.detail));
        QCOMPARE(r.password, password);
    }

    void asyncSignals()
    {
        PasswordStore store;
        const QString name = profile(QStringLiteral("async"));
        QSignalSpy written(&store, &PasswordStore::writeFinished);
        QSignalSpy read(&store, &PasswordStore::readFinished);
        QSignalSpy removed(&store, &PasswordStore::removeFinished);
        store.write(name, QStringLiteral("async-secret"));
        QCOMPARE(written.count(), 0); // nothing happens before the event loop runs
        QVERIFY(written.wait(PasswordStore::DefaultTimeoutMs));
        QCOMPARE(written.at(0).at(0).toString(), name);
        QVERIFY(written.at(0).at(1).value<PasswordResult>().ok);
        store.read(name);
        QVERIFY(read.wait(PasswordStore::DefaultTimeoutMs));
        QCOMPARE(read.at(0).at(1).value<PasswordResult>().password, QStringLiteral("async-secret"));
        store.remove(name);
        QVERIFY(removed.wait(PasswordStore::DefaultTimeoutMs));
        QVERIFY(removed.at(0).at(1).value<PasswordResult>().ok);
        QCOMPARE(written.count() + read.count() + removed.count(), 3);
    }

    void refusesBadInput()
    {
        PasswordStore store;
        PasswordResult r = store.writeSync(profile(QStringLiteral("empty")), QString());
        QVERIFY(!r.ok && !r.noKeychain && !r.message.isEmpty());
        r = store.readSync(QString());
        QVERIFY(!r.ok && !r.message.isEmpty());
    }

    void deadBusIsNoKeychain_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("missing socket") << QStringLiteral("missing");
        QTest::newRow("stale socket") << QStringLiteral("stale");
        QTest::newRow("silent socket") << QStringLiteral("silent");
        QTest::newRow("no session") << QStringLiteral("none"); // no address at all: GDBus autolaunch fails
    }

    void deadBusIsNoKeychain()
    {
        QFETCH(QString, kind);
        if (childMode())
            return deadBusChild(kind);
        // Parent: run this same test row in a fresh process whose D-Bus session is broken.
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(kChildEnv), kind);
        env.remove(QStringLiteral("PURGA_KEYRING_ENV"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("deadBusIsNoKeychain:") + QString::fromUtf8(QTest::currentDataTag())});
        const bool finished = child.waitForFinished(30000);
        const QString out = QString::fromUtf8(child.readAll());
        if (!finished)
            child.kill();
        QVERIFY2(finished, qPrintable(QStringLiteral("the child hung:\n") + out));
        QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("PASS   : TestPasswordStore::deadBusIsNoKeychain")),
                 qPrintable(out));
    }

private:
    void deadBusChild(const QString &kind)
    {
        test::TempSettings settings; // also catches any plaintext fallback written to QSettings
        QVERIFY(settings.isValid());
        const QString socket = settings.path() + QStringLiteral("/bus");
        if (kind == QLatin1String("stale") || kind == QLatin1String("silent"))
            QVERIFY(makeSocket(socket, kind == QLatin1String("silent")));
        if (kind == QLatin1String("none")) {
            for (const char *var : {"DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"})
                qunsetenv(var);
            qputenv("XDG_RUNTIME_DIR", settings.path().toUtf8()); // no "bus" socket in there
        } else {
            qputenv("DBUS_SESSION_BUS_ADDRESS", QByteArray("unix:path=") + socket.toUtf8());
        }

        PasswordStore store;
        store.setTimeoutMs(3000);
        const QString canary = QStringLiteral("canary-") + QUuid::createUuid().toString(QUuid::Id128);
        QElapsedTimer clock;
        clock.start();
        const PasswordResult w = store.writeSync(QStringLiteral("dead"), canary);
        const qint64 writeMs = clock.restart();
        const PasswordResult r = store.readSync(QStringLiteral("dead"));
        const qint64 readMs = clock.elapsed();
        qInfo("%s: write %lld ms (%s), read %lld ms (%s)", qPrintable(kind), writeMs, qPrintable(w.detail),
              readMs, qPrintable(r.detail));
        for (const PasswordResult &res : {w, r}) {
            QVERIFY(!res.ok);
            QVERIFY2(res.noKeychain, qPrintable(res.message + u' ' + res.detail));
            QVERIFY(!res.notFound);
            QVERIFY(res.message.contains(QLatin1String("No keychain answered")));
            QVERIFY(!res.message.contains(u'\n'));
        }
        QVERIFY(writeMs < 3000 + 1500);
        QVERIFY(readMs < 3000 + 1500);
        QVERIFY2(settings.filesContaining(canary).isEmpty(), "the password was written in plaintext");
    }

    QString profile(const QString &suffix)
    {
        const QString name = m_prefix + suffix;
        if (!m_used.contains(name))
            m_used << name;
        return name;
    }

    QString m_prefix;
    QStringList m_used;
};

QTEST_GUILESS_MAIN(TestPasswordStore)
#include "tst_passwordstore.moc"
