// Rules: every token cutoff checked against the real database (the pure half is tst_rules, the
// log_sesiones partitions tst_rulespartitions).
//
// Each test places rows on both sides of each cutoff, takes a preview (which freezes the
// database's now() at its own instant) and compares every count with SQL written here, independently
// of the rule's own text. Rows placed minutes from the cutoff have fixed expectations; rows placed
// seconds from it are judged against the frozen cutoff the preview reports; rows placed exactly at the
// frozen cutoff (after the preview) are judged by re-running the plan's own SQL.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QMap>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace purga;
using namespace purga::test;

// Cutoffs are written as literals of our own (tsLiteral), not with Rules::cutoffLiteral, which is
// under test.
class TestRulesDb : public QObject
{
    Q_OBJECT

private:
    test::SandboxInfo m_sandbox;

    void openPurga(test::TestDatabase &db, PgConnection &conn)
    {
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral("SET TimeZone TO 'UTC'")));
        QVERIFY(test::openPurga(db, conn)); // the reason is logged
    }

    qint64 count(test::TestDatabase &db, const QString &sql) { return db.scalar(sql).toLongLong(); }

    // Runs each of the plan's batch DELETEs (the single pass and the LIMIT form the preview shows) over
    // the whole table and key range in a transaction that is rolled back: what the purge's SQL would
    // delete at the frozen cutoff.
    void checkDeleteSqlMatches(PgConnection &conn, const RulePreview &r, const QList<qint64> &expectedIds)
    {
        const QString c = Rules::cutoffLiteral(r.cutoffUtc);
        const QString range = Rules::deleteRangeSql(r.config, c),
                      bounded = Rules::deleteBatchSql(r.config, c);
        QVERIFY(r.deleteSql.contains(range) && r.deleteSql.contains(bounded));
        for (const QString &statement : {range, bounded}) {
            checkDeleteStatement(conn, r, statement, expectedIds);
            if (QTest::currentTestFailed())
                return;
        }
    }

    void checkDeleteStatement(PgConnection &conn, const RulePreview &r, QString sql,
                              const QList<qint64> &expectedIds)
    {
        sql.replace(QStringLiteral("%TID_FROM%"), QStringLiteral("0"))
            .replace(QStringLiteral("%TID_TO%"), QStringLiteral("1000000"))
            .replace(QStringLiteral("%KEY_MIN%"), QString::number(r.keyMin))
            .replace(QStringLiteral("%KEY_MAX%"), QString::number(r.keyMax))
            .replace(QStringLiteral("%LIMIT%"), QStringLiteral("1000000"));
        QSqlDatabase d = conn.database();
        QVERIFY(d.transaction());
        QSqlQuery q(d);
        const bool ok = q.exec(sql);
        const qint64 deleted = ok ? q.numRowsAffected() : -1;
        const QString why = q.lastError().text();
        // Which rows went: every expected id is gone (and the count says nothing else went).
        QStringList idList;
        for (qint64 id : expectedIds)
            idList << QString::number(id);
        QSqlQuery left(d);
        const bool counted =
            left.exec(QStringLiteral("SELECT count(*) FROM %1 WHERE id = ANY('{%2}'::bigint[])")
                          .arg(r.table, idList.join(u','))) &&
            left.next();
        const qint64 expectedLeft = counted ? left.value(0).toLongLong() : -1;
        left.finish();
        q.finish();
        QVERIFY(d.rollback());
        QVERIFY2(ok, qPrintable(why + QStringLiteral("\n") + sql));
        QCOMPARE(deleted, r.eligible);
        QCOMPARE(deleted, qint64(expectedIds.size()));
        QCOMPARE(expectedLeft, qint64(0));
    }

    void checkSampleAndBreakdowns(test::TestDatabase &db, const RulePreview &r, const QString &goneWhere)
    {
        // Breakdowns add up to the removable count.
        qint64 ages = 0;
        for (const CountBucket &b : r.byAge)
            ages += b.rows;
        QCOMPARE(r.byAge.size(), 4);
        QCOMPARE(ages, r.eligible);
        qint64 tenants = 0;
        for (const CountBucket &b : r.byTenant) {
            tenants += b.rows;
            QCOMPARE(b.rows,
                     count(db, QStringLiteral("SELECT count(*) FROM %1 t WHERE %2 AND t.empresa_id = %3")
                                   .arg(r.table, goneWhere, b.label)));
        }
        QCOMPARE(tenants, r.eligible);
        // Sample: the first removable rows by key, hashes masked.
        QCOMPARE(qint64(r.sample.size()), qMin<qint64>(100, r.eligible));
        const qsizetype idCol = r.sampleColumns.indexOf(QStringLiteral("id"));
        const qsizetype hashCol = r.sampleColumns.indexOf(QStringLiteral("token_hash"));
        QVERIFY(idCol >= 0);
        QVERIFY(hashCol >= 0);
        const QList<qint64> firstIds = db.ids(
            QStringLiteral("SELECT t.id FROM %1 t WHERE %2 ORDER BY t.id LIMIT 100").arg(r.table, goneWhere));
        QList<qint64> sampleIds;
        for (const QVariantList &row : r.sample) {
            sampleIds << row.at(idCol).toLongLong();
            const QString shown = row.at(hashCol).toString();
            QVERIFY2(shown.size() < 64 && shown.contains(QStringLiteral("…")), qPrintable(shown));
        }
        QCOMPARE(listText(sampleIds), listText(firstIds));
        // The removable age range lies before the cutoff.
        if (r.eligible > 0) {
            QVERIFY(!r.oldest.isEmpty() && !r.newest.isEmpty());
            QVERIFY2(db.scalar(QStringLiteral("SELECT %1 <= %2 AND %2 < %3")
                                   .arg(tsLiteral(r.oldest), tsLiteral(r.newest), tsLiteral(r.cutoffUtc)))
                         .toBool(),
                     qPrintable(r.oldest + QStringLiteral(" / ") + r.newest + QStringLiteral(" / ") +
                                r.cutoffUtc));
        }
    }

    // The purge's lighter count (purge --yes) agrees with the full preview at the same frozen cutoff.
    void checkPurgeCountsMatch(PgConnection &conn, const RulePreview &r)
    {
        QSqlQuery q(conn.database());
        QVERIFY2(q.exec(Rules::purgeCountSql(r.id, Rules::cutoffLiteral(r.cutoffUtc))) && q.next(),
                 qPrintable(q.lastError().text()));
        QCOMPARE(q.value(0).toLongLong(), r.total);
        QCOMPARE(q.value(1).toLongLong(), r.eligible);
        QCOMPARE(q.value(2).toLongLong(), r.adrSampleInWindow);
        QCOMPARE(q.value(3).toLongLong(), r.keyMin);
        QCOMPARE(q.value(4).toLongLong(), r.keyMax);
        QVERIFY(r.eligible > 0 && r.adrSampleInWindow > 0); // the data exercises every column
    }

private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    // ---------------------------------------------------------------- database: refresh tokens

    void refreshTokenBoundaries()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("rules_refresh"));
        PgConnection conn;
        openPurga(db, conn);
        if (QTest::currentTestFailed())
            return;

        // Placed rows, offsets from the database's now() at insert time (W = 30 days).
        // revoked offsets of NULL give a NULL revocado_en.
        QVERIFY(db.exec(QStringLiteral(R"SQL(
INSERT INTO identidad.trx_refresh_tokens
  (id, empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
OVERRIDING SYSTEM VALUE
SELECT v.id, v.id % 3 + 1, v.id * 10, gen_random_uuid(), encode(sha256(v.id::text::bytea), 'hex'),
       t.n - interval '100 days', t.n + v.exp_off, v.revocado, t.n + v.rev_off
FROM (SELECT now() AS n) t,
(VALUES
  (101, interval '10 days',                       false, NULL::interval),                 -- active
  (102, interval '1 day',                         true,  - interval '30 days 10 minutes'), -- revoked long ago, still valid
  (103, interval '1 day',                         true,  - interval '30 days' + interval '10 minutes'),
  (104, - interval '30 days 10 minutes',          false, NULL),                            -- expired long ago
  (105, - interval '30 days' + interval '10 minutes', false, NULL),                        -- expired inside window
  (106, interval '7 days',                        true,  NULL),                            -- revoked, NULL revocado_en, valid
  (107, - interval '30 days 10 minutes',          true,  NULL),                            -- revoked, NULL time, expiry old
  (108, - interval '30 days' + interval '10 minutes', true, NULL),                         -- revoked, NULL time, expiry in window
  (109, interval '20 days',                       true,  - interval '1 hour'),             -- revoked recently, still valid
  (110, - interval '1 hour',                      false, NULL),                            -- expired recently
  (111, interval '1 day',                         false, - interval '60 days'),            -- not revoked, stray revocado_en
  (112, - interval '80 days',                     true,  - interval '90 days'),
  (113, - interval '30 days 10 minutes',          true,  - interval '30 days' + interval '10 minutes'),
  (114, interval '1 day',                         true,  - interval '30 days 2 seconds'),
  (115, interval '1 day',                         true,  - interval '30 days' + interval '2 seconds'),
  (116, - interval '30 days 2 seconds',           false, NULL),
  (117, - interval '30 days' + interval '2 seconds', false, NULL),
  (118, - interval '30 days' + interval '10 minutes', true, - interval '30 days 10 minutes'),
  (119, interval '30 days',                       false, NULL)
) v(id, exp_off, revocado, rev_off);

-- Bulk rows spread over 90 days back and 10 forward, some revoked, some with a NULL revocado_en.
INSERT INTO identidad.trx_refresh_tokens
  (id, empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
OVERRIDING SYSTEM VALUE
SELECT g, g % 7 + 1, g % 50, gen_random_uuid(), encode(sha256(('bulk' || g)::bytea), 'hex'),
       t.n - interval '120 days', t.n - interval '90 days' + (g - 1000) * interval '3 hours 59 minutes',
       g % 3 = 0,
       CASE WHEN g % 3 = 0 AND g % 5 <> 0 THEN t.n - (g % 61) * interval '1 day' - (g % 17) * interval '1 minute' END
FROM (SELECT now() AS n) t, generate_series(1001, 1600) g;

-- A kept row with the highest key, so the removable key range is not just min..max of the table.
INSERT INTO identidad.trx_refresh_tokens
  (id, empresa_id, usuario_id, familia_id, token_hash, expiracion)
OVERRIDING SYSTEM VALUE VALUES (2000, 1, 1, gen_random_uuid(), 'last', now() + interval '30 days');
)SQL")));

        PreviewPlan plan;
        QString error;
        QVERIFY2(takeOne(conn, Rules::defaults(kRefresh), &plan, &error), qPrintable(error));
        const RulePreview *r = plan.rule(kRefresh);
        QVERIFY(r);
        checkPurgeCountsMatch(conn, *r);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(r->table, QStringLiteral("identidad.trx_refresh_tokens"));
        const QString C = tsLiteral(r->cutoffUtc);
        const QString N = tsLiteral(plan.cutoffBaseUtc);
        // The cutoff is the frozen database instant minus exactly 30 days, taken after the rows were placed.
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT extract(epoch FROM %1 - %2)::bigint").arg(N, C)).toLongLong(),
            qint64(30) * 86400);
        QVERIFY(
            db.scalar(QStringLiteral(
                          "SELECT %1 >= max(creado_en) + interval '120 days' - interval '1 second' "
                          "AND %1 <= now() FROM identidad.trx_refresh_tokens WHERE id BETWEEN 1001 AND 1600")
                          .arg(N))
                .toBool());

        // Placed rows: fixed expectations, plus the two "2 s after" rows judged against the frozen cutoff.
        QList<qint64> expectedPlaced{102, 104, 107, 112, 113, 114, 116, 118};
        if (db.scalar(
                  QStringLiteral("SELECT revocado_en < %1 FROM identidad.trx_refresh_tokens WHERE id = 115")
                      .arg(C))
                .toBool())
            expectedPlaced << 115;
        if (db.scalar(
                  QStringLiteral("SELECT expiracion < %1 FROM identidad.trx_refresh_tokens WHERE id = 117")
                      .arg(C))
                .toBool())
            expectedPlaced << 117;
        expectedPlaced = sorted(expectedPlaced);
        const QString rulePredicate = Rules::predicate(kRefresh, Rules::cutoffLiteral(r->cutoffUtc));
        const QList<qint64> matchedPlaced =
            db.ids(QStringLiteral(
                       "SELECT t.id FROM identidad.trx_refresh_tokens t WHERE t.id < 1000 AND %1 ORDER BY 1")
                       .arg(rulePredicate));
        QVERIFY2(matchedPlaced == expectedPlaced,
                 qPrintable(QStringLiteral("predicate matched %1, expected %2")
                                .arg(listText(matchedPlaced), listText(expectedPlaced))));

        // Independent counts over the whole table (NULL handling spelled out, not the rule's text).
        const QString gone =
            QStringLiteral(
                "(t.expiracion < %1 OR (t.revocado AND t.revocado_en IS NOT NULL AND t.revocado_en < %1))")
                .arg(C);
        const QString kept = QStringLiteral("(NOT %1)").arg(gone);
        const QString from = QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens t WHERE ");
        const qint64 total = count(db, QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens"));
        const qint64 eligible = count(db, from + gone);
        const qint64 retained = count(db, from + kept);
        const qint64 byWindow =
            count(db, from + kept + QStringLiteral(" AND (t.revocado OR t.expiracion < %1)").arg(N));
        const qint64 adrInWindow =
            count(db, from + kept + QStringLiteral(" AND (t.revocado = TRUE OR t.expiracion < %1)").arg(C));
        const qint64 revoked = count(db, from + QStringLiteral("t.revocado"));
        const qint64 expired = count(db, from + QStringLiteral("t.expiracion < %1").arg(N));
        QCOMPARE(total, qint64(19 + 600 + 1));
        QVERIFY(eligible > expectedPlaced.size() && retained > 11); // the bulk lands on both sides
        QCOMPARE(r->total, total);
        QCOMPARE(r->eligible, eligible);
        QCOMPARE(r->retained, retained);
        QCOMPARE(r->eligible + r->retained, r->total);
        QCOMPARE(r->retainedByWindow, byWindow);
        QCOMPARE(r->adrSampleInWindow, adrInWindow);
        QCOMPARE(r->revokedOrUsed, revoked);
        QCOMPARE(r->expired, expired);
        // The placed rows alone: 103, 105, 106, 108, 109, 110 kept only by the window; 103, 106, 108, 109 are
        // what the ADR's sample (revocado = TRUE) would delete too early.
        QCOMPARE(count(db, from + kept +
                               QStringLiteral(" AND t.id IN (103,105,106,108,109,110) AND "
                                              "(t.revocado OR t.expiracion < %1)")
                                   .arg(N)),
                 qint64(6));
        QCOMPARE(count(db, from + kept +
                               QStringLiteral(" AND t.id < 1000 AND t.id NOT IN (115, 117) AND t.revocado")),
                 qint64(4));

        // The id set of the rule's predicate is exactly the independent one; key range from it.
        const QList<qint64> expectedAll = db.ids(
            QStringLiteral("SELECT t.id FROM identidad.trx_refresh_tokens t WHERE %1 ORDER BY 1").arg(gone));
        const QList<qint64> matchedAll =
            db.ids(QStringLiteral("SELECT t.id FROM identidad.trx_refresh_tokens t WHERE %1 ORDER BY 1")
                       .arg(rulePredicate));
        QVERIFY2(matchedAll == expectedAll,
                 qPrintable(listText(matchedAll) + QStringLiteral(" vs ") + listText(expectedAll)));
        QCOMPARE(r->keyMin, expectedAll.first());
        QCOMPARE(r->keyMax, expectedAll.last());
        QCOMPARE(r->keyMin, qint64(102));
        QVERIFY(r->keyMax < 2000);

        checkSampleAndBreakdowns(db, *r, gone);
        if (QTest::currentTestFailed())
            return;
        checkDeleteSqlMatches(conn, *r, expectedAll);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")), total);

        // Exactly at the frozen cutoff: 2 s and 1 µs before are removable, the cutoff itself and later are
        // not.
        QVERIFY(db.exec(QStringLiteral(R"SQL(
INSERT INTO identidad.trx_refresh_tokens
  (id, empresa_id, usuario_id, familia_id, token_hash, expiracion, revocado, revocado_en)
OVERRIDING SYSTEM VALUE
SELECT v.id, 4, 4, gen_random_uuid(), 'edge' || v.id,
       CASE WHEN v.revocado THEN %1 + interval '1 day' ELSE %1 + v.off END, v.revocado,
       CASE WHEN v.revocado THEN %1 + v.off END
FROM (VALUES
  (3001, true,  - interval '2 seconds'), (3002, true,  - interval '1 microsecond'), (3003, true,  interval '0'),
  (3004, true,  interval '1 microsecond'), (3005, true,  interval '2 seconds'),
  (3006, false, - interval '2 seconds'), (3007, false, - interval '1 microsecond'), (3008, false, interval '0'),
  (3009, false, interval '1 microsecond'), (3010, false, interval '2 seconds')
) v(id, revocado, off);
)SQL")
                            .arg(C)));
        QCOMPARE(listText(db.ids(
                     QStringLiteral("SELECT t.id FROM identidad.trx_refresh_tokens t WHERE t.id > 3000 "
                                    "AND %1 ORDER BY 1")
                         .arg(rulePredicate))),
                 listText({3001, 3002, 3006, 3007}));
        // The plan's own count text, re-run: same frozen cutoff, so only the four new removable rows move it.
        QSqlQuery q(conn.database());
        QVERIFY2(q.exec(r->countSql) && q.next(), qPrintable(q.lastError().text()));
        QCOMPARE(q.value(0).toLongLong(), r->total + 10);
        QCOMPARE(q.value(1).toLongLong(), r->eligible + 4);
        QCOMPARE(q.value(2).toLongLong(), r->retained + 6);
    }

    // ---------------------------------------------------------------- database: pre-tokens

    void preTokenBoundaries()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("rules_pre"));
        PgConnection conn;
        openPurga(db, conn);
        if (QTest::currentTestFailed())
            return;

        // W = 24 h. usado offsets of NULL give a NULL usado_en (never used).
        QVERIFY(db.exec(QStringLiteral(R"SQL(
INSERT INTO identidad.trx_pre_tokens (id, empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
OVERRIDING SYSTEM VALUE
SELECT v.id, v.id % 4 + 1, v.id, encode(sha256(('pre' || v.id)::bytea), 'hex'),
       t.n - interval '3 days', t.n + v.exp_off, t.n + v.used_off
FROM (SELECT now() AS n) t,
(VALUES
  (201, interval '5 minutes',                       NULL::interval),                       -- active
  (202, interval '1 hour',                          - interval '24 hours 10 minutes'),     -- used long ago, expiry later
  (203, - interval '24 hours' + interval '14 minutes', - interval '24 hours' + interval '10 minutes'), -- used in window
  (204, - interval '24 hours 10 minutes',           NULL),                                 -- never used, expired long ago
  (205, - interval '24 hours' + interval '10 minutes', NULL),                              -- never used, expired in window
  (206, interval '4 minutes',                       - interval '1 minute'),                -- used recently
  (207, - interval '1 minute',                      NULL),                                 -- expired recently
  (208, interval '1 hour',                          - interval '24 hours 2 seconds'),
  (209, interval '1 hour',                          - interval '24 hours' + interval '2 seconds'),
  (210, - interval '24 hours 2 seconds',            NULL),
  (211, - interval '24 hours' + interval '2 seconds', NULL),
  (212, - interval '24 hours 10 minutes',           - interval '24 hours' + interval '10 minutes'), -- used late, expired early
  (213, - interval '47 hours 55 minutes',           - interval '48 hours'),
  (220, interval '10 minutes',                      NULL)
) v(id, exp_off, used_off);

INSERT INTO identidad.trx_pre_tokens (id, empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
OVERRIDING SYSTEM VALUE
SELECT g, g % 5 + 1, g, encode(sha256(('prebulk' || g)::bytea), 'hex'),
       t.n - interval '72 hours' + (g - 1000) * interval '7 minutes',
       t.n - interval '72 hours' + (g - 1000) * interval '7 minutes' + interval '5 minutes',
       CASE WHEN g % 4 <> 0 THEN t.n - interval '72 hours' + (g - 1000) * interval '7 minutes' + interval '1 minute' END
FROM (SELECT now() AS n) t, generate_series(1001, 1640) g;
)SQL")));

        PreviewPlan plan;
        QString error;
        QVERIFY2(takeOne(conn, Rules::defaults(kPre), &plan, &error), qPrintable(error));
        const RulePreview *r = plan.rule(kPre);
        QVERIFY(r);
        checkPurgeCountsMatch(conn, *r);
        if (QTest::currentTestFailed())
            return;
        const QString C = tsLiteral(r->cutoffUtc);
        const QString N = tsLiteral(plan.cutoffBaseUtc);
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT extract(epoch FROM %1 - %2)::bigint").arg(N, C)).toLongLong(),
            qint64(86400));

        QList<qint64> expectedPlaced{202, 204, 208, 210, 212, 213};
        if (db.scalar(
                  QStringLiteral("SELECT usado_en < %1 FROM identidad.trx_pre_tokens WHERE id = 209").arg(C))
                .toBool())
            expectedPlaced << 209;
        if (db.scalar(QStringLiteral("SELECT expiracion < %1 FROM identidad.trx_pre_tokens WHERE id = 211")
                          .arg(C))
                .toBool())
            expectedPlaced << 211;
        expectedPlaced = sorted(expectedPlaced);
        const QString rulePredicate = Rules::predicate(kPre, Rules::cutoffLiteral(r->cutoffUtc));
        const QList<qint64> matchedPlaced = db.ids(
            QStringLiteral("SELECT t.id FROM identidad.trx_pre_tokens t WHERE t.id < 1000 AND %1 ORDER BY 1")
                .arg(rulePredicate));
        QVERIFY2(matchedPlaced == expectedPlaced,
                 qPrintable(QStringLiteral("predicate matched %1, expected %2")
                                .arg(listText(matchedPlaced), listText(expectedPlaced))));

        const QString gone =
            QStringLiteral("(t.expiracion < %1 OR (t.usado_en IS NOT NULL AND t.usado_en < %1))").arg(C);
        const QString kept = QStringLiteral("(NOT %1)").arg(gone);
        const QString from = QStringLiteral("SELECT count(*) FROM identidad.trx_pre_tokens t WHERE ");
        const qint64 total = count(db, QStringLiteral("SELECT count(*) FROM identidad.trx_pre_tokens"));
        const qint64 eligible = count(db, from + gone);
        const qint64 retained = count(db, from + kept);
        QCOMPARE(total, qint64(14 + 640));
        QVERIFY(eligible > expectedPlaced.size() && retained > 8);
        QCOMPARE(r->total, total);
        QCOMPARE(r->eligible, eligible);
        QCOMPARE(r->retained, retained);
        QCOMPARE(r->eligible + r->retained, r->total);
        QCOMPARE(r->retainedByWindow,
                 count(db, from + kept +
                               QStringLiteral(" AND (t.usado_en IS NOT NULL OR t.expiracion < %1)").arg(N)));
        QCOMPARE(r->adrSampleInWindow,
                 count(db, from + kept +
                               QStringLiteral(" AND (t.usado_en IS NOT NULL OR t.expiracion < %1)").arg(C)));
        QCOMPARE(r->revokedOrUsed, count(db, from + QStringLiteral("t.usado_en IS NOT NULL")));
        QCOMPARE(r->expired, count(db, from + QStringLiteral("t.expiracion < %1").arg(N)));
        // Placed: 203, 205, 206, 207 kept only by the window; 203 and 206 (used) the ADR's sample would
        // delete.
        QCOMPARE(count(db, from + kept + QStringLiteral(" AND t.id IN (203,205,206,207)")), qint64(4));
        QCOMPARE(count(db, from + kept +
                               QStringLiteral(
                                   " AND t.id < 1000 AND t.id NOT IN (209, 211) AND t.usado_en IS NOT NULL")),
                 qint64(2));
        // NULL usado_en with a recent expiry: its predicate is NULL, and it is kept, not lost from the
        // counts.
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT (%1) IS NULL FROM identidad.trx_pre_tokens t WHERE t.id = 205")
                          .arg(rulePredicate))
                .toBool(),
            true);

        const QList<qint64> expectedAll = db.ids(
            QStringLiteral("SELECT t.id FROM identidad.trx_pre_tokens t WHERE %1 ORDER BY 1").arg(gone));
        const QList<qint64> matchedAll =
            db.ids(QStringLiteral("SELECT t.id FROM identidad.trx_pre_tokens t WHERE %1 ORDER BY 1")
                       .arg(rulePredicate));
        QVERIFY2(matchedAll == expectedAll,
                 qPrintable(listText(matchedAll) + QStringLiteral(" vs ") + listText(expectedAll)));
        QCOMPARE(r->keyMin, qint64(202));
        QCOMPARE(r->keyMax, expectedAll.last());

        checkSampleAndBreakdowns(db, *r, gone);
        if (QTest::currentTestFailed())
            return;
        checkDeleteSqlMatches(conn, *r, expectedAll);
        if (QTest::currentTestFailed())
            return;

        QVERIFY(db.exec(QStringLiteral(R"SQL(
INSERT INTO identidad.trx_pre_tokens (id, empresa_id, usuario_id, token_hash, expiracion, usado_en)
OVERRIDING SYSTEM VALUE
SELECT v.id, 9, 9, 'edge' || v.id,
       CASE WHEN v.used THEN %1 + interval '1 hour' ELSE %1 + v.off END,
       CASE WHEN v.used THEN %1 + v.off END
FROM (VALUES
  (3001, true,  - interval '2 seconds'), (3002, true,  - interval '1 microsecond'), (3003, true,  interval '0'),
  (3004, true,  interval '1 microsecond'), (3005, true,  interval '2 seconds'),
  (3006, false, - interval '2 seconds'), (3007, false, - interval '1 microsecond'), (3008, false, interval '0'),
  (3009, false, interval '1 microsecond'), (3010, false, interval '2 seconds')
) v(id, used, off);
)SQL")
                            .arg(C)));
        QCOMPARE(
            listText(db.ids(QStringLiteral("SELECT t.id FROM identidad.trx_pre_tokens t WHERE t.id > 3000 "
                                           "AND %1 ORDER BY 1")
                                .arg(rulePredicate))),
            listText({3001, 3002, 3006, 3007}));
        QSqlQuery q(conn.database());
        QVERIFY2(q.exec(r->countSql) && q.next(), qPrintable(q.lastError().text()));
        QCOMPARE(q.value(0).toLongLong(), r->total + 10);
        QCOMPARE(q.value(1).toLongLong(), r->eligible + 4);
        QCOMPARE(q.value(2).toLongLong(), r->retained + 6);
    }

    // A cutoff that is not a timestamp becomes NULL: nothing matches, however old the rows.
    void malformedCutoffMatchesNothing()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("rules_null"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, "
            "expiracion,"
            " revocado, revocado_en) VALUES (1, 1, gen_random_uuid(), 'a', now() - interval '1 year', true,"
            " now() - interval '1 year');"
            "INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, expiracion, usado_en)"
            " VALUES (1, 1, 'b', now() - interval '1 year', now() - interval '1 year')")));
        const QString bad = Rules::cutoffLiteral(QStringLiteral("2026-01-01 00:00:00+00' OR true --"));
        for (const QString &id : {kRefresh, kPre}) {
            QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1 t WHERE %2")
                                   .arg(Rules::table(id), Rules::predicate(id, bad)))
                         .toLongLong(),
                     qint64(0));
            // The count text stays valid SQL and counts the row as kept.
            QCOMPARE(db.scalar(Rules::countSql(id, bad, Rules::defaults(id).retentionSeconds)).toLongLong(),
                     qint64(1));
        }
    }
};

QTEST_GUILESS_MAIN(TestRulesDb)
#include "tst_rulesdb.moc"
