#include "ownsandbox.h"

#include <QFile>
#include <QProcess>

namespace purga::test {

namespace {
constexpr int kScriptTimeoutMs = 120000;

QString scriptPath()
{
    return qEnvironmentVariable("PURGA_SOURCE_DIR") + QStringLiteral("/scripts/pg-sandbox");
}
} // namespace

OwnSandbox::OwnSandbox()
    : m_envDir(m_dir.path() + QStringLiteral("/sandbox"))
{
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("no temporary directory: %1").arg(m_dir.errorString());
        return;
    }
    if (qEnvironmentVariable("PURGA_SOURCE_DIR").isEmpty()) {
        m_error = QStringLiteral("PURGA_SOURCE_DIR is not set (run the tests through ctest)");
        return;
    }
    if (!script({QStringLiteral("start"), m_envDir}, &m_error))
        return;
    m_valid = loadSandboxFile(m_envDir + QStringLiteral("/env"), &m_info, &m_error);
}

OwnSandbox::~OwnSandbox()
{
    QString ignored;
    script({QStringLiteral("stop"), m_envDir}, &ignored); // also after a start that failed half-way
}

bool OwnSandbox::stopServer(QString *error)
{
    return script({QStringLiteral("server-stop"), m_envDir}, error);
}

bool OwnSandbox::startServer(QString *error)
{
    return script({QStringLiteral("server-start"), m_envDir}, error);
}

qint64 OwnSandbox::postmasterPid(QString *error) const
{
    QFile env(m_envDir + QStringLiteral("/env"));
    QString data;
    if (env.open(QIODevice::ReadOnly))
        for (const QByteArray &line : env.readAll().split('\n'))
            if (line.startsWith("PURGA_SANDBOX_DATA="))
                data = QString::fromUtf8(line.mid(int(qstrlen("PURGA_SANDBOX_DATA="))).trimmed());
    QFile pidFile(data + QStringLiteral("/primary/postmaster.pid"));
    if (data.isEmpty() || !pidFile.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("no postmaster.pid under \"%1\"").arg(data);
        return 0;
    }
    const qint64 pid = pidFile.readLine().trimmed().toLongLong();
    if (pid <= 0)
        *error = QStringLiteral("%1 holds no pid").arg(pidFile.fileName());
    return pid;
}

bool OwnSandbox::script(const QStringList &args, QString *error) const
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("bash"), QStringList{scriptPath()} + args);
    if (!p.waitForFinished(kScriptTimeoutMs) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(5000);
        }
        *error = QStringLiteral("pg-sandbox %1 failed: %2")
                     .arg(args.join(u' '), QString::fromUtf8(p.readAll()).trimmed());
        return false;
    }
    return true;
}

} // namespace purga::test
