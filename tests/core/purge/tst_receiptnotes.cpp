// The job beside the app: the receipt repeats what the ADR's scheduled job would still
// delete inside the forensic window, names the sessions that waited for the purge lock during the
// run (the job at 03:00), and carries the warning of a retention shorter than the forensic window.
// Real PostgreSQL; the waiting session is a real second connection blocked in pg_advisory_lock.
#include "core/locks/lockwaiters.h"
#include "core/pg/pgconnection.h"
#include "core/pg/querycanceller.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/purge/receiptnotes.h"
#include "core/rules/rules.h"
#include "core/util/textformat.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <libpq-fe.h>

using namespace purga;
using namespace purga::test;

class TestJobWindow : public QObject
{
    Q_OBJECT

private:
    SandboxInfo m_sandbox;

private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    // Exactly the window is fine, one second less is short (every rule), and the warning names
    // the rule, the retention and the window without rounding one into the other.
    void shortRetentionBoundaries_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("window");
        QTest::newRow("refresh_tokens") << kRefresh << QStringLiteral("30 days");
        QTest::newRow("pre_tokens") << kPre << QStringLiteral("24 h");
        QTest::newRow("log_sesiones") << kLog << QStringLiteral("365 days");
    }
    void shortRetentionBoundaries()
    {
        QFETCH(QString, rule);
        QFETCH(QString, window);
        RuleConfig c = Rules::defaults(rule);
        c.retentionSeconds = Rules::forensicMinimumSeconds(rule);
        QVERIFY(!Rules::isShortRetention(c));
        QVERIFY(Rules::shortRetentionWarning(c).isEmpty());
        c.retentionSeconds -= 1;
        QVERIFY(Rules::isShortRetention(c));
        const QString w = Rules::shortRetentionWarning(c);
        QVERIFY2(w.contains(rule), qPrintable(w));
        QVERIFY2(w.contains(QStringLiteral("%1 s").arg(Rules::forensicMinimumSeconds(rule) - 1)),
                 qPrintable(w));
        QVERIFY2(w.contains(window), qPrintable(w));
    }

    // The preview's count of what the ADR's job would delete inside the window comes back in the
    // receipt (and its JSON and text), and after the purge the job's own WHERE, run literally at
    // the plan's frozen instant, still matches exactly that many rows.
    void jobCountIsRepeatedInTheReceipt()
    {
        TestDatabase db(m_sandbox, QStringLiteral("jobwin"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(kFiller / 4)));
        QVERIFY(db.exec(preSeedSql(kFiller / 4)));
        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        PreviewPlan p;
        QVERIFY(plan(conn, {kRefresh, kPre}, &p));
        QVERIFY(p.rule(kRefresh)->adrSampleInWindow > 0);
        QVERIFY(p.rule(kPre)->adrSampleInWindow > 0);

        QueryCanceller canceller;
        Recorder rec;
        const PurgeReceipt r = PurgeEngine(conn, canceller).run(p, options({kRefresh, kPre}), &rec);
        QCOMPARE(r.status, RunStatus::Ok);
        const QString base = tsLiteral(p.cutoffBaseUtc);
        // The ADR's statements (adr-0021), their now() frozen at the plan's instant.
        const qint64 jobRefresh =
            db.scalar(
                  QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE revocado = TRUE "
                                 "OR expiracion < %1 - make_interval(days => 30)")
                      .arg(base))
                .toLongLong();
        const qint64 jobPre =
            db.scalar(
                  QStringLiteral("SELECT count(*) FROM identidad.trx_pre_tokens WHERE usado_en IS NOT NULL "
                                 "OR expiracion < %1 - make_interval(hours => 24)")
                      .arg(base))
                .toLongLong();
        QCOMPARE(r.jobWouldDelete.value(kRefresh), jobRefresh);
        QCOMPARE(r.jobWouldDelete.value(kPre), jobPre);
        QCOMPARE(r.jobWouldDelete.value(kRefresh), p.rule(kRefresh)->adrSampleInWindow);

        const QJsonObject job = r.toJson().value(QStringLiteral("job_would_delete")).toObject();
        QCOMPARE(job.value(kRefresh).toInteger(), jobRefresh);
        QCOMPARE(job.value(kPre).toInteger(), jobPre);
        const QString notes = receiptNotes(r).join(u'\n');
        QVERIFY2(notes.contains(
                     QStringLiteral("scheduled job's own SQL would still delete %1 rows this purge keeps")
                         .arg(formatCount(jobRefresh))),
                 qPrintable(notes));
        QVERIFY(r.shortRetention.isEmpty());
        QVERIFY(r.lockWaiters.isEmpty());
        QVERIFY(r.toJson().value(QStringLiteral("lock_waiters")).toArray().isEmpty());
    }

    // A second session blocks in pg_advisory_lock(731001) during a purge of many small batches:
    // the log says so while the purge runs, the receipt names its pid, and it gets the lock after.
    void sessionWaitingForTheLockIsNamed()
    {
        TestDatabase db(m_sandbox, QStringLiteral("jobwait"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(kFiller / 2)));
        PgConnection conn, job, watch;
        QVERIFY(openPurga(db, conn));
        QVERIFY(openPurga(db, job, QStringLiteral("adr-0021-job")));
        QVERIFY(openPurga(db, watch));
        PreviewPlan p;
        QVERIFY(plan(conn, {kRefresh}, &p, [](RuleConfig &c) { c.batchSize = 50; }));
        const qint64 jobPid = job.backendPid();
        const QString waiting =
            QStringLiteral(
                "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
                "AND pid = %1)")
                .arg(jobPid);

        Recorder rec;
        bool sent = false, seenWaiting = false;
        rec.onProgress = [&](const RuleProgress &pr) {
            if (sent || pr.batches < 2)
                return;
            sent = true; // the job starts its run: it blocks behind our lock
            if (PQsendQuery(job.handle(), "SELECT pg_advisory_lock(731001)") == 1)
                seenWaiting = pollUntil(watch, waiting, 30000);
        };
        QueryCanceller canceller;
        const PurgeReceipt r = PurgeEngine(conn, canceller).run(p, options({kRefresh}), &rec);
        QVERIFY(sent);
        QVERIFY2(seenWaiting, "the second session never waited for the lock");
        QCOMPARE(r.status, RunStatus::Ok);
        QVERIFY2(r.rules.first().batches > 10, "many small batches");

        QCOMPARE(r.lockWaiters.size(), 1);
        QCOMPARE(r.lockWaiters.first().pid, jobPid);
        QCOMPARE(r.lockWaiters.first().application, QStringLiteral("adr-0021-job"));
        QCOMPARE(r.lockWaiters.first().role, QStringLiteral("identidad_purga"));
        QVERIFY(!r.lockWaiters.first().sinceUtc.isEmpty());
        const QJsonArray json = r.toJson().value(QStringLiteral("lock_waiters")).toArray();
        QCOMPARE(json.size(), 1);
        QCOMPARE(json.first().toObject().value(QStringLiteral("pid")).toInteger(), jobPid);
        const QString pidText = QStringLiteral("pid %1").arg(jobPid);
        QVERIFY2(rec.logText().contains(pidText + QStringLiteral(" (adr-0021-job")),
                 qPrintable(rec.logText()));
        QVERIFY2(receiptNotes(r).join(u'\n').contains(pidText), qPrintable(receiptNotes(r).join(u'\n')));
        // Said once, not after every batch.
        QCOMPARE(rec.logText().count(QStringLiteral("is waiting for the purge lock")), 1);

        // The purge released the lock: the job got it.
        PGresult *res = PQgetResult(job.handle());
        QVERIFY(res);
        QCOMPARE(PQresultStatus(res), PGRES_TUPLES_OK);
        PQclear(res);
        while ((res = PQgetResult(job.handle())))
            PQclear(res);
    }

    // A retention shorter than the window (here one second short, with the override of the
    // settings) is in the preview's JSON and in the receipt; exactly the window is not.
    void shortRetentionInPreviewAndReceipt()
    {
        TestDatabase db(m_sandbox, QStringLiteral("jobshort"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(preSeedSql(200)));
        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        for (const qint64 delta : {qint64(0), qint64(-1)}) {
            PreviewPlan p;
            QVERIFY(plan(conn, {kPre}, &p, [delta](RuleConfig &c) {
                c.retentionSeconds = Rules::forensicMinimumSeconds(c.id) + delta;
                c.forensicOverride = delta < 0;
            }));
            const QJsonValue w = p.rule(kPre)->toJson().value(QStringLiteral("short_retention_warning"));
            QueryCanceller canceller;
            const PurgeReceipt r = PurgeEngine(conn, canceller).run(p, options({kPre}), nullptr);
            QCOMPARE(r.status, RunStatus::Ok);
            const QJsonArray inReceipt = r.toJson().value(QStringLiteral("short_retention")).toArray();
            if (delta == 0) {
                QVERIFY(w.isNull());
                QVERIFY(inReceipt.isEmpty());
                continue;
            }
            QVERIFY2(w.toString().contains(QStringLiteral("86399 s")), qPrintable(w.toString()));
            QCOMPARE(inReceipt.size(), 1);
            QCOMPARE(inReceipt.first().toString(), w.toString());
            QVERIFY(receiptNotes(r).join(u'\n').contains(w.toString()));
        }
    }
};

QTEST_GUILESS_MAIN(TestJobWindow)
#include "tst_receiptnotes.moc"
