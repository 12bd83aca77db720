#include "pgsandbox.h"

#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace purga::test {

bool runningInCi()
{
    const QByteArray ci = qgetenv("CI");
    return !ci.isEmpty() && ci != "0" && ci.toLower() != "false";
}

bool loadSandbox(SandboxInfo *info, QString *why)
{
    const QString path = qEnvironmentVariable("PURGA_SANDBOX_ENV");
    if (path.isEmpty()) {
        *why = QStringLiteral("PURGA_SANDBOX_ENV is not set (run the tests through ctest)");
        return false;
    }
    return loadSandboxFile(path, info, why);
}

bool loadSandboxFile(const QString &path, SandboxInfo *info, QString *why)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *why = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return false;
    }
    QMap<QString, QString> env;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        const qsizetype eq = line.indexOf(u'=');
        if (eq > 0)
            env.insert(line.left(eq), line.mid(eq + 1));
    }
    info->host = env.value(QStringLiteral("PURGA_SANDBOX_HOST"));
    info->port = env.value(QStringLiteral("PURGA_SANDBOX_PORT")).toInt();
    info->standbyPort = env.value(QStringLiteral("PURGA_SANDBOX_STANDBY_PORT")).toInt();
    info->socketDir = env.value(QStringLiteral("PURGA_SANDBOX_SOCKET"));
    info->binDir = env.value(QStringLiteral("PURGA_SANDBOX_BIN"));
    info->purgaPassword = env.value(QStringLiteral("PURGA_SANDBOX_PURGA_PASSWORD"));
    info->apiPassword = env.value(QStringLiteral("PURGA_SANDBOX_API_PASSWORD"));
    info->caFile = env.value(QStringLiteral("PURGA_SANDBOX_CA"));
    if (info->port == 0) {
        *why = QStringLiteral("%1 has no port").arg(path);
        return false;
    }
    return true;
}

ConnectionProfile superuserProfile(const SandboxInfo &sandbox, const QString &database)
{
    ConnectionProfile p;
    p.name = QStringLiteral("sandbox-superuser");
    p.host = sandbox.socketDir;
    p.port = sandbox.port;
    p.database = database;
    p.user = QStringLiteral("postgres");
    p.sslMode = QStringLiteral("disable");
    p.applicationName = QStringLiteral("purga-tests-admin");
    return p;
}

TestDatabase::TestDatabase(const SandboxInfo &sandbox, const QString &prefix)
    : m_sandbox(sandbox)
    , m_name(prefix.toLower() + u'_' + QUuid::createUuid().toString(QUuid::Id128).left(10))
{
    PgConnection maint;
    DbFailure err;
    if (!maint.open(superuserProfile(sandbox, QStringLiteral("postgres")), QString(), &err)) {
        m_error = err.message + u' ' + err.detail;
        return;
    }
    if (!maint.execScript(QStringLiteral("CREATE DATABASE %1 TEMPLATE identidad_template").arg(m_name),
                          &m_error))
        return;
    m_admin = std::make_unique<PgConnection>();
    if (!m_admin->open(superuserProfile(sandbox, m_name), QString(), &err)) {
        m_error = err.message + u' ' + err.detail;
        return;
    }
    m_valid = true;
}

TestDatabase::~TestDatabase()
{
    m_admin.reset();
    if (!m_valid)
        return;
    PgConnection maint;
    DbFailure err;
    if (maint.open(superuserProfile(m_sandbox, QStringLiteral("postgres")), QString(), &err)) {
        QString ignored;
        maint.execScript(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name), &ignored);
    }
}

ConnectionProfile TestDatabase::profile(const QString &role, bool standby) const
{
    ConnectionProfile p;
    p.name = QStringLiteral("test-") + role;
    p.host = m_sandbox.host;
    p.port = standby ? m_sandbox.standbyPort : m_sandbox.port;
    p.database = m_name;
    p.user = role;
    p.sslMode = QStringLiteral("disable");
    p.connectTimeoutSec = 3;
    return p;
}

QString TestDatabase::passwordFor(const QString &role) const
{
    if (role == QLatin1String("identidad_purga"))
        return m_sandbox.purgaPassword;
    if (role == QLatin1String("identidad_api"))
        return m_sandbox.apiPassword;
    return QString();
}

bool TestDatabase::exec(const QString &sql, QString *error)
{
    QString err;
    const bool ok = m_admin && m_admin->execScript(sql, &err);
    if (!ok) {
        if (error)
            *error = err;
        else
            qWarning("TestDatabase::exec failed: %s", qPrintable(err));
    }
    return ok;
}

QVariant TestDatabase::scalar(const QString &sql)
{
    QSqlQuery q(m_admin->database());
    if (!q.exec(sql) || !q.next()) {
        qWarning("TestDatabase::scalar failed: %s", qPrintable(q.lastError().text()));
        return QVariant();
    }
    return q.value(0);
}

QList<qint64> TestDatabase::ids(const QString &sql)
{
    QList<qint64> out;
    QSqlQuery q(m_admin->database());
    q.setForwardOnly(true);
    if (!q.exec(sql)) {
        qWarning("TestDatabase::ids failed: %s", qPrintable(q.lastError().text()));
        return out;
    }
    while (q.next())
        out << q.value(0).toLongLong();
    return out;
}

} // namespace purga::test
