// purge's dry run against the sandbox, through the real purga-sesiones-cli: --dry-run deletes
// nothing and says so ("dry_run": true, "deleted": 0), and so does every purge JSON without --yes;
// --dry-run with --yes is a usage error; a real run's receipt says "dry_run": false.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonObject>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestCliDryRun : public CliTestCase
{
    Q_OBJECT

private:
    CliResult purge(const TestDatabase &db, const QStringList &args) const
    {
        return run(QStringList{QStringLiteral("purge")} + args +
                       QStringList{QStringLiteral("--conninfo"), conninfo(db)},
                   m_sandbox.purgaPassword);
    }

    static QJsonObject json(const CliResult &r)
    {
        QString why;
        const QJsonObject o = r.json(&why);
        if (o.isEmpty())
            qWarning("%s", qPrintable(why));
        return o;
    }

    static qint64 rows(TestDatabase &db)
    {
        return db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
    }

    // A purge's JSON that says it is a dry run, and the table as it was.
    static void checkDryRun(const CliResult &r, TestDatabase &db, qint64 before)
    {
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.summary()));
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("dry_run")), QJsonValue(true));
        QCOMPARE(o.value(QStringLiteral("deleted")), QJsonValue(0));
        QVERIFY2(!o.contains(QStringLiteral("run_id")), "a dry run is not a run");
        QCOMPARE(rows(db), before);
    }

    // A database with removable refresh tokens (and live ones) and the history tables.
    bool seeded(TestDatabase &db, qint64 *total)
    {
        if (!db.isValid() || !db.exec(refreshExpiredAndLiveSql(300, 50)) || !setupHistory(db))
            return false;
        *total = rows(db);
        return *total >= 350;
    }

private slots:
    void dryRunDeletesNothingAndSaysSo()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_dryrun"));
        qint64 before = 0;
        QVERIFY2(seeded(db, &before), qPrintable(db.error()));
        const CliResult r =
            purge(db, {QStringLiteral("--all"), QStringLiteral("--dry-run"), QStringLiteral("--json")});
        checkDryRun(r, db, before);
        if (QTest::currentTestFailed())
            return;
        // Without --json it says so in words too.
        const CliResult human = purge(db, {QStringLiteral("--all"), QStringLiteral("--dry-run")});
        QVERIFY2(human.exitCode == 0 && human.out.startsWith("Dry run"), qPrintable(human.summary()));
    }

    void purgeJsonWithoutYesIsADryRun()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_dryrun_noyes"));
        qint64 before = 0;
        QVERIFY2(seeded(db, &before), qPrintable(db.error()));
        const CliResult r =
            purge(db, {QStringLiteral("--rule"), QStringLiteral("refresh_tokens"), QStringLiteral("--json")});
        checkDryRun(r, db, before);
    }

    void dryRunWithYesIsAUsageError()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_dryrun_yes"));
        qint64 before = 0;
        QVERIFY2(seeded(db, &before), qPrintable(db.error()));
        const CliResult r =
            purge(db, {QStringLiteral("--all"), QStringLiteral("--dry-run"), QStringLiteral("--yes")});
        QVERIFY2(r.finished && r.exitCode == 2 && r.errLines().size() == 1, qPrintable(r.summary()));
        QVERIFY2(r.errText().contains(QStringLiteral("--yes and --dry-run")), qPrintable(r.summary()));
        QCOMPARE(rows(db), before);
    }

    void receiptSaysItWasNoDryRun()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_dryrun_real"));
        qint64 before = 0;
        QVERIFY2(seeded(db, &before), qPrintable(db.error()));
        const CliResult r = purge(db, {QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                                       QStringLiteral("--yes"), QStringLiteral("--json")});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.summary()));
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("dry_run")), QJsonValue(false));
        QVERIFY(CliResult::deletedOf(o) > 0);
        QCOMPARE(rows(db), before - CliResult::deletedOf(o));
    }
};

QTEST_GUILESS_MAIN(TestCliDryRun)
#include "tst_cli_dryrun.moc"
