// Partitions: a partition this app detached and did not drop is never
// forgotten (a killed backend or an event trigger between DETACH and DROP, dependent views and
// foreign keys); where DETACH is not concurrent, DETACH and DROP share one transaction; the rows of
// sub-partitioned partitions are counted in their leaves and never more are dropped than
// previewed. The DDL lock timeout and FINALIZE after a lock timeout are in tst_partitionlocks.
#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

const PartitionInfo *partition(const RulePreview *rp, const QString &name)
{
    for (const PartitionInfo &p : rp->partitions)
        if (p.name == name)
            return &p;
    return nullptr;
}

bool isAttached(TestDatabase &db, const QString &part)
{
    return db
        .scalar(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass('%1'))")
                    .arg(part))
        .toBool();
}

bool exists(TestDatabase &db, const QString &part)
{
    return db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NOT NULL").arg(part)).toBool();
}

} // namespace

class TestPartitionSafety : public CliTestCase
{
    Q_OBJECT
private slots:
    void killedBackendBetweenDetachAndDropIsDroppedLater();
    void eventTriggerRefusingDropIsReportedAndRemembered();
    void dependentViewAndForeignKeyKeepDetachedTables();
    void refusedDropWithDefaultLeavesThePartitionAttached();
    void subPartitionsAreCountedAndDropped();
    void subPartitionLeafOwnedByOthersBlocksPurge();
    void moreRowsThanPreviewedAreNotDropped();

private:
    // A database seeded with monthly partitions; without DEFAULT the detach is concurrent.
    bool seed(TestDatabase &db, bool withDefault)
    {
        if (!db.isValid())
            return false;
        if (!withDefault && !db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")))
            return false;
        return db.exec(logSeedSql(withDefault)) && setupHistory(db);
    }

    QStringList removable(TestDatabase &db, const RulePreview *rp)
    {
        return removableLogPartitions(db, kLogMonthsBack, tsLiteral(rp->cutoffUtc));
    }

    PurgeReceipt purge(PgConnection &conn, const PreviewPlan &p, Recorder *rec = nullptr)
    {
        Recorder own;
        QueryCanceller canceller;
        PurgeEngine engine(conn, canceller);
        return engine.run(p, options({kLog}), rec ? rec : &own);
    }

    CliResult cli(const TestDatabase &db, const QStringList &args)
    {
        QProcess p;
        p.setProcessEnvironment(cliEnvironment(m_sandbox, m_home.path()));
        p.setProgram(m_cli);
        p.setArguments(args + QStringList{QStringLiteral("--conninfo"), conninfo(db)});
        return runProcess(p, 120000);
    }
};

// A backend killed between the DETACH and the DROP (the crash of the issue) leaves a plain table:
// every later preview lists it as "detached, not dropped" with its rows, size and why (the CLI too,
// human and JSON), and the next purge drops it.
void TestPartitionSafety::killedBackendBetweenDetachAndDropIsDroppedLater()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("psafe_kill"));
    QVERIFY2(seed(db, false), qPrintable(db.error()));
    PgConnection conn, admin;
    QVERIFY(openPurga(db, conn));
    QVERIFY(openAdmin(m_sandbox, db, admin));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    QVERIFY(removable(db, p.rule(kLog)).size() >= 2);

    Recorder rec;
    QString victim;
    rec.onLog = [&](const QString &line) {
        if (victim.isEmpty() && line.endsWith(QLatin1String(" detached."))) {
            victim = line.section(u' ', 0, 0);
            valueOn(admin, QStringLiteral("SELECT pg_terminate_backend(%1)").arg(conn.backendPid()));
        }
    };
    const PurgeReceipt r = purge(conn, p, &rec);
    QVERIFY2(!victim.isEmpty(), qPrintable(rec.logText()));
    QVERIFY(r.status != RunStatus::Ok);
    QVERIFY(exists(db, victim));
    QVERIFY(!isAttached(db, victim));
    const QString runId = r.runId;

    PgConnection again;
    QVERIFY(openPurga(db, again));
    PreviewPlan p2;
    QVERIFY(plan(again, {kLog}, &p2));
    const PartitionInfo *left = partition(p2.rule(kLog), victim);
    QVERIFY2(left, qPrintable(victim));
    QVERIFY(left->detachedNotDropped);
    QVERIFY(left->removable);
    QCOMPARE(left->rows, qint64(100));
    QVERIFY(left->bytes > 0);
    QVERIFY2(left->reason.contains(runId), qPrintable(left->reason));
    QVERIFY(!left->lowerBound.isEmpty() && !left->upperBound.isEmpty());
    const QJsonObject json = p2.rule(kLog)->toJson();
    bool listed = false;
    for (const QJsonValue &v : json.value(QStringLiteral("partitions")).toArray())
        if (v[QStringLiteral("name")].toString() == victim)
            listed = v[QStringLiteral("state")].toString() == QLatin1String("detached_not_dropped") &&
                     v[QStringLiteral("rows")].toInt() == 100;
    QVERIFY2(listed, qPrintable(QString::fromUtf8(QJsonDocument(json).toJson())));

    // The CLI's preview says it too, in words and in JSON.
    const CliResult human = cli(db, {QStringLiteral("preview"), QStringLiteral("--rule"), kLog});
    QVERIFY2(human.exitCode == 0, qPrintable(human.summary()));
    QVERIFY2(
        QString::fromUtf8(human.out).contains(victim + QStringLiteral(": detached, not dropped (100 rows")),
        qPrintable(human.summary()));
    const CliResult machine =
        cli(db, {QStringLiteral("preview"), QStringLiteral("--rule"), kLog, QStringLiteral("--json")});
    QVERIFY2(QString::fromUtf8(machine.out).contains(QStringLiteral("\"detached_not_dropped\"")),
             qPrintable(machine.summary()));

    const PurgeReceipt r2 = purge(again, p2);
    QCOMPARE(r2.status, RunStatus::Ok);
    QVERIFY(r2.rules.first().droppedPartitions.contains(victim));
    QVERIFY(!exists(db, victim));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_description WHERE description LIKE "
                                      "'purga-sesiones: detaching%'"))
                 .toInt(),
             0);
}

// An event trigger refusing DROP TABLE between DETACH and DROP: the run says why, writes it into
// the table's marker, and the next preview repeats it; once the trigger is gone the purge drops it.
void TestPartitionSafety::eventTriggerRefusingDropIsReportedAndRemembered()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("psafe_evt"));
    QVERIFY2(seed(db, false), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral(R"SQL(
CREATE FUNCTION public.no_drops() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'change freeze: no DROP TABLE today'; END $$;
CREATE EVENT TRIGGER no_drops ON ddl_command_start WHEN TAG IN ('DROP TABLE') EXECUTE FUNCTION public.no_drops();
)SQL")));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const QStringList expected = removable(db, p.rule(kLog));
    const PurgeReceipt r = purge(conn, p);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Error);
    QVERIFY(rr.droppedPartitions.isEmpty());
    QCOMPARE(rr.notDroppedPartitions.size(), expected.size());
    QVERIFY2(rr.message.contains(QStringLiteral("change freeze")), qPrintable(rr.message));
    const QJsonArray notDropped = rr.toJson().value(QStringLiteral("not_dropped_partitions")).toArray();
    QCOMPARE(notDropped.size(), expected.size());
    QVERIFY(
        notDropped.first()[QStringLiteral("reason")].toString().contains(QStringLiteral("change freeze")));
    for (const QString &part : expected)
        QVERIFY(exists(db, part) && !isAttached(db, part));

    PreviewPlan p2;
    QVERIFY(plan(conn, {kLog}, &p2));
    for (const QString &part : expected) {
        const PartitionInfo *left = partition(p2.rule(kLog), part);
        QVERIFY2(left && left->detachedNotDropped, qPrintable(part));
        QVERIFY2(left->reason.contains(QStringLiteral("change freeze")), qPrintable(left->reason));
    }
    QCOMPARE(p2.rule(kLog)->eligible, qint64(100 * expected.size()));

    QVERIFY(db.exec(QStringLiteral("DROP EVENT TRIGGER no_drops")));
    const PurgeReceipt r2 = purge(conn, p2);
    QCOMPARE(r2.status, RunStatus::Ok);
    QCOMPARE(r2.rules.first().deleted, qint64(100 * expected.size()));
    for (const QString &part : expected)
        QVERIFY(!exists(db, part));
}

// A view on one removable partition and a foreign key of another table referencing another: both
// are detached (concurrently) but their DROP is refused; the others go. The preview names the
// dependants before and after; the purge keeps saying why until they are gone.
void TestPartitionSafety::dependentViewAndForeignKeyKeepDetachedTables()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("psafe_deps"));
    QVERIFY2(seed(db, false), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p0;
    QVERIFY(plan(conn, {kLog}, &p0));
    const QStringList expected = removable(db, p0.rule(kLog));
    QVERIFY(expected.size() >= 3);
    const QString viewed = expected.at(0), referenced = expected.at(1);
    QVERIFY(db.exec(QStringLiteral("CREATE VIEW identidad.\"informe viejo\" AS SELECT * FROM %1;\n"
                                   "CREATE TABLE identidad.auditoria (id bigint, en timestamptz, "
                                   "FOREIGN KEY (id, en) REFERENCES %2 (id, ocurrido_en));")
                        .arg(viewed, referenced)));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    QCOMPARE(partition(p.rule(kLog), viewed)->dependents,
             QStringList{QStringLiteral("view identidad.\"informe viejo\"")});
    QVERIFY2(partition(p.rule(kLog), referenced)
                 ->dependents.join(u',')
                 .contains(QStringLiteral("identidad.auditoria")),
             qPrintable(partition(p.rule(kLog), referenced)->dependents.join(u',')));

    const PurgeReceipt r = purge(conn, p);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Error);
    QCOMPARE(rr.notDroppedPartitions.size(), 2);
    for (const QString &part : expected) {
        const bool kept = part == viewed || part == referenced;
        QCOMPARE(exists(db, part), kept);
        QCOMPARE(rr.droppedPartitions.contains(part), !kept);
    }

    PreviewPlan p2;
    QVERIFY(plan(conn, {kLog}, &p2));
    const PartitionInfo *v = partition(p2.rule(kLog), viewed);
    QVERIFY(v && v->detachedNotDropped);
    QVERIFY2(v->reason.contains(QStringLiteral("view identidad.\"informe viejo\"")), qPrintable(v->reason));
    const PartitionInfo *f = partition(p2.rule(kLog), referenced);
    QVERIFY(f && f->detachedNotDropped);
    QVERIFY2(f->reason.contains(QStringLiteral("identidad.auditoria")), qPrintable(f->reason));
    // Still refused: said again, nothing else touched.
    const PurgeReceipt again = purge(conn, p2);
    QCOMPARE(again.rules.first().status, RuleStatus::Error);
    QCOMPARE(again.rules.first().notDroppedPartitions.size(), 2);
    QVERIFY(exists(db, viewed) && exists(db, referenced));

    QVERIFY(
        db.exec(QStringLiteral("DROP VIEW identidad.\"informe viejo\"; DROP TABLE identidad.auditoria;")));
    PreviewPlan p3;
    QVERIFY(plan(conn, {kLog}, &p3));
    const PurgeReceipt done = purge(conn, p3);
    QCOMPARE(done.status, RunStatus::Ok);
    QVERIFY(!exists(db, viewed) && !exists(db, referenced));
    QCOMPARE(done.rules.first().deleted, qint64(200));
}

// With a DEFAULT partition DETACH is not concurrent: DETACH and DROP share a transaction, so a DROP
// refused by a view leaves the partition attached with all its rows, and says why.
void TestPartitionSafety::refusedDropWithDefaultLeavesThePartitionAttached()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("psafe_txn"));
    QVERIFY2(seed(db, true), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p0;
    QVERIFY(plan(conn, {kLog}, &p0));
    const QStringList expected = removable(db, p0.rule(kLog));
    QVERIFY(expected.size() >= 2);
    const QString viewed = expected.first();
    QVERIFY(db.exec(QStringLiteral("CREATE VIEW identidad.v_mes AS SELECT * FROM %1").arg(viewed)));
    const QList<qint64> ids = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(viewed));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const PurgeReceipt r = purge(conn, p);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Error);
    QVERIFY2(!rr.sql.contains(QStringLiteral("CONCURRENTLY")), qPrintable(rr.sql));
    QCOMPARE(rr.notDroppedPartitions.size(), 1);
    QCOMPARE(rr.notDroppedPartitions.first().first, viewed);
    QVERIFY2(rr.notDroppedPartitions.first().second.contains(QStringLiteral("v_mes")),
             qPrintable(rr.notDroppedPartitions.first().second));
    QVERIFY(isAttached(db, viewed));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(viewed)), ids);
    QVERIFY(!rr.droppedPartitions.contains(viewed));
    for (const QString &part : expected)
        if (part != viewed)
            QVERIFY(!exists(db, part));
    // Rolled back with its marker: nothing is left for a later preview to list as detached.
    PreviewPlan p2;
    QVERIFY(plan(conn, {kLog}, &p2));
    for (const PartitionInfo &pi : p2.rule(kLog)->partitions)
        QVERIFY(!pi.detachedNotDropped);
}

// A sub-partitioned monthly partition: the preview counts and sizes its leaves, the purge drops it
// whole and counts its rows.
void TestPartitionSafety::subPartitionsAreCountedAndDropped()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("psafe_sub"));
    QVERIFY2(seed(db, false), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral(R"SQL(
DO $$
DECLARE lo timestamptz := date_trunc('month', now()) - interval '20 months';
BEGIN
  EXECUTE format('CREATE TABLE identidad."log sub" PARTITION OF identidad.log_sesiones FOR VALUES FROM (%L) TO (%L) PARTITION BY RANGE (ocurrido_en)', lo, lo + interval '1 month');
  EXECUTE format('CREATE TABLE identidad.log_sub_a PARTITION OF identidad."log sub" FOR VALUES FROM (%L) TO (%L)', lo, lo + interval '10 days');
  EXECUTE format('CREATE TABLE identidad.log_sub_b PARTITION OF identidad."log sub" FOR VALUES FROM (%L) TO (%L)', lo + interval '10 days', lo + interval '1 month');
  ALTER TABLE identidad."log sub" OWNER TO identidad_owner;
  ALTER TABLE identidad.log_sub_a OWNER TO identidad_owner;
  ALTER TABLE identidad.log_sub_b OWNER TO identidad_owner;
  INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)
  SELECT 1, g, 'login', lo + g * interval '5 hours' FROM generate_series(0, 129) g;
END $$;
ANALYZE identidad.log_sesiones;
)SQL")));
    const QString sub = QStringLiteral("identidad.\"log sub\"");
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.log_sub_a")).toInt() +
                 db.scalar(QStringLiteral("SELECT count(*) FROM identidad.log_sub_b")).toInt(),
             130);
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const PartitionInfo *pi = partition(p.rule(kLog), sub);
    QVERIFY2(pi, qPrintable(p.rule(kLog)->deleteSql));
    QVERIFY(pi->removable);
    QCOMPARE(pi->rows, qint64(130));
    QCOMPARE(pi->leaves, 2);
    const qint64 leafBytes =
        db.scalar(QStringLiteral("SELECT pg_total_relation_size('identidad.log_sub_a') + "
                                 "pg_total_relation_size('identidad.log_sub_b')"))
            .toLongLong();
    QVERIFY(leafBytes > 0);
    QCOMPARE(pi->bytes, leafBytes);
    const qint64 expectedEligible = 130 + 100 * removable(db, p.rule(kLog)).size();
    QCOMPARE(p.rule(kLog)->eligible, expectedEligible);

    const PurgeReceipt r = purge(conn, p);
    QCOMPARE(r.status, RunStatus::Ok);
    const RuleReceipt &rr = r.rules.first();
    QVERIFY(rr.droppedPartitions.contains(sub));
    QCOMPARE(rr.deleted, expectedEligible);
    QCOMPARE(rr.largestBatch, qint64(130));
    QVERIFY(!exists(db, sub));
    QVERIFY(!exists(db, QStringLiteral("identidad.log_sub_a")));
}

// Ownership in the preflight covers every leaf: a leaf owned by another role blocks the log purge
// and is named.
void TestPartitionSafety::subPartitionLeafOwnedByOthersBlocksPurge()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("psafe_leafown"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral(
        "CREATE TABLE identidad.log_2019 PARTITION OF identidad.log_sesiones FOR VALUES FROM "
        "('2019-01-01 00:00:00+00') TO ('2019-02-01 00:00:00+00') PARTITION BY RANGE (ocurrido_en);\n"
        "ALTER TABLE identidad.log_2019 OWNER TO identidad_owner;\n"
        "CREATE TABLE identidad.log_2019_a PARTITION OF identidad.log_2019 FOR VALUES FROM "
        "('2019-01-01 00:00:00+00') TO ('2019-02-01 00:00:00+00');")));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreflightReport r;
    DbFailure failure;
    QVERIFY2(runPreflight(conn, &r, &failure), qPrintable(failure.message));
    QVERIFY(!r.canDetachPartitions);
    QVERIFY(!r.canPurge({kLog}));
    for (const PreflightItem &i : r.items)
        if (i.id == QLatin1String("detach:log_sesiones"))
            QVERIFY2(i.detail.contains(QStringLiteral("identidad.log_2019_a")), qPrintable(i.detail));

    QVERIFY(db.exec(QStringLiteral("ALTER TABLE identidad.log_2019_a OWNER TO identidad_owner")));
    PreflightReport ok;
    QVERIFY2(runPreflight(conn, &ok, &failure), qPrintable(failure.message));
    QVERIFY(ok.canDetachPartitions);
}

// The blast-radius check of the row rules: a partition that holds more rows than previewed when it
// is about to be dropped is kept (detached, with why); the next preview counts it again.
void TestPartitionSafety::moreRowsThanPreviewedAreNotDropped()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("psafe_blast"));
    QVERIFY2(seed(db, false), qPrintable(db.error()));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const QStringList expected = removable(db, p.rule(kLog));
    const QString grown = expected.first();
    // A late writer adds a row to an old month after the preview.
    QVERIFY(db.exec(QStringLiteral("INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, "
                                   "ocurrido_en) SELECT 1, 1, 'login', min(ocurrido_en) FROM %1")
                        .arg(grown)));
    const PurgeReceipt r = purge(conn, p);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, RuleStatus::Error);
    QVERIFY(!rr.droppedPartitions.contains(grown));
    QCOMPARE(rr.notDroppedPartitions.size(), 1);
    QVERIFY2(rr.notDroppedPartitions.first().second.contains(QStringLiteral("101")),
             qPrintable(rr.notDroppedPartitions.first().second));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(grown)).toInt(), 101);
    QCOMPARE(rr.deleted, qint64(100 * (expected.size() - 1)));

    PreviewPlan p2;
    QVERIFY(plan(conn, {kLog}, &p2));
    const PartitionInfo *left = partition(p2.rule(kLog), grown);
    QVERIFY(left && left->detachedNotDropped);
    QCOMPARE(left->rows, qint64(101));
    QVERIFY2(left->reason.contains(QStringLiteral("101")), qPrintable(left->reason));
    const PurgeReceipt r2 = purge(conn, p2);
    QCOMPARE(r2.status, RunStatus::Ok);
    QCOMPARE(r2.rules.first().deleted, qint64(101));
    QVERIFY(!exists(db, grown));
}

QTEST_GUILESS_MAIN(TestPartitionSafety)
#include "tst_partitionsafety.moc"
