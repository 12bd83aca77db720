#include "dbworker.h"

#include "core/pg/pgconnection.h"

#include <QCoreApplication>

namespace purga {
namespace detail {

DbWorker::DbWorker(std::shared_ptr<QueryCanceller> canceller)
    : m_canceller(std::move(canceller))
{
    setObjectName(QStringLiteral("purga-db-session"));
}

DbWorker::~DbWorker() = default;

void DbWorker::enqueue(std::shared_ptr<RequestCore> core)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_queue.push_back(std::move(core));
    m_wake.notify_one();
}

void DbWorker::stop()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    requestInterruption();
    m_wake.notify_one();
}

void DbWorker::setLostHandler(std::function<void(const DbFailure &)> handler)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_onLost = std::move(handler);
}

void DbWorker::setKeepAliveInterval(std::chrono::milliseconds interval)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_keepAlive = interval; // from the next wait on
}

void DbWorker::run()
{
    for (;;) {
        std::shared_ptr<RequestCore> core;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            const bool woken = m_wake.wait_for(
                lock, m_keepAlive, [this] { return !m_queue.empty() || isInterruptionRequested(); });
            if (isInterruptionRequested())
                break;
            if (woken && !m_queue.empty()) {
                core = std::move(m_queue.front());
                m_queue.pop_front();
            }
        }
        if (core)
            execute(*core);
        else
            keepAlive();
    }
    // The connection is closed in the thread that opened it (QSqlDatabase's rule).
    setConnection(nullptr);
}

void DbWorker::keepAlive()
{
    if (!m_conn || m_lost)
        return;
    QString error;
    if (m_conn->ping(&error) || !m_conn->isBroken())
        return; // alive (a failed SELECT 1 on a live connection is no news about the connection)
    reportLost(DbFailure::connectionLost(error));
}

void DbWorker::execute(RequestCore &core)
{
    // The canceller knows the request before the handle can see it running, so that a cancel
    // from the handle always finds it (see DbRequest::cancel).
    m_canceller->beginRequest(core.id);
    int expected = RequestCore::Queued;
    if (!core.phase.compare_exchange_strong(expected, RequestCore::Running)) {
        m_canceller->endRequest(); // dropped while queued: it never runs
        return;
    }
    core.postRunning();
    std::any result;
    DbFailure failure;
    bool ok = false;
    bool ran = false;
    if (core.needsConnection && !m_conn) {
        failure.message = QCoreApplication::translate("DbSession", "Not connected.");
    } else if (core.needsConnection && (m_lost || m_conn->isBroken())) {
        failure = DbFailure::connectionLost(); // nothing is sent on a lost connection
        if (!m_lost)
            reportLost(failure);
    } else {
        ran = true;
        DbContext ctx(this, &core);
        ok = core.work(ctx, &result, &failure);
    }
    const bool cancelled = !ok && m_canceller->isCancelled();
    m_canceller->endRequest();
    if (m_canceller->isCancelled())
        m_canceller->waitForDelivery(2000); // a late cancel must not reach the next request
    if (ran && !ok && !cancelled)
        checkLost(&failure);
    else if (m_conn && !m_lost && m_conn->isBroken())
        reportLost(DbFailure::connectionLost());
    core.phase.store(RequestCore::Done);
    const auto state = ok          ? DbRequest::State::Succeeded
                       : cancelled ? DbRequest::State::Cancelled
                                   : DbRequest::State::Failed;
    core.postFinished(state, std::move(result), failure);
}

void DbWorker::checkLost(DbFailure *failure)
{
    if (m_conn && m_conn->isBroken()) {
        // The driver's words (the first failure's "server closed the connection unexpectedly",
        // the later ones' nothing at all) become the detail of one clear reason.
        const QString said = failure->message.trimmed().isEmpty() ? failure->detail : failure->message;
        *failure = DbFailure::connectionLost(said);
        if (!m_lost)
            reportLost(*failure);
    }
    failure->message = failure->reason();
}

void DbWorker::reportLost(const DbFailure &failure)
{
    m_lost = true;
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_onLost)
        m_onLost(failure);
}

void DbWorker::setConnection(std::unique_ptr<PgConnection> conn)
{
    m_canceller->disarm();
    m_lost = false;
    m_conn = std::move(conn); // closes the previous one, in this thread
    if (m_conn)
        m_canceller->arm(m_conn->handle());
}

} // namespace detail

PgConnection *DbContext::connection() const
{
    return m_worker->m_conn.get();
}

QueryCanceller *DbContext::canceller() const
{
    return m_worker->m_canceller.get();
}

bool DbContext::isCancelled() const
{
    return m_worker->m_canceller->isCancelled();
}

ProgressFn DbContext::progress() const
{
    return [core = m_core](const QString &stage, int done, int total) {
        core->postProgress(stage, done, total);
    };
}

void DbContext::setConnection(std::unique_ptr<PgConnection> conn)
{
    m_worker->setConnection(std::move(conn));
}

} // namespace purga
