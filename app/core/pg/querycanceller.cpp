#include "querycanceller.h"

#include <libpq-fe.h>

#include <chrono>
#include <condition_variable>
#include <thread>

#ifdef Q_OS_WIN
#include <winsock2.h>
#else
#include <sys/socket.h>
#endif

namespace purga {

// Cancel requests still being sent; shared with their threads, which may outlive the canceller.
struct QueryCanceller::Delivery
{
    std::mutex mutex;
    std::condition_variable done;
    int outstanding = 0;
};

QueryCanceller::QueryCanceller()
    : m_delivery(std::make_shared<Delivery>())
{
}

QueryCanceller::~QueryCanceller()
{
    disarm();
}

void QueryCanceller::arm(PGconn *conn)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_cancel.reset();
    m_socket = -1;
    if (!conn)
        return;
    if (PGcancel *c = PQgetCancel(conn))
        m_cancel = std::shared_ptr<PGcancel>(c, [](PGcancel *p) { PQfreeCancel(p); });
    m_socket = PQsocket(conn);
}

void QueryCanceller::disarm()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    // A cancel thread still sending keeps its own reference: this never waits for it.
    m_cancel.reset();
    m_socket = -1;
}

void QueryCanceller::cancel()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    cancelLocked();
}

void QueryCanceller::cancelLocked()
{
    m_cancelled.store(true);
    if (!m_cancel)
        return;
    ++m_sent;
    {
        std::lock_guard<std::mutex> d(m_delivery->mutex);
        ++m_delivery->outstanding;
    }
    std::thread([c = m_cancel, delivery = m_delivery] {
        char buf[256];
        PQcancel(c.get(), buf, sizeof buf);
        std::lock_guard<std::mutex> d(delivery->mutex);
        --delivery->outstanding;
        delivery->done.notify_all();
    }).detach();
}

void QueryCanceller::beginRequest(quint64 requestId)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_cancelled.store(false);
    m_current = requestId;
}

void QueryCanceller::endRequest()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_current = 0;
}

bool QueryCanceller::cancelRequest(quint64 requestId)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (requestId == 0 || m_current != requestId)
        return false;
    cancelLocked();
    return true;
}

bool QueryCanceller::waitForDelivery(int msec)
{
    std::unique_lock<std::mutex> d(m_delivery->mutex);
    return m_delivery->done.wait_for(d, std::chrono::milliseconds(msec),
                                     [this] { return m_delivery->outstanding == 0; });
}

bool QueryCanceller::abort()
{
    // Under the mutex: the connection's thread cannot close the socket (and the number be reused
    // by another file) while it is being shut down here.
    std::lock_guard<std::mutex> lock(m_mutex);
    m_cancelled.store(true);
    if (m_socket < 0)
        return false;
#ifdef Q_OS_WIN
    ::shutdown(static_cast<SOCKET>(m_socket), SD_BOTH);
#else
    ::shutdown(m_socket, SHUT_RDWR);
#endif
    return true;
}

} // namespace purga
