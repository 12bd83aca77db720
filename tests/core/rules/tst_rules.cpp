// Rules: validation, settings and the cutoff literal; pure, no database. The rules checked against
// the real database are in tst_rulesdb (token cutoffs) and tst_rulespartitions (log_sesiones).
#include "core/rules/rules.h"

#include <QMap>
#include <QTest>

using namespace purga;

namespace {

const QString kRefresh = QStringLiteral("refresh_tokens");
const QString kPre = QStringLiteral("pre_tokens");
const QString kLog = QStringLiteral("log_sesiones");

} // namespace

class TestRules : public QObject
{
    Q_OBJECT

private slots:
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

    // Every rule id has its whole row: table, title, words, window, unit and the columns its SQL reads.
    void everyRuleHasItsRow()
    {
        QCOMPARE(Rules::ids(), (QStringList{kRefresh, kPre, kLog}));
        for (const QString &id : Rules::ids()) {
            QVERIFY2(Rules::table(id).startsWith(QStringLiteral("identidad.")), qPrintable(id));
            QVERIFY2(!Rules::title(id).isEmpty() && !Rules::retentionText(id).isEmpty(), qPrintable(id));
            QVERIFY2(Rules::forensicMinimumSeconds(id) > 0, qPrintable(id));
            QVERIFY2(Rules::requiredColumns(id).contains(QStringLiteral("id")), qPrintable(id));
        }
        QCOMPARE(Rules::retentionUnit(kPre), RetentionUnit::Hours);
        QCOMPARE(Rules::retentionUnit(kRefresh), RetentionUnit::Days);
        QCOMPARE(Rules::retentionUnit(kLog), RetentionUnit::Months);
        QVERIFY(Rules::requiredColumns(kRefresh).contains(QStringLiteral("revocado_en")));
        QVERIFY(Rules::requiredColumns(kPre).contains(QStringLiteral("usado_en")));
        QVERIFY(Rules::requiredColumns(QStringLiteral("nope")).isEmpty());
    }

    void oneTextPerRule()
    {
        const QString c = Rules::cutoffLiteral(QStringLiteral("2026-01-01 00:00:00+00"));
        for (const QString &id : {kRefresh, kPre}) {
            const QString p = Rules::predicate(id, c);
            QVERIFY(p.contains(c));
            QVERIFY2(Rules::countSql(id, c, 86400).contains(p), qPrintable(id));
            QVERIFY2(Rules::purgeCountSql(id, c).contains(p), qPrintable(id));
            QVERIFY2(Rules::deleteBatchSql(id, c).contains(p), qPrintable(id));
            QVERIFY2(Rules::sampleSql(id, c).contains(p), qPrintable(id));
            QVERIFY2(Rules::tenantSql(id, c).contains(p), qPrintable(id));
        }
        QCOMPARE(Rules::predicate(kLog, c), QStringLiteral("false"));
    }

    // Family-aware retention: off by default (the ADR's table), saved as "<rule>/family_aware",
    // refused for a rule without token families; a value that is not a number reads as off.
    void familyAwareSetting()
    {
        QVERIFY(Rules::hasFamilies(kRefresh));
        QVERIFY(!Rules::hasFamilies(kPre) && !Rules::hasFamilies(kLog));
        for (const QString &id : Rules::ids())
            QVERIFY(!Rules::defaults(id).familyAware);
        RuleConfig on = Rules::defaults(kRefresh);
        on.familyAware = true;
        QVERIFY(Rules::validate(on).isEmpty());
        QMap<QString, QString> map;
        Rules::toSettings(on, &map);
        QCOMPARE(map.value(QStringLiteral("refresh_tokens/family_aware")), QStringLiteral("1"));
        QVERIFY(Rules::fromSettings(kRefresh, map).familyAware);
        on.familyAware = false;
        Rules::toSettings(on, &map);
        QCOMPARE(map.value(QStringLiteral("refresh_tokens/family_aware")), QStringLiteral("0"));
        QVERIFY(!Rules::fromSettings(kRefresh, map).familyAware);
        // The rules without families do not get the key.
        Rules::toSettings(Rules::defaults(kPre), &map);
        QVERIFY(!map.contains(QStringLiteral("pre_tokens/family_aware")));
        map.insert(QStringLiteral("refresh_tokens/family_aware"), QStringLiteral("yes"));
        QVERIFY(!Rules::fromSettings(kRefresh, map).familyAware);
        // Set by hand on another rule: named as an error, not ignored.
        map.insert(QStringLiteral("pre_tokens/family_aware"), QStringLiteral("1"));
        const QStringList errors = Rules::validate(Rules::fromSettings(kPre, map));
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(QStringLiteral("refresh tokens only")), qPrintable(errors.first()));
    }

    // The setting composes one clause into the predicate, and every statement carries it.
    void familyClauseInEveryStatement()
    {
        const QString c = Rules::cutoffLiteral(QStringLiteral("2026-01-01 00:00:00+00"));
        RuleConfig off = Rules::defaults(kRefresh);
        RuleConfig on = off;
        on.familyAware = true;
        QCOMPARE(Rules::predicate(off, c), Rules::predicate(kRefresh, c));
        QVERIFY(Rules::familyClause(off, c).isEmpty());
        const QString p = Rules::predicate(on, c);
        QVERIFY(p.contains(Rules::predicate(kRefresh, c)));
        QVERIFY(p.contains(Rules::familyClause(on, c)));
        QVERIFY(p.contains(QStringLiteral("f.familia_id = t.familia_id")));
        // The frozen instant: the cutoff plus the retention.
        QVERIFY(p.contains(QStringLiteral("(%1 + make_interval(secs => 2592000))").arg(c)));
        // The aggregates test the joined live families (one hash, not a probe per FILTER).
        const QString agg = Rules::aggregatePredicate(on, c);
        QVERIFY(agg.contains(Rules::predicate(kRefresh, c)) &&
                agg.contains(QStringLiteral("lf.familia_id IS NULL")));
        QVERIFY(Rules::countSql(on, c).contains(agg));
        // The purge's count tests the family clause as the DELETE has it (a parallel anti-join).
        QVERIFY(Rules::purgeCountSql(on, c).contains(p));
        QVERIFY(Rules::purgeCountSql(off, c).contains(
            Rules::liveFamilyExpression(Rules::frozenNow(c, off.retentionSeconds))));
        QVERIFY(Rules::countSql(on, c).contains(Rules::liveFamilyJoin(on, c)));
        QVERIFY(Rules::liveFamilyJoin(on, c).contains(
            QStringLiteral("(%1 + make_interval(secs => 2592000))").arg(c)));
        QVERIFY(Rules::liveFamilyJoin(Rules::defaults(kPre), c).isEmpty());
        QVERIFY(Rules::deleteBatchSql(on, c).contains(p));
        QVERIFY(Rules::sampleSql(on, c).contains(p));
        QVERIFY(Rules::tenantSql(on, c).contains(p));
        QVERIFY(Rules::removableSinceSql(on).contains(QStringLiteral("f.familia_id = t.familia_id")));
        // The live-family count is there whatever the setting; the rule without families counts 0.
        for (const RuleConfig &rc : {off, on}) {
            QVERIFY(Rules::countSql(rc, c).contains(QStringLiteral("AS live_family")));
            QVERIFY(Rules::purgeCountSql(rc, c).contains(QStringLiteral("AS live_family")));
        }
        QVERIFY(
            Rules::countSql(Rules::defaults(kPre), c).contains(QStringLiteral("0::bigint AS live_family")));
        RuleConfig pre = Rules::defaults(kPre);
        pre.familyAware = true; // refused by validate(); the SQL ignores it
        QCOMPARE(Rules::predicate(pre, c), Rules::predicate(kPre, c));
    }
};

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"
