// Database tests of the session log's quarantine (issue 24, part 4): with quarantine_days > 0 the
// purge moves detached partitions to schema identidad_cuarentena instead of dropping them, a later
// purge drops them once their days are over (simulated by a recorded instant set in the past, never
// by sleeping), and partition-restore attaches one again with its rows, or refuses when it no
// longer fits (an overlapping partition, DEFAULT rows inside its bounds, the purge lock held).
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/partitionrestore.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

constexpr int kDays = 30;

void quarantine(RuleConfig &c)
{
    c.quarantineDays = kDays;
}

// A purge of log_sesiones with its preview, at `days` of quarantine.
PurgeReceipt purgeLog(PgConnection &conn, PreviewPlan *p, const std::function<void(RuleConfig &)> &tweak)
{
    if (!plan(conn, {kLog}, p, tweak))
        return PurgeReceipt();
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    return engine.run(*p, options({kLog}), &rec);
}

// The seeded months (with DEFAULT rows) and the history in `db`, `conn` open as the maintenance
// role, and the removable months put in quarantine by a purge.
bool quarantinedDatabase(test::TestDatabase &db, PgConnection &conn)
{
    if (!db.isValid()) {
        qWarning("%s", qPrintable(db.error()));
        return false;
    }
    PreviewPlan p;
    return seedLogDatabase(db, conn, true) && purgeLog(conn, &p, quarantine).status == RunStatus::Ok;
}

// The original name of the oldest month in quarantine.
QString oldestInQuarantine(test::TestDatabase &db)
{
    return db
        .scalar(QStringLiteral(
            "SELECT tabla_original FROM identidad.purga_cuarentena ORDER BY limite_desde LIMIT 1"))
        .toString();
}

QString bare(const QString &qualified)
{
    return qualified.section(u'.', 1);
}

} // namespace

class TestPartitionQuarantine : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void quarantinedPartitionIsRestoredWithItsRows();
    void quarantinedWithoutDefaultDetachesConcurrently();
    void droppedAfterItsDays();
    void restoreRefusedWhenBoundsOverlap();
    void restoreRefusedWhenDefaultHoldsRowsInRange();
    void restoreRefusedWhileThePurgeLockIsHeld();
    void quarantineWithoutItsSchemaDetachesNothing();
    void setupHistoryCreatesTheSchemaWhenAllowed();
    void zeroDaysDropsAsBefore();

private:
    void restoreAndCheck(test::TestDatabase &db, PgConnection &conn, const QString &victim, const QString &bound,
                         const QList<qint64> &victimIds);
    test::SandboxInfo m_sandbox;
};

// Restores `victim` from quarantine and checks it is attached again with its bound, its rows
// and the restore recorded; a second restore finds nothing.
void TestPartitionQuarantine::restoreAndCheck(test::TestDatabase &db, PgConnection &conn, const QString &victim,
                                              const QString &bound, const QList<qint64> &victimIds)
{
    RestoreRequest req;
    req.name = bare(victim); // the bare table name is enough
    const RestoreResult restored = restorePartition(conn, req);
    QVERIFY2(restored.outcome == RestoreResult::Outcome::Restored, qPrintable(restored.message));
    QCOMPARE(restored.restoredAs, victim);
    QCOMPARE(restored.rows, qint64(100));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(victim)), victimIds);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = '%1'::regclass AND "
                                      "inhparent = 'identidad.log_sesiones'::regclass")
                           .arg(victim))
                 .toInt(),
             1);
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE oid = '%1'::regclass")
                           .arg(victim))
                 .toString(),
             bound);
    QVERIFY(
        db.scalar(QStringLiteral("SELECT obj_description('%1'::regclass, 'pg_class') IS NULL").arg(victim))
            .toBool());
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT restaurada_por FROM identidad.purga_cuarentena WHERE tabla_original = "
                           "'%1'")
                           .arg(victim))
                 .toString(),
             QStringLiteral("identidad_purga"));
    // Restored once: a second restore finds nothing of that name in quarantine.
    QVERIFY(restorePartition(conn, req).outcome == RestoreResult::Outcome::NotFound);
}

void TestPartitionQuarantine::quarantinedPartitionIsRestoredWithItsRows()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(seedLogDatabase(db, conn, true));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p, quarantine));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = removableLogPartitions(db, kLogMonthsBack, tsLiteral(rp->cutoffUtc));
    QVERIFY2(expected.size() >= 3, qPrintable(expected.join(u',')));
    QVERIFY2(rp->deleteSql.contains(QStringLiteral("SET SCHEMA identidad_cuarentena")),
             qPrintable(rp->deleteSql));
    QVERIFY2(!rp->deleteSql.contains(QStringLiteral("DROP TABLE")), qPrintable(rp->deleteSql));
    QVERIFY(!rp->quarantineUntilUtc.isEmpty());
    const QString victim = expected.first();
    const QString bound =
        db.scalar(
              QStringLiteral("SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE oid = '%1'::regclass")
                  .arg(victim))
            .toString();
    const QList<qint64> victimIds = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(victim));
    QCOMPARE(victimIds.size(), 100);

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QVERIFY2(rr.droppedPartitions.isEmpty(), qPrintable(rr.droppedPartitions.join(u',')));
    QCOMPARE(rr.quarantinedPartitions.size(), expected.size());
    QCOMPARE(rr.deleted, rp->eligible);
    for (const QString &part : expected) {
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(),
                 qPrintable(part));
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT count(*) FROM identidad_cuarentena.%1").arg(bare(part))).toInt(),
            100);
    }
    // Recorded with its bounds, rows and a drop instant kDays from now.
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT count(*) FROM identidad.purga_cuarentena WHERE restaurada_en IS NULL "
                           "AND eliminada_en IS NULL AND filas = 100"))
                 .toInt(),
             expected.size());
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT limites FROM identidad.purga_cuarentena WHERE tabla_original = '%1'")
                      .arg(victim))
            .toString(),
        bound);
    QVERIFY(
        db.scalar(QStringLiteral(
                      "SELECT bool_and(eliminar_despues BETWEEN now() + interval '%1 days' - "
                      "interval '5 minutes' AND now() + interval '%1 days') FROM identidad.purga_cuarentena")
                      .arg(kDays))
            .toBool());
    const QJsonObject json = rr.toJson();
    QCOMPARE(json.value(QStringLiteral("quarantined_partitions")).toArray().size(), expected.size());
    QCOMPARE(json.value(QStringLiteral("dropped_partitions")).toArray().size(), 0);

    // The next preview lists them, not due.
    PreviewPlan after;
    QVERIFY(plan(conn, {kLog}, &after, quarantine));
    QCOMPARE(after.rule(kLog)->quarantine.size(), expected.size());
    for (const QuarantinedPartition &q : after.rule(kLog)->quarantine)
        QVERIFY(!q.due && q.present);

    restoreAndCheck(db, conn, victim, bound, victimIds);
}

void TestPartitionQuarantine::quarantinedWithoutDefaultDetachesConcurrently()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(seedLogDatabase(db, conn, false));
    PreviewPlan p;
    const PurgeReceipt r = purgeLog(conn, &p, quarantine);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QVERIFY2(rr.sql.contains(QStringLiteral("CONCURRENTLY")), qPrintable(rr.sql));
    const QStringList expected =
        removableLogPartitions(db, kLogMonthsBack, tsLiteral(p.rule(kLog)->cutoffUtc));
    QCOMPARE(rr.quarantinedPartitions.size(), expected.size());
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT count(*) FROM pg_tables WHERE schemaname = 'identidad_cuarentena'"))
            .toInt(),
        expected.size());
    // Not taken for left-overs of a detach: the next preview has none.
    PreviewPlan after;
    QVERIFY(plan(conn, {kLog}, &after, quarantine));
    for (const PartitionInfo &pi : after.rule(kLog)->partitions)
        QVERIFY2(!pi.detachedNotDropped, qPrintable(pi.name));
    QVERIFY(after.rule(kLog)->leftAlone.isEmpty());
}

void TestPartitionQuarantine::droppedAfterItsDays()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    PgConnection conn;
    QVERIFY(quarantinedDatabase(db, conn));
    const QStringList moved = strings(db, QStringLiteral("SELECT tabla FROM identidad.purga_cuarentena"));
    QVERIFY(moved.size() >= 3);
    const QString gone = moved.first();
    // Its days are over one second before now: the recorded instant set in the past.
    QVERIFY(
        db.exec(QStringLiteral("UPDATE identidad.purga_cuarentena SET eliminar_despues = now() - interval '1 "
                               "second' WHERE tabla = '%1'")
                    .arg(gone)));
    // With quarantine off now: a recorded entry still goes only when its own days are over.
    PreviewPlan second;
    QVERIFY(plan(conn, {kLog}, &second));
    const RulePreview *rp = second.rule(kLog);
    QCOMPARE(rp->quarantine.size(), moved.size());
    for (const QuarantinedPartition &q : rp->quarantine)
        QCOMPARE(q.due, q.name == gone);
    QVERIFY2(rp->deleteSql.contains(QStringLiteral("DROP TABLE %1").arg(gone)), qPrintable(rp->deleteSql));
    QJsonArray listed = rp->toJson().value(QStringLiteral("quarantine")).toArray();
    QCOMPARE(listed.size(), moved.size());
    QCOMPARE(rp->toJson().value(QStringLiteral("quarantine_days")).toInt(), 0);

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(second, options({kLog}), &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.quarantineDropped.size(), 1);
    QCOMPARE(rr.quarantineDropped.first().name, gone);
    QCOMPARE(rr.toJson().value(QStringLiteral("quarantine_dropped")).toArray().size(), 1);
    QVERIFY(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(gone)).toBool());
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT eliminada_corrida::text FROM identidad.purga_cuarentena WHERE tabla = "
                           "'%1'")
                           .arg(gone))
                 .toString(),
             r.runId);
    // The others stay, with their rows, until their own days.
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT count(*) FROM identidad.purga_cuarentena WHERE eliminada_en IS NULL"))
                 .toInt(),
             moved.size() - 1);
    for (const QString &t : moved)
        if (t != gone)
            QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(t)).toInt(), 100);
}

void TestPartitionQuarantine::restoreRefusedWhenBoundsOverlap()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    PgConnection conn;
    QVERIFY(quarantinedDatabase(db, conn));
    const QString original = oldestInQuarantine(db);
    // A new partition over the second half of that month takes part of its range.
    const QString from = db.scalar(QStringLiteral("SELECT (limite_desde + interval '15 days')::text FROM "
                                                  "identidad.purga_cuarentena WHERE tabla_original = '%1'")
                                       .arg(original))
                             .toString();
    const QString to = db.scalar(QStringLiteral("SELECT (limite_hasta + interval '3 days')::text FROM "
                                                "identidad.purga_cuarentena WHERE tabla_original = '%1'")
                                     .arg(original))
                           .toString();
    QVERIFY(db.exec(
        QStringLiteral("CREATE TABLE identidad.log_sesiones_nueva PARTITION OF identidad.log_sesiones "
                       "FOR VALUES FROM ('%1') TO ('%2')")
            .arg(from, to)));
    RestoreRequest req;
    req.name = original;
    const RestoreResult r = restorePartition(conn, req);
    QVERIFY2(r.outcome == RestoreResult::Outcome::Refused, qPrintable(r.message));
    QCOMPARE(r.overlapping.size(), 1);
    QVERIFY2(r.overlapping.first().startsWith(QStringLiteral("identidad.log_sesiones_nueva")),
             qPrintable(r.overlapping.first()));
    QVERIFY2(r.message.contains(QStringLiteral("log_sesiones_nueva")), qPrintable(r.message));
    // Nothing changed: still in quarantine, entry active, the advisory lock released.
    QVERIFY(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(original)).toBool());
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT count(*) FROM identidad.purga_cuarentena WHERE tabla_original = '%1' "
                           "AND restaurada_en IS NULL")
                           .arg(original))
                 .toInt(),
             1);
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 731001"))
                 .toInt(),
             0);
}

void TestPartitionQuarantine::restoreRefusedWhenDefaultHoldsRowsInRange()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    PgConnection conn;
    QVERIFY(quarantinedDatabase(db, conn));
    const QString original = oldestInQuarantine(db);
    // A late row of that month lands in the DEFAULT partition (no partition has its range now).
    QVERIFY(db.exec(
        QStringLiteral("INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en) "
                       "SELECT 1, 9, 'late', limite_desde + interval '2 days' FROM "
                       "identidad.purga_cuarentena WHERE tabla_original = '%1'")
            .arg(original)));
    RestoreRequest req;
    req.name = original;
    const RestoreResult r = restorePartition(conn, req);
    QVERIFY2(r.outcome == RestoreResult::Outcome::Refused, qPrintable(r.message));
    QCOMPARE(r.defaultRows, qint64(1));
    QCOMPARE(r.defaultPartition, QStringLiteral("identidad.log_sesiones_default"));
    QVERIFY(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(original)).toBool());
    // Moved out of DEFAULT as the message says, it fits back.
    const QString quarantined =
        db.scalar(QStringLiteral("SELECT tabla FROM identidad.purga_cuarentena WHERE tabla_original = '%1'")
                      .arg(original))
            .toString();
    QVERIFY(db.exec(QStringLiteral("BEGIN; INSERT INTO %1 OVERRIDING SYSTEM VALUE SELECT * FROM "
                                   "identidad.log_sesiones_default WHERE evento = 'late'; DELETE FROM "
                                   "identidad.log_sesiones_default WHERE evento = 'late'; COMMIT;")
                        .arg(quarantined)));
    const RestoreResult again = restorePartition(conn, req);
    QVERIFY2(again.outcome == RestoreResult::Outcome::Restored, qPrintable(again.message));
    QCOMPARE(again.rows, qint64(101));
}

void TestPartitionQuarantine::restoreRefusedWhileThePurgeLockIsHeld()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    PgConnection conn;
    QVERIFY(quarantinedDatabase(db, conn));
    PgConnection job;
    QVERIFY(openPurga(db, job, QStringLiteral("adr-job")));
    QVERIFY(valueOn(job, QStringLiteral("SELECT pg_try_advisory_lock(731001)")).toBool());
    RestoreRequest req;
    req.name = db.scalar(QStringLiteral("SELECT tabla FROM identidad.purga_cuarentena LIMIT 1")).toString();
    const RestoreResult r = restorePartition(conn, req);
    QVERIFY2(r.outcome == RestoreResult::Outcome::LockBusy, qPrintable(r.message));
    QVERIFY2(r.lockHolder.contains(QStringLiteral("adr-job")), qPrintable(r.lockHolder));
    QVERIFY(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NOT NULL").arg(req.name)).toBool());
}

void TestPartitionQuarantine::quarantineWithoutItsSchemaDetachesNothing()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral("DROP SCHEMA identidad_cuarentena")));
    QVERIFY(db.exec(logSeedSql(true)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn)); // the role may not create schemas here: the table only
    QVERIFY(db.scalar(QStringLiteral("SELECT to_regnamespace('identidad_cuarentena') IS NULL")).toBool());
    const int attached = db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhparent = "
                                                  "'identidad.log_sesiones'::regclass"))
                             .toInt();
    PreviewPlan p;
    const PurgeReceipt r = purgeLog(conn, &p, quarantine);
    QCOMPARE(r.rules.first().status, RuleStatus::Error);
    QVERIFY2(r.rules.first().message.contains(QStringLiteral("identidad_cuarentena")),
             qPrintable(r.rules.first().message));
    QCOMPARE(r.rules.first().deleted, qint64(0));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhparent = "
                                      "'identidad.log_sesiones'::regclass"))
                 .toInt(),
             attached);
}

void TestPartitionQuarantine::setupHistoryCreatesTheSchemaWhenAllowed()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral("DROP SCHEMA identidad_cuarentena; GRANT CREATE ON DATABASE %1 TO "
                                   "identidad_purga")
                        .arg(db.name())));
    QVERIFY(setupHistory(db));
    QCOMPARE(db.scalar(QStringLiteral("SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = "
                                      "'identidad_cuarentena'"))
                 .toString(),
             QStringLiteral("identidad_owner"));
    QVERIFY(setupHistory(db)); // idempotent
}

void TestPartitionQuarantine::zeroDaysDropsAsBefore()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("quar"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(seedLogDatabase(db, conn, true));
    PreviewPlan p;
    const PurgeReceipt r = purgeLog(conn, &p, {});
    QCOMPARE(r.status, RunStatus::Ok);
    const QStringList expected =
        removableLogPartitions(db, kLogMonthsBack, tsLiteral(p.rule(kLog)->cutoffUtc));
    QStringList dropped = r.rules.first().droppedPartitions;
    dropped.sort();
    QCOMPARE(dropped, expected);
    QVERIFY(r.rules.first().quarantinedPartitions.isEmpty());
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_cuarentena")).toInt(), 0);
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT count(*) FROM pg_tables WHERE schemaname = 'identidad_cuarentena'"))
            .toInt(),
        0);
    QVERIFY(p.rule(kLog)->toJson().value(QStringLiteral("quarantine_until_utc")).isNull());
}

QTEST_GUILESS_MAIN(TestPartitionQuarantine)
#include "tst_partitionquarantine.moc"
