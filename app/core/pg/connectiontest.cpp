#include "connectiontest.h"

#include "dbfailure.h"
#include "pgconnection.h"

#include <libpq-fe.h>

namespace purga {

QString ConnectionTestResult::summary() const
{
    const QString version = serverVersion.section(u' ', 0, 0);
    const QString tlsText = !tls.known ? tr("TLS unknown")
                            : tls.inUse
                                ? tr("TLS %1 (%2), sslmode=%3").arg(tls.protocol, tls.cipher, tls.sslMode)
                                : tr("no TLS, sslmode=%1").arg(tls.sslMode);
    return tr("Connected: PostgreSQL %1 as %2, %3.").arg(version, user, tlsText);
}

bool testConnection(const ConnectionProfile &profile, const QString &password, ConnectionTestResult *out,
                    DbFailure *failure)
{
    PgConnection conn;
    if (!conn.open(profile, password, failure))
        return false;
    PGconn *pg = conn.handle();
    out->serverVersion = QString::fromUtf8(PQparameterStatus(pg, "server_version"));
    out->user = QString::fromUtf8(PQuser(pg));
    out->tls = tlsStatus(pg);
    conn.close();
    return true;
}

} // namespace purga
