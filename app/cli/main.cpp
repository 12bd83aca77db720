#include "cliapp.h"
#include "core/util/processguard.h"

int main(int argc, char **argv)
{
    // Before anything can start a thread (QtKeychain's D-Bus, libsecret, QThreadPool): every
    // thread inherits the blocked mask and the signals are taken in one place (clisignals.cpp).
    purga::blockTerminationSignals();
    purga::hardenProcess();
    return purga::cli::run(argc, argv);
}
