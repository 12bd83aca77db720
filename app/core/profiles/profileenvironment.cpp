#include "profileenvironment.h"

namespace purga {

QString environmentId(ProfileEnvironment environment)
{
    switch (environment) {
    case ProfileEnvironment::Development:
        return QStringLiteral("development");
    case ProfileEnvironment::Staging:
        return QStringLiteral("staging");
    case ProfileEnvironment::Production:
        return QStringLiteral("production");
    case ProfileEnvironment::None:
        break;
    }
    return QStringLiteral("none");
}

QStringList environmentIds()
{
    return {QStringLiteral("none"), QStringLiteral("development"), QStringLiteral("staging"),
            QStringLiteral("production")};
}

std::optional<ProfileEnvironment> environmentFromId(const QString &id)
{
    for (ProfileEnvironment e : {ProfileEnvironment::None, ProfileEnvironment::Development,
                                 ProfileEnvironment::Staging, ProfileEnvironment::Production}) {
        if (id.compare(environmentId(e), Qt::CaseInsensitive) == 0)
            return e;
    }
    return std::nullopt;
}

ProfileEnvironment guessEnvironment(const ConnectionProfile &profile)
{
    const QLatin1String prod("prod");
    if (profile.name.contains(prod, Qt::CaseInsensitive) ||
        profile.database.contains(prod, Qt::CaseInsensitive) ||
        profile.service.contains(prod, Qt::CaseInsensitive))
        return ProfileEnvironment::Production;
    return ProfileEnvironment::None;
}

} // namespace purga
