#pragma once

// Why a statement failed, told by its SQLSTATE (never by the message text, which the server
// translates with lc_messages).

#include <QString>

class QSqlQuery;

namespace purga {

enum class SqlFailure {
    None,
    Cancelled,        // 57014 after we asked for a cancel
    StatementTimeout, // 57014 without a cancel of ours: statement_timeout fired
    LockTimeout,      // 55P03 lock_not_available (lock_timeout)
    ConnectionLost,   // class 08, or no SQLSTATE at all (the driver lost the server)
    Other,
};

// `cancelRequested`: whether our own canceller asked for the cancel (57014 serves both).
SqlFailure classifyFailure(const QString &sqlState, bool cancelRequested);
SqlFailure classifyFailure(const QSqlQuery &failedQuery, bool cancelRequested);

} // namespace purga
