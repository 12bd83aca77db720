// The calendar axis of the History charts: every day of the range (weeks or months for long
// ranges) as categories, empty ones included, and where an instant falls on it.
#pragma once

#include "core/history/historyquery.h"

#include <QDateTime>
#include <QList>
#include <QStringList>
#include <QTimeZone>

class QBarCategoryAxis;
class QChart;

namespace purga {

class CalendarAxis
{
public:
    enum class Period { Day, Week, Month };

    // The periods of `data.days` (HistoryDays: every day of the range in data.zone): a category
    // per day up to 31 days, per week (from Monday) up to 120, per month beyond.
    explicit CalendarAxis(const HistoryData &data);

    Period period() const { return m_period; }
    int count() const { return int(m_firstDays.size()); }
    // "11-30" (days, weeks' Mondays), "30" (days of a month-long range), "2026-11" (months).
    QStringList labels() const { return m_labels; }
    QStringList names() const { return m_names; } // "2026-11-30", for tooltips and tables
    int indexOf(const QDate &day) const;          // the period holding a day of the range
    // Where an instant falls: category i spans [i - 0.5, i + 0.5], in proportion to its time.
    double x(const QDateTime &instant) const;
    double x(const QString &isoUtc) const;
    QDateTime startOf(int index) const { return m_starts.value(index); }

    // A category axis with these labels (turned upright when many), attached at the bottom.
    QBarCategoryAxis *attach(QChart *chart) const;

private:
    Period m_period = Period::Day;
    QTimeZone m_zone;
    QList<QDate> m_firstDays;  // each period's first day in the range
    QList<QDateTime> m_starts; // each period's first instant; one more: the end of the last
    QStringList m_labels;
    QStringList m_names;
};

} // namespace purga
