// The CLI keeps its memory, and the password in it, out of core dumps: prctl(PR_SET_DUMPABLE, 0)
// at the start of main() (a core dump must not hold the password).
// Shown the way a user would see it: with core dumps allowed, a process killed by SIGABRT leaves a
// core, and the running CLI killed the same way leaves none.
#include "support/clirunner.h"
#include "support/pgsandbox.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

using namespace purga::test;

namespace {

// Starts args[0] in dir with core dumps allowed (RLIMIT_CORE unlimited) and stdin an open pipe,
// whose write end goes to *stdinWrite.
pid_t spawnDumpable(const QByteArray &dir, const QList<QByteArray> &args, int *stdinWrite)
{
    std::vector<char *> argv; // built before fork: the child only calls async-signal-safe functions
    for (const QByteArray &a : args)
        argv.push_back(const_cast<char *>(a.constData()));
    argv.push_back(nullptr);
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[0], 0);
        close(fds[0]);
        close(fds[1]);
        const rlimit unlimited{RLIM_INFINITY, RLIM_INFINITY};
        setrlimit(RLIMIT_CORE, &unlimited);
        if (chdir(dir.constData()) != 0)
            _exit(127);
        execv(argv[0], argv.data());
        _exit(127);
    }
    close(fds[0]);
    *stdinWrite = fds[1];
    return pid;
}

// Threads of a process, from /proc (readable for any process, dumpable or not).
int threadsOf(pid_t pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("Threads:"))
            return line.mid(8).trimmed().toInt();
    return -1;
}

// True once the child runs `program` (exec done): a signal before that hits the forked copy of this
// test, which writes no core, and the control would wrongly say this machine dumps nothing.
// Reads argv[0] from /proc/PID/cmdline (mode 0444): /proc/PID/exe of a process that made itself
// non-dumpable, as the CLI does, can be read only by root.
bool runs(pid_t pid, const QString &program)
{
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
    if (!cmdline.open(QIODevice::ReadOnly))
        return false;
    const QByteArray argv0 = cmdline.readAll().split('\0').value(0);
    return QFileInfo(QFile::decodeName(argv0)).canonicalFilePath() == QFileInfo(program).canonicalFilePath();
}

struct Ended
{
    bool signalled = false;
    bool coreDumped = false;
};

Ended abortAndWait(pid_t pid, int stdinWrite)
{
    ::kill(pid, SIGABRT);
    int status = 0;
    waitpid(pid, &status, 0);
    close(stdinWrite);
    return {WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, WIFSIGNALED(status) && WCOREDUMP(status)};
}

} // namespace

class TestCliHardening : public QObject
{
    Q_OBJECT
private slots:
    void runningCliLeavesNoCoreDump()
    {
        const QString cli = qEnvironmentVariable("PURGA_CLI");
        QVERIFY2(!cli.isEmpty() && QFile::exists(cli), "PURGA_CLI must name the built purga-sesiones-cli");
        QTemporaryDir home;
        QVERIFY(home.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.filePath(QStringLiteral("config"))));

        // The control: this machine writes a core for an ordinary process killed by SIGABRT.
        const QByteArray controlDir = QFile::encodeName(home.filePath(QStringLiteral("control")));
        QVERIFY(QDir().mkpath(QString::fromLocal8Bit(controlDir)));
        int controlIn = -1;
        const pid_t control = spawnDumpable(controlDir, {"/bin/sleep", "60"}, &controlIn);
        QVERIFY(control > 0);
        QTRY_VERIFY_WITH_TIMEOUT(runs(control, QStringLiteral("/bin/sleep")), 10000);
        const Ended c = abortAndWait(control, controlIn);
        QVERIFY(c.signalled);
        if (!c.coreDumped &&
            purga::test::runningInCi()) // the CI machine writes cores: there, this is a failure
            QFAIL("CI=true and the control process wrote no core dump: nothing to compare.");
        if (!c.coreDumped)
            QSKIP("This machine writes no core dumps (kernel.core_pattern, limits): nothing to compare.");

        // The CLI waiting for a password on stdin (its profile exists), past the start of main():
        // its signal-watching thread runs.
        QProcess save;
        save.setProgram(cli);
        save.setArguments({QStringLiteral("profile-save"), QStringLiteral("dump"), QStringLiteral("--host"),
                           QStringLiteral("h")});
        const CliResult saved = runProcess(save, 60000);
        QVERIFY2(saved.finished && saved.exitCode == 0, qPrintable(saved.summary()));
        const QByteArray cliDir = QFile::encodeName(home.filePath(QStringLiteral("cli")));
        QVERIFY(QDir().mkpath(QString::fromLocal8Bit(cliDir)));
        int cliIn = -1;
        const pid_t pid = spawnDumpable(cliDir, {QFile::encodeName(cli), "password-store", "dump"}, &cliIn);
        QVERIFY(pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(runs(pid, cli) && threadsOf(pid) >= 2, 10000);
        const QByteArray half = "Hunter2-not-all"; // half a password in its buffer, no newline yet
        QCOMPARE(::write(cliIn, half.constData(), size_t(half.size())), ssize_t(half.size()));
        const Ended e = abortAndWait(pid, cliIn);
        QVERIFY(e.signalled);
        QVERIFY(!e.coreDumped);
        QVERIFY(QDir(QString::fromLocal8Bit(cliDir)).entryList(QDir::Files).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliHardening)
#include "tst_cli_hardening.moc"
