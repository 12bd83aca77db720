#pragma once

#include "historyquery.h"

#include <QPointer>
#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace purga {

class AppState;
class DbRequest;

// The purge history (issue 9): rows removed per day and table (job and manual stacked apart),
// run durations with failed / cancelled / interrupted / lock_ocupado runs marked, table rows over
// time, and the runs below. Data comes aggregated from the database (HistoryQuery::load) through
// one request of the session.
class HistoryPage : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryPage(AppState *state, QWidget *parent = nullptr);

    // Range presets, index into the combo: 24 h, 7, 30, 90 days, 1 year, all.
    HistoryRange selectedRange() const;
    QString selectedZone() const; // IANA name: the client's, the server's or UTC
    void refresh();
    // Shows `data` (what refresh() does when its request succeeds; tests call it directly).
    void showData(const HistoryData &data);

    QChart *rowsChart() const;
    QChart *durationChart() const;
    QChart *sizesChart() const;
    QTableWidget *runsTable() const { return m_runs; }
    QString statusText() const;
    // CSV of the runs shown (the filter applies), one line per run and table, the CLI's columns.
    bool exportCsv(const QString &path, QString *error) const;
    // PNG of one chart: 0 rows, 1 durations, 2 sizes.
    bool saveChartPng(int chart, const QString &path) const;

protected:
    void showEvent(QShowEvent *event) override; // read the history when the page is opened

private:
    void fillRows(const HistoryData &data);
    void fillDurations(const HistoryData &data);
    void fillSizes(const HistoryData &data);
    void fillRuns(const HistoryData &data);
    void applyFilter();
    void askExport();

    AppState *m_state;
    QComboBox *m_range;
    QComboBox *m_zone;
    QLineEdit *m_filter;
    QLabel *m_status;
    QChartView *m_rowsView;
    QChartView *m_durationView;
    QChartView *m_sizesView;
    QTableWidget *m_runs;
    QPointer<DbRequest> m_request;
    HistoryData m_data;
};

} // namespace purga
