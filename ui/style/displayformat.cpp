#include "displayformat.h"

#include "core/util/textformat.h"

#include <QApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStyle>
#include <QTimeZone>

namespace purga::Display {

QString number(qint64 value, bool approximate)
{
    if (value < 0)
        return QStringLiteral("—");
    const QString text = QLocale().toString(value);
    return approximate ? QStringLiteral("≈ ") + text : text;
}

QString bytes(qint64 value)
{
    return formatBytes(value); // the CLI's too
}

QDateTime parseUtc(const QString &utcText)
{
    QString t = utcText.trimmed();
    if (t.isEmpty())
        return QDateTime();
    t.replace(u' ', u'T');
    // PostgreSQL writes "+00" / "-05" / "+05:30"; ISO 8601 wants "+00:00".
    static const QRegularExpression shortOffset(QStringLiteral("([+-]\\d\\d)$"));
    t.replace(shortOffset, QStringLiteral("\\1:00"));
    QDateTime dt = QDateTime::fromString(t, Qt::ISODateWithMs);
    if (!dt.isValid())
        dt = QDateTime::fromString(t, Qt::ISODate);
    if (dt.isValid() && dt.timeSpec() == Qt::LocalTime)
        dt.setTimeZone(QTimeZone::utc()); // no offset written: the core's texts are UTC
    return dt;
}

namespace {
QString withZone(const QDateTime &time, const QString &format)
{
    if (!time.isValid())
        return QString();
    const QDateTime local = time.toLocalTime();
    QString zone = local.timeZoneAbbreviation();
    if (zone.isEmpty())
        zone = local.toString(QStringLiteral("t"));
    return local.toString(format) + u' ' + zone;
}
} // namespace

QString localTime(const QDateTime &time)
{
    return withZone(time, QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString localMinute(const QString &utcText, const QString &emptyText)
{
    if (utcText.trimmed().isEmpty())
        return emptyText;
    const QDateTime dt = parseUtc(utcText);
    return dt.isValid() ? withZone(dt, QStringLiteral("yyyy-MM-dd HH:mm")) : utcText;
}

QString localTime(const QString &utcText, const QString &emptyText)
{
    if (utcText.trimmed().isEmpty())
        return emptyText;
    const QDateTime dt = parseUtc(utcText);
    return dt.isValid() ? localTime(dt) : utcText;
}

QString utcSeconds(const QString &utcText)
{
    const QDateTime dt = parseUtc(utcText);
    return dt.isValid() ? dt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QStringLiteral(" UTC")
                        : utcText;
}

QString timestamp(const QDateTime &time, const QString &emptyText)
{
    return time.isValid() ? time.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : emptyText;
}

QString timestamp(const QString &utcText, const QString &emptyText)
{
    if (utcText.trimmed().isEmpty())
        return emptyText;
    const QDateTime dt = parseUtc(utcText);
    return dt.isValid() ? timestamp(dt) : utcText;
}

QString timestampsIn(const QString &message)
{
    static const QRegularExpression instant(QStringLiteral("\\b\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z"));
    QString out;
    qsizetype from = 0;
    for (auto it = instant.globalMatch(message); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += message.mid(from, m.capturedStart() - from) + timestamp(m.captured());
        from = m.capturedEnd();
    }
    return out + message.mid(from);
}

QString zoneNote()
{
    return QCoreApplication::translate("purga::Display", "Times in UTC");
}

QString monthOf(const QString &utcText)
{
    const QDateTime dt = parseUtc(utcText);
    if (!dt.isValid())
        return utcText;
    return dt.toUTC().toString(QStringLiteral("yyyy-MM"));
}

QIcon statusIcon(Status status)
{
    QStyle *style = QApplication::style();
    switch (status) {
    case Status::Ok:
        return style->standardIcon(QStyle::SP_DialogApplyButton);
    case Status::Warning:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Status::Failed:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case Status::Info:
        break;
    }
    return style->standardIcon(QStyle::SP_MessageBoxInformation);
}

QString statusSymbol(Status status)
{
    switch (status) {
    case Status::Ok:
        return QStringLiteral("✓");
    case Status::Warning:
        return QStringLiteral("⚠");
    case Status::Failed:
        return QStringLiteral("✗");
    case Status::Info:
        break;
    }
    return QStringLiteral("ℹ");
}

} // namespace purga::Display
