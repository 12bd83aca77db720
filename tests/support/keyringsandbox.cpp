#include "keyringsandbox.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QSettings>
#include <QStandardPaths>

namespace purga::test {

namespace {

QMap<QString, QString> readEnvFile(const QString &path, QString *why)
{
    QMap<QString, QString> env;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *why = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return env;
    }
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        const qsizetype eq = line.indexOf(u'=');
        if (eq > 0)
            env.insert(line.left(eq), line.mid(eq + 1));
    }
    return env;
}

QString keyringEnvPath(QString *why)
{
    const QString path = qEnvironmentVariable("PURGA_KEYRING_ENV");
    if (path.isEmpty())
        *why = QStringLiteral("PURGA_KEYRING_ENV is not set (run the tests through ctest)");
    return path;
}

} // namespace

bool useKeyringSandbox(QString *why)
{
    const QString path = keyringEnvPath(why);
    if (path.isEmpty())
        return false;
    const QMap<QString, QString> env = readEnvFile(path, why);
    const QString address = env.value(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
    if (address.isEmpty()) {
        if (why->isEmpty())
            *why = QStringLiteral("%1 has no DBUS_SESSION_BUS_ADDRESS").arg(path);
        return false;
    }
    const QString daemonPid = env.value(QStringLiteral("PURGA_KEYRING_DAEMON_PID"));
    if (daemonPid.isEmpty() || !QFileInfo::exists(QStringLiteral("/proc/") + daemonPid)) {
        *why = QStringLiteral("the gnome-keyring-daemon of %1 (pid %2) is not running").arg(path, daemonPid);
        return false;
    }
    if (address.startsWith(QLatin1String("unix:path="))) {
        const QString socket = address.mid(10).section(u',', 0, 0);
        if (!QFileInfo::exists(socket)) {
            *why = QStringLiteral("the sandbox bus socket %1 is gone").arg(socket);
            return false;
        }
    }
    qputenv("DBUS_SESSION_BUS_ADDRESS", address.toUtf8());
    // QtKeychain chooses KWallet on a KDE desktop: make it use the Secret Service (libsecret).
    for (const char *var : {"XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION",
                            "KDE_SESSION_VERSION", "GNOME_DESKTOP_SESSION_ID"})
        qunsetenv(var);
    return true;
}

QString keyringSandboxHome()
{
    QString why;
    const QString path = keyringEnvPath(&why);
    return path.isEmpty() ? QString() : readEnvFile(path, &why).value(QStringLiteral("PURGA_KEYRING_HOME"));
}

TempSettings::TempSettings()
    : m_oldTestMode(QStandardPaths::isTestModeEnabled())
{
    if (!m_dir.isValid())
        return;
    const QString root = m_dir.path();
    const QString home = homePath();
    const QList<QPair<const char *, QString>> vars = {
        {"HOME", home},
        {"XDG_CONFIG_HOME", home + QStringLiteral("/.config")},
        {"XDG_DATA_HOME", home + QStringLiteral("/.local/share")},
        {"XDG_CACHE_HOME", home + QStringLiteral("/.cache")},
    };
    for (const auto &[name, value] : vars) {
        m_savedEnv.append({QByteArray(name), qEnvironmentVariableIsSet(name)
                                                 ? std::optional<QByteArray>(qgetenv(name))
                                                 : std::nullopt});
        QDir().mkpath(value);
        qputenv(name, value.toUtf8());
    }
    for (const QSettings::Format format : {QSettings::NativeFormat, QSettings::IniFormat}) {
        QSettings::setPath(format, QSettings::UserScope, root + QStringLiteral("/user-settings"));
        QSettings::setPath(format, QSettings::SystemScope, root + QStringLiteral("/system-settings"));
    }
    // Test mode puts QStandardPaths under $HOME/.qttest, i.e. inside this directory too.
    QStandardPaths::setTestModeEnabled(true);
}

TempSettings::~TempSettings()
{
    QStandardPaths::setTestModeEnabled(m_oldTestMode);
    for (const auto &[name, value] : std::as_const(m_savedEnv)) {
        if (value)
            qputenv(name.constData(), *value);
        else
            qunsetenv(name.constData());
    }
}

QString TempSettings::homePath() const
{
    return m_dir.path() + QStringLiteral("/home");
}

QStringList TempSettings::files() const
{
    QStringList list;
    QDirIterator it(m_dir.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        list << it.next();
    list.sort();
    return list;
}

QStringList TempSettings::filesContaining(const QString &needle) const
{
    return test::filesContaining(m_dir.path(), needle);
}

QStringList filesContaining(const QString &dir, const QString &needle)
{
    const QByteArray utf8 = needle.toUtf8();
    const QByteArray utf16le(reinterpret_cast<const char *>(needle.utf16()), needle.size() * 2);
    QByteArray utf16be = utf16le;
    for (qsizetype i = 0; i + 1 < utf16be.size(); i += 2)
        std::swap(utf16be[i], utf16be[i + 1]);
    const QList<QByteArray> forms = {utf8, utf16le, utf16be, utf8.toBase64(QByteArray::OmitTrailingEquals),
                                     utf8.toPercentEncoding()};
    QStringList hits;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        for (const QByteArray &form : forms) {
            if (!form.isEmpty() && bytes.contains(form)) {
                hits << path;
                break;
            }
        }
    }
    return hits;
}

} // namespace purga::test
