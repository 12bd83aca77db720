#pragma once

// Internal to the partition purge: DDL on log_sesiones under a short lock timeout of its own
// (RuleConfig::ddlLockTimeoutMs), retried with backoff. A DETACH waiting for its ACCESS EXCLUSIVE
// lock queues every login's INSERT behind it: it must give way quickly and come back later.

#include "core/pg/dbfailure.h"
#include "rulerun.h"

#include <functional>

namespace purga::detail {

struct DdlOutcome
{
    bool ok = false;
    DbFailure::Kind failure = DbFailure::Kind::None;
    QString error;
    bool cancelled() const { return failure == DbFailure::Kind::Cancelled; }
    bool lockTimeout() const { return failure == DbFailure::Kind::LockTimeout; }
    // The server's words, or (when it gave none: a lock timeout or cancel seen only by its kind, a
    // lost connection) what the failure kind says, so that a message never ends in an empty reason.
    QString reason() const;
};

class PartitionDdl
{
public:
    PartitionDdl(RuleRun &run, PurgeContext &ctx, const RuleConfig &cfg);

    // One statement outside a transaction block (DETACH CONCURRENTLY requires it) under the DDL
    // lock timeout and the rule's statement timeout; recorded in the receipt's SQL.
    DdlOutcome exec(const QString &sql);
    // exec() retried after a lock timeout, up to RuleConfig::ddlRetries() times with backoff.
    // `next`, when set, gives the statement to run after a lock timeout (FINALIZE after a
    // CONCURRENTLY that timed out in its second phase).
    DdlOutcome withRetries(const QString &sql, const std::function<QString()> &next = {});

    // A transaction under the DDL lock timeout: `body` runs its statements with step(); a false
    // return or a failed step rolls back. A lock timeout is retried like withRetries().
    using Body = std::function<bool(DdlOutcome *failed)>;
    DdlOutcome transaction(const Body &body);
    // One statement inside transaction(); false (and `failed` filled) when it failed.
    bool step(const QString &sql, DdlOutcome *failed, QSqlQuery *result = nullptr);

    // SELECT count(*) of a table or partitioned table (its leaves); -1 and `failed` on error.
    qint64 count(const QString &table, DdlOutcome *failed);
    // Whether `partition` is "detach pending" (an interrupted DETACH ... CONCURRENTLY).
    bool isDetachPending(const QString &partition);

private:
    DdlOutcome failureOf(const QSqlQuery &q) const;
    bool waitBeforeRetry(const DdlOutcome &o, int attempt);
    void record(const QString &sql);

    RuleRun &m_run;
    PurgeContext &m_ctx;
    const RuleConfig &m_cfg;
};

} // namespace purga::detail
