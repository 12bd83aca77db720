// The diagnosis attempt's guard: peek at the server's answer to the startup packet (raw or
// through libpq's TLS session) and stop the attempt before libpq could send any password.
#include "authguard.h"

#include <QElapsedTimer>
#include <QThread>
#include <QtGlobal>

#include <libpq-fe.h>
#include <openssl/ssl.h>

#include <cerrno>

#ifdef Q_OS_UNIX
#include <poll.h>
#include <sys/socket.h>
#endif

namespace purga {

namespace {

enum PeekResult { PeekClosed = 0, PeekWouldBlock = -1, PeekError = -2 };

// Up to `len` bytes the next read would return, left in place; or a PeekResult.
int peek(PGconn *conn, unsigned char *buf, int len)
{
    if (PQsslInUse(conn) == 1) {
        SSL *ssl = static_cast<SSL *>(PQsslStruct(conn, "OpenSSL"));
        if (!ssl)
            return PeekError;
        const int n = SSL_peek(ssl, buf, len);
        if (n > 0)
            return n;
        const int why = SSL_get_error(ssl, n);
        return why == SSL_ERROR_WANT_READ || why == SSL_ERROR_WANT_WRITE ? PeekWouldBlock
               : why == SSL_ERROR_ZERO_RETURN                            ? PeekClosed
                                                                         : PeekError;
    }
#ifdef Q_OS_UNIX
    const ssize_t n = ::recv(PQsocket(conn), buf, size_t(len), MSG_PEEK | MSG_DONTWAIT);
    if (n >= 0)
        return int(n);
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? PeekWouldBlock : PeekError;
#else
    return (void)buf, (void)len, PeekWouldBlock; // no raw peek here: the guard stops the attempt
#endif
}

bool waitReadable(PGconn *conn, qint64 leftMs)
{
#ifdef Q_OS_UNIX
    if (leftMs <= 0)
        return false;
    pollfd fd{PQsocket(conn), POLLIN, 0};
    int n;
    do
        n = ::poll(&fd, 1, int(leftMs));
    while (n < 0 && errno == EINTR);
    return n > 0;
#else
    return (void)conn, (void)leftMs, false;
#endif
}

bool stop(AuthGuard *guard, int request)
{
    guard->stopped = true;
    guard->request = request;
    return true;
}

} // namespace

bool stopBeforeAuthAnswer(PGconn *conn, AuthGuard *guard)
{
    if (PQstatus(conn) != CONNECTION_AWAITING_RESPONSE)
        return false;
    guard->tlsInUse = PQsslInUse(conn) == 1;
    if (PQgssEncInUse(conn) == 1)
        return stop(guard, -2); // GSSAPI-wrapped bytes cannot be peeked at: stop, to be safe
    QElapsedTimer clock;
    clock.start();
    unsigned char head[9];
    int seen = -1; // bytes seen at the last look, to wait for more when it did not grow
    for (;;) {
        const int n = peek(conn, head, int(sizeof head));
        if (n == PeekClosed || n == PeekError)
            return false; // nothing to answer: libpq reads the end and fails on its own
        if (n >= 1 && head[0] == 'E')
            return false; // ErrorResponse: libpq reads the SQLSTATE and fails
        if (n == int(sizeof head)) {
            if (head[0] != 'R')
                return stop(guard, -2);
            const int code = (head[5] << 24) | (head[6] << 16) | (head[7] << 8) | head[8];
            return code == 0 ? false : stop(guard, code); // 0: AuthenticationOk, nothing asked
        }
        // Not all of it yet. Through TLS a peek returns one record at most: a record that did
        // not grow is a split message, stopped. Raw bytes already there keep the socket
        // readable, so a partial message is waited for by time; a peer that never completes
        // it runs out of time.
        const qint64 left = guard->waitMs - clock.elapsed();
        if (n > 0 && n == seen && guard->tlsInUse)
            return stop(guard, -1);
        const bool more = n > 0 ? (QThread::msleep(5), left > 0) : waitReadable(conn, left);
        if (!more) {
            guard->timedOut = true;
            return stop(guard, -1);
        }
        seen = n;
    }
}

bool tlsBytesBuffered(PGconn *conn)
{
    if (PQsslInUse(conn) != 1)
        return false;
    SSL *ssl = static_cast<SSL *>(PQsslStruct(conn, "OpenSSL"));
    return ssl && SSL_pending(ssl) > 0;
}

} // namespace purga
