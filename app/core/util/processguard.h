#pragma once

// Process-wide start-up measures shared by both executables: call them first thing in main(),
// before QCoreApplication or anything else can start a thread.
#include <functional>

namespace purga {

// Keeps this process's memory (and the passwords in it) out of core dumps and away from ptrace
// by other processes of the same user: prctl(PR_SET_DUMPABLE, 0) on Linux; nothing elsewhere.
void hardenProcess();

// Blocks SIGINT and SIGTERM in the calling thread, so that every thread started afterwards
// (QtKeychain's D-Bus, QThreadPool, libsecret, our workers) inherits the mask and none of them
// can be chosen by the kernel to take the signal with its default action. A SIGINT that was
// ignored when the process started (a shell's background job without job control) stays ignored.
void blockTerminationSignals();

// Starts the one thread that waits for the blocked signals (sigwait) and calls `onSignal(signo)`
// on that thread for each one. Never from a signal handler: `onSignal` may lock and print.
// Call once, after blockTerminationSignals().
void watchTerminationSignals(std::function<void(int)> onSignal);

} // namespace purga
