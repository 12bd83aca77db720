#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "core/purge/vacuum.h"
#include "support/pgsandbox.h"

#include <QTest>

using namespace purga;

class TestMaintenance : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void vacuumAnalyzeAsMaintenanceRole()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("maint"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, "
            "expiracion) "
            "SELECT 1, g, gen_random_uuid(), md5(g::text), now() FROM generate_series(1, 2000) g; "
            "DELETE FROM identidad.trx_refresh_tokens WHERE id % 2 = 0")));
        PgConnection c;
        DbFailure err;
        QVERIFY(c.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err));
        PreflightReport report;
        QVERIFY(runPreflight(c, &report, &err));
        QVERIFY2(report.canVacuum, "the maintenance role is a member of the tables' owner");
        QStringList stages;
        QVERIFY2(vacuumAnalyze(
                     c, {QStringLiteral("identidad.trx_refresh_tokens")}, nullptr,
                     [&](const QString &stage, int, int) { stages << stage; }, &err),
                 qPrintable(err.message));
        QVERIFY(stages.contains(QStringLiteral("identidad.trx_refresh_tokens")));
        QTRY_VERIFY_WITH_TIMEOUT(
            !db.scalar(QStringLiteral("SELECT last_vacuum FROM pg_stat_user_tables "
                                      "WHERE relid = 'identidad.trx_refresh_tokens'::regclass"))
                 .isNull(),
            5000);
    }

    void refusedWithoutOwnership()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("maint"));
        PgConnection c;
        DbFailure err;
        QVERIFY(c.open(db.profile(QStringLiteral("identidad_api")),
                       db.passwordFor(QStringLiteral("identidad_api")), &err));
        PreflightReport report;
        QVERIFY(runPreflight(c, &report, &err));
        QVERIFY(!report.canVacuum);
        // PostgreSQL only warns ("skipping") for a table it may not vacuum; the preflight is the gate.
    }

    void onlyRuleTables()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("maint"));
        PgConnection c;
        DbFailure err;
        QVERIFY(c.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err));
        QVERIFY(!vacuumAnalyze(c, {QStringLiteral("pg_catalog.pg_class; DROP TABLE x")}, nullptr, nullptr,
                               &err));
        QVERIFY(err.message.contains(QLatin1String("not a table this app purges")));
    }

    void worthOffering()
    {
        QVERIFY(!vacuumWorthOffering(0));
        QVERIFY(!vacuumWorthOffering(9999));
        QVERIFY(vacuumWorthOffering(10000));
    }

private:
    test::SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestMaintenance)
#include "tst_vacuum.moc"
