// The real purga-sesiones-cli ($PURGA_CLI) purging while its server backend is stopped (SIGSTOP:
// the server neither answers the cancel nor closes the connection): a signal still ends the run
// with exit 6 (cancel, then a client-side deadline shuts the socket down), and once the backend
// resumes and ends, the next `status` closes the run row left en_curso.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTest>

#include <csignal>
#include <sys/types.h>

using namespace purga;
using namespace purga::test;

namespace {

// A stopped backend is resumed whatever the test's outcome: a stopped backend would hold the
// purge lock and its database forever.
class StoppedBackend
{
public:
    explicit StoppedBackend(pid_t pid)
        : m_pid(pid)
    {
        m_ok = ::kill(m_pid, SIGSTOP) == 0;
    }
    ~StoppedBackend() { resume(); }
    StoppedBackend(const StoppedBackend &) = delete;
    StoppedBackend &operator=(const StoppedBackend &) = delete;
    bool ok() const { return m_ok; }
    void resume()
    {
        if (m_ok)
            ::kill(m_pid, SIGCONT);
        m_ok = false;
    }

private:
    pid_t m_pid;
    bool m_ok = false;
};

} // namespace

class TestCliHungServer : public CliTestCase
{
    Q_OBJECT

private:
    void startPurge(QProcess &p, const TestDatabase &db, const QStringList &extra = {})
    {
        p.setProcessEnvironment(
            cliEnvironment(m_home.path(), db.passwordFor(QStringLiteral("identidad_purga"))));
        p.setProgram(m_cli);
        // Small batches with a pause: the run lasts long enough to be caught in the middle.
        p.setArguments(QStringList{QStringLiteral("purge"), QStringLiteral("--rule"), kRefresh,
                                   QStringLiteral("--yes"), QStringLiteral("--json"),
                                   QStringLiteral("--batch-size"), QStringLiteral("100"),
                                   QStringLiteral("--pause-ms"), QStringLiteral("100"),
                                   QStringLiteral("--conninfo"), conninfo(db)} +
                       extra);
        p.start();
    }

    // The backend pid of the run en_curso once it has removed some rows; 0 when never seen.
    pid_t runningBackend(TestDatabase &db, const QProcess &p, qint64 before)
    {
        const bool seen = waitFor(
            db,
            QStringLiteral("SELECT EXISTS (SELECT 1 FROM identidad.purga_corridas WHERE estado = 'en_curso')"
                           " AND (SELECT count(*) FROM identidad.trx_refresh_tokens) < %1")
                .arg(before - 300),
            30000, &p);
        if (!seen)
            return 0;
        return pid_t(db.scalar(QStringLiteral("SELECT backend_pid FROM identidad.purga_corridas"
                                              " WHERE estado = 'en_curso'"))
                         .toInt());
    }

    // Sends the CLI each signal of `sent` (a second apart) and waits; the time it took, or -1.
    qint64 signalAndWait(QProcess &p, const QList<int> &sent, int timeoutMs)
    {
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < sent.size(); ++i) {
            if (i > 0 && p.waitForFinished(1000))
                return t.elapsed(); // ended before the next signal
            ::kill(pid_t(p.processId()), sent.at(i));
        }
        return p.waitForFinished(qMax(1, timeoutMs - int(t.elapsed()))) ? t.elapsed() : -1;
    }

    void stoppedBackendRunEndsOnSignals(const QList<int> &sent, const QString &dbPrefix)
    {
        TestDatabase db(m_sandbox, dbPrefix);
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(kFiller)));
        QVERIFY(setupHistory(db));
        const qint64 before =
            db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
        QProcess cli;
        startPurge(cli, db);
        QVERIFY(cli.waitForStarted(10000));
        const pid_t backend = runningBackend(db, cli, before);
        if (backend <= 0) {
            cli.kill();
            cli.waitForFinished(5000);
            QFAIL(qPrintable(QStringLiteral("the purge was never seen running: %1")
                                 .arg(QString::fromUtf8(cli.readAllStandardError()))));
        }
        StoppedBackend stopped(backend);
        QVERIFY2(stopped.ok(), "could not SIGSTOP the backend (the test must run as root or postgres)");

        // A generous bound for a loaded machine; the deadline itself is 5 s.
        const qint64 took = signalAndWait(cli, sent, 15000);
        if (took < 0) {
            stopped.resume();
            cli.waitForFinished(10000);
        }
        const CliResult r = finishedResult(cli);
        QVERIFY2(took >= 0, qPrintable(QStringLiteral("still running 15 s after the signal with its backend "
                                                      "stopped: ") +
                                       r.describe()));
        QVERIFY2(r.exitStatus == QProcess::NormalExit && r.exitCode == 6, qPrintable(r.describe()));

        // The backend resumes, finds its client gone and ends; the next connect closes the run.
        stopped.resume();
        QVERIFY(waitFor(
            db,
            QStringLiteral("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1)").arg(backend),
            20000));
        const CliResult status = run({QStringLiteral("status"), QStringLiteral("--conninfo"), conninfo(db)},
                                     db.passwordFor(QStringLiteral("identidad_purga")), {}, 60000);
        QVERIFY2(status.finished, qPrintable(status.describe()));
        const QString state =
            db.scalar(QStringLiteral("SELECT string_agg(estado, ',') FROM identidad.purga_corridas"))
                .toString();
        QVERIFY2(state == QLatin1String("interrumpido") || state == QLatin1String("cancelado"),
                 qPrintable(state));
        QVERIFY(db.scalar(QStringLiteral("SELECT bool_and(terminada_en IS NOT NULL) FROM "
                                         "identidad.purga_corridas"))
                    .toBool());
    }

private slots:
    // One SIGINT: the cancel reaches no one, the deadline shuts the connection down.
    void oneSignalEndsTheRunDespiteAStoppedBackend()
    {
        stoppedBackendRunEndsOnSignals({SIGINT}, QStringLiteral("cli_hung1"));
    }

    // SIGINT, SIGINT, SIGTERM (a DBA pressing Ctrl-C again, then a supervisor's stop).
    void repeatedSignalsEndTheRunDespiteAStoppedBackend()
    {
        stoppedBackendRunEndsOnSignals({SIGINT, SIGINT, SIGTERM}, QStringLiteral("cli_hung3"));
    }
};

QTEST_GUILESS_MAIN(TestCliHungServer)
#include "tst_cli_hungserver.moc"
