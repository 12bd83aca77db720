#pragma once

// "Test connection": open a separate connection with a profile and password, tell what answered,
// and close it again. Nothing is saved and the session's own connection is not touched.
#include "connectionprofile.h"
#include "tls.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QString>

namespace purga {

struct DbFailure;

struct ConnectionTestResult
{
    Q_DECLARE_TR_FUNCTIONS(ConnectionTestResult)
public:
    QString serverVersion; // "15.20 (Debian 15.20-0+deb12u1)", as the server reports it
    QString user;          // the role the server authenticated
    TlsStatus tls;

    // One translated line: "Connected: PostgreSQL 15.20 as identidad_purga, TLS ... ".
    QString summary() const;
};

// Runs in the calling thread (the DbSession worker's): opens, reads, closes. On failure *failure has
// the same specific message and kind id a connect request would report.
bool testConnection(const ConnectionProfile &profile, const QString &password, ConnectionTestResult *out,
                    DbFailure *failure);

} // namespace purga

Q_DECLARE_METATYPE(purga::ConnectionTestResult)
