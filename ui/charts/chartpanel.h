#pragma once

// A History chart with its text alternative: the chart, and the same data as a table behind a
// "Show as table" toggle, both named for assistive technology.
#include "historycharts.h"

#include <QWidget>

class QChart;
class QChartView;
class QTableWidget;
class QToolButton;

namespace purga {

class ChartPanel : public QWidget
{
    Q_OBJECT
public:
    ChartPanel(const QString &objectName, const QString &title, QWidget *parent = nullptr);

    QChartView *view() const { return m_view; }
    QChart *chart() const;
    QTableWidget *table() const { return m_table; }
    QToolButton *tableToggle() const { return m_toggle; }
    // Shows `data` in the table and names the chart after its current title.
    void setTable(const HistoryCharts::Table &data);

private:
    QChartView *m_view;
    QToolButton *m_toggle;
    QTableWidget *m_table;
};

} // namespace purga
