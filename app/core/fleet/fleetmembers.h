#pragma once

// A fleet: the saved profiles that carry every tag asked for (`--tag region:eu --tag prod`), and the
// order a fleet purge takes them in (production profiles last unless told otherwise). Each member
// stays a profile of its own: its connection, TLS, keychain password and environment colour are the
// profile's, read by the one-server command that runs it (fleetrunner.h).
#include "core/pg/connectionprofile.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace purga {

class ProfileStore;

struct FleetMember
{
    QString profile; // the saved profile's name
    QStringList tags;
    ProfileEnvironment environment = ProfileEnvironment::None;
    QString target; // "user@host:port/db", for the table (never a password)
};

// Every saved profile carrying all of `tags`, by name. An empty `tags` selects nobody: a fleet is
// always named (a typo must not become "every profile").
QList<FleetMember> fleetMembers(const ProfileStore &store, const QStringList &tags);
// The same for the profiles named in `names` (a retry), in that order; unknown names are left out
// and listed in *missing.
QList<FleetMember> namedMembers(const ProfileStore &store, const QStringList &names, QStringList *missing);

// The purge order: with productionLast, every production profile after all others (each group
// keeps its order); otherwise `members` unchanged.
QList<FleetMember> purgeOrder(const QList<FleetMember> &members, bool productionLast);

} // namespace purga
