#pragma once

// How SIGINT/SIGTERM end a CLI command. main() blocks both before any thread starts; one watcher
// thread takes them (processguard). With a canceller set as the target (a purge, its preview, a
// VACUUM) the first signal cancels the statement in flight (PQcancel) and starts a deadline: if
// the command is still running kSignalDeadlineMs later (a backend stopped with SIGSTOP, a
// black-holed network: the cancel reaches no one and the statement never returns), the
// connection's socket is shut down, so the blocked call returns and the command ends with exit 6.
// A second signal shuts the socket down at once; a third ends the process with _Exit(6). Without
// a target the first signal ends the process at once (exit 6), unless a SignalWait is waiting for
// it (the evidence freeze: the signal is how it ends well).
namespace purga {
class QueryCanceller;
}

namespace purga::cli {

constexpr int kSignalDeadlineMs = 5000;

// Starts the watcher (once, from run()).
void watchCliSignals();
// The canceller signals act on; nullptr: none.
void setSignalTarget(QueryCanceller *canceller);
// The last signal received, or 0.
int lastSignal();
// Called before a signal ends the process (e.g. to turn a terminal's echo back on); nullptr: none.
void setSignalExitHook(void (*hook)());

// Routes the signals to a canceller for as long as it lives (declare it after the canceller).
class SignalTarget
{
public:
    explicit SignalTarget(QueryCanceller &c) { setSignalTarget(&c); }
    ~SignalTarget() { setSignalTarget(nullptr); }
    SignalTarget(const SignalTarget &) = delete;
    SignalTarget &operator=(const SignalTarget &) = delete;
};

// While one lives, SIGINT/SIGTERM end nothing: they wake wait() (the freeze's hold loop, which then
// releases the lock and closes its history row itself).
class SignalWait
{
public:
    SignalWait();
    ~SignalWait();
    SignalWait(const SignalWait &) = delete;
    SignalWait &operator=(const SignalWait &) = delete;
    // True when a signal came (now or before), false when `msec` passed without one.
    bool wait(int msec);
};

} // namespace purga::cli
