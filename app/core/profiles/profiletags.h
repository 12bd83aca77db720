#pragma once

// The tags of a profile (ConnectionProfile::tags) as text: what a tag may be, the one order they are
// kept in, and whether a profile carries every tag a fleet asks for (`fleet … --tag T`).
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace purga {

struct ConnectionProfile;

class ProfileTags
{
    Q_DECLARE_TR_FUNCTIONS(ProfileTags)
public:
    // Trimmed, empty ones dropped, duplicates removed, sorted: the form saved and compared.
    static QStringList normalized(const QStringList &tags);
    // Why `tag` cannot be a tag (translated), empty when it can: 1 to 64 characters, letters,
    // digits and "_-.:=/", so that it reads the same on a command line, in JSON and in the settings.
    static QString problem(const QString &tag);
    // The profile carries every tag of `wanted` (an empty list is carried by every profile).
    static bool carriesAll(const ConnectionProfile &profile, const QStringList &wanted);
};

// Short form used by ProfileStore.
inline QStringList normalizedTags(const QStringList &tags)
{
    return ProfileTags::normalized(tags);
}

} // namespace purga
