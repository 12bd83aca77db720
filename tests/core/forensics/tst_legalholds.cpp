// Legal holds against the real server (issue 24): a hold by each scope keeps its rows out of the
// row rules (the preview's count and the purge itself, id for id), an expired hold no longer holds,
// a release is recorded and the hold stays, and a held session-log row outlives the DROP of its
// partition in the holds' copy table.
#include "core/forensics/legalholds.h"
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/holdsql.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QFile>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

const QString kFamily = QStringLiteral("6f1c2a4e-0000-4000-8000-00000000000a");
// 64 hex digits: the token hash of refresh token "held" and pre-token "held".
const QString kHash = QStringLiteral("ab").repeated(32);
const QString kPreHash = QStringLiteral("cd").repeated(32);

// 60 expired refresh tokens and 60 expired pre-tokens over tenants 1-3 and users 1-5, all removable;
// family kFamily on tenant 3's user 5, token kHash / kPreHash on tenant 2's user 4.
QString seedSql()
{
    return QStringLiteral(R"SQL(
INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion)
SELECT 1 + g % 3, 1 + g % 5,
       CASE WHEN g % 3 = 2 AND g % 5 = 4 THEN '%1'::uuid ELSE gen_random_uuid() END,
       CASE WHEN g = 0 THEN '%2' ELSE md5(g::text) || md5('r' || g) END,
       now() - interval '90 days', now() - interval '45 days'
  FROM generate_series(0, 59) g;
INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, creado_en, expiracion)
SELECT 1 + g % 3, 1 + g % 5, CASE WHEN g = 0 THEN '%3' ELSE md5(g::text) || md5('p' || g) END,
       now() - interval '5 days', now() - interval '4 days'
  FROM generate_series(0, 59) g;
ANALYZE identidad.trx_refresh_tokens; ANALYZE identidad.trx_pre_tokens;
)SQL")
        .arg(kFamily, kHash, kPreHash);
}

// The seed (or `extraSql` alone when given) and a purga connection with the history set up.
bool seeded(test::TestDatabase &db, PgConnection &conn, const QString &sql = seedSql())
{
    return db.isValid() && db.exec(sql) && openPurga(db, conn) && setupHistory(conn);
}

} // namespace

class TestLegalHolds : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void heldRowsExcludedByEachScope_data();
    void heldRowsExcludedByEachScope();
    void expiredHoldNoLongerHolds();
    void holdAddedAfterThePreviewBindsThePurge();
    void releaseIsRecordedNeverDeleted();
    void heldLogRowOutlivesItsPartition_data();
    void heldLogRowOutlivesItsPartition();
    void onlyTheMaintenanceRoleWritesHolds();
    void jobClauseOfTheDocHonoursHolds();

private:
    test::SandboxInfo m_sandbox;
};

void TestLegalHolds::heldRowsExcludedByEachScope_data()
{
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("matches"); // the held rows, by the test's own SQL over alias t
    QTest::newRow("refresh user") << kRefresh << "user"
                                  << "2:3"
                                  << "t.empresa_id = 2 AND t.usuario_id = 3";
    QTest::newRow("refresh tenant") << kRefresh << "tenant"
                                    << "3"
                                    << "t.empresa_id = 3";
    QTest::newRow("refresh family") << kRefresh << "family" << kFamily
                                    << QStringLiteral("t.familia_id = '%1'").arg(kFamily);
    QTest::newRow("refresh token") << kRefresh << "token" << kHash
                                   << QStringLiteral("t.token_hash = '%1'").arg(kHash);
    QTest::newRow("pre user") << kPre << "user"
                              << "1:1"
                              << "t.empresa_id = 1 AND t.usuario_id = 1";
    QTest::newRow("pre tenant") << kPre << "tenant"
                                << "2"
                                << "t.empresa_id = 2";
    QTest::newRow("pre token") << kPre << "token" << kPreHash
                               << QStringLiteral("t.token_hash = '%1'").arg(kPreHash);
}

void TestLegalHolds::heldRowsExcludedByEachScope()
{
    QFETCH(QString, rule);
    QFETCH(QString, kind);
    QFETCH(QString, value);
    QFETCH(QString, matches);
    test::TestDatabase db(m_sandbox, QStringLiteral("holds"));
    PgConnection conn;
    QVERIFY2(seeded(db, conn), qPrintable(db.error()));
    const QString table = Rules::table(rule);
    const QList<qint64> all = allIds(db, table);
    const QList<qint64> held =
        db.ids(QStringLiteral("SELECT t.id FROM %1 t WHERE %2 ORDER BY 1").arg(table, matches));
    QVERIFY2(!held.isEmpty() && held.size() < all.size(), qPrintable(listText(held)));

    const qint64 holdId = addHold(conn, kind, value, QStringLiteral("INC-123"));
    QVERIFY(holdId > 0);

    PreviewPlan p;
    QVERIFY(plan(conn, {rule}, &p));
    const RulePreview *rp = p.rule(rule);
    QVERIFY(rp);
    // Every seeded row is removable by the rule: the hold alone keeps its rows.
    QCOMPARE(rp->eligible, qint64(all.size() - held.size()));
    QCOMPARE(rp->retained, qint64(held.size()));
    QCOMPARE(rp->held.size(), 1);
    QCOMPARE(rp->held.first().holdId, holdId);
    QCOMPARE(rp->held.first().reason, QStringLiteral("INC-123"));
    QCOMPARE(rp->held.first().rows, qint64(held.size()));
    // The job's own SQL knows no holds: it would delete every held row (all are expired).
    QCOMPARE(rp->held.first().jobRows, qint64(held.size()));
    const QJsonObject json = rp->toJson();
    QCOMPARE(
        json.value(QStringLiteral("held")).toArray().first().toObject().value(QStringLiteral("rows")).toInt(),
        int(held.size()));

    // The preview's ids, from the very predicate the purge runs.
    const QList<qint64> previewIds =
        db.ids(QStringLiteral("SELECT t.id FROM %1 t WHERE %2 ORDER BY 1")
                   .arg(table, Rules::predicate(rule, Rules::cutoffLiteral(rp->cutoffUtc))));
    QCOMPARE(listText(previewIds), listText(minus(all, held)));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({rule}), &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    QCOMPARE(r.rules.first().deleted, qint64(previewIds.size()));
    const QList<qint64> left = allIds(db, table);
    QCOMPARE(listText(minus(all, left)), listText(previewIds)); // purge = preview, id for id
    QCOMPARE(listText(left), listText(held));
    QCOMPARE(r.held.size(), 1);
    QCOMPARE(r.toJson().value(QStringLiteral("held")).toArray().size(), 1);
}

void TestLegalHolds::expiredHoldNoLongerHolds()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("holds"));
    PgConnection conn;
    QVERIFY2(seeded(db, conn), qPrintable(db.error()));
    QVERIFY(addHold(conn, QStringLiteral("tenant"), QStringLiteral("1"), QStringLiteral("INC-1 over"),
                    QStringLiteral("2020-01-01T00:00:00Z")) > 0);
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    QCOMPARE(p.rule(kRefresh)->eligible, qint64(60));
    QVERIFY(p.rule(kRefresh)->held.isEmpty());
    // An hour ahead still holds.
    const qint64 future =
        addHold(conn, QStringLiteral("tenant"), QStringLiteral("1"), QStringLiteral("INC-2"),
                db.scalar(QStringLiteral("SELECT to_char((now() + interval '1 hour') AT TIME ZONE "
                                         "'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"))
                    .toString());
    QVERIFY(future > 0);
    DbFailure failure;
    QVERIFY(plan(conn, {kRefresh}, &p));
    QCOMPARE(p.rule(kRefresh)->eligible, qint64(40));
    QList<LegalHold> holds;
    QVERIFY(LegalHolds::list(conn, &holds, &failure));
    QCOMPARE(holds.size(), 2);
    QCOMPARE(holds.at(0).id, future); // newest first
    QVERIFY(holds.at(0).active);
    QVERIFY(!holds.at(1).active);
    QCOMPARE(holds.at(1).untilUtc, QStringLiteral("2020-01-01T00:00:00Z"));
}

// The predicate skips its per-scope probes while no hold is active; the purge's own statements must
// still read the holds as they run, not the preview's "none".
void TestLegalHolds::holdAddedAfterThePreviewBindsThePurge()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("holds"));
    PgConnection conn;
    QVERIFY2(seeded(db, conn), qPrintable(db.error()));
    // A released hold and an expired one: rows in the table, none active.
    const qint64 released =
        addHold(conn, QStringLiteral("tenant"), QStringLiteral("1"), QStringLiteral("INC-7"));
    QVERIFY(released > 0);
    DbFailure failure;
    bool found = false;
    bool already = true;
    QVERIFY(LegalHolds::release(conn, released, &found, &already, &failure));
    QVERIFY(found && !already);
    QVERIFY(addHold(conn, QStringLiteral("tenant"), QStringLiteral("2"), QStringLiteral("INC-8 over"),
                    QStringLiteral("2020-01-01T00:00:00Z")) > 0);
    PreviewPlan p;
    // Batches of 7: several statements, each reading the holds.
    QVERIFY(plan(conn, {kRefresh}, &p, [](RuleConfig &c) { c.batchSize = 7; }));
    QCOMPARE(p.rule(kRefresh)->eligible, qint64(60));
    QVERIFY(p.rule(kRefresh)->held.isEmpty());

    QVERIFY(addHold(conn, QStringLiteral("family"), kFamily, QStringLiteral("INC-9")) > 0);
    const QList<qint64> held = db.ids(
        QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE familia_id = '%1' ORDER BY 1")
            .arg(kFamily));
    QVERIFY(!held.isEmpty());
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    QCOMPARE(r.rules.first().deleted, qint64(60 - held.size()));
    QVERIFY(r.rules.first().batches > 1);
    // The receipt says why the rows the preview counted were left.
    QVERIFY2(r.rules.first().message.contains(QStringLiteral("legal hold added during the run")),
             qPrintable(r.rules.first().message));
    QCOMPARE(listText(allIds(db, QStringLiteral("identidad.trx_refresh_tokens"))), listText(held));
}

void TestLegalHolds::releaseIsRecordedNeverDeleted()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("holds"));
    PgConnection conn;
    QVERIFY2(seeded(db, conn), qPrintable(db.error()));
    const qint64 id = addHold(conn, QStringLiteral("user"), QStringLiteral("2:3"), QStringLiteral("INC-9"));
    QVERIFY(id > 0);
    DbFailure failure;
    bool found = false, already = false;
    QVERIFY(LegalHolds::release(conn, id, &found, &already, &failure));
    QVERIFY(found && !already);
    QVERIFY(LegalHolds::release(conn, id, &found, &already, &failure));
    QVERIFY(found && already);
    QVERIFY(LegalHolds::release(conn, id + 100, &found, &already, &failure));
    QVERIFY(!found);
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_retenciones WHERE retencion_id = %1 "
                                 "AND liberada_por = 'identidad_purga' AND liberada_en <= now()")
                      .arg(id))
            .toInt(),
        1);
    // Never deleted, not even by its owner; and a release is not undone.
    QSqlQuery del(conn.database());
    QVERIFY(!del.exec(QStringLiteral("DELETE FROM identidad.purga_retenciones")));
    QVERIFY(!del.exec(
        QStringLiteral("UPDATE identidad.purga_retenciones SET liberada_en = NULL, liberada_por = NULL")));
    QVERIFY(!del.exec(QStringLiteral("UPDATE identidad.purga_retenciones SET motivo = 'x'")));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_retenciones")).toInt(), 1);
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    QCOMPARE(p.rule(kRefresh)->eligible, qint64(60)); // released: holds no more
    QList<LegalHold> holds;
    QVERIFY(LegalHolds::list(conn, &holds, &failure));
    QCOMPARE(holds.first().releasedBy, QStringLiteral("identidad_purga"));
    QVERIFY(!holds.first().releasedUtc.isEmpty());
    QVERIFY(!holds.first().active);
}

void TestLegalHolds::heldLogRowOutlivesItsPartition_data()
{
    QTest::addColumn<bool>("withDefault"); // DEFAULT: DETACH+DROP in one transaction; else CONCURRENTLY
    QTest::newRow("with DEFAULT") << true;
    QTest::newRow("concurrently") << false;
}

void TestLegalHolds::heldLogRowOutlivesItsPartition()
{
    QFETCH(bool, withDefault);
    test::TestDatabase db(m_sandbox, QStringLiteral("holds"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    if (!withDefault)
        QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")));
    PgConnection conn;
    QVERIFY(seeded(db, conn, logSeedSql(withDefault)));
    const qint64 userHold =
        addHold(conn, QStringLiteral("user"), QStringLiteral("2:1"), QStringLiteral("INC-123"));
    QVERIFY(userHold > 0);
    QVERIFY(addHold(conn, QStringLiteral("tenant"), QStringLiteral("3"), QStringLiteral("INC-7")) > 0);

    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList removable = removableLogPartitions(db, kLogMonthsBack, tsLiteral(rp->cutoffUtc));
    QVERIFY(removable.size() >= 3);
    // Held rows in the removable partitions, by the test's own arithmetic (user g has empresa 1 + g % 3).
    QMap<QString, QList<qint64>> heldIn;
    qint64 heldRows = 0;
    for (const QString &part : removable) {
        heldIn[part] = db.ids(QStringLiteral("SELECT id FROM %1 WHERE (empresa_id = 2 AND usuario_id = 1) OR "
                                             "empresa_id = 3 ORDER BY id")
                                  .arg(part));
        heldRows += heldIn[part].size();
    }
    QCOMPARE(rp->held.size(), 2);
    QCOMPARE(rp->held.at(0).holdId, userHold);
    QCOMPARE(rp->held.at(0).rows, qint64(removable.size())); // one row of user 2:1 a month
    QCOMPARE(rp->held.at(0).rows + rp->held.at(1).rows, heldRows);

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    for (const QString &part : removable) {
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(),
                 qPrintable(part));
        const QList<qint64> copied =
            db.ids(QStringLiteral("SELECT id FROM identidad.purga_retenciones_filas WHERE particion = '%1' "
                                  "ORDER BY id")
                       .arg(part));
        QCOMPARE(listText(copied), listText(heldIn.value(part)));
    }
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_retenciones_filas WHERE "
                                      "retencion_id = %1 AND usuario_id = 1 AND empresa_id = 2")
                           .arg(userHold))
                 .toInt(),
             int(removable.size()));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_retenciones_filas")).toLongLong(),
             heldRows);
}

void TestLegalHolds::onlyTheMaintenanceRoleWritesHolds()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("holds"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(setupHistory(db));
    PgConnection api;
    DbFailure failure;
    QVERIFY(api.open(db.profile(QStringLiteral("identidad_api")),
                     db.passwordFor(QStringLiteral("identidad_api")), &failure));
    HoldScope scope;
    QString why;
    QVERIFY(HoldScope::parse(QStringLiteral("tenant"), QStringLiteral("1"), &scope, &why));
    qint64 id = 0;
    QVERIFY(!LegalHolds::add(api, scope, QStringLiteral("INC-1"), QString(), QString(), &id, &failure));
    QCOMPARE(failure.sqlState, QStringLiteral("42501"));
}

void TestLegalHolds::jobClauseOfTheDocHonoursHolds()
{
    QFile doc(qEnvironmentVariable("PURGA_SOURCE_DIR") + QStringLiteral("/docs/job-integration.md"));
    QVERIFY2(doc.open(QIODevice::ReadOnly), qPrintable(doc.fileName()));
    const QString text = QString::fromUtf8(doc.readAll());
    const QRegularExpression block(QStringLiteral("<!-- job-holds:begin -->\\s*```sql\\n(.*?)```"),
                                   QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = block.match(text);
    QVERIFY2(m.hasMatch(), "no job-holds block in docs/job-integration.md");
    // The doc's clause is the app's own, word for word.
    QVERIFY2(m.captured(1).contains(HoldSql::exclusion(kRefresh)), qPrintable(HoldSql::exclusion(kRefresh)));
    QVERIFY2(m.captured(1).contains(HoldSql::exclusion(kPre)), qPrintable(HoldSql::exclusion(kPre)));
    test::TestDatabase db(m_sandbox, QStringLiteral("holds"));
    PgConnection conn;
    QVERIFY2(seeded(db, conn), qPrintable(db.error()));
    QVERIFY(addHold(conn, QStringLiteral("family"), kFamily, QStringLiteral("INC-5")) > 0);
    QVERIFY(addHold(conn, QStringLiteral("user"), QStringLiteral("1:1"), QStringLiteral("INC-6")) > 0);
    const QList<qint64> heldRefresh =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens t WHERE t.familia_id = '%1' OR "
                              "(t.empresa_id = 1 AND "
                              "t.usuario_id = 1) ORDER BY 1")
                   .arg(kFamily));
    const QList<qint64> heldPre = db.ids(QStringLiteral(
        "SELECT id FROM identidad.trx_pre_tokens t WHERE t.empresa_id = 1 AND t.usuario_id = 1 ORDER BY 1"));
    QVERIFY(!heldRefresh.isEmpty() && !heldPre.isEmpty());
    QString error;
    QVERIFY2(conn.execScript(m.captured(1), &error), qPrintable(error));
    QCOMPARE(listText(allIds(db, QStringLiteral("identidad.trx_refresh_tokens"))), listText(heldRefresh));
    QCOMPARE(listText(allIds(db, QStringLiteral("identidad.trx_pre_tokens"))), listText(heldPre));
}

QTEST_GUILESS_MAIN(TestLegalHolds)
#include "tst_legalholds.moc"
