#pragma once

// Running the real purga-sesiones-cli binary ($PURGA_CLI) from a test (tst_cli, tst_cli_purge).
#include "pgsandbox.h"

#include <QByteArray>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace purga::test {

// What one CLI run left behind.
struct CliResult
{
    int exitCode = -1;
    QProcess::ExitStatus exitStatus = QProcess::CrashExit;
    bool finished = false; // exited by itself, normally, within the timeout
    QByteArray out;
    QByteArray err;

    QString errText() const;
    QStringList errLines() const;
    // stdout as a JSON object; empty with a reason in `why` when it is not one.
    QJsonObject json(QString *why) const;
    // A purge receipt's rules[index].deleted (0 when not there).
    static qint64 deletedOf(const QJsonObject &receipt, int index = 0);
    // Exit code, stdout and stderr, for failure messages.
    QString summary() const;
    QString describe() const;
};

// The CLI's environment for a test: the sandbox's purga password in PGPASSWORD (no PGPASSFILE), HOME
// and XDG_CONFIG_HOME in `home`, USER `userName` (empty: neither USER nor USERNAME set).
QProcessEnvironment cliEnvironment(const SandboxInfo &sandbox, const QString &home,
                                   const QString &userName = QStringLiteral("tester"));

// Starts `p` (program, arguments and environment already set) and waits up to `timeoutMs`;
// a process that does not finish is killed and reported with finished == false.
CliResult runProcess(QProcess &p, int timeoutMs = 120000);
// The result of a process that has already finished.
CliResult finishedResult(QProcess &p);

// The environment of a CLI run that depends on nothing of the caller's: no PGPASSWORD/PGSERVICE,
// no ~/.pgpass, settings under home/config, C.UTF-8 and English messages; `password` as
// PGPASSWORD when given.
QProcessEnvironment cliEnvironment(const QString &home, const QString &password = QString());
// Runs `program args` with `stdinData` as its standard input (through a file in `dir`).
CliResult runWithStdin(const QString &program, const QStringList &args, const QProcessEnvironment &env,
                       const QByteArray &stdinData, const QString &dir, int timeoutMs = 120000);

// Polls a boolean query on the test's superuser session until true or the timeout; gives up
// early when `alive` is given and has stopped running.
bool waitFor(TestDatabase &db, const QString &sql, int timeoutMs, const QProcess *alive = nullptr);

} // namespace purga::test
