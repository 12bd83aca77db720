#pragma once

#include "cliapp.h"
#include "core/locks/lockholders.h"

namespace purga::cli {

// --lock-key into *key when given (else *key stays as it is). False after printing a usage error.
bool lockKeyOption(const Context &ctx, qint64 *key);
// The key (--lock-key, default 731001) and the idle threshold (--lock-idle-seconds, else the
// profile's "lock/idle_seconds", default 300). False after printing a usage error.
bool lockWatchOptions(Context &ctx, const ConnectionProfile &profile, LockWatchOptions *out);
// False after printing the error.
bool readLockHolders(PgConnection &conn, const LockWatchOptions &options, LockHolders *out);
// The holder, the leak note with its `SELECT pg_terminate_backend(<pid>);`, the waiters (stdout).
void printLockHolders(const LockHolders &holders);

} // namespace purga::cli
