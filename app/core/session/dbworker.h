#pragma once

// Internal to DbSession: the request queue and the thread that owns the session's connection
// (qBittorrent's resume-data storage worker is the model: one job queue on one thread,
// requestInterruption() + wait() on shutdown).

#include "dbcontext.h"
#include "dbrequest.h"

#include <QThread>

#include <condition_variable>
#include <deque>
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
