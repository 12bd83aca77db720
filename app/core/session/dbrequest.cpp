#include "dbrequest.h"

#include "core/pg/querycanceller.h"

namespace purga {

DbRequest::DbRequest(quint64 id, const QString &label, std::shared_ptr<QueryCanceller> canceller,
                     QObject *parent)
    : QObject(parent)
    , m_id(id)
    , m_label(label)
    , m_canceller(std::move(canceller))
{
}

DbRequest::~DbRequest()
{
    if (m_core) {
        // A handle that goes away while its request is queued takes the request with it.
        int expected = detail::RequestCore::Queued;
        m_core->phase.compare_exchange_strong(expected, detail::RequestCore::Dropped);
        m_core->detachHandle();
    }
}

void DbRequest::attach(std::shared_ptr<detail::RequestCore> core)
{
    m_core = std::move(core);
    std::lock_guard<std::mutex> lock(m_core->mutex);
    m_core->handle = this;
}

void DbRequest::cancel()
{
    if (!isActive() || m_cancelRequested)
        return;
    m_cancelRequested = true;
    emit cancelRequested();
    int expected = detail::RequestCore::Queued;
    if (m_core && m_core->phase.compare_exchange_strong(expected, detail::RequestCore::Dropped)) {
        finish(State::Cancelled, {}, {}); // never ran
        return;
    }
    // Running (or finishing: then this is a no-op and the result is on its way).
    m_canceller->cancelRequest(m_id);
}

void DbRequest::markRunning()
{
    if (m_state != State::Queued)
        return;
    m_state = State::Running;
    emit started();
}

void DbRequest::finish(State state, std::any result, const DbFailure &failure)
{
    if (!isActive())
        return;
    m_state = state;
    m_result = std::move(result);
    m_failure = failure;
    switch (state) {
    case State::Succeeded:
        emit succeeded();
        break;
    case State::Failed:
        emit failed(m_failure);
        break;
    case State::Cancelled:
        emit cancelled();
        break;
    case State::Queued:
    case State::Running:
        break;
    }
    emit finished(state);
}

namespace detail {

void RequestCore::postRunning()
{
    post([](DbRequest *h) { h->markRunning(); });
}

void RequestCore::postProgress(const QString &stage, int done, int total)
{
    post([stage, done, total](DbRequest *h) { emit h->progress(stage, done, total); });
}

void RequestCore::postFinished(DbRequest::State state, std::any result, const DbFailure &failure)
{
    post([state, result = std::move(result), failure](DbRequest *h) mutable {
        h->finish(state, std::move(result), failure);
    });
}

void RequestCore::detachHandle()
{
    std::lock_guard<std::mutex> lock(mutex);
    handle = nullptr;
}

} // namespace detail

} // namespace purga
