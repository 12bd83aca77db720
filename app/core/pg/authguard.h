#pragma once

// The guard that keeps the failure diagnosis (a second libpq attempt) from ever answering a
// server's authentication request: whatever password libpq found (the one given, PGPASSWORD,
// ~/.pgpass, a service file), the attempt stops before the step that would send it.
struct pg_conn;
typedef struct pg_conn PGconn;

namespace purga {

struct AuthGuard
{
    int waitMs = 5000;     // how long to wait for the server's first answer to the startup packet
    bool stopped = false;  // the attempt was stopped before answering the server
    int request = -1;      // the authentication request it was stopped at (3 clear text, 5 MD5,
                           // 10 SASL, ...), -2 for another message, -1 none seen
    bool tlsInUse = false; // TLS was in use when the server answered the startup packet
    bool timedOut = false; // no (complete) answer within waitMs
};

// Called before each PQconnectPoll step of a diagnosis attempt: true (stop the attempt) when the
// next step could answer the server. The server's first message is peeked at without consuming
// it, through TLS when in use; only an error or AuthenticationOk (no password asked) let the
// attempt go on. A message split to defeat the peek or no answer at all also stop it.
bool stopBeforeAuthAnswer(PGconn *conn, AuthGuard *guard);

// Bytes already decrypted and held by the TLS layer (after a peek): the socket may not be
// readable although libpq has something to read, so the caller must not wait on it.
bool tlsBytesBuffered(PGconn *conn);

} // namespace purga
