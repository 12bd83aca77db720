#pragma once

// Runs one command per fleet member, each in a process of its own: `purga-sesiones-cli purge
// --profile NAME … --json` for a fleet purge (the very engine, lock, pacing, preflight and receipt of
// the one-server purge, and its exit code), `fleet-probe --profile NAME` for status and preview. A
// process per server gives each one its own connection, keychain read, signal handling and timeout:
// a server that hangs is killed alone and never holds up another's row.
//
// At most `concurrency` run at once. With a canary of N the first N run first and the rest only if
// every one of them ended 0. With a failure budget of K, after K servers did not end 0 nothing new
// starts and the running ones are stopped cleanly (SIGTERM: the one-server command cancels its
// batch in flight and ends with its receipt, exit 6). stop() does the same for the whole fleet.
// Lives in the thread that created it (QProcess needs its event loop).
#include "fleetresult.h"

#include <QList>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>

class QProcess;
class QTimer;

namespace purga {

struct FleetRunOptions
{
    int concurrency = 1;
    int canary = 0;      // 0: no canary wave
    int maxFailures = 0; // 0: no budget (status/preview)
    int timeoutMs = 0;   // per server; 0: none (a purge takes as long as it takes)
    bool purge = false;  // stdout is a purge receipt (else a probe row)
};

class FleetRunner : public QObject
{
    Q_OBJECT
public:
    using ArgsFor = std::function<QStringList(const FleetMember &)>;

    explicit FleetRunner(const QString &program, QObject *parent = nullptr);
    ~FleetRunner() override; // kills what still runs

    // The CLI the GUI starts: $PURGA_CLI, else purga-sesiones-cli beside this executable (installed:
    // both in bin/), else the build tree's app/cli/ next to app/gui/.
    static QString cliProgram();

    void setEnvironment(const QProcessEnvironment &env) { m_env = env; }
    // Starts the fleet (returns at once); finished() comes when every member ran or was skipped.
    void start(const QList<FleetMember> &members, const ArgsFor &argsFor, const FleetRunOptions &options);
    // Stops the fleet: nothing new starts (skipped: stopped), the running commands get SIGTERM.
    void stop();
    bool isRunning() const { return m_running > 0 || m_next < m_results.size(); }
    bool wasStopped() const { return m_stopped; }
    int failures() const { return m_failures; }
    const QList<FleetServerResult> &results() const { return m_results; }

signals:
    void serverStarted(int index);
    void serverFinished(int index); // results().at(index) is filled in
    void stderrLine(int index, const QString &line);
    void finished();

private:
    void launchMore();
    void launch(int index);
    void onFinished(int index, int exitCode, bool crashed);
    void halt(const QString &id, const QString &reason);
    void skipRest(const QString &id, const QString &reason);
    void checkWave();
    int waveEnd() const;

    QString m_program;
    QProcessEnvironment m_env;
    ArgsFor m_argsFor;
    FleetRunOptions m_options;
    QList<FleetServerResult> m_results;
    QList<QProcess *> m_processes;
    QList<QByteArray> m_stderrTail;
    QList<bool> m_timedOut;
    int m_next = 0;    // the next member to start
    int m_running = 0; // processes running
    int m_failures = 0;
    bool m_halted = false; // nothing new starts
    bool m_stopped = false;
    bool m_finished = false;
};

} // namespace purga
