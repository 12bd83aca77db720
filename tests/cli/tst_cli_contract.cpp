// The real purga-sesiones-cli ($PURGA_CLI) keeping its contract: usage errors, each
// command's own --help, secrets never echoed, one-line errors that name the target, values
// reaching libpq unchanged, one JSON vocabulary with nulls.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestCliContract : public CliTestCase
{
    Q_OBJECT

private:
    CliResult run(std::initializer_list<Arg> args, const QString &password = QString(),
                  const QByteArray &stdinData = {})
    {
        return runList(sl(args), password, stdinData);
    }

    CliResult runList(const QStringList &args, const QString &password = QString(),
                      const QByteArray &stdinData = {})
    {
        return CliTestCase::run(args, password, stdinData);
    }

    QString target(const TestDatabase &db, const QString &role = QStringLiteral("identidad_purga")) const
    {
        return QStringLiteral("%1@%2:%3/%4").arg(role, m_sandbox.host).arg(m_sandbox.port).arg(db.name());
    }

    static QString libpqQuote(QString v)
    {
        v.replace(u'\\', QStringLiteral("\\\\"));
        v.replace(u'\'', QStringLiteral("\\'"));
        return u'\'' + v + u'\'';
    }

    static QString ident(QString v) { return u'"' + v.replace(u'"', QStringLiteral("\"\"")) + u'"'; }
    static QString literal(QString v) { return u'\'' + v.replace(u'\'', QStringLiteral("''")) + u'\''; }

private slots:
    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString nowhere = QStringLiteral("host=127.0.0.1 port=1");
        QTest::newRow("--all with --rule")
            << sl({"purge", "--all", "--rule", "pre_tokens", "--yes", "--conninfo", nowhere})
            << QStringLiteral("--all and --rule");
        QTest::newRow("extra positional")
            << sl({"status", "now", "--conninfo", nowhere}) << QStringLiteral("Unexpected argument \"now\"");
        QTest::newRow("extra positional after a name")
            << sl({"password-forget", "a", "b"}) << QStringLiteral("Unexpected argument \"b\"");
        QTest::newRow("profile-save port")
            << sl({"profile-save", "p", "--port", "54x"}) << QStringLiteral("--port takes a whole number");
        QTest::newRow("profile-save environment") << sl({"profile-save", "p", "--environment", "prod"})
                                                  << QStringLiteral("--environment takes one of");
        // Issue 21: input refused before anything connects, each with what it takes.
        const QString iso = QStringLiteral("--since takes an ISO 8601 date or time");
        QTest::newRow("history --since date with trailing text")
            << sl({"history", "--json", "--since", "2026-01-01xyz", "--conninfo", nowhere}) << iso;
        QTest::newRow("history --since instant with trailing text")
            << sl({"history", "--json", "--since", "2026-01-01T00:00:00Zxyz", "--conninfo", nowhere}) << iso;
        QTest::newRow("history --since 7dfoo")
            << sl({"history", "--json", "--since", "7dfoo", "--conninfo", nowhere}) << iso;
        QTest::newRow("history --days 7dfoo")
            << sl({"history", "--json", "--days", "7dfoo", "--conninfo", nowhere})
            << QStringLiteral("--days takes a whole number");
        QTest::newRow("history unknown --table")
            << sl({"history", "--csv", "--table", "trx_tokens", "--conninfo", nowhere})
            << QStringLiteral("--table takes one of identidad.trx_refresh_tokens");
        QTest::newRow("timeline --since after --until")
            << sl({"timeline", "--empresa", "1", "--usuario", "2", "--json", "--since",
                   "2026-02-01T00:00:00Z", "--until", "2026-01-01T00:00:00Z", "--conninfo", nowhere})
            << QStringLiteral("is later than --until");
        QTest::newRow("timeline --since with trailing text")
            << sl({"timeline", "--empresa", "1", "--usuario", "2", "--json", "--since",
                   "2026-01-01T00:00:00Zx", "--conninfo", nowhere})
            << QStringLiteral("--since and --until take ISO 8601 instants");
        QTest::newRow("freeze --minutes 0")
            << sl({"freeze", "--minutes", "0", "--conninfo", nowhere}) << QStringLiteral("(1 to 10080)");
        const QString link = m_home.filePath(QStringLiteral("throttle-dangling"));
        QFile::remove(link);
        QVERIFY(QFile::link(m_home.filePath(QStringLiteral("no-such-dir/flag")), link));
        QTest::newRow("throttle file a dangling symlink")
            << sl({"purge", "--rule", "refresh_tokens", "--throttle-file", link, "--conninfo", nowhere})
            << QStringLiteral("is a symbolic link to");
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult r = runList(args);
        QVERIFY2(r.finished && r.exitCode == 2, qPrintable(r.summary()));
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.errText().contains(message), qPrintable(r.summary()));
    }

    void eachCommandHasItsOwnHelp()
    {
        const CliResult purge = run({QStringLiteral("purge"), QStringLiteral("--help")});
        QVERIFY2(purge.finished && purge.exitCode == 0, qPrintable(purge.summary()));
        const QString p = QString::fromUtf8(purge.out);
        QVERIFY2(p.startsWith(QStringLiteral("Usage: purga-sesiones-cli purge")), qPrintable(p));
        QVERIFY(p.contains(QStringLiteral("--batch-size")) && p.contains(QStringLiteral("--conninfo")));
        QVERIFY(!p.contains(QStringLiteral("--estimates")) && !p.contains(QStringLiteral("--sslrootcert")));

        const CliResult save = run({QStringLiteral("profile-save"), QStringLiteral("--help")});
        const QString s = QString::fromUtf8(save.out);
        QVERIFY2(save.exitCode == 0 && s.contains(QStringLiteral("--sslrootcert")), qPrintable(s));
        QVERIFY2(s.contains(QStringLiteral("--environment")), qPrintable(s));
        QVERIFY(!s.contains(QStringLiteral("--batch-size")) && !s.contains(QStringLiteral("--conninfo")));
    }

    void failedProfileSaveWritesNothing()
    {
        const CliResult ok = run({"profile-save", "keep", "--host", "db1", "--port", "5433", "--dbname",
                                  "core", "--user", "identidad_purga"});
        QVERIFY2(ok.exitCode == 0, qPrintable(ok.summary()));
        const QString file = m_home.path() + QStringLiteral("/config/purga-sesiones/purga-sesiones.conf");
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        const QByteArray before = f.readAll();
        f.close();
        for (const QStringList &bad : {sl({"profile-save", "keep", "--port", "70000"}),
                                       sl({"profile-save", "keep", "--environment", "qa"}),
                                       sl({"profile-save", "keep", "--host", "db2", "--port", "x"}),
                                       sl({"profile-save", "new one ", "--host", "db3"})}) {
            const CliResult r = runList(bad);
            QVERIFY2(r.exitCode == 2 && r.errLines().size() == 1, qPrintable(r.summary()));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), before);
            f.close();
        }
    }

    // --environment is saved for the GUI's colours; left out, an edit keeps it and a new profile
    // named like production gets production.
    void profileSaveEnvironment()
    {
        const QString file = m_home.path() + QStringLiteral("/config/purga-sesiones/purga-sesiones.conf");
        auto saved = [&file](const char *profile) {
            QSettings settings(file, QSettings::IniFormat);
            return settings.value(QStringLiteral("profiles/%1/environment").arg(QLatin1String(profile)))
                .toString();
        };
        QVERIFY(run({"profile-save", "env-a", "--host", "h", "--environment", "Staging"}).exitCode == 0);
        QCOMPARE(saved("env-a"), QStringLiteral("staging"));
        QVERIFY(run({"profile-save", "env-a", "--port", "5433"}).exitCode == 0);
        QCOMPARE(saved("env-a"), QStringLiteral("staging"));
        QVERIFY(run({"profile-save", "core-prod", "--host", "h"}).exitCode == 0);
        QCOMPARE(saved("core-prod"), QStringLiteral("production"));
        QVERIFY(run({"profile-save", "core-dev", "--host", "h"}).exitCode == 0);
        QCOMPARE(saved("core-dev"), QStringLiteral("none"));
    }

    void passwordStoreNeedsTheProfileAndForgetSaysWhatItDid()
    {
        PURGA_REQUIRE_KEYRING();
        const CliResult ghost = run({"password-store", "ghost-profile"}, QString(), "Hunter2\n");
        QVERIFY2(ghost.exitCode == 2 && ghost.errLines().size() == 1, qPrintable(ghost.summary()));
        QVERIFY2(ghost.errText().contains(QStringLiteral("No profile named \"ghost-profile\"")),
                 qPrintable(ghost.summary()));
        // Every command says it the same way, and with no profile saved says so (not "saved profiles: ").
        QTemporaryDir noProfiles;
        const QList<QStringList> commands{
            {QStringLiteral("status"), QStringLiteral("--profile"), QStringLiteral("ghost-profile")},
            {QStringLiteral("rule-set"), QStringLiteral("--profile"), QStringLiteral("ghost-profile"),
             QStringLiteral("--rule"), QStringLiteral("refresh_tokens"), QStringLiteral("--retention-days"),
             QStringLiteral("40")}};
        for (const QStringList &args : commands) {
            const CliResult r =
                runWithStdin(m_cli, args, cliEnvironment(noProfiles.path()), {}, noProfiles.path());
            QVERIFY2(r.exitCode == 2 && r.errText().contains(QStringLiteral("No profile named \"ghost-profile\"")),
                     qPrintable(r.summary()));
            QVERIFY2(r.errText().contains(QStringLiteral("none saved; see profile-save")), qPrintable(r.summary()));
        }

        QVERIFY(run({"profile-save", "forgetme", "--host", "h", "--user", "u"}).exitCode == 0);
        const CliResult nothing = run({"password-forget", "forgetme"});
        QVERIFY2(nothing.exitCode == 0 && nothing.errText().contains(QStringLiteral("nothing to remove")),
                 qPrintable(nothing.summary()));
        const CliResult stored = run({"password-store", "forgetme"}, QString(), "Hunter2\n");
        QVERIFY2(stored.exitCode == 0, qPrintable(stored.summary()));
        const CliResult removed = run({"password-forget", "forgetme"});
        QVERIFY2(removed.exitCode == 0 &&
                     removed.errText().contains(QStringLiteral("removed from the OS keychain")),
                 qPrintable(removed.summary()));
        const CliResult again = run({"password-forget", "forgetme"});
        QVERIFY2(again.errText().contains(QStringLiteral("nothing to remove")), qPrintable(again.summary()));
    }

    void secretsAreNeverEchoed_data()
    {
        QTest::addColumn<QString>("conninfo");
        QTest::addColumn<QStringList>("secrets");
        QTest::newRow("malformed URI")
            << QStringLiteral("postgresql://u:TopSecret77@[::1:P/core") << sl({"TopSecret77"});
        QTest::newRow("unquoted password with a space")
            << QStringLiteral("host=127.0.0.1 port=1 password=Hunter2 Secret99")
            << sl({"Hunter2", "Secret99"});
        QTest::newRow("valid, wrong port")
            << QStringLiteral("host=127.0.0.1 port=1 user=u password=Qwerty12") << sl({"Qwerty12"});
    }

    void secretsAreNeverEchoed()
    {
        QFETCH(QString, conninfo);
        QFETCH(QStringList, secrets);
        for (const bool verbose : {false, true}) {
            QStringList args{QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--conninfo"),
                             conninfo};
            if (verbose)
                args << QStringLiteral("--verbose");
            const CliResult r = runList(args);
            QVERIFY2(r.finished && r.exitCode == 3, qPrintable(r.summary()));
            for (const QString &s : secrets) {
                QVERIFY2(!r.errText().contains(s), qPrintable(r.summary()));
                QVERIFY2(!QString::fromUtf8(r.out).contains(s), qPrintable(r.summary()));
            }
            // The password in --conninfo is worth a warning; the error itself is one line.
            QVERIFY2(r.errText().contains(QStringLiteral("PGPASSWORD")), qPrintable(r.summary()));
            if (!verbose)
                QCOMPARE(r.errLines().size(), 2);
            // A string libpq cannot parse: its reason is quoted on the one line (secrets masked).
            if (QLatin1String(QTest::currentDataTag()) != QLatin1String("valid, wrong port"))
                QVERIFY2(r.errText().contains(QStringLiteral("The connection string is not valid: “")),
                         qPrintable(r.summary()));
        }
    }

    void connectErrorsNameTheTargetAndTellTheCause()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_contract"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const CliResult wrong =
            run({"status", "--conninfo", conninfo(db)}, QStringLiteral("not-the-password"));
        QVERIFY2(wrong.exitCode == 3 && wrong.errLines().size() == 1, qPrintable(wrong.summary()));
        QVERIFY2(wrong.errText().contains(QStringLiteral("Wrong password or unknown role for ") + target(db)),
                 qPrintable(wrong.summary()));
        QVERIFY2(!wrong.errText().contains(QStringLiteral("conninfo")), qPrintable(wrong.summary()));
        // --verbose adds what the server said to the one attempt that sent the password (the
        // diagnosis never logs in again, so a refused login has the server's words, naming the
        // role, and no SQLSTATE).
        const CliResult detail =
            run({"status", "--verbose", "--conninfo", conninfo(db)}, QStringLiteral("not-the-password"));
        QVERIFY2(detail.errLines().size() >= 2 &&
                     detail.errLines().at(1).contains(QStringLiteral("\"identidad_purga\"")),
                 qPrintable(detail.summary()));

        const QString missing =
            QStringLiteral("host=%1 port=%2 dbname=no_such_db_12 user=identidad_purga sslmode=disable")
                .arg(m_sandbox.host)
                .arg(m_sandbox.port);
        const CliResult nodb = run({"status", "--conninfo", missing}, m_sandbox.purgaPassword);
        QVERIFY2(nodb.exitCode == 3 && nodb.errLines().size() == 1, qPrintable(nodb.summary()));
        QVERIFY2(nodb.errText().contains(QStringLiteral("database does not exist")) &&
                     nodb.errText().contains(QStringLiteral("/no_such_db_12")),
                 qPrintable(nodb.summary()));

        const CliResult badSsl =
            run({"status", "--conninfo", conninfo(db) + QStringLiteral(" sslmode=bogus")},
                m_sandbox.purgaPassword);
        QVERIFY2(badSsl.exitCode == 3 && badSsl.errLines().size() == 1, qPrintable(badSsl.summary()));
        QVERIFY2(!badSsl.errText().contains(QStringLiteral("TLS")), qPrintable(badSsl.summary()));
        // The one line quotes libpq's reason: without --verbose there is no detail to "see".
        QVERIFY2(badSsl.errText().contains(QStringLiteral("invalid sslmode value")) &&
                     !badSsl.errText().contains(QStringLiteral("see the detail")),
                 qPrintable(badSsl.summary()));
        const CliResult noService = run({"status", "--service", "no_such_service_12"});
        QVERIFY2(noService.exitCode == 3 && noService.errLines().size() == 1,
                 qPrintable(noService.summary()));
        QVERIFY2(noService.errText().contains(QStringLiteral("\"no_such_service_12\" not found")) &&
                     !noService.errText().contains(QStringLiteral("TLS")),
                 qPrintable(noService.summary()));

        const CliResult closed =
            run({"status", "--conninfo", QStringLiteral("host=127.0.0.1 port=1 user=u dbname=d")});
        QVERIFY2(closed.exitCode == 3 &&
                     closed.errText().contains(QStringLiteral("Cannot reach the server at u@127.0.0.1:1/d")),
                 qPrintable(closed.summary()));
    }

    // Quotes, backslashes, ';', spaces and non-ASCII in role, password and database reach libpq
    // unchanged, through --conninfo and through a profile whose password is in the keychain.
    void oddCharactersReachLibpqUnchanged()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_odd"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString role = QStringLiteral("r;o'l\\e ñ");
        const QString password = QStringLiteral("pa;ss 'w\\ord\" ü;");
        const QString dbName = QStringLiteral("db;x 'y\\z ü");
        QString err;
        db.exec(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(ident(dbName)), &err);
        db.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(ident(role)), &err);
        QVERIFY2(
            db.exec(QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD %2").arg(ident(role), literal(password)),
                    &err),
            qPrintable(err));
        QVERIFY2(db.exec(QStringLiteral("CREATE DATABASE %1 TEMPLATE identidad_template").arg(ident(dbName)),
                         &err),
                 qPrintable(err));
        const QString ci = QStringLiteral("host=%1 port=%2 sslmode=disable dbname=%3 user=%4")
                               .arg(m_sandbox.host)
                               .arg(m_sandbox.port)
                               .arg(libpqQuote(dbName), libpqQuote(role));
        auto check = [&](const CliResult &r, const char *how) {
            QVERIFY2(r.finished && (r.exitCode == 0 || r.exitCode == 4),
                     qPrintable(QString::fromUtf8(how) + u' ' + r.summary()));
            QString why;
            const QJsonObject pf = r.json(&why).value(QStringLiteral("preflight")).toObject();
            QCOMPARE(pf.value(QStringLiteral("database")).toString(), dbName);
            QCOMPARE(pf.value(QStringLiteral("role")).toString(), role);
        };
        check(run({"status", "--json", "--estimates", "--conninfo", ci}, password), "PGPASSWORD");
        check(run({"status", "--json", "--estimates", "--conninfo",
                   ci + QStringLiteral(" password=") + libpqQuote(password)}),
              "password= in conninfo");
        if (useKeyringSandbox(&err)) {
            QVERIFY(run({"profile-save", "odd", "--host", m_sandbox.host, "--port",
                         QString::number(m_sandbox.port), "--dbname", dbName, "--user", role, "--sslmode",
                         "disable"})
                        .exitCode == 0);
            QVERIFY(run({"password-store", "odd"}, QString(), password.toUtf8() + '\n').exitCode == 0);
            check(run({"status", "--json", "--estimates", "--profile", "odd"}), "profile");
            run({"password-forget", "odd"});
        } else if (runningInCi()) {
            QFAIL(qPrintable(QStringLiteral("CI=true and no keyring sandbox: ") + err));
        }
        db.exec(QStringLiteral("DROP DATABASE %1 WITH (FORCE)").arg(ident(dbName)), &err);
        db.exec(QStringLiteral("DROP ROLE %1").arg(ident(role)), &err);
    }

    void refusalsAreOneLine()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_refuse"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        // The API role lacks BYPASSRLS: purge --yes is refused, in one line, also with --json.
        for (const bool json : {false, true}) {
            QStringList args =
                sl({"purge", "--all", "--yes", "--conninfo", conninfo(db, QStringLiteral("identidad_api"))});
            if (json)
                args << QStringLiteral("--json");
            const CliResult r = runList(args, m_sandbox.apiPassword);
            QVERIFY2(r.exitCode == 4 && r.errLines().size() == 1, qPrintable(r.summary()));
        }
        // A database without the schema: said once.
        QVERIFY(db.exec(QStringLiteral("DROP SCHEMA identidad CASCADE")));
        const CliResult r = run({"status", "--conninfo", conninfo(db)}, m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 4, qPrintable(r.summary()));
        const QStringList lines = r.errLines();
        QCOMPARE(lines.size(), 1);
        QVERIFY2(!r.errText().contains(QStringLiteral("QSqlQuery")), qPrintable(r.summary()));
    }

    void jsonVocabularyAndNulls()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_json"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const CliResult r = run({"status", "--json", "--conninfo", conninfo(db)}, m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        QString why;
        const QJsonArray tables = r.json(&why)
                                      .value(QStringLiteral("overview"))
                                      .toObject()
                                      .value(QStringLiteral("tables"))
                                      .toArray();
        QCOMPARE(tables.size(), 3);
        const QJsonObject pf = r.json(&why).value(QStringLiteral("preflight")).toObject();
        QVERIFY(pf.contains(QStringLiteral("last_job_ok_utc")) &&
                pf.value(QStringLiteral("last_job_ok_utc")).isNull());
        QVERIFY(pf.value(QStringLiteral("hours_since_job_ok")).isNull());
        for (const QJsonValue &v : tables) {
            const QJsonObject t = v.toObject();
            QVERIFY2(t.contains(QStringLiteral("eligible")) &&
                         t.contains(QStringLiteral("retained_by_window")),
                     qPrintable(QString::fromUtf8(r.out)));
            QCOMPARE(t.value(QStringLiteral("removable")), t.value(QStringLiteral("eligible")));
            QCOMPARE(t.value(QStringLiteral("kept_by_window")),
                     t.value(QStringLiteral("retained_by_window")));
            QVERIFY2(t.value(QStringLiteral("last_vacuum")).isNull(), qPrintable(QString::fromUtf8(r.out)));
        }
        const CliResult p = run({"preview", "--json", "--rule", "pre_tokens", "--conninfo", conninfo(db)},
                                m_sandbox.purgaPassword);
        QVERIFY2(p.exitCode == 0, qPrintable(p.summary()));
        const QJsonObject rule = p.json(&why).value(QStringLiteral("rules")).toArray().at(0).toObject();
        QCOMPARE(rule.value(QStringLiteral("eligible")).toInt(), 0);
        QVERIFY(rule.contains(QStringLiteral("key_min")) && rule.value(QStringLiteral("key_min")).isNull());
        QVERIFY(rule.value(QStringLiteral("oldest")).isNull());
    }

    // Rows per second over wall time: with a 300 ms pause between batches no line can claim more
    // than the rows removed over the pauses already taken (batch time alone gave millions).
    void progressRateUsesWallTime()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_rate"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(3000)));
        const CliResult r = run({"purge", "--rule", "refresh_tokens", "--yes", "--batch-size", "300",
                                 "--pause-ms", "300", "--conninfo", conninfo(db)},
                                m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        static const QRegularExpression line(
            QStringLiteral("^refresh_tokens: ([0-9,]+)/[0-9,]+ rows, ([0-9,]+) batches, ([0-9,]+) rows/s"));
        int checked = 0;
        for (const QString &l : r.errLines()) {
            const QRegularExpressionMatch m = line.match(l);
            if (!m.hasMatch())
                continue;
            auto num = [&](int i) { return m.captured(i).remove(u',').toLongLong(); };
            const qint64 rows = num(1), batches = num(2), rate = num(3);
            if (batches < 2)
                continue;
            QVERIFY2(rate * 0.3 * double(batches - 1) <= double(rows) + 1, qPrintable(l));
            ++checked;
        }
        QVERIFY2(checked > 0, qPrintable(r.summary()));
    }

    void previewTimeZoneIsTheDatabasesNotTheSessions()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_tz"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral("ALTER DATABASE %1 SET timezone = 'America/Lima'").arg(db.name())));
        const QString ci = conninfo(db) + QStringLiteral(" options='-c TimeZone=Asia/Tokyo'");
        const CliResult r =
            run({"preview", "--json", "--rule", "pre_tokens", "--conninfo", ci}, m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        QString why;
        QCOMPARE(r.json(&why).value(QStringLiteral("server_timezone")).toString(),
                 QStringLiteral("America/Lima"));
    }

    // Qt's own warnings (a connection removed while in use, a query on a closed database) never
    // reach stderr, on any command's success or failure path.
    void qtWarningsNeverReachStderr()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_qtwarn"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString ci = conninfo(db);
        const QString pw = m_sandbox.purgaPassword;
        const QList<QPair<QStringList, QString>> runs = {
            {sl({"--help"}), pw},
            {sl({"purge", "--help"}), pw},
            {sl({"no-such-command"}), pw},
            {sl({"status", "--conninfo", ci}), QStringLiteral("not-the-password")},
            {sl({"status", "--conninfo", QStringLiteral("host=127.0.0.1 port=1 user=u dbname=d")}), pw},
            {sl({"status", "--json", "--conninfo", ci}), pw},
            {sl({"setup-history", "--conninfo", ci}), pw},
            {sl({"preview", "--all", "--json", "--conninfo", ci}), pw},
            {sl({"purge", "--all", "--conninfo", ci}), pw},
            {sl({"purge", "--rule", "pre_tokens", "--yes", "--conninfo", ci}), pw},
            {sl({"purge", "--all", "--yes", "--conninfo", conninfo(db, QStringLiteral("identidad_api"))}),
             m_sandbox.apiPassword},
            {sl({"history", "--days", "1", "--json", "--conninfo", ci}), pw},
            {sl({"health", "--conninfo", ci}), pw},
            {sl({"lookup", "--token-hash", "00ff", "--conninfo", ci}), pw},
            {sl({"timeline", "--empresa", "1", "--usuario", "1", "--conninfo", ci}), pw},
        };
        for (const auto &[args, password] : runs) {
            const CliResult r = runList(args, password);
            QVERIFY2(r.finished, qPrintable(r.summary()));
            QVERIFY2(!r.errText().contains(QStringLiteral("removeDatabase")) &&
                         !r.errText().contains(QStringLiteral("QSql")),
                     qPrintable(args.join(u' ') + QStringLiteral(": ") + r.summary()));
        }
    }

    // A partition whose name looks like a format template is logged by its own name.
    void partitionNamesAreNotFormatTemplates()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_pct"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(
            db.exec(QStringLiteral("SET ROLE identidad_owner; CREATE TABLE identidad.\"%1 %2\" PARTITION OF "
                                   "identidad.log_sesiones FOR VALUES FROM ('2001-01-01') TO ('2001-02-01'); "
                                   "RESET ROLE")));
        const CliResult r =
            run({"purge", "--rule", "log_sesiones", "--yes", "--verbose", "--conninfo", conninfo(db)},
                m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        QVERIFY2(r.errText().contains(QStringLiteral("identidad.\"%1 %2\" detached and dropped")),
                 qPrintable(r.summary()));
        QVERIFY2(!r.errText().contains(QStringLiteral("\"1 %2\"")), qPrintable(r.summary()));
    }

    // status (preflight) reports the same zone as preview: the database's, whatever the
    // session asked for in its startup options.
    void statusTimeZoneIsTheDatabasesNotTheSessions()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_tz_status"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral("ALTER DATABASE %1 SET timezone = 'America/Lima'").arg(db.name())));
        const QString ci = conninfo(db) + QStringLiteral(" options='-c TimeZone=Asia/Tokyo'");
        const CliResult r = run({"status", "--json", "--conninfo", ci}, m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
        QString why;
        const QJsonObject preflight = r.json(&why).value(QStringLiteral("preflight")).toObject();
        QVERIFY2(!preflight.isEmpty(), qPrintable(why + r.summary()));
        QCOMPARE(preflight.value(QStringLiteral("server_timezone")).toString(),
                 QStringLiteral("America/Lima"));
    }
};

QTEST_GUILESS_MAIN(TestCliContract)
#include "tst_cli_contract.moc"
