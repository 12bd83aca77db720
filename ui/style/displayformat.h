#pragma once

#include <QDateTime>
#include <QIcon>
#include <QString>

namespace purga {

// Shared display rules of the GUI: locale numbers, sizes, times that always carry their zone,
// and the status icons that go with every colour.
namespace Display {

// Locale thousands separators; "≈ " in front when the number is an estimate; "—" when unknown (< 0).
QString number(qint64 value, bool approximate = false);
QString bytes(qint64 value);

// Parses the UTC text the core hands out ("2026-11-27 08:00:00.123+00", ISO 8601, ...).
QDateTime parseUtc(const QString &utcText);
// "2026-11-27 03:00:00 -05" in the local zone; empty text gives `emptyText`.
QString localTime(const QString &utcText, const QString &emptyText = QString());
QString localTime(const QDateTime &time);
// The same to the minute, for narrow places: "2026-11-27 03:00 -05".
QString localMinute(const QString &utcText, const QString &emptyText = QString());
// Month of a partition bound as "2025-01" (UTC, as the partitions are cut).
QString monthOf(const QString &utcText);
// An instant in UTC to the second, "2026-11-30 03:00:00 UTC" (empty stays empty).
QString utcSeconds(const QString &utcText);

// THE format of an instant on every page: "2026-11-29 21:25:39" in the zone the app shows (UTC,
// the zone of the database's data, its logs and the CLI), without the zone: that is said once, by
// zoneNote(), in the status bar. An invalid time gives `emptyText`; a text that does not parse
// (from the core, in UTC) is shown as it came.
QString timestamp(const QDateTime &time, const QString &emptyText = QString());
QString timestamp(const QString &utcText, const QString &emptyText = QString());
// A message from the core with ISO instants in it ("…since 2026-11-29T21:25:39Z…") with each
// instant in the format of timestamp(); the rest of the text as it came.
QString timestampsIn(const QString &message);
// "Times in UTC": the one place the zone of every timestamp() is said.
QString zoneNote();

enum class Status { Ok, Warning, Failed, Info };
QIcon statusIcon(Status status);
QString statusSymbol(Status status); // ✓ ⚠ ✗ ℹ, always next to text, never alone

} // namespace Display
} // namespace purga
