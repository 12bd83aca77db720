// `status`: who holds the purge lock and who waits for it (--lock-key, --lock-idle-seconds).
// The CLI never terminates anyone: it prints the exact SQL for whoever may run it.
#include "clilock.h"

namespace purga::cli {

bool lockKeyOption(const Context &ctx, qint64 *key)
{
    if (!ctx.parser.isSet(QStringLiteral("lock-key")))
        return true;
    bool ok = false;
    const qint64 value = ctx.parser.value(QStringLiteral("lock-key")).toLongLong(&ok);
    if (!ok) {
        Context::error(Context::tr("--lock-key takes a whole number."));
        return false;
    }
    *key = value;
    return true;
}

bool lockWatchOptions(Context &ctx, const ConnectionProfile &profile, LockWatchOptions *out)
{
    LockWatchOptions o = LockWatchOptions::fromProfile(profile.ruleOverrides);
    if (!lockKeyOption(ctx, &o.key))
        return false;
    if (ctx.parser.isSet(QStringLiteral("lock-idle-seconds"))) {
        bool ok = false;
        o.leakAfterSeconds = ctx.parser.value(QStringLiteral("lock-idle-seconds")).toInt(&ok);
        if (!ok || o.leakAfterSeconds <= 0) {
            Context::error(Context::tr("--lock-idle-seconds takes a positive number of seconds."));
            return false;
        }
    }
    *out = o;
    return true;
}

bool readLockHolders(PgConnection &conn, const LockWatchOptions &options, LockHolders *out)
{
    DbFailure failure;
    if (LockHolders::fetch(conn, options, out, &failure))
        return true;
    Context::error(Context::tr("Could not read who holds the purge lock %1.").arg(options.key),
                   failure.message);
    return false;
}

void printLockHolders(const LockHolders &holders)
{
    Context::printLine(QString());
    for (const QString &line : holders.describeLines())
        Context::printLine(line);
}

} // namespace purga::cli
