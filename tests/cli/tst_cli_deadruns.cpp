// The real purga-sesiones-cli ($PURGA_CLI) after a run or a freeze died with its process (SIGKILL)
// or its connection: the next command that connects (`status`, `health`) closes its history row
// (estado 'interrumpido', an end), `health` says so, and a killed purge's row-count metric sums to
// the rows it really removed (each batch records it in its own transaction).
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>

using namespace purga;
using namespace purga::test;

class TestCliDeadRuns : public CliTestCase
{
    Q_OBJECT

private:
    QString password(const TestDatabase &db) const
    {
        return db.passwordFor(QStringLiteral("identidad_purga"));
    }

    void start(QProcess &p, const TestDatabase &db, const QStringList &args) const
    {
        p.setProcessEnvironment(cliEnvironment(m_home.path(), password(db)));
        p.setProgram(m_cli);
        p.setArguments(args + QStringList{QStringLiteral("--conninfo"), conninfo(db)});
        p.start();
    }

    CliResult cli(const TestDatabase &db, const QStringList &args) const
    {
        return run(args + QStringList{QStringLiteral("--conninfo"), conninfo(db)}, password(db), {}, 60000);
    }

    // Waits until no backend with that pid is left (a killed client's backend ends on its own).
    static bool backendGone(TestDatabase &db, int pid)
    {
        return pid > 0 &&
               waitFor(db,
                       QStringLiteral("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1)")
                           .arg(pid),
                       20000);
    }

    // Every history row as "estado ended|open", sorted, comma-separated.
    static QString states(TestDatabase &db)
    {
        return db
            .scalar(QStringLiteral("SELECT string_agg(estado || CASE WHEN terminada_en IS NULL THEN ' open'"
                                   " ELSE ' ended' END, ',' ORDER BY estado) FROM identidad.purga_corridas"))
            .toString();
    }

    // `health --json` (exit 0 or 7); the text of its reason `id`, or empty.
    QString healthReason(const TestDatabase &db, const QString &id, CliResult *out)
    {
        *out = cli(db, {QStringLiteral("health"), QStringLiteral("--json")});
        QString why;
        const QJsonArray reasons = out->json(&why).value(QStringLiteral("reasons")).toArray();
        for (const QJsonValue &r : reasons)
            if (r.toObject().value(QStringLiteral("id")).toString() == id)
                return r.toObject().value(QStringLiteral("text")).toString();
        return QString();
    }

private slots:
    // A freeze killed with SIGKILL never releases: its row stayed 'congelado' without an end.
    void killedFreezeIsClosedByTheNextConnect()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_dead_fz"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        QProcess freeze;
        start(freeze, db, {QStringLiteral("freeze")});
        QVERIFY(freeze.waitForStarted(10000));
        QVERIFY(waitFor(db,
                        QStringLiteral("SELECT EXISTS (SELECT 1 FROM identidad.purga_corridas"
                                       " WHERE estado = 'congelado' AND terminada_en IS NULL)"),
                        30000, &freeze));
        const int backend = db.scalar(QStringLiteral("SELECT backend_pid FROM identidad.purga_corridas"
                                                     " WHERE estado = 'congelado'"))
                                .toInt();
        freeze.kill(); // SIGKILL: no release, no last word to the server
        QVERIFY(freeze.waitForFinished(5000));
        QVERIFY(backendGone(db, backend));

        CliResult health;
        const QString lastRun = healthReason(db, QStringLiteral("last_run"), &health);
        QVERIFY2(health.finished && health.exitCode == 7, qPrintable(health.describe()));
        QVERIFY2(lastRun.contains(QLatin1String("interrumpido")) && lastRun.contains(QLatin1String("freeze")),
                 qPrintable(health.describe()));
        QCOMPARE(states(db), QStringLiteral("interrumpido ended"));

        // A released freeze keeps its state; a later status leaves both alone.
        QVERIFY(db.exec(QStringLiteral("INSERT INTO identidad.purga_corridas (corrida_id, origen, estado,"
                                       " backend_pid, terminada_en) VALUES (gen_random_uuid(), 'manual',"
                                       " 'congelado', 2147483000, now())")));
        const CliResult status = cli(db, {QStringLiteral("status")});
        QVERIFY2(status.finished, qPrintable(status.describe()));
        QCOMPARE(states(db), QStringLiteral("congelado ended,interrumpido ended"));
    }

    // `health` closes a run whose backend is gone, as status and preview do.
    void healthMarksDeadRunsInterrupted()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_dead_hl"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        int backend = 0;
        {
            PgConnection job;
            QVERIFY(openPurga(db, job, QStringLiteral("the-job")));
            backend = job.backendPid();
            QVERIFY(valueOn(job, QStringLiteral("SELECT identidad.purga_corrida_iniciar('job', 'job.py')"))
                        .isValid());
        } // the job's process died here, its run en_curso
        QVERIFY(backendGone(db, backend));

        CliResult health;
        const QString lastRun = healthReason(db, QStringLiteral("last_run"), &health);
        QVERIFY2(health.finished && health.exitCode == 7, qPrintable(health.describe()));
        QVERIFY2(lastRun.contains(QLatin1String("interrumpido")), qPrintable(health.describe()));
        QCOMPARE(healthReason(db, QStringLiteral("stuck_run"), &health), QString());
        QCOMPARE(states(db), QStringLiteral("interrumpido ended"));
    }

    // SIGKILL after some batches: the rows gone and the run's identidad_purga_filas agree.
    void killedPurgeKeepsItsRowMetric()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_dead_pg"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(kFiller)));
        QVERIFY(setupHistory(db));
        const QString countSql = QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens");
        const qint64 before = db.scalar(countSql).toLongLong();
        QProcess purge;
        start(purge, db,
              {QStringLiteral("purge"), QStringLiteral("--rule"), kRefresh, QStringLiteral("--yes"),
               QStringLiteral("--batch-size"), QStringLiteral("100"), QStringLiteral("--pause-ms"),
               QStringLiteral("30")});
        QVERIFY(purge.waitForStarted(10000));
        QVERIFY(
            waitFor(db, QStringLiteral("SELECT (%1) < %2").arg(countSql).arg(before - 1000), 60000, &purge));
        const int backend = db.scalar(QStringLiteral("SELECT backend_pid FROM identidad.purga_corridas"
                                                     " WHERE estado = 'en_curso'"))
                                .toInt();
        purge.kill();
        QVERIFY(purge.waitForFinished(5000));
        QVERIFY(backendGone(db, backend));
        const qint64 gone = before - db.scalar(countSql).toLongLong();
        QVERIFY(gone >= 1000);

        const CliResult status = cli(db, {QStringLiteral("status")});
        QVERIFY2(status.finished, qPrintable(status.describe()));
        QCOMPARE(db.scalar(QStringLiteral("SELECT estado FROM identidad.purga_corridas")).toString(),
                 QStringLiteral("interrumpido"));
        const QVariant recorded =
            db.scalar(QStringLiteral("SELECT sum(valor)::bigint FROM identidad.purga_metricas"
                                     " WHERE metrica = 'identidad_purga_filas'"));
        QVERIFY2(!recorded.isNull(), "no identidad_purga_filas metric for the killed run");
        QCOMPARE(recorded.toLongLong(), gone);
    }
};

QTEST_GUILESS_MAIN(TestCliDeadRuns)
#include "tst_cli_deadruns.moc"
