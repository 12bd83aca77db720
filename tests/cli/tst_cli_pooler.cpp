// The real purga-sesiones-cli ($PURGA_CLI) through a real pgbouncer with a light background load
// through the same pool, as in production beside the scheduled job: behind transaction pooling no
// status ever says the purge may run and no purge or freeze runs, whatever the probe's luck; a
// keychain --profile is told the same; behind session pooling purge and freeze need the DBA's
// --assume-session-pooler.
#include "support/bouncersandbox.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>
#include <sys/types.h>

using namespace purga;
using namespace purga::test;

namespace {

const QString kCount = QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens");
const QString kLockHeld = QStringLiteral(
    "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0"
    " AND objid = 731001 AND objsubid = 1 AND granted"
    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))"); // not other tests

QJsonObject preflightOf(const CliResult &r, QString *why)
{
    return r.json(why).value(QStringLiteral("preflight")).toObject();
}

} // namespace

class TestCliPooler : public CliTestCase
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!requireCli())
            return;
        PURGA_REQUIRE_BOUNCER(m_ports);
    }

    void transactionPoolingUnderLoadNeverPasses()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_pool"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(2000)));
        QVERIFY(setupHistory(db));
        const qint64 before = db.scalar(kCount).toLongLong();
        const QString password = db.passwordFor(QStringLiteral("identidad_purga"));
        BackgroundLoad load(throughPooler(db.profile(), m_ports.transaction), password);
        QTRY_VERIFY_WITH_TIMEOUT(load.transactions() > 0, 10000);

        for (int i = 0; i < 5; ++i) {
            const CliResult status =
                run(sl({"status", "--json", "--conninfo", through(db, m_ports.transaction)}), password);
            QString why;
            const QJsonObject pre = preflightOf(status, &why);
            QVERIFY2(!pre.isEmpty(), qPrintable(why + u' ' + status.describe()));
            QVERIFY(pre.value(QStringLiteral("connection_pooler")).toString() != QLatin1String("none"));
            QCOMPARE(pre.value(QStringLiteral("can_purge")).toBool(), false);
            QCOMPARE(status.exitCode, 4);
        }
        for (int i = 0; i < 3; ++i) {
            const CliResult purge = run(
                sl({"purge", "--all", "--yes", "--conninfo", through(db, m_ports.transaction)}), password);
            QVERIFY2(purge.finished && purge.exitCode == 4, qPrintable(purge.describe()));
            QVERIFY2(purge.errText().contains(QLatin1String("pooler")), qPrintable(purge.describe()));
        }
        QCOMPARE(db.scalar(kCount).toLongLong(), before);
        QVERIFY(!db.scalar(kLockHeld).toBool());
    }

    // The password comes from the keychain and is wiped after the connect: the mode probe logs in
    // before that, and the refusal never depended on it anyway.
    void keychainProfileThroughTransactionPooling()
    {
        PURGA_REQUIRE_KEYRING();
        TestDatabase db(m_sandbox, QStringLiteral("cli_pool"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(1000)));
        const qint64 before = db.scalar(kCount).toLongLong();
        const QString password = db.passwordFor(QStringLiteral("identidad_purga"));
        QVERIFY(run(sl({"profile-save", "pooled", "--host", "127.0.0.1", "--port",
                        QString::number(m_ports.transaction), "--dbname", db.name(), "--user",
                        "identidad_purga", "--sslmode", "disable"}))
                    .exitCode == 0);
        QVERIFY(run(sl({"password-store", "pooled"}), QString(), password.toUtf8() + '\n').exitCode == 0);
        // Without other clients the mode probe's second connection gets the same server connection:
        // it can only say so when it can log in, with the keychain's password.
        const CliResult status = run(sl({"status", "--json", "--profile", "pooled"}));
        QString why;
        const QJsonObject pre = preflightOf(status, &why);
        QVERIFY2(!pre.isEmpty(), qPrintable(why + u' ' + status.describe()));
        QCOMPARE(pre.value(QStringLiteral("connection_pooler")).toString(), QStringLiteral("transaction"));
        QCOMPARE(pre.value(QStringLiteral("can_purge")).toBool(), false);
        BackgroundLoad load(throughPooler(db.profile(), m_ports.transaction), password);
        QTRY_VERIFY_WITH_TIMEOUT(load.transactions() > 0, 10000);
        const CliResult purge = run(sl({"purge", "--all", "--yes", "--profile", "pooled"}));
        QVERIFY2(purge.finished && purge.exitCode == 4, qPrintable(purge.describe()));
        QCOMPARE(db.scalar(kCount).toLongLong(), before);
        run(sl({"password-forget", "pooled"}));
    }

    void freezeRefusedBehindTransactionPooling()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_pool"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        const QString password = db.passwordFor(QStringLiteral("identidad_purga"));
        BackgroundLoad load(throughPooler(db.profile(), m_ports.transaction), password);
        const CliResult freeze =
            run(sl({"freeze", "--minutes", "1", "--conninfo", through(db, m_ports.transaction)}), password,
                {}, 30000);
        QVERIFY2(freeze.finished && freeze.exitCode == 4, qPrintable(freeze.describe()));
        QVERIFY2(freeze.errText().contains(QLatin1String("Nothing was frozen")),
                 qPrintable(freeze.describe()));
        QVERIFY(!freeze.out.contains("Purges frozen"));
        QVERIFY(!db.scalar(kLockHeld).toBool());
    }

    void freezeBehindSessionPoolingNeedsTheAssertion()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_pool"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        const QString password = db.passwordFor(QStringLiteral("identidad_purga"));
        const QString ci = through(db, m_ports.session);
        const CliResult refused =
            run(sl({"freeze", "--minutes", "1", "--verbose", "--conninfo", ci}), password, {}, 30000);
        QVERIFY2(refused.finished && refused.exitCode == 4, qPrintable(refused.describe()));
        QVERIFY2(refused.errText().contains(QLatin1String("--assume-session-pooler")),
                 qPrintable(refused.describe()));

        QProcess freeze;
        freeze.setProcessEnvironment(cliEnvironment(m_home.path(), password));
        freeze.setProgram(m_cli);
        freeze.setArguments(sl({"freeze", "--assume-session-pooler", "--conninfo", ci}));
        freeze.start();
        QVERIFY(freeze.waitForStarted());
        QByteArray seen;
        for (int i = 0; i < 100 && !seen.contains("Purges frozen"); ++i) {
            if (!freeze.waitForReadyRead(200) && freeze.state() == QProcess::NotRunning)
                break;
            seen += freeze.readAllStandardOutput();
        }
        QVERIFY2(seen.contains("Purges frozen"), freeze.readAllStandardError().constData());
        QVERIFY(db.scalar(kLockHeld).toBool());
        ::kill(pid_t(freeze.processId()), SIGTERM);
        QVERIFY(freeze.waitForFinished(10000));
        QCOMPARE(freeze.exitCode(), 0);
    }

private:
    QString through(const TestDatabase &db, int port) const
    {
        return conninfo(db, QStringLiteral("identidad_purga"), port);
    }

    BouncerPorts m_ports;
};

QTEST_GUILESS_MAIN(TestCliPooler)
#include "tst_cli_pooler.moc"
