#pragma once

// Why a database request failed: one translated line for the user, a stable id for code and JSON
// (the connect kinds of PgConnection::open), and the server's own text.
#include <QCoreApplication>
#include <QMetaType>
#include <QString>

namespace purga {

// Why a connection attempt failed, as specific as libpq lets us tell.
struct ConnectError
{
    enum class Kind {
        None,
        WrongPassword,
        PasswordMissing,
        Unreachable,
        Timeout,
        DatabaseMissing,
        Ssl,
        DriverMissing,
        Other,
        NotAuthorized,
        ServerUnavailable,
        InvalidSettings
    };
    Kind kind = Kind::None;
    QString message;  // translated, one line, for the user; never quotes the server
    QString detail;   // what libpq or the server said, verbatim (never contains the password)
    QString sqlState; // when the server answered with an error, e.g. "28P01"

    static QString kindId(Kind k); // stable id for JSON: "wrong_password", ...
};

// The words of connection failures (connectparams.cpp, tlsdiagnosis.cpp) keep PgConnection's
// translation context.
struct ConnectMessages
{
    Q_DECLARE_TR_FUNCTIONS(PgConnection)
};

struct DbFailure
{
    QString message;
    QString kindId;
    QString detail;
};

} // namespace purga

Q_DECLARE_METATYPE(purga::DbFailure)
