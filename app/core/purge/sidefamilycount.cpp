// The live-family count beside the purge (sidefamilycount.h): one thread, one connection, one
// REPEATABLE READ transaction from the export of its snapshot to the last count.

#include "sidefamilycount.h"

#include "core/pg/pgconnection.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <chrono>

namespace purga {

QMap<QString, QString> deferredFamilyCounts(const PreviewPlan &plan, const QStringList &ruleIds)
{
    QMap<QString, QString> statements;
    for (const QString &id : ruleIds)
        if (const RulePreview *r = plan.rule(id); r && r->liveFamilyDeferred)
            statements.insert(id, r->liveFamilySql);
    return statements;
}

SideFamilyCount::SideFamilyCount(Opener open)
    : m_open(std::move(open))
{
}

SideFamilyCount::~SideFamilyCount()
{
    abort();
}

QString SideFamilyCount::start(QString *error)
{
    m_thread = std::thread([this] { run(); });
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_phase != Phase::Connecting; });
    if (m_snapshot.isEmpty() && error)
        *error = m_error;
    return m_snapshot;
}

void SideFamilyCount::count(const QMap<QString, QString> &statements)
{
    std::lock_guard lock(m_mutex);
    m_statements = statements;
    m_go = true;
    m_changed.notify_all();
}

bool SideFamilyCount::wait(const std::function<bool()> &stop, QMap<QString, qint64> *rows, QString *error)
{
    std::unique_lock lock(m_mutex);
    while (m_phase != Phase::Done) {
        if (stop && stop()) {
            lock.unlock();
            abort();
            lock.lock();
            break;
        }
        m_changed.wait_for(lock, std::chrono::milliseconds(50));
    }
    const bool ok = m_error.isEmpty() && !m_aborted;
    if (ok)
        *rows = m_rows;
    else if (error)
        *error = m_aborted ? QCoreApplication::translate("purga", "Cancelled.") : m_error;
    return ok;
}

bool SideFamilyCount::isDone()
{
    std::lock_guard lock(m_mutex);
    return m_phase == Phase::Done;
}

void SideFamilyCount::abort()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_phase != Phase::Done)
            m_aborted = true;
        m_changed.notify_all();
    }
    m_canceller.cancel();
    if (m_thread.joinable())
        m_thread.join();
}

void SideFamilyCount::run()
{
    PgConnection conn;
    QString error;
    if (!m_open(conn, &error)) {
        finish(error);
        return;
    }
    m_canceller.arm(conn.handle());
    if (exportSnapshot(conn)) {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_go || m_aborted; });
        const bool go = !m_aborted;
        lock.unlock();
        if (go)
            runCounts(conn);
        else
            finish(QString());
    }
    m_canceller.disarm();
    conn.close();
}

// The transaction stays open until the counts ran: the snapshot lives as long as it does.
bool SideFamilyCount::exportSnapshot(PgConnection &conn)
{
    QString error;
    if (!conn.execScript(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL jit = "
                                        "off; SET LOCAL max_parallel_workers_per_gather = 0"),
                         &error)) {
        finish(error);
        return false;
    }
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT pg_export_snapshot()")) || !q.next()) {
        finish(q.lastError().databaseText().trimmed());
        return false;
    }
    std::lock_guard lock(m_mutex);
    m_snapshot = q.value(0).toString();
    m_phase = Phase::Exported;
    m_changed.notify_all();
    return true;
}

void SideFamilyCount::runCounts(PgConnection &conn)
{
    QMap<QString, qint64> rows;
    QString error;
    for (auto it = m_statements.cbegin(); it != m_statements.cend() && error.isEmpty(); ++it) {
        if (m_canceller.isCancelled())
            break;
        QSqlQuery q(conn.database());
        q.setForwardOnly(true);
        if (q.exec(it.value()) && q.next())
            rows.insert(it.key(), q.value(0).toLongLong());
        else
            error = q.lastError().databaseText().trimmed();
    }
    QString ignored;
    conn.execScript(QStringLiteral("COMMIT"), &ignored);
    std::lock_guard lock(m_mutex);
    m_rows = rows;
    m_error = error;
    m_phase = Phase::Done;
    m_changed.notify_all();
}

void SideFamilyCount::finish(const QString &error)
{
    std::lock_guard lock(m_mutex);
    m_error = error.isEmpty() && !m_aborted
                  ? QCoreApplication::translate("purga", "The connection for the live-family count failed.")
                  : error;
    m_phase = Phase::Done;
    m_changed.notify_all();
}

} // namespace purga
