// JobGap: hours since the scheduled job last succeeded, as the vertices of a sawtooth.
#include "jobgap.h"

#include <algorithm>

namespace purga {

namespace {
constexpr double kMsPerHour = 3600.0 * 1000.0;
}

JobGap::JobGap(const QDateTime &from, const QDateTime &to, const QDateTime &lastOkBefore)
    : m_from(from.toMSecsSinceEpoch())
    , m_to(to.toMSecsSinceEpoch())
    , m_before(lastOkBefore.isValid() ? lastOkBefore.toMSecsSinceEpoch() : -1)
{
}

void JobGap::add(const HistoryRun &run)
{
    if (run.origin != QLatin1String("job") || run.status != QLatin1String("ok"))
        return;
    const QString &at = run.finishedUtc.isEmpty() ? run.startedUtc : run.finishedUtc;
    const QDateTime t = QDateTime::fromString(at, Qt::ISODateWithMs);
    if (!t.isValid())
        return;
    const qint64 ms = t.toMSecsSinceEpoch();
    if (ms < m_from) // ended before the range's start although it started in it: the value at `from`
        m_before = std::max(m_before, ms);
    else if (ms <= m_to)
        m_ok << ms;
}

QList<JobGapPoint> JobGap::points(double minGapHours) const
{
    QList<qint64> ok = m_ok;
    std::sort(ok.begin(), ok.end()); // runs come by start; their ends may cross
    const qint64 minGap = qint64(minGapHours * kMsPerHour);
    QList<JobGapPoint> out;
    const auto push = [&out](qint64 at, qint64 gapMs) {
        const double h = double(gapMs) / kMsPerHour;
        if (!out.isEmpty() && out.constLast().atMs == at && out.constLast().hours == h)
            return;
        out << JobGapPoint{at, h};
    };
    qint64 prev = m_before;
    if (prev >= 0)
        push(m_from, m_from - prev);
    for (qint64 t : ok) {
        if (prev < 0) {
            push(t, 0);
        } else if (t - prev >= minGap) {
            if (prev >= m_from)
                push(prev, 0); // flat at zero since the last vertex
            push(t, t - prev);
            push(t, 0);
        }
        prev = t;
    }
    if (prev >= 0) {
        if (prev >= m_from)
            push(prev, 0);
        push(m_to, m_to - prev);
    }
    return out;
}

double JobGap::hoursAt(const QDateTime &instant) const
{
    const qint64 at = instant.toMSecsSinceEpoch();
    qint64 last = m_before <= at ? m_before : -1;
    for (qint64 t : m_ok)
        if (t <= at)
            last = std::max(last, t);
    return last < 0 ? -1 : double(at - last) / kMsPerHour;
}

double JobGap::minGapHoursFor(int maxPoints) const
{
    const double spanHours = double(m_to - m_from) / kMsPerHour;
    return std::max(1.0, spanHours / (4.0 * std::max(1, maxPoints)));
}

} // namespace purga
