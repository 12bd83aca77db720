// Fleet membership by tags and the production-last order of a fleet purge.
#include "fleetmembers.h"

#include "core/profiles/profilestore.h"
#include "core/profiles/profiletags.h"

#include <algorithm>

namespace purga {

namespace {

FleetMember memberOf(const ConnectionProfile &p)
{
    return FleetMember{p.name, p.tags, p.environment, p.displayTarget()};
}

} // namespace

QList<FleetMember> fleetMembers(const ProfileStore &store, const QStringList &tags)
{
    QList<FleetMember> out;
    const QStringList wanted = ProfileTags::normalized(tags);
    if (wanted.isEmpty())
        return out;
    for (const QString &name : store.names()) {
        const std::optional<ConnectionProfile> p = store.load(name);
        if (p && ProfileTags::carriesAll(*p, wanted))
            out << memberOf(*p);
    }
    return out;
}

QList<FleetMember> namedMembers(const ProfileStore &store, const QStringList &names, QStringList *missing)
{
    QList<FleetMember> out;
    for (const QString &name : names) {
        if (const std::optional<ConnectionProfile> p = store.load(name))
            out << memberOf(*p);
        else if (missing)
            *missing << name;
    }
    return out;
}

QList<FleetMember> purgeOrder(const QList<FleetMember> &members, bool productionLast)
{
    QList<FleetMember> out = members;
    if (productionLast)
        std::stable_partition(out.begin(), out.end(), [](const FleetMember &m) {
            return m.environment != ProfileEnvironment::Production;
        });
    return out;
}

} // namespace purga
