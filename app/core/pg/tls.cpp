#include "tls.h"

#include <QFileInfo>

#include <libpq-fe.h>

#ifdef Q_OS_UNIX
#include <arpa/inet.h>
#endif

namespace purga {

bool isLoopbackHost(const QString &hostText)
{
    const QString host = hostText.trimmed();
    if (host.isEmpty() || host.startsWith(u'/') || host.startsWith(u'@'))
        return true;
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    QString literal = host;
    if (literal.startsWith(u'[') && literal.endsWith(u']'))
        literal = literal.mid(1, literal.size() - 2);
#ifdef Q_OS_UNIX
    const QByteArray ascii = literal.toLatin1();
    unsigned char v4[4];
    if (inet_pton(AF_INET, ascii.constData(), v4) == 1)
        return v4[0] == 127;
    in6_addr v6;
    return inet_pton(AF_INET6, ascii.constData(), &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
#else
    return literal == QLatin1String("127.0.0.1") || literal == QLatin1String("::1");
#endif
}

bool isLoopbackHostList(const QString &hosts)
{
    const QStringList list = hosts.split(u',');
    for (const QString &h : list)
        if (!isLoopbackHost(h))
            return false;
    return true;
}

QString defaultSslMode(const QString &host)
{
    return isLoopbackHostList(host) ? QStringLiteral("prefer") : QStringLiteral("verify-full");
}

namespace {

QByteArray valueOrEnv(const ConnParams &params, const char *keyword, const char *envVar)
{
    QByteArray v;
    for (const auto &kv : params)
        if (kv.first == keyword)
            v = kv.second;
    return v.isEmpty() ? qgetenv(envVar) : v;
}

QString firstRemote(const QString &hosts)
{
    for (const QString &h : hosts.split(u','))
        if (!isLoopbackHost(h))
            return h.trimmed();
    return QString();
}

} // namespace

ConninfoTlsDefault conninfoTlsDefault(const ConnParams &params)
{
    ConninfoTlsDefault d;
    if (!valueOrEnv(params, "sslmode", "PGSSLMODE").isEmpty() ||
        !valueOrEnv(params, "requiressl", "PGREQUIRESSL").isEmpty() ||
        !valueOrEnv(params, "service", "PGSERVICE").isEmpty())
        return d;
    const QString hosts = QString::fromUtf8(valueOrEnv(params, "host", "PGHOST"));
    const QString addrs = QString::fromUtf8(valueOrEnv(params, "hostaddr", "PGHOSTADDR"));
    d.host = firstRemote(hosts);
    if (d.host.isEmpty() && !addrs.isEmpty())
        d.host = firstRemote(addrs);
    if (d.host.isEmpty())
        return d;
    d.applies = true;
    d.sslMode = QStringLiteral("verify-full");
    d.rootCert = QString::fromUtf8(valueOrEnv(params, "sslrootcert", "PGSSLROOTCERT"));
    d.rootCertGiven = !d.rootCert.isEmpty();
    if (!d.rootCertGiven)
        d.rootCert = systemCaBundle();
    return d;
}

ConninfoTlsDefault conninfoTlsDefault(const QString &conninfo)
{
    ConnParams params;
    QString ignored;
    return parseConninfo(conninfo, &params, &ignored) ? conninfoTlsDefault(params) : ConninfoTlsDefault();
}

bool sslModeMaySendInClear(const QString &sslMode)
{
    return sslMode == QLatin1String("disable") || sslMode == QLatin1String("allow") ||
           sslMode == QLatin1String("prefer");
}

QString systemCaBundle()
{
    if (qEnvironmentVariableIsSet("SSL_CERT_FILE")) {
        const QString file = qEnvironmentVariable("SSL_CERT_FILE");
        return QFileInfo(file).isReadable() ? file : QString();
    }
    for (const char *path : {"/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt",
                             "/etc/ssl/ca-bundle.pem", "/etc/ssl/cert.pem"}) {
        const QFileInfo f(QString::fromLatin1(path));
        if (f.isFile() && f.isReadable())
            return f.filePath();
    }
    return QString();
}

QString TlsStatus::summary() const
{
    const QString where = host.startsWith(u'/') ? tr("socket %1, port %2").arg(host, port)
                                                : QStringLiteral("%1:%2").arg(host, port);
    if (inUse)
        return tr("Connected to %1 over TLS (%2, %3), sslmode=%4").arg(where, protocol, cipher, sslMode);
    return tr("Connected to %1 without TLS, sslmode=%2").arg(where, sslMode);
}

QJsonObject TlsStatus::toJson() const
{
    auto text = [](const QString &s) { return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s); };
    return QJsonObject{
        {QStringLiteral("in_use"), inUse},        {QStringLiteral("protocol"), text(protocol)},
        {QStringLiteral("cipher"), text(cipher)}, {QStringLiteral("sslmode"), text(sslMode)},
        {QStringLiteral("loopback"), loopback},   {QStringLiteral("password_at_risk"), atRisk()}};
}

TlsStatus tlsStatus(PGconn *conn)
{
    TlsStatus s;
    if (!conn || PQstatus(conn) != CONNECTION_OK)
        return s;
    s.known = true;
    s.inUse = PQsslInUse(conn) == 1;
    if (s.inUse) {
        s.protocol = QString::fromUtf8(PQsslAttribute(conn, "protocol"));
        s.cipher = QString::fromUtf8(PQsslAttribute(conn, "cipher"));
    }
    s.host = QString::fromUtf8(PQhost(conn));
    s.port = QString::fromUtf8(PQport(conn));
    s.loopback = isLoopbackHost(s.host);
    PQconninfoOption *options = PQconninfo(conn);
    for (PQconninfoOption *o = options; o && o->keyword; ++o)
        if (qstrcmp(o->keyword, "sslmode") == 0 && o->val)
            s.sslMode = QString::fromUtf8(o->val);
    PQconninfoFree(options);
    if (s.sslMode.isEmpty())
        s.sslMode = QStringLiteral("prefer"); // libpq's default
    return s;
}

} // namespace purga
