// SIGINT/SIGTERM in the CLI: cancel, then a deadline that shuts the connection down, a second
// signal that does so at once, a third that exits (see clisignals.h).
#include "clisignals.h"

#include "cliapp.h"
#include "core/pg/querycanceller.h"
#include "core/util/processguard.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace purga::cli {

namespace {

struct SignalState
{
    std::mutex mutex; // guards target and count; abort() and cancel() run under it
    QueryCanceller *target = nullptr;
    int count = 0;
    bool waiting = false;   // a SignalWait lives
    bool signalled = false; // a signal came while it lived
    std::condition_variable woken;
    std::atomic<int> last{0};
};

// Never destroyed: the deadline's detached thread may still wake while the process exits.
SignalState &state()
{
    static SignalState *s = new SignalState;
    return *s;
}

std::atomic<void (*)()> s_exitHook{nullptr};

[[noreturn]] void exitNow(const QString &why)
{
    if (void (*hook)() = s_exitHook.load())
        hook();
    Context::error(why);
    std::_Exit(Exit::Cancelled);
}

// Past the deadline the command is still running: its connection is shut down (under the mutex,
// so the target cannot be disarmed and its socket closed meanwhile).
void startDeadline()
{
    std::thread([] {
        std::this_thread::sleep_for(std::chrono::milliseconds(kSignalDeadlineMs));
        SignalState &s = state();
        std::lock_guard<std::mutex> lock(s.mutex);
        if (s.target && s.target->abort())
            Context::info(Context::tr("The server did not end the cancelled statement within %1 s: closing "
                                      "the connection.")
                              .arg(kSignalDeadlineMs / 1000));
    }).detach();
}

// The one place SIGINT/SIGTERM arrive (processguard's watcher thread).
void onSignal(int sig)
{
    SignalState &s = state();
    s.last.store(sig);
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.waiting) {
        s.signalled = true;
        s.woken.notify_all();
        return;
    }
    ++s.count;
    if (!s.target)
        exitNow(Context::tr("Interrupted by a signal; nothing was changed."));
    if (s.count >= 3)
        exitNow(Context::tr("Third signal: exiting at once. Batches committed so far stay removed; the next "
                            "connection closes the run in the history."));
    if (s.count == 2) {
        Context::info(Context::tr("Second signal: closing the connection now."));
        s.target->abort();
        return;
    }
    Context::info(Context::tr("Signal received: cancelling the statement in flight…"));
    s.target->cancel();
    startDeadline();
}

} // namespace

void setSignalExitHook(void (*hook)())
{
    s_exitHook.store(hook);
}

void watchCliSignals()
{
    watchTerminationSignals(onSignal);
}

void setSignalTarget(QueryCanceller *canceller)
{
    SignalState &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.target = canceller;
}

int lastSignal()
{
    return state().last.load();
}

SignalWait::SignalWait()
{
    SignalState &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.waiting = true;
    s.signalled = false;
}

SignalWait::~SignalWait()
{
    SignalState &s = state();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.waiting = false;
}

bool SignalWait::wait(int msec)
{
    SignalState &s = state();
    std::unique_lock<std::mutex> lock(s.mutex);
    return s.woken.wait_for(lock, std::chrono::milliseconds(msec), [&s] { return s.signalled; });
}

} // namespace purga::cli
