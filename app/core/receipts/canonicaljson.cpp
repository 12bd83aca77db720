#include "canonicaljson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace purga::canonical {

namespace {

void appendString(QByteArray *out, const QString &s)
{
    static const char hex[] = "0123456789abcdef";
    out->append('"');
    const QByteArray utf8 = s.toUtf8();
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out->append("\\\"");
            break;
        case '\\':
            out->append("\\\\");
            break;
        case '\b':
            out->append("\\b");
            break;
        case '\f':
            out->append("\\f");
            break;
        case '\n':
            out->append("\\n");
            break;
        case '\r':
            out->append("\\r");
            break;
        case '\t':
            out->append("\\t");
            break;
        default:
            if (u < 0x20) {
                out->append("\\u00");
                out->append(hex[u >> 4]);
                out->append(hex[u & 0xf]);
            } else {
                out->append(c);
            }
        }
    }
    out->append('"');
}

void append(QByteArray *out, const QJsonValue &v);

void appendObject(QByteArray *out, const QJsonObject &o)
{
    QStringList keys = o.keys();
    // QString's operator< compares UTF-16 code units, as JCS sorts.
    std::sort(keys.begin(), keys.end());
    out->append('{');
    for (qsizetype i = 0; i < keys.size(); ++i) {
        if (i > 0)
            out->append(',');
        appendString(out, keys.at(i));
        out->append(':');
        append(out, o.value(keys.at(i)));
    }
    out->append('}');
}

void append(QByteArray *out, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out->append("null");
        break;
    case QJsonValue::Bool:
        out->append(v.toBool() ? "true" : "false");
        break;
    case QJsonValue::Double:
        out->append(number(v.toDouble()));
        break;
    case QJsonValue::String:
        appendString(out, v.toString());
        break;
    case QJsonValue::Array: {
        const QJsonArray a = v.toArray();
        out->append('[');
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (i > 0)
                out->append(',');
            append(out, a.at(i));
        }
        out->append(']');
        break;
    }
    case QJsonValue::Object:
        appendObject(out, v.toObject());
        break;
    }
}

} // namespace

QByteArray number(double value)
{
    if (!std::isfinite(value))
        return QByteArrayLiteral("null");
    if (value == 0)
        return QByteArrayLiteral("0"); // -0 too, as ECMAScript writes it
    // The shortest digits that read back as `value`, with their decimal exponent: "-1.2345e+01".
    const QByteArray e = QByteArray::number(std::fabs(value), 'e', QLocale::FloatingPointShortest);
    const qsizetype ePos = e.indexOf('e');
    QByteArray digits = e.left(ePos);
    digits.replace(".", "");
    const int k = int(digits.size());
    const int n = e.mid(ePos + 1).toInt() + 1; // value = 0.digits × 10^n
    QByteArray out = value < 0 ? QByteArrayLiteral("-") : QByteArray();
    if (k <= n && n <= 21) {
        out += digits + QByteArray(n - k, '0');
    } else if (0 < n && n <= 21) {
        out += digits.left(n) + '.' + digits.mid(n);
    } else if (-6 < n && n <= 0) {
        out += QByteArrayLiteral("0.") + QByteArray(-n, '0') + digits;
    } else {
        out += digits.left(1);
        if (k > 1)
            out += '.' + digits.mid(1);
        out += 'e' + QByteArray(n - 1 >= 0 ? "+" : "-") + QByteArray::number(std::abs(n - 1));
    }
    return out;
}

QByteArray serialize(const QJsonValue &value)
{
    QByteArray out;
    append(&out, value);
    return out;
}

QByteArray reserialize(const QByteArray &json)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return {};
    return doc.isArray() ? serialize(doc.array()) : serialize(doc.object());
}

bool isCanonical(const QByteArray &json)
{
    const QByteArray again = reserialize(json);
    return !again.isEmpty() && again == json;
}

} // namespace purga::canonical
