#pragma once

// Internal to DbSession: the request queue and the thread that owns the session's connection
// (qBittorrent's resume-data storage worker is the model: one job queue on one thread,
// requestInterruption() + wait() on shutdown).

#include "dbcontext.h"
#include "dbrequest.h"

#include <QMetaObject>
#include <QThread>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>

namespace purga {

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

class DbWorker : public QThread
{
public:
    explicit DbWorker(std::shared_ptr<QueryCanceller> canceller);
    ~DbWorker() override;

    void enqueue(std::shared_ptr<RequestCore> core);
    // Asks the thread to end after the request it runs (queued ones are not run).
    void stop();

protected:
    void run() override;

private:
    void execute(RequestCore &core);
    void setConnection(std::unique_ptr<PgConnection> conn);
    friend class purga::DbContext;

    std::shared_ptr<QueryCanceller> m_canceller;
    std::unique_ptr<PgConnection> m_conn;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<std::shared_ptr<RequestCore>> m_queue;
};

} // namespace detail

} // namespace purga
