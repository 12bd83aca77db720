#include "textformat.h"

#include <QLocale>

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

} // namespace purga
