#pragma once

#include "core/pg/connectionprofile.h"
#include "core/pg/pgconnection.h"

#include <QString>
#include <QVariant>

#include <memory>

namespace purga::test {

// The throwaway cluster started by scripts/pg-sandbox (CTest fixture "pg").
struct SandboxInfo
{
    QString host;
    int port = 0;
    int standbyPort = 0;
    QString socketDir;
    QString binDir;
    QString purgaPassword;
    QString apiPassword;
    QString caFile; // the sandbox's CA certificate (its server certificate names "localhost")
};

// Reads $PURGA_SANDBOX_ENV. False with a reason when no sandbox is running.
bool loadSandbox(SandboxInfo *info, QString *why);
// Reads the env file scripts/pg-sandbox wrote at `path`.
bool loadSandboxFile(const QString &path, SandboxInfo *info, QString *why);

// True under CI=true, where a missing server must fail a test instead of skipping it.
bool runningInCi();

// A fresh database cloned from "identidad_template" (reference schema, no data), dropped at the end.
class TestDatabase
{
public:
    TestDatabase(const SandboxInfo &sandbox, const QString &prefix);
    ~TestDatabase();

    const QString &name() const { return m_name; }
    bool isValid() const { return m_valid; }
    const QString &error() const { return m_error; }

    // Connection profile for a login role over TCP/scram (password from the sandbox env).
    ConnectionProfile profile(const QString &role = QStringLiteral("identidad_purga"),
                              bool standby = false) const;
    QString passwordFor(const QString &role) const;

    // Superuser access over the Unix socket, for arranging data and checking results.
    bool exec(const QString &sql, QString *error = nullptr);
    QVariant scalar(const QString &sql);
    QList<qint64> ids(const QString &sql);

private:
    SandboxInfo m_sandbox;
    QString m_name;
    bool m_valid = false;
    QString m_error;
    std::unique_ptr<PgConnection> m_admin;
};

ConnectionProfile superuserProfile(const SandboxInfo &sandbox, const QString &database);

} // namespace purga::test

// Fails under CI=true, skips elsewhere, when the sandbox cluster is not there.
#define PURGA_REQUIRE_SANDBOX(info)                                                                          \
    do {                                                                                                     \
        QString purgaWhy_;                                                                                   \
        if (!purga::test::loadSandbox(&(info), &purgaWhy_)) {                                                \
            if (purga::test::runningInCi())                                                                  \
                QFAIL(qPrintable(QStringLiteral("CI=true and no PostgreSQL sandbox: ") + purgaWhy_));        \
            QSKIP(qPrintable(QStringLiteral("no PostgreSQL sandbox: ") + purgaWhy_));                        \
        }                                                                                                    \
    } while (false)
