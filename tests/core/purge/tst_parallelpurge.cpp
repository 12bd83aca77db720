// Database tests of --parallel N (core/purge/parallelpurge.h): the same rows as the sequential run on
// the boundary data; a killed coordinator, a killed worker and a cancel in flight leave no kept row
// deleted, no run en_curso and the lock free; the shared breaker; the receipt's per-worker batches
// and --target-batch-ms's sizes; the refusal above the server's free connections.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/parallelpurge.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <atomic>
#include <thread>

using namespace purga;
using namespace purga::test;

namespace {

const QString kRefreshTable = QStringLiteral("identidad.trx_refresh_tokens");
const QString kPreTable = QStringLiteral("identidad.trx_pre_tokens");

PurgeOptions parallelOptions(const QStringList &ids, const TestDatabase &db, int workers)
{
    PurgeOptions o = options(ids);
    o.parallel = workers;
    o.openConnection = [&db](PgConnection &c, QString *error) {
        if (openPurga(db, c, QStringLiteral("purga-worker")))
            return true;
        *error = QStringLiteral("could not connect");
        return false;
    };
    return o;
}

int advisoryLocks(TestDatabase &db)
{
    return db
        .scalar(
            QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 731001"))
        .toInt();
}

QString edgeRowsLeft(TestDatabase &db, const QString &table)
{
    return strings(db, QStringLiteral("SELECT token_hash FROM %1 WHERE token_hash LIKE 'edge:%' ORDER BY 1")
                           .arg(table))
        .join(u',');
}

} // namespace

class TestParallelPurge : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void deletesExactlyWhatTheSequentialRunDoes();
    void familyAwareRetentionHoldsOnEveryWorker();
    void killedBackendStopsEveryWorker_data();
    void killedBackendStopsEveryWorker();
    void cancelReachesEveryWorkerInFlight();
    void sharedBreakerStopsAtThePreviewsCount();
    void refusedAboveTheServersFreeConnections();

private:
    // Seeds both token tables with the boundary rows and filler, opens the coordinator (direct, as
    // the preflight finds it) and takes a preview of `ids`.
    bool prepare(TestDatabase &db, PgConnection &conn, const QStringList &ids, PreviewPlan *p,
                 const std::function<void(RuleConfig &)> &tweak = {});
    // Runs a parallel purge with a 3 s sleeping row in the first worker's range and calls `act`
    // (with the coordinator's pid and the sleeping worker's) once that batch is seen sleeping.
    PurgeReceipt runWithSlowBatch(TestDatabase &db, const std::function<void(PgConnection &, int, int)> &act,
                                  QList<qint64> *keptBefore, qint64 *slowId, QueryCanceller &canceller);

    SandboxInfo m_sandbox;
};

bool TestParallelPurge::prepare(TestDatabase &db, PgConnection &conn, const QStringList &ids, PreviewPlan *p,
                                const std::function<void(RuleConfig &)> &tweak)
{
    if (!db.isValid() || !db.exec(refreshSeedSql(kFiller)) || !db.exec(preSeedSql(kFiller)) ||
        !openPurga(db, conn) || !setupHistory(conn))
        return false;
    conn.setDirect(true);
    return plan(conn, ids, p, tweak);
}

void TestParallelPurge::deletesExactlyWhatTheSequentialRunDoes()
{
    TestDatabase db(m_sandbox, QStringLiteral("parallel"));
    PgConnection conn;
    PreviewPlan p;
    QVERIFY2(prepare(db, conn, {kRefresh, kPre}, &p), qPrintable(db.error()));
    // A copy of both tables, to run the same frozen plan twice: sequentially, then on 3 workers.
    QVERIFY(db.exec(QStringLiteral("CREATE TABLE copy_rt AS SELECT * FROM identidad.trx_refresh_tokens; "
                                   "CREATE TABLE copy_pt AS SELECT * FROM identidad.trx_pre_tokens")));
    QueryCanceller canceller;
    Recorder rec;
    const PurgeReceipt seq = PurgeEngine(conn, canceller).run(p, options({kRefresh, kPre}), &rec);
    QCOMPARE(seq.status, RunStatus::Ok);
    const QList<qint64> seqRt = allIds(db, kRefreshTable), seqPt = allIds(db, kPreTable);
    const QString seqEdges = edgeRowsLeft(db, kRefreshTable) + u'|' + edgeRowsLeft(db, kPreTable);

    QVERIFY(db.exec(QStringLiteral(
        "DELETE FROM identidad.trx_refresh_tokens; DELETE FROM identidad.trx_pre_tokens; "
        "INSERT INTO identidad.trx_refresh_tokens OVERRIDING SYSTEM VALUE SELECT * FROM copy_rt ORDER BY id; "
        "INSERT INTO identidad.trx_pre_tokens OVERRIDING SYSTEM VALUE SELECT * FROM copy_pt ORDER BY id")));
    // Every DELETE of the parallel run, at the server: its rows and the request it came in.
    QVERIFY(db.exec(deleteSizesSql(kRefreshTable)));
    const PurgeReceipt par =
        PurgeEngine(conn, canceller).run(p, parallelOptions({kRefresh, kPre}, db, 3), &rec);
    QVERIFY2(par.status == RunStatus::Ok, qPrintable(par.message));
    QCOMPARE(allIds(db, kRefreshTable), seqRt);
    QCOMPARE(allIds(db, kPreTable), seqPt);
    QCOMPARE(edgeRowsLeft(db, kRefreshTable) + u'|' + edgeRowsLeft(db, kPreTable), seqEdges);
    // And both are the rule's own wording, independently of Rules::predicate.
    for (const QString &id : {kRefresh, kPre}) {
        const RulePreview *rp = p.rule(id);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE %2")
                               .arg(rp->table, eligibleWhere(id, rp->cutoffUtc)))
                     .toLongLong(),
                 qint64(0));
    }
    // On a direct connection a worker's next batch of a range goes with its COMMIT, never above
    // the batch size.
    QVERIFY(db.scalar(QStringLiteral("SELECT max(n) FROM public.delete_sizes")).toLongLong() <= kBatch);
    QVERIFY(
        db.scalar(QStringLiteral("SELECT count(*) FROM public.delete_sizes WHERE q LIKE 'COMMIT; BEGIN;%'"))
            .toLongLong() > 0);
    QCOMPARE(par.parallel, 3);
    QCOMPARE(par.rules.size(), 2);
    for (const RuleReceipt &r : par.rules) {
        QCOMPARE(r.deleted, p.rule(r.ruleId)->eligible);
        QCOMPARE(r.workerBatches.size(), 3);
        int sum = 0;
        for (int n : r.workerBatches)
            sum += n;
        QCOMPARE(sum, r.batches);
        QVERIFY(r.largestBatch <= kBatch); // the batch size stays a hard bound per batch
        const QJsonObject o = r.toJson();
        QCOMPARE(o.value(QStringLiteral("worker_batches")).toArray().size(), 3);
    }
    QCOMPARE(par.toJson().value(QStringLiteral("parallel")).toInt(), 3);
    QCOMPARE(runState(db, par.runId), QStringLiteral("ok"));
    QCOMPARE(
        metric(db, par.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_refresh_tokens"))
            .toLongLong(),
        p.rule(kRefresh)->eligible);
    QCOMPARE(advisoryLocks(db), 0);
}

void TestParallelPurge::familyAwareRetentionHoldsOnEveryWorker()
{
    // With family-aware retention on, the workers' statements keep the live families' rows as the
    // preview counted them (the workers once ran the rule's default settings).
    TestDatabase db(m_sandbox, QStringLiteral("parallel"));
    PgConnection conn;
    PreviewPlan p;
    // Beside the boundary rows, 300 families of five rotated members (removable by the rule) and a
    // head live for ten more days: the setting keeps the 1,500 rotated members; then a removable row
    // of a family of its own, so that the families lie inside the preview's key range.
    QVERIFY2(
        db.isValid() && db.exec(refreshSeedSql(kFiller)) &&
            db.exec(QStringLiteral(
                "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash,"
                "  creado_en, expiracion, revocado, revocado_en) "
                "SELECT g % 7 + 1, g, md5('fam' || g)::uuid, 'fam' || g || '.' || m, now() - interval '200 "
                "days',"
                "  CASE WHEN m < 5 THEN now() - interval '1 day' ELSE now() + interval '10 days' END,"
                "  m < 5, CASE WHEN m < 5 THEN now() - interval '31 days' END "
                "FROM generate_series(1, 300) g, generate_series(0, 5) m; "
                "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash,"
                "  creado_en, expiracion, revocado) "
                "VALUES (1, 1, gen_random_uuid(), 'last', now() - interval '90 days',"
                "  now() - interval '40 days', false)")) &&
            openPurga(db, conn) && setupHistory(conn),
        qPrintable(db.error()));
    conn.setDirect(true);
    QVERIFY(plan(conn, {kRefresh}, &p, [](RuleConfig &c) { c.familyAware = true; }));
    const RulePreview *rp = p.rule(kRefresh);
    QVERIFY2(rp->liveFamily > 0, qPrintable(QString::number(rp->liveFamily)));
    const QString ruleOnly = eligibleWhere(kRefresh, rp->cutoffUtc); // without the family setting
    const QString c = Rules::cutoffLiteral(rp->cutoffUtc);
    const QString live = Rules::liveFamilyExpression(Rules::frozenNow(c, rp->config.retentionSeconds));
    const QList<qint64> keptByFamily = db.ids(
        QStringLiteral("SELECT id FROM %1 t WHERE %2 AND %3 ORDER BY id").arg(kRefreshTable, ruleOnly, live));
    QCOMPARE(qint64(keptByFamily.size()), rp->liveFamily);
    QueryCanceller canceller;
    Recorder rec;
    const PurgeReceipt r = PurgeEngine(conn, canceller).run(p, parallelOptions({kRefresh}, db, 2), &rec);
    QVERIFY2(r.status == RunStatus::Ok, qPrintable(r.message));
    QCOMPARE(r.rules.first().deleted, rp->eligible);
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 t WHERE %2 ORDER BY id").arg(kRefreshTable, ruleOnly)),
             keptByFamily);
    QCOMPARE(advisoryLocks(db), 0);
}

PurgeReceipt TestParallelPurge::runWithSlowBatch(TestDatabase &db,
                                                 const std::function<void(PgConnection &, int, int)> &act,
                                                 QList<qint64> *keptBefore, qint64 *slowId,
                                                 QueryCanceller &canceller)
{
    PgConnection conn;
    PreviewPlan p;
    if (!prepare(db, conn, {kRefresh}, &p))
        return {};
    const RulePreview *rp = p.rule(kRefresh);
    const QString where = eligibleWhere(kRefresh, rp->cutoffUtc);
    *keptBefore =
        db.ids(QStringLiteral("SELECT id FROM %1 WHERE NOT (%2) ORDER BY id").arg(kRefreshTable, where));
    const QList<qint64> byCtid =
        db.ids(QStringLiteral("SELECT id FROM %1 WHERE %2 ORDER BY ctid").arg(kRefreshTable, where));
    *slowId = byCtid.at(byCtid.size() / 5); // in the first worker's half of the table
    db.exec(slowTriggerSql(kRefreshTable, *slowId, QStringLiteral("3")));
    const int coordinator = conn.backendPid();
    const QString dbName = db.name();
    std::atomic<bool> done{false};
    std::thread watcher([&] {
        PgConnection w;
        DbFailure e;
        if (!w.open(superuserProfile(m_sandbox, dbName), QString(), &e))
            return;
        const QString sleeping =
            QStringLiteral("SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' "
                           "AND application_name = 'purga-worker' AND datname = '%1'")
                .arg(dbName);
        if (pollUntil(w, QStringLiteral("SELECT EXISTS (%1)").arg(sleeping), 30000, &done))
            act(w, coordinator, valueOn(w, sleeping).toInt());
    });
    Recorder rec;
    const PurgeReceipt r = PurgeEngine(conn, canceller).run(p, parallelOptions({kRefresh}, db, 2), &rec);
    done.store(true);
    watcher.join();
    return r;
}

// After an interrupted parallel run: every kept row and the sleeping row are still there, the
// receipt's count is what is gone, the run is recorded `state` (never en_curso), the lock is free
// and no worker is left connected.
static void checkInterrupted(TestDatabase &db, const PurgeReceipt &r, const QList<qint64> &kept,
                             qint64 slowId, const QString &state)
{
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 WHERE id = ANY('{%2}'::bigint[]) ORDER BY id")
                        .arg(kRefreshTable, listText(kept).mid(1).chopped(1))),
             kept);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE id = %2").arg(kRefreshTable).arg(slowId))
                 .toInt(),
             1);
    const qint64 left = db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(kRefreshTable)).toLongLong();
    QCOMPARE(qint64(kept.size()) + r.rules.value(0).planned - r.rules.value(0).deleted, left);
    QCOMPARE(runState(db, r.runId), state);
    QCOMPARE(advisoryLocks(db), 0);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE application_name = "
                                      "'purga-worker' AND datname = current_database()"))
                 .toInt(),
             0);
}

void TestParallelPurge::killedBackendStopsEveryWorker_data()
{
    QTest::addColumn<bool>("coordinator"); // else the sleeping worker's backend
    QTest::addColumn<QString>("message");
    // The sleeping worker's batch finished after the coordinator died: its lock check rolled it back.
    QTest::newRow("coordinator") << true << QStringLiteral("no longer holds advisory lock");
    QTest::newRow("worker") << false << QStringLiteral("connection of worker");
}

void TestParallelPurge::killedBackendStopsEveryWorker()
{
    QFETCH(bool, coordinator);
    QFETCH(QString, message);
    TestDatabase db(m_sandbox, QStringLiteral("parallel"));
    QList<qint64> kept;
    qint64 slowId = 0;
    QueryCanceller canceller;
    const PurgeReceipt r = runWithSlowBatch(
        db,
        [coordinator](PgConnection &w, int coordinatorPid, int workerPid) {
            valueOn(w, QStringLiteral("SELECT pg_terminate_backend(%1)")
                           .arg(coordinator ? coordinatorPid : workerPid));
        },
        &kept, &slowId, canceller);
    QVERIFY(!r.runId.isEmpty());
    QCOMPARE(r.status, RunStatus::Error);
    QVERIFY2(r.rules.value(0).message.contains(message), qPrintable(r.rules.value(0).message));
    checkInterrupted(db, r, kept, slowId, QStringLiteral("error"));
}

void TestParallelPurge::cancelReachesEveryWorkerInFlight()
{
    TestDatabase db(m_sandbox, QStringLiteral("parallel"));
    QList<qint64> kept;
    qint64 slowId = 0;
    QueryCanceller canceller;
    const PurgeReceipt r = runWithSlowBatch(
        db, [&canceller](PgConnection &, int, int) { canceller.cancel(); }, &kept, &slowId, canceller);
    QVERIFY(!r.runId.isEmpty());
    QCOMPARE(r.status, RunStatus::Cancelled);
    QCOMPARE(r.exitCode(), 6);
    checkInterrupted(db, r, kept, slowId, QStringLiteral("cancelado"));
    QCOMPARE(
        metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_refresh_tokens"))
            .toLongLong(),
        r.rules.value(0).deleted);
}

void TestParallelPurge::sharedBreakerStopsAtThePreviewsCount()
{
    TestDatabase db(m_sandbox, QStringLiteral("parallel"));
    PgConnection conn;
    PreviewPlan p;
    QVERIFY2(prepare(db, conn, {kRefresh}, &p), qPrintable(db.error()));
    const RulePreview *rp = p.rule(kRefresh);
    const QString where = eligibleWhere(kRefresh, rp->cutoffUtc);
    // After the preview, 300 kept rows all over the table become removable.
    QVERIFY(db.exec(QStringLiteral("UPDATE %1 SET revocado = true, revocado_en = now() - interval '40 days' "
                                   "WHERE id IN (SELECT id FROM %1 WHERE NOT (%2) AND id BETWEEN %3 AND %4 "
                                   "ORDER BY id % 7, id LIMIT 300)")
                        .arg(kRefreshTable, where)
                        .arg(rp->keyMin)
                        .arg(rp->keyMax)));
    const qint64 before =
        db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(kRefreshTable)).toLongLong();
    QueryCanceller canceller;
    Recorder rec;
    const PurgeReceipt r = PurgeEngine(conn, canceller).run(p, parallelOptions({kRefresh}, db, 3), &rec);
    QCOMPARE(r.status, RunStatus::Error);
    const RuleReceipt &rr = r.rules.first();
    QVERIFY2(rr.message.contains(QStringLiteral("above the")), qPrintable(rr.message));
    const qint64 gone =
        before - db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(kRefreshTable)).toLongLong();
    QCOMPARE(gone, rr.deleted);
    QVERIFY2(gone <= rp->eligible,
             qPrintable(QStringLiteral("%1 gone, preview %2").arg(gone).arg(rp->eligible)));
    for (const RuleProgress &pr : rec.progress())
        QVERIFY(pr.deleted <= rp->eligible);
    QCOMPARE(runState(db, r.runId), QStringLiteral("error"));
    QCOMPARE(advisoryLocks(db), 0);
}

void TestParallelPurge::refusedAboveTheServersFreeConnections()
{
    TestDatabase db(m_sandbox, QStringLiteral("parallel"));
    PgConnection conn;
    PreviewPlan p;
    QVERIFY2(prepare(db, conn, {kRefresh}, &p), qPrintable(db.error()));
    // This database admits two more connections than it has now.
    const int now = db.scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                                             "current_database() AND backend_type = 'client backend'"))
                        .toInt();
    QVERIFY(db.exec(QStringLiteral("ALTER DATABASE %1 CONNECTION LIMIT %2").arg(db.name()).arg(now + 2)));
    QString error;
    QCOMPARE(freeConnections(conn, &error), 2);
    const qint64 before =
        db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(kRefreshTable)).toLongLong();
    QueryCanceller canceller;
    Recorder rec;
    PurgeOptions o = parallelOptions({kRefresh}, db, 3);
    const QString refusal = parallelRefusal(conn, o);
    QVERIFY2(refusal.contains(QStringLiteral("2 free")), qPrintable(refusal));
    const PurgeReceipt r = PurgeEngine(conn, canceller).run(p, o, &rec);
    QCOMPARE(r.status, RunStatus::Error);
    QCOMPARE(r.message, refusal);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(kRefreshTable)).toLongLong(), before);
    o.parallel = 2;
    QCOMPARE(parallelRefusal(conn, o), QString());
    // Above the hard limit, and behind a pooler, whatever the server has.
    o.parallel = kMaxParallel + 1;
    QVERIFY(parallelRefusal(conn, o).contains(QString::number(kMaxParallel)));
    o.parallel = 2;
    conn.setDirect(false);
    QVERIFY(parallelRefusal(conn, o).contains(QStringLiteral("pooler")));
    QVERIFY(db.exec(QStringLiteral("ALTER DATABASE %1 CONNECTION LIMIT -1").arg(db.name())));
}

QTEST_GUILESS_MAIN(TestParallelPurge)
#include "tst_parallelpurge.moc"
