// CliTestCase: the sandbox, $PURGA_CLI and a home checked once, and the CLI run from a test.
#include "clitestcase.h"

#include <QFileInfo>
#include <QTest>

namespace purga::test {

QStringList sl(std::initializer_list<Arg> args)
{
    QStringList out;
    for (const Arg &a : args)
        out << a.s;
    return out;
}

void CliTestCase::initTestCase()
{
    requireCli();
}

bool CliTestCase::requireCli()
{
    checkCli();
    return m_ready;
}

void CliTestCase::checkCli()
{
    PURGA_REQUIRE_SANDBOX(m_sandbox);
    m_cli = qEnvironmentVariable("PURGA_CLI");
    QVERIFY2(!m_cli.isEmpty() && QFileInfo::exists(m_cli),
             qPrintable(QStringLiteral("PURGA_CLI must name the built purga-sesiones-cli (it is \"%1\"; run "
                                       "through ctest)")
                            .arg(m_cli)));
    QVERIFY(m_home.isValid());
    m_ready = true;
}

QString CliTestCase::conninfo(const TestDatabase &db, const QString &role, int port) const
{
    return QStringLiteral("host=%1 port=%2 dbname=%3 user=%4 sslmode=disable connect_timeout=5")
        .arg(m_sandbox.host)
        .arg(port ? port : m_sandbox.port)
        .arg(db.name(), role);
}

CliResult CliTestCase::run(const QStringList &args, const QString &password, const QByteArray &stdinData,
                           int timeoutMs) const
{
    return runWithStdin(m_cli, args, cliEnvironment(m_home.path(), password), stdinData, m_home.path(),
                        timeoutMs);
}

} // namespace purga::test
