#pragma once

// The environment of a profile (connectionprofile.h) as text: the id saved in the profiles file and
// taken by the CLI's --environment, and the guess for profiles saved before the field existed.
#include "core/pg/connectionprofile.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace purga {

// "none", "development", "staging", "production".
QString environmentId(ProfileEnvironment environment);
QStringList environmentIds();
// The environment for an id (case-insensitive); nullopt for anything else.
std::optional<ProfileEnvironment> environmentFromId(const QString &id);

// For a profile that never had its environment chosen (saved by an older version, or a libpq
// service): Production when its name, database or service contains "prod", otherwise None.
ProfileEnvironment guessEnvironment(const ConnectionProfile &profile);

} // namespace purga
