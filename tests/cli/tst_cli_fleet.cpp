// `fleet status|purge` of the real purga-sesiones-cli against four real servers: a healthy database
// (production), one whose lock 731001 a "job" session holds, one behind pgbouncer in transaction
// mode (refused) and a cluster of its own that is stopped (its password in the keychain, unlike the
// others'). Checked: each server's outcome and exit code, the aggregate, production last, the canary
// stop, the failure budget, the retry of the failed servers only, SIGTERM (exit 6), and that no row
// a rule keeps is deleted anywhere.
#include "support/bouncersandbox.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/fleetservers.h"
#include "support/keyringsandbox.h"
#include "support/locksessions.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/types.h>

using namespace purga;
using namespace purga::test;

namespace {

// server row of `profile` in a fleet JSON
QJsonObject row(const QJsonObject &fleet, const Arg &profile)
{
    for (const QJsonValue &v : fleet.value(QStringLiteral("servers")).toArray())
        if (v.toObject().value(QStringLiteral("profile")).toString() == profile.s)
            return v.toObject();
    return {};
}

QStringList order(const QJsonObject &fleet)
{
    QStringList out;
    for (const QJsonValue &v : fleet.value(QStringLiteral("servers")).toArray())
        out << v.toObject().value(QStringLiteral("profile")).toString();
    return out;
}

QJsonValue code(const QJsonObject &fleet, const Arg &profile)
{
    return row(fleet, profile).value(QStringLiteral("exit_code"));
}

} // namespace

class TestCliFleet : public CliTestCase
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void statusHasOneRowPerServer();
    void driftNamesTheServerThatDiffers();
    void purgeGivesEachServerItsOutcome();
    void canaryFailureStopsTheRest();
    void canaryOkRunsTheRestProductionLast();
    void failureBudgetStopsNewServers();
    void retryRerunsOnlyTheFailed();
    void sigtermStopsTheFleet();
    void usageErrors();

private:
    QJsonObject fleet(const QStringList &args, int expectedExit, QByteArray *err = nullptr);
    void checkKept();

    BouncerPorts m_ports;
    std::unique_ptr<FleetServers> m_fleet;
    TestDatabase *m_pooled = nullptr, *m_locked = nullptr, *m_healthy = nullptr, *m_dev = nullptr;
};

void TestCliFleet::initTestCase()
{
    if (!requireCli())
        return;
    PURGA_REQUIRE_BOUNCER(m_ports);
    PURGA_REQUIRE_KEYRING();
    m_fleet = std::make_unique<FleetServers>(m_sandbox, m_cli, m_home.path());
    QString why;
    QVERIFY2(m_fleet->setUp(m_ports.transaction, &why), qPrintable(why));
    m_pooled = m_fleet->pooled.get();
    m_locked = m_fleet->locked.get();
    m_healthy = m_fleet->healthy.get();
    m_dev = m_fleet->dev.get();
}

void TestCliFleet::cleanupTestCase()
{
    m_fleet.reset();
}

void TestCliFleet::init()
{
    QString why;
    QVERIFY2(m_fleet->reseed(&why), qPrintable(why));
}

QJsonObject TestCliFleet::fleet(const QStringList &args, int expectedExit, QByteArray *err)
{
    const CliResult r = run(QStringList{QStringLiteral("fleet")} + args + QStringList{QStringLiteral("--json")},
                            m_fleet->password, {}, 240000);
    if (err)
        *err = r.err;
    QString why;
    const QJsonObject o = r.json(&why);
    if (!r.finished || r.exitCode != expectedExit || o.isEmpty())
        qWarning("expected exit %d: %s %s", expectedExit, qPrintable(why), qPrintable(r.describe()));
    if (r.exitCode != expectedExit)
        return {};
    return o;
}

// Nothing a rule keeps was deleted anywhere, whatever ran.
void TestCliFleet::checkKept()
{
    const QStringList lost = m_fleet->lostKeptRows();
    QVERIFY2(lost.isEmpty(), qPrintable(lost.join(u' ')));
}

void TestCliFleet::statusHasOneRowPerServer()
{
    const qint64 before = FleetServers::refreshCount(*m_healthy);
    const QJsonObject o = fleet(sl({"status", "--tag", "fleet", "--tag", "region:eu"}), 3);
    QVERIFY(!o.isEmpty());
    QCOMPARE(order(o), sl({"a-stopped", "b-pooled", "c-locked", "d-healthy"}));
    QCOMPARE(code(o, "a-stopped").toInt(), 3);
    QCOMPARE(code(o, "b-pooled").toInt(), 4);
    QCOMPARE(code(o, "c-locked").toInt(), 0);
    QCOMPARE(code(o, "d-healthy").toInt(), 0);
    const QJsonObject pooled = row(o, "b-pooled").value(QStringLiteral("status")).toObject();
    QCOMPARE(pooled.value(QStringLiteral("connection_pooler")).toString(), QStringLiteral("transaction"));
    QCOMPARE(pooled.value(QStringLiteral("verdict")).toString(), QStringLiteral("refused"));
    const QJsonObject locked = row(o, "c-locked").value(QStringLiteral("status")).toObject();
    QVERIFY(locked.value(QStringLiteral("lock_held")).toBool());
    QCOMPARE(locked.value(QStringLiteral("lock_holder_application")).toString(), QStringLiteral("purga_job"));
    const QJsonObject healthy = row(o, "d-healthy").value(QStringLiteral("status")).toObject();
    QVERIFY(!healthy.value(QStringLiteral("lock_held")).toBool());
    const QJsonObject refresh = healthy.value(QStringLiteral("rules")).toArray().at(0).toObject();
    QCOMPARE(refresh.value(QStringLiteral("rule")).toString(), QStringLiteral("refresh_tokens"));
    QVERIFY(refresh.value(QStringLiteral("removable")).toDouble() > 0);
    QVERIFY(refresh.value(QStringLiteral("removable_since_hours")).toDouble() > 0);
    QVERIFY(!refresh.value(QStringLiteral("removable_since_utc")).toString().isEmpty());
    QVERIFY(!row(o, "a-stopped").value(QStringLiteral("error")).toString().isEmpty());
    QVERIFY(o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("refresh_tokens")).toDouble() >
            0);
    QCOMPARE(FleetServers::refreshCount(*m_healthy), before); // a status deletes nothing
}

void TestCliFleet::driftNamesTheServerThatDiffers()
{
    QCOMPARE(run(sl({"rule-set", "--profile", "e-dev", "--rule", "refresh_tokens", "--retention-days", "45"}))
                 .exitCode,
             0);
    QVERIFY(m_dev->exec(
        QStringLiteral("CREATE INDEX fleet_exp_idx ON identidad.trx_refresh_tokens (expiracion)")));
    const QJsonObject o = fleet(sl({"status", "--tag", "region:eu"}), 3);
    run(sl({"rule-set", "--profile", "e-dev", "--rule", "refresh_tokens", "--retention-days", "30"}));
    QVERIFY(m_dev->exec(QStringLiteral("DROP INDEX identidad.fleet_exp_idx")));
    QVERIFY(!o.isEmpty());
    QStringList seen;
    for (const QJsonValue &v : o.value(QStringLiteral("drift")).toArray()) {
        const QJsonObject d = v.toObject();
        const QJsonArray servers = d.value(QStringLiteral("servers")).toArray();
        QCOMPARE(servers.size(), 1);
        QCOMPARE(servers.at(0).toObject().value(QStringLiteral("profile")).toString(),
                 QStringLiteral("e-dev"));
        seen << d.value(QStringLiteral("aspect")).toString() + u'.' +
                    d.value(QStringLiteral("key")).toString();
    }
    QVERIFY2(seen.contains(QStringLiteral("retention.refresh_tokens")), qPrintable(seen.join(u' ')));
    QVERIFY2(seen.contains(QStringLiteral("schema.identidad.trx_refresh_tokens")),
             qPrintable(seen.join(u' ')));
    QCOMPARE(seen.size(), 2); // the rest agrees: same major version, history step, other tables
}

void TestCliFleet::purgeGivesEachServerItsOutcome()
{
    const qint64 lockedBefore = FleetServers::refreshCount(*m_locked);
    const qint64 pooledBefore = FleetServers::refreshCount(*m_pooled);
    const QJsonObject o = fleet(
        sl({"purge", "--tag", "fleet", "--rule", "refresh_tokens", "--yes", "--max-failures", "10"}), 3);
    QVERIFY(!o.isEmpty());
    QCOMPARE(code(o, "a-stopped").toInt(), 3);
    QCOMPARE(code(o, "b-pooled").toInt(), 4);
    QCOMPARE(code(o, "c-locked").toInt(), 5);
    QCOMPARE(code(o, "d-healthy").toInt(), 0);
    QCOMPARE(order(o).constLast(), QStringLiteral("d-healthy")); // production last
    const QJsonObject receipt = row(o, "d-healthy").value(QStringLiteral("receipt")).toObject();
    QCOMPARE(receipt.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    QVERIFY(CliResult::deletedOf(receipt) > 0);
    QCOMPARE(row(o, "c-locked")
                 .value(QStringLiteral("receipt"))
                 .toObject()
                 .value(QStringLiteral("status"))
                 .toString(),
             QStringLiteral("lock_ocupado"));
    QCOMPARE(FleetServers::refreshCount(*m_locked), lockedBefore);
    QCOMPARE(FleetServers::refreshCount(*m_pooled), pooledBefore);
    QCOMPARE(o.value(QStringLiteral("totals")).toObject().value(QStringLiteral("refresh_tokens")).toDouble(),
             double(CliResult::deletedOf(receipt)));
    checkKept();
}

void TestCliFleet::canaryFailureStopsTheRest()
{
    const qint64 before = FleetServers::refreshCount(*m_healthy);
    const QJsonObject o =
        fleet(sl({"purge", "--tag", "fleet", "--all", "--yes", "--canary", "1", "--max-failures", "10"}), 3);
    QVERIFY(!o.isEmpty());
    QCOMPARE(code(o, "a-stopped").toInt(), 3);
    for (const char *p : {"b-pooled", "c-locked", "d-healthy"}) {
        QVERIFY(code(o, p).isNull());
        QCOMPARE(row(o, p).value(QStringLiteral("skipped")).toString(), QStringLiteral("canary_failed"));
    }
    QCOMPARE(FleetServers::refreshCount(*m_healthy), before);
    checkKept();
}

void TestCliFleet::canaryOkRunsTheRestProductionLast()
{
    const QJsonObject o =
        fleet(sl({"purge", "--tag", "pair", "--rule", "refresh_tokens", "--yes", "--canary", "1"}), 0);
    QVERIFY(!o.isEmpty());
    QCOMPARE(order(o), sl({"e-dev", "d-healthy"}));
    QCOMPARE(row(o, "e-dev").value(QStringLiteral("wave")).toInt(), 1);
    QCOMPARE(row(o, "d-healthy").value(QStringLiteral("wave")).toInt(), 2);
    QCOMPARE(code(o, "d-healthy").toInt(), 0);
    QVERIFY(CliResult::deletedOf(row(o, "d-healthy").value(QStringLiteral("receipt")).toObject()) > 0);
    checkKept();
}

void TestCliFleet::failureBudgetStopsNewServers()
{
    const qint64 before = FleetServers::refreshCount(*m_healthy);
    const QJsonObject o = fleet(sl({"purge", "--tag", "fleet", "--all", "--yes", "--max-failures", "2"}), 3);
    QVERIFY(!o.isEmpty());
    QCOMPARE(code(o, "a-stopped").toInt(), 3);
    QCOMPARE(code(o, "b-pooled").toInt(), 4);
    for (const char *p : {"c-locked", "d-healthy"})
        QCOMPARE(row(o, p).value(QStringLiteral("skipped")).toString(), QStringLiteral("failure_budget"));
    QCOMPARE(o.value(QStringLiteral("failures")).toInt(), 2);
    QCOMPARE(FleetServers::refreshCount(*m_healthy), before);
    // The default budget is one failure.
    const QJsonObject one = fleet(sl({"purge", "--tag", "fleet", "--all", "--yes"}), 3);
    QCOMPARE(row(one, "b-pooled").value(QStringLiteral("skipped")).toString(),
             QStringLiteral("failure_budget"));
    checkKept();
}

void TestCliFleet::retryRerunsOnlyTheFailed()
{
    const QJsonObject first = fleet(
        sl({"purge", "--tag", "fleet", "--rule", "refresh_tokens", "--yes", "--max-failures", "10"}), 3);
    QVERIFY(!first.isEmpty());
    const QString file = m_home.path() + QStringLiteral("/fleet-receipt.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(first).toJson());
    f.close();
    // The job lets go of the lock and the stopped cluster comes back (its password: the keychain's).
    m_fleet->job.close();
    QString why;
    QVERIFY2(m_fleet->own->startServer(&why), qPrintable(why));
    const qint64 healthyAfter = FleetServers::refreshCount(*m_healthy);
    const QJsonObject retry = fleet(sl({"purge", "--retry", file, "--yes", "--max-failures", "10"}), 4);
    QVERIFY(!retry.isEmpty());
    QCOMPARE(order(retry), sl({"a-stopped", "b-pooled", "c-locked"}));
    QVERIFY(code(retry, "c-locked").isDouble());
    QCOMPARE(code(retry, "a-stopped").toInt(), 0); // back, with its own password from the keychain
    QCOMPARE(code(retry, "b-pooled").toInt(), 4);
    QCOMPARE(code(retry, "c-locked").toInt(), 0);
    const QJsonObject lockedReceipt = row(retry, "c-locked").value(QStringLiteral("receipt")).toObject();
    QVERIFY2(CliResult::deletedOf(lockedReceipt) > 0, QJsonDocument(lockedReceipt).toJson().constData());
    QCOMPARE(retry.value(QStringLiteral("retry_of")).toString(), file);
    QCOMPARE(FleetServers::refreshCount(*m_healthy), healthyAfter); // ok before: not rerun
    checkKept();
    QVERIFY2(m_fleet->own->stopServer(&why), qPrintable(why));
    QVERIFY(holdLock(*m_locked, QStringLiteral("identidad_purga"), QStringLiteral("purga_job"), m_fleet->job));
}

void TestCliFleet::sigtermStopsTheFleet()
{
    QVERIFY(m_dev->exec(QStringLiteral("TRUNCATE identidad.trx_refresh_tokens; ") + refreshSeedSql(kFiller)));
    m_fleet->recordKept(*m_dev);
    QProcess p;
    p.setProcessEnvironment(cliEnvironment(m_home.path(), m_fleet->password));
    p.setProgram(m_cli);
    p.setArguments(sl({"fleet", "purge", "--tag", "pair", "--rule", "refresh_tokens", "--yes", "--json",
                       "--batch-size", "100", "--pause-ms", "300"}));
    p.start();
    QVERIFY(p.waitForStarted());
    QByteArray err;
    for (int i = 0; i < 300 && !err.contains("[e-dev] refresh_tokens:"); ++i) {
        p.waitForReadyRead(100);
        err += p.readAllStandardError();
    }
    QVERIFY2(err.contains("[e-dev] refresh_tokens:"), err.constData());
    ::kill(pid_t(p.processId()), SIGTERM);
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 6);
    const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    QCOMPARE(o.value(QStringLiteral("exit_code")).toInt(), 6);
    QCOMPARE(code(o, "e-dev").toInt(), 6);
    QCOMPARE(row(o, "e-dev")
                 .value(QStringLiteral("receipt"))
                 .toObject()
                 .value(QStringLiteral("status"))
                 .toString(),
             QStringLiteral("cancelado"));
    QCOMPARE(row(o, "d-healthy").value(QStringLiteral("skipped")).toString(), QStringLiteral("stopped"));
    checkKept();
}

void TestCliFleet::usageErrors()
{
    QCOMPARE(run(sl({"fleet", "status"})).exitCode, 2);                                    // no --tag
    QCOMPARE(run(sl({"fleet", "purge", "--tag", "fleet", "--all"})).exitCode, 2);          // no --yes
    QCOMPARE(run(sl({"fleet", "status", "--tag", "fleet", "--canary", "1"})).exitCode, 2); // purge's
    QCOMPARE(run(sl({"fleet", "status", "--tag", "nobody-has-it"})).exitCode, 2);
    QCOMPARE(run(sl({"fleet", "list", "--tag", "fleet"})).exitCode, 2);
    const CliResult list = run(sl({"profile-list", "--tag", "pair", "--json"}));
    QString why;
    const QJsonArray profiles = list.json(&why).value(QStringLiteral("profiles")).toArray();
    QCOMPARE(profiles.size(), 2);
    QCOMPARE(profiles.at(0).toObject().value(QStringLiteral("tags")).toArray().size(), 3);
}

QTEST_GUILESS_MAIN(TestCliFleet)
#include "tst_cli_fleet.moc"
