#include "processguard.h"

#include <QtGlobal>

#include <thread>

#ifdef Q_OS_UNIX
#include <csignal>
#include <pthread.h>
#endif
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

namespace purga {

namespace {
#ifdef Q_OS_UNIX
sigset_t s_watched;
#endif
} // namespace

void hardenProcess()
{
#ifdef Q_OS_LINUX
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#endif
}

void blockTerminationSignals()
{
#ifdef Q_OS_UNIX
    sigemptyset(&s_watched);
    sigaddset(&s_watched, SIGTERM);
    struct sigaction current
    {
    };
    // A shell starts a background job with SIGINT ignored unless job control is on; a blocked
    // signal is queued even when ignored (Linux), so watch SIGINT only when it was not ignored.
    if (sigaction(SIGINT, nullptr, &current) == 0 && current.sa_handler != SIG_IGN)
        sigaddset(&s_watched, SIGINT);
    pthread_sigmask(SIG_BLOCK, &s_watched, nullptr);
#endif
}

void watchTerminationSignals(std::function<void(int)> onSignal)
{
#ifdef Q_OS_UNIX
    std::thread([onSignal = std::move(onSignal)] {
        for (;;) {
            int sig = 0;
            if (sigwait(&s_watched, &sig) == 0)
                onSignal(sig);
        }
    }).detach();
#else
    Q_UNUSED(onSignal);
#endif
}

} // namespace purga
