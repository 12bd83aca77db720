// Rules: the log_sesiones partitions checked against the real database. Only the catalog's bounds
// decide which partitions are removable (upper bound <= the frozen cutoff); never their names, never
// the DEFAULT partition. The token cutoffs are in tst_rulesdb, the pure rules in tst_rules.
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
class TestRulesPartitions : public QObject
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

private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

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
        const QString N = tsLiteral(plan.cutoffBaseUtc);

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
        const QString C = tsLiteral(r->cutoffUtc);
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

QTEST_GUILESS_MAIN(TestRulesPartitions)
#include "tst_rulespartitions.moc"
