// Rules: validation and settings (pure), and every cutoff checked against the real database.
//
// The database half places rows on both sides of each cutoff, takes a preview (which freezes the
// database's now() at its own instant) and compares every count with SQL written here, independently
// of the rule's own text. Rows placed minutes from the cutoff have fixed expectations; rows placed
// seconds from it are judged against the frozen cutoff the preview reports; rows placed exactly at the
// frozen cutoff (after the preview) are judged by re-running the plan's own SQL.
#include "pgconnection.h"
#include "pgsandbox.h"
#include "preview.h"
#include "rules.h"

#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace purga;

namespace {

const QString kRefresh = QStringLiteral("refresh_tokens");
const QString kPre = QStringLiteral("pre_tokens");
const QString kLog = QStringLiteral("log_sesiones");

// A literal of our own (not Rules::cutoffLiteral, which is under test).
QString ts(const QString &text)
{
    return u'\'' + text + QStringLiteral("'::timestamptz");
}

QString listText(const QList<qint64> &ids)
{
    QStringList out;
    for (qint64 id : ids)
        out << QString::number(id);
    return u'[' + out.join(u',') + u']';
}

QList<qint64> sorted(QList<qint64> ids)
{
    std::sort(ids.begin(), ids.end());
    return ids;
}

bool takeOne(PgConnection &conn, const RuleConfig &config, PreviewPlan *plan, QString *error)
{
    return takePreview(conn, {config}, nullptr, nullptr, plan, error);
}

} // namespace

class TestRules : public QObject
{
    Q_OBJECT

private:
    test::SandboxInfo m_sandbox;

    void openPurga(test::TestDatabase &db, PgConnection &conn)
    {
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral("SET TimeZone TO 'UTC'")));
        ConnectError err;
        QVERIFY2(conn.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err),
                 qPrintable(err.message + u' ' + err.detail));
    }

    qint64 count(test::TestDatabase &db, const QString &sql) { return db.scalar(sql).toLongLong(); }

    // Runs the plan's batch DELETE over the whole table and key range in a transaction that is rolled
    // back: what the purge's SQL would delete at the frozen cutoff.
    void checkDeleteSqlMatches(PgConnection &conn, const RulePreview &r, const QList<qint64> &expectedIds)
    {
        QString sql = r.deleteSql;
        sql.replace(QStringLiteral("%TID_FROM%"), QStringLiteral("0"))
            .replace(QStringLiteral("%TID_TO%"), QStringLiteral("1000000"))
            .replace(QStringLiteral("%KEY_MIN%"), QString::number(r.keyMin))
            .replace(QStringLiteral("%KEY_MAX%"), QString::number(r.keyMax));
        QSqlDatabase d = conn.database();
        QVERIFY(d.transaction());
        QSqlQuery q(d);
        const bool ok = q.exec(sql) && q.next();
        const qint64 deleted = ok ? q.value(0).toLongLong() : -1;
        const qint64 lo = ok ? q.value(1).toLongLong() : -1;
        const qint64 hi = ok ? q.value(2).toLongLong() : -1;
        const QString why = q.lastError().text();
        q.finish();
        QVERIFY(d.rollback());
        QVERIFY2(ok, qPrintable(why + QStringLiteral("\n") + sql));
        QCOMPARE(deleted, r.eligible);
        QCOMPARE(deleted, qint64(expectedIds.size()));
        if (!expectedIds.isEmpty()) {
            QCOMPARE(lo, expectedIds.first());
            QCOMPARE(hi, expectedIds.last());
        }
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
                                   .arg(ts(r.oldest), ts(r.newest), ts(r.cutoffUtc)))
                         .toBool(),
                     qPrintable(r.oldest + QStringLiteral(" / ") + r.newest + QStringLiteral(" / ") +
                                r.cutoffUtc));
        }
    }

private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    // ---------------------------------------------------------------- pure: validation and settings

    void defaultsAreValidAndFollowTheAdr()
    {
        QCOMPARE(Rules::ids(), (QStringList{kRefresh, kPre, kLog}));
        QCOMPARE(Rules::defaults(kRefresh).retentionSeconds, qint64(30) * 86400);
        QCOMPARE(Rules::defaults(kPre).retentionSeconds, qint64(86400));
        QCOMPARE(Rules::defaults(kLog).retentionSeconds, Rules::forensicMinimumSeconds(kLog));
        QVERIFY(Rules::defaults(kLog).retentionSeconds >= qint64(365) * 86400);
        QCOMPARE(Rules::table(kRefresh), QStringLiteral("identidad.trx_refresh_tokens"));
        QCOMPARE(Rules::table(kPre), QStringLiteral("identidad.trx_pre_tokens"));
        QCOMPARE(Rules::table(kLog), QStringLiteral("identidad.log_sesiones"));
        for (const QString &id : Rules::ids()) {
            QStringList warnings;
            const QStringList errors = Rules::validate(Rules::defaults(id), &warnings);
            QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
            QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
        }
    }

    void batchSizeOutOfRange_data()
    {
        QTest::addColumn<int>("batchSize");
        QTest::addColumn<bool>("valid");
        QTest::newRow("zero") << 0 << false;
        QTest::newRow("negative") << -5 << false;
        QTest::newRow("one") << 1 << true;
        QTest::newRow("100000") << 100000 << true;
        QTest::newRow("100001") << 100001 << false;
        QTest::newRow("million") << 1000000 << false;
    }

    void batchSizeOutOfRange()
    {
        QFETCH(int, batchSize);
        QFETCH(bool, valid);
        RuleConfig c = Rules::defaults(kRefresh);
        c.batchSize = batchSize;
        const QStringList errors = Rules::validate(c);
        if (valid) {
            QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
            return;
        }
        QCOMPARE(errors.size(), 1); // only the batch size is wrong, and it is named
        QVERIFY2(errors.first().contains(QStringLiteral("batch size %1 is out of range").arg(batchSize)),
                 qPrintable(errors.first()));
        QVERIFY(errors.first().contains(QStringLiteral("1 to 100000")));
    }

    void otherLimitsAreChecked()
    {
        RuleConfig c = Rules::defaults(kPre);
        c.lockTimeoutMs = 0;
        c.statementTimeoutMs = 10;
        c.pauseMs = -1;
        c.targetBatchMs = 100000;
        c.maxLockRetries = 1000;
        const QString all = Rules::validate(c).join(u'\n');
        QVERIFY2(all.contains(QStringLiteral("lock timeout 0 ms")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("statement timeout 10 ms")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("pause -1 ms")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("target batch time 100000 ms")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("lock retries 1000")), qPrintable(all));
        QCOMPARE(Rules::validate(c).size(), 5);
    }

    void unknownRuleAndNonPositiveRetention()
    {
        RuleConfig unknown = Rules::defaults(kRefresh);
        unknown.id = QStringLiteral("sessions");
        QStringList errors = Rules::validate(unknown);
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.first().contains(QStringLiteral("sessions")));

        RuleConfig zero = Rules::defaults(kRefresh);
        zero.retentionSeconds = 0;
        zero.forensicOverride = true; // the override never makes a zero retention acceptable
        errors = Rules::validate(zero);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QStringLiteral("must be positive")), qPrintable(errors.first()));
    }

    void shortRetentionNeedsOverride_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<qint64>("retention");
        QTest::newRow("refresh 29 d") << kRefresh << qint64(29) * 86400;
        QTest::newRow("refresh window minus 1 s") << kRefresh << qint64(30) * 86400 - 1;
        QTest::newRow("pre 23 h") << kPre << qint64(23) * 3600;
        QTest::newRow("log 300 d") << kLog << qint64(300) * 86400;
    }

    void shortRetentionNeedsOverride()
    {
        QFETCH(QString, id);
        QFETCH(qint64, retention);
        RuleConfig c = Rules::defaults(id);
        c.retentionSeconds = retention;

        QStringList warnings;
        QStringList errors = Rules::validate(c, &warnings);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QStringLiteral("shorter than the forensic window")),
                 qPrintable(errors.first()));
        QVERIFY2(errors.first().contains(QStringLiteral("override")), qPrintable(errors.first()));
        QVERIFY(warnings.isEmpty());

        c.forensicOverride = true;
        warnings.clear();
        errors = Rules::validate(c, &warnings);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.first().contains(QStringLiteral("shorter than the forensic window")),
                 qPrintable(warnings.first()));
        // Without a place to put warnings, validate still does not turn them into errors.
        QVERIFY(Rules::validate(c).isEmpty());

        // At or above the window: neither error nor warning, override or not.
        c.retentionSeconds = Rules::forensicMinimumSeconds(id);
        warnings.clear();
        QVERIFY(Rules::validate(c, &warnings).isEmpty());
        QVERIFY(warnings.isEmpty());
    }

    void settingsRoundTrip()
    {
        for (const QString &id : Rules::ids()) {
            RuleConfig c;
            c.id = id;
            c.retentionSeconds = Rules::forensicMinimumSeconds(id) / 2 + 7;
            c.forensicOverride = true;
            c.batchSize = 1234;
            c.lockTimeoutMs = 777;
            c.statementTimeoutMs = 45678;
            c.pauseMs = 25;
            c.targetBatchMs = 400;
            c.maxLockRetries = 9;
            QMap<QString, QString> map;
            map.insert(QStringLiteral("unrelated/key"), QStringLiteral("x"));
            Rules::toSettings(c, &map);
            for (auto it = map.cbegin(); it != map.cend(); ++it)
                QVERIFY2(it.key().startsWith(id + u'/') || it.key() == QLatin1String("unrelated/key"),
                         qPrintable(it.key()));
            const RuleConfig back = Rules::fromSettings(id, map);
            QCOMPARE(back.id, c.id);
            QCOMPARE(back.retentionSeconds, c.retentionSeconds);
            QCOMPARE(back.forensicOverride, c.forensicOverride);
            QCOMPARE(back.batchSize, c.batchSize);
            QCOMPARE(back.lockTimeoutMs, c.lockTimeoutMs);
            QCOMPARE(back.statementTimeoutMs, c.statementTimeoutMs);
            QCOMPARE(back.pauseMs, c.pauseMs);
            QCOMPARE(back.targetBatchMs, c.targetBatchMs);
            QCOMPARE(back.maxLockRetries, c.maxLockRetries);
            // The override survives the trip, so the short retention stays a warning, not an error.
            QVERIFY(Rules::validate(back).isEmpty());
        }
        // Three rules side by side in one map do not disturb each other.
        QMap<QString, QString> map;
        RuleConfig a = Rules::defaults(kRefresh);
        a.batchSize = 11;
        RuleConfig b = Rules::defaults(kPre);
        b.batchSize = 22;
        Rules::toSettings(a, &map);
        Rules::toSettings(b, &map);
        QCOMPARE(Rules::fromSettings(kRefresh, map).batchSize, 11);
        QCOMPARE(Rules::fromSettings(kPre, map).batchSize, 22);
        QCOMPARE(Rules::fromSettings(kLog, map).batchSize, Rules::defaults(kLog).batchSize);
    }

    void settingsFallBackToDefaults()
    {
        const RuleConfig d = Rules::defaults(kRefresh);
        RuleConfig c = Rules::fromSettings(kRefresh, {});
        QCOMPARE(c.retentionSeconds, d.retentionSeconds);
        QCOMPARE(c.batchSize, d.batchSize);
        QCOMPARE(c.forensicOverride, false);
        QMap<QString, QString> garbage;
        garbage.insert(QStringLiteral("refresh_tokens/batch_size"), QStringLiteral("lots"));
        garbage.insert(QStringLiteral("refresh_tokens/retention_seconds"), QString());
        c = Rules::fromSettings(kRefresh, garbage);
        QCOMPARE(c.batchSize, d.batchSize);
        QCOMPARE(c.retentionSeconds, d.retentionSeconds);
    }

    // A settings value too large for an int must not come back as some other, valid number.
    void settingsOutOfIntRangeAreNotWrapped()
    {
        QMap<QString, QString> map;
        // 2^32 + 5000: truncated to int it would read as the default 5000.
        map.insert(QStringLiteral("refresh_tokens/batch_size"), QStringLiteral("4294972296"));
        const RuleConfig c = Rules::fromSettings(kRefresh, map);
        QVERIFY2(
            c.batchSize != 5000 || !Rules::validate(c).isEmpty(),
            "batch_size=4294972296 in the settings was silently read as 5000 (qint64 -> int truncation in "
            "Rules::fromSettings)");
    }

    void cutoffLiteralShape()
    {
        QCOMPARE(Rules::cutoffLiteral(QStringLiteral("2026-10-30 23:59:59.123456+00")),
                 QStringLiteral("'2026-10-30 23:59:59.123456+00'::timestamptz"));
        QCOMPARE(Rules::cutoffLiteral(QStringLiteral("2026-10-30 23:59:59+00")),
                 QStringLiteral("'2026-10-30 23:59:59+00'::timestamptz"));
        QCOMPARE(Rules::cutoffLiteral(QStringLiteral("2026-10-30T23:59:59-05:30")),
                 QStringLiteral("'2026-10-30T23:59:59-05:30'::timestamptz"));
    }

    void cutoffLiteralRefusesMalformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << QString();
        QTest::newRow("now()") << QStringLiteral("now()");
        QTest::newRow("date only") << QStringLiteral("2026-10-30");
        QTest::newRow("no offset") << QStringLiteral("2026-10-30 23:59:59");
        QTest::newRow("words") << QStringLiteral("yesterday");
        QTest::newRow("infinity") << QStringLiteral("infinity");
        QTest::newRow("quote injection")
            << QStringLiteral("2026-10-30 23:59:59+00'; DROP TABLE identidad.x; --");
        QTest::newRow("or true") << QStringLiteral("2026-10-30 23:59:59+00 OR true");
        QTest::newRow("leading space") << QStringLiteral(" 2026-10-30 23:59:59+00");
        QTest::newRow("second line") << QStringLiteral("2026-10-30 23:59:59+00\n' OR '1'='1");
        QTest::newRow("interval expr") << QStringLiteral("2026-10-30 23:59:59+00 - interval '1 day'");
    }

    void cutoffLiteralRefusesMalformed()
    {
        QFETCH(QString, text);
        QCOMPARE(Rules::cutoffLiteral(text), QStringLiteral("NULL::timestamptz"));
    }

    void oneTextPerRule()
    {
        const QString c = Rules::cutoffLiteral(QStringLiteral("2026-01-01 00:00:00+00"));
        for (const QString &id : {kRefresh, kPre}) {
            const QString p = Rules::predicate(id, c);
            QVERIFY(p.contains(c));
            QVERIFY2(Rules::countSql(id, c, 86400).contains(p), qPrintable(id));
            QVERIFY2(Rules::deleteBatchSql(id, c).contains(p), qPrintable(id));
            QVERIFY2(Rules::sampleSql(id, c).contains(p), qPrintable(id));
            QVERIFY2(Rules::tenantSql(id, c).contains(p), qPrintable(id));
        }
        QCOMPARE(Rules::predicate(kLog, c), QStringLiteral("false"));
    }

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
        QCOMPARE(r->table, QStringLiteral("identidad.trx_refresh_tokens"));
        const QString C = ts(r->cutoffUtc);
        const QString N = ts(plan.cutoffBaseUtc);
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
        const QString C = ts(r->cutoffUtc);
        const QString N = ts(plan.cutoffBaseUtc);
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

    // ---------------------------------------------------------------- database: log_sesiones partitions

    void logPartitionsFromCatalog()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("rules_log"));
        PgConnection conn;
        openPurga(db, conn);
        if (QTest::currentTestFailed())
            return;

        // Months -16..+2 around the current UTC month. Month -14 is named irregularly; month +2 (future)
        // carries an old-looking name: only the catalog's bounds may decide.
        const QString m =
            db.scalar(QStringLiteral("SELECT date_trunc('month', now() AT TIME ZONE 'UTC')::date::text"))
                .toString();
        QVERIFY(!m.isEmpty());
        QVERIFY(db.exec(QStringLiteral(R"SQL(
DO $$
DECLARE m date := '%1'; k int;
BEGIN
  FOR k IN -16..1 LOOP
    IF k <> -14 THEN
      PERFORM identidad.crear_particion_log_sesiones((m + make_interval(months => k))::date);
    END IF;
  END LOOP;
  EXECUTE format('CREATE TABLE identidad.viejo_2024 PARTITION OF identidad.log_sesiones FOR VALUES FROM (%L) TO (%L)',
                 (m + make_interval(months => -14))::timestamp AT TIME ZONE 'UTC',
                 (m + make_interval(months => -13))::timestamp AT TIME ZONE 'UTC');
  EXECUTE format('CREATE TABLE identidad.log_sesiones_2001_01 PARTITION OF identidad.log_sesiones FOR VALUES FROM (%L) TO (%L)',
                 (m + make_interval(months => 2))::timestamp AT TIME ZONE 'UTC',
                 (m + make_interval(months => 3))::timestamp AT TIME ZONE 'UTC');
  ALTER TABLE identidad.viejo_2024 OWNER TO identidad_owner;
  ALTER TABLE identidad.log_sesiones_2001_01 OWNER TO identidad_owner;
END
$$;
-- Rows every 7 hours from month -17 (no partition: DEFAULT) to month +3, plus very old ones in DEFAULT.
INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ip, ocurrido_en)
SELECT g % 5 + 1, g, 'login', '10.0.0.1', ('%1'::date - interval '17 months')::timestamp AT TIME ZONE 'UTC' + g * interval '7 hours'
FROM generate_series(0, 2080) g;
INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)
SELECT 1, g, 'logout', timestamptz '2010-03-01 00:00:00+00' + g * interval '1 day' FROM generate_series(1, 40) g;
ANALYZE identidad.log_sesiones;
)SQL")
                            .arg(m)));
        QVERIFY(count(db, QStringLiteral("SELECT count(*) FROM identidad.log_sesiones_2001_01")) > 0);
        QVERIFY(count(db, QStringLiteral("SELECT count(*) FROM identidad.viejo_2024")) > 0);
        const qint64 defaultRows =
            count(db, QStringLiteral("SELECT count(*) FROM identidad.log_sesiones_default"));
        QVERIFY(defaultRows > 40);

        PreviewPlan plan;
        QString error;
        QVERIFY2(takeOne(conn, Rules::defaults(kLog), &plan, &error), qPrintable(error));
        const RulePreview *r = plan.rule(kLog);
        QVERIFY(r);
        const QString N = ts(plan.cutoffBaseUtc);

        // Expected, from the bounds this test created (not from the catalog): upper <= frozen now - 12
        // months.
        QVERIFY(db.exec(QStringLiteral(R"SQL(
CREATE TEMP TABLE expected AS
SELECT CASE k WHEN -14 THEN 'identidad.viejo_2024' WHEN 2 THEN 'identidad.log_sesiones_2001_01'
              ELSE 'identidad.log_sesiones_' || to_char('%1'::date + make_interval(months => k), 'YYYY_MM') END AS name,
       (('%1'::date + make_interval(months => k + 1))::timestamp AT TIME ZONE 'UTC') <= %2 - interval '12 months' AS removable
FROM generate_series(-16, 2) k;
)SQL")
                            .arg(m, N)));
        const QStringList expectedRemovable =
            db.scalar(
                  QStringLiteral("SELECT string_agg(name, ',' ORDER BY name) FROM expected WHERE removable"))
                .toString()
                .split(u',');
        const QStringList expectedKept =
            db.scalar(QStringLiteral(
                          "SELECT string_agg(name, ',' ORDER BY name) FROM expected WHERE NOT removable"))
                .toString()
                .split(u',');
        QVERIFY(expectedRemovable.contains(QStringLiteral("identidad.viejo_2024")));
        QVERIFY(expectedKept.contains(QStringLiteral("identidad.log_sesiones_2001_01")));
        QVERIFY(expectedRemovable.size() >= 3);

        QStringList removable, kept;
        bool sawDefault = false;
        for (const PartitionInfo &p : r->partitions) {
            if (p.isDefault) {
                QVERIFY(!sawDefault);
                sawDefault = true;
                QCOMPARE(p.name, QStringLiteral("identidad.log_sesiones_default"));
                QCOMPARE(p.bound, QStringLiteral("DEFAULT"));
                QVERIFY2(!p.removable,
                         "the DEFAULT partition must never be removable, even full of old rows");
                continue;
            }
            (p.removable ? removable : kept) << p.name;
            if (p.removable) {
                QVERIFY(p.rowsExact);
                QCOMPARE(p.rows, count(db, QStringLiteral("SELECT count(*) FROM %1").arg(p.name)));
                QVERIFY2(r->deleteSql.contains(QStringLiteral("DETACH PARTITION %1 ").arg(p.name)),
                         qPrintable(p.name));
            } else {
                QVERIFY2(!r->deleteSql.contains(p.name + u' ') && !r->deleteSql.contains(p.name + u';'),
                         qPrintable(p.name));
            }
        }
        QVERIFY(sawDefault);
        QVERIFY(!r->deleteSql.contains(QStringLiteral("log_sesiones_default")));
        removable.sort();
        kept.sort();
        QCOMPARE(removable, expectedRemovable);
        QCOMPARE(kept, expectedKept);

        // Eligible = the rows of the removable partitions, counted here through tableoid.
        QStringList quoted;
        for (const QString &n : expectedRemovable)
            quoted << u'\'' + n + u'\'';
        const qint64 eligible = count(db, QStringLiteral("SELECT count(*) FROM identidad.log_sesiones "
                                                         "WHERE tableoid::regclass::text IN (%1)")
                                              .arg(quoted.join(u',')));
        QVERIFY(eligible > 0);
        QCOMPARE(r->eligible, eligible);
        QCOMPARE(r->eligible + r->retained, r->total);
        // The DEFAULT partition still holds the 2010 rows after all that: nothing in it counts as removable.
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM identidad.log_sesiones_default")),
                 defaultRows);
    }

    // Bounds exactly at the frozen cutoff: upper == cutoff is removable (<=), one second later is not.
    void logPartitionBoundAtCutoff()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("rules_logedge"));
        PgConnection conn;
        openPurga(db, conn);
        if (QTest::currentTestFailed())
            return;
        // Irregular bounds minutes around now() - 12 months, placed before the preview.
        QVERIFY(db.exec(QStringLiteral(R"SQL(
DO $$
DECLARE b timestamptz := now() - interval '12 months';
BEGIN
  EXECUTE format('CREATE TABLE identidad.cerca_antes PARTITION OF identidad.log_sesiones FOR VALUES FROM (%L) TO (%L)',
                 b - interval '40 days', b - interval '10 minutes');
  EXECUTE format('CREATE TABLE identidad.cerca_despues PARTITION OF identidad.log_sesiones FOR VALUES FROM (%L) TO (%L)',
                 b - interval '10 minutes', b + interval '10 minutes');
  INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)
  SELECT 1, g, 'login', b - interval '40 days' + g * interval '1 hour' FROM generate_series(0, 959) g;
  INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)
  SELECT 1, g, 'login', b - interval '10 minutes' + g * interval '1 minute' FROM generate_series(0, 19) g;
END
$$;
)SQL")));
        PreviewPlan plan;
        QString error;
        QVERIFY2(takeOne(conn, Rules::defaults(kLog), &plan, &error), qPrintable(error));
        const RulePreview *r = plan.rule(kLog);
        QVERIFY(r);
        QMap<QString, bool> flags;
        for (const PartitionInfo &p : r->partitions)
            flags.insert(p.name, p.removable);
        QCOMPARE(flags.value(QStringLiteral("identidad.cerca_antes")), true);
        QCOMPARE(flags.value(QStringLiteral("identidad.cerca_despues")), false);
        QCOMPARE(flags.value(QStringLiteral("identidad.log_sesiones_default"), true), false);
        QCOMPARE(r->eligible, count(db, QStringLiteral("SELECT count(*) FROM identidad.cerca_antes")));
        QCOMPARE(r->eligible, qint64(960));

        // Exactly at the frozen cutoff, judged by the plan's own catalog SQL (as the purge re-reads it):
        // a partition whose upper bound is the cutoff is removable (<=), one ending a second later is not.
        const QString C = ts(r->cutoffUtc);
        QVERIFY(db.exec(QStringLiteral(R"SQL(
DROP TABLE identidad.cerca_despues;
DO $$
BEGIN
  EXECUTE format('CREATE TABLE identidad.hasta_el_corte PARTITION OF identidad.log_sesiones FOR VALUES FROM (%L) TO (%L)',
                 %1 - interval '5 minutes', %1);
  EXECUTE format('CREATE TABLE identidad.tras_el_corte PARTITION OF identidad.log_sesiones FOR VALUES FROM (%L) TO (%L)',
                 %1, %1 + interval '1 second');
END
$$;
)SQL")
                            .arg(C)));
        QSqlQuery q(conn.database());
        QVERIFY2(q.exec(r->countSql), qPrintable(q.lastError().text()));
        QMap<QString, bool> again;
        while (q.next())
            again.insert(q.value(0).toString(), q.value(5).toBool());
        QVERIFY(again.contains(QStringLiteral("identidad.hasta_el_corte")));
        QVERIFY(again.contains(QStringLiteral("identidad.tras_el_corte")));
        QCOMPARE(again.value(QStringLiteral("identidad.hasta_el_corte")), true);
        QCOMPARE(again.value(QStringLiteral("identidad.tras_el_corte")), false);
        QCOMPARE(again.value(QStringLiteral("identidad.cerca_antes")), true);
        QCOMPARE(again.value(QStringLiteral("identidad.log_sesiones_default"), true), false);
    }

    // A partition bounded FROM (MINVALUE): removable by its upper bound, and its rows must be counted
    // (the purge drops the whole table, rows and all).
    void logMinvaluePartitionCountsItsRows()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("rules_logmin"));
        PgConnection conn;
        openPurga(db, conn);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(db.exec(
            QStringLiteral("CREATE TABLE identidad.historico PARTITION OF identidad.log_sesiones"
                           "  FOR VALUES FROM (MINVALUE) TO ('2020-01-01 00:00:00+00');"
                           "ALTER TABLE identidad.historico OWNER TO identidad_owner;"
                           "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)"
                           "  SELECT 1, g, 'login', timestamptz '2019-06-01 00:00:00+00' + g * interval '1 "
                           "hour' FROM generate_series(1, 250) g;")));
        PreviewPlan plan;
        QString error;
        QVERIFY2(takeOne(conn, Rules::defaults(kLog), &plan, &error), qPrintable(error));
        const RulePreview *r = plan.rule(kLog);
        QVERIFY(r);
        const PartitionInfo *hist = nullptr;
        for (const PartitionInfo &p : r->partitions)
            if (p.name == QLatin1String("identidad.historico"))
                hist = &p;
        QVERIFY(hist);
        QVERIFY(hist->removable);
        QCOMPARE(count(db, QStringLiteral("SELECT count(*) FROM identidad.historico")), qint64(250));
        QCOMPARE(hist->rows, qint64(250));
        QCOMPARE(r->eligible, qint64(250));
    }
};

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"
