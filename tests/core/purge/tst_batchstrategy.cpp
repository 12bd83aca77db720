// Database tests of the row purge's batch strategies (core/purge/batchstrategy.h): on the boundary
// data of tst_purgeengine, with legal holds, the keyset strategy deletes exactly the rows the TID
// ranges delete (the very same table, put back between the runs), keeps every boundary row its
// rule keeps, never exceeds the batch size, says when no index on (empresa_id, id) serves it, and a
// cancel mid-run leaves a prefix in key order, the run "cancelado" and the lock free.
#include "core/pg/pgconnection.h"
#include "core/purge/keysetstrategy.h"
#include "core/purge/purgeengine.h"
#include "core/purge/receiptnotes.h"
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

// The holds of every run here: tenant 3 and user 1:2 (boundary rows of both token tables).
const QString kHeld = QStringLiteral("(empresa_id = 3 OR (empresa_id = 1 AND usuario_id = 2))");

// A purge of `rule` with `kind`; the preview taken now, batches of `batch` rows.
PurgeReceipt purgeWith(PgConnection &conn, const QString &rule, BatchStrategyKind kind, Recorder *rec,
                       int batch = kBatch, const std::function<void(RuleConfig &)> &tweak = {})
{
    PreviewPlan p;
    if (!plan(conn, {rule}, &p, [&](RuleConfig &c) {
            c.batchSize = batch;
            if (tweak)
                tweak(c);
        }))
        return {};
    PurgeOptions o = options({rule});
    o.batchStrategy = kind;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    return engine.run(p, o, rec);
}

QString idsOf(TestDatabase &db, const QString &table)
{
    return listText(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(table)));
}

} // namespace

class TestBatchStrategy : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void keysetDeletesWhatTidDeletes_data();
    void keysetDeletesWhatTidDeletes();
    void keysetBatchSizeIsAHardBound();
    void keysetIndexIsRecognised();
    void keysetCancelMidRunLeavesAPrefixAndTheLockFree();

private:
    test::SandboxInfo m_sandbox;
};

void TestBatchStrategy::keysetDeletesWhatTidDeletes_data()
{
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("indexed");
    QTest::addColumn<bool>("familyAware");
    QTest::newRow("refresh_tokens, no index") << kRefresh << false << false;
    QTest::newRow("refresh_tokens, index") << kRefresh << true << false;
    QTest::newRow("refresh_tokens, family-aware") << kRefresh << true << true;
    QTest::newRow("pre_tokens, index") << kPre << true << false;
}

void TestBatchStrategy::keysetDeletesWhatTidDeletes()
{
    QFETCH(QString, rule);
    QFETCH(bool, indexed);
    QFETCH(bool, familyAware);
    test::TestDatabase db(m_sandbox, QStringLiteral("strategy"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(rule == kRefresh ? refreshSeedSql(kFiller) : preSeedSql(kFiller)));
    const QString table = Rules::table(rule);
    if (indexed)
        QVERIFY(db.exec(QStringLiteral("CREATE INDEX ON %1 (empresa_id, id); ANALYZE %1").arg(table)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    QVERIFY(addHold(conn, QStringLiteral("tenant"), QStringLiteral("3"), QStringLiteral("INC-7")) > 0);
    QVERIFY(addHold(conn, QStringLiteral("user"), QStringLiteral("1:2"), QStringLiteral("INC-7")) > 0);
    QVERIFY(db.exec(snapshotSql(table)));
    // The oracle: the rule from its wording, less the held rows (the family setting keeps nothing
    // more here: every filler row is a family of its own).
    const QString cutoff = db.scalar(QStringLiteral("SELECT (now() - make_interval(secs => %1))::text")
                                         .arg(Rules::defaults(rule).retentionSeconds))
                               .toString();
    const QString removable = QStringLiteral("(%1) AND NOT %2").arg(eligibleWhere(rule, cutoff), kHeld);
    const QList<qint64> kept =
        db.ids(QStringLiteral("SELECT id FROM %1 WHERE NOT (%2) ORDER BY id").arg(table, removable));
    const QStringList keptEdges =
        strings(db, QStringLiteral("SELECT token_hash FROM %1 WHERE token_hash LIKE 'edge:%' AND NOT (%2)")
                        .arg(table, removable));
    QVERIFY(keptEdges.size() >= 4);
    const auto tweak = [familyAware](RuleConfig &c) { c.familyAware = familyAware; };

    Recorder tidRec;
    const PurgeReceipt tid = purgeWith(conn, rule, BatchStrategyKind::TidRange, &tidRec, kBatch, tweak);
    QCOMPARE(tid.status, RunStatus::Ok);
    const QString afterTid = idsOf(db, table);
    QCOMPARE(afterTid, listText(kept));
    QVERIFY(db.exec(restoreSql(table)));

    Recorder keyRec;
    const PurgeReceipt key = purgeWith(conn, rule, BatchStrategyKind::Keyset, &keyRec, kBatch, tweak);
    QVERIFY2(key.status == RunStatus::Ok, qPrintable(key.message));
    QCOMPARE(idsOf(db, table), afterTid);
    QCOMPARE(
        strings(db, QStringLiteral("SELECT token_hash FROM %1 WHERE token_hash LIKE 'edge:%'").arg(table)),
        keptEdges);
    const RuleReceipt &kr = key.rules.first();
    const RuleReceipt &tr = tid.rules.first();
    QCOMPARE(kr.deleted, tr.deleted);
    QCOMPARE(kr.planned, tr.planned);
    QCOMPARE(kr.deleted, kr.planned);
    QVERIFY2(kr.batches >= 5, qPrintable(QString::number(kr.batches)));
    QVERIFY(kr.largestBatch <= kBatch);
    QCOMPARE(kr.batchStrategy, BatchStrategyKind::Keyset);
    QVERIFY(kr.sql.contains(QStringLiteral("%EMPRESA_FROM%")));
    QVERIFY(kr.keysRead > 0);
    QCOMPARE(key.toJson().value(QStringLiteral("batch_strategy")).toString(), QStringLiteral("keyset"));
    QCOMPARE(tid.toJson().value(QStringLiteral("batch_strategy")).toString(), QStringLiteral("tid"));
    // Without the index the run says each batch scans the table, and how to create it.
    QCOMPARE(kr.keysetUnindexed, !indexed);
    QCOMPARE(keyRec.logText().contains(QStringLiteral("CREATE INDEX CONCURRENTLY")), !indexed);
    QCOMPARE(receiptNotes(key).join(u'\n').contains(keysetIndexStatement(table)), !indexed);
    QCOMPARE(key.toJson().value(QStringLiteral("keyset_without_index")).toArray(),
             indexed ? QJsonArray() : QJsonArray{table});
    QCOMPARE(tid.toJson().value(QStringLiteral("keyset_without_index")).toArray(), QJsonArray());
}

void TestBatchStrategy::keysetBatchSizeIsAHardBound()
{
    // Keyset order interleaves the filler's dense old region and sparse young one per tenant, so
    // spans planned by the density seen meet more removable rows than their LIMIT: the LIMIT cuts
    // them, and the next batch starts after the last row picked. An AFTER STATEMENT trigger records
    // the rows of every DELETE.
    test::TestDatabase db(m_sandbox, QStringLiteral("strategy"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    QVERIFY(db.exec(QStringLiteral("CREATE INDEX ON identidad.trx_refresh_tokens (empresa_id, id)")));
    QVERIFY(db.exec(deleteSizesSql(QStringLiteral("identidad.trx_refresh_tokens"))));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    constexpr int kHardBound = 100;
    Recorder rec;
    const PurgeReceipt r = purgeWith(conn, kRefresh, BatchStrategyKind::Keyset, &rec, kHardBound);
    QVERIFY2(r.status == RunStatus::Ok, qPrintable(r.message));
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.deleted, rr.planned);
    QVERIFY2(rr.largestBatch > 0 && rr.largestBatch <= kHardBound,
             qPrintable(QString::number(rr.largestBatch)));
    QCOMPARE(db.scalar(QStringLiteral("SELECT max(n) FROM public.delete_sizes")).toLongLong(),
             rr.largestBatch);
    QCOMPARE(db.scalar(QStringLiteral("SELECT sum(n) FROM public.delete_sizes")).toLongLong(), rr.deleted);
    QVERIFY2(
        db.scalar(QStringLiteral("SELECT count(*) FROM public.delete_sizes WHERE n = %1").arg(kHardBound))
                .toInt() > 0,
        "no batch was cut by its LIMIT: the test does not reach that path");
}

void TestBatchStrategy::keysetIndexIsRecognised()
{
    // Only a valid, whole-table btree index whose first two key columns are (empresa_id, id) serves.
    test::TestDatabase db(m_sandbox, QStringLiteral("strategy"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    const QString t = Rules::table(kPre);
    const QList<QPair<QString, bool>> cases{
        {QString(), false},
        {QStringLiteral("CREATE INDEX x ON %1 (id, empresa_id)"), false},
        {QStringLiteral("CREATE INDEX x ON %1 (empresa_id, id) WHERE empresa_id > 0"), false},
        {QStringLiteral("CREATE INDEX x ON %1 USING hash (empresa_id)"), false},
        {QStringLiteral("CREATE INDEX x ON %1 (empresa_id, id DESC)"), false},
        {QStringLiteral("CREATE INDEX x ON %1 (empresa_id DESC, id DESC)"), true},
        {QStringLiteral("CREATE INDEX x ON %1 (empresa_id, id, usuario_id)"), true},
        {QStringLiteral("CREATE INDEX x ON %1 (empresa_id, id)"), true},
    };
    for (const auto &c : cases) {
        QVERIFY(db.exec(QStringLiteral("DROP INDEX IF EXISTS identidad.x")));
        if (!c.first.isEmpty())
            QVERIFY(db.exec(c.first.arg(t)));
        bool has = !c.second;
        QString error;
        QVERIFY2(hasKeysetIndex(conn, t, &has, &error), qPrintable(error));
        QVERIFY2(has == c.second, qPrintable(c.first));
    }
}

void TestBatchStrategy::keysetCancelMidRunLeavesAPrefixAndTheLockFree()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("strategy"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    QVERIFY(db.exec(QStringLiteral("CREATE INDEX ON identidad.trx_refresh_tokens (empresa_id, id)")));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QString where = eligibleWhere(kRefresh, rp->cutoffUtc);
    const QList<qint64> all =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    // Keyset batches remove the removable rows in (empresa_id, id) order: committed ones are a prefix.
    const QList<qint64> byKey =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY empresa_id, id")
                   .arg(where));
    QCOMPARE(qint64(byKey.size()), rp->eligible);
    const qint64 slowId = byKey.at(byKey.size() * 6 / 10);
    QVERIFY(db.exec(
        slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"), slowId, QStringLiteral("20"))));

    QueryCanceller canceller;
    std::atomic<bool> done{false}, sawSleep{false};
    std::thread killer =
        cancelWhenSleeping(m_sandbox, db.name(), conn.backendPid(), canceller, done, sawSleep);
    Recorder rec;
    PurgeOptions o = options({kRefresh});
    o.batchStrategy = BatchStrategyKind::Keyset;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, o, &rec);
    done.store(true);
    killer.join();

    QVERIFY2(sawSleep.load(), "the slow batch was never seen running");
    QCOMPARE(r.status, RunStatus::Cancelled);
    QCOMPARE(r.exitCode(), 6);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Cancelled);
    QVERIFY2(rr.deleted > 0 && rr.deleted < rp->eligible, qPrintable(QString::number(rr.deleted)));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")),
             minus(all, byKey.mid(0, rr.deleted)));
    QCOMPARE(runState(db, r.runId), QStringLiteral("cancelado"));
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas WHERE estado = 'en_curso'"))
            .toInt(),
        0);
    // The lock is free: another session takes it at once.
    QVERIFY(db.scalar(QStringLiteral("SELECT pg_try_advisory_lock(731001)")).toBool());
    QVERIFY(db.exec(QStringLiteral("SELECT pg_advisory_unlock(731001)")));
}

QTEST_GUILESS_MAIN(TestBatchStrategy)
#include "tst_batchstrategy.moc"
