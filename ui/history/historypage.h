#pragma once

#include "core/history/historyquery.h"
#include "core/session/dbrequest.h"

#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;

namespace purga {

class AppState;
class ChartPanel;
class HistoryRunsModel;
class ReceiptChainPanel;
class RunDetailDialog;

// The purge history on the range's calendar (every day, empty days included): time since the job
// last succeeded against the alarm's 48 h, rows removed per day and table (job and manual apart),
// run durations with failed / cancelled / interrupted / lock_ocupado runs marked, table rows and
// bytes as the runs recorded them, each chart with its data as a table; the runs below
// (double-click: the run's detail). Data comes from the database (HistoryQuery::load) through one
// request of the session.
class HistoryPage : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryPage(AppState *state, QWidget *parent = nullptr);

    // Range presets, index into the combo: 24 h, 7, 30, 90 days, 1 year, all, custom (from/to).
    HistoryRange selectedRange() const;
    void setCustomRange(const QDateTime &from, const QDateTime &to);
    void setPresetRange(int index); // without reading: the next refresh() or showing the page does
    QString selectedZone() const;   // IANA name: the client's, the server's or UTC
    void refresh();
    // Shows `data` at once (tests call it directly; refresh() shows it in steps, see showDataInSteps).
    void showData(const HistoryData &data);
    // The runs table lists at most this many runs, the newest (the charts count every run).
    static constexpr int kMaxRuns = 5000;
    // "Showing the newest 5,000 of 105,120 runs…" when the range has more runs; empty otherwise.
    QString capNote() const;

    QChart *jobGapChart() const;
    QChart *rowsChart() const;
    QChart *durationChart() const;
    QChart *sizesChart() const;
    QChart *bytesChart() const;
    // A chart with its data table: 0 rows, 1 durations, 2 table rows, 3 table bytes, 4 job gap.
    ChartPanel *chartPanel(int chart) const;
    void resetZoom(); // every chart back to the whole range
    // The detail of the run shown in `row` of the runs table (as a double-click does).
    RunDetailDialog *openRunDetail(int row);
    // The runs (a model over the loaded runs: sortable by header click, filtered by the text box).
    QTableView *runsTable() const { return m_runs; }
    HistoryRunsModel *runsModel() const { return m_model; }
    QString statusText() const;
    // The signed receipts' chain state and "Verify receipt" of the selected run.
    ReceiptChainPanel *receiptPanel() const { return m_receipts; }
    // CSV of the runs shown (the filter applies), one line per run and table, the CLI's columns.
    bool exportCsv(const QString &path, QString *error) const;
    // PNG of one chart: 0 rows, 1 durations, 2 table rows, 3 table bytes, 4 job gap.
    bool saveChartPng(int chart, const QString &path) const;

signals:
    // The page shows a new read of the history (ok) or says why it could not read it.
    void loaded(bool ok);

protected:
    void showEvent(QShowEvent *event) override; // read the history when the page is opened

private:
    static constexpr int kFillSteps = 6; // five charts, then the runs
    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void showDataInSteps(const HistoryData &data);
    void fillStep(int step, const HistoryData &data);
    void finishData(const HistoryData &data); // the cap note and the status; emits loaded(true)
    void applyFilter();
    void askExport();

    AppState *m_state;
    QComboBox *m_range;
    QComboBox *m_zone;
    QLineEdit *m_filter;
    QLabel *m_status;
    QLabel *m_capNote;
    QTimer *m_filterDelay;
    int m_fillGeneration = 0;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
    ChartPanel *m_gapPanel;
    ChartPanel *m_rowsPanel;
    ChartPanel *m_durationPanel;
    ChartPanel *m_sizesPanel;
    ChartPanel *m_bytesPanel;
    HistoryData m_shown; // drawn again when the window turns light or dark
    QTableView *m_runs;
    HistoryRunsModel *m_model;
    ReceiptChainPanel *m_receipts;
    QPushButton *m_refreshButton = nullptr;
    QPushButton *m_exportButton = nullptr;
    QPushButton *m_resetZoom = nullptr;
    Request<HistoryData> m_request;
};

} // namespace purga
