#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace purga {

// Where a connection's password comes from.
enum class PasswordSource {
    Keychain, // the OS keychain, keyed by profile name (PasswordStore)
    Libpq     // libpq's own rules: PGPASSWORD, ~/.pgpass, service file (--conninfo, pg_service)
};

// What a profile points at, chosen by its owner: the main window is coloured after it (production
// red, staging amber, development green; None: no colour). Saved as "environment" (environmentId()).
enum class ProfileEnvironment { None, Development, Staging, Production };

// A named set of connection parameters. Saved with QSettings by ProfileStore; never holds a password.
struct ConnectionProfile
{
    QString name;
    QString host = QStringLiteral("localhost");
    int port = 5432;
    QString database = QStringLiteral("core");
    QString user = QStringLiteral("identidad_purga");
    QString sslMode = QStringLiteral("prefer"); // disable|allow|prefer|require|verify-ca|verify-full
    QString sslRootCert;                        // path, for verify-ca / verify-full
    int connectTimeoutSec = 5;
    QString applicationName = QStringLiteral("purga-sesiones");
    QString service;  // libpq service name (pg_service.conf); when set, host/port/db/user come from it
    QString conninfo; // raw libpq conninfo (CLI --conninfo); when set, it wins over the fields above
    // The CLI's psql way (-h/-p/-d/-U or no connection flag at all): `conninfo` (possibly empty)
    // is all there is, and libpq completes it from PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE,
    // PGSSLMODE, ~/.pgpass as psql does; the fields above are ignored.
    bool libpqEnvironment = false;
    PasswordSource passwordSource = PasswordSource::Keychain;
    ProfileEnvironment environment = ProfileEnvironment::None;
    // The DBA's word that a connection pooler on this route keeps one server connection per client
    // session (pgbouncer pool_mode=session). Behind a pooler purges and freezes are refused without
    // it; with it every batch verifies that its own backend holds the purge lock.
    bool assumeSessionPooler = false;
    // Labels that group profiles into fleets ("region:eu", "prod"): `fleet … --tag T` takes every
    // profile carrying all the tags asked for. Sorted, without duplicates (ProfileStore keeps them so).
    QStringList tags;

    // Purge settings per profile (validated by RuleSettings in rules.h).
    QMap<QString, QString> ruleOverrides;

    // "user@host:port/database" for the connection bar and logs (never the password).
    QString displayTarget() const;
};

} // namespace purga
