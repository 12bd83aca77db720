// The real purga-sesiones-cli connecting by psql's habits against the sandbox: libpq's PG*
// environment alone, -h/-p/-d/-U (and -d as a connection string), -V and -?, one connection way
// at a time, a --profile whose keychain has no password taking PGPASSWORD or ~/.pgpass (and
// saying which), and password-store asking on a terminal without echo.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"

#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestCliPsql : public CliTestCase
{
    Q_OBJECT

private:
    // The CLI with cliEnvironment(home) plus `extra` (PG* variables).
    CliResult runEnv(const QStringList &args, const QMap<QString, QString> &extra) const
    {
        QProcessEnvironment env = cliEnvironment(m_home.path());
        for (auto it = extra.cbegin(); it != extra.cend(); ++it)
            env.insert(it.key(), it.value());
        return runWithStdin(m_cli, args, env, {}, m_home.path());
    }

    // status --json's preflight: the database and role the CLI reached.
    static void checkReached(const CliResult &r, const TestDatabase &db, const char *how)
    {
        QVERIFY2(r.finished && (r.exitCode == 0 || r.exitCode == 4),
                 qPrintable(QString::fromUtf8(how) + u' ' + r.summary()));
        QString why;
        const QJsonObject pf = r.json(&why).value(QStringLiteral("preflight")).toObject();
        QVERIFY2(!pf.isEmpty(), qPrintable(why));
        QCOMPARE(pf.value(QStringLiteral("database")).toString(), db.name());
        QCOMPARE(pf.value(QStringLiteral("role")).toString(), QStringLiteral("identidad_purga"));
    }

    QMap<QString, QString> pgEnvironment(const TestDatabase &db) const
    {
        return {{QStringLiteral("PGHOST"), m_sandbox.host},
                {QStringLiteral("PGPORT"), QString::number(m_sandbox.port)},
                {QStringLiteral("PGDATABASE"), db.name()},
                {QStringLiteral("PGUSER"), QStringLiteral("identidad_purga")},
                {QStringLiteral("PGPASSWORD"), m_sandbox.purgaPassword},
                {QStringLiteral("PGSSLMODE"), QStringLiteral("disable")},
                {QStringLiteral("PGCONNECT_TIMEOUT"), QStringLiteral("5")}};
    }

private slots:
    void versionAndHelpAsInPsql()
    {
        for (const char *flag : {"-V", "--version"}) {
            const CliResult r = run({QString::fromLatin1(flag)});
            QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.summary()));
            QVERIFY2(r.out.startsWith("purga-sesiones "), qPrintable(r.summary()));
        }
        for (const char *flag : {"-?", "--help"}) {
            const CliResult r = run({QString::fromLatin1(flag)});
            QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.summary()));
            // -h is the host, as in psql.
            QVERIFY2(r.out.contains("-h, --host") && r.out.contains("-U, --user"), qPrintable(r.summary()));
        }
    }

    void statusFromPgVariablesAlone()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_psql_env"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        checkReached(
            runEnv({QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--estimates")},
                   pgEnvironment(db)),
            db, "PG* alone");
    }

    void statusWithPsqlShortFlags()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_psql_flags"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        // The flags win over the environment, as in psql.
        QMap<QString, QString> env = pgEnvironment(db);
        env.insert(QStringLiteral("PGDATABASE"), QStringLiteral("no_such_database_psql"));
        env.insert(QStringLiteral("PGUSER"), QStringLiteral("no_such_role_psql"));
        env.insert(QStringLiteral("PGPORT"), QStringLiteral("1"));
        const QStringList flags{
            QStringLiteral("-h"), m_sandbox.host, QStringLiteral("-p"), QString::number(m_sandbox.port),
            QStringLiteral("-d"), db.name(),      QStringLiteral("-U"), QStringLiteral("identidad_purga")};
        checkReached(runEnv(QStringList{QStringLiteral("status"), QStringLiteral("--json"),
                                        QStringLiteral("--estimates")} +
                                flags,
                            env),
                     db, "-h -p -d -U");
        const QStringList longFlags{QStringLiteral("--host"),   m_sandbox.host,
                                    QStringLiteral("--port"),   QString::number(m_sandbox.port),
                                    QStringLiteral("--dbname"), db.name(),
                                    QStringLiteral("--user"),   QStringLiteral("identidad_purga")};
        checkReached(runEnv(QStringList{QStringLiteral("status"), QStringLiteral("--json"),
                                        QStringLiteral("--estimates")} +
                                longFlags,
                            env),
                     db, "--host --port --dbname --user");
        // -d also takes a connection string, as psql's; -U still wins over its user.
        const QString ci =
            QStringLiteral("dbname=%1 user=no_such_role_psql port=%2").arg(db.name()).arg(m_sandbox.port);
        checkReached(
            runEnv({QStringLiteral("status"), QStringLiteral("--json"), QStringLiteral("--estimates"),
                    QStringLiteral("-d"), ci, QStringLiteral("-U"), QStringLiteral("identidad_purga")},
                   env),
            db, "-d conninfo");
    }

    void oneConnectionWayAtATime_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("named");
        QTest::newRow("profile and -h")
            << sl({"status", "--profile", "p", "-h", "db1"}) << sl({"--profile", "-h/--host"});
        QTest::newRow("conninfo and -d")
            << sl({"preview", "--conninfo", "host=x", "-d", "core"}) << sl({"--conninfo", "-d/--dbname"});
        QTest::newRow("service and profile")
            << sl({"health", "--service", "s", "--profile", "p"}) << sl({"--profile", "--service"});
    }

    void oneConnectionWayAtATime()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, named);
        const CliResult r = CliTestCase::run(args);
        QVERIFY2(r.finished && r.exitCode == 2 && r.errLines().size() == 1, qPrintable(r.summary()));
        for (const QString &n : named)
            QVERIFY2(r.errText().contains(n), qPrintable(r.summary()));
    }

    // A profile whose keychain has no password: PGPASSWORD, then the password file, said on
    // stderr (never the password itself).
    void profileWithoutKeychainPasswordUsesLibpqs()
    {
        PURGA_REQUIRE_KEYRING();
        TestDatabase db(m_sandbox, QStringLiteral("cli_psql_profile"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QStringList save{QStringLiteral("profile-save"), QStringLiteral("nokeychain"),
                               QStringLiteral("--host"),       m_sandbox.host,
                               QStringLiteral("--port"),       QString::number(m_sandbox.port),
                               QStringLiteral("--dbname"),     db.name(),
                               QStringLiteral("--user"),       QStringLiteral("identidad_purga"),
                               QStringLiteral("--sslmode"),    QStringLiteral("disable")};
        QVERIFY(CliTestCase::run(save).exitCode == 0);
        CliTestCase::run({QStringLiteral("password-forget"), QStringLiteral("nokeychain")});
        const QStringList status{QStringLiteral("status"), QStringLiteral("--json"),
                                 QStringLiteral("--estimates"), QStringLiteral("--profile"),
                                 QStringLiteral("nokeychain")};
        const CliResult env = CliTestCase::run(status, m_sandbox.purgaPassword);
        checkReached(env, db, "PGPASSWORD");
        QVERIFY2(env.errText().contains(QStringLiteral("password from PGPASSWORD")),
                 qPrintable(env.summary()));
        QVERIFY2(!env.errText().contains(m_sandbox.purgaPassword), qPrintable(env.summary()));

        const QString pgpass = m_home.filePath(QStringLiteral("pgpass"));
        QFile f(pgpass);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("*:*:*:identidad_purga:%1\n").arg(m_sandbox.purgaPassword).toUtf8());
        f.close();
        QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        const CliResult file = runEnv(status, {{QStringLiteral("PGPASSFILE"), pgpass}});
        checkReached(file, db, "PGPASSFILE");
        QVERIFY2(file.errText().contains(QStringLiteral("password from ") + pgpass),
                 qPrintable(file.summary()));
    }

    // On a terminal the password is asked for with echo off: what is typed never shows.
    void passwordStorePromptsWithoutEcho()
    {
        PURGA_REQUIRE_KEYRING();
        QVERIFY(CliTestCase::run({QStringLiteral("profile-save"), QStringLiteral("prompted"),
                                  QStringLiteral("--host"), QStringLiteral("h")})
                    .exitCode == 0);
        // python3's pty: the CLI's stdin, stdout and stderr are one terminal; the password is typed
        // once the prompt shows, and everything the terminal shows is printed.
        const QString script = QStringLiteral(R"PY(
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "password-store", "prompted"])
seen, typed, status, deadline = b"", False, None, time.time() + 30
# Until the CLI has exited (a helper it started may keep the terminal open: no EOF to wait for).
while status is None and time.time() < deadline:
    if select.select([fd], [], [], 0.2)[0]:
        try:
            seen += os.read(fd, 1024)
        except OSError:
            pass
    if not typed and b"Password for profile" in seen:
        os.write(fd, b"Typed-Secret-42\n")
        typed = True
    done, code = os.waitpid(pid, os.WNOHANG)
    if done:
        status = code
while select.select([fd], [], [], 0.2)[0]:
    try:
        chunk = os.read(fd, 1024)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
sys.stdout.write(seen.decode("utf-8", "replace"))
sys.exit(os.WEXITSTATUS(status) if status is not None else 9)
)PY");
        QProcess p;
        p.setProcessEnvironment(cliEnvironment(m_home.path()));
        p.setProgram(QStringLiteral("python3"));
        p.setArguments({QStringLiteral("-c"), script, m_cli});
        const CliResult r = runProcess(p, 60000);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.summary()));
        QVERIFY2(r.out.contains("Password for profile \"prompted\"") &&
                     r.out.contains("stored in the OS keychain"),
                 qPrintable(r.summary()));
        QVERIFY2(!r.out.contains("Typed-Secret-42"), qPrintable(r.summary()));
        const CliResult removed =
            CliTestCase::run({QStringLiteral("password-forget"), QStringLiteral("prompted")});
        QVERIFY2(removed.errText().contains(QStringLiteral("removed from the OS keychain")),
                 qPrintable(removed.summary()));
    }
};

QTEST_GUILESS_MAIN(TestCliPsql)
#include "tst_cli_psql.moc"
