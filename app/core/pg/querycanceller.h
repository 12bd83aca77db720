#pragma once

#include <QtGlobal>

#include <atomic>
#include <memory>
#include <mutex>

struct pg_conn;
typedef struct pg_conn PGconn;
struct pg_cancel;
typedef struct pg_cancel PGcancel;

namespace purga {

// Interrupts the statement in flight on one connection, from any thread (pgModeler's PQgetCancel /
// PQcancel approach), with an atomic flag so that "cancelled" is told apart from "failed".
//
// PQcancel opens a new network connection to the server and waits for it to answer: with a server
// that stopped answering it blocks for as long as TCP lets it. So cancel() never calls it on the
// caller's thread: a short-lived thread of its own sends the request, holding its own reference to
// the cancel object, and the caller returns at once.
//
// When even that cannot help (a backend stopped with SIGSTOP, a black-holed network), abort()
// shuts the connection's socket down: the statement in flight fails at once with "connection lost"
// and the thread that runs it is free again. Used only to bound shutdown (the GUI's) and a run
// whose server does not answer its cancel (the CLI's deadline after a signal). libpq may close the
// socket itself meanwhile (a lost connection) and the number be reused by another file: abort()
// shuts down only the socket it was armed with (same device and inode), and only once.
//
// Requests: a worker that runs several requests on one connection calls beginRequest(id) before
// each and endRequest() after it; cancelRequest(id) then cancels only while that request runs, so a
// late cancel never hits the next request in the queue.
class QueryCanceller
{
public:
    QueryCanceller();
    ~QueryCanceller();
    QueryCanceller(const QueryCanceller &) = delete;
    QueryCanceller &operator=(const QueryCanceller &) = delete;

    void arm(PGconn *conn); // in the connection's thread, after connecting
    void disarm();          // in the connection's thread, before closing it; never blocks

    // From any thread: sets the flag and asks the server to cancel the running statement. Returns
    // at once (the request to the server is sent from a thread of its own).
    void cancel();
    bool isCancelled() const { return m_cancelled.load(); }
    void reset() { m_cancelled.store(false); }

    void beginRequest(quint64 requestId); // clears the flag
    void endRequest();
    // From any thread: cancel() only if `requestId` is the request running now. Returns whether it was.
    bool cancelRequest(quint64 requestId);

    // From any thread: shut down the connection's socket (see above). Returns whether there was one.
    bool abort();
    // Whether abort() shut the socket down since arm(): a statement that failed then was cut off
    // by us, and whether the server committed what it had already received is the server's to say.
    bool isAborted() const { return m_aborted.load(); }

    // Waits (at most `msec`) until every cancel request sent so far has been delivered. A worker
    // calls it after a cancelled request, before the next one starts: PostgreSQL ignores a cancel
    // that reaches an idle backend, so a late one cannot then hit the next request's statement.
    bool waitForDelivery(int msec);

    // Number of cancel requests sent to a server so far (tests).
    int cancelRequestsSent() const { return m_sent.load(); }

private:
    struct Delivery;
    void cancelLocked();

    std::atomic<bool> m_cancelled{false};
    std::atomic<bool> m_aborted{false};
    std::atomic<int> m_sent{0};
    std::mutex m_mutex;
    std::shared_ptr<PGcancel> m_cancel;
    std::shared_ptr<Delivery> m_delivery;
    int m_socket = -1;
    quint64 m_socketDevice = 0; // the armed socket's identity (fstat), checked before shutdown
    quint64 m_socketInode = 0;
    quint64 m_current = 0;
};

} // namespace purga
