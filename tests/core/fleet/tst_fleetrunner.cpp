// FleetRunner, FleetServerResult and fleetDrift without a server: each "server" is /bin/sh exiting
// with the code the test gives it, so that waves, the cap, the failure budget, stop and the
// aggregate exit code are checked exactly.
#include "core/fleet/fleetdrift.h"
#include "core/fleet/fleetmembers.h"
#include "core/fleet/fleetresult.h"
#include "core/fleet/fleetrunner.h"
#include "core/profiles/profiletags.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <initializer_list>

using namespace purga;

namespace {

// Members named "<code>-<ms>[-<n>]": the shell sleeps ms and exits with code.
QList<FleetMember> members(const QStringList &names)
{
    QList<FleetMember> out;
    for (const QString &n : names)
        out << FleetMember{n, {}, ProfileEnvironment::None, QString()};
    return out;
}

QStringList shellArgs(const FleetMember &m)
{
    const QStringList parts = m.profile.split(u'-');
    return {QStringLiteral("-c"),
            QStringLiteral("trap 'exit 6' TERM; sleep %1 & wait; echo '{\"n\": 1}'; exit %2")
                .arg(parts.at(1).toDouble() / 1000.0)
                .arg(parts.at(0))};
}

QStringList names(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *n : list)
        out << QString::fromLatin1(n);
    return out;
}

QList<FleetServerResult> runAll(std::initializer_list<const char *> list, const FleetRunOptions &options,
                                int *maxRunning = nullptr, bool stopAfterFirst = false)
{
    FleetRunner runner(QStringLiteral("/bin/sh"));
    int running = 0, peak = 0;
    QObject::connect(&runner, &FleetRunner::serverStarted, [&] { peak = qMax(peak, ++running); });
    QObject::connect(&runner, &FleetRunner::serverFinished, [&](int i) {
        if (runner.results().at(i).ran())
            --running;
        if (stopAfterFirst)
            runner.stop();
    });
    QSignalSpy done(&runner, &FleetRunner::finished);
    runner.start(members(names(list)), shellArgs, options);
    if (!done.wait(20000))
        qWarning("fleet did not finish");
    if (maxRunning)
        *maxRunning = peak;
    return runner.results();
}

} // namespace

class TestFleetRunner : public QObject
{
    Q_OBJECT

private slots:
    void severityOrderAndAggregate()
    {
        QVERIFY(exitSeverity(6) > exitSeverity(1));
        QVERIFY(exitSeverity(1) > exitSeverity(3));
        QVERIFY(exitSeverity(3) > exitSeverity(4));
        QVERIFY(exitSeverity(4) > exitSeverity(5));
        QVERIFY(exitSeverity(5) > exitSeverity(0));
        QList<FleetServerResult> rows(3);
        rows[0].exitCode = 0;
        rows[1].exitCode = 5;
        rows[2].exitCode = 4;
        QCOMPARE(aggregateExit(rows, false), 4);
        QCOMPARE(aggregateExit(rows, true), 6);
        rows[1].exitCode = 0;
        rows[2].exitCode = 0;
        QCOMPARE(aggregateExit(rows, false), 0);
    }

    void resultJsonRoundTrip()
    {
        FleetServerResult r;
        r.member = FleetMember{QStringLiteral("eu-1"),
                               {QStringLiteral("prod")},
                               ProfileEnvironment::Production,
                               QStringLiteral("u@h:5432/db")};
        r.exitCode = 5;
        r.error = QStringLiteral("lock held");
        r.receipt = QJsonObject{{QStringLiteral("status"), QStringLiteral("lock_busy")}};
        const QJsonObject o = r.toJson();
        QCOMPARE(o.value(QStringLiteral("exit_code")).toInt(), 5);
        QCOMPARE(o.value(QStringLiteral("outcome")).toString(), QStringLiteral("lock_held"));
        const FleetServerResult back = FleetServerResult::fromJson(o);
        QCOMPARE(back.exitCode, std::optional<int>(5));
        QCOMPARE(back.member.environment, ProfileEnvironment::Production);
        QCOMPARE(back.receipt, r.receipt);
        FleetServerResult skipped;
        QVERIFY(skipped.toJson().value(QStringLiteral("exit_code")).isNull());
        QVERIFY(!FleetServerResult::fromJson(skipped.toJson()).ran());
    }

    void tagsAndOrder()
    {
        QCOMPARE(ProfileTags::normalized(
                     {QStringLiteral(" b "), QStringLiteral("a"), QStringLiteral("b"), QString()}),
                 QStringList({QStringLiteral("a"), QStringLiteral("b")}));
        QVERIFY(ProfileTags::problem(QStringLiteral("region:eu")).isEmpty());
        QVERIFY(!ProfileTags::problem(QStringLiteral("two words")).isEmpty());
        QVERIFY(!ProfileTags::problem(QStringLiteral("a,b")).isEmpty());
        ConnectionProfile p;
        p.tags = {QStringLiteral("prod"), QStringLiteral("region:eu")};
        QVERIFY(ProfileTags::carriesAll(p, {QStringLiteral("prod"), QStringLiteral("region:eu")}));
        QVERIFY(!ProfileTags::carriesAll(p, {QStringLiteral("prod"), QStringLiteral("region:us")}));
        QList<FleetMember> m = members({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        m[0].environment = ProfileEnvironment::Production;
        const QList<FleetMember> ordered = purgeOrder(m, true);
        QCOMPARE(ordered.at(0).profile, QStringLiteral("b"));
        QCOMPARE(ordered.at(2).profile, QStringLiteral("a"));
        QCOMPARE(purgeOrder(m, false).at(0).profile, QStringLiteral("a"));
    }

    void capLimitsParallelServers()
    {
        FleetRunOptions o;
        o.concurrency = 2;
        int peak = 0;
        const auto rows = runAll({"0-300-a", "0-300-b", "0-300-c", "0-300-d", "0-300-e"}, o, &peak);
        QCOMPARE(peak, 2);
        for (const FleetServerResult &r : rows) {
            QCOMPARE(r.exitCode, std::optional<int>(0));
            QCOMPARE(r.status.value(QStringLiteral("n")).toInt(), 1); // stdout is the probe row
        }
    }

    // A slow server does not hold back the others' rows.
    void slowServerDoesNotDelayOthers()
    {
        FleetRunOptions o;
        o.concurrency = 3;
        FleetRunner runner(QStringLiteral("/bin/sh"));
        QStringList order;
        QObject::connect(&runner, &FleetRunner::serverFinished,
                         [&](int i) { order << runner.results().at(i).member.profile; });
        QSignalSpy done(&runner, &FleetRunner::finished);
        runner.start(members(names({"0-3000-slow", "0-100-a", "0-100-b", "0-100-c"})), shellArgs, o);
        QVERIFY(done.wait(20000));
        QCOMPARE(order.constLast(), QStringLiteral("0-3000-slow"));
    }

    void timeoutCountsAsUnreachable()
    {
        FleetRunOptions o;
        o.concurrency = 2;
        o.timeoutMs = 500;
        const auto rows = runAll({"0-10000-hang", "0-50-ok"}, o);
        QCOMPARE(rows.at(0).exitCode, std::optional<int>(3));
        QVERIFY(!rows.at(0).error.isEmpty());
        QCOMPARE(rows.at(1).exitCode, std::optional<int>(0));
    }

    void canaryFailureSkipsTheRest()
    {
        FleetRunOptions o;
        o.canary = 2;
        o.maxFailures = 10;
        const auto rows = runAll({"0-50-a", "4-50-b", "0-50-c", "0-50-d"}, o);
        QCOMPARE(rows.at(1).exitCode, std::optional<int>(4));
        QVERIFY(!rows.at(2).ran());
        QCOMPARE(rows.at(2).skippedId, QStringLiteral("canary_failed"));
        QCOMPARE(rows.at(3).wave, 2);
    }

    void canaryOkRunsTheRest()
    {
        FleetRunOptions o;
        o.canary = 1;
        o.maxFailures = 10;
        const auto rows = runAll({"0-50-a", "0-50-b", "5-50-c"}, o);
        QCOMPARE(rows.at(1).exitCode, std::optional<int>(0));
        QCOMPARE(rows.at(2).exitCode, std::optional<int>(5));
        QCOMPARE(aggregateExit(rows, false), 5);
    }

    // K failures: nothing new starts, the running one is stopped (SIGTERM: exit 6).
    void failureBudgetStopsRunningAndNew()
    {
        FleetRunOptions o;
        o.concurrency = 2;
        o.maxFailures = 1;
        const auto rows = runAll({"3-50-a", "0-5000-b", "0-50-c"}, o);
        QCOMPARE(rows.at(0).exitCode, std::optional<int>(3));
        QCOMPARE(rows.at(1).exitCode, std::optional<int>(6));
        QCOMPARE(rows.at(2).skippedId, QStringLiteral("failure_budget"));
    }

    void stopSkipsPending()
    {
        FleetRunOptions o;
        const auto rows = runAll({"0-50-a", "0-50-b", "0-50-c"}, o, nullptr, true);
        QCOMPARE(rows.at(0).exitCode, std::optional<int>(0));
        QCOMPARE(rows.at(1).skippedId, QStringLiteral("stopped"));
        QCOMPARE(aggregateExit(rows, true), 6);
    }

    void driftNamesTheOddServer()
    {
        QList<FleetServerResult> rows(3);
        for (int i = 0; i < 3; ++i) {
            rows[i].member.profile = QStringLiteral("s%1").arg(i);
            rows[i].status =
                QJsonObject{{QStringLiteral("drift"),
                             QJsonObject{{QStringLiteral("server_major"),
                                          i == 2 ? QStringLiteral("15") : QStringLiteral("16")},
                                         {QStringLiteral("history_schema"), QStringLiteral("3")}}}};
        }
        const QList<FleetDriftItem> drift = fleetDrift(rows);
        QCOMPARE(drift.size(), 1);
        QCOMPARE(drift.at(0).aspect, QStringLiteral("server_major"));
        QCOMPARE(drift.at(0).reference, QStringLiteral("16"));
        QCOMPARE(drift.at(0).differing.keys(), QStringList({QStringLiteral("s2")}));
        QCOMPARE(driftJson(drift).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestFleetRunner)
#include "tst_fleetrunner.moc"
