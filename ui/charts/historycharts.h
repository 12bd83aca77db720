#pragma once

#include "core/history/historyquery.h"

class QChart;
class QChartView;

namespace purga::HistoryCharts {

// A chart view with a title, the legend below, drag-to-zoom along time (right click zooms out).
QChartView *makeView(const QString &title);

// Rows removed per day: stacked bars, one set per table and origin ("trx_refresh_tokens (job)").
void fillRows(QChart *chart, const HistoryData &data);
// Run duration per bucket: a line per origin (longest run), problem statuses marked on their own
// scatter series (error, cancelado, interrumpido, lock_ocupado).
void fillDurations(QChart *chart, const HistoryData &data);
enum class SizeMeasure { Rows, Bytes };
// Rows left or total bytes of each table after the runs: a line per table.
void fillSizes(QChart *chart, const HistoryData &data, SizeMeasure measure);

// The problem statuses marked on the duration chart.
QStringList problemStatuses();

} // namespace purga::HistoryCharts
