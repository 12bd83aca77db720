#include "connectparams.h"

#include "authguard.h"
#include "core/security/secrets.h"
#include "tls.h"

#include <QElapsedTimer>
#include <QRegularExpression>

#include <libpq-fe.h>

#include <cerrno>
#include <vector>

#ifdef Q_OS_UNIX
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#endif

namespace purga {

namespace {

// What a direct libpq attempt learnt.
struct Probe
{
    bool started = false;   // PQconnectStartParams accepted the options and the host names
    bool succeeded = false; // the second attempt worked (the failure was transient)
    bool timedOut = false;
    bool needsPassword = false;
    ConnStatusType stage = CONNECTION_BAD; // where the attempt was when it failed
    QString text;                          // libpq's verbose message
    QString sqlState;
    AuthGuard auth;           // stopped before answering the server's authentication request?
    bool hadPassword = false; // the first attempt had a password (given, or libpq's own)
    QString sslMode;          // as libpq applied it
    QString host, hostAddr;   // the host the attempt was at (PQhost, PQhostaddr)
    QString user, dbname;
};

// The authentication requests that make libpq send the password or something derived from it.
bool asksForPassword(int request)
{
    return request == 3 || request == 5 || request == 10; // clear text, MD5, SASL (SCRAM)
}

// The diagnosis' own attempt. It never carries the password: neither the one given nor the
// conninfo's is handed to libpq, and the guard stops it before it could answer the server's
// authentication request with one libpq found itself (PGPASSWORD, ~/.pgpass, a service file). A
// failure after the password is told from what the server asked, never by sending it again.
Probe probe(const ConnParams &params, const QString &password, int timeoutSec)
{
    Probe r;
    ConnParams withoutPassword;
    for (const auto &kv : params)
        if (kv.first != "password")
            withoutPassword << kv;
    PGconn *c = startConnect(withoutPassword, QByteArray());
    if (!c)
        return r;
    PQsetErrorVerbosity(c, PQERRORS_VERBOSE); // "FATAL:  28P01: ..." whatever the language
    r.started = PQstatus(c) != CONNECTION_BAD;
    const char *libpqPassword = PQpass(c);
    r.hadPassword =
        !password.isEmpty() || !paramValue(params, "password").isEmpty() || (libpqPassword && *libpqPassword);
    r.auth.waitMs = timeoutSec * 1000;
    // The stage is noted before each step: the one the attempt was in when it failed.
    struct Watch
    {
        ConnStatusType *stage;
        AuthGuard *guard;
    } watch{&r.stage, &r.auth};
    auto note = [](PGconn *conn, void *data) {
        auto *w = static_cast<Watch *>(data);
        *w->stage = PQstatus(conn);
        return stopBeforeAuthAnswer(conn, w->guard);
    };
    const auto st = r.started
                        ? PostgresPollingStatusType(driveConnect(c, timeoutSec, &r.timedOut, note, &watch))
                        : PGRES_POLLING_FAILED;
    r.timedOut = r.timedOut || r.auth.timedOut;
    r.sslMode = QString::fromUtf8(paramValue(params, "sslmode"));
    PQconninfoOption *applied = PQconninfo(c);
    for (PQconninfoOption *o = applied; o && o->keyword; ++o)
        if (qstrcmp(o->keyword, "sslmode") == 0 && o->val)
            r.sslMode = QString::fromUtf8(o->val);
    PQconninfoFree(applied);
    r.host = QString::fromUtf8(PQhost(c));
    r.hostAddr = QString::fromUtf8(PQhostaddr(c));
    r.user = QString::fromUtf8(PQuser(c));
    r.dbname = QString::fromUtf8(PQdb(c));
    r.succeeded = st == PGRES_POLLING_OK;
    r.needsPassword = r.auth.stopped ? asksForPassword(r.auth.request) && !r.hadPassword
                                     : PQconnectionNeedsPassword(c) == 1;
    // The verbose form adds the server's source location: of no use to a reader.
    QStringList lines = QString::fromUtf8(PQerrorMessage(c)).trimmed().split(u'\n');
    lines.removeIf([](const QString &l) { return l.trimmed().startsWith(QLatin1String("LOCATION:")); });
    r.text = lines.join(u'\n');
    // "FATAL:  28P01: password ..." (the severity word is translated, the code never is).
    static const QRegularExpression code(QStringLiteral(":\\s+(?=[A-Z]*[0-9])([0-9A-Z]{5}):\\s"));
    const QRegularExpressionMatch m = code.match(r.text);
    if (m.hasMatch())
        r.sqlState = m.captured(1);
    PQfinish(c);
    return r;
}

// True when some host of a comma-separated list is a name the resolver does not know.
bool unresolvableHost(const QByteArray &hosts)
{
#ifdef Q_OS_UNIX
    for (const QByteArray &h : hosts.split(',')) {
        if (h.isEmpty() || h.startsWith('/') || h.startsWith('@'))
            continue;
        addrinfo hints{};
        hints.ai_socktype = SOCK_STREAM;
        addrinfo *res = nullptr;
        const int rc = getaddrinfo(h.constData(), nullptr, &hints, &res);
        if (res)
            freeaddrinfo(res);
        if (rc == EAI_NONAME || rc == EAI_FAIL || rc == EAI_AGAIN)
            return true;
    }
#else
    Q_UNUSED(hosts);
#endif
    return false;
}

// The first line of a libpq message, as one line to quote (the rest goes to the detail).
QString libpqReason(const QString &text)
{
    return text.trimmed().section(u'\n', 0, 0).trimmed();
}

DbFailure fromServer(const Probe &p, const ConnectionProfile &profile, const ConnParams &params)
{
    using K = DbFailure::Kind;
    DbFailure e;
    e.sqlState = p.sqlState;
    const QString target = profile.displayTarget();
    const QByteArray sslMode = paramOrEnv(params, "sslmode", "PGSSLMODE");
    if (p.sqlState == QLatin1String("28P01")) {
        e.kind = K::WrongPassword;
        e.message = ConnectMessages::tr("Wrong password or unknown role for %1.").arg(target);
    } else if (p.sqlState == QLatin1String("3D000")) {
        e.kind = K::DatabaseMissing;
        e.message = ConnectMessages::tr("The database does not exist on %1.").arg(target);
    } else if (p.sqlState == QLatin1String("28000") && sslMode == "disable" &&
               explainTlsRequired(params, profile, &e)) {
        e.sqlState = p.sqlState;
    } else if (p.sqlState == QLatin1String("28000")) {
        e.kind = K::NotAuthorized;
        e.message =
            ConnectMessages::tr("The server does not accept %1 (pg_hba.conf, or the role may not log in).")
                .arg(target);
    } else if (p.sqlState == QLatin1String("57P03") || p.sqlState == QLatin1String("53300")) {
        e.kind = K::ServerUnavailable;
        e.message =
            p.sqlState == QLatin1String("57P03")
                ? ConnectMessages::tr("The server at %1 is starting up, shutting down or in recovery; "
                                      "try again in a moment.")
                      .arg(target)
                : ConnectMessages::tr("The server at %1 has no free connection slots.").arg(target);
    } else {
        e.kind = K::Other;
        e.message = ConnectMessages::tr("The server refused the connection to %1 (SQLSTATE %2).")
                        .arg(target, p.sqlState);
    }
    return e;
}

DbFailure fromStage(const Probe &p, const ConnectionProfile &profile, const ConnParams &params,
                    int timeoutSec)
{
    using K = DbFailure::Kind;
    DbFailure e;
    const QString target = profile.displayTarget();
    if (p.timedOut) {
        e.kind = K::Timeout;
        e.message = ConnectMessages::tr("No answer from %1 within %2 s (connect timeout).")
                        .arg(target)
                        .arg(timeoutSec);
    } else if (!p.started) {
        const bool unknownHost = unresolvableHost(paramValue(params, "host"));
        e.kind = unknownHost ? K::Unreachable : K::InvalidSettings;
        const QString reason = libpqReason(p.text);
        e.message = unknownHost
                        ? ConnectMessages::tr("The host name of %1 is not known to the resolver.").arg(target)
                    : reason.isEmpty()
                        ? ConnectMessages::tr("libpq refused the connection settings for %1.").arg(target)
                        : ConnectMessages::tr("libpq refused the connection settings for %1: “%2”")
                              .arg(target, reason);
    } else if (p.needsPassword) {
        e.kind = K::PasswordMissing;
        e.message =
            ConnectMessages::tr("The server asks for a password and none was given for %1.").arg(target);
    } else if (p.stage == CONNECTION_SSL_STARTUP) {
        e = explainTlsFailure(params, profile, timeoutSec);
    } else if (p.stage == CONNECTION_STARTED || p.stage == CONNECTION_NEEDED || p.stage == CONNECTION_BAD) {
        e.kind = K::Unreachable;
        e.message = ConnectMessages::tr("Cannot reach the server at %1: is the host and port right, and is "
                                        "PostgreSQL listening there?")
                        .arg(target);
    } else {
        e.kind = K::Other;
        e.message = ConnectMessages::tr("Cannot connect to %1.").arg(target);
    }
    return e;
}

// Whether `text` (libpq's words, in any language) names `name` between quotes, as the server's
// messages name a database or a role.
bool quotesName(const QString &text, const QString &name)
{
    if (name.isEmpty())
        return false;
    const QRegularExpression quoted(
        QStringLiteral("[\"'«“„‘]%1[\"'»”“’]").arg(QRegularExpression::escape(name)));
    return text.contains(quoted);
}

// The first attempt failed after the server asked it to authenticate (the diagnosis stopped
// there, and sends no password to learn more). Without TLS towards a host that is not loopback,
// with an sslmode that let libpq fall back to clear text, the likely cause is the downgrade: a
// server that posed as the real one took the password and refused it. Otherwise it is the
// password or the role, or the database when the server's words name it (and not the role).
DbFailure afterLogin(const Probe &p, const ConnectionProfile &profile, const QString &driverText)
{
    using K = DbFailure::Kind;
    DbFailure e;
    const QString target = profile.displayTarget();
    const bool remote = !isLoopbackHost(p.host) || (!p.hostAddr.isEmpty() && !isLoopbackHost(p.hostAddr));
    const bool clear = !p.auth.tlsInUse && remote;
    const QString sent = p.auth.request == 3 ? ConnectMessages::tr("The password was sent in clear text.")
                                             : ConnectMessages::tr("The password was sent without TLS.");
    if (clear && p.sslMode != QLatin1String("disable")) {
        e.kind = K::Ssl;
        e.message = ConnectMessages::tr("The server at %1 did not use TLS (sslmode=%2 let libpq fall back to "
                                        "a connection without it) and then refused the login. The likely "
                                        "cause is that downgrade, not the password: something posing as the "
                                        "server, or a server without TLS. %3 Change it if this may not have "
                                        "been the real server, and connect with sslmode=verify-full.")
                        .arg(target, p.sslMode, sent);
        return e;
    }
    if (p.dbname != p.user && quotesName(driverText, p.dbname)) {
        e.kind = K::DatabaseMissing;
        e.message =
            ConnectMessages::tr("The database does not exist on %1, or does not accept this role: “%2”")
                .arg(target, libpqReason(driverText).section(QStringLiteral(":  "), -1).trimmed());
        return e;
    }
    e.kind = K::WrongPassword;
    e.message = ConnectMessages::tr("Wrong password or unknown role for %1.").arg(target);
    if (clear)
        e.message += u' ' + ConnectMessages::tr(
                                "The connection did not use TLS (sslmode=disable). %1 If the password is "
                                "right, something may be posing as the server; use sslmode=verify-full.")
                                .arg(sent);
    return e;
}

} // namespace

QByteArray paramValue(const ConnParams &params, const char *keyword)
{
    QByteArray v;
    for (const auto &kv : params)
        if (kv.first == keyword)
            v = kv.second; // the last one wins, as in libpq
    return v;
}

QByteArray paramOrEnv(const ConnParams &params, const char *keyword, const char *envVar, bool *fromEnv)
{
    const QByteArray v = paramValue(params, keyword);
    if (fromEnv)
        *fromEnv = v.isEmpty() && !qgetenv(envVar).isEmpty();
    return v.isEmpty() ? qgetenv(envVar) : v;
}

PGconn *startConnect(const ConnParams &params, const QByteArray &password)
{
    std::vector<const char *> keys, values;
    for (const auto &kv : params) {
        keys.push_back(kv.first.constData());
        values.push_back(kv.second.constData());
    }
    if (!password.isEmpty()) {
        keys.push_back("password");
        values.push_back(password.constData());
    }
    keys.push_back(nullptr);
    values.push_back(nullptr);
    return PQconnectStartParams(keys.data(), values.data(), 0);
}

int driveConnect(PGconn *c, int timeoutSec, bool *timedOut, bool (*stop)(PGconn *, void *), void *stopData)
{
    PostgresPollingStatusType st = PGRES_POLLING_WRITING;
    QElapsedTimer clock;
    clock.start();
    while (st != PGRES_POLLING_OK && st != PGRES_POLLING_FAILED) {
        const qint64 left = qint64(timeoutSec) * 1000 - clock.elapsed();
        if (left <= 0) {
            *timedOut = true;
            break;
        }
        if (stop && stop(c, stopData))
            break;
#ifdef Q_OS_UNIX
        if (st == PGRES_POLLING_READING && tlsBytesBuffered(c)) { // decrypted by a peek already
            st = PQconnectPoll(c);
            continue;
        }
        pollfd fd{PQsocket(c), short(st == PGRES_POLLING_READING ? POLLIN : POLLOUT), 0};
        const int n = ::poll(&fd, 1, int(left));
        if (n == 0) {
            *timedOut = true;
            break;
        }
        if (n < 0 && errno != EINTR)
            break;
#endif
        st = PQconnectPoll(c);
    }
    return st;
}

bool connectionParams(const ConnectionProfile &profile, ConnParams *out, DbFailure *error)
{
    out->clear();
    if (!profile.conninfo.isEmpty() || profile.libpqEnvironment) {
        QString reason;
        if (!parseConninfo(profile.conninfo, out, &reason)) {
            if (error) {
                error->kind = DbFailure::Kind::InvalidSettings;
                error->detail = redact(reason.trimmed(), conninfoSecrets(profile.conninfo));
                // libpq's reason, quoted (in its words and language), with the secrets masked.
                error->message = ConnectMessages::tr("The connection string is not valid: “%1”")
                                     .arg(libpqReason(error->detail));
            }
            return false;
        }
        const ConninfoTlsDefault tls = conninfoTlsDefault(*out);
        if (tls.applies) {
            *out << qMakePair(QByteArray("sslmode"), tls.sslMode.toUtf8());
            if (!tls.rootCert.isEmpty() && !tls.rootCertGiven)
                *out << qMakePair(QByteArray("sslrootcert"), tls.rootCert.toUtf8());
        }
    } else if (!profile.service.isEmpty()) {
        *out << qMakePair(QByteArray("service"), profile.service.toUtf8());
    } else {
        *out << qMakePair(QByteArray("host"), profile.host.toUtf8())
             << qMakePair(QByteArray("port"), QByteArray::number(profile.port))
             << qMakePair(QByteArray("dbname"), profile.database.toUtf8())
             << qMakePair(QByteArray("user"), profile.user.toUtf8())
             << qMakePair(QByteArray("sslmode"), profile.sslMode.toUtf8());
        // verify-ca/verify-full without a root certificate of its own: the system's CA bundle
        // (libpq's default would be ~/.postgresql/root.crt).
        const QString rootCert = !profile.sslRootCert.isEmpty()                         ? profile.sslRootCert
                                 : profile.sslMode.startsWith(QLatin1String("verify-")) ? systemCaBundle()
                                                                                        : QString();
        if (!rootCert.isEmpty())
            *out << qMakePair(QByteArray("sslrootcert"), rootCert.toUtf8());
    }
    if (paramValue(*out, "connect_timeout").isEmpty())
        *out << qMakePair(QByteArray("connect_timeout"),
                          QByteArray::number(qMax(1, profile.connectTimeoutSec)));
    // TCP keepalives, unless the profile sets its own: a server that vanished without closing the
    // socket (a crash, a cut network) is noticed within about a minute even during a long statement.
    if (paramValue(*out, "keepalives").isEmpty())
        *out << qMakePair(QByteArray("keepalives"), QByteArray("1"))
             << qMakePair(QByteArray("keepalives_idle"), QByteArray("30"))
             << qMakePair(QByteArray("keepalives_interval"), QByteArray("10"))
             << qMakePair(QByteArray("keepalives_count"), QByteArray("3"));
    *out << qMakePair(QByteArray("application_name"), profile.applicationName.toUtf8());
    return true;
}

DbFailure diagnoseConnectFailure(const ConnParams &params, const QString &password,
                                 const ConnectionProfile &profile, const QString &driverText,
                                 qint64 elapsedMs)
{
    const int timeoutSec = qMax(1, paramValue(params, "connect_timeout").toInt());
    Probe p;
    if (elapsedMs >= qint64(timeoutSec) * 1000 - 100)
        p.timedOut = true; // the first attempt used up the timeout: do not wait a second time
    else
        p = probe(params, password, timeoutSec);
    DbFailure e = !p.sqlState.isEmpty() ? fromServer(p, profile, params)
                  : p.auth.stopped && !p.needsPassword && !p.timedOut
                      ? afterLogin(p, profile, driverText)
                      : fromStage(p, profile, params, timeoutSec);
    // The verbatim text, for --verbose and the GUI's details; libpq never echoes a password. A
    // diagnosis stopped at the login has only libpq's header: the first attempt's words then.
    e.detail = (p.text.isEmpty() || p.auth.stopped ? driverText : p.text).simplified();
    if (!profile.conninfo.isEmpty()) {
        e.detail = redact(e.detail, conninfoSecrets(profile.conninfo));
        e.message = redact(e.message, conninfoSecrets(profile.conninfo));
    }
    return e;
}

QString ConnectionProfile::displayTarget() const
{
    if (conninfo.isEmpty() && !libpqEnvironment) {
        if (!service.isEmpty())
            return QStringLiteral("service=") + service;
        return QStringLiteral("%1@%2:%3/%4").arg(user, host).arg(port).arg(database);
    }
    // The target the conninfo names, completed with libpq's defaults (PGUSER, PGHOST, ... and
    // the OS user), never the conninfo itself (it may hold a password).
    QByteArray keys[] = {"user", "host", "port", "dbname"};
    QString v[4];
    char *err = nullptr;
    PQconninfoOption *parsed = PQconninfoParse(conninfo.toUtf8().constData(), &err);
    PQfreemem(err);
    PQconninfoOption *defaults = PQconndefaults();
    for (int i = 0; i < 4; ++i) {
        for (PQconninfoOption *o = parsed; o && o->keyword; ++o)
            if (keys[i] == o->keyword && o->val && *o->val)
                v[i] = QString::fromUtf8(o->val);
        for (PQconninfoOption *o = defaults; v[i].isEmpty() && o && o->keyword; ++o)
            if (keys[i] == o->keyword && o->val && *o->val)
                v[i] = QString::fromUtf8(o->val);
    }
    PQconninfoFree(parsed);
    PQconninfoFree(defaults);
    if (v[1].isEmpty())
        v[1] = QStringLiteral("[local]");
    if (v[3].isEmpty())
        v[3] = v[0];
    return QStringLiteral("%1@%2:%3/%4").arg(v[0], v[1], v[2], v[3]);
}

} // namespace purga
