#pragma once

// The servers of the fleet tests (tst_cli_fleet, tst_fleetpage), saved as profiles through the real
// CLI: "a-stopped", a cluster of its own that is stopped (its password only in the keychain);
// "b-pooled", behind pgbouncer in transaction mode (refused); "c-locked", whose lock 731001 a "job"
// session holds; "d-healthy", a healthy production database; all four tagged "fleet" and
// "region:eu". "e-dev" (development) and "d-healthy" also carry "pair". Each seeded with refresh
// tokens around the 30-day boundary; what the rule keeps is recorded so a test can check that
// nothing else was deleted anywhere.
#include "clirunner.h"
#include "ownsandbox.h"
#include "pgsandbox.h"

#include "core/pg/pgconnection.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>

namespace purga::test {

class FleetServers
{
public:
    // `cli`: $PURGA_CLI; `home`: the home whose settings hold the profiles (cliEnvironment()).
    FleetServers(const SandboxInfo &sandbox, const QString &cli, const QString &home);
    ~FleetServers(); // starts the stopped cluster again (so its database drops), forgets its password

    // Creates and seeds the databases, saves the profiles (b-pooled on `transactionPort`), stores
    // the stopped cluster's password in the keychain, stops it and has the job hold the lock on
    // c-locked. False with *why.
    bool setUp(int transactionPort, QString *why);
    // Every running database reseeded (TRUNCATE, then refreshSeedSql(2000)) and its kept ids
    // recorded. False with *why.
    bool reseed(QString *why);
    // Records what the rule keeps on `db` now (after a test seeded it otherwise).
    void recordKept(TestDatabase &db);
    // The databases where a refresh token the rule keeps is gone (empty: none).
    QStringList lostKeptRows() const;
    // The CLI with `args` in the servers' home (PGPASSWORD `password` when given).
    CliResult cli(const QStringList &args, const QString &password = QString(),
                  const QByteArray &stdinData = {}) const;
    // The refresh tokens count on `db`.
    static qint64 refreshCount(TestDatabase &db);

    QString password; // the shared cluster's identidad_purga: PGPASSWORD of every fleet run
    std::unique_ptr<OwnSandbox> own;
    std::unique_ptr<TestDatabase> stopped, pooled, locked, healthy, dev;
    PgConnection job; // holds 731001 on `locked`

private:
    bool saveProfile(const QString &name, const TestDatabase &db, int port, const QString &environment,
                     const QStringList &tags, QString *why);

    SandboxInfo m_sandbox;
    QString m_cli;
    QString m_home;
    QMap<TestDatabase *, QList<qint64>> m_kept;
};

} // namespace purga::test
