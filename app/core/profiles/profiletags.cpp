// Profile tags: normalisation, the characters a tag may hold, and the all-of match of a fleet.
#include "profiletags.h"

#include "core/pg/connectionprofile.h"

#include <algorithm>

namespace purga {

QStringList ProfileTags::normalized(const QStringList &tags)
{
    QStringList out;
    for (const QString &t : tags) {
        const QString tag = t.trimmed();
        if (!tag.isEmpty() && !out.contains(tag))
            out << tag;
    }
    std::sort(out.begin(), out.end());
    return out;
}

QString ProfileTags::problem(const QString &tag)
{
    if (tag.isEmpty() || tag.size() > 64)
        return tr("A tag has 1 to 64 characters (\"%1\" has %2).").arg(tag).arg(tag.size());
    for (const QChar c : tag) {
        const bool allowed = c.isLetterOrNumber() || QStringLiteral("_-.:=/").contains(c);
        if (!allowed)
            return tr("The tag \"%1\" holds \"%2\": a tag takes letters, digits and _ - . : = / only.")
                .arg(tag, QString(c));
    }
    return QString();
}

bool ProfileTags::carriesAll(const ConnectionProfile &profile, const QStringList &wanted)
{
    return std::all_of(wanted.cbegin(), wanted.cend(),
                       [&](const QString &t) { return profile.tags.contains(t.trimmed()); });
}

} // namespace purga
