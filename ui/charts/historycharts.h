#pragma once

// The History page's charts, each on the range's calendar (CalendarAxis: every day, empty days
// included) and each handing back its data as a table: the text alternative of the picture.
#include "core/history/historyquery.h"

#include <QList>
#include <QStringList>

class QChart;
class QChartView;

namespace purga::HistoryCharts {

// What a chart shows, as rows of text under a header.
struct Table
{
    QStringList header;
    QList<QStringList> rows;
};

// A chart view with a title and the legend below.
QChartView *makeView(const QString &title);

// Rows removed per day (week, month): stacked bars, one set per table and origin, the job's
// solid and the manual runs' hatched.
Table fillRows(QChart *chart, const HistoryData &data);
// Hours since the scheduled job last succeeded, with the alarm's threshold (48 h) as a line.
Table fillJobGap(QChart *chart, const HistoryData &data, double thresholdHours);
// The longest run of each bucket as a point where that run started, per origin, in a readable
// unit; problem statuses marked in rows of their own above the points.
Table fillDurations(QChart *chart, const HistoryData &data);
enum class SizeMeasure { Rows, Bytes };
// Rows left or bytes of each table as the runs recorded them: a point per recording, joined.
Table fillSizes(QChart *chart, const HistoryData &data, SizeMeasure measure);

// The problem statuses marked on the duration chart, as the database writes them.
QStringList problemStatuses();
// A status in the words of the UI, led by its symbol ("✗ Failed" for error).
QString statusName(const QString &status);

} // namespace purga::HistoryCharts
