// Pacing through the real purga-sesiones-cli: the replica lag of the sandbox's real
// streaming standby (replay paused with pg_wal_replay_pause()) holds the purge and the run
// finishes after pg_wal_replay_resume(); the abort limit ends it cleanly (exit 6); a lag limit
// asked for by a role that cannot see the standby's replay position (no pg_monitor) is refused
// (exit 4), the default one only warns; a throttle file holds and releases a run, and the hold
// stays cancellable with SIGINT.
#include "core/pg/pgconnection.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/types.h>

using namespace purga;
using namespace purga::test;

namespace {

// A login role that may see the standbys' replay positions (pg_monitor), with the purge's rights;
// its own, so that identidad_purga stays as the other tests expect it. Same password as
// identidad_purga (the CLI gets it in PGPASSWORD).
const QString kMonitorRole = QStringLiteral("purga_lag_monitor");

// The standby's replay, paused for as long as this lives (resumed however the test ends).
class PausedReplay
{
public:
    explicit PausedReplay(const SandboxInfo &sandbox)
    {
        ConnectionProfile p = superuserProfile(sandbox, QStringLiteral("postgres"));
        p.port = sandbox.standbyPort;
        DbFailure e;
        QString err;
        m_ok = m_standby.open(p, QString(), &e) &&
               m_standby.execScript(QStringLiteral("SELECT pg_wal_replay_pause()"), &err);
        m_error = e.message + err;
    }
    ~PausedReplay() { resume(); }
    bool resume()
    {
        QString err;
        return !m_standby.isOpen() ||
               m_standby.execScript(QStringLiteral("SELECT pg_wal_replay_resume()"), &err);
    }
    bool ok() const { return m_ok; }
    QString error() const { return m_error; }

private:
    PgConnection m_standby;
    bool m_ok = false;
    QString m_error;
};

const QString kEligible = QStringLiteral(
    "CASE WHEN expiracion < now() - interval '30 days' THEN true "
    "WHEN revocado AND revocado_en IS NOT NULL THEN revocado_en < now() - interval '30 days' ELSE false END");

} // namespace

class TestCliPacing : public CliTestCase
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!requireCli())
            return;
        QVERIFY2(m_sandbox.standbyPort > 0, "the sandbox was started without --standby");
    }

    void replicaLagHoldsBatchesUntilReplayResumes();
    void lagAboveAbortLimitEndsTheRunCleanly();
    void lagLimitTheRoleCannotSeeIsRefused_data();
    void lagLimitTheRoleCannotSeeIsRefused();
    void defaultLagLimitTheRoleCannotSeeWarns_data();
    void defaultLagLimitTheRoleCannotSeeWarns();
    void throttleFileHoldsTheRun_data();
    void throttleFileHoldsTheRun();

private:
    bool seed(TestDatabase &db)
    {
        if (!db.isValid()) {
            qWarning("%s", qPrintable(db.error()));
            return false;
        }
        const QString pw = m_sandbox.purgaPassword;
        return db.exec(refreshSeedSql(kFiller)) && setupHistory(db) &&
               db.exec(
                   QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '%1') "
                                  "THEN CREATE ROLE %1 LOGIN BYPASSRLS IN ROLE identidad_owner, "
                                  "identidad_purga, pg_monitor; "
                                  "END IF; END $$; ALTER ROLE %1 PASSWORD '%2'")
                       .arg(kMonitorRole, pw));
    }
    // Until every standby has replayed everything (so that only the purge can make it lag).
    bool waitCaughtUp(TestDatabase &db)
    {
        return waitFor(db,
                       QStringLiteral("SELECT count(*) > 0 AND bool_and(replay_lsn >= pg_current_wal_lsn()) "
                                      "FROM pg_stat_replication"),
                       30000);
    }
    void start(QProcess &p, const TestDatabase &db, const QString &role, const QStringList &args) const
    {
        p.setProcessEnvironment(cliEnvironment(m_sandbox, m_home.path()));
        p.setProgram(m_cli);
        p.setArguments(QStringList{QStringLiteral("purge"), QStringLiteral("--rule"),
                                   QStringLiteral("refresh_tokens"), QStringLiteral("--yes"),
                                   QStringLiteral("--json"), QStringLiteral("--batch-size"),
                                   QStringLiteral("500")} +
                       args + QStringList{QStringLiteral("--conninfo"), conninfo(db, role)});
        p.start();
        p.waitForStarted(10000);
    }
    // Reads stderr into *err until it contains `text` (true), or the process ends or 60 s pass.
    static bool waitForErr(QProcess &p, QByteArray *err, const QByteArray &text)
    {
        QElapsedTimer t;
        t.start();
        while (!err->contains(text) && t.elapsed() < 60000 && p.state() == QProcess::Running) {
            p.waitForReadyRead(200);
            *err += p.readAllStandardError();
        }
        *err += p.readAllStandardError();
        return err->contains(text);
    }
    static CliResult finish(QProcess &p, const QByteArray &errSoFar, int timeoutMs = 120000)
    {
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished(5000);
        }
        CliResult r = finishedResult(p);
        r.err = errSoFar + r.err;
        return r;
    }
    static qint64 eligibleNow(TestDatabase &db)
    {
        return db
            .scalar(
                QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE %1").arg(kEligible))
            .toLongLong();
    }
    static qint64 count(TestDatabase &db)
    {
        return db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
    }
};

void TestCliPacing::replicaLagHoldsBatchesUntilReplayResumes()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("pacing"));
    QVERIFY(seed(db));
    const qint64 total = count(db);
    const qint64 eligible = eligibleNow(db);
    QVERIFY(eligible > 10 * kBatch);
    QVERIFY2(waitCaughtUp(db), "the standby did not catch up");
    PausedReplay paused(m_sandbox);
    QVERIFY2(paused.ok(), qPrintable(paused.error()));

    QProcess p;
    start(p, db, kMonitorRole,
          {QStringLiteral("--max-lag-ms"), QStringLiteral("1000"), QStringLiteral("--pause-ms"),
           QStringLiteral("100")});
    QByteArray err;
    const bool waiting = waitForErr(p, &err, "Waiting for replica lag");
    if (!waiting) {
        const CliResult r = finish(p, err, 10000);
        QFAIL(qPrintable(QStringLiteral("the purge never waited for the lag: ") + r.describe()));
    }
    // Held: no batch commits while replay stays paused.
    const qint64 held = count(db);
    QVERIFY(held > total - eligible); // not done
    QTest::qWait(2500);
    QCOMPARE(count(db), held);
    QCOMPARE(p.state(), QProcess::Running);

    QVERIFY(paused.resume());
    const CliResult r = finish(p, err);
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 0, qPrintable(r.describe()));
    QString why;
    const QJsonObject o = r.json(&why);
    QVERIFY2(why.isEmpty(), qPrintable(why + r.describe()));
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QVERIFY(o.value(QStringLiteral("lag_waits")).toInt() >= 1);
    QVERIFY(o.value(QStringLiteral("throttled_ms")).toDouble() >= 2500);
    const QJsonObject rule = o.value(QStringLiteral("rules")).toArray().at(0).toObject();
    QCOMPARE(qint64(rule.value(QStringLiteral("deleted")).toDouble()), eligible);
    QCOMPARE(qint64(rule.value(QStringLiteral("planned")).toDouble()), eligible);
    QVERIFY(rule.value(QStringLiteral("largest_batch")).toDouble() <= kBatch);
    QCOMPARE(count(db), total - eligible);
    QCOMPARE(eligibleNow(db), qint64(0));
    QVERIFY2(r.errText().contains(QStringLiteral("Resumed after")), qPrintable(r.describe()));
    QVERIFY2(r.errText().contains(QStringLiteral("throttled: replica lag")), qPrintable(r.describe()));
}

void TestCliPacing::lagAboveAbortLimitEndsTheRunCleanly()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("pacing"));
    QVERIFY(seed(db));
    const qint64 total = count(db);
    QVERIFY2(waitCaughtUp(db), "the standby did not catch up");
    PausedReplay paused(m_sandbox);
    QVERIFY2(paused.ok(), qPrintable(paused.error()));

    QProcess p;
    start(p, db, kMonitorRole,
          {QStringLiteral("--max-lag-ms"), QStringLiteral("300"), QStringLiteral("--abort-lag-ms"),
           QStringLiteral("600"), QStringLiteral("--pause-ms"), QStringLiteral("100")});
    // 60 s above the abort limit (gh-ost's critical load), then a clean stop.
    const CliResult r = finish(p, QByteArray(), 150000);
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));
    QString why;
    const QJsonObject o = r.json(&why);
    QVERIFY2(why.isEmpty(), qPrintable(why + r.describe()));
    QCOMPARE(o.value(QStringLiteral("status")).toString(), QStringLiteral("cancelado"));
    QVERIFY2(o.value(QStringLiteral("message"))
                 .toString()
                 .contains(QStringLiteral("replica lag stayed above 0.6 s for 60.0 s")),
             qPrintable(r.describe()));
    QVERIFY(o.value(QStringLiteral("throttled_ms")).toDouble() >= 60000);
    const QJsonObject rule = o.value(QStringLiteral("rules")).toArray().at(0).toObject();
    QCOMPARE(rule.value(QStringLiteral("status")).toString(), QStringLiteral("cancelado"));
    const qint64 deleted = qint64(rule.value(QStringLiteral("deleted")).toDouble());
    QVERIFY(deleted > 0 && deleted < qint64(rule.value(QStringLiteral("planned")).toDouble()));
    QCOMPARE(count(db), total - deleted);
    QCOMPARE(runState(db, o.value(QStringLiteral("run_id")).toString()), QStringLiteral("cancelado"));
}

void TestCliPacing::lagLimitTheRoleCannotSeeIsRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("--max-lag-ms") << QStringList{QStringLiteral("--max-lag-ms"), QStringLiteral("500")};
    QTest::newRow("--abort-lag-ms") << QStringList{QStringLiteral("--abort-lag-ms"), QStringLiteral("2000")};
}

// identidad_purga has no pg_monitor: pg_stat_replication lists the standby but hides its replay
// position. A limit asked for would not hold anything back: refused before the first batch.
void TestCliPacing::lagLimitTheRoleCannotSeeIsRefused()
{
    QFETCH(QStringList, args);
    test::TestDatabase db(m_sandbox, QStringLiteral("pacing"));
    QVERIFY(seed(db));
    const qint64 total = count(db);
    QVERIFY(eligibleNow(db) > 0);
    QVERIFY(db.scalar(QStringLiteral("SELECT count(*) FROM pg_stat_replication")).toInt() > 0);

    QProcess p;
    start(p, db, QStringLiteral("identidad_purga"), args);
    const CliResult r = finish(p, QByteArray());
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 4, qPrintable(r.describe()));
    QVERIFY2(r.errText().contains(QStringLiteral("GRANT pg_monitor TO identidad_purga")) &&
                 r.errText().contains(args.join(u' ')),
             qPrintable(r.describe()));
    QCOMPARE(count(db), total);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas")).toInt(), 0);
}

void TestCliPacing::defaultLagLimitTheRoleCannotSeeWarns_data()
{
    QTest::addColumn<QString>("role");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("warned");
    QTest::newRow("default limit, no pg_monitor")
        << QStringLiteral("identidad_purga") << QStringList() << true;
    QTest::newRow("asked limit, pg_monitor")
        << kMonitorRole << QStringList{QStringLiteral("--max-lag-ms"), QStringLiteral("500")} << false;
    QTest::newRow("default limit, pg_monitor") << kMonitorRole << QStringList() << false;
    QTest::newRow("limit off, no pg_monitor")
        << QStringLiteral("identidad_purga")
        << QStringList{QStringLiteral("--max-lag-ms"), QStringLiteral("0")} << false;
}

// The default limit (standbys present, none asked for) that the role cannot see: the purge runs
// and says on stderr that it is not throttled; with pg_monitor, or with the limit off, nothing.
void TestCliPacing::defaultLagLimitTheRoleCannotSeeWarns()
{
    QFETCH(QString, role);
    QFETCH(QStringList, args);
    QFETCH(bool, warned);
    test::TestDatabase db(m_sandbox, QStringLiteral("pacing"));
    QVERIFY(seed(db));
    const qint64 total = count(db);
    const qint64 eligible = eligibleNow(db);

    QProcess p;
    start(p, db, role, args);
    const CliResult r = finish(p, QByteArray());
    QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 0, qPrintable(r.describe()));
    QCOMPARE(count(db), total - eligible);
    const QString warning = QStringLiteral("Warning: The default replica lag limit");
    QVERIFY2(r.errText().count(warning) == (warned ? 1 : 0), qPrintable(r.describe()));
    if (warned)
        QVERIFY2(r.errText().contains(QStringLiteral("GRANT pg_monitor TO identidad_purga")),
                 qPrintable(r.describe()));
    QVERIFY2(!r.errText().contains(QStringLiteral("cannot be enforced")) || warned, qPrintable(r.describe()));
}

void TestCliPacing::throttleFileHoldsTheRun_data()
{
    QTest::addColumn<bool>("cancel");
    QTest::newRow("released by removing the file") << false;
    QTest::newRow("cancelled with SIGINT while held") << true;
}

void TestCliPacing::throttleFileHoldsTheRun()
{
    QFETCH(bool, cancel);
    test::TestDatabase db(m_sandbox, QStringLiteral("pacing"));
    QVERIFY(seed(db));
    const qint64 total = count(db);
    const qint64 eligible = eligibleNow(db);
    QTemporaryDir dir;
    const QString flag = dir.filePath(QStringLiteral("hold-purge"));
    QVERIFY(QFile(flag).open(QIODevice::WriteOnly)); // `touch`

    QProcess p;
    start(p, db, QStringLiteral("identidad_purga"), {QStringLiteral("--throttle-file"), flag});
    QByteArray err;
    const QString said = QStringLiteral("Throttle file %1 present").arg(flag);
    if (!waitForErr(p, &err, said.toUtf8()))
        QFAIL(qPrintable(QStringLiteral("no hold: ") + finish(p, err, 10000).describe()));
    QTest::qWait(1500);
    QCOMPARE(count(db), total); // no batch started while the file exists
    QCOMPARE(p.state(), QProcess::Running);
    if (cancel)
        QCOMPARE(::kill(pid_t(p.processId()), SIGINT), 0);
    else
        QVERIFY(QFile::remove(flag));
    const CliResult r = finish(p, err, cancel ? 15000 : 120000); // a generous bound on a hang
    QVERIFY2(r.finished && r.exitStatus == QProcess::NormalExit && r.exitCode == (cancel ? 6 : 0),
             qPrintable(r.describe()));
    QString why;
    const QJsonObject o = r.json(&why);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(o.value(QStringLiteral("status")).toString(),
             cancel ? QStringLiteral("cancelado") : QStringLiteral("ok"));
    QVERIFY(o.value(QStringLiteral("throttled_ms")).toDouble() >= 1500);
    QCOMPARE(o.value(QStringLiteral("lag_waits")).toInt(), 0);
    QCOMPARE(count(db), cancel ? total : total - eligible);
    // Said once, with the path, however long the hold.
    QCOMPARE(r.errText().count(said), 1);
}

QTEST_GUILESS_MAIN(TestCliPacing)
#include "tst_cli_pacing.moc"
