#pragma once

#include "core/pg/connectionprofile.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QSettings;

namespace purga {

// Connection profiles in QSettings (organization and application "purga-sesiones", native format,
// user scope), one group per profile: "profiles/<name>/host", ".../port", ..., ".../rules/<key>".
// A password is never written: profiles whose conninfo carries one are refused by validate().
// Removing a profile does not touch the keychain: forget its password with PasswordStore too.
class ProfileStore
{
    Q_DECLARE_TR_FUNCTIONS(ProfileStore)
public:
    ProfileStore();
    ~ProfileStore();
    ProfileStore(const ProfileStore &) = delete;
    ProfileStore &operator=(const ProfileStore &) = delete;

    static QString organizationName(); // "purga-sesiones"
    static QString applicationName();  // "purga-sesiones"

    QStringList names() const; // sorted
    bool contains(const QString &name) const;
    std::optional<ConnectionProfile> load(const QString &name) const;
    // Validates first; false with the translated reasons in *error (joined by newlines).
    bool save(const ConnectionProfile &profile, QString *error = nullptr);
    // Replaces only the settings (rule overrides, pacing) of saved profile `name`: its stored
    // connection fields stay. True without writing anything when no such profile is saved.
    bool saveOverrides(const QString &name, const QMap<QString, QString> &overrides,
                       QString *error = nullptr);
    bool remove(const QString &name); // false when there was no such profile
    // Moves the profile's settings to a new name (its keychain entry is the caller's: see
    // PasswordStore). Refuses a name that exists or is not valid; false with the reason in *error.
    bool rename(const QString &from, const QString &to, QString *error = nullptr);
    // "NAME (copy)", or "NAME (copy 2)", ... : the first that is not taken.
    QString unusedCopyName(const QString &name) const;
    QString fileName() const; // the settings file, for messages and tests

private:
    std::unique_ptr<QSettings> m_settings;
};

// Translated reasons why a profile cannot be used or saved; empty when it is valid.
// Always checked: name (non-empty, no '/' or '\\', no surrounding spaces), connect timeout 1..120 s.
// Only when neither service nor conninfo is set (otherwise libpq ignores them): port 1..65535,
// sslmode one of libpq's, and verify-ca/verify-full need a readable root certificate (their own, or
// the system CA bundle when none is named: systemCaBundle()).
// With a service: it must be defined in a service file. With a conninfo: libpq must parse it and
// it must not contain a password.
QStringList validateProfile(const ConnectionProfile &profile);

// The service files libpq reads, in its order: $PGSERVICEFILE or ~/.pg_service.conf, then
// $PGSYSCONFDIR/pg_service.conf or /etc/postgresql-common/pg_service.conf (Debian's libpq).
QStringList libpqServiceFiles();
// Service names ("[name]" sections) found in those files, sorted, without duplicates.
QStringList libpqServices();
// A profile named after the service, with `service` set and passwordSource Libpq. host, port,
// dbname and user are copied from the service file when it has them (informational: libpq
// takes them from the service at connect time).
ConnectionProfile profileFromService(const QString &name);

} // namespace purga
