#pragma once

// How PgConnection::open() turns a profile into libpq keywords, and why a connection failed.
#include "connectionprofile.h"
#include "pgconnection.h"

#include <QByteArray>
#include <QList>
#include <QPair>

namespace purga {

// libpq keyword/value pairs, values exactly as libpq must see them (UTF-8, no quoting).
using ConnParams = QList<QPair<QByteArray, QByteArray>>;

// The keywords of `profile` (its conninfo parsed by libpq, its service, or its fields), plus
// connect_timeout and application_name. False with `error` set when the conninfo does not parse
// (the message never repeats a password).
bool connectionParams(const ConnectionProfile &profile, ConnParams *out, ConnectError *error);

QByteArray paramValue(const ConnParams &params, const char *keyword);

// Called after the Qt driver failed to connect: tells why without reading libpq's or the
// server's prose, whose language depends on locales (ours and the server's lc_messages).
// A failure that took the whole connect timeout is a timeout. Otherwise the same parameters
// are tried once more directly with libpq, with verbose errors (so that a server's error
// carries its SQLSTATE) and the connection stage followed (so that a failure before the
// server answered is told by where it happened). Qt's driver offers neither: it frees the
// PGconn on failure. The cost is a second attempt only when the first one failed.
ConnectError diagnoseConnectFailure(const ConnParams &params, const QString &password,
                                    const ConnectionProfile &profile, const QString &driverText,
                                    qint64 elapsedMs);

} // namespace purga
