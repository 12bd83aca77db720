#pragma once

// The base of every test that runs the real purga-sesiones-cli ($PURGA_CLI, set by ctest) against
// the sandbox: the sandbox, the binary and a home of its own, checked once in initTestCase(), and
// the connection string and runner most of those tests use.
#include "clirunner.h"
#include "pgsandbox.h"

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringBuilder>
#include <QStringList>
#include <QTemporaryDir>

#include <initializer_list>

namespace purga::test {

// An argument written as a C string or a QString (the build forbids implicit ASCII casts).
struct Arg
{
    Arg(const char *c)
        : s(QString::fromUtf8(c))
    {
    }
    Arg(const QString &q)
        : s(q)
    {
    }
    template <typename A, typename B>
    Arg(const QStringBuilder<A, B> &b)
        : s(b)
    {
    }
    QString s;
};

// sl({"status", "--conninfo", ci}): a command line of C strings and QStrings.
QStringList sl(std::initializer_list<Arg> args);

class CliTestCase : public QObject
{
    Q_OBJECT

protected slots:
    // Fails under CI=true, skips elsewhere, without the sandbox; fails without $PURGA_CLI or a home.
    // A test with more to check defines its own initTestCase() starting with
    // `if (!requireCli()) return;`.
    void initTestCase();

protected:
    // What initTestCase() checks; false (the test failed or skipped) when something is missing.
    bool requireCli();

    // TCP to the sandbox's primary (or `port`) as `role`, no TLS, a 5 s connect timeout.
    QString conninfo(const TestDatabase &db, const QString &role = QStringLiteral("identidad_purga"),
                     int port = 0) const;
    // The CLI with `args`, cliEnvironment(home, password) and `stdinData` as standard input.
    CliResult run(const QStringList &args, const QString &password = QString(),
                  const QByteArray &stdinData = {}, int timeoutMs = 120000) const;

    SandboxInfo m_sandbox;
    QString m_cli;
    QTemporaryDir m_home;

private:
    void checkCli();
    bool m_ready = false;
};

} // namespace purga::test
