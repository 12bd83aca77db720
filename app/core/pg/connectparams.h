#pragma once

// How PgConnection::open() turns a profile into libpq keywords, and why a connection failed.
#include "connectionprofile.h"
#include "dbfailure.h"
#include "libpqinfo.h"

struct pg_conn;
typedef struct pg_conn PGconn;

namespace purga {

// The keywords of `profile` (its conninfo parsed by libpq, its service, or its fields), plus
// connect_timeout and application_name. False with `error` set when the conninfo does not parse
// (the message never repeats a password).
bool connectionParams(const ConnectionProfile &profile, ConnParams *out, DbFailure *error);

QByteArray paramValue(const ConnParams &params, const char *keyword);
// The keyword's value, or when `params` lack it libpq's environment default (`envVar`, e.g.
// PGSSLMODE): what libpq applies. *fromEnv (optional) says which one it was.
QByteArray paramOrEnv(const ConnParams &params, const char *keyword, const char *envVar,
                      bool *fromEnv = nullptr);

// Called after the Qt driver failed to connect: tells why without reading libpq's or the
// server's prose, whose language depends on locales (ours and the server's lc_messages).
// A failure that took the whole connect timeout is a timeout. Otherwise the same parameters
// are tried once more directly with libpq, with verbose errors (so that a server's error
// carries its SQLSTATE) and the connection stage followed (so that a failure before the
// server answered is told by where it happened). Qt's driver offers neither: it frees the
// PGconn on failure. The cost is a second attempt only when the first one failed.
DbFailure diagnoseConnectFailure(const ConnParams &params, const QString &password,
                                 const ConnectionProfile &profile, const QString &driverText,
                                 qint64 elapsedMs);

// PQconnectStartParams with `params` (and `password` when not empty); nullptr when out of memory.
PGconn *startConnect(const ConnParams &params, const QByteArray &password);
// Drives an asynchronous libpq connection attempt until it succeeds, fails, `timeoutSec` runs out
// (*timedOut) or `stop` returns true for the status it is in (checked before each step).
int driveConnect(PGconn *conn, int timeoutSec, bool *timedOut, bool (*stop)(PGconn *, void *) = nullptr,
                 void *stopData = nullptr);

// Why the TLS stage of a connection failed (server declines TLS, certificate names another host,
// certificate not signed by the root certificate), told by looking again at the handshake alone:
// these looks stop right after TLS is settled and never send a startup packet or a password.
DbFailure explainTlsFailure(const ConnParams &params, const ConnectionProfile &profile, int timeoutSec);
// A server that refused (28000) a connection made with sslmode=disable: when it offers TLS, the
// refusal is taken as its pg_hba.conf requiring TLS (hostssl) and said so; false otherwise.
bool explainTlsRequired(const ConnParams &params, const ConnectionProfile &profile, DbFailure *error);

} // namespace purga
