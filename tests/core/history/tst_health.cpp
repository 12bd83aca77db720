// The health computation: overdue measured from the data with the preview's SQL, OR from
// the history; stuck, failed and lock_ocupado runs; "no job runs" is information, not an alarm.
#include "core/history/health.h"
#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/purge/purgeengine.h"
#include "support/historyfixtures.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

QList<RuleConfig> defaultRules()
{
    QList<RuleConfig> rules;
    for (const QString &id : Rules::ids())
        rules << Rules::defaults(id);
    return rules;
}

QStringList reasonIds(const HealthReport &r)
{
    QStringList ids;
    for (const HealthReason &x : r.reasons)
        ids << x.id;
    ids.sort();
    return ids;
}

// Removable rows whose cutoff passed `hoursAgo` hours ago, in all three rules.
QString overdueDataSql(int hoursAgo)
{
    return QStringLiteral(R"SQL(
INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
VALUES (1, 1, gen_random_uuid(), 'old-revoked', now() - interval '90 days', now() + interval '10 days', true,
        now() - interval '30 days' - interval '%1 hours'),
       (1, 1, gen_random_uuid(), 'live', now(), now() + interval '10 days', false, NULL);
INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
VALUES (1, 1, 'old-used', now() - interval '9 days', now() + interval '1 hour', now() - interval '24 hours' - interval '%1 hours');
SELECT identidad.crear_particion_log_sesiones((date_trunc('month', now()) - interval '15 months')::date);
SELECT identidad.crear_particion_log_sesiones(date_trunc('month', now())::date);
INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)
VALUES (1, 1, 'login', date_trunc('month', now()) - interval '15 months' + interval '1 day'),
       (1, 1, 'login', now());
)SQL")
        .arg(hoursAgo);
}

} // namespace

class TestHealth : public QObject
{
    Q_OBJECT
private:
    bool compute(TestDatabase &db, HealthReport *out, const HealthOptions &options = HealthOptions())
    {
        PgConnection conn;
        DbFailure failure;
        if (!openPurga(db, conn) || !Health::compute(conn, defaultRules(), options, out, &failure)) {
            qWarning("%s", qPrintable(failure.message));
            return false;
        }
        return true;
    }

private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void dataOverdueFiresWithEmptyHistoryAndStaysQuietAfterAPurge()
    {
        TestDatabase db(m_sandbox, QStringLiteral("health"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(overdueDataSql(72)));
        QVERIFY(setupHistory(db));
        HealthReport r;
        QVERIFY(compute(db, &r));
        QCOMPARE(r.level, HealthLevel::Alarm);
        QVERIFY(!r.healthy());
        QCOMPARE(
            reasonIds(r),
            (QStringList{QStringLiteral("no_job_runs"), QStringLiteral("overdue:log_sesiones"),
                         QStringLiteral("overdue:pre_tokens"), QStringLiteral("overdue:refresh_tokens")}));
        QCOMPARE(r.rules.size(), 3);
        QVERIFY2(r.rules.at(0).hoursAgo > 71.9 && r.rules.at(0).hoursAgo < 72.1,
                 qPrintable(QString::number(r.rules.at(0).hoursAgo)));
        QCOMPARE(r.rules.at(0).removable, qint64(1));
        QVERIFY(r.rules.at(2).hoursAgo > 24 * 28); // upper bound 14 months ago + 12 months: about 2 months
        for (const HealthReason &x : r.reasons)
            if (x.id == QLatin1String("no_job_runs"))
                QCOMPARE(x.level, HealthLevel::Info);
            else
                QVERIFY2(x.text.contains(QLatin1String("nobody has purged")), qPrintable(x.text));

        // A purge of the three rules: nothing removable is left, the alarm goes.
        PgConnection conn;
        QVERIFY(openPurga(db, conn));
        PreviewPlan p;
        QVERIFY(plan(conn, {kRefresh, kPre, kLog}, &p));
        QueryCanceller canceller;
        PurgeEngine engine(conn, canceller);
        QCOMPARE(engine.run(p, options({kRefresh, kPre, kLog}), nullptr).status, RunStatus::Ok);
        QVERIFY(compute(db, &r));
        QCOMPARE(reasonIds(r), QStringList{QStringLiteral("no_job_runs")});
        QCOMPARE(r.level, HealthLevel::Info);
        QVERIFY(r.healthy());
        for (const RuleOverdue &o : r.rules) {
            QVERIFY(o.removableSinceUtc.isEmpty());
            QVERIFY(!o.overdue);
        }
        QVERIFY(!r.lastOkUtc.isEmpty());
    }

    void recentlyRemovableIsQuietUnderTheProfilesThreshold()
    {
        TestDatabase db(m_sandbox, QStringLiteral("health"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(overdueDataSql(5).section(QStringLiteral("SELECT identidad.crear"), 0, 0)));
        HealthReport r;
        QVERIFY(compute(db, &r)); // no history tables at all: the data alone
        QCOMPARE(reasonIds(r), QStringList{QStringLiteral("no_history")});
        QVERIFY(r.healthy());
        QVERIFY(!r.rules.at(0).removableSinceUtc.isEmpty());

        const HealthOptions strict =
            HealthOptions::fromProfile({{QStringLiteral("health/max_hours"), QStringLiteral("4")}});
        QCOMPARE(strict.maxHours, 4.0);
        QCOMPARE(HealthOptions::fromProfile({}).maxHours, 48.0);
        QVERIFY(compute(db, &r, strict));
        QCOMPARE(r.level, HealthLevel::Alarm);
        QVERIFY(reasonIds(r).contains(QStringLiteral("overdue:refresh_tokens")));
    }

    // Counts with the locale's group separator and spans over 48 h in days: "1,234 removable since
    // … (3 days 4 h ago, more than 48 h)", not "1234 … (76 h ago …)".
    void overdueTextReadsInDaysWithGroupedCounts()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        TestDatabase db(m_sandbox, QStringLiteral("health"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, "
            "creado_en, "
            "expiracion, revocado, revocado_en)\n"
            "SELECT 1, 1, gen_random_uuid(), 'old-' || g, now() - interval '90 days', now() + interval '10 "
            "days', "
            "true, now() - interval '30 days' - interval '76 hours' FROM generate_series(1, 1234) g")));
        HealthReport r;
        QVERIFY(compute(db, &r));
        QString text;
        for (const HealthReason &x : r.reasons)
            if (x.id == QLatin1String("overdue:refresh_tokens"))
                text = x.text;
        QLocale::setDefault(QLocale::c());
        QVERIFY2(text.contains(QLatin1String(": 1,234 removable since ")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("(3 days 4 h ago, more than 48 h)")), qPrintable(text));
        QVERIFY2(text.endsWith(QLatin1String("for 3 days 4 h.")), qPrintable(text));
        QCOMPARE(r.rules.at(0).removable, qint64(1234)); // the JSON keeps the plain numbers
        QVERIFY(r.rules.at(0).hoursAgo > 75.9 && r.rules.at(0).hoursAgo < 76.1);
    }

    void historyReasons_data()
    {
        QTest::addColumn<QString>("runs");
        QTest::addColumn<QStringList>("reasons");
        QTest::addColumn<int>("level");
        auto r = [](const char *origin, const char *status, int hoursAgo, const char *pid = "NULL") {
            return QStringLiteral(
                       "INSERT INTO identidad.purga_corridas (corrida_id, origen, iniciada_en, terminada_en, "
                       "estado, backend_pid) VALUES (gen_random_uuid(), '%1', now() - interval '%2 hours', "
                       "CASE WHEN '%3' <> 'en_curso' THEN now() - interval '%2 hours' END, '%3', %4);")
                .arg(QLatin1String(origin))
                .arg(hoursAgo)
                .arg(QLatin1String(status), QLatin1String(pid));
        };
        QTest::newRow("healthy") << r("job", "ok", 30) + r("job", "ok", 10) << QStringList()
                                 << int(HealthLevel::Ok);
        QTest::newRow("job overdue") << r("job", "ok", 60) + r("manual", "ok", 1)
                                     << QStringList{QStringLiteral("job_overdue")} << int(HealthLevel::Alarm);
        QTest::newRow("job never ok")
            << r("job", "error", 60) + r("job", "cancelado", 3) << QStringList{QStringLiteral("job_never_ok")}
            << int(HealthLevel::Alarm);
        QTest::newRow("last lock_ocupado")
            << r("job", "ok", 5) + r("job", "lock_ocupado", 2) << QStringList{QStringLiteral("last_run")}
            << int(HealthLevel::Warning);
        QTest::newRow("last failed") << r("job", "ok", 5) + r("manual", "error", 2)
                                     << QStringList{QStringLiteral("last_run")} << int(HealthLevel::Warning);
        QTest::newRow("cancelled is fine")
            << r("job", "ok", 5) + r("manual", "cancelado", 2) << QStringList() << int(HealthLevel::Ok);
        QTest::newRow("stuck, backend gone")
            << r("job", "ok", 5) + r("job", "en_curso", 1, "2147483000")
            << QStringList{QStringLiteral("stuck_run")} << int(HealthLevel::Warning);
        QTest::newRow("stuck, too old")
            << r("job", "ok", 5) + r("job", "en_curso", 8, "pg_backend_pid()")
            << QStringList{QStringLiteral("stuck_run")} << int(HealthLevel::Warning);
        QTest::newRow("running now") << r("job", "ok", 5) + r("job", "en_curso", 1, "pg_backend_pid()")
                                     << QStringList() << int(HealthLevel::Ok);
    }

    void historyReasons()
    {
        QFETCH(QString, runs);
        QFETCH(QStringList, reasons);
        QFETCH(int, level);
        TestDatabase db(m_sandbox, QStringLiteral("health"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        QVERIFY(db.exec(runs)); // pg_backend_pid(): the superuser's session, alive for the whole test
        HealthReport r;
        QVERIFY(compute(db, &r));
        QCOMPARE(reasonIds(r), reasons);
        QCOMPARE(int(r.level), level);
        QCOMPARE(r.healthy(), level < int(HealthLevel::Warning));
        for (const HealthReason &x : r.reasons)
            QVERIFY(!x.text.isEmpty());
    }

private:
    SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestHealth)
#include "tst_health.moc"
