// The calendar of a history range: one entry per day of the range in a chosen zone, days without
// runs included. The same tally feeds the History page's charts and `history --json`'s `days`.
#pragma once

#include "historyquery.h"

#include <QDate>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QTimeZone>

namespace purga {

// Counts runs into the days they started on (in `zone`: a 23 h or 25 h day of a DST change is one
// day), one run at a time, so a streamed history is never held whole. Pure: no database.
class HistoryDays
{
public:
    // The range [since, until): an invalid `since` starts at the first run's day, an invalid
    // `until` ends today (at `now`).
    HistoryDays(const QDateTime &since, const QDateTime &until, const QTimeZone &zone,
                const QDateTime &now = QDateTime::currentDateTimeUtc());
    void add(const HistoryRun &run);
    // Every day from the first to the last of the range, in order; empty days have zero counts.
    QList<HistoryDay> days() const;
    QDate dayOf(const QDateTime &instant) const; // the instant's date in the zone

    // The whole calendar of `runs` at once.
    static QList<HistoryDay> of(const QList<HistoryRun> &runs, const QDateTime &since, const QDateTime &until,
                                const QTimeZone &zone,
                                const QDateTime &now = QDateTime::currentDateTimeUtc());
    // A zone by IANA name; UTC when the name is empty or unknown to this machine.
    static QTimeZone zoneNamed(const QString &name);

private:
    QTimeZone m_zone;
    QDate m_first; // invalid until the first run when the range has no start
    QDate m_last;
    QMap<QDate, HistoryDay> m_counted;
};

} // namespace purga
