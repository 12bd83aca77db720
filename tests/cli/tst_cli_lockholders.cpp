// `status` names who holds the purge lock and who waits for it (human and --json "purge_lock"),
// flags an idle holder as possibly leaked with the exact pg_terminate_backend line, and never
// terminates anyone itself. Runs the real CLI against the sandbox.
#include "core/pg/pgconnection.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/locksessions.h"
#include "support/pgsandbox.h"

#include <QJsonArray>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestCliLockHolders : public CliTestCase
{
    Q_OBJECT

private:
    CliResult run(const QStringList &args) { return CliTestCase::run(args, m_sandbox.purgaPassword); }

    static QJsonObject purgeLock(const CliResult &r)
    {
        QString why;
        return r.json(&why).value(QStringLiteral("purge_lock")).toObject();
    }

private slots:
    void freeLockJson()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clilockfree"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const CliResult r = run({QStringLiteral("status"), QStringLiteral("--json"),
                                 QStringLiteral("--estimates"), QStringLiteral("--conninfo"), conninfo(db)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        const QJsonObject l = purgeLock(r);
        QCOMPARE(l.value(QStringLiteral("key")).toDouble(), 731001.0);
        QCOMPARE(l.value(QStringLiteral("held")).toBool(true), false);
        QVERIFY(l.contains(QStringLiteral("holder")) && l.value(QStringLiteral("holder")).isNull());
        QVERIFY(l.value(QStringLiteral("waiters")).isArray());
        QCOMPARE(l.value(QStringLiteral("waiters")).toArray().size(), 0);
        QCOMPARE(l.value(QStringLiteral("possibly_leaked")).toBool(true), false);
        QVERIFY(l.contains(QStringLiteral("terminate_sql")) &&
                l.value(QStringLiteral("terminate_sql")).isNull());
        QCOMPARE(l.value(QStringLiteral("leak_after_seconds")).toInt(), 300);

        const CliResult human = run({QStringLiteral("status"), QStringLiteral("--estimates"),
                                     QStringLiteral("--conninfo"), conninfo(db)});
        QVERIFY2(human.out.contains("Purge lock 731001: free."), qPrintable(human.summary()));
    }

    void idleHolderAndWaiter()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clilockleak"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        PgConnection holder, waiter;
        QVERIFY(holdLock(db, QStringLiteral("identidad_purga"), QStringLiteral("purga_job"), holder));
        QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("second-job"), waiter));
        QVERIFY(startWaiting(waiter));
        const int pid = holder.backendPid();
        QVERIFY(waitFor(
            db,
            QStringLiteral("SELECT state = 'idle' AND clock_timestamp() - state_change > interval '1 s' "
                           "FROM pg_stat_activity WHERE pid = %1")
                .arg(pid),
            30000));
        QVERIFY(waitFor(db,
                        QStringLiteral("SELECT count(*) = 1 FROM pg_locks WHERE NOT granted AND pid = %1")
                            .arg(waiter.backendPid()),
                        30000));

        const QStringList base{
            QStringLiteral("status"), QStringLiteral("--estimates"), QStringLiteral("--lock-idle-seconds"),
            QStringLiteral("1"),      QStringLiteral("--conninfo"),  conninfo(db)};
        const CliResult r = run(base + QStringList{QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        const QJsonObject l = purgeLock(r);
        QCOMPARE(l.value(QStringLiteral("held")).toBool(), true);
        QCOMPARE(l.value(QStringLiteral("possibly_leaked")).toBool(), true);
        QCOMPARE(l.value(QStringLiteral("leak_after_seconds")).toInt(), 1);
        const QString sql = QStringLiteral("SELECT pg_terminate_backend(%1);").arg(pid);
        QCOMPARE(l.value(QStringLiteral("terminate_sql")).toString(), sql);
        const QJsonObject h = l.value(QStringLiteral("holder")).toObject();
        QCOMPARE(h.value(QStringLiteral("pid")).toInt(), pid);
        QCOMPARE(h.value(QStringLiteral("application_name")).toString(), QStringLiteral("purga_job"));
        QCOMPARE(h.value(QStringLiteral("role")).toString(), QStringLiteral("identidad_purga"));
        QCOMPARE(h.value(QStringLiteral("state")).toString(), QStringLiteral("idle"));
        QVERIFY(h.value(QStringLiteral("idle_seconds")).toDouble() >= 1);
        QVERIFY(!h.value(QStringLiteral("client_addr")).toString().isEmpty());
        QVERIFY(h.value(QStringLiteral("backend_start_utc")).toString().endsWith(QLatin1String("+00")));
        QCOMPARE(h.value(QStringLiteral("can_terminate")).toBool(), true);
        const QJsonArray waiters = l.value(QStringLiteral("waiters")).toArray();
        QCOMPARE(waiters.size(), 1);
        QCOMPARE(waiters.at(0).toObject().value(QStringLiteral("pid")).toInt(), waiter.backendPid());
        QCOMPARE(waiters.at(0).toObject().value(QStringLiteral("application_name")).toString(),
                 QStringLiteral("second-job"));

        const CliResult human = run(base);
        QVERIFY2(human.exitCode == 0, qPrintable(human.summary()));
        const QString out = QString::fromUtf8(human.out);
        QVERIFY2(out.contains(QStringLiteral("Purge lock 731001 held by pid %1 (purga_job").arg(pid)),
                 qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("Possibly a leaked lock")), qPrintable(out));
        QVERIFY2(out.contains(sql), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("Waiting for it: pid %1 (second-job").arg(waiter.backendPid())),
                 qPrintable(out));
        // The CLI never terminates: the holder is still there.
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = %1").arg(pid))
                     .toInt(),
                 1);

        // Another key: nobody holds it.
        const CliResult other = run(
            base + QStringList{QStringLiteral("--json"), QStringLiteral("--lock-key"), QStringLiteral("42")});
        QCOMPARE(purgeLock(other).value(QStringLiteral("key")).toDouble(), 42.0);
        QCOMPARE(purgeLock(other).value(QStringLiteral("held")).toBool(true), false);
    }

    void hiddenHolderOfAnotherRole()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clilockapi"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        PgConnection holder;
        QVERIFY(holdLock(db, QStringLiteral("identidad_api"), QStringLiteral("api"), holder));
        const CliResult human = run({QStringLiteral("status"), QStringLiteral("--estimates"),
                                     QStringLiteral("--conninfo"), conninfo(db)});
        const QString out = QString::fromUtf8(human.out);
        QVERIFY2(out.contains(
                     QStringLiteral("held by pid %1 (api, user identidad_api, ").arg(holder.backendPid())),
                 qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("GRANT pg_read_all_stats TO identidad_purga")), qPrintable(out));
        QVERIFY2(!out.contains(QLatin1String("since  UTC")) && !out.contains(QLatin1String(", )")),
                 qPrintable(out));
        QVERIFY2(!out.contains(QLatin1String("local")), qPrintable(out));
        const CliResult json =
            run({QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--estimates"),
                 QStringLiteral("--conninfo"), conninfo(db)});
        const QJsonObject h = purgeLock(json).value(QStringLiteral("holder")).toObject();
        QCOMPARE(h.value(QStringLiteral("details_visible")).toBool(true), false);
        QVERIFY(h.value(QStringLiteral("client_addr")).isNull());
        QCOMPARE(h.value(QStringLiteral("can_terminate")).toBool(true), false);
    }

    void usageErrors()
    {
        const QString nowhere = QStringLiteral("host=127.0.0.1 port=1");
        for (const QStringList &args :
             {QStringList{QStringLiteral("--lock-idle-seconds"), QStringLiteral("0")},
              QStringList{QStringLiteral("--lock-idle-seconds"), QStringLiteral("soon")},
              QStringList{QStringLiteral("--lock-key"), QStringLiteral("x")}}) {
            const CliResult r =
                run(QStringList{QStringLiteral("status"), QStringLiteral("--conninfo"), nowhere} + args);
            QVERIFY2(r.exitCode == 2 && r.errLines().size() == 1, qPrintable(r.summary()));
        }
        const CliResult help = run({QStringLiteral("status"), QStringLiteral("--help")});
        QVERIFY2(help.out.contains("--lock-idle-seconds") && help.out.contains("--lock-key"),
                 qPrintable(help.summary()));
    }
};

QTEST_GUILESS_MAIN(TestCliLockHolders)
#include "tst_cli_lockholders.moc"
