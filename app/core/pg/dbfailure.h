#pragma once

// Why a database operation failed, with its kind kept from where it was told to where it is shown:
// a connection attempt (PgConnection::open), a statement (told by its SQLSTATE, never by the
// message text, which the server translates with lc_messages), or a request of the session.
#include <QCoreApplication>
#include <QMetaType>
#include <QString>

class QSqlQuery;

namespace purga {

struct DbFailure
{
    enum class Kind {
        None,
        // A connection attempt, as specific as libpq lets us tell.
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
        InvalidSettings,
        // A statement.
        Cancelled,        // 57014 after we asked for a cancel
        StatementTimeout, // 57014 without a cancel of ours: statement_timeout fired
        LockTimeout,      // 55P03 lock_not_available (lock_timeout)
        ConnectionLost,   // class 08, a shutdown (57P01-57P03), or no SQLSTATE (the driver lost the server)
    };
    Kind kind = Kind::None;
    QString message;  // translated, one line, for the user; never quotes the server
    QString detail;   // what libpq or the server said, verbatim (never contains the password)
    QString sqlState; // when the server answered with an error, e.g. "28P01"

    // Stable id for code and JSON: "wrong_password", "statement_timeout", ...
    QString kindId() const { return kindId(kind); }
    static QString kindId(Kind kind);

    // `cancelRequested`: whether our own canceller asked for the cancel (57014 serves both).
    static Kind fromSqlState(const QString &sqlState, bool cancelRequested);
    static Kind fromQuery(const QSqlQuery &failedQuery, bool cancelRequested);
    // A failed statement: its kind and SQLSTATE, with the caller's `message`.
    static DbFailure ofQuery(const QSqlQuery &failedQuery, bool cancelRequested, const QString &message);

    // A request whose connection died under it (a server shutdown, a broken socket): kind
    // ConnectionLost, the translated message, and what the driver said kept as the detail.
    static DbFailure connectionLost(const QString &driverText = QString());
    // The reason to show: the message, else what the kind means; never empty.
    QString reason() const;

    Q_DECLARE_TR_FUNCTIONS(DbFailure) // last: it ends in "private:"
};

// The words of connection failures (connectparams.cpp, tlsdiagnosis.cpp) keep PgConnection's
// translation context.
struct ConnectMessages
{
    Q_DECLARE_TR_FUNCTIONS(PgConnection)
};

} // namespace purga

Q_DECLARE_METATYPE(purga::DbFailure)
