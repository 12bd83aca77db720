// Database tests of the batched purge: real PostgreSQL, no mocks.
// Row rules: exact id sets, a busy advisory lock, a table lock that times out, the blast-radius
// breaker, a concurrent writer, a database whose transactions default to read-only. Interruptions are in
// tst_purgeinterrupt, log_sesiones in tst_purgepartitions; seed data and helpers in
// testsupport/purgefixtures. Every function gets a fresh database cloned from the template; the history
// tables are created by identidad_purga itself (HistoryStore::setup) so that it owns and may write them.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

using namespace purga;
using namespace purga::test;

// The API in a loop (its own role, one tenant through RLS): it inserts a token and revokes the
// previous one. Some of its rows match the rule (revoked "45 days ago", or already expired): they
// are not in a preview taken before it started, so a purge must leave them.
class ApiWriter
{
public:
    ApiWriter(const ConnectionProfile &profile, const QString &password)
        : m_thread([this, profile, password] { run(profile, password); })
    {
    }
    ~ApiWriter() { stop(); }
    void stop()
    {
        m_stop.store(true);
        if (m_thread.joinable())
            m_thread.join();
    }

    std::atomic<int> iterations{0}, errors{0};
    QString firstError;
    QList<qint64> inserted, revoked;

private:
    void fail(const QString &why)
    {
        if (firstError.isEmpty())
            firstError = why;
        errors.fetch_add(1);
    }
    void run(const ConnectionProfile &profile, const QString &password)
    {
        PgConnection w;
        DbFailure e;
        QString se;
        if (!w.open(profile, password, &e))
            return fail(e.message + u' ' + e.detail);
        if (!w.execScript(QStringLiteral("SET app.current_empresa_id = '99'"), &se))
            return fail(se);
        qint64 previous = -1;
        for (int i = 0; !m_stop.load(); ++i) {
            QSqlQuery ins(w.database());
            ins.prepare(QStringLiteral("INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, "
                                       "familia_id, token_hash, expiracion) "
                                       "VALUES (99, ?, gen_random_uuid(), 'writer:' || ?, CASE WHEN ? % 3 = "
                                       "0 THEN now() - interval '60 days' "
                                       "ELSE now() + interval '30 days' END) RETURNING id"));
            for (int k = 0; k < 3; ++k)
                ins.addBindValue(i);
            if (!ins.exec() || !ins.next()) {
                fail(ins.lastError().text());
                continue;
            }
            const qint64 id = ins.value(0).toLongLong();
            inserted << id;
            if (previous > 0)
                revoke(w, previous, i);
            previous = id;
            iterations.fetch_add(1);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }
    void revoke(PgConnection &w, qint64 id, int i)
    {
        QSqlQuery up(w.database());
        up.prepare(QStringLiteral("UPDATE identidad.trx_refresh_tokens SET revocado = true, revocado_en = "
                                  "CASE WHEN ? % 2 = 0 THEN now() ELSE now() - interval '45 days' END "
                                  "WHERE id = ?"));
        up.addBindValue(i);
        up.addBindValue(id);
        if (!up.exec() || up.numRowsAffected() != 1)
            fail(up.lastError().text() + QStringLiteral(" (rows %1)").arg(up.numRowsAffected()));
        else
            revoked << id;
    }

    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

// Cancels backend `pid`'s statement if stop() has not come within `ms`, and keeps what it was running.
class StatementWatchdog
{
public:
    StatementWatchdog(const ConnectionProfile &superuser, int pid, int ms)
        : m_thread([this, superuser, pid, ms] { run(superuser, pid, ms); })
    {
    }
    ~StatementWatchdog() { stop(); }
    void stop()
    {
        m_done.store(true);
        if (m_thread.joinable())
            m_thread.join();
    }
    bool fired() const { return m_fired.load(); }
    QString blockedQuery() const { return m_query; } // read after stop()

private:
    void run(const ConnectionProfile &superuser, int pid, int ms)
    {
        PgConnection w;
        DbFailure e;
        if (!w.open(superuser, QString(), &e))
            return;
        QElapsedTimer t;
        t.start();
        while (!m_done.load() && t.elapsed() < ms)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (m_done.load())
            return;
        m_query = valueOn(w, QStringLiteral("SELECT query FROM pg_stat_activity WHERE pid = %1").arg(pid))
                      .toString();
        m_fired.store(true);
        valueOn(w, QStringLiteral("SELECT pg_cancel_backend(%1)").arg(pid));
    }

    std::atomic<bool> m_done{false}, m_fired{false};
    QString m_query;
    std::thread m_thread;
};

class TestPurgeEngine : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void purgesExactlyThePreview_data();
    void purgesExactlyThePreview();
    void advisoryLockHeldElsewhereDeletesNothing();
    void conflictingTableLockRetriesThenStopsCleanly_data();
    void conflictingTableLockRetriesThenStopsCleanly();
    void blastRadiusBreakerNeverExceedsThePreview();
    void concurrentWriterIsUntouched();
    void ruleMissingFromThePlanSkipsEveryLaterRule();
    void batchSizeIsAHardBound();
    void lockHolderOfAnotherRoleIsNotGuessed();
    void readOnlyDefaultStillPurges();

private:
    void checkRunRecorded(test::TestDatabase &db, PgConnection &conn, const PurgeReceipt &r,
                          const QString &table, qint64 eligible);
    test::SandboxInfo m_sandbox;
};

void TestPurgeEngine::purgesExactlyThePreview_data()
{
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QStringList>("goneEdges");
    QTest::addColumn<QStringList>("keptEdges");
    // Chained: no pooler and no replica lag to read, so each batch goes with the previous COMMIT;
    // else one batch a request, as behind a pooler.
    QTest::addColumn<bool>("direct");
    const QStringList refreshGone{QStringLiteral("edge:expired-before-cutoff"),
                                  QStringLiteral("edge:revoked-before-cutoff"),
                                  QStringLiteral("edge:revoked-null-exp-before"),
                                  QStringLiteral("edge:revoked-recently-expired-long-ago")};
    const QStringList refreshKept{QStringLiteral("edge:active"),
                                  QStringLiteral("edge:expired-after-cutoff"),
                                  QStringLiteral("edge:not-revoked-old-revocado_en"),
                                  QStringLiteral("edge:revoked-after-cutoff"),
                                  QStringLiteral("edge:revoked-null-exp-after"),
                                  QStringLiteral("edge:revoked-null-exp-future")};
    const QStringList preGone{QStringLiteral("edge:unused-expired-before-cutoff"),
                              QStringLiteral("edge:used-before-cutoff"),
                              QStringLiteral("edge:used-just-now-expired-long-ago")};
    const QStringList preKept{QStringLiteral("edge:fresh"),
                              QStringLiteral("edge:unused-expired-after-cutoff"),
                              QStringLiteral("edge:used-after-cutoff"), QStringLiteral("edge:used-just-now")};
    for (const bool direct : {true, false}) {
        const char *path = direct ? "chained" : "one batch a request";
        QTest::addRow("refresh_tokens, %s", path) << kRefresh << refreshGone << refreshKept << direct;
        QTest::addRow("pre_tokens, %s", path) << kPre << preGone << preKept << direct;
    }
}

// A finished run in the history: its row, its two metrics for `table`, and the lock released.
void TestPurgeEngine::checkRunRecorded(test::TestDatabase &db, PgConnection &conn, const PurgeReceipt &r,
                                       const QString &table, qint64 eligible)
{
    // History: the run and its two metrics for this table.
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT backend_pid FROM identidad.purga_corridas WHERE corrida_id = '%1'")
                      .arg(r.runId))
            .toInt(),
        conn.backendPid());
    // operador: the database role; usuario_so: the OS user the caller gave (PurgeOptions::operatorName).
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT origen || '/' || operador || '/' || usuario_so || '/' || "
                           "(terminada_en IS NOT NULL) FROM identidad.purga_corridas WHERE corrida_id = '%1'")
                           .arg(r.runId))
                 .toString(),
             QStringLiteral("manual/identidad_purga/tester/true"));
    const QString bare = table.section(u'.', -1);
    QCOMPARE(metric(db, r.runId, QStringLiteral("identidad_purga_filas"), bare).toLongLong(), eligible);
    const QVariant dur = metric(db, r.runId, QStringLiteral("identidad_purga_duracion_ms"), bare);
    QVERIFY(!dur.isNull());
    QCOMPARE(dur.toLongLong(), r.rules.first().durationMs);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_metricas WHERE corrida_id = '%1'"
                                      " AND metrica LIKE 'identidad\\_purga\\_%'")
                           .arg(r.runId))
                 .toInt(),
             2);
    // The advisory lock is released at the end.
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = %1")
                      .arg(conn.backendPid()))
            .toInt(),
        0);
}

void TestPurgeEngine::purgesExactlyThePreview()
{
    QFETCH(QString, rule);
    QFETCH(QStringList, goneEdges);
    QFETCH(QStringList, keptEdges);
    QFETCH(bool, direct);
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // Both tables are filled: the other one must come out untouched.
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    QVERIFY(db.exec(preSeedSql(kFiller / 2)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    conn.setDirect(direct);
    QVERIFY(setupHistory(conn));

    PreviewPlan p;
    QVERIFY(plan(conn, {rule}, &p));
    const RulePreview *rp = p.rule(rule);
    QVERIFY(rp);
    const QString table = Rules::table(rule);
    const QString otherTable = Rules::table(rule == kRefresh ? kPre : kRefresh);
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(table));
    const QList<qint64> eligible = db.ids(QStringLiteral("SELECT id FROM %1 WHERE %2 ORDER BY id")
                                              .arg(table, eligibleWhere(rule, rp->cutoffUtc)));
    const QList<qint64> otherBefore = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(otherTable));
    QCOMPARE(rp->eligible, qint64(eligible.size()));
    QCOMPARE(rp->total, qint64(all.size()));
    QVERIFY2(eligible.size() > 10 * kBatch, "the data must need several batches");
    QCOMPARE(strings(db, QStringLiteral("SELECT token_hash FROM %1 WHERE token_hash LIKE 'edge:%' AND %2")
                             .arg(table, eligibleWhere(rule, rp->cutoffUtc))),
             goneEdges);

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    PurgeOptions o = options({rule});
    if (direct)
        o.pacing.maxLagMs = 0;
    const PurgeReceipt r = engine.run(p, o, &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    QCOMPARE(r.exitCode(), 0);
    QVERIFY(!r.runId.isEmpty());
    QCOMPARE(r.cutoffBaseUtc, p.cutoffBaseUtc);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Ok);
    QCOMPARE(rr.deleted, rp->eligible);
    QCOMPARE(rr.planned, rp->eligible);
    QVERIFY2(rr.batches >= 5, qPrintable(QStringLiteral("%1 batches").arg(rr.batches)));
    QCOMPARE(rr.retries, 0);

    // Exactly the previewed rows are gone; every other row of both tables is still there.
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(table)), minus(all, eligible));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(otherTable)), otherBefore);
    QCOMPARE(
        strings(db, QStringLiteral("SELECT token_hash FROM %1 WHERE token_hash LIKE 'edge:%'").arg(table)),
        keptEdges);

    // Progress: monotonic, never above the preview, ending "ok".
    const QList<RuleProgress> prog = rec.progress();
    QVERIFY(!prog.isEmpty());
    qint64 last = 0;
    for (const RuleProgress &pr : prog) {
        QVERIFY(pr.deleted >= last);
        QVERIFY(pr.deleted <= rp->eligible);
        QCOMPARE(pr.planned, rp->eligible);
        last = pr.deleted;
    }
    QCOMPARE(prog.last().state, RuleStatus::Ok);

    checkRunRecorded(db, conn, r, table, rp->eligible);
    // The receipt's key range is that of the deleted rows.
    QCOMPARE(rr.keyMin, eligible.first());
    QCOMPARE(rr.keyMax, eligible.last());
}

void TestPurgeEngine::advisoryLockHeldElsewhereDeletesNothing()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(2000)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    QVERIFY(p.rule(kRefresh)->eligible > 0);

    // Another DBA's session (or the scheduled job) holds the ADR's key.
    PgConnection holder;
    QVERIFY(openPurga(db, holder, QStringLiteral("purga-test-holder")));
    QString err;
    QVERIFY2(holder.execScript(QStringLiteral("SELECT pg_advisory_lock(731001)"), &err), qPrintable(err));
    const QList<qint64> before =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    QCOMPARE(r.status, RunStatus::LockBusy);
    QCOMPARE(r.exitCode(), 5);
    const QString pid = QString::number(holder.backendPid());
    QVERIFY2(r.lockHolder.contains(QStringLiteral("pid ") + pid), qPrintable(r.lockHolder));
    QVERIFY2(r.lockHolder.contains(QStringLiteral("purga-test-holder")), qPrintable(r.lockHolder));
    QVERIFY2(r.message.contains(pid), qPrintable(r.message));
    qint64 deleted = 0;
    for (const RuleReceipt &rr : r.rules)
        deleted += rr.deleted;
    QCOMPARE(deleted, qint64(0));
    QCOMPARE(r.toJson().value(QStringLiteral("lock_holder")).toString(), r.lockHolder);
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")), before);
    QCOMPARE(runState(db, r.runId), QStringLiteral("lock_ocupado"));
    // The holder still has its lock; the engine took none. Advisory keys are per database: other
    // tests' databases in the same cluster may hold 731001 meanwhile.
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT string_agg(pid::text, ',') FROM pg_locks WHERE locktype = 'advisory' "
                           "AND objid = 731001 AND granted "
                           "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"))
                 .toString(),
             pid);
}

void TestPurgeEngine::conflictingTableLockRetriesThenStopsCleanly_data()
{
    QTest::addColumn<QString>("mode");
    // ACCESS EXCLUSIVE (what an ALTER TABLE takes) blocks every read too; EXCLUSIVE blocks the
    // DELETE's ROW EXCLUSIVE but not plain reads.
    QTest::newRow("access exclusive") << QStringLiteral("ACCESS EXCLUSIVE");
    QTest::newRow("exclusive") << QStringLiteral("EXCLUSIVE");
}

void TestPurgeEngine::conflictingTableLockRetriesThenStopsCleanly()
{
    QFETCH(QString, mode);
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(4000)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p, [](RuleConfig &c) {
        c.lockTimeoutMs = 100;
        c.maxLockRetries = 2;
    }));
    QVERIFY(p.rule(kRefresh)->eligible > 0);
    const QList<qint64> before =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));

    // A session keeps an ACCESS EXCLUSIVE lock in an open transaction for the whole run.
    PgConnection holder;
    QVERIFY(openPurga(db, holder, QStringLiteral("purga-test-locker")));
    QString err;
    QVERIFY2(holder.execScript(
                 QStringLiteral("BEGIN; LOCK TABLE identidad.trx_refresh_tokens IN %1 MODE").arg(mode), &err),
             qPrintable(err));
    const int holderPid = holder.backendPid();

    // If the engine waited for the lock without any timeout, the watchdog cancels its statement
    // (the retries take about 1.5 s) so that the test fails with a reason instead of hanging.
    StatementWatchdog watchdog(test::superuserProfile(m_sandbox, db.name()), conn.backendPid(), 8000);
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    watchdog.stop();
    QVERIFY(holder.execScript(QStringLiteral("ROLLBACK"), &err));

    QVERIFY2(!watchdog.fired(),
             qPrintable(QStringLiteral("the engine waited on the table lock with no lock_timeout: %1")
                            .arg(watchdog.blockedQuery())));
    QCOMPARE(r.status, RunStatus::Error);
    QCOMPARE(r.exitCode(), 1);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Error);
    QCOMPARE(rr.retries, 2);
    QCOMPARE(rr.deleted, qint64(0));
    QCOMPARE(rr.batches, 0);
    QVERIFY2(rr.message.contains(QStringLiteral("pid %1").arg(holderPid)), qPrintable(rr.message));
    QVERIFY2(r.message.contains(QStringLiteral("pid %1").arg(holderPid)), qPrintable(r.message));
    int waiting = 0;
    for (const RuleProgress &pr : rec.progress())
        if (pr.state == RuleStatus::WaitingLock)
            ++waiting;
    QCOMPARE(waiting, 2);
    // Nothing half-done.
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")), before);
    QCOMPARE(runState(db, r.runId), QStringLiteral("error"));
    QCOMPARE(
        metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_refresh_tokens"))
            .toInt(),
        0);
}
void TestPurgeEngine::blastRadiusBreakerNeverExceedsThePreview()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    conn.setDirect(true); // the batch the breaker stops came with the previous COMMIT
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QString where = eligibleWhere(kRefresh, rp->cutoffUtc);

    // After the preview, 300 kept rows inside the preview's key range become removable.
    QVERIFY(db.exec(
        QStringLiteral("UPDATE identidad.trx_refresh_tokens SET revocado = true, "
                       "revocado_en = now() - interval '40 days' WHERE id IN ("
                       "SELECT id FROM identidad.trx_refresh_tokens WHERE NOT (%1) AND id BETWEEN %2 AND %3 "
                       "ORDER BY id % 7, id LIMIT 300)")
            .arg(where)
            .arg(rp->keyMin)
            .arg(rp->keyMax)));
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE %1").arg(where))
            .toLongLong(),
        rp->eligible + 300);
    const QList<qint64> before =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    PurgeOptions o = options({kRefresh});
    o.pacing.maxLagMs = 0;
    const PurgeReceipt r = engine.run(p, o, &rec);
    QCOMPARE(r.status, RunStatus::Error);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Error);
    QVERIFY2(rr.message.contains(QLocale().toString(rp->eligible)), qPrintable(rr.message)); // grouped
    QVERIFY(rr.deleted <= rp->eligible);
    const QList<qint64> after =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    const qint64 gone = before.size() - after.size();
    QCOMPARE(gone, rr.deleted);
    QVERIFY2(gone <= rp->eligible,
             qPrintable(QStringLiteral("%1 rows gone, preview %2").arg(gone).arg(rp->eligible)));
    for (const RuleProgress &pr : rec.progress())
        QVERIFY(pr.deleted <= rp->eligible);
    QCOMPARE(runState(db, r.runId), QStringLiteral("error"));
    QCOMPARE(
        metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_refresh_tokens"))
            .toLongLong(),
        rr.deleted);
}

void TestPurgeEngine::concurrentWriterIsUntouched()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p, [](RuleConfig &c) { c.pauseMs = 15; }));
    const RulePreview *rp = p.rule(kRefresh);
    const QList<qint64> all =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    const QList<qint64> eligible =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY id")
                   .arg(eligibleWhere(kRefresh, rp->cutoffUtc)));

    // The API writes while the purge runs: its rows are not in the confirmed preview and must stay.
    ApiWriter writer(db.profile(QStringLiteral("identidad_api")),
                     db.passwordFor(QStringLiteral("identidad_api")));
    QElapsedTimer warm;
    warm.start();
    while (writer.iterations.load() < 5 && writer.errors.load() == 0 && warm.elapsed() < 10000)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const int itBefore = writer.iterations.load();
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    const int itDuring = writer.iterations.load() - itBefore;
    writer.stop();

    QVERIFY2(
        writer.errors.load() == 0,
        qPrintable(
            QStringLiteral("writer errors: %1, first: %2").arg(writer.errors.load()).arg(writer.firstError)));
    QVERIFY2(itDuring > 0, "the writer made no progress during the purge");
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.deleted, rp->eligible);
    // Every writer row is there, and the revoked ones are still revoked.
    QCOMPARE(
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE token_hash LIKE 'writer:%' "
                              "ORDER BY id")),
        sorted(writer.inserted));
    QCOMPARE(
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE token_hash LIKE 'writer:%' "
                              "AND revocado ORDER BY id")),
        sorted(writer.revoked));
    // And the pre-existing rows: exactly the preview gone.
    QCOMPARE(db.ids(QStringLiteral(
                 "SELECT id FROM identidad.trx_refresh_tokens WHERE token_hash NOT LIKE 'writer:%' "
                 "ORDER BY id")),
             minus(all, eligible));
}

void TestPurgeEngine::ruleMissingFromThePlanSkipsEveryLaterRule()
{
    // A rule the confirmed preview lacks ends the run, and every rule after it
    // still gets a "skipped" line in the receipt (a `break` used to leave them out).
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(1000)));
    QVERIFY(db.exec(preSeedSql(500)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh, kPre}, &p));
    QVERIFY(p.rule(kRefresh)->eligible > 0);
    const QList<qint64> before = allIds(db, QStringLiteral("identidad.trx_refresh_tokens"));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog, kRefresh, kPre}), &rec);
    QCOMPARE(r.status, RunStatus::Error);
    QCOMPARE(r.rules.size(), 3);
    QCOMPARE(r.rules.at(0).ruleId, kLog);
    QCOMPARE(r.rules.at(0).status, RuleStatus::Error);
    QCOMPARE(r.rules.at(1).ruleId, kRefresh);
    QCOMPARE(r.rules.at(1).status, RuleStatus::Skipped);
    QCOMPARE(r.rules.at(1).planned, p.rule(kRefresh)->eligible);
    QCOMPARE(r.rules.at(2).ruleId, kPre);
    QCOMPARE(r.rules.at(2).status, RuleStatus::Skipped);
    const QJsonArray rules = r.toJson().value(QStringLiteral("rules")).toArray();
    QCOMPARE(rules.size(), 3);
    QCOMPARE(rules.at(2).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("omitido"));
    QCOMPARE(allIds(db, QStringLiteral("identidad.trx_refresh_tokens")), before);
    QCOMPARE(runState(db, r.runId), QStringLiteral("error"));
}

void TestPurgeEngine::batchSizeIsAHardBound()
{
    // After an earlier purge left an empty prefix, the chunk grows over it (each empty
    // batch doubles it) and then meets the dense rows: no single DELETE may remove more than the
    // batch size. An AFTER STATEMENT trigger records the rows of every DELETE.
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    QVERIFY(db.exec(
        deleteSizesSql(QStringLiteral("identidad.trx_refresh_tokens")) +
        QStringLiteral("\nALTER TABLE identidad.trx_refresh_tokens SET (autovacuum_enabled = false);")));
    // The earlier purge: the first half of the table (in physical order) is gone.
    QVERIFY(db.exec(QStringLiteral(
        "DELETE FROM identidad.trx_refresh_tokens WHERE ctid < "
        "format('(%s,0)', pg_relation_size('identidad.trx_refresh_tokens') / 8192 / 2)::tid")));
    QVERIFY(db.exec(QStringLiteral("TRUNCATE public.delete_sizes")));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    // As the preflight finds it without a pooler, and no replica lag to read between batches (the
    // sandbox's standby would have it read before each): batches go with the previous COMMIT.
    conn.setDirect(true);
    constexpr int kHardBound = 100;
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p, [](RuleConfig &c) { c.batchSize = kHardBound; }));
    const qint64 eligible = p.rule(kRefresh)->eligible;
    QVERIFY2(eligible > 10 * kHardBound, qPrintable(QString::number(eligible)));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    PurgeOptions o = options({kRefresh});
    o.recordHistory = false;
    o.pacing.maxLagMs = 0;
    const PurgeReceipt r = engine.run(p, o, &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.deleted, eligible);
    QVERIFY2(rr.largestBatch > 0 && rr.largestBatch <= kHardBound,
             qPrintable(QString::number(rr.largestBatch)));
    QCOMPARE(qint64(rr.toJson().value(QStringLiteral("largest_batch")).toDouble()), rr.largestBatch);
    const qint64 largest = db.scalar(QStringLiteral("SELECT max(n) FROM public.delete_sizes")).toLongLong();
    QVERIFY2(largest <= kHardBound, qPrintable(QStringLiteral("a DELETE removed %1 rows").arg(largest)));
    QCOMPARE(largest, rr.largestBatch);
    QCOMPARE(db.scalar(QStringLiteral("SELECT sum(n) FROM public.delete_sizes")).toLongLong(), eligible);
    // The single pass that met the dense rows removed more than the batch size and was rolled back
    // (the trigger's rows with it), then its range was read again smaller.
    QVERIFY2(rr.redone > 0, qPrintable(rec.logText()));
    QCOMPARE(rr.toJson().value(QStringLiteral("batches_redone")).toInt(), rr.redone);
    // On a direct connection a batch travels with the previous one's COMMIT (one round trip), except
    // the first and one read again after an overshoot; the bound above holds for those too.
    const qint64 chained =
        db.scalar(QStringLiteral("SELECT count(*) FROM public.delete_sizes WHERE q LIKE '%COMMIT; BEGIN;%'"))
            .toLongLong();
    QVERIFY2(chained >= rr.batches - 1 - rr.redone && chained < rr.batches,
             qPrintable(QStringLiteral("%1 of %2 batches chained").arg(chained).arg(rr.batches)));
}

void TestPurgeEngine::lockHolderOfAnotherRoleIsNotGuessed()
{
    // The superuser's session (over the Unix socket) holds the key. Seen from
    // identidad_purga its client, start and state are hidden: the message says so instead of
    // "connected since  UTC, )" or a guessed "from local".
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(500)));
    QVERIFY(db.exec(QStringLiteral("SELECT pg_advisory_lock(731001)")));
    const QString holderPid = db.scalar(QStringLiteral("SELECT pg_backend_pid()")).toString();
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    PurgeOptions o = options({kRefresh});
    o.recordHistory = false;
    o.pacing.maxLagMs = 0;
    const PurgeReceipt r = engine.run(p, o, &rec);
    QVERIFY(db.exec(QStringLiteral("SELECT pg_advisory_unlock(731001)")));
    QCOMPARE(r.status, RunStatus::LockBusy);
    QVERIFY2(r.lockHolder.startsWith(QStringLiteral("pid ") + holderPid + QStringLiteral(" (")),
             qPrintable(r.lockHolder));
    QVERIFY2(r.lockHolder.contains(QLatin1String("user postgres")), qPrintable(r.lockHolder));
    QVERIFY2(r.lockHolder.contains(QLatin1String("hidden")), qPrintable(r.lockHolder));
    QVERIFY2(!r.lockHolder.contains(QLatin1String("local")), qPrintable(r.lockHolder));
    QVERIFY2(!r.lockHolder.contains(QLatin1String("since  UTC")), qPrintable(r.lockHolder));
    QVERIFY2(!r.lockHolder.contains(QLatin1String(", )")), qPrintable(r.lockHolder));
}

// default_transaction_read_only = on for the database (preflight "read_only_default"): the
// confirmed purge sets its session READ WRITE, deletes, and records its run in the history.
void TestPurgeEngine::readOnlyDefaultStillPurges()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(2000)));
    QVERIFY(setupHistory(db));
    QVERIFY(
        db.exec(QStringLiteral("ALTER DATABASE %1 SET default_transaction_read_only = on").arg(db.name())));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QSqlQuery ro(conn.database());
    QVERIFY(ro.exec(QStringLiteral("SHOW default_transaction_read_only")) && ro.next());
    QCOMPARE(ro.value(0).toString(), QStringLiteral("on"));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const qint64 eligible = p.rule(kRefresh)->eligible;
    QVERIFY(eligible > 0);
    const qint64 total =
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    QVERIFY2(r.status == RunStatus::Ok, qPrintable(r.message));
    QCOMPARE(r.rules.value(0).deleted, eligible);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
             total - eligible);
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
}

QTEST_GUILESS_MAIN(TestPurgeEngine)
#include "tst_purgeengine.moc"
