// The real purga-sesiones-cli binary ($PURGA_CLI) against the sandbox cluster: `purge` as scripts
// and the scheduled job use it. Connects with --conninfo and PGPASSWORD.
#include "core/pg/pgconnection.h"
#include "core/security/secrets.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QSqlQuery>
#include <QTest>

#include <algorithm>
#include <csignal>
#include <sys/types.h>

using namespace purga;
using namespace purga::test;

namespace {

// Same shapes as purgefixtures' refreshSeedSql/preSeedSql (fewer boundary rows, a simpler pre-token
// filler): boundary rows on both sides of each cutoff, then filler.
QString cliRefreshSeedSql(int filler)
{
    return QStringLiteral(R"SQL(
INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
VALUES
  (1, 1, gen_random_uuid(), 'edge:revoked-before-cutoff',   now() - interval '60 days', now() + interval '10 days', true,  now() - interval '30 days' - interval '5 minutes'),
  (1, 1, gen_random_uuid(), 'edge:revoked-after-cutoff',    now() - interval '60 days', now() + interval '10 days', true,  now() - interval '30 days' + interval '5 minutes'),
  (1, 2, gen_random_uuid(), 'edge:revoked-null-exp-future', now() - interval '60 days', now() + interval '1 day',   true,  NULL),
  (1, 2, gen_random_uuid(), 'edge:revoked-null-exp-before', now() - interval '90 days', now() - interval '30 days' - interval '5 minutes', true, NULL),
  (2, 3, gen_random_uuid(), 'edge:expired-before-cutoff',   now() - interval '90 days', now() - interval '30 days' - interval '5 minutes', false, NULL),
  (2, 3, gen_random_uuid(), 'edge:expired-after-cutoff',    now() - interval '90 days', now() - interval '30 days' + interval '5 minutes', false, NULL);
)SQL") + refreshFillerSql(filler);
}

QString cliPreSeedSql(int filler)
{
    return QStringLiteral(R"SQL(
INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
VALUES
  (1, 1, 'edge:used-before-cutoff',           now() - interval '2 days', now() + interval '1 hour', now() - interval '1 day' - interval '5 minutes'),
  (1, 1, 'edge:used-after-cutoff',            now() - interval '2 days', now() + interval '1 hour', now() - interval '1 day' + interval '5 minutes'),
  (1, 2, 'edge:unused-expired-before-cutoff', now() - interval '2 days', now() - interval '1 day' - interval '5 minutes', NULL),
  (1, 2, 'edge:unused-expired-after-cutoff',  now() - interval '2 days', now() - interval '1 day' + interval '5 minutes', NULL),
  (2, 3, 'edge:used-just-now',                now() - interval '2 minutes', now() + interval '3 minutes', now() - interval '1 minute');
INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
SELECT 1 + g % 5, g, 'fill:' || g, now() - interval '3 days',
       CASE WHEN k <= 5 THEN now() - interval '2 days' ELSE now() + interval '5 minutes' END,
       CASE WHEN k <= 2 THEN now() - interval '3 days' WHEN k = 7 THEN now() - interval '2 hours' END
  FROM (SELECT g, g % 10 AS k FROM generate_series(1, %1) g) s;
ANALYZE identidad.trx_pre_tokens;
)SQL")
        .arg(filler);
}

QString logSeedSql()
{
    return QStringLiteral(R"SQL(
DO $$
DECLARE n int;
BEGIN
  FOREACH n IN ARRAY ARRAY[15, 14, 13, 12, 1, 0] LOOP
    PERFORM identidad.crear_particion_log_sesiones((date_trunc('month', now()) - make_interval(months => n))::date);
  END LOOP;
END $$;
INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)
SELECT 1 + g % 3, g, 'login', date_trunc('month', now()) - make_interval(months => n) + g * interval '1 hour'
  FROM unnest(ARRAY[15, 14, 13, 12, 1, 0]) n, generate_series(0, 49) g;
INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)
VALUES (1, 1, 'login', now() - interval '30 months');
ANALYZE identidad.log_sesiones;
)SQL");
}

// The rules in the test's own words, at "now" minus the retention (no row lies within minutes of it).
const QString kRefreshEligible = QStringLiteral(
    "CASE WHEN expiracion < now() - interval '30 days' THEN true "
    "WHEN revocado AND revocado_en IS NOT NULL THEN revocado_en < now() - interval '30 days' ELSE false END");
const QString kPreEligible =
    QStringLiteral("CASE WHEN expiracion < now() - interval '1 day' THEN true "
                   "WHEN usado_en IS NOT NULL THEN usado_en < now() - interval '1 day' ELSE false END");

} // namespace

class TestCliPurge : public CliTestCase
{
    Q_OBJECT
private slots:
    void purgeWithoutYesDeletesNothing();
    void purgeAllYesJsonMatchesIndependentCounts();
    void lockHeldElsewhereExits5();
    void interruptedDuringSlowBatchExits6_data();
    void interruptedDuringSlowBatchExits6();
    void sigkillMidRunIsMarkedInterruptedOnNextConnect();
    void holdAddedMidRunIsExplained();
    void runIsRecordedWithoutUserEnvironment();
    void otherLockKeyIsWarnedAndRecorded();

private:
    // userName: $USER of the CLI; empty = neither USER nor USERNAME set (cron, systemd units, containers).
    void prepare(QProcess &p, const test::TestDatabase &db, const QStringList &args,
                 const QString &userName = QStringLiteral("tester")) const
    {
        p.setProcessEnvironment(cliEnvironment(m_sandbox, m_home.path(), userName));
        p.setProgram(m_cli);
        p.setArguments(args + QStringList{QStringLiteral("--conninfo"), conninfo(db)});
    }

    CliResult runCli(const test::TestDatabase &db, const QStringList &args,
                     const QString &userName = QStringLiteral("tester")) const
    {
        QProcess p;
        prepare(p, db, args, userName);
        return runProcess(p, 120000);
    }
};

void TestCliPurge::purgeWithoutYesDeletesNothing()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("cli"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(cliRefreshSeedSql(2000)));
    QVERIFY(db.exec(cliPreSeedSql(1000)));
    QVERIFY(db.exec(logSeedSql()));
    QVERIFY(setupHistory(db));
    const QList<qint64> refresh = allIds(db, QStringLiteral("identidad.trx_refresh_tokens"));
    const QList<qint64> pre = allIds(db, QStringLiteral("identidad.trx_pre_tokens"));
    const QList<qint64> log = allIds(db, QStringLiteral("identidad.log_sesiones"));
    const qint64 eligible =
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE %1")
                      .arg(kRefreshEligible))
            .toLongLong();
    QVERIFY(eligible > 0);

    const CliResult human =
        runCli(db, {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens")});
    QVERIFY2(human.exitStatus == QProcess::NormalExit && human.exitCode == 0, qPrintable(human.describe()));
    QVERIFY2(!human.out.isEmpty(), qPrintable(human.describe()));
    QVERIFY2(human.err.contains("--yes"), qPrintable(human.describe()));

    const CliResult json =
        runCli(db, {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                    QStringLiteral("--json"), QStringLiteral("--batch-size"), QStringLiteral("500")});
    QVERIFY2(json.exitStatus == QProcess::NormalExit && json.exitCode == 0, qPrintable(json.describe()));
    const QJsonObject o = QJsonDocument::fromJson(json.out).object();
    const QJsonArray rules = o.value(QStringLiteral("rules")).toArray();
    QCOMPARE(rules.size(), 1);
    QCOMPARE(rules.at(0).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("refresh_tokens"));
    QCOMPARE(qint64(rules.at(0).toObject().value(QStringLiteral("eligible")).toDouble()), eligible);
    QVERIFY2(!o.contains(QStringLiteral("run_id")), "a preview is not a run");

    QCOMPARE(allIds(db, QStringLiteral("identidad.trx_refresh_tokens")), refresh);
    QCOMPARE(allIds(db, QStringLiteral("identidad.trx_pre_tokens")), pre);
    QCOMPARE(allIds(db, QStringLiteral("identidad.log_sesiones")), log);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas")).toInt(), 0);
}

void TestCliPurge::purgeAllYesJsonMatchesIndependentCounts()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("cli"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(cliRefreshSeedSql(kFiller)));
    QVERIFY(db.exec(cliPreSeedSql(kFiller / 2)));
    QVERIFY(db.exec(logSeedSql()));
    QVERIFY(setupHistory(db));
    // One live family: three rotated members the rule removes (its live_family_rows) and its head.
    QVERIFY(db.exec(
        QStringLiteral("INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, "
                       "token_hash, creado_en, "
                       "expiracion, revocado, revocado_en) SELECT 1, 9, md5('cli-live')::uuid, 'live:' || m, "
                       "now() - interval '90 days', now() + interval '5 days', m < 3, "
                       "CASE WHEN m < 3 THEN now() - interval '40 days' END FROM generate_series(0, 3) m")));

    const QList<qint64> refresh = allIds(db, QStringLiteral("identidad.trx_refresh_tokens"));
    const QList<qint64> refreshGone =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1").arg(kRefreshEligible));
    const QList<qint64> pre = allIds(db, QStringLiteral("identidad.trx_pre_tokens"));
    const QList<qint64> preGone =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_pre_tokens WHERE %1").arg(kPreEligible));
    const QStringList partsGone =
        removableLogPartitions(db, {15, 14, 13, 12, 1, 0}, QStringLiteral("now() - interval '365 days'"));
    QVERIFY2(partsGone.size() >= 3, qPrintable(partsGone.join(u',')));
    const QList<qint64> log = allIds(db, QStringLiteral("identidad.log_sesiones"));
    QList<qint64> logGone;
    for (const QString &part : partsGone)
        logGone << db.ids(QStringLiteral("SELECT id FROM %1").arg(part));
    QVERIFY(refreshGone.size() > 5000);
    QVERIFY(preGone.size() > 2000);

    const CliResult r =
        runCli(db, {QStringLiteral("purge"), QStringLiteral("--all"), QStringLiteral("--yes"),
                    QStringLiteral("--json"), QStringLiteral("--batch-size"), QStringLiteral("500")});
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 0, qPrintable(r.describe()));
    QJsonParseError pe;
    const QJsonObject o = QJsonDocument::fromJson(r.out, &pe).object();
    QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString() + u' ' + r.describe()));
    const QString runId = o.value(QStringLiteral("run_id")).toString();
    QVERIFY(!runId.isEmpty());
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QMap<QString, QJsonObject> byId;
    for (const QJsonValue &v : o.value(QStringLiteral("rules")).toArray())
        byId.insert(v.toObject().value(QStringLiteral("id")).toString(), v.toObject());
    QCOMPARE(byId.keys(), (QStringList{QStringLiteral("log_sesiones"), QStringLiteral("pre_tokens"),
                                       QStringLiteral("refresh_tokens")}));
    for (const QJsonObject &rule : byId) {
        QCOMPARE(rule.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        QVERIFY(rule.contains(QStringLiteral("batches")));
        QVERIFY(rule.contains(QStringLiteral("retries")));
        QVERIFY(rule.contains(QStringLiteral("duration_ms")));
    }
    QCOMPARE(qint64(byId.value(QStringLiteral("refresh_tokens")).value(QStringLiteral("deleted")).toDouble()),
             qint64(refreshGone.size()));
    QVERIFY(byId.value(QStringLiteral("refresh_tokens")).value(QStringLiteral("batches")).toInt() >= 5);
    QCOMPARE(qint64(byId.value(QStringLiteral("pre_tokens")).value(QStringLiteral("deleted")).toDouble()),
             qint64(preGone.size()));
    const QJsonObject logRule = byId.value(QStringLiteral("log_sesiones"));
    QCOMPARE(qint64(logRule.value(QStringLiteral("deleted")).toDouble()), qint64(logGone.size()));
    QStringList dropped;
    for (const QJsonValue &v : logRule.value(QStringLiteral("dropped_partitions")).toArray())
        dropped << v.toString();
    dropped.sort();
    QCOMPARE(dropped, partsGone);

    QCOMPARE(allIds(db, QStringLiteral("identidad.trx_refresh_tokens")), minus(refresh, refreshGone));
    QCOMPARE(allIds(db, QStringLiteral("identidad.trx_pre_tokens")), minus(pre, preGone));
    QCOMPARE(allIds(db, QStringLiteral("identidad.log_sesiones")), minus(log, logGone));
    for (const QString &part : partsGone)
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(),
                 qPrintable(part));
    QCOMPARE(runState(db, runId), QStringLiteral("ok"));
    // operador is the database role; usuario_so the OS account as the OS says (USER=tester is ignored).
    QCOMPARE(db.scalar(QStringLiteral("SELECT origen || '/' || operador || '/' || usuario_so FROM "
                                      "identidad.purga_corridas WHERE corrida_id = '%1'")
                           .arg(runId))
                 .toString(),
             QStringLiteral("manual/identidad_purga/") + osUserName());
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_metricas WHERE corrida_id = '%1' "
                                      "AND metrica = 'identidad_purga_filas'")
                           .arg(runId))
                 .toInt(),
             3);
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT valor FROM identidad.purga_metricas WHERE corrida_id = '%1' "
                                 "AND metrica = 'identidad_purga_filas' AND tabla = 'trx_refresh_tokens'")
                      .arg(runId))
            .toLongLong(),
        qint64(refreshGone.size()));
    // The live families' rows the purge removed (family-aware retention off), counted before it.
    const QJsonObject family = o.value(QStringLiteral("family_retention"))
                                   .toObject()
                                   .value(QStringLiteral("refresh_tokens"))
                                   .toObject();
    QCOMPARE(family.value(QStringLiteral("family_aware")).toBool(true), false);
    QCOMPARE(family.value(QStringLiteral("live_family_rows")).toInteger(-1), qint64(3));
    // The receipt's key range is that of the deleted rows.
    const QJsonObject refreshRule = byId.value(QStringLiteral("refresh_tokens"));
    QCOMPARE(qint64(refreshRule.value(QStringLiteral("key_min")).toDouble()),
             *std::min_element(refreshGone.begin(), refreshGone.end()));
    QCOMPARE(qint64(refreshRule.value(QStringLiteral("key_max")).toDouble()),
             *std::max_element(refreshGone.begin(), refreshGone.end()));
}

void TestCliPurge::lockHeldElsewhereExits5()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("cli"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(cliRefreshSeedSql(1000)));
    QVERIFY(db.exec(cliPreSeedSql(500)));
    QVERIFY(setupHistory(db));
    const QList<qint64> refresh = allIds(db, QStringLiteral("identidad.trx_refresh_tokens"));
    const QList<qint64> pre = allIds(db, QStringLiteral("identidad.trx_pre_tokens"));

    PgConnection holder;
    DbFailure e;
    QVERIFY(holder.open(test::superuserProfile(m_sandbox, db.name()), QString(), &e));
    QString err;
    QVERIFY2(holder.execScript(QStringLiteral("SELECT pg_advisory_lock(731001)"), &err), qPrintable(err));

    const CliResult r =
        runCli(db, {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                    QStringLiteral("--rule"), QStringLiteral("pre_tokens"), QStringLiteral("--yes"),
                    QStringLiteral("--json")});
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 5, qPrintable(r.describe()));
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("lock_ocupado"));
    const QString holderText = o.value(QStringLiteral("lock_holder")).toString();
    QVERIFY2(holderText.contains(QStringLiteral("pid %1").arg(holder.backendPid())),
             qPrintable(r.describe()));
    QVERIFY2(QString::fromUtf8(r.err).contains(QString::number(holder.backendPid())),
             qPrintable(r.describe()));
    QCOMPARE(allIds(db, QStringLiteral("identidad.trx_refresh_tokens")), refresh);
    QCOMPARE(allIds(db, QStringLiteral("identidad.trx_pre_tokens")), pre);
    QCOMPARE(runState(db, o.value(QStringLiteral("run_id")).toString()), QStringLiteral("lock_ocupado"));
}

void TestCliPurge::interruptedDuringSlowBatchExits6_data()
{
    QTest::addColumn<bool>("signal"); // else the purge's backend is terminated
    QTest::addColumn<QString>("status");
    QTest::newRow("SIGINT") << true << QStringLiteral("cancelado");
    // The run's own session gone: its history row is closed on a new connection, not left en_curso.
    QTest::newRow("backend terminated") << false << QStringLiteral("error");
}

void TestCliPurge::interruptedDuringSlowBatchExits6()
{
    QFETCH(bool, signal);
    QFETCH(QString, status);
    test::TestDatabase db(m_sandbox, QStringLiteral("cli"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(cliRefreshSeedSql(kFiller)));
    QVERIFY(setupHistory(db));
    const QList<qint64> all = allIds(db, QStringLiteral("identidad.trx_refresh_tokens"));
    const QList<qint64> eligibleByCtid =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid")
                   .arg(kRefreshEligible));
    const qint64 slowId = eligibleByCtid.at(eligibleByCtid.size() * 6 / 10);
    QVERIFY(db.exec(
        slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"), slowId, QStringLiteral("20"))));

    QProcess p;
    prepare(p, db,
            {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
             QStringLiteral("--yes"), QStringLiteral("--json"), QStringLiteral("--batch-size"),
             QStringLiteral("500")});
    p.start();
    QVERIFY(p.waitForStarted(10000));
    const QString sleeping =
        QStringLiteral("SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                       "AND usename = 'identidad_purga' AND wait_event = 'PgSleep'");
    if (!waitFor(db, QStringLiteral("SELECT EXISTS (%1)").arg(sleeping), 30000, &p)) {
        p.kill();
        p.waitForFinished(5000);
        QFAIL(qPrintable(QStringLiteral("the slow batch was never seen running: %1")
                             .arg(QString::fromUtf8(p.readAllStandardError()))));
    }
    QElapsedTimer t;
    t.start();
    if (signal)
        QCOMPARE(::kill(pid_t(p.processId()), SIGINT), 0);
    else
        QVERIFY(
            db.scalar(QStringLiteral("SELECT pg_terminate_backend(pid) FROM (%1) s").arg(sleeping)).toBool());
    QVERIFY(p.waitForFinished(15000));
    const qint64 afterSignalMs = t.elapsed();
    const CliResult r = finishedResult(p);
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));
    QVERIFY2(afterSignalMs < 5000,
             qPrintable(QStringLiteral("exited %1 ms after the interruption").arg(afterSignalMs)));
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QStringLiteral("status")).toString(), status);
    const QJsonObject rule = o.value(QStringLiteral("rules")).toArray().at(0).toObject();
    QCOMPARE(rule.value(QStringLiteral("status")).toString(), status);
    const qint64 deleted = qint64(rule.value(QStringLiteral("deleted")).toDouble());
    QVERIFY(deleted > 0);
    // Committed batches stay, the cancelled one (with the slow row) is all there.
    QCOMPARE(allIds(db, QStringLiteral("identidad.trx_refresh_tokens")),
             minus(all, eligibleByCtid.mid(0, deleted)));
    QCOMPARE(
        db.scalar(
              QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE id = %1").arg(slowId))
            .toInt(),
        1);
    QCOMPARE(runState(db, o.value(QStringLiteral("run_id")).toString()), status);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas")).toInt(), 1);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")).toInt(),
             0);
}

void TestCliPurge::sigkillMidRunIsMarkedInterruptedOnNextConnect()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("cli"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(cliRefreshSeedSql(kFiller)));
    QVERIFY(setupHistory(db));
    const qint64 total =
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();

    // A polite purge (a pause between batches) killed after its first committed batch.
    QProcess p;
    prepare(p, db,
            {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
             QStringLiteral("--yes"), QStringLiteral("--batch-size"), QStringLiteral("500"),
             QStringLiteral("--pause-ms"), QStringLiteral("200")});
    p.start();
    QVERIFY(p.waitForStarted(10000));
    const bool midRun =
        waitFor(db,
                QStringLiteral("SELECT EXISTS (SELECT 1 FROM identidad.purga_corridas WHERE estado = "
                               "'en_curso') AND (SELECT count(*) FROM identidad.trx_refresh_tokens) < %1")
                    .arg(total),
                30000, &p);
    if (!midRun) {
        p.kill();
        p.waitForFinished(5000);
        QFAIL(qPrintable(QStringLiteral("the run was never seen in progress: %1")
                             .arg(QString::fromUtf8(p.readAllStandardError()))));
    }
    p.kill(); // SIGKILL
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitStatus(), QProcess::CrashExit);

    const QString runId =
        db.scalar(QStringLiteral("SELECT corrida_id::text FROM identidad.purga_corridas")).toString();
    const int backendPid =
        db.scalar(QStringLiteral("SELECT backend_pid FROM identidad.purga_corridas WHERE corrida_id = '%1'")
                      .arg(runId))
            .toInt();
    QVERIFY(backendPid > 0);
    QCOMPARE(runState(db, runId), QStringLiteral("en_curso"));
    // The server notices the dead client and ends its backend (and with it the session's lock).
    QVERIFY2(waitFor(db,
                     QStringLiteral("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1)")
                         .arg(backendPid),
                     15000),
             "the killed CLI's backend stayed");
    const qint64 remaining =
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
    QVERIFY(remaining < total);

    // The next connection (any command) marks the run interrupted.
    const CliResult status = runCli(db, {QStringLiteral("status")});
    QVERIFY2(status.exitStatus == QProcess::NormalExit && status.exitCode == 0,
             qPrintable(status.describe()));
    QCOMPARE(runState(db, runId), QStringLiteral("interrumpido"));
    QVERIFY(db.scalar(QStringLiteral("SELECT terminada_en IS NOT NULL FROM identidad.purga_corridas "
                                     "WHERE corrida_id = '%1'")
                          .arg(runId))
                .toBool());
    // No rows moved after the kill, and the lock is free for a fresh session.
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
             remaining);
    PgConnection fresh;
    DbFailure e;
    QVERIFY(fresh.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &e));
    QSqlQuery q(fresh.database());
    QVERIFY(q.exec(QStringLiteral("SELECT pg_try_advisory_lock(731001)")) && q.next());
    QVERIFY(q.value(0).toBool());
}

// A hold placed while the purge runs (here by a trigger on the first batch's first row) keeps the
// rows the later batches reach, and the human receipt says why fewer rows went than were counted.
void TestCliPurge::holdAddedMidRunIsExplained()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("cli"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(cliRefreshSeedSql(kFiller)));
    QVERIFY(setupHistory(db));
    const QList<qint64> eligibleByCtid =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid")
                   .arg(kRefreshEligible));
    QVERIFY(eligibleByCtid.size() > 1000);
    const qint64 lastId = eligibleByCtid.last();
    const int tenant =
        db.scalar(
              QStringLiteral("SELECT empresa_id FROM identidad.trx_refresh_tokens WHERE id = %1").arg(lastId))
            .toInt();
    QVERIFY(
        db.exec(QStringLiteral(
                    "CREATE FUNCTION public.purga_test_hold() RETURNS trigger LANGUAGE plpgsql AS $f$ "
                    "BEGIN IF OLD.id = %1 THEN INSERT INTO identidad.purga_retenciones (alcance, empresa_id, "
                    "motivo) VALUES ('empresa', %2, 'INC-mid-run'); END IF; RETURN OLD; END $f$; "
                    "CREATE TRIGGER purga_test_hold BEFORE DELETE ON identidad.trx_refresh_tokens FOR EACH "
                    "ROW EXECUTE FUNCTION public.purga_test_hold();")
                    .arg(eligibleByCtid.first())
                    .arg(tenant)));

    const CliResult r =
        runCli(db, {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                    QStringLiteral("--yes"), QStringLiteral("--batch-size"), QStringLiteral("500")});
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 0, qPrintable(r.describe()));
    QVERIFY2(QString::fromUtf8(r.out).contains(QStringLiteral("kept by a legal hold added during the run")),
             qPrintable(r.describe()));
    QCOMPARE(
        db.scalar(
              QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE id = %1").arg(lastId))
            .toInt(),
        1);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE (%1) AND "
                                      "empresa_id <> %2")
                           .arg(kRefreshEligible)
                           .arg(tenant))
                 .toInt(),
             0);
}

void TestCliPurge::runIsRecordedWithoutUserEnvironment()
{
    // A scheduled run (cron, a systemd unit, a container) often has neither USER nor USERNAME:
    // the run must still be recorded (the history is how the DBA sees what the job did).
    test::TestDatabase db(m_sandbox, QStringLiteral("cli"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(cliPreSeedSql(500)));
    QVERIFY(setupHistory(db));
    const CliResult r =
        runCli(db,
               {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("pre_tokens"),
                QStringLiteral("--yes"), QStringLiteral("--json")},
               QString());
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 0, qPrintable(r.describe()));
    const QString runId = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("run_id")).toString();
    QVERIFY(!runId.isEmpty());
    QVERIFY2(!r.err.contains("could not be recorded"), qPrintable(r.describe()));
    QCOMPARE(runState(db, runId), QStringLiteral("ok"));
    QVERIFY(!db.scalar(QStringLiteral("SELECT operador FROM identidad.purga_corridas WHERE corrida_id = '%1'")
                           .arg(runId))
                 .toString()
                 .isEmpty());
}

void TestCliPurge::otherLockKeyIsWarnedAndRecorded()
{
    // --lock-key is recorded in the history and warned about (the job keeps 731001).
    test::TestDatabase db(m_sandbox, QStringLiteral("cli"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(cliPreSeedSql(200)));
    QVERIFY(setupHistory(db));
    const CliResult r =
        runCli(db, {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("pre_tokens"),
                    QStringLiteral("--yes"), QStringLiteral("--json"), QStringLiteral("--lock-key"),
                    QStringLiteral("42")});
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 0, qPrintable(r.describe()));
    QVERIFY2(r.errText().contains(QLatin1String("731001")), qPrintable(r.describe()));
    const QString runId = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("run_id")).toString();
    QVERIFY(!runId.isEmpty());
    const QString detail =
        db.scalar(QStringLiteral("SELECT detalle FROM identidad.purga_corridas WHERE corrida_id = '%1'")
                      .arg(runId))
            .toString();
    QVERIFY2(detail.contains(QLatin1String("lock key 42")), qPrintable(detail));
}

QTEST_GUILESS_MAIN(TestCliPurge)
#include "tst_cli_purge.moc"
