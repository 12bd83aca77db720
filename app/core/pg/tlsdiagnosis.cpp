// Why the TLS part of a connection failed, told without reading libpq's prose (translated by
// locale): the same parameters are tried again with another sslmode, and each attempt stops as
// soon as TLS is settled, before the startup packet, so no password can leave.
#include "connectparams.h"

#include <libpq-fe.h>

namespace purga {

namespace {

enum class TlsLook {
    NoAnswer,        // the server was not reached, or the attempt ran out of time
    Declined,        // the server answered the SSLRequest with 'N'
    HandshakeFailed, // it said yes, but the handshake (or the certificate check) failed
    Established      // a TLS session was set up under the sslmode asked for
};

struct LookState
{
    bool sawSsl = false;
    bool restarted = false; // libpq gave up TLS and connected again without it (prefer)
    bool reached = false;   // TLS settled, about to send the startup packet
    bool sslInUse = false;
};

bool settled(PGconn *c, void *data)
{
    auto *s = static_cast<LookState *>(data);
    const ConnStatusType st = PQstatus(c);
    if (st == CONNECTION_SSL_STARTUP)
        s->sawSsl = true;
    else if (s->sawSsl && (st == CONNECTION_NEEDED || st == CONNECTION_STARTED))
        s->restarted = true;
    else if (s->sawSsl && st == CONNECTION_MADE) {
        // The next step would send the startup packet: stop here.
        s->reached = true;
        s->sslInUse = PQsslInUse(c) == 1;
        return true;
    }
    return false;
}

// libpq never asks for TLS over a Unix socket and sends the startup packet in the step that
// would be stopped: such hosts are not looked at.
bool mayUseSocket(const ConnParams &params)
{
    if (!paramValue(params, "hostaddr").isEmpty())
        return false;
    const QByteArray hosts = paramValue(params, "host");
    if (hosts.isEmpty())
        return true;
    for (const QByteArray &h : hosts.split(','))
        if (h.isEmpty() || h.startsWith('/') || h.startsWith('@'))
            return true;
    return false;
}

TlsLook lookAtTls(const ConnParams &params, const char *sslMode, int timeoutSec)
{
    if (mayUseSocket(params))
        return TlsLook::NoAnswer;
    const bool verify = qstrncmp(sslMode, "verify-", 7) == 0;
    ConnParams p;
    for (const auto &kv : params)
        if (kv.first != "sslmode" && kv.first != "password" && kv.first != "gssencmode" &&
            (verify || kv.first != "sslrootcert"))
            p << kv;
    p << qMakePair(QByteArray("sslmode"), QByteArray(sslMode))
      << qMakePair(QByteArray("gssencmode"), QByteArray("disable"));
    // Without verify-, libpq still checks the certificate when the root certificate file exists
    // (sslrootcert, or ~/.postgresql/root.crt): a file that does not exist turns that off.
    if (!verify)
        p << qMakePair(QByteArray("sslrootcert"), QByteArray("/nonexistent/purga-no-root-certificate"));
    PGconn *c = startConnect(p, QByteArray());
    if (!c)
        return TlsLook::NoAnswer;
    LookState s;
    bool timedOut = false;
    if (PQstatus(c) != CONNECTION_BAD)
        driveConnect(c, timeoutSec, &timedOut, settled, &s);
    PQfinish(c);
    if (s.reached)
        return s.sslInUse ? TlsLook::Established : s.restarted ? TlsLook::HandshakeFailed : TlsLook::Declined;
    return s.sawSsl && !timedOut ? TlsLook::HandshakeFailed : TlsLook::NoAnswer;
}

} // namespace

DbFailure explainTlsFailure(const ConnParams &params, const ConnectionProfile &profile, int timeoutSec)
{
    DbFailure e;
    e.kind = DbFailure::Kind::Ssl;
    const QString target = profile.displayTarget();
    // The sslmode libpq applied: the connection string's, or PGSSLMODE's (said as such).
    bool modeFromEnv = false;
    const QString mode = QString::fromUtf8(paramOrEnv(params, "sslmode", "PGSSLMODE", &modeFromEnv));
    const QString modeText = modeFromEnv ? ConnectMessages::tr("%1 (set by PGSSLMODE)").arg(mode) : mode;
    const TlsLook plain = lookAtTls(params, "prefer", timeoutSec);
    if (plain == TlsLook::Declined) {
        e.message =
            ConnectMessages::tr("The server at %1 does not offer TLS and sslmode=%2 requires it, so the "
                                "password was not sent: something in between may be posing as the "
                                "server, or the server runs with ssl=off.")
                .arg(target, modeText);
        return e;
    }
    if (plain == TlsLook::Established && mode.startsWith(QLatin1String("verify-"))) {
        const QString host = QString::fromUtf8(paramOrEnv(params, "host", "PGHOST"));
        if (mode == QLatin1String("verify-full") &&
            lookAtTls(params, "verify-ca", timeoutSec) == TlsLook::Established) {
            e.message = ConnectMessages::tr("The server certificate does not match the host name \"%1\" "
                                            "(sslmode=%3, %2): connect by the name the certificate "
                                            "was issued for. The password was not sent.")
                            .arg(host, target, modeText);
            return e;
        }
        const QByteArray rootCert = paramOrEnv(params, "sslrootcert", "PGSSLROOTCERT");
        e.message = ConnectMessages::tr("The server certificate of %1 is not signed by %2, or is not valid "
                                        "(expired, not yet valid). The password was not sent.")
                        .arg(target, rootCert.isEmpty() ? ConnectMessages::tr("the root certificate")
                                                        : QString::fromUtf8(rootCert));
        return e;
    }
    e.message =
        ConnectMessages::tr("TLS negotiation with %1 failed (check sslmode, the root certificate and that "
                            "the certificate names this host).")
            .arg(target);
    return e;
}

bool explainTlsRequired(const ConnParams &params, const ConnectionProfile &profile, DbFailure *error)
{
    const int timeoutSec = qMax(1, paramValue(params, "connect_timeout").toInt());
    if (lookAtTls(params, "prefer", timeoutSec) != TlsLook::Established)
        return false;
    error->kind = DbFailure::Kind::Ssl;
    error->message =
        ConnectMessages::tr("The server at %1 requires TLS for this connection (pg_hba.conf hostssl) "
                            "and sslmode=disable turns TLS off: use sslmode=require or stronger "
                            "(verify-full).")
            .arg(profile.displayTarget());
    return true;
}

} // namespace purga
