// The real purga-sesiones-cli ($PURGA_CLI) stopped mid-purge: SIGINT/SIGTERM with the
// password read from the real keychain (whose D-Bus threads once took the signal and died with
// it), from a shell with and without job control; and a lost connection after committed batches.
// All of them exit 6 with the committed rows said, never 130/143.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/types.h>

using namespace purga;
using namespace purga::test;

class TestCliSignals : public CliTestCase
{
    Q_OBJECT

private:
    QProcessEnvironment env() const { return cliEnvironment(m_home.path()); }

    CliResult cli(const QStringList &args, const QByteArray &stdinData = {})
    {
        return run(args, QString(), stdinData, 60000);
    }

    // A table whose purge stalls in a batch (a 20 s trigger on one eligible row in the middle).
    qint64 seedSlow(TestDatabase &db)
    {
        if (!db.exec(refreshSeedSql(4000)) || !setupHistory(db))
            return -1;
        const QList<qint64> eligible = db.ids(
            QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid")
                .arg(eligibleWhere(
                    kRefresh,
                    db.scalar(QStringLiteral("SELECT (now() - interval '30 days')::text")).toString())));
        if (eligible.size() < 1000)
            return -1;
        const qint64 slowId = eligible.at(eligible.size() * 6 / 10);
        return db.exec(slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"), slowId,
                                      QStringLiteral("20")))
                   ? slowId
                   : -1;
    }

    bool waitForSlowBatch(TestDatabase &db, const QProcess &p)
    {
        return waitFor(
            db,
            QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() "
                           "AND usename = 'identidad_purga' AND wait_event = 'PgSleep')"),
            30000, &p);
    }

    // The purge through `sh`, as a user's script or terminal starts it; the CLI's pid in pidFile.
    void startThroughShell(QProcess &p, bool jobControl, const QStringList &cliArgs, const QString &pidFile)
    {
        p.setProcessEnvironment(env());
        p.setProgram(QStringLiteral("bash"));
        const QString script = QStringLiteral("%1\"$@\" & echo $! > '%2'; wait $!")
                                   .arg(jobControl ? QStringLiteral("set -m; ") : QString(), pidFile);
        p.setArguments(QStringList{QStringLiteral("-c"), script, QStringLiteral("bash"), m_cli} + cliArgs);
        p.start();
    }

    void signalledRunStopsCleanly(bool jobControl, int sig)
    {
        PURGA_REQUIRE_KEYRING();
        TestDatabase db(m_sandbox, QStringLiteral("cli_sig"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(seedSlow(db) > 0);
        const QString profile = QStringLiteral("sig-%1").arg(sig);
        const CliResult saved =
            cli({QStringLiteral("profile-save"), profile, QStringLiteral("--host"), m_sandbox.host,
                 QStringLiteral("--port"), QString::number(m_sandbox.port), QStringLiteral("--dbname"),
                 db.name(), QStringLiteral("--user"), QStringLiteral("identidad_purga"),
                 QStringLiteral("--sslmode"), QStringLiteral("disable")});
        QVERIFY2(saved.exitCode == 0, qPrintable(saved.summary()));
        const CliResult stored =
            cli({QStringLiteral("password-store"), profile}, m_sandbox.purgaPassword.toUtf8() + '\n');
        QVERIFY2(stored.exitCode == 0, qPrintable(stored.summary()));

        const QString pidFile = m_home.filePath(QStringLiteral("pid-%1").arg(sig));
        QProcess shell;
        startThroughShell(shell, jobControl,
                          {QStringLiteral("purge"), QStringLiteral("--rule"),
                           QStringLiteral("refresh_tokens"), QStringLiteral("--yes"),
                           QStringLiteral("--json"), QStringLiteral("--batch-size"), QStringLiteral("500"),
                           QStringLiteral("--profile"), profile},
                          pidFile);
        QVERIFY(shell.waitForStarted(10000));
        if (!waitForSlowBatch(db, shell)) {
            shell.kill();
            shell.waitForFinished(5000);
            QFAIL(qPrintable(QStringLiteral("the slow batch was never seen: %1")
                                 .arg(QString::fromUtf8(shell.readAllStandardError()))));
        }
        QFile f(pidFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const pid_t pid = pid_t(f.readAll().trimmed().toInt());
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid, sig), 0);
        QVERIFY(shell.waitForFinished(20000));
        const CliResult r = finishedResult(shell);
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("cancelado"));
        QCOMPARE(runState(db, o.value(QStringLiteral("run_id")).toString()), QStringLiteral("cancelado"));
        QVERIFY2(r.errText().contains(QStringLiteral("rows removed before it stopped")),
                 qPrintable(r.describe()));
        cli({QStringLiteral("password-forget"), profile});
    }

private slots:
    void sigintFromAJobControlShellWithProfile() { signalledRunStopsCleanly(true, SIGINT); }
    void sigtermFromAScriptWithProfile() { signalledRunStopsCleanly(false, SIGTERM); }

    // Any command, not only purge: here one waiting for its password on standard input.
    void signalWhileWaitingEndsTheCommandWithExit6()
    {
        const CliResult saved = cli({QStringLiteral("profile-save"), QStringLiteral("waiting"),
                                     QStringLiteral("--host"), QStringLiteral("h")});
        QVERIFY2(saved.exitCode == 0, qPrintable(saved.summary()));
        QProcess p;
        p.setProcessEnvironment(env());
        p.setProgram(m_cli);
        p.setArguments({QStringLiteral("password-store"), QStringLiteral("waiting")});
        p.start(); // stdin stays open: the command waits for the password
        QVERIFY(p.waitForStarted(10000));
        QVERIFY(!p.waitForFinished(1000)); // blocked in the read, not exited
        QCOMPARE(::kill(pid_t(p.processId()), SIGINT), 0);
        QVERIFY(p.waitForFinished(10000));
        const CliResult r = finishedResult(p);
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));
        QCOMPARE(r.errLines().size(), 1);
    }

    void lostConnectionAfterCommittedBatchesExits6()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_lost"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(seedSlow(db) > 0);
        QProcessEnvironment e = env();
        e.insert(QStringLiteral("PGPASSWORD"), m_sandbox.purgaPassword);
        QProcess p;
        p.setProcessEnvironment(e);
        p.setProgram(m_cli);
        p.setArguments({QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                        QStringLiteral("--yes"), QStringLiteral("--batch-size"), QStringLiteral("500"),
                        QStringLiteral("--conninfo"),
                        QStringLiteral("host=%1 port=%2 dbname=%3 user=identidad_purga sslmode=disable")
                            .arg(m_sandbox.host)
                            .arg(m_sandbox.port)
                            .arg(db.name())});
        p.start();
        QVERIFY(p.waitForStarted(10000));
        QVERIFY(waitForSlowBatch(db, p));
        QVERIFY(
            db.exec(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                                   "current_database() AND usename = 'identidad_purga'")));
        QVERIFY(p.waitForFinished(30000));
        const CliResult r = finishedResult(p);
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));
        QStringList errors;
        for (const QString &line : r.errLines())
            if (line.startsWith(QStringLiteral("purga-sesiones-cli: ")))
                errors << line;
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QStringLiteral("Stopped after removing")), qPrintable(r.describe()));
        QVERIFY2(!r.errText().contains(QStringLiteral("()")), qPrintable(r.describe()));
        QVERIFY2(!r.errText().contains(QStringLiteral("QSql")), qPrintable(r.describe()));
    }
};

QTEST_GUILESS_MAIN(TestCliSignals)
#include "tst_cli_signals.moc"
