#pragma once

// Numbers and sizes as both executables show them (the GUI's Display:: and the CLI's lines),
// so that a size reads the same in a window and in a terminal.
#include <QString>

namespace purga {

QString formatCount(qint64 value);    // locale thousands separators: "1,234,567"
QString formatBytes(qint64 value);    // "1.5 MB" (powers of 1024, the locale's decimal point)
QString formatRate(double perSecond); // a whole number of rows per second, locale separators
// A span in hours as a person reads it: "5.5 h", "30 h", and over 48 h in days: "3 days 4 h"
// (locale digits; the words are translated, context purga::TextFormat).
QString formatHours(double hours);

} // namespace purga

#include <QJsonValue>

namespace purga {

// JSON: an absent text (never-run timestamp, no bound, unknown zone) is null, never "".
QJsonValue jsonText(const QString &text);
// JSON: a count that is not known (negative) is null.
QJsonValue jsonCount(qint64 value);

} // namespace purga
