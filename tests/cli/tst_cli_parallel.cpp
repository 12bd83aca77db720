// The real purga-sesiones-cli with --parallel N and --target-batch-ms: the receipt's per-worker
// batches and chosen batch sizes, the usage and refusal exit codes (2 and 4), and SIGINT mid-run
// reaching every worker (exit 6, no kept row deleted, no run en_curso, the lock free).
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>

using namespace purga;
using namespace purga::test;

class TestCliParallel : public CliTestCase
{
    Q_OBJECT

private:
    QStringList purgeArgs(const TestDatabase &db, const QStringList &extra)
    {
        return sl({"purge", "--rule", "refresh_tokens", "--rule", "pre_tokens", "--yes", "--json",
                   "--batch-size", "500", "--conninfo", conninfo(db)}) +
               extra;
    }

private slots:
    void parallelReceiptCountsEachWorkersBatches()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_par"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(kFiller)) && db.exec(preSeedSql(kFiller)) && setupHistory(db));
        const CliResult r =
            run(purgeArgs(db, sl({"--parallel", "2", "--target-batch-ms", "10"})), m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QString why;
        const QJsonObject o = r.json(&why);
        QVERIFY2(!o.isEmpty(), qPrintable(why));
        QCOMPARE(o.value(QStringLiteral("parallel")).toInt(), 2);
        const QJsonArray rules = o.value(QStringLiteral("rules")).toArray();
        QCOMPARE(rules.size(), 2);
        for (const QJsonValue &v : rules) {
            const QJsonObject rule = v.toObject();
            QCOMPARE(rule.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
            QCOMPARE(rule.value(QStringLiteral("deleted")).toDouble(),
                     rule.value(QStringLiteral("planned")).toDouble());
            const QJsonArray perWorker = rule.value(QStringLiteral("worker_batches")).toArray();
            QCOMPARE(perWorker.size(), 2);
            QCOMPARE(perWorker.at(0).toInt() + perWorker.at(1).toInt(),
                     rule.value(QStringLiteral("batches")).toInt());
            QCOMPARE(rule.value(QStringLiteral("target_batch_ms")).toInt(), 10);
            const int max = rule.value(QStringLiteral("batch_size_max")).toInt();
            QVERIFY(max > 0 && max <= 500);
            QVERIFY(rule.value(QStringLiteral("batch_size_min")).toInt() <= max);
            QVERIFY(rule.value(QStringLiteral("batch_size_last")).toInt() <= max);
        }
        // The live progress names the size the controller chose.
        QVERIFY2(r.errText().contains(QStringLiteral("(target 10 ms)")), qPrintable(r.describe()));
        QCOMPARE(
            db.scalar(QStringLiteral(
                          "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 731001"))
                .toInt(),
            0);
    }

    void absurdParallelIsAUsageError()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_par"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        for (const char *n : {"0", "33", "two", "-1"}) {
            const CliResult r = run(purgeArgs(db, sl({"--parallel", n})), m_sandbox.purgaPassword);
            QVERIFY2(r.exitCode == 2, qPrintable(r.describe()));
            QVERIFY2(r.errText().contains(QStringLiteral("--parallel")), qPrintable(r.describe()));
        }
    }

    void parallelAboveTheFreeConnectionsIsRefused()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_par"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(2000)) && db.exec(preSeedSql(2000)));
        // The CLI's own session leaves this database two free connections.
        const int now = db.scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                                                 "current_database() AND backend_type = 'client backend'"))
                            .toInt();
        QVERIFY(db.exec(QStringLiteral("ALTER DATABASE %1 CONNECTION LIMIT %2").arg(db.name()).arg(now + 3)));
        const qint64 before =
            db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
        const CliResult r = run(purgeArgs(db, sl({"--parallel", "3"})), m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 4, qPrintable(r.describe()));
        QVERIFY2(r.errText().contains(QStringLiteral(" free")), qPrintable(r.describe()));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
                 before);
        const CliResult ok = run(purgeArgs(db, sl({"--parallel", "2"})), m_sandbox.purgaPassword);
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.describe()));
        QVERIFY(db.exec(QStringLiteral("ALTER DATABASE %1 CONNECTION LIMIT -1").arg(db.name())));
    }

    void sigintReachesEveryWorker()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_par"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(kFiller)) && setupHistory(db));
        const QString cutoff =
            db.scalar(QStringLiteral("SELECT (now() - interval '30 days')::text")).toString();
        const QString where = eligibleWhere(kRefresh, cutoff);
        const QList<qint64> kept =
            db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE NOT (%1) ORDER BY id")
                       .arg(where));
        const QList<qint64> byCtid = db.ids(
            QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid").arg(where));
        const qint64 slowId = byCtid.at(byCtid.size() / 5);
        QVERIFY(db.exec(
            slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"), slowId, QStringLiteral("20"))));
        QProcess p;
        p.setProcessEnvironment(cliEnvironment(m_home.path(), m_sandbox.purgaPassword));
        p.setProgram(m_cli);
        p.setArguments(sl({"purge", "--rule", "refresh_tokens", "--yes", "--json", "--batch-size", "500",
                           "--parallel", "2", "--conninfo", conninfo(db)}));
        p.start();
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(
            waitFor(db,
                    QStringLiteral(
                        "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = "
                        "current_database() AND usename = 'identidad_purga' AND wait_event = 'PgSleep')"),
                    30000, &p),
            qPrintable(QString::fromUtf8(p.readAllStandardError())));
        QCOMPARE(::kill(pid_t(p.processId()), SIGINT), 0);
        QVERIFY(p.waitForFinished(20000));
        const CliResult r = finishedResult(p);
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("cancelado"));
        QCOMPARE(runState(db, o.value(QStringLiteral("run_id")).toString()), QStringLiteral("cancelado"));
        QCOMPARE(
            db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE NOT (%1) ORDER BY id")
                       .arg(where)),
            kept);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE id = %1")
                               .arg(slowId))
                     .toInt(),
                 1);
        QCOMPARE(
            db.scalar(QStringLiteral(
                          "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 731001"))
                .toInt(),
            0);
        // Every worker's statement was cancelled: none still sleeps in the trigger.
        QVERIFY(waitFor(db,
                        QStringLiteral("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = "
                                       "current_database() AND usename = 'identidad_purga')"),
                        5000));
    }
};

QTEST_GUILESS_MAIN(TestCliParallel)
#include "tst_cli_parallel.moc"
