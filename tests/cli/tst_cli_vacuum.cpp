// The real purga-sesiones-cli ($PURGA_CLI) with --vacuum: SIGINT/SIGTERM while VACUUM
// waits for a lock held by another session cancel it (exit 6, the deleted rows stay deleted); a
// cancel before it skips it; a VACUUM that cannot get its lock gives up after the lock timeout.
// Also --allow-short-retention: a retention shorter than the forensic window, from a hand-edited
// settings file, is refused (exit 4) without it.
#include "core/pg/pgconnection.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>
#include <QTest>

#include <csignal>
#include <sys/types.h>

using namespace purga;
using namespace purga::test;

class TestCliVacuum : public CliTestCase
{
    Q_OBJECT

private:
    void start(QProcess &p, const TestDatabase &db, const QStringList &args)
    {
        p.setProcessEnvironment(cliEnvironment(m_home.path(), m_sandbox.purgaPassword));
        p.setProgram(m_cli);
        p.setArguments(args + QStringList{QStringLiteral("--conninfo"), conninfo(db)});
        p.start();
    }

    CliResult cli(const QStringList &args)
    {
        QProcess p;
        p.setProcessEnvironment(cliEnvironment(m_home.path(), m_sandbox.purgaPassword));
        p.setProgram(m_cli);
        p.setArguments(args);
        return runProcess(p, 120000);
    }

    static qint64 countRows(TestDatabase &db)
    {
        return db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
    }

    static bool neverVacuumed(TestDatabase &db)
    {
        return db
            .scalar(QStringLiteral("SELECT last_vacuum IS NULL FROM pg_stat_user_tables "
                                   "WHERE relid = 'identidad.trx_refresh_tokens'::regclass"))
            .toBool();
    }

    // The settings file the CLI reads (QSettings under XDG_CONFIG_HOME), edited by hand.
    QString settingsFile() const
    {
        QDirIterator it(m_home.path() + QStringLiteral("/config"), {QStringLiteral("*.conf")}, QDir::Files,
                        QDirIterator::Subdirectories);
        return it.hasNext() ? it.next() : QString();
    }

private slots:
    void signalDuringVacuumCancelsIt_data()
    {
        QTest::addColumn<int>("sig");
        QTest::newRow("SIGINT") << int(SIGINT);
        QTest::newRow("SIGTERM") << int(SIGTERM);
    }
    void signalDuringVacuumCancelsIt()
    {
        QFETCH(int, sig);
        TestDatabase db(m_sandbox, QStringLiteral("cli_vac"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(4000)));
        const qint64 before = countRows(db);
        // Another session holds a lock VACUUM needs (DELETE does not): the purge runs, VACUUM waits.
        PgConnection holder;
        QVERIFY(openAdmin(m_sandbox, db, holder));
        QString err;
        QVERIFY2(holder.execScript(QStringLiteral("BEGIN; LOCK TABLE identidad.trx_refresh_tokens IN SHARE "
                                                  "UPDATE EXCLUSIVE MODE"),
                                   &err),
                 qPrintable(err));
        QProcess p;
        start(p, db,
              {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
               QStringLiteral("--yes"), QStringLiteral("--json"), QStringLiteral("--vacuum"),
               QStringLiteral("--lock-timeout-ms"), QStringLiteral("600000")});
        QVERIFY(p.waitForStarted(10000));
        const bool waiting = waitFor(
            db,
            QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() "
                           "AND usename = 'identidad_purga' AND query ILIKE 'VACUUM%' AND wait_event_type = "
                           "'Lock')"),
            60000, &p);
        if (!waiting) {
            p.kill();
            p.waitForFinished(5000);
            QFAIL(qPrintable(
                QStringLiteral("VACUUM never waited: %1").arg(QString::fromUtf8(p.readAllStandardError()))));
        }
        QCOMPARE(::kill(pid_t(p.processId()), sig), 0);
        QVERIFY2(p.waitForFinished(30000), "the CLI did not stop after the signal"); // a bound on a hang
        const CliResult r = finishedResult(p);
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));
        QVERIFY2(r.errText().contains(QStringLiteral("VACUUM was cancelled")), qPrintable(r.describe()));
        QVERIFY2(r.errText().contains(QStringLiteral("rows already deleted stay deleted")),
                 qPrintable(r.describe()));
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        const QJsonObject rule = o.value(QStringLiteral("rules")).toArray().first().toObject();
        QVERIFY(rule.value(QStringLiteral("deleted")).toInteger() > 0);
        // The deleted rows stay deleted (their batches were committed before the VACUUM).
        QCOMPARE(countRows(db), before - rule.value(QStringLiteral("deleted")).toInteger());
        QVERIFY(holder.execScript(QStringLiteral("ROLLBACK"), &err));
        QVERIFY(neverVacuumed(db));
        QVERIFY(
            !db.scalar(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = "
                                      "current_database() AND query ILIKE 'VACUUM%' AND state = 'active')"))
                 .toBool());
    }

    // A signal during the purge (a slow batch) cancels it; the VACUUM asked for never starts.
    void signalBeforeVacuumSkipsIt()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_vac"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(4000)));
        const QList<qint64> eligible = db.ids(
            QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid")
                .arg(eligibleWhere(
                    kRefresh,
                    db.scalar(QStringLiteral("SELECT (now() - interval '30 days')::text")).toString())));
        QVERIFY(eligible.size() > 1000);
        QVERIFY(db.exec(slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"),
                                       eligible.at(eligible.size() * 6 / 10), QStringLiteral("20"))));
        QProcess p;
        start(p, db,
              {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
               QStringLiteral("--yes"), QStringLiteral("--vacuum"), QStringLiteral("--batch-size"),
               QStringLiteral("500")});
        QVERIFY(p.waitForStarted(10000));
        QVERIFY(waitFor(db,
                        QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = "
                                       "current_database() AND usename = 'identidad_purga' AND wait_event = "
                                       "'PgSleep')"),
                        30000, &p));
        QCOMPARE(::kill(pid_t(p.processId()), SIGINT), 0);
        QVERIFY(p.waitForFinished(30000));
        const CliResult r = finishedResult(p);
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));
        QVERIFY2(r.errText().contains(QStringLiteral("was not started because the run was cancelled")),
                 qPrintable(r.describe()));
        QVERIFY2(!r.errText().contains(QStringLiteral("VACUUM (ANALYZE) identidad")),
                 qPrintable(r.describe()));
        QVERIFY(neverVacuumed(db));
    }

    // Behind a lock it cannot get, VACUUM gives up after the lock timeout and says so (exit 1).
    void vacuumGivesUpAfterTheLockTimeout()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_vac"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(2000)));
        PgConnection holder;
        QVERIFY(openAdmin(m_sandbox, db, holder));
        QString err;
        QVERIFY(holder.execScript(
            QStringLiteral("BEGIN; LOCK TABLE identidad.trx_refresh_tokens IN SHARE UPDATE EXCLUSIVE MODE"),
            &err));
        QProcess p;
        start(p, db,
              {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
               QStringLiteral("--yes"), QStringLiteral("--vacuum"), QStringLiteral("--lock-timeout-ms"),
               QStringLiteral("300")});
        const CliResult r = runProcess(p, 60000);
        QVERIFY2(r.finished && r.exitCode == 1, qPrintable(r.describe()));
        QVERIFY2(r.errText().contains(QStringLiteral("waited more than 300 ms for a lock")),
                 qPrintable(r.describe()));
        QVERIFY(holder.execScript(QStringLiteral("ROLLBACK"), &err));
        QVERIFY(neverVacuumed(db));
    }

    // A hand-edited settings file with a retention one second short of the window: refused
    // (exit 4, one line naming the rule, the retention and the window, nothing deleted) unless
    // --allow-short-retention; exactly the window needs no flag.
    void shortRetentionIsRefusedWithoutTheFlag()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_short"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(500)));
        const CliResult saved =
            cli({QStringLiteral("profile-save"), QStringLiteral("short"), QStringLiteral("--host"),
                 m_sandbox.host, QStringLiteral("--port"), QString::number(m_sandbox.port),
                 QStringLiteral("--dbname"), db.name(), QStringLiteral("--user"),
                 QStringLiteral("identidad_purga"), QStringLiteral("--sslmode"), QStringLiteral("disable")});
        QVERIFY2(saved.exitCode == 0, qPrintable(saved.describe()));
        const QString file = settingsFile();
        QVERIFY2(!file.isEmpty(), "no settings file after profile-save");
        auto setRetention = [&](qint64 seconds) {
            QSettings s(file, QSettings::IniFormat);
            s.setValue(QStringLiteral("profiles/short/passwordSource"), QStringLiteral("libpq"));
            s.setValue(QStringLiteral("profiles/short/rules/refresh_tokens/retention_seconds"), seconds);
            s.sync();
            return s.status() == QSettings::NoError;
        };
        const qint64 window = 30 * 86400;
        const QStringList purge{QStringLiteral("purge"),          QStringLiteral("--rule"),
                                QStringLiteral("refresh_tokens"), QStringLiteral("--yes"),
                                QStringLiteral("--json"),         QStringLiteral("--profile"),
                                QStringLiteral("short")};
        const qint64 before = countRows(db);

        QVERIFY(setRetention(window - 1));
        CliResult r = cli(purge);
        QVERIFY2(r.exitCode == 4, qPrintable(r.describe()));
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.errLines().size(), 1);
        const QString line = r.errLines().first();
        QVERIFY2(line.contains(QStringLiteral("refresh_tokens")) &&
                     line.contains(QStringLiteral("2591999 s")) && line.contains(QStringLiteral("30 days")) &&
                     line.contains(QStringLiteral("--allow-short-retention")),
                 qPrintable(line));
        QCOMPARE(countRows(db), before);

        // The preview shows it as a warning (and does not refuse).
        r = cli({QStringLiteral("preview"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                 QStringLiteral("--json"), QStringLiteral("--profile"), QStringLiteral("short")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QJsonObject previewRule = QJsonDocument::fromJson(r.out)
                                            .object()
                                            .value(QStringLiteral("rules"))
                                            .toArray()
                                            .first()
                                            .toObject();
        QVERIFY(previewRule.value(QStringLiteral("short_retention_warning"))
                    .toString()
                    .contains(QStringLiteral("2591999 s")));

        r = cli(purge + QStringList{QStringLiteral("--allow-short-retention")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.errText().contains(QStringLiteral("Warning: ")), qPrintable(r.describe()));
        const QJsonArray warned =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("short_retention")).toArray();
        QCOMPARE(warned.size(), 1);
        QVERIFY(warned.first().toString().contains(QStringLiteral("refresh_tokens")));

        QVERIFY(setRetention(window));
        r = cli(purge);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY(QJsonDocument::fromJson(r.out)
                    .object()
                    .value(QStringLiteral("short_retention"))
                    .toArray()
                    .isEmpty());
        QVERIFY(!r.errText().contains(QStringLiteral("forensic window")));

        r = cli({QStringLiteral("purge"), QStringLiteral("--help")});
        QVERIFY(QString::fromUtf8(r.out).contains(QStringLiteral("--allow-short-retention")));
    }
};

QTEST_GUILESS_MAIN(TestCliVacuum)
#include "tst_cli_vacuum.moc"
