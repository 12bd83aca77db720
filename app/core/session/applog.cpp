// The GUI's log file (applog.h): the message handler, rotation and the log folder's place.
#include "applog.h"

#include "core/security/secrets.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLoggingCategory>
#include <QMutex>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringList>

#include <cstdio>

namespace purga {

namespace {

struct LogState
{
    QMutex mutex;
    bool installed = false;
    AppLogOptions options;
    QString path;
    QFile file;
    QStringList secrets;
    QtMessageHandler previous = nullptr;
};

LogState &state()
{
    static LogState s;
    return s;
}

QString rotatedName(const QString &path, int n)
{
    return n == 0 ? path : path + u'.' + QString::number(n);
}

// Caller holds the mutex. Shifts .log → .log.1 → … and drops the oldest.
void rotate(LogState &s)
{
    s.file.close();
    const int last = qMax(1, s.options.files) - 1;
    QFile::remove(rotatedName(s.path, last));
    for (int n = last - 1; n >= 0; --n)
        QFile::rename(rotatedName(s.path, n), rotatedName(s.path, n + 1));
    if (last == 0)
        QFile::remove(s.path);
}

bool openFile(LogState &s, QString *error)
{
    s.file.setFileName(s.path);
    if (!s.file.open(QIODevice::WriteOnly | QIODevice::Append | QIODevice::Text)) {
        if (error)
            *error = s.file.errorString();
        return false;
    }
    // Host and user names are in it: readable by this user only.
    s.file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

const char *levelName(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg:
        return "DEBUG";
    case QtInfoMsg:
        return "INFO";
    case QtWarningMsg:
        return "WARNING";
    case QtCriticalMsg:
        return "CRITICAL";
    case QtFatalMsg:
        return "FATAL";
    }
    return "INFO";
}

void writeLine(LogState &s, const QByteArray &bytes)
{
    if (!s.file.isOpen())
        return;
    if (s.file.size() > 0 && s.file.size() + bytes.size() > s.options.maxBytes) {
        rotate(s);
        if (!openFile(s, nullptr))
            return;
    }
    s.file.write(bytes.left(s.options.maxBytes));
    s.file.flush();
}

void handler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    const QString category =
        context.category ? QString::fromUtf8(context.category) : QStringLiteral("default");
    QString text = redact(message, s.secrets);
    lock.unlock();
    text = sanitizeLogLine(text);
    const QString line = QStringLiteral("%1 %2 %3: %4\n")
                             .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs),
                                  QLatin1String(levelName(type)), category, text);
    const QByteArray bytes = line.toUtf8();
    lock.relock();
    writeLine(s, bytes);
    if (s.options.verbose || (type != QtInfoMsg && type != QtDebugMsg)) {
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
        std::fflush(stderr);
    }
    if (type == QtFatalMsg)
        std::abort();
}

void redactUris(QString *line)
{
    static const QRegularExpression uri(QStringLiteral("postgres(ql)?://\\S+"),
                                        QRegularExpression::CaseInsensitiveOption);
    QStringList found;
    for (auto it = uri.globalMatch(*line); it.hasNext();)
        found << conninfoSecrets(it.next().captured(0));
    *line = redact(*line, found);
}

void maskHashes(QString *line)
{
    static const QRegularExpression hash(
        QStringLiteral("(?<![A-Za-z0-9_-])([0-9A-Fa-f]{32,}|[A-Za-z0-9_-]{40,})"
                       "(?![A-Za-z0-9_-])"));
    QString out;
    qsizetype from = 0;
    for (auto it = hash.globalMatch(*line); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += line->mid(from, m.capturedStart() - from) + maskHash(m.captured(0));
        from = m.capturedEnd();
    }
    if (from > 0)
        *line = out + line->mid(from);
}

} // namespace

QString stateLogDirectory(const QString &xdgStateHome, const QString &home)
{
    // The XDG base-directory rule: a relative $XDG_STATE_HOME is invalid and ignored.
    const QString base = !xdgStateHome.isEmpty() && QDir::isAbsolutePath(xdgStateHome)
                             ? xdgStateHome
                             : home + QStringLiteral("/.local/state");
    return QDir::cleanPath(base + QStringLiteral("/purga-sesiones/logs"));
}

QString defaultLogDirectory()
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    return stateLogDirectory(qEnvironmentVariable("XDG_STATE_HOME"), QDir::homePath());
#else
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/logs");
#endif
}

QString sanitizeLogLine(const QString &line)
{
    QString out = line;
    if (out.contains(QLatin1String("password"), Qt::CaseInsensitive))
        out = redact(out, conninfoSecrets(out));
    if (out.contains(QLatin1String("://")))
        redactUris(&out);
    maskHashes(&out);
    return out;
}

bool installAppLog(const AppLogOptions &options, QString *error)
{
    uninstallAppLog();
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    s.options = options;
    if (s.options.directory.isEmpty())
        s.options.directory = defaultLogDirectory();
    s.options.maxBytes = qMax<qint64>(s.options.maxBytes, 1024);
    if (!QDir().mkpath(s.options.directory)) {
        if (error)
            *error = QStringLiteral("cannot create %1").arg(s.options.directory);
        return false;
    }
    QFile::setPermissions(s.options.directory,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    s.path = QDir(s.options.directory).filePath(QStringLiteral("purga-sesiones.log"));
    if (!openFile(s, error))
        return false;
    s.installed = true;
    s.previous = qInstallMessageHandler(handler);
    lock.unlock();
    QLoggingCategory::setFilterRules(QStringLiteral("purga.*.info=true"));
    return true;
}

void uninstallAppLog()
{
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    if (!s.installed)
        return;
    qInstallMessageHandler(s.previous);
    s.file.close();
    for (QString &secret : s.secrets)
        wipe(secret);
    s.secrets.clear();
    s.path.clear();
    s.installed = false;
}

QString appLogFilePath()
{
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    return s.path;
}

void addLogSecret(const QString &secret)
{
    LogState &s = state();
    QMutexLocker lock(&s.mutex);
    if (s.installed && !secret.isEmpty() && !s.secrets.contains(secret))
        s.secrets << secret;
}

} // namespace purga
