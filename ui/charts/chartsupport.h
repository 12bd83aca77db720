#pragma once

// Pieces the History charts share (historycharts.cpp, runcharts.cpp): not for other callers.
#include <QList>
#include <QString>

class QChart;
class QValueAxis;
class QXYSeries;

namespace purga::HistoryCharts::Support {

void clear(QChart *chart);             // series and axes gone
void makeLegendToggles(QChart *chart); // clicking a marker hides or shows its series
// A value axis on the left from 0, titled (the unit), labels without decimals unless `decimals`.
QValueAxis *valueAxis(QChart *chart, const QString &title, int decimals = 0);
// From 0 to a little above `max`, round ticks, never below 0 (no "-0" tick).
void fitAxis(QValueAxis *axis, double max);
double maxY(const QList<QXYSeries *> &series);

// A unit that keeps numbers short: its divisor from the base unit and its name.
struct Unit
{
    double divisor = 1;
    QString name;
};
Unit durationUnit(double maxMs); // ms, s, min or h
Unit bytesUnit(double maxBytes); // KiB, MiB or GiB

// Shows a tooltip with the point of `s` nearest to the one hovered: a run's own value and time,
// never a value the line interpolates between runs. `texts` holds each point's tooltip.
void nearestPointTips(QXYSeries *s, const QStringList &texts);

} // namespace purga::HistoryCharts::Support
