// CalendarAxis: periods of the range's calendar and the x of an instant on them.
#include "calendaraxis.h"

#include "core/history/historydays.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QCoreApplication>

#include <algorithm>

namespace purga {

namespace {

// Up to this many days the labels say month and day; more say the day of the month only.
constexpr int kAcrossLabels = 10;

QDateTime midnight(const QDate &day, const QTimeZone &zone)
{
    QDateTime t(day, QTime(0, 0), zone);
    if (!t.isValid()) // a zone whose midnight is skipped by a DST change starts the day later
        t = QDateTime(day, QTime(1, 0), zone);
    return t;
}

QDate periodStart(const QDate &day, CalendarAxis::Period period)
{
    switch (period) {
    case CalendarAxis::Period::Day:
        return day;
    case CalendarAxis::Period::Week:
        return day.addDays(1 - day.dayOfWeek());
    case CalendarAxis::Period::Month:
        break;
    }
    return QDate(day.year(), day.month(), 1);
}

} // namespace

CalendarAxis::CalendarAxis(const HistoryData &data)
    : m_zone(HistoryDays::zoneNamed(data.zone))
{
    const qsizetype days = data.days.size();
    m_period = days <= 31 ? Period::Day : days <= 120 ? Period::Week : Period::Month;
    QDate last;
    for (const HistoryDay &d : data.days) {
        const QDate start = periodStart(d.day, m_period);
        if (last.isValid() && start == last)
            continue;
        last = start;
        m_firstDays << d.day;
        m_starts << midnight(d.day, m_zone);
        m_names << d.day.toString(Qt::ISODate);
        m_labels << (m_period == Period::Month ? start.toString(QStringLiteral("yyyy-MM"))
                                               : start.toString(QStringLiteral("MM-dd")));
    }
    // Many days: the day of the month alone, which fits across a category at 1024 px (upright
    // labels are elided by Qt Charts); the first and last day are in the axis title. A category
    // axis needs distinct labels: a day number met again a month later gets an invisible mark.
    if (m_period == Period::Day && count() > kAcrossLabels) {
        for (int i = 0; i < count(); ++i) {
            QString label = m_firstDays.at(i).toString(QStringLiteral("dd"));
            while (m_labels.mid(0, i).contains(label))
                label += QChar(0x200B); // zero width space
            m_labels[i] = label;
        }
    }
    if (!data.days.isEmpty())
        m_starts << midnight(data.days.constLast().day.addDays(1), m_zone);
}

int CalendarAxis::indexOf(const QDate &day) const
{
    const auto it = std::upper_bound(m_firstDays.cbegin(), m_firstDays.cend(), day);
    return it == m_firstDays.cbegin() ? -1 : int(it - m_firstDays.cbegin()) - 1;
}

double CalendarAxis::x(const QDateTime &instant) const
{
    if (m_starts.size() < 2 || !instant.isValid())
        return 0;
    const qint64 t = instant.toMSecsSinceEpoch();
    const auto it = std::upper_bound(m_starts.cbegin(), m_starts.cend(), instant);
    qsizetype i = it - m_starts.cbegin() - 1;
    i = std::clamp<qsizetype>(i, 0, m_starts.size() - 2);
    const qint64 s = m_starts.at(i).toMSecsSinceEpoch();
    const qint64 e = m_starts.at(i + 1).toMSecsSinceEpoch();
    return double(i) - 0.5 + double(t - s) / double(std::max<qint64>(1, e - s));
}

double CalendarAxis::x(const QString &isoUtc) const
{
    return x(QDateTime::fromString(isoUtc, Qt::ISODateWithMs));
}

QBarCategoryAxis *CalendarAxis::attach(QChart *chart) const
{
    auto *axis = new QBarCategoryAxis;
    axis->append(m_labels);
    const bool dayNumbers = m_period == Period::Day && count() > kAcrossLabels;
    const char *unit = dayNumbers ? QT_TRANSLATE_NOOP("purga::HistoryPage", "Day, %2 to %3 (%1)")
                       : m_period == Period::Day ? QT_TRANSLATE_NOOP("purga::HistoryPage", "Day (%1)")
                       : m_period == Period::Week
                           ? QT_TRANSLATE_NOOP("purga::HistoryPage", "Week from Monday (%1)")
                           : QT_TRANSLATE_NOOP("purga::HistoryPage", "Month (%1)");
    QString title =
        QCoreApplication::translate("purga::HistoryPage", unit).arg(QString::fromUtf8(m_zone.id()));
    if (dayNumbers)
        title = title.arg(m_names.constFirst(), m_names.constLast());
    axis->setTitleText(title);
    chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

} // namespace purga
