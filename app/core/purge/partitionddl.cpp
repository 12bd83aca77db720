#include "partitionddl.h"

#include "chunkplanner.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga::detail {

QString DdlOutcome::reason() const
{
    const QString said = error.trimmed();
    if (!said.isEmpty())
        return said;
    switch (failure) {
    case DbFailure::Kind::LockTimeout:
        return QCoreApplication::translate("purga::detail",
                                           "lock timeout: another session holds a conflicting lock");
    case DbFailure::Kind::StatementTimeout:
        return QCoreApplication::translate("purga::detail", "statement timeout");
    case DbFailure::Kind::Cancelled:
        return QCoreApplication::translate("purga::detail", "cancelled");
    case DbFailure::Kind::ConnectionLost:
        return QCoreApplication::translate("purga::detail", "the connection to the server was lost");
    default:
        return QCoreApplication::translate("purga::detail", "the server gave no reason (%1)")
            .arg(DbFailure::kindId(failure));
    }
}

PartitionDdl::PartitionDdl(RuleRun &run, PurgeContext &ctx, const RuleConfig &cfg)
    : m_run(run)
    , m_ctx(ctx)
    , m_cfg(cfg)
{
}

void PartitionDdl::record(const QString &sql)
{
    QString &text = m_run.receipt().sql;
    const QString line = sql + QStringLiteral(";\n");
    if (!text.contains(line)) // a retried statement is listed once
        text += line;
}

DdlOutcome PartitionDdl::failureOf(const QSqlQuery &q) const
{
    DdlOutcome o;
    o.failure = DbFailure::fromQuery(q, m_ctx.canceller.isCancelled());
    o.error = q.lastError().databaseText().trimmed();
    if (o.error.isEmpty())
        o.error = q.lastError().text();
    return o;
}

DdlOutcome PartitionDdl::exec(const QString &sql)
{
    record(sql);
    QSqlQuery q(m_ctx.conn.database());
    q.exec(QStringLiteral("SET lock_timeout = %1").arg(m_cfg.ddlLockTimeoutMs));
    q.exec(QStringLiteral("SET statement_timeout = %1").arg(m_cfg.statementTimeoutMs));
    DdlOutcome o;
    o.ok = q.exec(sql);
    if (!o.ok)
        o = failureOf(q);
    QSqlQuery reset(m_ctx.conn.database());
    reset.exec(QStringLiteral("RESET lock_timeout"));
    reset.exec(QStringLiteral("RESET statement_timeout"));
    return o;
}

// After a lock timeout: waits the backoff (saying who holds the lock) unless the retries are used
// up or a stop was asked; false when no retry should follow.
bool PartitionDdl::waitBeforeRetry(const DdlOutcome &o, int attempt)
{
    const int retries = m_cfg.ddlRetries();
    if (o.ok || !o.lockTimeout() || attempt > retries || m_ctx.stopRequested())
        return false;
    const int backoff = retryBackoffMs(attempt);
    m_run.waitBeforeRetry(
        backoff, QCoreApplication::translate(
                     "purga::detail",
                     "DDL lock timeout (%1 ms) on log_sesiones (held by %2): gave way to other sessions; "
                     "retry %3 of %4 in %5 ms.")
                     .arg(m_cfg.ddlLockTimeoutMs)
                     .arg(lockHoldersOf(m_ctx.conn, QStringLiteral("identidad.log_sesiones")))
                     .arg(attempt)
                     .arg(retries)
                     .arg(backoff));
    return !m_ctx.stopRequested();
}

DdlOutcome PartitionDdl::withRetries(const QString &sql, const std::function<QString()> &next)
{
    QString statement = sql;
    for (int attempt = 1;; ++attempt) {
        const DdlOutcome o = exec(statement);
        if (!waitBeforeRetry(o, attempt))
            return o;
        if (next)
            statement = next();
    }
}

bool PartitionDdl::step(const QString &sql, DdlOutcome *failed, QSqlQuery *result)
{
    record(sql);
    QSqlQuery own(m_ctx.conn.database());
    QSqlQuery &q = result ? *result : own;
    if (q.exec(sql))
        return true;
    *failed = failureOf(q);
    return false;
}

DdlOutcome PartitionDdl::transaction(const Body &body)
{
    for (int attempt = 1;; ++attempt) {
        DdlOutcome o;
        QString error;
        if (!m_ctx.conn.execScript(QStringLiteral("BEGIN; SET LOCAL lock_timeout = %1; "
                                                  "SET LOCAL statement_timeout = %2")
                                       .arg(m_cfg.ddlLockTimeoutMs)
                                       .arg(m_cfg.statementTimeoutMs),
                                   &error)) {
            o.failure = m_ctx.conn.isOpen() ? DbFailure::Kind::Other : DbFailure::Kind::ConnectionLost;
            o.error = error;
            return o;
        }
        if (!lockStillHeld(m_ctx, &o.error)) { // behind a pooler: never DDL without the lock
            QString ignored;
            m_ctx.conn.execScript(QStringLiteral("ROLLBACK"), &ignored);
            o.failure = DbFailure::Kind::Other;
            return o;
        }
        o.ok = body(&o) && m_ctx.conn.execScript(QStringLiteral("COMMIT"), &o.error);
        if (!o.ok) {
            QString ignored;
            if (m_ctx.conn.isOpen())
                m_ctx.conn.execScript(QStringLiteral("ROLLBACK"), &ignored);
            if (o.failure == DbFailure::Kind::None && !o.error.isEmpty())
                o.failure = DbFailure::Kind::Other; // the COMMIT failed
        }
        if (!waitBeforeRetry(o, attempt))
            return o;
    }
}

qint64 PartitionDdl::count(const QString &table, DdlOutcome *failed)
{
    QSqlQuery q(m_ctx.conn.database());
    if (q.exec(QStringLiteral("SELECT count(*) FROM %1").arg(table)) && q.next())
        return q.value(0).toLongLong();
    *failed = failureOf(q);
    return -1;
}

bool PartitionDdl::isDetachPending(const QString &partition)
{
    QSqlQuery q(m_ctx.conn.database());
    q.prepare(QStringLiteral("SELECT coalesce((SELECT i.inhdetachpending FROM pg_inherits i "
                             "WHERE i.inhrelid = to_regclass(?)), false)"));
    q.addBindValue(partition);
    return q.exec() && q.next() && q.value(0).toBool();
}

} // namespace purga::detail
