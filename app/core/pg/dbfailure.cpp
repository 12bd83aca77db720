#include "dbfailure.h"

namespace purga {

QString ConnectError::kindId(Kind k)
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
    }
    return QStringLiteral("other");
}

} // namespace purga
