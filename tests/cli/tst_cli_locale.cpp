// The real purga-sesiones-cli ($PURGA_CLI) follows the locale for people and never for scripts:
// with LANG=es_ES.UTF-8 its usage and connect errors and its --help are
// Spanish, numbers are grouped the Spanish way (13.251) and the English way under en_US (13,251)
// in the preview, the progress lines and the receipt alike, sizes read as the GUI's Display::bytes
// says them, and the --json output has the same keys and enum values as under LC_ALL=C.
#include "core/util/language.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/style/displayformat.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>

using namespace purga;
using namespace purga::test;

namespace {

// Every key path of a JSON value ("preflight.items[].status"), with the values of the fields that
// are enums or ids ("=ok"): what a script reads and must not change with the language.
void shape(const QJsonValue &v, const QString &path, QSet<QString> *out)
{
    static const QSet<QString> enums = {
        QStringLiteral("status"), QStringLiteral("id"),   QStringLiteral("level"), QStringLiteral("state"),
        QStringLiteral("rule"),   QStringLiteral("kind"), QStringLiteral("table"), QStringLiteral("mode")};
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString p = path.isEmpty() ? it.key() : path + u'.' + it.key();
            *out << p;
            if (enums.contains(it.key()) && it.value().isString())
                *out << p + u'=' + it.value().toString();
            shape(it.value(), p, out);
        }
    } else if (v.isArray()) {
        for (const QJsonValue &e : v.toArray())
            shape(e, path + QStringLiteral("[]"), out);
    }
}

QSet<QString> shapeOf(const QJsonObject &o)
{
    QSet<QString> s;
    shape(o, QString(), &s);
    return s;
}

} // namespace

class TestCliLocale : public CliTestCase
{
    Q_OBJECT

private:
    QTranslator m_es; // the catalogue the executables carry (:/i18n, from purga_core)

    // The CLI's environment with only LANG saying the locale (no LC_ALL, LC_MESSAGES, LANGUAGE).
    // es_ES.UTF-8 need not be generated for glibc (locale -a): QLocale has its own CLDR data, and the
    // usage test below checks that stderr holds nothing but our line (no encoding warning of Qt's).
    QProcessEnvironment env(const QString &lang, const QString &password = QString()) const
    {
        QProcessEnvironment e = cliEnvironment(m_sandbox, m_home.path());
        for (const char *v : {"LC_ALL", "LC_MESSAGES", "LC_NUMERIC", "LANGUAGE", "LANG"})
            e.remove(QLatin1String(v));
        e.insert(QStringLiteral("LANG"), lang);
        if (!password.isNull())
            e.insert(QStringLiteral("PGPASSWORD"), password);
        return e;
    }

    CliResult run(const QString &lang, const QStringList &args, const QString &password = QString()) const
    {
        QProcess p;
        p.setProcessEnvironment(env(lang, password));
        p.setProgram(m_cli);
        p.setArguments(args);
        return runProcess(p, 120000);
    }

    QString es(const char *context, const char *source) const
    {
        const QString t = m_es.translate(context, source);
        return t.isEmpty() ? QString::fromUtf8(source) : t;
    }

    // A database with > 10,000 removable refresh tokens (Spanish groups from five digits on:
    // 30,000 filler rows give about 13,500).
    bool seed(TestDatabase &db)
    {
        return db.isValid() && db.exec(refreshSeedSql(30000)) && db.exec(preSeedSql(100)) &&
               db.exec(logSeedSql(false)) && setupHistory(db);
    }

private slots:
    void initTestCase()
    {
        if (!requireCli())
            return;
        QVERIFY2(m_es.load(QStringLiteral(":/i18n/purga_es.qm")), "purga_core must carry :/i18n/purga_es.qm");
    }

    void cleanup() { QLocale::setDefault(QLocale::c()); }

    // gettext's order: LANGUAGE (ignored under C), LC_ALL, LC_MESSAGES, LANG.
    void messagesLanguagePrecedence()
    {
        const QString none;
        QCOMPARE(messagesLanguage(none, none, QStringLiteral("es_ES.UTF-8"), none), QStringLiteral("es"));
        QCOMPARE(messagesLanguage(QStringLiteral("C"), none, QStringLiteral("es_ES.UTF-8"), none),
                 QStringLiteral("en"));
        QCOMPARE(messagesLanguage(none, QStringLiteral("es_MX.UTF-8"), QStringLiteral("en_US.UTF-8"), none),
                 QStringLiteral("es"));
        QCOMPARE(messagesLanguage(QStringLiteral("C.UTF-8"), none, none, QStringLiteral("es")),
                 QStringLiteral("en"));
        QCOMPARE(messagesLanguage(none, none, QStringLiteral("en_US.UTF-8"), QStringLiteral("fr:es_ES")),
                 QStringLiteral("es"));
        QCOMPARE(messagesLanguage(none, none, QStringLiteral("es_ES.UTF-8"), QStringLiteral("en_GB:es")),
                 QStringLiteral("en"));
        QCOMPARE(messagesLanguage(none, none, QStringLiteral("de_DE.UTF-8"), none), QStringLiteral("en"));
        QCOMPARE(messagesLanguage(none, none, none, none), QStringLiteral("en"));
    }

    // The fleet's one-server commands speak the window's language even when --lang chose another
    // one than the environment names; numbers keep the locale LC_ALL gave them.
    void childProcessSpeaksTheInstalledLanguage()
    {
        QProcessEnvironment c = env(QStringLiteral("C"));
        c.insert(QStringLiteral("LC_ALL"), QStringLiteral("en_US.UTF-8"));
        const QProcessEnvironment toEs = withMessagesLanguage(c, QStringLiteral("es"));
        QVERIFY(!toEs.contains(QStringLiteral("LC_ALL")));
        QCOMPARE(toEs.value(QStringLiteral("LC_NUMERIC")), QStringLiteral("en_US.UTF-8"));
        QCOMPARE(messagesLanguage(toEs.value(QStringLiteral("LC_ALL")),
                                  toEs.value(QStringLiteral("LC_MESSAGES")),
                                  toEs.value(QStringLiteral("LANG")), toEs.value(QStringLiteral("LANGUAGE"))),
                 QStringLiteral("es"));
        const QProcessEnvironment es_ = env(QStringLiteral("es_ES.UTF-8"));
        QCOMPARE(withMessagesLanguage(es_, QStringLiteral("es")), es_); // already Spanish: untouched
        const QProcessEnvironment toEn = withMessagesLanguage(es_, QStringLiteral("en"));
        QCOMPARE(messagesLanguage(QString(), toEn.value(QStringLiteral("LC_MESSAGES")),
                                  toEn.value(QStringLiteral("LANG")), toEn.value(QStringLiteral("LANGUAGE"))),
                 QStringLiteral("en"));

        QProcess p; // the real executable with the environment given
        p.setProcessEnvironment(toEs);
        p.setProgram(m_cli);
        p.setArguments({QStringLiteral("purge")});
        const CliResult usage = runProcess(p, 120000);
        QVERIFY2(usage.finished && usage.exitCode == 2, qPrintable(usage.describe()));
        QCOMPARE(usage.errText().trimmed(),
                 QStringLiteral("purga-sesiones-cli: ") +
                     es("Cli", "Say which rules to purge: --rule ID (repeatable) or --all."));
    }

    void usageErrorsAndHelpAreSpanish()
    {
        const CliResult usage = run(QStringLiteral("es_ES.UTF-8"), {QStringLiteral("purge")});
        QVERIFY2(usage.finished && usage.exitCode == 2, qPrintable(usage.describe()));
        const QString expected = es("Cli", "Say which rules to purge: --rule ID (repeatable) or --all.");
        QVERIFY(expected != QLatin1String("Say which rules to purge: --rule ID (repeatable) or --all."));
        QCOMPARE(usage.errText().trimmed(), QStringLiteral("purga-sesiones-cli: ") + expected);

        const CliResult c = run(QStringLiteral("C"), {QStringLiteral("purge")});
        QVERIFY2(c.finished && c.exitCode == 2, qPrintable(c.describe()));
        QVERIFY2(c.errText().contains(QLatin1String("Say which rules to purge")), qPrintable(c.describe()));

        const CliResult help = run(QStringLiteral("es_ES.UTF-8"), {QStringLiteral("--help")});
        QVERIFY2(help.finished && help.exitCode == 0, qPrintable(help.describe()));
        const QString out = QString::fromUtf8(help.out);
        QVERIFY2(out.contains(es("Cli", "Commands:")) &&
                     out.contains(es("Cli", "remove it from the keychain")),
                 qPrintable(out));
        QVERIFY2(!out.contains(QLatin1String("remove it from the keychain")), qPrintable(out));

        const CliResult purgeHelp =
            run(QStringLiteral("es_ES.UTF-8"), {QStringLiteral("purge"), QStringLiteral("--help")});
        QVERIFY2(purgeHelp.finished && purgeHelp.exitCode == 0, qPrintable(purgeHelp.describe()));
        QVERIFY2(QString::fromUtf8(purgeHelp.out).contains(es("Cli", "Pause between batches (default 0).")),
                 qPrintable(purgeHelp.describe()));
    }

    void connectErrorIsSpanish()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cliloc"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QStringList args{QStringLiteral("status"), QStringLiteral("--conninfo"), conninfo(db)};
        const CliResult r = run(QStringLiteral("es_ES.UTF-8"), args, QStringLiteral("not-the-password"));
        QVERIFY2(r.finished && r.exitCode == 3, qPrintable(r.describe()));
        const QString target =
            QStringLiteral("identidad_purga@%1:%2/%3").arg(m_sandbox.host).arg(m_sandbox.port).arg(db.name());
        const QString expected = es("PgConnection", "Wrong password or unknown role for %1.").arg(target);
        QVERIFY(!expected.startsWith(QLatin1String("Wrong password")));
        QCOMPARE(r.errText().trimmed(), QStringLiteral("purga-sesiones-cli: ") + expected);
        QVERIFY2(!r.errText().contains(QLatin1String("not-the-password")), qPrintable(r.describe()));
    }

    void jsonIsTheSameInEveryLanguage()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cliloc"));
        QVERIFY2(seed(db), qPrintable(db.error()));
        for (const char *command : {"status", "preview", "health"}) {
            const QStringList args{QLatin1String(command), QStringLiteral("--json"),
                                   QStringLiteral("--conninfo"), conninfo(db)};
            const CliResult c = run(QStringLiteral("C"), args);
            const CliResult s = run(QStringLiteral("es_ES.UTF-8"), args);
            QVERIFY2(c.finished && s.finished && c.exitCode == s.exitCode,
                     qPrintable(c.describe() + s.describe()));
            QString why;
            const QJsonObject jc = c.json(&why);
            QVERIFY2(!jc.isEmpty(), qPrintable(why));
            const QJsonObject js = s.json(&why);
            QVERIFY2(!js.isEmpty(), qPrintable(why));
            const QSet<QString> a = shapeOf(jc), b = shapeOf(js);
            QVERIFY2(a == b,
                     qPrintable(QStringLiteral("%1: only in C: %2; only in es: %3")
                                    .arg(QLatin1String(command),
                                         QStringList(QSet<QString>(a).subtract(b).values()).join(u' '),
                                         QStringList(QSet<QString>(b).subtract(a).values()).join(u' '))));
        }
    }

    void countsAndSizesFollowTheLocale_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("group"); // 13251 as that locale writes it
        QTest::newRow("es") << QStringLiteral("es_ES.UTF-8") << QStringLiteral("13.251");
        QTest::newRow("en") << QStringLiteral("en_US.UTF-8") << QStringLiteral("13,251");
    }

    void countsAndSizesFollowTheLocale()
    {
        QFETCH(QString, lang);
        QFETCH(QString, group);
        const QLocale locale(lang.section(u'.', 0, 0));
        QCOMPARE(locale.toString(13251), group); // Qt's own CLDR data, whatever glibc has generated
        QLocale::setDefault(locale);             // what the GUI's Display:: formatters then say

        TestDatabase db(m_sandbox, QStringLiteral("cliloc"));
        QVERIFY2(seed(db), qPrintable(db.error()));
        const QStringList conn{QStringLiteral("--conninfo"), conninfo(db)};

        // Sizes: the status line says each table's size as the GUI does.
        const CliResult sizes =
            run(lang, QStringList{QStringLiteral("status"), QStringLiteral("--json")} + conn);
        QString why;
        const QJsonObject status = sizes.json(&why);
        QVERIFY2(!status.isEmpty(), qPrintable(why));
        const CliResult human = run(lang, QStringList{QStringLiteral("status")} + conn);
        QVERIFY2(human.finished && human.exitCode == sizes.exitCode, qPrintable(human.describe()));
        const QString humanOut = QString::fromUtf8(human.out);
        for (const QJsonValue &t :
             status.value(QStringLiteral("overview")).toObject().value(QStringLiteral("tables")).toArray()) {
            const qint64 bytes = qint64(t.toObject().value(QStringLiteral("table_bytes")).toDouble());
            const QString gui = Display::bytes(bytes);
            QVERIFY2(humanOut.contains(gui), qPrintable(gui + QStringLiteral(" not in:\n") + humanOut));
        }
        const QJsonArray tables =
            status.value(QStringLiteral("overview")).toObject().value(QStringLiteral("tables")).toArray();
        QVERIFY(!tables.isEmpty());

        // Counts: the removable refresh tokens in the preview, the progress lines and the receipt.
        const CliResult plan =
            run(QStringLiteral("C"), QStringList{QStringLiteral("preview"), QStringLiteral("--json"),
                                                 QStringLiteral("--rule"), kRefresh} +
                                         conn);
        const QJsonObject planJson = plan.json(&why);
        QVERIFY2(!planJson.isEmpty(), qPrintable(why));
        const qint64 eligible = qint64(planJson.value(QStringLiteral("rules"))
                                           .toArray()
                                           .at(0)
                                           .toObject()
                                           .value(QStringLiteral("eligible"))
                                           .toDouble());
        QVERIFY2(eligible >= 10000, qPrintable(QString::number(eligible))); // grouped in Spanish too
        const QString n = Display::number(eligible);
        QVERIFY(n != QString::number(eligible));

        const CliResult preview =
            run(lang, QStringList{QStringLiteral("preview"), QStringLiteral("--rule"), kRefresh} + conn);
        QVERIFY2(preview.finished && preview.exitCode == 0, qPrintable(preview.describe()));
        QVERIFY2(QString::fromUtf8(preview.out).contains(n), qPrintable(n + u'\n' + preview.describe()));

        const CliResult purge = run(lang, QStringList{QStringLiteral("purge"), QStringLiteral("--rule"),
                                                      kRefresh, QStringLiteral("--yes")} +
                                              conn);
        QVERIFY2(purge.finished && purge.exitCode == 0, qPrintable(purge.describe()));
        // The last progress line of the rule: "refresh_tokens: N/N ..." with N grouped.
        QVERIFY2(purge.errText().contains(kRefresh + QStringLiteral(": ") + n + u'/' + n),
                 qPrintable(n + u'\n' + purge.describe()));
        // The receipt: the rule's line and the run's message, both grouped.
        const QString out = QString::fromUtf8(purge.out);
        QVERIFY2(out.count(n) >= 2, qPrintable(n + u'\n' + purge.describe()));
        // Never the same number ungrouped beside it ("13251" next to "13,251").
        const QRegularExpression raw(QStringLiteral("(?<![\\w.,])%1(?![\\w.,])").arg(eligible));
        QVERIFY2(!raw.match(out).hasMatch() && !raw.match(purge.errText()).hasMatch(),
                 qPrintable(purge.describe()));
    }
};

QTEST_GUILESS_MAIN(TestCliLocale)
#include "tst_cli_locale.moc"
