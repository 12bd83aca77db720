#include "querycanceller.h"

#include <libpq-fe.h>

#include <chrono>
#include <condition_variable>
#include <thread>
#include <tuple>
#include <utility>

#ifdef Q_OS_WIN
#include <winsock2.h>
#else
#include <sys/socket.h>
#include <sys/stat.h>
#endif

namespace purga {

namespace {

// The device and inode of an open socket (0, 0 when it is not open or not known).
std::pair<quint64, quint64> socketIdentity(int socket)
{
#ifdef Q_OS_WIN
    Q_UNUSED(socket);
    return {0, 0};
#else
    struct stat st
    {
    };
    if (socket < 0 || ::fstat(socket, &st) != 0 || !S_ISSOCK(st.st_mode))
        return {0, 0};
    return {quint64(st.st_dev), quint64(st.st_ino)};
#endif
}

} // namespace

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
    m_aborted.store(false);
    if (!conn)
        return;
    if (PGcancel *c = PQgetCancel(conn))
        m_cancel = std::shared_ptr<PGcancel>(c, [](PGcancel *p) { PQfreeCancel(p); });
    m_socket = PQsocket(conn);
    std::tie(m_socketDevice, m_socketInode) = socketIdentity(m_socket);
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
    const int socket = m_socket;
    m_socket = -1; // once: a shut-down socket needs no second shutdown, and its number may be reused
#ifdef Q_OS_WIN
    ::shutdown(static_cast<SOCKET>(socket), SD_BOTH);
#else
    // Not the armed socket any more (libpq closed it after a failure, the number went to another
    // file): nothing of ours to shut down.
    if (socketIdentity(socket) != std::make_pair(m_socketDevice, m_socketInode) || m_socketInode == 0)
        return false;
    ::shutdown(socket, SHUT_RDWR);
#endif
    m_aborted.store(true);
    return true;
}

} // namespace purga
