// The preflight's partition checks beyond ownership: rows older than the retention in the DEFAULT
// partition of identidad.log_sesiones, which detaching month partitions never removes, are warned
// about (how many, from when to when, what to do); no item without such rows.
#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

const PreflightItem *item(const PreflightReport &r, const QString &id)
{
    for (const PreflightItem &i : r.items)
        if (i.id == id)
            return &i;
    return nullptr;
}

const QString kItem = QStringLiteral("default_partition:log_sesiones");

} // namespace

class TestPartitionChecks : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void oldRowsInTheDefaultPartitionAreWarnedAbout();
    void noItemWithoutOldRowsInADefaultPartition();

private:
    bool preflight(const TestDatabase &db, PreflightReport *r)
    {
        PgConnection conn;
        DbFailure failure;
        return openPurga(db, conn) && runPreflight(conn, r, &failure);
    }

    SandboxInfo m_sandbox;
};

void TestPartitionChecks::oldRowsInTheDefaultPartitionAreWarnedAbout()
{
    TestDatabase db(m_sandbox, QStringLiteral("pchk_default"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // One row 30 months old and one 6 months ahead land in the DEFAULT partition.
    QVERIFY(db.exec(logSeedSql(true)));
    QVERIFY(db.exec(QStringLiteral(
        "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en) VALUES "
        "(1, 3, 'login', now() - interval '40 months')")));
    PreflightReport r;
    QVERIFY(preflight(db, &r));
    const PreflightItem *i = item(r, kItem);
    QVERIFY(i);
    QCOMPARE(i->status, PreflightItem::Status::Warning);
    QVERIFY(!i->blocksPurge && !i->blocksPreview);
    QVERIFY2(i->detail.startsWith(QStringLiteral("2 rows")), qPrintable(i->detail));
    QVERIFY2(i->detail.contains(QStringLiteral("identidad.log_sesiones_default")), qPrintable(i->detail));
    const QString oldest =
        db.scalar(QStringLiteral("SELECT min(ocurrido_en)::text FROM identidad.log_sesiones_default"))
            .toString();
    QVERIFY2(i->detail.contains(oldest), qPrintable(i->detail + u'\n' + oldest));
    QVERIFY(i->detail.contains(QStringLiteral("DELETE FROM identidad.log_sesiones_default")));
}

void TestPartitionChecks::noItemWithoutOldRowsInADefaultPartition()
{
    TestDatabase db(m_sandbox, QStringLiteral("pchk_nodefault"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(logSeedSql(false)));
    // Only a row ahead of every month partition: inside the retention.
    QVERIFY(db.exec(QStringLiteral("INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, "
                                   "ocurrido_en) VALUES (1, 2, 'logout', now() + interval '6 months')")));
    PreflightReport r;
    QVERIFY(preflight(db, &r));
    QVERIFY(!item(r, kItem));
    QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")));
    PreflightReport none;
    QVERIFY(preflight(db, &none));
    QVERIFY(!item(none, kItem));
}

QTEST_GUILESS_MAIN(TestPartitionChecks)
#include "tst_partitionchecks.moc"
