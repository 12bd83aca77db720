// The real purga-sesiones-cli binary ($PURGA_CLI, set by ctest) against the sandbox: exit codes,
// JSON on stdout, one clear line on stderr.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QThread>

using namespace purga;
using namespace purga::test;

namespace {

QJsonObject tableOf(const QJsonObject &status, const QString &rule)
{
    const QJsonArray tables =
        status.value(QStringLiteral("overview")).toObject().value(QStringLiteral("tables")).toArray();
    for (const QJsonValue &v : tables)
        if (v.toObject().value(QStringLiteral("rule")).toString() == rule)
            return v.toObject();
    return {};
}

} // namespace

class TestCli : public CliTestCase
{
    Q_OBJECT

private:
    // The base's environment with no pg_service.conf either; stdin is the runner's.
    CliResult run(const QStringList &args, const QString &password = QString())
    {
        QProcessEnvironment env = cliEnvironment(m_home.path(), password);
        env.insert(QStringLiteral("PGSERVICEFILE"), QStringLiteral("/nonexistent/pg_service.conf"));
        QProcess p;
        p.setProcessEnvironment(env);
        p.setProgram(m_cli);
        p.setArguments(args);
        return runProcess(p, 120000);
    }

    // `status --json` as identidad_purga (on the standby when asked).
    CliResult statusJson(const test::TestDatabase &db, const QString &password, bool standby = false)
    {
        return run({QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--conninfo"),
                    conninfo(db, QStringLiteral("identidad_purga"), standby ? m_sandbox.standbyPort : 0)},
                   password);
    }

    QString purgaPassword() const { return m_sandbox.purgaPassword; }

    // Two removable refresh tokens, one kept by the window (revoked 10 days ago), one active;
    // one removable pre-token, one kept.
    void seed(test::TestDatabase &db)
    {
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, "
            "expiracion,"
            " revocado, revocado_en) VALUES"
            " (1, 1, gen_random_uuid(), 'r1', now() + interval '1 day', true, now() - interval '40 days'),"
            " (2, 2, gen_random_uuid(), 'r2', now() - interval '45 days', false, NULL),"
            " (3, 3, gen_random_uuid(), 'r3', now() + interval '5 days', true, now() - interval '10 days'),"
            " (1, 4, gen_random_uuid(), 'r4', now() + interval '20 days', false, NULL);"
            "INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, expiracion, usado_en) "
            "VALUES"
            " (1, 1, 'p1', now() - interval '3 days', now() - interval '3 days'),"
            " (1, 2, 'p2', now() + interval '5 minutes', NULL)")));
    }

private slots:
    void statusJsonAsMaintenanceRole()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_status"));
        seed(db);
        if (QTest::currentTestFailed())
            return;
        const CliResult r = statusJson(db, purgaPassword());
        QVERIFY2(r.finished, qPrintable(r.summary()));
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        QString why;
        const QJsonObject o = r.json(&why);
        QVERIFY2(!o.isEmpty(), qPrintable(why));
        const QJsonObject pf = o.value(QStringLiteral("preflight")).toObject();
        QCOMPARE(pf.value(QStringLiteral("can_purge")).toBool(), true);
        QCOMPARE(pf.value(QStringLiteral("can_preview")).toBool(), true);
        QCOMPARE(pf.value(QStringLiteral("role")).toString(), QStringLiteral("identidad_purga"));
        QCOMPARE(pf.value(QStringLiteral("database")).toString(), db.name());
        QVERIFY(!pf.value(QStringLiteral("checks")).toArray().isEmpty());
        const QJsonObject ov = o.value(QStringLiteral("overview")).toObject();
        QCOMPARE(ov.value(QStringLiteral("tables")).toArray().size(), 3);
        QCOMPARE(ov.value(QStringLiteral("exact")).toBool(), true);
        const QJsonObject refresh = tableOf(o, QStringLiteral("refresh_tokens"));
        QCOMPARE(refresh.value(QStringLiteral("table")).toString(),
                 QStringLiteral("identidad.trx_refresh_tokens"));
        QCOMPARE(refresh.value(QStringLiteral("total")).toInteger(), qint64(4));
        QCOMPARE(refresh.value(QStringLiteral("removable")).toInteger(), qint64(2));
        QCOMPARE(refresh.value(QStringLiteral("kept_by_window")).toInteger(), qint64(1));
        const QJsonObject pre = tableOf(o, QStringLiteral("pre_tokens"));
        QCOMPARE(pre.value(QStringLiteral("total")).toInteger(), qint64(2));
        QCOMPARE(pre.value(QStringLiteral("removable")).toInteger(), qint64(1));
        const QJsonObject log = tableOf(o, QStringLiteral("log_sesiones"));
        QCOMPARE(log.value(QStringLiteral("table")).toString(), QStringLiteral("identidad.log_sesiones"));
        QVERIFY(!log.value(QStringLiteral("partitions")).toArray().isEmpty()); // at least DEFAULT
        // The password never shows up in the output.
        QVERIFY(!r.out.contains(purgaPassword().toUtf8()));
        QVERIFY(!r.err.contains(purgaPassword().toUtf8()));
    }

    // A table reported with "exact": true must carry the exact row count, log_sesiones included
    // (its kept partitions have not been analyzed yet here, so a catalog estimate would say 0).
    void statusExactLogTotalIsExact()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_logtotal"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "SELECT identidad.crear_particion_log_sesiones((now() AT TIME ZONE 'UTC')::date);"
            "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)"
            " SELECT 1, g, 'login', now() - g * interval '1 second' FROM generate_series(1, 500) g;"
            "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)"
            " SELECT 1, g, 'login', timestamptz '2011-01-01 00:00:00+00' + g * interval '1 hour' FROM "
            "generate_series(1, 30) g")));
        const CliResult r = statusJson(db, purgaPassword());
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        QString why;
        const QJsonObject log = tableOf(r.json(&why), QStringLiteral("log_sesiones"));
        QVERIFY2(!log.isEmpty(), qPrintable(why));
        QCOMPARE(log.value(QStringLiteral("exact")).toBool(), true);
        QCOMPARE(log.value(QStringLiteral("total")).toInteger(),
                 db.scalar(QStringLiteral("SELECT count(*) FROM identidad.log_sesiones")).toLongLong());
    }

    void statusAsApiRoleIsRefused()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_api"));
        seed(db);
        if (QTest::currentTestFailed())
            return;
        const CliResult r = run({QStringLiteral("status"), QStringLiteral("--json"),
                                 QStringLiteral("--conninfo"), conninfo(db, QStringLiteral("identidad_api"))},
                                m_sandbox.apiPassword);
        QVERIFY2(r.finished, qPrintable(r.summary()));
        QVERIFY2(r.exitCode == 4, qPrintable(r.summary()));
        QString why;
        const QJsonObject o = r.json(&why); // printed either way
        QVERIFY2(!o.isEmpty(), qPrintable(why));
        const QJsonObject pf = o.value(QStringLiteral("preflight")).toObject();
        QCOMPARE(pf.value(QStringLiteral("can_purge")).toBool(), false);
        QCOMPARE(pf.value(QStringLiteral("can_preview")).toBool(), false);
        QCOMPARE(pf.value(QStringLiteral("bypassrls")).toBool(), false);
        QVERIFY2(r.errText().contains(QStringLiteral("BYPASSRLS")), qPrintable(r.summary()));
        // Estimates only: no exact count may be reported for a role that sees one tenant.
        QCOMPARE(o.value(QStringLiteral("overview")).toObject().value(QStringLiteral("exact")).toBool(),
                 false);
    }

    void statusOnStandbyIsRefusedForPurge()
    {
        QVERIFY2(m_sandbox.standbyPort > 0, "the sandbox was started without --standby");
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_standby"));
        seed(db);
        if (QTest::currentTestFailed())
            return;
        // Wait for the database (and the rows) to replicate.
        QElapsedTimer waited;
        waited.start();
        CliResult r;
        do {
            r = statusJson(db, purgaPassword(), true);
            if (r.exitCode != 3) {
                QString ignored;
                if (tableOf(r.json(&ignored), QStringLiteral("refresh_tokens"))
                        .value(QStringLiteral("total"))
                        .toInteger() == 4)
                    break;
            }
            QThread::msleep(300);
        } while (waited.elapsed() < 60000);
        QVERIFY2(r.exitCode == 4, qPrintable(r.summary()));
        QString why;
        const QJsonObject o = r.json(&why);
        QVERIFY2(!o.isEmpty(), qPrintable(why));
        const QJsonObject pf = o.value(QStringLiteral("preflight")).toObject();
        QCOMPARE(pf.value(QStringLiteral("in_recovery")).toBool(), true);
        QCOMPARE(pf.value(QStringLiteral("can_preview")).toBool(), true);
        QCOMPARE(pf.value(QStringLiteral("can_purge")).toBool(), false);
        QCOMPARE(tableOf(o, QStringLiteral("refresh_tokens")).value(QStringLiteral("removable")).toInteger(),
                 qint64(2));
    }

    void wrongPasswordExits3WithOneLine()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_pw"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString wrong = QStringLiteral("no-es-la-clave-%1").arg(4711);
        const CliResult r = statusJson(db, wrong);
        QVERIFY2(r.finished, qPrintable(r.summary()));
        QVERIFY2(r.exitCode == 3, qPrintable(r.summary()));
        QVERIFY2(r.out.trimmed().isEmpty(), qPrintable(r.summary()));
        QCOMPARE(r.errLines().size(), 1);
        const QString line = r.errLines().first();
        QVERIFY2(line.startsWith(QStringLiteral("purga-sesiones-cli: ")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("Wrong password")), qPrintable(line));
        QVERIFY2(!line.contains(wrong), qPrintable(line));
    }

    void closedPortExits3()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_port"));
        const CliResult r = run({QStringLiteral("status"), QStringLiteral("--conninfo"),
                                 conninfo(db, QStringLiteral("identidad_purga"), 1)},
                                purgaPassword());
        QVERIFY2(r.finished, qPrintable(r.summary()));
        QVERIFY2(r.exitCode == 3, qPrintable(r.summary()));
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.errLines().first().contains(QStringLiteral("Cannot reach")), qPrintable(r.summary()));
    }

    void usageErrorsExit2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown command")
            << QStringList{QStringLiteral("frobnicate")} << QStringLiteral("Unknown command");
        QTest::newRow("no command") << QStringList{} << QStringLiteral("No command");
        // No connection option at all is psql's way (libpq's PG* environment): tst_cli_psql.
        QTest::newRow("two connection options")
            << QStringList{QStringLiteral("status"), QStringLiteral("--conninfo"),
                           QStringLiteral("host=127.0.0.1"), QStringLiteral("--service"), QStringLiteral("x")}
            << QStringLiteral("one way at a time");
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("status"), QStringLiteral("--frob")} << QStringLiteral("frob");
        QTest::newRow("unknown rule")
            << QStringList{QStringLiteral("preview"), QStringLiteral("--rule"), QStringLiteral("sessions"),
                           QStringLiteral("--conninfo"), QStringLiteral("host=127.0.0.1 port=1")}
            << QStringLiteral("Unknown rule \"sessions\"");
    }

    void usageErrorsExit2()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = run(args);
        QVERIFY2(r.finished, qPrintable(r.summary()));
        QVERIFY2(r.exitCode == 2, qPrintable(r.summary()));
        QVERIFY2(r.out.trimmed().isEmpty(), qPrintable(r.summary()));
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.errText().contains(message), qPrintable(r.summary()));
    }

    void previewJsonMatchesIndependentCount()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_preview"));
        seed(db);
        if (QTest::currentTestFailed())
            return;
        // More rows, each hours away from the cutoff so the independent count below is unambiguous.
        QVERIFY(db.exec(
            QStringLiteral("INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, "
                           "token_hash, expiracion,"
                           " revocado, revocado_en)"
                           " SELECT g % 4 + 1, g, gen_random_uuid(), 'bulk' || g,"
                           "        now() - interval '60 days' + g * interval '1 day' + interval '5 hours',"
                           "        g % 3 = 0, CASE WHEN g % 3 = 0 AND g % 2 = 0 THEN now() - g * interval "
                           "'1 day' + interval '5 hours' END"
                           "   FROM generate_series(1, 80) g")));
        const CliResult r =
            run({QStringLiteral("preview"), QStringLiteral("--json"), QStringLiteral("--rule"),
                 QStringLiteral("refresh_tokens"), QStringLiteral("--conninfo"),
                 conninfo(db, QStringLiteral("identidad_purga"))},
                purgaPassword());
        QVERIFY2(r.finished, qPrintable(r.summary()));
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        QString why;
        const QJsonObject o = r.json(&why);
        QVERIFY2(!o.isEmpty(), qPrintable(why));
        QVERIFY(!o.value(QStringLiteral("cutoff_utc")).toString().isEmpty());
        const QJsonArray rules = o.value(QStringLiteral("rules")).toArray();
        QCOMPARE(rules.size(), 1);
        const QJsonObject rule = rules.at(0).toObject();
        QCOMPARE(rule.value(QStringLiteral("id")).toString(), QStringLiteral("refresh_tokens"));
        QCOMPARE(rule.value(QStringLiteral("table")).toString(),
                 QStringLiteral("identidad.trx_refresh_tokens"));

        const QString gone = QStringLiteral(
            "(expiracion < now() - interval '30 days' OR "
            "(revocado AND revocado_en IS NOT NULL AND revocado_en < now() - interval '30 days'))");
        const qint64 eligible =
            db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE ") + gone)
                .toLongLong();
        const qint64 total =
            db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
        const qint64 adr =
            db.scalar(QStringLiteral(
                          "SELECT count(*) FROM identidad.trx_refresh_tokens WHERE revocado AND NOT ") +
                      gone)
                .toLongLong();
        QVERIFY(eligible > 2 && adr > 1);
        QCOMPARE(rule.value(QStringLiteral("eligible")).toInteger(), eligible);
        QCOMPARE(rule.value(QStringLiteral("total")).toInteger(), total);
        QCOMPARE(rule.value(QStringLiteral("retained")).toInteger(), total - eligible);
        QVERIFY(rule.contains(QStringLiteral("adr_sample_would_delete_in_window")));
        QCOMPARE(rule.value(QStringLiteral("adr_sample_would_delete_in_window")).toInteger(), adr);
        const QString cutoff = rule.value(QStringLiteral("cutoff_utc")).toString();
        QVERIFY(!cutoff.isEmpty());
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT extract(epoch FROM '%1'::timestamptz - '%2'::timestamptz)::bigint")
                               .arg(o.value(QStringLiteral("cutoff_utc")).toString(), cutoff))
                     .toLongLong(),
                 qint64(30) * 86400);
    }

    void setupHistoryTwice()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_hist"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QStringList args{QStringLiteral("setup-history"), QStringLiteral("--conninfo"),
                               conninfo(db, QStringLiteral("identidad_purga"))};
        for (int i = 0; i < 2; ++i) {
            const CliResult r = run(args, purgaPassword());
            QVERIFY2(r.finished, qPrintable(r.summary()));
            QVERIFY2(r.exitCode == 0, qPrintable(QStringLiteral("run %1: ").arg(i + 1) + r.summary()));
            QVERIFY2(!r.errText().contains(QStringLiteral("ERROR")), qPrintable(r.summary()));
        }
        QCOMPARE(db.scalar(QStringLiteral("SELECT to_regclass('identidad.purga_corridas') IS NOT NULL AND "
                                          "to_regclass('identidad.purga_metricas') IS NOT NULL"))
                     .toBool(),
                 true);
        // status now reports the history as present.
        const CliResult s = statusJson(db, purgaPassword());
        QVERIFY2(s.exitCode == 0, qPrintable(s.summary()));
        QString why;
        QCOMPARE(s.json(&why)
                     .value(QStringLiteral("preflight"))
                     .toObject()
                     .value(QStringLiteral("history_exists"))
                     .toBool(),
                 true);
    }

    void absurdBatchSizeExits2()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("cli_batch"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const CliResult r =
            run({QStringLiteral("purge"), QStringLiteral("--json"), QStringLiteral("--rule"),
                 QStringLiteral("refresh_tokens"), QStringLiteral("--batch-size"), QStringLiteral("0"),
                 QStringLiteral("--conninfo"), conninfo(db, QStringLiteral("identidad_purga"))},
                purgaPassword());
        QVERIFY2(r.finished, qPrintable(r.summary()));
        QVERIFY2(r.exitCode == 2, qPrintable(r.summary()));
        QVERIFY2(r.out.trimmed().isEmpty(), qPrintable(r.summary()));
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.errText().contains(QStringLiteral("batch size 0 is out of range (1 to 100000)")),
                 qPrintable(r.summary()));

        const CliResult t =
            run({QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                 QStringLiteral("--batch-size"), QStringLiteral("lots"), QStringLiteral("--conninfo"),
                 conninfo(db, QStringLiteral("identidad_purga"))},
                purgaPassword());
        QVERIFY2(t.exitCode == 2, qPrintable(t.summary()));
        QVERIFY2(t.errText().contains(QStringLiteral("--batch-size takes a whole number")),
                 qPrintable(t.summary()));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
