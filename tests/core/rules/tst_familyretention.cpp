// Family-aware retention of refresh tokens against the real server (issue 24 part 2): the
// oracle of preview and purge for both settings at the boundaries of a family's liveness.
//
// The purge connection opens a transaction first, so the preview's now() (the frozen instant N)
// is an instant the test knows before it places any row: members expire exactly one second
// before / after N, or one second before / after the cutoff C = N - 30 days. Other sessions'
// rows are visible to each statement of that transaction (READ COMMITTED). After the preview the
// real purge engine runs the plan, and the ids it deleted are compared with the test's own
// expectations, written out per row, for the setting off (the ADR's table) and on.
#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/pg/querycanceller.h"
#include "core/preflight/preflight.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/purge/receiptnotes.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

// Placed families around N and C (%1 = N). Family ids are md5(letter)::uuid. Per row: its id,
// family, expiry and revocation; the comment says what the family is.
const char *kPlacedSql = R"SQL(
ALTER TABLE identidad.trx_refresh_tokens ALTER COLUMN familia_id DROP NOT NULL;
INSERT INTO identidad.trx_refresh_tokens
  (id, empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
OVERRIDING SYSTEM VALUE
SELECT v.id, v.id % 3 + 1, v.id, CASE WHEN v.fam IS NOT NULL THEN md5(v.fam)::uuid END,
       'placed' || v.id, n - interval '200 days', n + v.exp_off, v.revocado, n + v.rev_off
FROM (SELECT %1 AS n) t,
(VALUES
  -- A: rotated long ago, its successor live for 10 more days.
  (101, 'A', interval '-5 days',  true,  interval '-31 days'),
  (102, 'A', interval '10 days',  false, NULL::interval),
  -- B: the last live member expires 1 s after N: live.
  (111, 'B', interval '-5 days',  true,  interval '-31 days'),
  (112, 'B', interval '1 second', false, NULL),
  -- C: the last live member expired 1 s before N: the family is dead.
  (121, 'C', interval '-5 days',  true,  interval '-31 days'),
  (122, 'C', interval '-1 second', false, NULL),
  -- D: every member revoked (the newest an hour ago, inside the window).
  (131, 'D', interval '-5 days',  true,  interval '-31 days'),
  (132, 'D', interval '5 days',   true,  interval '-1 hour'),
  -- E: the newest member revoked 1 s after N: still live at N.
  (141, 'E', interval '-5 days',  true,  interval '-31 days'),
  (142, 'E', interval '5 days',   true,  interval '1 second'),
  -- F: the newest member revoked without a revocation time: revoked, dead.
  (151, 'F', interval '-5 days',  true,  interval '-31 days'),
  (152, 'F', interval '5 days',   true,  NULL),
  -- G: rotations 1 s before / after the cutoff, the head live.
  (161, 'G', interval '1 day',    true,  interval '-30 days -1 second'),
  (162, 'G', interval '1 day',    true,  interval '-30 days 1 second'),
  (163, 'G', interval '20 days',  false, NULL),
  -- H: the last live member expired 1 s before the cutoff (itself removable): dead.
  (171, 'H', interval '-40 days', true,  interval '-31 days'),
  (172, 'H', interval '-30 days -1 second', false, NULL),
  -- I: the last live member expired 1 s after the cutoff (kept by the window): dead at N.
  (181, 'I', interval '-40 days', true,  interval '-31 days'),
  (182, 'I', interval '-30 days 1 second', false, NULL),
  -- J: the last live member expires exactly at N: not yet expired, live.
  (191, 'J', interval '-5 days',  true,  interval '-31 days'),
  (192, 'J', interval '0',        false, NULL),
  -- K: one member, expired long ago.
  (201, 'K', interval '-50 days', false, NULL),
  -- No family: never kept by the clause, and NULLs do not make one family.
  (301, NULL, interval '-5 days', true,  interval '-31 days'),
  (302, NULL, interval '10 days', false, NULL)
) v(id, fam, exp_off, revocado, rev_off);

-- Bulk: 200 families of 5 rotated members (removable) and a head that is live (g % 3 = 0),
-- expired 2 minutes before N (g % 3 = 1) or revoked an hour before N (g % 3 = 2).
INSERT INTO identidad.trx_refresh_tokens
  (id, empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
OVERRIDING SYSTEM VALUE
SELECT 1000 + g * 10 + m, g % 7 + 1, g, md5('bulk' || g)::uuid, 'bulk' || g || '.' || m,
       n - interval '200 days',
       CASE WHEN m < 5 THEN n - interval '1 day'
            WHEN g % 3 = 1 THEN n - interval '2 minutes' ELSE n + interval '10 days' END,
       m < 5 OR g % 3 = 2,
       CASE WHEN m < 5 THEN n - interval '31 days' - g * interval '1 hour'
            WHEN g % 3 = 2 THEN n - interval '1 hour' END
FROM (SELECT %1 AS n) t, generate_series(1, 200) g, generate_series(0, 5) m;
ANALYZE identidad.trx_refresh_tokens;
)SQL";

// Placed rows the rule removes with the setting off, and those of them in live families.
const QList<qint64> kGoneOff{101, 111, 121, 131, 141, 151, 161, 171, 172, 181, 191, 201, 301};
const QList<qint64> kLiveFamilyPlaced{101, 111, 141, 161, 191};

} // namespace

class TestFamilyRetention : public QObject
{
    Q_OBJECT

private:
    test::SandboxInfo m_sandbox;

    // Opens the purge connection, starts its transaction and returns its now() (N).
    QString freeze(PgConnection &conn)
    {
        QSqlQuery q(conn.database());
        if (!q.exec(QStringLiteral("BEGIN")) || !q.exec(QStringLiteral("SET TimeZone TO 'UTC'")) ||
            !q.exec(QStringLiteral("SELECT now()::text")) || !q.next())
            return QString();
        return q.value(0).toString();
    }

private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void previewEqualsPurgeAtTheBoundaries_data()
    {
        QTest::addColumn<bool>("familyAware");
        QTest::newRow("off (the ADR's table)") << false;
        QTest::newRow("on") << true;
    }

    void previewEqualsPurgeAtTheBoundaries();
    void purgeCountsAgreeWithThePreview();
    void preflightNamesAMissingFamilyIndex();
};

void TestFamilyRetention::previewEqualsPurgeAtTheBoundaries()
{
    QFETCH(bool, familyAware);
    test::TestDatabase db(m_sandbox, QStringLiteral("family"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    const QString frozen = freeze(conn);
    QVERIFY(!frozen.isEmpty());
    const QString N = tsLiteral(frozen);
    QVERIFY(db.exec(QString::fromLatin1(kPlacedSql).arg(N)));

    RuleConfig config = Rules::defaults(kRefresh);
    config.batchSize = 97; // several batches
    config.familyAware = familyAware;
    PreviewPlan plan;
    QString error;
    QVERIFY2(takeOne(conn, config, &plan, &error), qPrintable(error));
    QVERIFY(QSqlQuery(conn.database()).exec(QStringLiteral("COMMIT")));
    QCOMPARE(plan.cutoffBaseUtc, frozen);
    const RulePreview *r = plan.rule(kRefresh);
    QVERIFY(r);
    const QString C = tsLiteral(r->cutoffUtc);
    QCOMPARE(db.scalar(QStringLiteral("SELECT %1 - interval '30 days' = %2").arg(N, C)).toBool(), true);

    // The oracle: the ADR's rule spelled out, and liveness at N spelled out, not the rule's text.
    const QString base =
        QStringLiteral(
            "(t.expiracion < %1 OR (t.revocado AND t.revocado_en IS NOT NULL AND t.revocado_en < %1))")
            .arg(C);
    const QString live =
        QStringLiteral("coalesce(t.familia_id IN (SELECT f.familia_id FROM identidad.trx_refresh_tokens f "
                       "WHERE f.familia_id IS NOT NULL AND f.expiracion >= %1 AND (NOT f.revocado OR "
                       "(f.revocado_en IS NOT NULL AND f.revocado_en > %1))), false)")
            .arg(N);
    const QString ids = QStringLiteral("SELECT t.id FROM identidad.trx_refresh_tokens t WHERE %1 ORDER BY 1");
    const QList<qint64> all = allIds(db, r->table);
    const QList<qint64> liveFamily = db.ids(ids.arg(base + QStringLiteral(" AND ") + live));
    const QList<qint64> gone =
        db.ids(ids.arg(familyAware ? base + QStringLiteral(" AND NOT ") + live : base));

    // The placed rows, one by one; the bulk: 5 removable members per family, live heads every third.
    auto placed = [](const QList<qint64> &v) {
        QList<qint64> out;
        for (qint64 id : v)
            if (id < 1000)
                out << id;
        return out;
    };
    const QList<qint64> goneOn = minus(kGoneOff, kLiveFamilyPlaced);
    QCOMPARE(listText(placed(gone)), listText(familyAware ? goneOn : kGoneOff));
    QCOMPARE(listText(placed(liveFamily)), listText(kLiveFamilyPlaced));
    QCOMPARE(liveFamily.size() - kLiveFamilyPlaced.size(), qsizetype(66 * 5)); // g % 3 = 0 of 1..200
    QCOMPARE(gone.size() - placed(gone).size(), qsizetype(familyAware ? 134 * 5 : 200 * 5));

    // The preview: what goes, and always how many rows of live families the rule meets.
    QCOMPARE(r->total, qint64(all.size()));
    QCOMPARE(r->eligible, qint64(gone.size()));
    QCOMPARE(r->liveFamily, qint64(liveFamily.size()));
    QCOMPARE(r->keyMin, gone.first());
    QCOMPARE(r->keyMax, gone.last());
    qint64 tenants = 0;
    for (const CountBucket &b : r->byTenant)
        tenants += b.rows;
    QCOMPARE(tenants, r->eligible);
    QCOMPARE(r->sample.size(), qsizetype(100));
    QCOMPARE(r->sample.first().first().toLongLong(), gone.first());
    const QString note = r->liveFamilyNote();
    QVERIFY2(note.contains(QString::number(liveFamily.size())), qPrintable(note));
    QVERIFY2(note.contains(familyAware ? QStringLiteral("is on: they are kept")
                                       : QStringLiteral("is off: they are removed")),
             qPrintable(note));
    const QJsonObject json = r->toJson();
    QCOMPARE(json.value(QStringLiteral("family_aware")).toBool(), familyAware);
    QCOMPARE(json.value(QStringLiteral("live_family_rows")).toInteger(), qint64(liveFamily.size()));

    // The purge runs the plan: exactly the previewed ids go, in several batches.
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt receipt = engine.run(plan, options({kRefresh}), &rec);
    QCOMPARE(receipt.status, RunStatus::Ok);
    QCOMPARE(receipt.rules.size(), 1);
    QCOMPARE(receipt.rules.first().deleted, r->eligible);
    QVERIFY(receipt.rules.first().batches > 3);
    QCOMPARE(listText(allIds(db, r->table)), listText(minus(all, gone)));
    // The receipt carries the setting and the count, and says it in words.
    QCOMPARE(receipt.familyRetention.value(kRefresh).familyAware, familyAware);
    QCOMPARE(receipt.familyRetention.value(kRefresh).liveFamilyRows, qint64(liveFamily.size()));
    QVERIFY(receiptNotes(receipt).join(u'\n').contains(note));
}

// purge --yes counts with the lighter statement: the same eligible rows and live-family count.
void TestFamilyRetention::purgeCountsAgreeWithThePreview()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("family_counts"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    const QString frozen = freeze(conn);
    QVERIFY(!frozen.isEmpty());
    QVERIFY(db.exec(QString::fromLatin1(kPlacedSql).arg(tsLiteral(frozen))));
    for (bool on : {false, true}) {
        RuleConfig config = Rules::defaults(kRefresh);
        config.familyAware = on;
        PreviewPlan full, light;
        DbFailure failure;
        QVERIFY2(takePreview(conn, {config}, nullptr, nullptr, &full, &failure), qPrintable(failure.message));
        QVERIFY2(takePreview(conn, {config}, nullptr, nullptr, &light, &failure, PreviewDepth::ForPurge),
                 qPrintable(failure.message));
        const RulePreview &f = full.rules.first(), &l = light.rules.first();
        QCOMPARE(l.eligible, f.eligible);
        QCOMPARE(l.liveFamily, f.liveFamily);
        QCOMPARE(l.keyMin, f.keyMin);
        QCOMPARE(l.keyMax, f.keyMax);
        QCOMPARE(f.liveFamily, qint64(kLiveFamilyPlaced.size() + 66 * 5));
    }
    QVERIFY(QSqlQuery(conn.database()).exec(QStringLiteral("ROLLBACK")));
}

// The family check looks families up by familia_id: the preflight says whether an index leads with
// it (a warning, never a refusal: the setting is off by default).
void TestFamilyRetention::preflightNamesAMissingFamilyIndex()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("family_index"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto item = [&](PreflightItem *out) {
        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        PreflightReport report;
        DbFailure failure;
        QVERIFY2(runPreflight(conn, &report, &failure), qPrintable(failure.message));
        for (const PreflightItem &i : std::as_const(report.items))
            if (i.id == QLatin1String("family_index:refresh_tokens"))
                *out = i;
    };
    PreflightItem with, without;
    item(&with);
    QCOMPARE(with.status, PreflightItem::Status::Ok);
    QVERIFY(db.exec(QStringLiteral("DROP INDEX identidad.trx_refresh_tokens_familia_idx")));
    // An index that does not lead with familia_id does not count.
    QVERIFY(db.exec(
        QStringLiteral("CREATE INDEX otro_idx ON identidad.trx_refresh_tokens (empresa_id, familia_id)")));
    item(&without);
    QCOMPARE(without.status, PreflightItem::Status::Warning);
    QCOMPARE(without.ruleId, kRefresh);
    QVERIFY2(without.detail.contains(QStringLiteral("CREATE INDEX CONCURRENTLY")),
             qPrintable(without.detail));
    QVERIFY(!without.blocksPreview && !without.blocksPurge);
}

QTEST_GUILESS_MAIN(TestFamilyRetention)
#include "tst_familyretention.moc"
