#pragma once

// One request of the GUI's database session: the handle its asker holds (DbRequest) and the core
// it shares with the session's worker thread (detail::RequestCore).
#include "core/pg/dbfailure.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>

#include <any>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

namespace purga {

class DbContext;
class DbSession;
class QueryCanceller;

namespace detail {
struct RequestCore;
}

// One database request of the GUI's session, as seen from the thread that asked for it (KeePassXC's
// AsyncTask, with cancel). It lives in the asking thread and reports only about itself:
// started → progress… → exactly one of succeeded / failed / cancelled → finished.
// cancel() touches only this request: a queued one is dropped (it never runs), a running one is
// interrupted in flight. The session deletes the handle (deleteLater) after finished; keep a
// QPointer to it. Connect with a context object: delivery stops when the receiver is gone.
class DbRequest : public QObject
{
    Q_OBJECT
public:
    enum class State { Queued, Running, Succeeded, Failed, Cancelled };
    Q_ENUM(State)

    ~DbRequest() override;

    quint64 id() const { return m_id; }
    QString label() const { return m_label; }
    State state() const { return m_state; }
    bool isActive() const { return m_state == State::Queued || m_state == State::Running; }
    bool isCancelRequested() const { return m_cancelRequested; }
    const DbFailure &failure() const { return m_failure; }

    // The result of a request that succeeded, of the type its submitter declared.
    template <typename T> const T &result() const { return std::any_cast<const T &>(m_result); }

    // fn(const T &) in receiver's thread when the request succeeds (not if receiver is gone).
    template <typename T, typename Fn> DbRequest *onSucceeded(const QObject *receiver, Fn fn)
    {
        connect(this, &DbRequest::succeeded, receiver, [this, fn] { fn(result<T>()); });
        return this;
    }

public slots:
    void cancel();

signals:
    void started();
    void progress(const QString &stage, int done, int total);
    void succeeded();
    void failed(const purga::DbFailure &failure);
    void cancelled();
    void finished(purga::DbRequest::State state); // after the one of the three above
    void cancelRequested();

private:
    friend class DbSession;
    friend struct detail::RequestCore;
    DbRequest(quint64 id, const QString &label, std::shared_ptr<QueryCanceller> canceller, QObject *parent);

    void attach(std::shared_ptr<detail::RequestCore> core);
    void markRunning();
    void finish(State state, std::any result, const DbFailure &failure);

    quint64 m_id;
    QString m_label;
    State m_state = State::Queued;
    bool m_cancelRequested = false;
    std::any m_result;
    DbFailure m_failure;
    std::shared_ptr<QueryCanceller> m_canceller;
    std::shared_ptr<detail::RequestCore> m_core;
};

// A DbRequest of known result type: what DbSession's named methods return. A thin view: it holds
// a QPointer to the handle (null once the session deleted it), so it may be kept as a member, and it
// converts to DbRequest * for the handle's signals and state.
//     m_request = session->preview(rules);
//     m_request.onSucceeded(this, [this](const PreviewPlan &plan) { ... });
//     m_request.onFailed(this, [this](const DbFailure &f) { ... });
template <typename T> class Request
{
public:
    Request() = default;
    explicit Request(DbRequest *request)
        : m_request(request)
    {
    }

    // fn(const T &) in receiver's thread when the request succeeds (not if receiver is gone).
    template <typename Fn> const Request &onSucceeded(const QObject *receiver, Fn fn) const
    {
        if (m_request)
            m_request->template onSucceeded<T>(receiver, std::move(fn));
        return *this;
    }
    // fn(const DbFailure &) in receiver's thread when the request fails (not when it is cancelled).
    template <typename Fn> const Request &onFailed(const QObject *receiver, Fn fn) const
    {
        if (m_request)
            QObject::connect(m_request.data(), &DbRequest::failed, receiver, std::move(fn));
        return *this;
    }
    void cancel() const
    {
        if (m_request)
            m_request->cancel();
    }
    // The result, once the request succeeded.
    const T &get() const { return m_request->template result<T>(); }

    DbRequest *handle() const { return m_request.data(); }
    operator DbRequest *() const { return m_request.data(); }
    DbRequest *operator->() const { return m_request.data(); }
    bool isActive() const { return m_request && m_request->isActive(); }

private:
    QPointer<DbRequest> m_request;
};

namespace detail {

using RequestWork = std::function<bool(DbContext &ctx, std::any *result, DbFailure *failure)>;

// Shared by a request's handle (asking thread) and the worker.
struct RequestCore
{
    enum Phase { Queued, Running, Done, Dropped };

    quint64 id = 0;
    bool needsConnection = true;
    RequestWork work;
    std::atomic<int> phase{Queued};

    // Queues fn to run in the handle's thread, unless the handle is gone. Under the mutex the
    // handle cannot finish being destroyed, and Qt drops events posted to a destroyed object.
    template <typename Fn> void post(Fn fn)
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (handle)
            QMetaObject::invokeMethod(
                handle, [h = handle, fn = std::move(fn)]() mutable { fn(h); }, Qt::QueuedConnection);
    }
    void postRunning();
    void postProgress(const QString &stage, int done, int total);
    void postFinished(DbRequest::State state, std::any result, const DbFailure &failure);
    void detachHandle();

    std::mutex mutex;
    DbRequest *handle = nullptr;
};

} // namespace detail

} // namespace purga
