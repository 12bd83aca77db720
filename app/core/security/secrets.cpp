#include "secrets.h"

#include <QByteArray>
#include <QRegularExpression>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace purga {

namespace {

const QString kMask = QStringLiteral("***");

bool isUri(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^\\s*postgres(ql)?://"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re.match(s).hasMatch();
}

void addSecret(QStringList *out, const QString &s)
{
    const QString t = s.trimmed();
    if (!t.isEmpty() && !out->contains(t))
        *out << t;
}

// The password of postgres://user:password@host/..., as typed and percent-decoded.
void uriSecrets(const QString &uri, QStringList *out)
{
    const qsizetype start = uri.indexOf(QLatin1String("://")) + 3;
    qsizetype end = start;
    while (end < uri.size() && uri.at(end) != u'@' && uri.at(end) != u'/')
        ++end;
    if (end < uri.size() && uri.at(end) == u'@') {
        const QString userinfo = uri.mid(start, end - start);
        const qsizetype colon = userinfo.indexOf(u':');
        if (colon >= 0) {
            const QString pw = userinfo.mid(colon + 1);
            addSecret(out, pw);
            addSecret(out, QString::fromUtf8(QByteArray::fromPercentEncoding(pw.toUtf8())));
        }
    }
    // ?password=...&...
    static const QRegularExpression query(QStringLiteral("[?&]password=([^&]*)"),
                                          QRegularExpression::CaseInsensitiveOption);
    for (auto it = query.globalMatch(uri); it.hasNext();) {
        const QString pw = it.next().captured(1);
        addSecret(out, pw);
        addSecret(out, QString::fromUtf8(QByteArray::fromPercentEncoding(pw.toUtf8())));
    }
}

// Reads a value at `pos` (quoted with ' and \ escapes, or up to white space); returns what libpq
// would see and sets `raw` to the text as typed.
QString readValue(const QString &s, qsizetype *pos, QString *raw)
{
    const qsizetype begin = *pos;
    QString value;
    if (*pos < s.size() && s.at(*pos) == u'\'') {
        ++*pos;
        while (*pos < s.size() && s.at(*pos) != u'\'') {
            if (s.at(*pos) == u'\\' && *pos + 1 < s.size())
                ++*pos;
            value += s.at((*pos)++);
        }
        if (*pos < s.size())
            ++*pos; // closing quote
    } else {
        while (*pos < s.size() && !s.at(*pos).isSpace())
            value += s.at((*pos)++);
    }
    *raw = s.mid(begin, *pos - begin);
    return value;
}

void keywordSecrets(const QString &s, QStringList *out)
{
    static const QRegularExpression key(QStringLiteral("(^|\\s)password\\s*=\\s*"),
                                        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression nextKey(QStringLiteral("^\\s*[A-Za-z_]+\\s*="));
    for (auto it = key.globalMatch(s); it.hasNext();) {
        qsizetype pos = it.next().capturedEnd();
        QString raw;
        addSecret(out, readValue(s, &pos, &raw));
        addSecret(out, raw);
        // Words that follow without being "keyword=" belong to the password the user meant.
        QString span = raw;
        while (pos < s.size() && !nextKey.match(s.mid(pos)).hasMatch()) {
            while (pos < s.size() && s.at(pos).isSpace())
                span += s.at(pos++);
            if (pos >= s.size())
                break;
            addSecret(out, readValue(s, &pos, &raw));
            addSecret(out, raw);
            span += raw;
        }
        addSecret(out, span);
    }
}

} // namespace

QStringList conninfoSecrets(const QString &conninfo)
{
    QStringList out;
    if (isUri(conninfo))
        uriSecrets(conninfo, &out);
    else
        keywordSecrets(conninfo, &out);
    std::sort(out.begin(), out.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return out;
}

QString redact(QString text, const QStringList &secrets)
{
    QStringList sorted = secrets;
    std::sort(sorted.begin(), sorted.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    for (const QString &s : sorted)
        if (!s.isEmpty())
            text.replace(s, kMask);
    return text;
}

QString maskHash(const QString &hash)
{
    if (hash.size() <= 12)
        return QString(hash.size(), u'•');
    return hash.left(6) + QStringLiteral("…") + hash.right(4);
}

QString redactConninfo(const QString &conninfo)
{
    return redact(conninfo, conninfoSecrets(conninfo));
}

bool conninfoHasPassword(const QString &conninfo)
{
    return !conninfoSecrets(conninfo).isEmpty();
}

void wipe(QString &s)
{
    if (s.isDetached() && !s.isEmpty())
        std::fill(s.data(), s.data() + s.size(), QChar(u'\0'));
    s.clear();
}

void wipe(QByteArray &b)
{
    if (b.isDetached() && !b.isEmpty())
        std::fill(b.data(), b.data() + b.size(), '\0');
    b.clear();
}

QString osUserName()
{
#ifdef Q_OS_UNIX
    const uid_t uid = geteuid();
    long size = sysconf(_SC_GETPW_R_SIZE_MAX);
    QByteArray buf(size > 0 ? int(size) : 16384, '\0');
    passwd pw{};
    passwd *found = nullptr;
    if (getpwuid_r(uid, &pw, buf.data(), size_t(buf.size()), &found) == 0 && found && found->pw_name)
        return QString::fromLocal8Bit(found->pw_name);
    return QStringLiteral("uid %1").arg(uid);
#else
    // No POSIX user database: the login name Windows gives (not an environment variable) would
    // need advapi32; until then say that it is unknown rather than trust %USERNAME%.
    return QString();
#endif
}

} // namespace purga
