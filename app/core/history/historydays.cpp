// HistoryDays: runs counted into the calendar days of a range, empty days included.
#include "historydays.h"

namespace purga {

QJsonObject HistoryDay::toJson() const
{
    return QJsonObject{{QStringLiteral("day"), day.toString(Qt::ISODate)},
                       {QStringLiteral("rows"), double(rows)},
                       {QStringLiteral("job_runs"), jobRuns},
                       {QStringLiteral("job_ok_runs"), jobOkRuns},
                       {QStringLiteral("manual_runs"), manualRuns}};
}

HistoryDays::HistoryDays(const QDateTime &since, const QDateTime &until, const QTimeZone &zone,
                         const QDateTime &now)
    : m_zone(zone.isValid() ? zone : QTimeZone::utc())
{
    if (since.isValid())
        m_first = dayOf(since);
    // `until` is exclusive: a range ending at midnight does not include the day it ends on.
    m_last = until.isValid() ? dayOf(until.addMSecs(-1)) : dayOf(now);
}

QDate HistoryDays::dayOf(const QDateTime &instant) const
{
    return instant.toTimeZone(m_zone).date();
}

void HistoryDays::add(const HistoryRun &run)
{
    const QDateTime started = QDateTime::fromString(run.startedUtc, Qt::ISODateWithMs);
    if (!started.isValid())
        return;
    const QDate day = dayOf(started);
    HistoryDay &d = m_counted[day];
    d.day = day;
    const bool job = run.origin == QLatin1String("job");
    (job ? d.jobRuns : d.manualRuns) += 1;
    if (job && run.status == QLatin1String("ok"))
        ++d.jobOkRuns;
    for (auto it = run.rows.cbegin(); it != run.rows.cend(); ++it) {
        d.rows += it.value();
        d.rowsByOrigin[run.origin][it.key()] += it.value();
    }
}

QList<HistoryDay> HistoryDays::days() const
{
    QDate first = m_first;
    QDate last = m_last;
    if (!m_counted.isEmpty()) { // runs outside the bounds still get their day
        if (!first.isValid() || m_counted.firstKey() < first)
            first = m_counted.firstKey();
        if (m_counted.lastKey() > last)
            last = m_counted.lastKey();
    }
    QList<HistoryDay> out;
    if (!first.isValid() || !last.isValid() || first > last)
        return out;
    out.reserve(first.daysTo(last) + 1);
    for (QDate d = first; d <= last; d = d.addDays(1)) {
        HistoryDay day = m_counted.value(d);
        day.day = d;
        out << day;
    }
    return out;
}

QList<HistoryDay> HistoryDays::of(const QList<HistoryRun> &runs, const QDateTime &since,
                                  const QDateTime &until, const QTimeZone &zone, const QDateTime &now)
{
    HistoryDays tally(since, until, zone, now);
    for (const HistoryRun &r : runs)
        tally.add(r);
    return tally.days();
}

QTimeZone HistoryDays::zoneNamed(const QString &name)
{
    if (name.isEmpty())
        return QTimeZone::utc();
    const QTimeZone zone(name.toUtf8());
    return zone.isValid() ? zone : QTimeZone::utc();
}

} // namespace purga
