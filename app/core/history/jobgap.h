// Time since the scheduled job last succeeded, over a history range: the ADR's main alarm ("the
// job has not run in 48 h") as a series the History page draws.
#pragma once

#include "historyquery.h"

#include <QDateTime>
#include <QList>

namespace purga {

// A sawtooth that climbs one hour per hour and drops to zero at each successful job run (origin
// job, status ok, at its end or at its start when it has none: as Health measures it). Fed one run
// at a time, so a streamed history is never held whole. Pure: no database.
class JobGap
{
public:
    // The range [from, to]; `lastOkBefore`: the job's last success before `from` (invalid: none).
    JobGap(const QDateTime &from, const QDateTime &to, const QDateTime &lastOkBefore);
    void add(const HistoryRun &run); // counts it when it is a successful job run in the range

    // The vertices in time order: the value at `from` (when a success came before), then at each
    // success after a gap of at least `minGapHours` the gap's top and zero, and the value at `to`.
    // Shorter gaps are drawn at zero: the line is never more than `minGapHours` below the truth.
    QList<JobGapPoint> points(double minGapHours) const;
    double hoursAt(const QDateTime &instant) const; // -1 when no success came before it
    // The shortest gap worth its own vertices on a chart of `maxPoints` points over the range:
    // an hour, or a quarter of a point's width when that is more.
    double minGapHoursFor(int maxPoints) const;

private:
    qint64 m_from;
    qint64 m_to;
    qint64 m_before;    // -1: none
    QList<qint64> m_ok; // Unix ms of the successes in the range
};

} // namespace purga
