#pragma once

// Internal to DbSession: the request queue and the thread that owns the session's connection
// (qBittorrent's resume-data storage worker is the model: one job queue on one thread,
// requestInterruption() + wait() on shutdown).

#include "dbcontext.h"
#include "dbrequest.h"

#include <QThread>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

namespace purga {

namespace detail {

class DbWorker : public QThread
{
public:
    explicit DbWorker(std::shared_ptr<QueryCanceller> canceller);
    ~DbWorker() override;

    void enqueue(std::shared_ptr<RequestCore> core);
    // Asks the thread to end after the request it runs (queued ones are not run).
    void stop();
    // Called on this thread, once per connection, when the connection is found lost: by a request
    // that failed on it, or by the keep-alive (a SELECT 1 after `interval` without a request).
    // An empty function stops the reports (before the session goes away).
    void setLostHandler(std::function<void(const DbFailure &)> handler);
    void setKeepAliveInterval(std::chrono::milliseconds interval);

protected:
    void run() override;

private:
    void execute(RequestCore &core);
    void setConnection(std::unique_ptr<PgConnection> conn);
    void keepAlive();
    // After a failure: when the connection is gone, the failure says so (never an empty reason).
    void checkLost(DbFailure *failure);
    void reportLost(const DbFailure &failure);
    friend class purga::DbContext;

    std::shared_ptr<QueryCanceller> m_canceller;
    std::unique_ptr<PgConnection> m_conn;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<std::shared_ptr<RequestCore>> m_queue;
    std::function<void(const DbFailure &)> m_onLost; // under m_mutex
    std::chrono::milliseconds m_keepAlive{10000};    // under m_mutex
    bool m_lost = false;                             // this thread only: m_conn is lost and was reported
};

} // namespace detail

} // namespace purga
