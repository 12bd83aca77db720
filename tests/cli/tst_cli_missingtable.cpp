// A database without identidad.trx_pre_tokens (issue 21): the preflight's table item belongs to
// its rule, so `preview`/`purge --rule refresh_tokens` run while `--rule pre_tokens` is refused
// (exit 4) with a message naming the missing table. The real CLI against the sandbox.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/historyfixtures.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <memory>

using namespace purga;
using namespace purga::test;

class TestCliMissingTable : public CliTestCase
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!requireCli())
            return;
        m_db = std::make_unique<TestDatabase>(m_sandbox, QStringLiteral("climissing"));
        QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
        QVERIFY(m_db->exec(refreshSeedSql(2000)));
        QVERIFY(setupHistory(*m_db));
        QVERIFY(m_db->exec(QStringLiteral("DROP TABLE identidad.trx_pre_tokens CASCADE")));
    }

    void statusSaysWhichRulesRemain()
    {
        const CliResult r =
            run({QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--estimates")});
        QString why;
        const QJsonObject pre = r.json(&why).value(QStringLiteral("preflight")).toObject();
        QVERIFY2(!pre.isEmpty(), qPrintable(r.describe()));
        QCOMPARE(pre.value(QStringLiteral("can_preview")).toBool(), false); // not every rule
        const QStringList previewable = {QStringLiteral("refresh_tokens"), QStringLiteral("log_sesiones")};
        QCOMPARE(pre.value(QStringLiteral("previewable_rules")).toVariant().toStringList(), previewable);
        for (const QJsonValue &v : pre.value(QStringLiteral("checks")).toArray())
            if (v.toObject().value(QStringLiteral("id")).toString() == QLatin1String("table:pre_tokens"))
                QCOMPARE(v.toObject().value(QStringLiteral("rule")).toString(), QStringLiteral("pre_tokens"));
    }

    void refreshTokensPreviewAndPurgeRun()
    {
        const qint64 before =
            m_db->scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
        const CliResult preview = run({QStringLiteral("preview"), QStringLiteral("--rule"),
                                       QStringLiteral("refresh_tokens"), QStringLiteral("--json")});
        QVERIFY2(preview.finished && preview.exitCode == 0, qPrintable(preview.describe()));
        QString why;
        const QJsonArray rules = preview.json(&why).value(QStringLiteral("rules")).toArray();
        QCOMPARE(rules.size(), 1);
        const qint64 eligible = qint64(rules.at(0).toObject().value(QStringLiteral("eligible")).toDouble());
        QVERIFY(eligible > 0);

        const CliResult purge =
            run({QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                 QStringLiteral("--yes"), QStringLiteral("--json")});
        QVERIFY2(purge.finished && purge.exitCode == 0, qPrintable(purge.describe()));
        const QJsonObject receipt = purge.json(&why);
        QCOMPARE(receipt.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        const qint64 deleted = CliResult::deletedOf(receipt);
        QCOMPARE(deleted, eligible);
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
            before - deleted);
        // Exactly the boundary rows the rule keeps (inside the window, or live) are left.
        QCOMPARE(edgeRows(),
                 QStringLiteral("edge:active,edge:expired-after-cutoff,edge:not-revoked-old-revocado_en,"
                                "edge:revoked-after-cutoff,edge:revoked-null-exp-after,"
                                "edge:revoked-null-exp-future"));
    }

    void preTokensAreRefusedNamingTheTable_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("preview") << QStringList{QStringLiteral("preview"), QStringLiteral("--rule"),
                                                QStringLiteral("pre_tokens"), QStringLiteral("--json")};
        QTest::newRow("purge") << QStringList{QStringLiteral("purge"), QStringLiteral("--rule"),
                                              QStringLiteral("pre_tokens"), QStringLiteral("--yes")};
        QTest::newRow("purge with refresh_tokens") << QStringList{
            QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
            QStringLiteral("--rule"), QStringLiteral("pre_tokens")};
        QTest::newRow("preview of every rule") << QStringList{QStringLiteral("preview")};
    }
    void preTokensAreRefusedNamingTheTable()
    {
        QFETCH(QStringList, args);
        const CliResult r = run(args);
        QVERIFY2(r.finished && r.exitCode == 4, qPrintable(r.describe()));
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.errText().contains(QLatin1String("identidad.trx_pre_tokens")), qPrintable(r.describe()));
        QVERIFY2(!r.errText().contains(QLatin1String("trx_refresh_tokens")), qPrintable(r.describe()));
    }

private:
    // The boundary rows of refreshSeedSql() still present.
    QString edgeRows() const
    {
        return m_db
            ->scalar(QStringLiteral("SELECT string_agg(token_hash, ',' ORDER BY token_hash) FROM "
                                    "identidad.trx_refresh_tokens WHERE token_hash LIKE 'edge:%'"))
            .toString();
    }
    CliResult run(const QStringList &args) const
    {
        QProcess p;
        prepareCli(p, m_sandbox, m_home.path(), m_db->name(), args);
        return runProcess(p);
    }
    std::unique_ptr<TestDatabase> m_db;
};

QTEST_GUILESS_MAIN(TestCliMissingTable)
#include "tst_cli_missingtable.moc"
