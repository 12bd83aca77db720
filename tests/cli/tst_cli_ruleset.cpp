// rule-set through the real purga-sesiones-cli: a rule's retention and batch size saved in a
// profile, checked as the GUI's rule settings (Rules::validate), a retention shorter than the ADR's
// refused (exit 4) without --allow-short-retention, and what is saved is what preview runs with
// against the sandbox.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSettings>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestCliRuleSet : public CliTestCase
{
    Q_OBJECT

private:
    QString settingsFile() const
    {
        return m_home.path() + QStringLiteral("/config/purga-sesiones/purga-sesiones.conf");
    }

    QString saved(const QString &profile, const QString &key) const
    {
        QSettings s(settingsFile(), QSettings::IniFormat);
        return s.value(QStringLiteral("profiles/%1/rules/%2").arg(profile, key)).toString();
    }

    QByteArray settingsBytes() const
    {
        QFile f(settingsFile());
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private slots:
    void setsRetentionAndBatchSize()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_ruleset"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(run(sl({"profile-save", "rules-a", "--host", m_sandbox.host, "--port",
                        QString::number(m_sandbox.port), "--dbname", db.name(), "--user", "identidad_purga",
                        "--sslmode", "disable"}))
                    .exitCode == 0);
        const CliResult r = run(sl({"rule-set", "--profile", "rules-a", "--rule", "refresh_tokens",
                                    "--retention-days", "45", "--batch-size", "2000", "--json"}));
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.summary()));
        QString why;
        const QJsonObject o = r.json(&why);
        QCOMPARE(o.value(QStringLiteral("retention_seconds")).toDouble(), 45.0 * 86400);
        QCOMPARE(o.value(QStringLiteral("batch_size")).toInt(), 2000);
        QCOMPARE(saved(QStringLiteral("rules-a"), QStringLiteral("refresh_tokens/retention_seconds")),
                 QString::number(45 * 86400));
        QCOMPARE(saved(QStringLiteral("rules-a"), QStringLiteral("refresh_tokens/batch_size")),
                 QStringLiteral("2000"));
        // The connection fields stay as they were.
        QSettings s(settingsFile(), QSettings::IniFormat);
        QCOMPARE(s.value(QStringLiteral("profiles/rules-a/database")).toString(), db.name());

        const CliResult hours =
            run(sl({"rule-set", "--profile", "rules-a", "--rule", "pre_tokens", "--retention-hours", "36"}));
        QVERIFY2(hours.exitCode == 0, qPrintable(hours.summary()));
        QCOMPARE(saved(QStringLiteral("rules-a"), QStringLiteral("pre_tokens/retention_seconds")),
                 QString::number(36 * 3600));

        // The preview against the real server runs with it (the password from PGPASSWORD: the
        // keychain has none for this profile).
        PURGA_REQUIRE_KEYRING();
        const CliResult preview =
            run(sl({"preview", "--rule", "refresh_tokens", "--json", "--profile", "rules-a"}),
                m_sandbox.purgaPassword);
        QVERIFY2(preview.exitCode == 0, qPrintable(preview.summary()));
        const QJsonObject rule = preview.json(&why).value(QStringLiteral("rules")).toArray().at(0).toObject();
        QCOMPARE(rule.value(QStringLiteral("retention_seconds")).toDouble(), 45.0 * 86400);
    }

    void shortRetentionNeedsTheOverride()
    {
        QVERIFY(run(sl({"profile-save", "rules-b", "--host", "h"})).exitCode == 0);
        const QByteArray before = settingsBytes();
        const CliResult refused = run(
            sl({"rule-set", "--profile", "rules-b", "--rule", "refresh_tokens", "--retention-days", "7"}));
        QVERIFY2(refused.exitCode == 4 && refused.errLines().size() == 1, qPrintable(refused.summary()));
        QVERIFY2(refused.errText().contains(QStringLiteral("--allow-short-retention")),
                 qPrintable(refused.summary()));
        QCOMPARE(settingsBytes(), before);

        const CliResult allowed = run(sl({"rule-set", "--profile", "rules-b", "--rule", "refresh_tokens",
                                          "--retention-days", "7", "--allow-short-retention"}));
        QVERIFY2(allowed.exitCode == 0, qPrintable(allowed.summary()));
        QCOMPARE(saved(QStringLiteral("rules-b"), QStringLiteral("refresh_tokens/retention_seconds")),
                 QString::number(7 * 86400));
        QCOMPARE(saved(QStringLiteral("rules-b"), QStringLiteral("refresh_tokens/forensic_override")),
                 QStringLiteral("1"));
    }

    // --family-aware on|off: saved as refresh_tokens/family_aware, said in the JSON, and what
    // preview runs with (its family_aware and live_family_rows).
    void familyAwareIsSavedAndPreviewed()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_family"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, "
            "creado_en, expiracion, revocado, revocado_en) VALUES "
            "(1, 1, md5('x')::uuid, 'old', now() - interval '90 days', now() - interval '40 days', true, "
            "now() - interval '60 days'), "
            "(1, 1, md5('x')::uuid, 'head', now() - interval '1 day', now() + interval '10 days', false, "
            "NULL)")));
        QVERIFY(run(sl({"profile-save", "rules-d", "--host", m_sandbox.host, "--port",
                        QString::number(m_sandbox.port), "--dbname", db.name(), "--user", "identidad_purga",
                        "--sslmode", "disable"}))
                    .exitCode == 0);
        QString why;
        for (const bool on : {true, false}) {
            const QString value = on ? QStringLiteral("on") : QStringLiteral("off");
            const CliResult r = run(QStringList{
                QStringLiteral("rule-set"), QStringLiteral("--profile"), QStringLiteral("rules-d"),
                QStringLiteral("--rule"), QStringLiteral("refresh_tokens"), QStringLiteral("--family-aware"),
                value, QStringLiteral("--json")});
            QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
            QCOMPARE(r.json(&why).value(QStringLiteral("family_aware")).toBool(), on);
            QVERIFY2(r.errText().contains(QStringLiteral("Family-aware retention: ") + value),
                     qPrintable(r.summary()));
            QCOMPARE(saved(QStringLiteral("rules-d"), QStringLiteral("refresh_tokens/family_aware")),
                     on ? QStringLiteral("1") : QStringLiteral("0"));
            PURGA_REQUIRE_KEYRING();
            const CliResult preview =
                run(sl({"preview", "--rule", "refresh_tokens", "--json", "--profile", "rules-d"}),
                    m_sandbox.purgaPassword);
            QVERIFY2(preview.exitCode == 0, qPrintable(preview.summary()));
            const QJsonObject rule =
                preview.json(&why).value(QStringLiteral("rules")).toArray().at(0).toObject();
            QCOMPARE(rule.value(QStringLiteral("family_aware")).toBool(), on);
            QCOMPARE(rule.value(QStringLiteral("live_family_rows")).toInteger(), qint64(1));
            QCOMPARE(rule.value(QStringLiteral("eligible")).toInteger(), on ? qint64(0) : qint64(1));
            // The human preview says it too.
            const CliResult text = run(sl({"preview", "--rule", "refresh_tokens", "--profile", "rules-d"}),
                                       m_sandbox.purgaPassword);
            QVERIFY2(QString::fromUtf8(text.out).contains(
                         on ? QStringLiteral("family-aware retention is on: they are kept")
                            : QStringLiteral("family-aware retention is off: they are removed")),
                     qPrintable(text.summary()));
        }
        // Other rules leave the key alone and say no setting.
        const CliResult pre = run(sl({"rule-set", "--profile", "rules-d", "--rule", "pre_tokens", "--json"}));
        QVERIFY2(pre.exitCode == 0, qPrintable(pre.summary()));
        QVERIFY(pre.json(&why).value(QStringLiteral("family_aware")).isNull());
        QVERIFY(saved(QStringLiteral("rules-d"), QStringLiteral("pre_tokens/family_aware")).isEmpty());
    }

    void invalidSettingsAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("batch size 0")
            << sl({"rule-set", "--profile", "rules-c", "--rule", "pre_tokens", "--batch-size", "0"})
            << QStringLiteral("--batch-size takes a whole number");
        QTest::newRow("batch size over the GUI's bound")
            << sl({"rule-set", "--profile", "rules-c", "--rule", "pre_tokens", "--batch-size", "100001"})
            << QStringLiteral("out of range");
        QTest::newRow("days and hours") << sl({"rule-set", "--profile", "rules-c", "--rule", "pre_tokens",
                                               "--retention-days", "2", "--retention-hours", "3"})
                                        << QStringLiteral("exclude each other");
        QTest::newRow("family-aware not on/off")
            << sl({"rule-set", "--profile", "rules-c", "--rule", "refresh_tokens", "--family-aware", "yes"})
            << QStringLiteral("--family-aware takes on or off");
        QTest::newRow("family-aware on a rule without families")
            << sl({"rule-set", "--profile", "rules-c", "--rule", "pre_tokens", "--family-aware", "on"})
            << QStringLiteral("refresh tokens only");
        QTest::newRow("unknown rule")
            << sl({"rule-set", "--profile", "rules-c", "--rule", "tokens", "--batch-size", "10"})
            << QStringLiteral("one --rule ID");
        QTest::newRow("unknown profile")
            << sl({"rule-set", "--profile", "nobody", "--rule", "pre_tokens", "--batch-size", "10"})
            << QStringLiteral("No profile named \"nobody\"");
    }

    void invalidSettingsAreUsageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QVERIFY(run(sl({"profile-save", "rules-c", "--host", "h"})).exitCode == 0);
        const QByteArray before = settingsBytes();
        const CliResult r = run(args);
        QVERIFY2(r.finished && r.exitCode == 2 && r.errLines().size() == 1, qPrintable(r.summary()));
        QVERIFY2(r.errText().contains(message), qPrintable(r.summary()));
        QCOMPARE(settingsBytes(), before);
    }
};

QTEST_GUILESS_MAIN(TestCliRuleSet)
#include "tst_cli_ruleset.moc"
