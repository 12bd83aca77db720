#pragma once

// A PostgreSQL cluster of one test's own (scripts/pg-sandbox in a temporary directory, without a
// standby) that the test may stop and start again with the same data directory, port and socket:
// for the lost-connection tests, which must never stop the shared "pg" fixture under other tests.
#include "pgsandbox.h"

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace purga::test {

class OwnSandbox
{
public:
    OwnSandbox();  // starts it (initdb, the reference schema, TLS): isValid() or error()
    ~OwnSandbox(); // stops it and removes its data
    OwnSandbox(const OwnSandbox &) = delete;
    OwnSandbox &operator=(const OwnSandbox &) = delete;

    bool isValid() const { return m_valid; }
    const QString &error() const { return m_error; }
    const SandboxInfo &info() const { return m_info; }

    // pg_ctl stop -m fast (connected sessions get 57P01 and their sockets close), and start.
    bool stopServer(QString *error);
    bool startServer(QString *error);
    // The running primary's postmaster pid (its data directory's postmaster.pid); 0 with *error otherwise.
    // SIGSTOP on it leaves a server that accepts TCP and never answers.
    qint64 postmasterPid(QString *error) const;

private:
    bool script(const QStringList &args, QString *error) const;

    QTemporaryDir m_dir;
    QString m_envDir;
    SandboxInfo m_info;
    bool m_valid = false;
    QString m_error;
};

} // namespace purga::test
