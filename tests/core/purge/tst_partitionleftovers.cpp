// Left-over partitions (detached by a run that stopped before its DROP) are told by more than their
// COMMENT marker: the marker records the table's oid, schema.name and bounds, and the purge drops
// only a table that still is exactly that. A table the DBA moved or renamed to keep it, or one
// given a copied marker, is left alone and listed by the preview and the purge, never dropped;
// an older marker without the identity counts only on identidad.log_sesiones_YYYY_MM with
// one-month bounds.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

bool exists(TestDatabase &db, const QString &table)
{
    return db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NOT NULL").arg(table)).toBool();
}

bool isLeftover(const RulePreview *rp, const QString &name)
{
    for (const PartitionInfo &p : rp->partitions)
        if (p.name == name)
            return p.detachedNotDropped;
    return false;
}

// The names the preview lists as left alone (JSON "left_alone").
QStringList leftAlone(const RulePreview *rp)
{
    QStringList names;
    for (const QJsonValue &v : rp->toJson().value(QStringLiteral("left_alone")).toArray())
        names << v[QStringLiteral("name")].toString();
    return names;
}

QString marker(TestDatabase &db, const QString &table)
{
    return db.scalar(QStringLiteral("SELECT obj_description(to_regclass('%1'), 'pg_class')").arg(table))
        .toString();
}

} // namespace

class TestPartitionLeftovers : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void leftoverWithItsIdentityIsDropped();
    void movedAndRenamedToAnotherSchemaIsKeptAndListed();
    void renamedInPlaceIsKept();
    void copiedMarkerOnAnotherTableIsKept();
    void oldMarkerCountsOnlyOnAMonthPartitionName();

private:
    // Every removable month partition detached and left behind by a run whose DROP TABLE an event
    // trigger refused (the trigger is gone afterwards): the left-overs of a stopped run.
    QStringList leftovers(TestDatabase &db, PgConnection &conn)
    {
        if (!db.isValid() || !db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")) ||
            !db.exec(logSeedSql(false)) || !setupHistory(db) || !db.exec(QStringLiteral(R"SQL(
CREATE FUNCTION public.no_drops() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'change freeze'; END $$;
CREATE EVENT TRIGGER no_drops ON ddl_command_start WHEN TAG IN ('DROP TABLE') EXECUTE FUNCTION public.no_drops();
)SQL")) || !openPurga(db, conn))
            return {};
        PreviewPlan p;
        if (!plan(conn, {kLog}, &p))
            return {};
        const QStringList names =
            removableLogPartitions(db, kLogMonthsBack, tsLiteral(p.rule(kLog)->cutoffUtc));
        purge(conn, p);
        db.exec(QStringLiteral("DROP EVENT TRIGGER no_drops"));
        for (const QString &n : names)
            if (!exists(db, n))
                return {};
        return names;
    }

    PurgeReceipt purge(PgConnection &conn, const PreviewPlan &p)
    {
        Recorder rec;
        QueryCanceller canceller;
        PurgeEngine engine(conn, canceller);
        return engine.run(p, options({kLog}), &rec);
    }

    SandboxInfo m_sandbox;
};

// The marker a run writes names the table's oid and schema.name; a left-over that still is that
// table is listed by the preview and dropped by the next purge.
void TestPartitionLeftovers::leftoverWithItsIdentityIsDropped()
{
    TestDatabase db(m_sandbox, QStringLiteral("pleft_own"));
    PgConnection conn;
    const QStringList names = leftovers(db, conn);
    QVERIFY2(names.size() >= 2, qPrintable(db.error()));
    for (const QString &n : names) {
        const QString oid =
            db.scalar(QStringLiteral("SELECT to_regclass('%1')::oid::text").arg(n)).toString();
        QVERIFY2(marker(db, n).contains(QStringLiteral(" oid %1 table %2 FOR VALUES FROM (").arg(oid, n)),
                 qPrintable(marker(db, n)));
    }
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    for (const QString &n : names)
        QVERIFY2(isLeftover(p.rule(kLog), n), qPrintable(n));
    QVERIFY(leftAlone(p.rule(kLog)).isEmpty());
    const PurgeReceipt r = purge(conn, p);
    QCOMPARE(r.status, RunStatus::Ok);
    for (const QString &n : names) {
        QVERIFY(r.rules.first().droppedPartitions.contains(n));
        QVERIFY(!exists(db, n));
    }
}

// The DBA keeps a left-over by moving it to another schema and renaming it: a purge from a preview
// taken before the move keeps it and says so (the run does not fail for it), and every later
// preview and purge lists it, never dropping it. The other left-overs go.
void TestPartitionLeftovers::movedAndRenamedToAnotherSchemaIsKeptAndListed()
{
    TestDatabase db(m_sandbox, QStringLiteral("pleft_moved"));
    PgConnection conn;
    const QStringList names = leftovers(db, conn);
    QVERIFY2(names.size() >= 2, qPrintable(db.error()));
    const QString kept = names.first();
    const QString rel = kept.section(u'.', 1);
    const QString moved = QStringLiteral("archivo.%1_conservar").arg(rel);
    PreviewPlan before;
    QVERIFY(plan(conn, {kLog}, &before));
    QVERIFY(isLeftover(before.rule(kLog), kept));
    QVERIFY(db.exec(QStringLiteral("CREATE SCHEMA archivo; ALTER TABLE %1 SET SCHEMA archivo; "
                                   "ALTER TABLE archivo.%2 RENAME TO %2_conservar")
                        .arg(kept, rel)));
    const PurgeReceipt r = purge(conn, before);
    QCOMPARE(r.status, RunStatus::Ok);
    QVERIFY2(r.rules.first().message.contains(QStringLiteral("Left alone: %1").arg(kept)),
             qPrintable(r.rules.first().message));
    QVERIFY(exists(db, moved));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(moved)).toInt(), 100);
    for (const QString &n : names.mid(1))
        QVERIFY2(!exists(db, n), qPrintable(n));

    PreviewPlan after;
    QVERIFY(plan(conn, {kLog}, &after));
    QVERIFY(!isLeftover(after.rule(kLog), moved));
    QCOMPARE(leftAlone(after.rule(kLog)), QStringList{moved});
    const QString json = QString::fromUtf8(QJsonDocument(after.rule(kLog)->toJson()).toJson());
    QVERIFY2(json.contains(QStringLiteral("moved or renamed to %1").arg(moved)), qPrintable(json));
    const PurgeReceipt again = purge(conn, after);
    QCOMPARE(again.status, RunStatus::Ok);
    QVERIFY2(again.rules.first().message.contains(QStringLiteral("Left alone: %1").arg(moved)),
             qPrintable(again.rules.first().message));
    QVERIFY(exists(db, moved));
}

// Renamed in the same schema: no longer the table its marker names; kept.
void TestPartitionLeftovers::renamedInPlaceIsKept()
{
    TestDatabase db(m_sandbox, QStringLiteral("pleft_renamed"));
    PgConnection conn;
    const QStringList names = leftovers(db, conn);
    QVERIFY2(!names.isEmpty(), qPrintable(db.error()));
    const QString renamed = names.first() + QStringLiteral("_viejo");
    QVERIFY(
        db.exec(QStringLiteral("ALTER TABLE %1 RENAME TO %2").arg(names.first(), renamed.section(u'.', 1))));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    QVERIFY(!isLeftover(p.rule(kLog), renamed));
    QCOMPARE(leftAlone(p.rule(kLog)), QStringList{renamed});
    const PurgeReceipt r = purge(conn, p);
    QCOMPARE(r.status, RunStatus::Ok);
    QVERIFY(exists(db, renamed));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(renamed)).toInt(), 100);
}

// Another table given a copy of a left-over's marker is not that left-over: kept and listed, while
// the left-over itself is dropped.
void TestPartitionLeftovers::copiedMarkerOnAnotherTableIsKept()
{
    TestDatabase db(m_sandbox, QStringLiteral("pleft_copy"));
    PgConnection conn;
    const QStringList names = leftovers(db, conn);
    QVERIFY2(!names.isEmpty(), qPrintable(db.error()));
    const QString copy = QStringLiteral("identidad.log_sesiones_copia");
    QVERIFY(db.exec(QStringLiteral(R"SQL(
CREATE TABLE %1 (LIKE identidad.log_sesiones);
ALTER TABLE %1 OWNER TO identidad_owner;
INSERT INTO %1 SELECT * FROM %2 LIMIT 5;
DO $$ BEGIN
  EXECUTE format('COMMENT ON TABLE %1 IS %L', obj_description('%2'::regclass, 'pg_class'));
END $$;
)SQL")
                        .arg(copy, names.first())));
    QCOMPARE(marker(db, copy), marker(db, names.first()));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    QVERIFY(!isLeftover(p.rule(kLog), copy));
    QVERIFY(isLeftover(p.rule(kLog), names.first()));
    QCOMPARE(leftAlone(p.rule(kLog)), QStringList{copy});
    const PurgeReceipt r = purge(conn, p);
    QCOMPARE(r.status, RunStatus::Ok);
    QVERIFY(exists(db, copy));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM %1").arg(copy)).toInt(), 5);
    QVERIFY(!exists(db, names.first()));
}

// A marker written before markers carried the table's identity: the table is dropped when it is
// identidad.log_sesiones_YYYY_MM with one-month bounds, kept (and listed) under any other name.
void TestPartitionLeftovers::oldMarkerCountsOnlyOnAMonthPartitionName()
{
    TestDatabase db(m_sandbox, QStringLiteral("pleft_oldfmt"));
    PgConnection conn;
    const QStringList names = leftovers(db, conn);
    QVERIFY2(names.size() >= 2, qPrintable(db.error()));
    const QString proper = names.at(0);
    const QString odd = QStringLiteral("identidad.log_viejo");
    // The old format: "<prefix> (run R) FOR VALUES ...", nothing else.
    const QString oldMarker = QStringLiteral(
        "DO $$ BEGIN EXECUTE format('COMMENT ON TABLE %1 IS %L', regexp_replace(split_part("
        "obj_description('%1'::regclass, 'pg_class'), E'\\n', 1), ' oid [0-9]+ table .* FOR VALUES ', "
        "' FOR VALUES ')); END $$");
    QVERIFY(db.exec(oldMarker.arg(proper)));
    QVERIFY2(!marker(db, proper).contains(QStringLiteral(" oid ")), qPrintable(marker(db, proper)));
    QVERIFY(marker(db, proper).contains(QStringLiteral(") FOR VALUES FROM (")));
    QVERIFY(db.exec(QStringLiteral("ALTER TABLE %1 RENAME TO log_viejo").arg(names.at(1))));
    QVERIFY(db.exec(oldMarker.arg(odd)));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    QVERIFY(isLeftover(p.rule(kLog), proper));
    QVERIFY(!isLeftover(p.rule(kLog), odd));
    QCOMPARE(leftAlone(p.rule(kLog)), QStringList{odd});
    const PurgeReceipt r = purge(conn, p);
    QCOMPARE(r.status, RunStatus::Ok);
    QVERIFY(!exists(db, proper));
    QVERIFY(exists(db, odd));
}

QTEST_GUILESS_MAIN(TestPartitionLeftovers)
#include "tst_partitionleftovers.moc"
