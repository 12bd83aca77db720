#include "textformat.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace purga {

QString formatCount(qint64 value)
{
    return QLocale().toString(value);
}

QString formatBytes(qint64 value)
{
    return QLocale().formattedDataSize(value, 1, QLocale::DataSizeTraditionalFormat);
}

QString formatRate(double perSecond)
{
    return QLocale().toString(qint64(std::llround(perSecond > 0 ? perSecond : 0)));
}

QString formatHours(double hours)
{
    const QLocale locale;
    if (hours <= 48) {
        const QString number = locale.toString(hours, 'f', hours < 10 ? 1 : 0);
        return QCoreApplication::translate("purga::TextFormat", "%1 h").arg(number);
    }
    qint64 days = qint64(hours / 24);
    qint64 rest = std::llround(hours - double(days) * 24);
    if (rest >= 24) {
        ++days;
        rest -= 24;
    }
    // Over 48 h there are always at least two days: no singular needed.
    if (rest == 0)
        return QCoreApplication::translate("purga::TextFormat", "%1 days").arg(locale.toString(days));
    return QCoreApplication::translate("purga::TextFormat", "%1 days %2 h")
        .arg(locale.toString(days), locale.toString(rest));
}

} // namespace purga

namespace purga {

QJsonValue jsonText(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonValue jsonCount(qint64 value)
{
    return value < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(double(value));
}

bool isIsoDateOrInstant(const QString &text)
{
    static const QRegularExpression iso(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:"
                                                       "\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?)?$"));
    return iso.match(text).hasMatch();
}

} // namespace purga
