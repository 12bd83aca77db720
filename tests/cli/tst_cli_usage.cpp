// The real purga-sesiones-cli's help against the README and its usage checks: the README's
// command list is the one of --help with the same synopses, optional options are shown optional,
// --help-all works, an option of another command is refused naming that command, and the bash
// completion (written by the build, from the same table) completes commands, options and profiles.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

QString simplified(const QString &s)
{
    return s.simplified();
}

// The synopses of the README's CLI reference block: command → synopsis (continuation lines joined,
// "# …" comments dropped). Lines that name no command (COMMAND --help, --help | --version) are left.
QMap<QString, QString> readmeSynopses(QString *why)
{
    QFile f(qEnvironmentVariable("PURGA_SOURCE_DIR") + QStringLiteral("/README.md"));
    if (!f.open(QIODevice::ReadOnly)) {
        *why = f.fileName() + QStringLiteral(": ") + f.errorString();
        return {};
    }
    const QString text = QString::fromUtf8(f.readAll());
    const qsizetype section = text.indexOf(QStringLiteral("\n## CLI reference"));
    const qsizetype open = text.indexOf(QStringLiteral("\n```"), section);
    const qsizetype close = text.indexOf(QStringLiteral("\n```"), open + 4);
    if (section < 0 || open < 0 || close < 0) {
        *why = QStringLiteral("no code block under \"## CLI reference\"");
        return {};
    }
    QMap<QString, QString> out;
    QString current;
    static const QRegularExpression first(QStringLiteral("^purga-sesiones-cli ([a-z][a-z-]*)(.*)$"));
    const QStringList lines = text.mid(open + 4, close - open - 4).split(u'\n');
    for (QString line : lines) {
        line = line.section(QStringLiteral("  #"), 0, 0);
        const QRegularExpressionMatch m = first.match(line);
        if (m.hasMatch()) {
            current = m.captured(1);
            out[current] = m.captured(2);
        } else if (line.startsWith(u' ') && !current.isEmpty()) {
            out[current] += u' ' + line;
        } else {
            current.clear();
        }
    }
    for (QString &s : out)
        s = simplified(s);
    return out;
}

} // namespace

class TestCliUsage : public CliTestCase
{
    Q_OBJECT

private:
    // `NAME --help`'s synopsis, continuation lines joined.
    QString helpSynopsis(const QString &command)
    {
        const CliResult r = run({command, QStringLiteral("--help")});
        const QString out = QString::fromUtf8(r.out);
        const QString prefix = QStringLiteral("Usage: purga-sesiones-cli ") + command;
        if (r.exitCode != 0 || !out.startsWith(prefix))
            return QStringLiteral("<%1>").arg(r.summary());
        return simplified(out.section(QStringLiteral("\n\n"), 0, 0).mid(prefix.size()));
    }

    // The command names under "Commands:" of the top-level --help.
    QStringList helpCommands()
    {
        const QString out = QString::fromUtf8(run({QStringLiteral("--help")}).out);
        QStringList names;
        bool in = false;
        for (const QString &line : out.split(u'\n')) {
            if (line.startsWith(QLatin1String("Commands:")))
                in = true;
            else if (in && line.startsWith(QLatin1String("  ")))
                names << line.simplified().section(u' ', 0, 0);
            else if (in)
                break;
        }
        return names;
    }

    // Completion candidates for the words typed so far (the last one being completed).
    QStringList complete(const QString &script, const QStringList &words)
    {
        QStringList quoted;
        for (const QString &w : words)
            quoted << u'\'' + w + u'\'';
        const QString driver = QStringLiteral("source '%1'; COMP_WORDS=('%2' %3); COMP_CWORD=%4; "
                                              "_purga_sesiones_cli; printf '%s\\n' \"${COMPREPLY[@]}\"")
                                   .arg(script, m_cli, quoted.join(u' '))
                                   .arg(words.size());
        QProcess p;
        p.setProcessEnvironment(cliEnvironment(m_home.path()));
        p.setProgram(QStringLiteral("bash"));
        p.setArguments({QStringLiteral("-c"), driver});
        const CliResult r = runProcess(p, 30000);
        return QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    }

private slots:
    void readmeCommandListMatchesHelp()
    {
        QString why;
        const QMap<QString, QString> readme = readmeSynopses(&why);
        QVERIFY2(!readme.isEmpty(), qPrintable(why));
        const QStringList help = helpCommands();
        QVERIFY2(!help.isEmpty(), "no Commands: in --help");
        QStringList inReadme = readme.keys();
        QStringList inHelp = help;
        inReadme.sort();
        inHelp.sort();
        QCOMPARE(inReadme, inHelp);
        for (const QString &command : help)
            QCOMPARE(readme.value(command), helpSynopsis(command));
    }

    void optionalOptionsAreShownOptional()
    {
        QVERIFY2(helpSynopsis(QStringLiteral("profile-save"))
                     .startsWith(QStringLiteral("NAME [--host H] [--port P]")),
                 qPrintable(helpSynopsis(QStringLiteral("profile-save"))));
        QVERIFY2(helpSynopsis(QStringLiteral("purge"))
                     .startsWith(QStringLiteral("(--rule ID... | --all) [--yes | --dry-run]")),
                 qPrintable(helpSynopsis(QStringLiteral("purge"))));
    }

    void helpAllShowsEveryCommand()
    {
        const CliResult r = run({QStringLiteral("--help-all")});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.summary()));
        const QString out = QString::fromUtf8(r.out);
        for (const QString &command : helpCommands()) {
            const QRegularExpression usage(
                QStringLiteral("Usage: purga-sesiones-cli %1[ \n]").arg(QRegularExpression::escape(command)));
            QVERIFY2(out.contains(usage), qPrintable(command));
        }
    }

    void optionOfAnotherCommandIsRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString nowhere = QStringLiteral("host=127.0.0.1 port=1 connect_timeout=2");
        QTest::newRow("status --yes") << sl({"status", "--yes", "--conninfo", nowhere})
                                      << QStringLiteral("--yes is an option of purge, fleet, not of status");
        QTest::newRow("history --estimates")
            << sl({"history", "--json", "--estimates", "--conninfo", nowhere})
            << QStringLiteral("--estimates is an option of status, not of history");
        QTest::newRow("preview --minutes")
            << sl({"preview", "--minutes", "5", "--conninfo", nowhere})
            << QStringLiteral("--minutes is an option of freeze, not of preview");
        QTest::newRow("profile-save --conninfo")
            << sl({"profile-save", "p", "--conninfo", nowhere}) << QStringLiteral("not of profile-save");
    }

    void optionOfAnotherCommandIsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = run(args);
        QVERIFY2(r.finished && r.exitCode == 2 && r.errLines().size() == 1, qPrintable(r.summary()));
        QVERIFY2(r.errText().contains(message), qPrintable(r.summary()));
    }

    void bashCompletionFromTheCommandTable()
    {
        const CliResult r = run({QStringLiteral("completion"), QStringLiteral("bash")});
        QVERIFY2(r.finished && r.exitCode == 0 && r.out.contains("complete -F"), qPrintable(r.summary()));
        // The build wrote the same script beside the binary (what the .deb installs).
        QFile built(QFileInfo(m_cli).dir().filePath(QStringLiteral("purga-sesiones-cli.bash")));
        QVERIFY2(built.open(QIODevice::ReadOnly), qPrintable(built.fileName()));
        QCOMPARE(built.readAll(), r.out);
        QVERIFY(!helpCommands().contains(QStringLiteral("completion")));

        const QString script = built.fileName();
        QCOMPARE(complete(script, {QStringLiteral("pu")}), QStringList{QStringLiteral("purge")});
        QCOMPARE(complete(script, {QStringLiteral("purge"), QStringLiteral("--dry")}),
                 QStringList{QStringLiteral("--dry-run")});
        QVERIFY(!complete(script, {QStringLiteral("status"), QStringLiteral("--")})
                     .contains(QStringLiteral("--yes")));
        QCOMPARE(complete(script, {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("pre")}),
                 QStringList{QStringLiteral("pre_tokens")});
        QCOMPARE(
            complete(script, {QStringLiteral("purge"), QStringLiteral("--strategy"), QStringLiteral("k")}),
            QStringList{QStringLiteral("keyset")});
        QVERIFY(run({QStringLiteral("profile-save"), QStringLiteral("zeta-one"), QStringLiteral("--host"),
                     QStringLiteral("h")})
                    .exitCode == 0);
        QVERIFY(run({QStringLiteral("profile-save"), QStringLiteral("zeta-two"), QStringLiteral("--host"),
                     QStringLiteral("h")})
                    .exitCode == 0);
        const QStringList both{QStringLiteral("zeta-one"), QStringLiteral("zeta-two")};
        QCOMPARE(
            complete(script, {QStringLiteral("status"), QStringLiteral("--profile"), QStringLiteral("zeta")}),
            both);
        QCOMPARE(complete(script, {QStringLiteral("password-store"), QStringLiteral("zeta")}), both);
    }
};

QTEST_GUILESS_MAIN(TestCliUsage)
#include "tst_cli_usage.moc"
