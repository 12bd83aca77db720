#include "buildinfo.h"

#include "core/util/purga_version.h"

namespace purga::buildinfo {

QString appVersion()
{
    return QStringLiteral(PURGA_VERSION);
}

QString licenseId()
{
    return QStringLiteral(PURGA_LICENSE);
}

QString appId()
{
    return QStringLiteral(PURGA_APP_ID);
}

QString qtVersion()
{
    return QString::fromLatin1(qVersion());
}

QString pgVersionText(int versionNum)
{
    if (versionNum <= 0)
        return QString();
    if (versionNum >= 100000) // 10 and later: major * 10000 + minor
        return QStringLiteral("%1.%2").arg(versionNum / 10000).arg(versionNum % 10000);
    return QStringLiteral("%1.%2.%3")
        .arg(versionNum / 10000)
        .arg(versionNum / 100 % 100)
        .arg(versionNum % 100);
}

} // namespace purga::buildinfo
