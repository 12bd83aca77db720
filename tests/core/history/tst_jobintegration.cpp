// The scheduled job's side of the contract (docs/job-integration.md): the doc's own SQL calls,
// run by psql as the maintenance role, show up in the history as the job's run.
#include "core/history/historyquery.h"
#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "support/clirunner.h"
#include "support/historyfixtures.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestJobIntegration : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void docCallsRecordTheJobsRun()
    {
        TestDatabase db(m_sandbox, QStringLiteral("jobint"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral("INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, "
                           "creado_en, expiracion) SELECT 1, g, 'h' || g, now(), now() + interval '1 h' "
                           "FROM generate_series(1, 37) g")));
        QVERIFY(setupHistory(db));
        QString error;
        DbFailure failure;
        const QString calls = jobCallsFromDoc(&error);
        QVERIFY2(!calls.isEmpty(), qPrintable(error));
        QString output;
        QVERIFY2(psqlAsPurga(m_sandbox, db, calls, &output), qPrintable(output));

        // The lock was released on the connection that took it: nobody holds it now.
        QCOMPARE(
            db.scalar(QStringLiteral(
                          "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 731001"
                          " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"))
                .toInt(),
            0);

        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        QList<HistoryRun> runs;
        QVERIFY2(HistoryQuery::runs(conn, HistoryRange{}, &runs, &failure), qPrintable(failure.message));
        QCOMPARE(runs.size(), 1);
        const HistoryRun &r = runs.first();
        QCOMPARE(r.origin, QStringLiteral("job"));
        QCOMPARE(r.status, QStringLiteral("ok"));
        QCOMPARE(r.operatorName, QStringLiteral("purga_sesiones.py"));
        QVERIFY(!r.finishedUtc.isEmpty() && r.durationMs >= 0);
        QCOMPARE(r.rows.value(QStringLiteral("identidad.trx_refresh_tokens")), qint64(1234));
        QCOMPARE(r.rows.value(QStringLiteral("identidad.trx_pre_tokens")), qint64(42));
        QCOMPARE(r.durationsMs.value(QStringLiteral("identidad.trx_refresh_tokens")), qint64(5678));
        QVERIFY(r.detail.contains(QLatin1String("APScheduler")));

        // Sizes after the run: the rows left, counted.
        QList<SizePoint> sizes;
        QVERIFY2(HistoryQuery::sizes(conn, HistoryRange{}, 100, &sizes, &failure),
                 qPrintable(failure.message));
        bool sawPre = false;
        for (const SizePoint &p : sizes)
            if (p.table == QLatin1String("identidad.trx_pre_tokens")) {
                sawPre = true;
                QCOMPARE(p.rows, qint64(37));
                QVERIFY(p.bytes > 0);
            }
        QVERIFY(sawPre);

        // And the CLI's history shows it as the job's.
        QTemporaryDir home;
        QProcess p;
        prepareCli(p, m_sandbox, home.path(), db.name(),
                   {QStringLiteral("history"), QStringLiteral("--origin"), QStringLiteral("job"),
                    QStringLiteral("--json")});
        const CliResult cli = runProcess(p);
        QVERIFY2(cli.finished && cli.exitCode == 0, qPrintable(cli.describe()));
        const QJsonObject o = cli.json(&error);
        QVERIFY2(!o.isEmpty(), qPrintable(error));
        const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("origin")).toString(), QStringLiteral("job"));
        QCOMPARE(o.value(QStringLiteral("runs")).toArray().size(), 1);
    }

private:
    SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestJobIntegration)
#include "tst_jobintegration.moc"
