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

// An ISO 8601 date or instant as the CLI's --since/--until take it, the whole text and nothing
// more: 2026-11-01, 2026-11-01T03:00, 2026-11-01T03:00:00.5Z, 2026-11-01T03:00:00-05:00.
// (Qt's own ISO parser accepts "2026-01-01xyz" as that date: the trailing text is checked here.)
bool isIsoDateOrInstant(const QString &text);

} // namespace purga
