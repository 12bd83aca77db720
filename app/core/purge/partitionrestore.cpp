// partition-restore (partitionrestore.h): checks and attaches one partition in quarantine again,
// in one transaction under the advisory lock, giving way on a lock timeout like the purge's DDL.
#include "partitionrestore.h"

#include "chunkplanner.h"
#include "core/locks/lockholders.h"
#include "core/pg/dbfailure.h"
#include "core/rules/quarantinesql.h"
#include "core/rules/rules.h"
#include "core/util/textformat.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

namespace purga {

namespace {

// The contexts are the ones lupdate files a tr() call under: "purga" here, the class's name in
// RestoreAttempt (so the Spanish catalogue is found for both).
QString tr(const char *text)
{
    return QCoreApplication::translate("purga", text);
}

// One attempt inside BEGIN … COMMIT. Lock timeouts come back as such so the caller retries.
class RestoreAttempt
{
public:
    RestoreAttempt(PgConnection &conn, RestoreResult &out)
        : m_conn(conn)
        , m_out(out)
    {
    }
    // True when committed or refused (out says which); false with *failure on a failed statement.
    bool run(const QString &name, DbFailure *failure);

private:
    static QString tr(const char *text) { return QCoreApplication::translate("purga::RestoreAttempt", text); }
    bool exec(QSqlQuery &q, const QString &sql, DbFailure *failure)
    {
        if (q.exec(sql))
            return true;
        *failure = DbFailure::ofQuery(q, false, q.lastError().databaseText().trimmed());
        return false;
    }
    bool refuse(const QString &message)
    {
        m_out.outcome = RestoreResult::Outcome::Refused;
        m_out.message = message;
        return true;
    }
    bool fits(DbFailure *failure, bool *ok);

    PgConnection &m_conn;
    RestoreResult &m_out;
    QString m_schema;
    bool m_present = false, m_backExists = false;
    qint64 m_id = 0;
};

// No attached partition overlaps the bounds and the DEFAULT partition holds none of their rows.
bool RestoreAttempt::fits(DbFailure *failure, bool *ok)
{
    *ok = false;
    QSqlQuery overlap(m_conn.database());
    if (!exec(overlap, QuarantineSql::overlapSql(m_out.lowerBound, m_out.upperBound), failure))
        return false;
    while (overlap.next())
        m_out.overlapping << overlap.value(0).toString() + u' ' + overlap.value(1).toString();
    if (!m_out.overlapping.isEmpty())
        return refuse(tr("%1 does not fit back: its bounds overlap %2. It stays in quarantine; nothing was "
                         "changed.")
                          .arg(m_out.name, m_out.overlapping.join(QStringLiteral(", "))));
    QSqlQuery def(m_conn.database());
    if (!exec(def, QuarantineSql::defaultPartitionSql(), failure))
        return false;
    if (def.next()) {
        const QString name = def.value(0).toString();
        QSqlQuery n(m_conn.database());
        if (!exec(n, QuarantineSql::rowsInRangeSql(name, m_out.lowerBound, m_out.upperBound), failure))
            return false;
        n.next();
        if (n.value(0).toLongLong() > 0) {
            m_out.defaultPartition = name;
            m_out.defaultRows = n.value(0).toLongLong();
            return refuse(tr("%1 does not fit back: the DEFAULT partition %2 holds %3 rows inside its bounds "
                             "%4, and ATTACH refuses while it does. It stays in quarantine; nothing was "
                             "changed. Move those rows into %1 (INSERT … SELECT, then DELETE from %2, in one "
                             "transaction) and run partition-restore again.")
                              .arg(m_out.name, name, formatCount(m_out.defaultRows), m_out.bound));
        }
    }
    *ok = true;
    return true;
}

bool RestoreAttempt::run(const QString &name, DbFailure *failure)
{
    QSqlQuery find(m_conn.database());
    if (!exec(find, QuarantineSql::findForRestoreSql(name), failure))
        return false;
    if (!find.next()) {
        m_out.outcome = RestoreResult::Outcome::NotFound;
        m_out.message =
            tr("No partition called \"%1\" is in quarantine (restored, dropped, or never there).").arg(name);
        return true;
    }
    m_id = find.value(0).toLongLong();
    m_out.name = find.value(1).toString();
    m_out.restoredAs = find.value(2).toString();
    m_out.bound = find.value(3).toString();
    m_out.lowerBound = find.value(4).toString();
    m_out.upperBound = find.value(5).toString();
    m_out.rowsRecorded = find.value(6).toLongLong();
    m_present = find.value(7).toBool();
    m_backExists = find.value(8).toBool();
    m_schema = find.value(10).toString();
    if (!m_present)
        return refuse(tr("%1 is no longer the table put in quarantine (gone, or another table of that name): "
                         "nothing was changed.")
                          .arg(m_out.name));
    if (m_backExists)
        return refuse(
            tr("A table called %1 exists already: %2 cannot take its name back. Nothing was changed.")
                .arg(m_out.restoredAs, m_out.name));
    bool ok = false;
    if (!fits(failure, &ok))
        return false;
    if (!ok) // refused: out says why
        return true;
    QSqlQuery q(m_conn.database());
    if (!exec(q, QStringLiteral("LOCK TABLE %1 IN ACCESS EXCLUSIVE MODE").arg(m_out.name), failure) ||
        !exec(q, QuarantineSql::moveBackSql(m_out.name, m_schema), failure) ||
        !exec(q, QuarantineSql::attachSql(m_out.restoredAs, m_out.bound), failure) ||
        !exec(q, Rules::commentSql(m_out.restoredAs, QString()), failure) || // '' drops the marker
        !exec(q, QuarantineSql::markRestoredSql(m_id), failure))
        return false;
    QSqlQuery n(m_conn.database());
    if (!exec(n, QStringLiteral("SELECT count(*) FROM %1").arg(m_out.restoredAs), failure) || !n.next())
        return false;
    m_out.rows = n.value(0).toLongLong();
    m_out.outcome = RestoreResult::Outcome::Restored;
    m_out.message = tr("%1 attached again as %2 %3 (%4 rows).")
                        .arg(m_out.name, m_out.restoredAs, m_out.bound, formatCount(m_out.rows));
    return true;
}

bool takeLock(PgConnection &conn, qint64 key, RestoreResult &out)
{
    QSqlQuery lock(conn.database());
    lock.prepare(QStringLiteral("SELECT pg_try_advisory_lock(CAST(? AS bigint))"));
    lock.addBindValue(key);
    if (!lock.exec() || !lock.next()) {
        out.message = tr("Could not ask for the advisory lock: %1").arg(lock.lastError().databaseText());
        return false;
    }
    if (lock.value(0).toBool())
        return true;
    out.outcome = RestoreResult::Outcome::LockBusy;
    out.lockHolder = describeLockHolder(conn, key);
    out.message = tr("A purge holds advisory lock %1 (%2): restore is DDL on the same table. Nothing was "
                     "changed; try again when it ends.")
                      .arg(key)
                      .arg(out.lockHolder);
    return false;
}

} // namespace

QString RestoreResult::outcomeId() const
{
    switch (outcome) {
    case Outcome::Restored:
        return QStringLiteral("restored");
    case Outcome::NotFound:
        return QStringLiteral("not_found");
    case Outcome::Refused:
        return QStringLiteral("refused");
    case Outcome::LockBusy:
        return QStringLiteral("lock_busy");
    case Outcome::Error:
        break;
    }
    return QStringLiteral("error");
}

QJsonObject RestoreResult::toJson() const
{
    return QJsonObject{
        {QStringLiteral("outcome"), outcomeId()},
        {QStringLiteral("message"), message},
        {QStringLiteral("name"), jsonText(name)},
        {QStringLiteral("restored_as"), jsonText(restoredAs)},
        {QStringLiteral("bound"), jsonText(bound)},
        {QStringLiteral("lower_bound"), jsonText(lowerBound)},
        {QStringLiteral("upper_bound"), jsonText(upperBound)},
        {QStringLiteral("rows_recorded"), rowsRecorded < 0 ? QJsonValue() : double(rowsRecorded)},
        {QStringLiteral("rows"), rows < 0 ? QJsonValue() : double(rows)},
        {QStringLiteral("overlapping"), QJsonArray::fromStringList(overlapping)},
        {QStringLiteral("default_partition"), jsonText(defaultPartition)},
        {QStringLiteral("default_rows"), double(defaultRows)},
        {QStringLiteral("lock_holder"), jsonText(lockHolder)},
        {QStringLiteral("retries"), retries}};
}

RestoreResult restorePartition(PgConnection &conn, const RestoreRequest &request)
{
    RestoreResult out;
    if (!takeLock(conn, request.lockKey, out))
        return out;
    for (int attempt = 1;; ++attempt) {
        RestoreResult tried;
        QString error;
        DbFailure failure;
        bool done = false;
        if (conn.execScript(
                QStringLiteral("BEGIN; SET LOCAL lock_timeout = %1; SET LOCAL statement_timeout = %2")
                    .arg(request.ddlLockTimeoutMs)
                    .arg(request.statementTimeoutMs),
                &error)) {
            RestoreAttempt a(conn, tried);
            done = a.run(request.name, &failure);
            const bool commit = done && tried.outcome == RestoreResult::Outcome::Restored;
            if (!conn.execScript(commit ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"), &error) &&
                commit) {
                done = false;
                failure.message = error;
            }
        } else {
            failure.message = error;
        }
        tried.retries = attempt - 1;
        if (done) {
            out = tried;
            break;
        }
        if (failure.kind == DbFailure::Kind::LockTimeout && attempt <= request.retries) {
            QThread::msleep(retryBackoffMs(attempt));
            continue;
        }
        out = tried;
        // ATTACH's own check of the rows (23514): the table does not fit; anything else is an error.
        out.outcome = failure.sqlState == QLatin1String("23514") ? RestoreResult::Outcome::Refused
                                                                 : RestoreResult::Outcome::Error;
        out.message = tr("Could not restore %1: %2. Nothing was changed.")
                          .arg(out.name.isEmpty() ? request.name : out.name, failure.reason());
        break;
    }
    QSqlQuery unlock(conn.database());
    unlock.prepare(QStringLiteral("SELECT pg_advisory_unlock(CAST(? AS bigint))"));
    unlock.addBindValue(request.lockKey);
    unlock.exec();
    return out;
}

} // namespace purga
