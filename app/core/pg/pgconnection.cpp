#include "pgconnection.h"

#include "connectparams.h"
#include "core/security/secrets.h"

#include <QAtomicInt>
#include <QElapsedTimer>
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

// A value for QPSQL's option string, where libpq reads it: inside '...', with \ and ' escaped.
QString quoteOption(const QString &value)
{
    QString v = value;
    v.replace(u'\\', QStringLiteral("\\\\"));
    v.replace(u'\'', QStringLiteral("\\'"));
    return u'\'' + v + u'\'';
}

// Qt's QPSQL driver quotes what it gets through setHostName/setDatabaseName/setUserName/
// setPassword (inside '...', with \\ and ' escaped: every character reaches libpq), but replaces
// each ';' of setConnectOptions() with a space, ';' being its option separator. So the values
// people type (host, names, password) go through the setters, and only the other keywords
// (sslmode, timeouts, application_name, ...) through the option string, where a ';' cannot be
// written at all: such a value is refused rather than silently changed.
bool applyParams(QSqlDatabase &db, const ConnParams &params, const QString &password,
                 const ConnectionProfile &profile, DbFailure *error)
{
    QStringList options;
    for (const auto &kv : params) {
        const QString value = QString::fromUtf8(kv.second);
        bool numeric = false;
        const int port = kv.first == "port" ? value.toInt(&numeric) : 0;
        if (kv.first == "host") {
            db.setHostName(value);
        } else if (kv.first == "dbname") {
            db.setDatabaseName(value);
        } else if (kv.first == "user") {
            db.setUserName(value);
        } else if (kv.first == "password") {
            if (password.isEmpty())
                db.setPassword(value);
        } else if (numeric) {
            db.setPort(port);
        } else if (value.contains(u';')) {
            if (error) {
                error->kind = DbFailure::Kind::InvalidSettings;
                error->message =
                    PgConnection::tr("The value of %1 for %2 contains ';', which Qt's PostgreSQL driver "
                                     "cannot pass to libpq.")
                        .arg(QString::fromUtf8(kv.first), profile.displayTarget());
            }
            return false;
        } else {
            options << QString::fromUtf8(kv.first) + u'=' + quoteOption(value);
        }
    }
    if (!password.isEmpty())
        db.setPassword(password);
    db.setConnectOptions(options.join(u' '));
    return true;
}

} // namespace

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

bool PgConnection::open(const ConnectionProfile &profile, const QString &password, DbFailure *error)
{
    close();
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        if (error) {
            error->kind = DbFailure::Kind::DriverMissing;
            error->message = tr("The Qt PostgreSQL driver (QPSQL) is not installed "
                                "(Debian package libqt6sql6-psql).");
        }
        return false;
    }
    ConnParams params;
    DbFailure parseError;
    if (!connectionParams(profile, &params, &parseError)) {
        if (error)
            *error = parseError;
        return false;
    }
    QElapsedTimer clock;
    clock.start();
    bool opened = false;
    QString driverText;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
        if (!applyParams(db, params, password, profile, error)) {
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(m_name);
            return false;
        }
        opened = db.open();
        // The password has done its job: do not keep it in the connection object.
        db.setPassword(QString());
        if (!opened)
            driverText = db.lastError().databaseText();
    }
    if (!opened) {
        QSqlDatabase::removeDatabase(m_name);
        if (error)
            *error = diagnoseConnectFailure(params, password, profile, driverText, clock.elapsed());
        return false;
    }
    // Every timestamp this app prints or freezes is UTC text in ISO form; the server's own
    // TimeZone is still read from pg_settings.reset_val for display.
    // Server NOTICEs ("already exists, skipping") must not land on a CLI's stderr.
    if (PGconn *c = handle())
        PQsetNoticeProcessor(
            c, [](void *, const char *) {}, nullptr);
    QString ignored;
    execScript(QStringLiteral("SET TimeZone TO 'UTC'; SET DateStyle TO 'ISO, YMD'"), &ignored);
    m_assumeSessionPooler = profile.assumeSessionPooler;
    return true;
}

void PgConnection::close()
{
    m_direct = false; // until a preflight of the next connection says so
    m_assumeSessionPooler = false;
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

bool PgConnection::isBroken() const
{
    if (!QSqlDatabase::contains(m_name))
        return false; // never opened, or closed on purpose
    PGconn *c = handle();
    return !c || PQstatus(c) == CONNECTION_BAD;
}

bool PgConnection::ping(QString *error)
{
    QString text;
    const bool ok = execScript(QStringLiteral("SELECT 1"), &text);
    if (!ok && error)
        *error = text;
    return ok;
}

QSqlDatabase PgConnection::database() const
{
    return QSqlDatabase::database(m_name, false);
}

QString PgConnection::literal(const QString &text) const
{
    const QByteArray utf8 = text.toUtf8();
    PGconn *c = handle();
    char *quoted = c ? PQescapeLiteral(c, utf8.constData(), size_t(utf8.size())) : nullptr;
    if (!quoted) { // no connection: standard_conforming_strings quoting, as the server defaults to
        QString q = text;
        return u'\'' + q.replace(u'\'', QLatin1String("''")) + u'\'';
    }
    const QString out = QString::fromUtf8(quoted);
    PQfreemem(quoted);
    return out;
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

bool PgConnection::usedPassword() const
{
    PGconn *c = handle();
    return c && PQconnectionUsedPassword(c) == 1;
}

bool PgConnection::beginJitOff()
{
    PGconn *c = handle();
    if (!m_direct || !c || PQtransactionStatus(c) != PQTRANS_IDLE)
        return false;
    QString ignored;
    if (execScript(QStringLiteral("BEGIN; SET LOCAL jit = off"), &ignored))
        return true;
    if (PQtransactionStatus(c) != PQTRANS_IDLE) // BEGIN went through, the SET did not: no matter
        execScript(QStringLiteral("ROLLBACK"), &ignored);
    return false;
}

bool PgConnection::withJitOff(const std::function<bool()> &read)
{
    const bool opened = beginJitOff();
    const bool ok = read();
    endJitOff(opened, ok);
    return ok;
}

void PgConnection::endJitOff(bool opened, bool ok)
{
    QString ignored;
    if (opened && isOpen())
        execScript(ok ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"), &ignored);
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
