#include "pgconnection.h"

#include <QAtomicInt>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <libpq-fe.h>

Q_DECLARE_OPAQUE_POINTER(PGconn *)

namespace purga {

namespace {

QAtomicInt s_connectionSerial;

QString quoteOption(const QString &value)
{
    QString v = value;
    v.replace(u'\\', QStringLiteral("\\\\"));
    v.replace(u'\'', QStringLiteral("\\'"));
    return u'\'' + v + u'\'';
}

bool containsAny(const QString &text, std::initializer_list<const char *> needles)
{
    for (const char *n : needles) {
        if (text.contains(QLatin1String(n), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

ConnectError classify(const QString &libpqText, const ConnectionProfile &profile)
{
    ConnectError e;
    e.detail = libpqText.simplified();
    const QString target = profile.displayTarget();
    // libpq and the server may answer in English or, with an es locale, in Spanish.
    if (containsAny(libpqText, {"password authentication failed", "autentificación password falló",
                                "la autentificación password falló", "autenticación password falló"})) {
        e.kind = ConnectError::Kind::WrongPassword;
        e.message = PgConnection::tr("Wrong password or unknown role for %1.").arg(target);
    } else if (containsAny(libpqText, {"no password supplied", "no se entregó una contraseña",
                                       "fe_sendauth"})) {
        e.kind = ConnectError::Kind::PasswordMissing;
        e.message = PgConnection::tr("The server asks for a password and none was given for %1.").arg(target);
    } else if (containsAny(libpqText, {"timeout expired", "tiempo de espera"})) {
        e.kind = ConnectError::Kind::Timeout;
        e.message = PgConnection::tr("No answer from %1 within %2 s (connect timeout).")
                        .arg(target)
                        .arg(profile.connectTimeoutSec);
    } else if (containsAny(libpqText, {"connection refused", "could not connect", "could not translate host",
                                       "no se pudo conectar", "no se pudo traducir", "network is unreachable",
                                       "no route to host", "conexión rehusada"})) {
        e.kind = ConnectError::Kind::Unreachable;
        e.message = PgConnection::tr("Cannot reach the server at %1: is the host and port right, and is "
                                     "PostgreSQL listening there?")
                        .arg(target);
    } else if (containsAny(libpqText, {"database \"", "la base de datos"}) &&
               containsAny(libpqText, {"does not exist", "no existe"})) {
        e.kind = ConnectError::Kind::DatabaseMissing;
        e.message = PgConnection::tr("The database does not exist on %1.").arg(target);
    } else if (containsAny(libpqText, {"ssl", "certificate", "certificado"})) {
        e.kind = ConnectError::Kind::Ssl;
        e.message = PgConnection::tr("TLS negotiation with %1 failed (check sslmode and the root certificate).")
                        .arg(target);
    } else {
        e.kind = ConnectError::Kind::Other;
        e.message = PgConnection::tr("Cannot connect to %1.").arg(target);
    }
    return e;
}

} // namespace

QString ConnectError::kindId(Kind k)
{
    switch (k) {
    case Kind::None: return QStringLiteral("none");
    case Kind::WrongPassword: return QStringLiteral("wrong_password");
    case Kind::PasswordMissing: return QStringLiteral("password_missing");
    case Kind::Unreachable: return QStringLiteral("unreachable");
    case Kind::Timeout: return QStringLiteral("timeout");
    case Kind::DatabaseMissing: return QStringLiteral("database_missing");
    case Kind::Ssl: return QStringLiteral("ssl");
    case Kind::DriverMissing: return QStringLiteral("driver_missing");
    case Kind::Other: return QStringLiteral("other");
    }
    return QStringLiteral("other");
}

QString ConnectionProfile::displayTarget() const
{
    if (!conninfo.isEmpty())
        return QStringLiteral("conninfo");
    if (!service.isEmpty())
        return QStringLiteral("service=") + service;
    return QStringLiteral("%1@%2:%3/%4").arg(user, host).arg(port).arg(database);
}

PgConnection::PgConnection()
    : m_name(QStringLiteral("purga-%1-%2")
                 .arg(reinterpret_cast<quintptr>(QThread::currentThreadId()))
                 .arg(s_connectionSerial.fetchAndAddRelaxed(1)))
{
}

PgConnection::~PgConnection()
{
    close();
}

bool PgConnection::open(const ConnectionProfile &profile, const QString &password, ConnectError *error)
{
    close();
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        if (error) {
            error->kind = ConnectError::Kind::DriverMissing;
            error->message = tr("The Qt PostgreSQL driver (QPSQL) is not installed "
                                "(Debian package libqt6sql6-psql).");
        }
        return false;
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);

    // Everything but the password goes through libpq's conninfo, so that service files,
    // URIs and every libpq keyword work as the DBA expects.
    QStringList options;
    if (!profile.conninfo.isEmpty()) {
        char *err = nullptr;
        PQconninfoOption *parsed = PQconninfoParse(profile.conninfo.toUtf8().constData(), &err);
        if (!parsed) {
            if (error) {
                error->kind = ConnectError::Kind::Other;
                error->message = tr("The connection string is not valid: %1")
                                     .arg(QString::fromUtf8(err ? err : "").trimmed());
            }
            PQfreemem(err);
            QSqlDatabase::removeDatabase(m_name);
            return false;
        }
        for (PQconninfoOption *o = parsed; o->keyword; ++o) {
            if (o->val && *o->val)
                options << QString::fromUtf8(o->keyword) + u'=' + quoteOption(QString::fromUtf8(o->val));
        }
        PQconninfoFree(parsed);
    } else if (!profile.service.isEmpty()) {
        options << QStringLiteral("service=") + quoteOption(profile.service);
    } else {
        options << QStringLiteral("host=") + quoteOption(profile.host)
                << QStringLiteral("port=%1").arg(profile.port)
                << QStringLiteral("dbname=") + quoteOption(profile.database)
                << QStringLiteral("user=") + quoteOption(profile.user)
                << QStringLiteral("sslmode=") + quoteOption(profile.sslMode);
        if (!profile.sslRootCert.isEmpty())
            options << QStringLiteral("sslrootcert=") + quoteOption(profile.sslRootCert);
    }
    if (profile.conninfo.isEmpty() || !profile.conninfo.contains(QLatin1String("connect_timeout")))
        options << QStringLiteral("connect_timeout=%1").arg(qMax(1, profile.connectTimeoutSec));
    options << QStringLiteral("application_name=") + quoteOption(profile.applicationName);
    db.setConnectOptions(options.join(u' '));
    if (!password.isEmpty())
        db.setPassword(password);

    if (!db.open()) {
        const QSqlError sqlError = db.lastError();
        const QString text = sqlError.driverText() + u' ' + sqlError.databaseText();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
        if (error)
            *error = classify(text, profile);
        return false;
    }
    // The password has done its job; do not keep it around in the connection object.
    db.setPassword(QString());
    // Every timestamp this app prints or freezes is UTC text in ISO form; the server's own
    // TimeZone is still read from pg_settings.reset_val for display.
    // Server NOTICEs ("already exists, skipping") must not land on a CLI's stderr.
    if (PGconn *c = handle())
        PQsetNoticeProcessor(c, [](void *, const char *) {}, nullptr);
    QString ignored;
    execScript(QStringLiteral("SET TimeZone TO 'UTC'; SET DateStyle TO 'ISO, YMD'"), &ignored);
    return true;
}

void PgConnection::close()
{
    if (!QSqlDatabase::contains(m_name))
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

bool PgConnection::isOpen() const
{
    return QSqlDatabase::contains(m_name) && QSqlDatabase::database(m_name, false).isOpen();
}

QSqlDatabase PgConnection::database() const
{
    return QSqlDatabase::database(m_name, false);
}

PGconn *PgConnection::handle() const
{
    if (!isOpen())
        return nullptr;
    const QVariant v = database().driver()->handle();
    // Qt 6 reports the type as "pg_conn*"; older versions said "PGconn*".
    if (!v.isValid())
        return nullptr;
    const QByteArray typeName = v.metaType().name();
    if (typeName != "pg_conn*" && typeName != "PGconn*")
        return nullptr;
    return *static_cast<PGconn *const *>(v.constData());
}

int PgConnection::backendPid() const
{
    PGconn *c = handle();
    return c ? PQbackendPID(c) : 0;
}

bool PgConnection::execScript(const QString &sql, QString *error)
{
    PGconn *c = handle();
    if (!c) {
        if (error)
            *error = tr("Not connected.");
        return false;
    }
    PGresult *res = PQexec(c, sql.toUtf8().constData());
    const ExecStatusType status = PQresultStatus(res);
    const bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY;
    if (!ok && error)
        *error = QString::fromUtf8(PQresultErrorMessage(res)).trimmed();
    PQclear(res);
    return ok;
}

QString sqlState(const QSqlQuery &query)
{
    return query.lastError().nativeErrorCode();
}

bool isQueryCanceled(const QSqlQuery &query)
{
    return sqlState(query) == QLatin1String("57014");
}

bool isLockTimeout(const QSqlQuery &query)
{
    return sqlState(query) == QLatin1String("55P03");
}

} // namespace purga
