// The real purga-sesiones-cli and the session log's quarantine (issue 24, part 4): purge
// --quarantine-days moves partitions to quarantine (receipt keys), preview lists them, and
// partition-restore keeps its contract: 0 restored, 2 usage, 3 cannot connect, 4 refused or not in
// quarantine, 5 while the purge lock is held; --json as docs/cli-json.md says. rule-set saves it.
#include "core/pg/pgconnection.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

// A recorded bound of the quarantine entry `table` as timestamptz text ("limite_desde" / "limite_hasta").
QString recordedBound(test::TestDatabase &db, const QString &table, const char *column)
{
    return db
        .scalar(QStringLiteral("SELECT %1::text FROM identidad.purga_cuarentena WHERE tabla = '%2'")
                    .arg(QLatin1String(column), table))
        .toString();
}

} // namespace

class TestCliQuarantine : public CliTestCase
{
    Q_OBJECT

private:
    QString pw() const { return m_sandbox.purgaPassword; }
    QJsonObject jsonOf(const CliResult &r)
    {
        QString why;
        const QJsonObject o = r.json(&why);
        if (o.isEmpty())
            qWarning("%s: %s", qPrintable(why), qPrintable(r.summary()));
        return o;
    }

private slots:
    void purgeQuarantinesAndRestoreKeepsItsContract();
    void ruleSetSavesTheQuarantine();
};

void TestCliQuarantine::purgeQuarantinesAndRestoreKeepsItsContract()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("cliq"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(logSeedSql(true)));
    QVERIFY(setupHistory(db));
    const QString ci = conninfo(db);

    const CliResult purge = run(sl({"purge", "--rule", "log_sesiones", "--yes", "--quarantine-days", "30",
                                    "--json", "--conninfo", ci}),
                                pw());
    QVERIFY2(purge.exitCode == 0, qPrintable(purge.summary()));
    const QJsonObject rule = jsonOf(purge).value(QStringLiteral("rules")).toArray().first().toObject();
    const QJsonArray moved = rule.value(QStringLiteral("quarantined_partitions")).toArray();
    QVERIFY2(moved.size() >= 3, qPrintable(purge.summary()));
    QCOMPARE(rule.value(QStringLiteral("dropped_partitions")).toArray().size(), 0);
    QCOMPARE(rule.value(QStringLiteral("quarantine_dropped")).toArray().size(), 0);
    const QJsonObject first = moved.first().toObject();
    QVERIFY(
        first.value(QStringLiteral("name")).toString().startsWith(QStringLiteral("identidad_cuarentena.")));
    QVERIFY(!first.value(QStringLiteral("drop_after_utc")).toString().isEmpty());

    const CliResult preview =
        run(sl({"preview", "--rule", "log_sesiones", "--json", "--conninfo", ci}), pw());
    QVERIFY2(preview.exitCode == 0, qPrintable(preview.summary()));
    const QJsonObject pr = jsonOf(preview).value(QStringLiteral("rules")).toArray().first().toObject();
    QCOMPARE(pr.value(QStringLiteral("quarantine")).toArray().size(), moved.size());
    QCOMPARE(pr.value(QStringLiteral("quarantine_days")).toInt(), 0);
    QVERIFY(pr.value(QStringLiteral("quarantine_until_utc")).isNull());
    const QJsonObject listed = pr.value(QStringLiteral("quarantine")).toArray().first().toObject();
    for (const char *key : {"name", "original_name", "bound", "lower_bound", "upper_bound", "rows", "bytes",
                            "quarantined_at_utc", "drop_after_utc", "due", "present"})
        QVERIFY2(listed.contains(QLatin1String(key)), key);

    // Usage and connection failures.
    QCOMPARE(run(sl({"partition-restore", "--conninfo", ci}), pw()).exitCode, 2);
    QCOMPARE(run(sl({"partition-restore", "x", "--yes", "--conninfo", ci}), pw()).exitCode, 2);
    QCOMPARE(
        run(sl({"partition-restore", "x", "--conninfo", conninfo(db, QStringLiteral("identidad_purga"), 1)}),
            pw())
            .exitCode,
        3);
    const CliResult missing =
        run(sl({"partition-restore", "log_sesiones_1999_01", "--json", "--conninfo", ci}), pw());
    QCOMPARE(missing.exitCode, 4);
    QCOMPARE(jsonOf(missing).value(QStringLiteral("outcome")).toString(), QStringLiteral("not_found"));

    // The purge lock held (the job): exit 5, nothing changed.
    const QString name = first.value(QStringLiteral("name")).toString();
    PgConnection job;
    QVERIFY(openPurga(db, job, QStringLiteral("adr-job")));
    QVERIFY(valueOn(job, QStringLiteral("SELECT pg_try_advisory_lock(731001)")).toBool());
    const CliResult busy = run(sl({"partition-restore", name, "--json", "--conninfo", ci}), pw());
    QCOMPARE(busy.exitCode, 5);
    QCOMPARE(jsonOf(busy).value(QStringLiteral("outcome")).toString(), QStringLiteral("lock_busy"));
    QVERIFY(valueOn(job, QStringLiteral("SELECT pg_advisory_unlock(731001)")).toBool());

    // An overlapping partition: refused, exit 4, naming it.
    const QJsonObject second = moved.at(1).toObject();
    QVERIFY(db.exec(
        QStringLiteral("CREATE TABLE identidad.log_sesiones_otra PARTITION OF identidad.log_sesiones FOR "
                       "VALUES FROM ('%1') TO ('%2')")
            .arg(recordedBound(db, second.value(QStringLiteral("name")).toString(), "limite_desde"),
                 recordedBound(db, second.value(QStringLiteral("name")).toString(), "limite_hasta"))));
    const CliResult refused =
        run(sl({"partition-restore", second.value(QStringLiteral("original_name")).toString(), "--json",
                "--conninfo", ci}),
            pw());
    QCOMPARE(refused.exitCode, 4);
    const QJsonObject rj = jsonOf(refused);
    QCOMPARE(rj.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
    QCOMPARE(rj.value(QStringLiteral("overlapping")).toArray().size(), 1);
    QVERIFY2(refused.errText().contains(QStringLiteral("log_sesiones_otra")), qPrintable(refused.errText()));

    // Restored: exit 0, its rows attached again.
    const CliResult ok = run(sl({"partition-restore", name, "--json", "--conninfo", ci}), pw());
    QVERIFY2(ok.exitCode == 0, qPrintable(ok.summary()));
    const QJsonObject oj = jsonOf(ok);
    QCOMPARE(oj.value(QStringLiteral("outcome")).toString(), QStringLiteral("restored"));
    QCOMPARE(oj.value(QStringLiteral("rows")).toInt(), 100);
    QCOMPARE(oj.value(QStringLiteral("rows_recorded")).toInt(), 100);
    const QString back = oj.value(QStringLiteral("restored_as")).toString();
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.log_sesiones l WHERE l.tableoid = "
                                      "'%1'::regclass")
                           .arg(back))
                 .toInt(),
             100);
}

void TestCliQuarantine::ruleSetSavesTheQuarantine()
{
    QVERIFY2(run(sl({"profile-save", "q", "--host", "127.0.0.1", "--dbname", "core"})).exitCode == 0,
             "profile-save");
    const CliResult set = run(
        sl({"rule-set", "--profile", "q", "--rule", "log_sesiones", "--quarantine-days", "14", "--json"}));
    QVERIFY2(set.exitCode == 0, qPrintable(set.summary()));
    QCOMPARE(jsonOf(set).value(QStringLiteral("quarantine_days")).toInt(), 14);
    QCOMPARE(run(sl({"rule-set", "--profile", "q", "--rule", "refresh_tokens", "--quarantine-days", "14"}))
                 .exitCode,
             2);
    QCOMPARE(run(sl({"rule-set", "--profile", "q", "--rule", "log_sesiones", "--quarantine-days", "366"}))
                 .exitCode,
             2);
    QCOMPARE(
        run(sl({"rule-set", "--profile", "q", "--rule", "log_sesiones", "--quarantine-days", "x"})).exitCode,
        2);
}

QTEST_GUILESS_MAIN(TestCliQuarantine)
#include "tst_cli_quarantine.moc"
