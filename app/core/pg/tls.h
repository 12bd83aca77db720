#pragma once

// TLS policy (which sslmode a new profile gets, which modes put a password at risk) and what an
// open connection tells about its TLS and the host libpq chose.
#include "libpqinfo.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

struct pg_conn;
typedef struct pg_conn PGconn;

namespace purga {

// A host nobody on the network can answer for: "localhost", 127.0.0.0/8, ::1, a Unix socket
// directory ("/..." or "@abstract") or empty (libpq's default socket). Decided from the text as
// typed, never by resolving it: a name that resolves to a loopback address today may not tomorrow.
bool isLoopbackHost(const QString &host);
// Every host of a comma-separated list is loopback.
bool isLoopbackHostList(const QString &hosts);

// The sslmode a new profile gets: verify-full, except on loopback hosts where "prefer" stays.
QString defaultSslMode(const QString &host);

// The sslmode a connection string (--conninfo, a URI) gets when neither it nor PGSSLMODE says
// one: verify-full, the saved profiles' default, unless every host (and hostaddr) is loopback,
// where libpq's own default (prefer) stays. A string that names a service leaves it to the
// service file. The root certificate is the one named (sslrootcert, PGSSLROOTCERT), else the
// system CA bundle.
struct ConninfoTlsDefault
{
    bool applies = false;
    QString sslMode;            // "verify-full" when it applies
    QString host;               // the first host that is not loopback (for the notice)
    QString rootCert;           // the root certificate libpq will check the server against
    bool rootCertGiven = false; // named by the string or PGSSLROOTCERT (nothing is added then)
};
ConninfoTlsDefault conninfoTlsDefault(const ConnParams &params);
ConninfoTlsDefault conninfoTlsDefault(const QString &conninfo); // false when it does not parse

// disable, allow and prefer: libpq may hand the password to whoever answers without TLS.
bool sslModeMaySendInClear(const QString &sslMode);

// The CA bundle used for verify-ca/verify-full when the profile names no root certificate:
// $SSL_CERT_FILE when set (as OpenSSL does), else the first existing file of the usual places
// (Debian/Ubuntu, Fedora/RHEL, openSUSE, Alpine/BSD). Empty when there is none.
QString systemCaBundle();

// What libpq used for an open connection.
struct TlsStatus
{
    Q_DECLARE_TR_FUNCTIONS(TlsStatus)
public:
    bool known = false; // read from an open connection
    bool inUse = false; // PQsslInUse
    QString protocol;   // "TLSv1.3"
    QString cipher;     // "TLS_AES_256_GCM_SHA384"
    QString sslMode;    // as libpq applied it ("prefer" when nothing said otherwise)
    QString host;       // the host of a multi-host list libpq connected to (PQhost)
    QString port;       // PQport
    bool loopback = false;

    // A weak sslmode towards a host that is not loopback: the password may reach an impostor.
    bool atRisk() const { return known && !loopback && sslModeMaySendInClear(sslMode); }
    QString summary() const; // one translated line: "host:port over TLS (TLSv1.3, ...), sslmode=..."
    QJsonObject toJson() const;
};

TlsStatus tlsStatus(PGconn *conn);

} // namespace purga
