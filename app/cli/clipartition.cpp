// partition-restore NAME: a partition of log_sesiones in quarantine attached again (core/purge/
// partitionrestore.h), under the purge's advisory lock and its DDL lock timeout. Exit 0 restored,
// 4 refused (it does not fit back, or nothing of that name is in quarantine), 5 lock held, 1 error.
#include "cliapp.h"
#include "clilock.h"

#include "core/purge/partitionrestore.h"

namespace purga::cli {

int cmdPartitionRestore(Context &ctx)
{
    const QString name = ctx.parser.positionalArguments().value(1).trimmed();
    RestoreRequest request;
    request.name = name;
    if (name.isEmpty()) {
        Context::error(Context::tr("partition-restore takes the NAME of a partition in quarantine."));
        return Exit::Usage;
    }
    if (!lockKeyOption(ctx, &request.lockKey))
        return Exit::Usage;
    QList<RuleConfig> checked;
    if (!ctx.ruleConfigs(ConnectionProfile(), {QString(RuleId::LogSesiones)}, &checked))
        return Exit::Usage;
    PgConnection conn;
    ConnectionProfile profile;
    int code = Exit::Ok;
    if (!ctx.connect(conn, &profile, &code))
        return code;
    QList<RuleConfig> rules;
    if (!ctx.ruleConfigs(profile, {QString(RuleId::LogSesiones)}, &rules))
        return Exit::Usage;
    request.ddlLockTimeoutMs = rules.first().ddlLockTimeoutMs;
    request.statementTimeoutMs = rules.first().statementTimeoutMs;
    request.retries = rules.first().ddlRetries();
    const RestoreResult r = restorePartition(conn, request);
    if (r.outcome == RestoreResult::Outcome::Restored)
        Context::info(r.message);
    else
        Context::error(r.message);
    if (ctx.json)
        Context::printJson(r.toJson());
    switch (r.outcome) {
    case RestoreResult::Outcome::Restored:
        return Exit::Ok;
    case RestoreResult::Outcome::NotFound:
    case RestoreResult::Outcome::Refused:
        return Exit::Refused;
    case RestoreResult::Outcome::LockBusy:
        return Exit::LockBusy;
    case RestoreResult::Outcome::Error:
        break;
    }
    return Exit::Other;
}

} // namespace purga::cli
