#include "dbfailure.h"

#include <QSqlError>
#include <QSqlQuery>

namespace purga {

QString DbFailure::kindId(Kind k)
{
    switch (k) {
    case Kind::None:
        return QStringLiteral("none");
    case Kind::WrongPassword:
        return QStringLiteral("wrong_password");
    case Kind::PasswordMissing:
        return QStringLiteral("password_missing");
    case Kind::Unreachable:
        return QStringLiteral("unreachable");
    case Kind::Timeout:
        return QStringLiteral("timeout");
    case Kind::DatabaseMissing:
        return QStringLiteral("database_missing");
    case Kind::Ssl:
        return QStringLiteral("ssl");
    case Kind::DriverMissing:
        return QStringLiteral("driver_missing");
    case Kind::Other:
        return QStringLiteral("other");
    case Kind::NotAuthorized:
        return QStringLiteral("not_authorized");
    case Kind::ServerUnavailable:
        return QStringLiteral("server_unavailable");
    case Kind::InvalidSettings:
        return QStringLiteral("invalid_settings");
    case Kind::Cancelled:
        return QStringLiteral("cancelled");
    case Kind::StatementTimeout:
        return QStringLiteral("statement_timeout");
    case Kind::LockTimeout:
        return QStringLiteral("lock_timeout");
    case Kind::ConnectionLost:
        return QStringLiteral("connection_lost");
    }
    return QStringLiteral("other");
}

DbFailure::Kind DbFailure::fromSqlState(const QString &sqlState, bool cancelRequested)
{
    // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now: the server ended the
    // session (a stop or restart); it is gone as surely as after a class 08 error.
    if (sqlState.isEmpty() || sqlState.startsWith(QLatin1String("08")) ||
        sqlState == QLatin1String("57P01") || sqlState == QLatin1String("57P02") ||
        sqlState == QLatin1String("57P03"))
        return Kind::ConnectionLost;
    if (sqlState == QLatin1String("57014"))
        return cancelRequested ? Kind::Cancelled : Kind::StatementTimeout;
    if (sqlState == QLatin1String("55P03"))
        return Kind::LockTimeout;
    return Kind::Other;
}

DbFailure::Kind DbFailure::fromQuery(const QSqlQuery &failedQuery, bool cancelRequested)
{
    return fromSqlState(failedQuery.lastError().nativeErrorCode(), cancelRequested);
}

DbFailure DbFailure::ofQuery(const QSqlQuery &failedQuery, bool cancelRequested, const QString &message)
{
    DbFailure f;
    f.sqlState = failedQuery.lastError().nativeErrorCode();
    f.kind = fromSqlState(f.sqlState, cancelRequested);
    f.message = message;
    return f;
}

DbFailure DbFailure::connectionLost(const QString &driverText)
{
    DbFailure f;
    f.kind = Kind::ConnectionLost;
    f.message = tr("The connection to the server was lost.");
    f.detail = driverText.trimmed();
    return f;
}

QString DbFailure::reason() const
{
    if (!message.trimmed().isEmpty())
        return message;
    switch (kind) {
    case Kind::ConnectionLost:
        return tr("The connection to the server was lost.");
    case Kind::Cancelled:
        return tr("Cancelled.");
    case Kind::StatementTimeout:
        return tr("The statement ran longer than statement_timeout allows.");
    case Kind::LockTimeout:
        return tr("A lock was not granted within lock_timeout.");
    default:
        break;
    }
    if (!detail.trimmed().isEmpty())
        return detail.trimmed();
    return sqlState.isEmpty() ? tr("The database gave no reason.")
                              : tr("The database gave no reason (SQLSTATE %1).").arg(sqlState);
}

} // namespace purga
