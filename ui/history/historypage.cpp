#include "historypage.h"

#include "core/history/health.h"
#include "core/session/dbsession.h"
#include "historyrunsmodel.h"
#include "receiptchainpanel.h"
#include "rundetaildialog.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/historycharts.h"
#include "ui/state/appstate.h"
#include "ui/style/theme.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QTableView>
#include <QTimeZone>
#include <QTimer>
#include <QVBoxLayout>

#include <functional>
#include <memory>

namespace purga {

namespace {

// Points per series, decimated in the database: 300 over a chart some 1,200 px wide is one per
// 4 px, and halves what Qt Charts builds on the GUI thread against 600 (docs/benchmarks.md).
constexpr int kMaxPoints = 300;
constexpr int kCustomRange = 6;
// Typing in the filter re-filters once the typing pauses, not on every key.
constexpr int kFilterDelayMs = 200;

} // namespace

HistoryPage::HistoryPage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_range(new QComboBox(this))
    , m_zone(new QComboBox(this))
    , m_filter(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_capNote(new QLabel(this))
    , m_filterDelay(new QTimer(this))
    , m_from(new QDateTimeEdit(this))
    , m_to(new QDateTimeEdit(this))
    , m_gapPanel(new ChartPanel(QStringLiteral("jobGapChart"), tr("Time since the last successful job run")))
    , m_rowsPanel(new ChartPanel(QStringLiteral("rowsChart"), tr("Rows removed per day")))
    , m_durationPanel(new ChartPanel(QStringLiteral("durationChart"), tr("Run duration")))
    , m_sizesPanel(new ChartPanel(QStringLiteral("sizesChart"), tr("Rows in each table after the runs")))
    , m_bytesPanel(new ChartPanel(QStringLiteral("bytesChart"), tr("Bytes of each table after the runs")))
    , m_runs(new QTableView(this))
    , m_model(new HistoryRunsModel(this))
    , m_receipts(new ReceiptChainPanel(state, this))
{
    setupWidgets();
    setupLayout();
    connectSignals();
    // Chart themes recolour every series: the charts are drawn again in the new theme's colours.
    Theme::follow(this, [this] {
        if (!m_shown.days.isEmpty())
            for (int step = 0; step < kFillSteps - 1; ++step)
                fillStep(step, m_shown);
    });
}

void HistoryPage::setupWidgets()
{
    m_range->addItems({tr("Last 24 hours"), tr("Last 7 days"), tr("Last 30 days"), tr("Last 90 days"),
                       tr("Last year"), tr("All"), tr("Custom…")});
    m_range->setCurrentIndex(2);
    m_range->setAccessibleName(tr("Range")); // a combo box is otherwise named by its value
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        edit->setVisible(false);
    }
    m_from->setDateTime(QDateTime::currentDateTime().addDays(-30));
    m_to->setDateTime(QDateTime::currentDateTime());
    m_zone->setAccessibleName(tr("Days in"));
    m_zone->addItem(tr("Local time"), QString::fromUtf8(QTimeZone::systemTimeZoneId()));
    m_zone->addItem(tr("Server time"), QString());
    m_zone->addItem(tr("UTC"), QStringLiteral("UTC"));
    m_filter->setObjectName(QStringLiteral("runFilter"));
    m_filter->setAccessibleName(tr("Filter runs"));
    m_filter->setPlaceholderText(tr("Filter runs (origin, operator, status…)"));
    m_filterDelay->setSingleShot(true);
    m_filterDelay->setInterval(kFilterDelayMs);
    m_capNote->setObjectName(QStringLiteral("runsCapNote"));
    m_capNote->setWordWrap(true);
    m_capNote->setVisible(false);
    m_refreshButton = new QPushButton(tr("Refresh"), this);
    m_exportButton = new QPushButton(tr("Export…"), this);
    m_resetZoom = new QPushButton(tr("Reset zoom"), this);
    m_resetZoom->setObjectName(QStringLiteral("resetZoom"));
    m_resetZoom->setToolTip(
        tr("Drag across a chart to zoom in on a time span; this shows the whole range again."));
    m_runs->setModel(m_model);
    // Newest first until the user clicks another header; the model sorts (no QVariant compares).
    m_runs->horizontalHeader()->setSortIndicator(HistoryRunsModel::Started, Qt::DescendingOrder);
    m_runs->setToolTip(tr("Double-click a run for its detail."));
    m_runs->setSortingEnabled(true);
    m_runs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_runs->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runs->horizontalHeader()->setStretchLastSection(true);
    m_runs->setAccessibleName(tr("Runs"));
    // A start time whole ("2026-11-29 21:25:39") and some fifteen runs at once.
    m_runs->horizontalHeader()->resizeSection(
        HistoryRunsModel::Started,
        m_runs->fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00 00:00:00")) + 24);
    m_runs->setMinimumHeight(m_runs->verticalHeader()->defaultSectionSize() * 15 +
                             m_runs->horizontalHeader()->sizeHint().height());
}

void HistoryPage::setupLayout()
{
    auto *bar = new QHBoxLayout;
    auto *rangeLabel = new QLabel(tr("&Range:"), this);
    rangeLabel->setBuddy(m_range);
    bar->addWidget(rangeLabel);
    bar->addWidget(m_range);
    bar->addWidget(m_from);
    bar->addWidget(m_to);
    auto *zoneLabel = new QLabel(tr("&Days in:"), this);
    zoneLabel->setBuddy(m_zone);
    bar->addWidget(zoneLabel);
    bar->addWidget(m_zone);
    bar->addWidget(m_refreshButton);
    bar->addWidget(m_resetZoom);
    bar->addWidget(m_exportButton);
    // The status may hold a long error: it wraps instead of widening the page past a small screen.
    m_status->setWordWrap(true);
    m_status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bar->addWidget(m_status, 1);

    auto *content = new QWidget;
    auto *col = new QVBoxLayout(content);
    for (ChartPanel *panel : {m_gapPanel, m_rowsPanel, m_durationPanel, m_sizesPanel, m_bytesPanel})
        col->addWidget(panel);
    col->addWidget(m_filter);
    col->addWidget(m_capNote);
    col->addWidget(m_runs);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_receipts); // the chain's state stays in sight above the charts
    layout->addWidget(scroll);
}

void HistoryPage::connectSignals()
{
    connect(m_refreshButton, &QPushButton::clicked, this, &HistoryPage::refresh);
    connect(m_exportButton, &QPushButton::clicked, this, &HistoryPage::askExport);
    connect(m_range, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_from->setVisible(index == kCustomRange);
        m_to->setVisible(index == kCustomRange);
        refresh();
    });
    for (QDateTimeEdit *edit : {m_from, m_to})
        connect(edit, &QDateTimeEdit::editingFinished, this, &HistoryPage::refresh);
    connect(m_resetZoom, &QPushButton::clicked, this, &HistoryPage::resetZoom);
    connect(m_runs, &QTableView::doubleClicked, this,
            [this](const QModelIndex &i) { openRunDetail(i.row()); });
    connect(m_zone, &QComboBox::currentIndexChanged, this, &HistoryPage::refresh);
    connect(m_runs->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                m_receipts->setRun(current.isValid() ? m_model->runAt(current.row()).runId : QString());
            });
    connect(m_model, &QAbstractItemModel::modelReset, m_receipts, [this] { m_receipts->setRun(QString()); });
    connect(m_filter, &QLineEdit::textChanged, m_filterDelay, qOverload<>(&QTimer::start));
    connect(m_filterDelay, &QTimer::timeout, this, &HistoryPage::applyFilter);
}

QChart *HistoryPage::jobGapChart() const
{
    return m_gapPanel->chart();
}
QChart *HistoryPage::rowsChart() const
{
    return m_rowsPanel->chart();
}
QChart *HistoryPage::durationChart() const
{
    return m_durationPanel->chart();
}
QChart *HistoryPage::sizesChart() const
{
    return m_sizesPanel->chart();
}
QChart *HistoryPage::bytesChart() const
{
    return m_bytesPanel->chart();
}
ChartPanel *HistoryPage::chartPanel(int chart) const
{
    ChartPanel *const panels[] = {m_rowsPanel, m_durationPanel, m_sizesPanel, m_bytesPanel, m_gapPanel};
    return chart >= 0 && chart < 5 ? panels[chart] : nullptr;
}
QString HistoryPage::statusText() const
{
    return m_status->text();
}

void HistoryPage::setCustomRange(const QDateTime &from, const QDateTime &to)
{
    const QSignalBlocker block(m_range);
    m_from->setDateTime(from.toLocalTime());
    m_to->setDateTime(to.toLocalTime());
    m_range->setCurrentIndex(kCustomRange);
    m_from->setVisible(true);
    m_to->setVisible(true);
}

void HistoryPage::setPresetRange(int index)
{
    const QSignalBlocker block(m_range);
    m_range->setCurrentIndex(qBound(0, index, kCustomRange - 1));
    m_from->setVisible(false);
    m_to->setVisible(false);
}

void HistoryPage::resetZoom()
{
    for (int i = 0; i < 5; ++i)
        chartPanel(i)->chart()->zoomReset();
}

RunDetailDialog *HistoryPage::openRunDetail(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return nullptr;
    auto *dialog = new RunDetailDialog(m_model->runAt(row), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

HistoryRange HistoryPage::selectedRange() const
{
    static const int hours[] = {24, 7 * 24, 30 * 24, 90 * 24, 365 * 24, 0};
    HistoryRange r;
    if (m_range->currentIndex() == kCustomRange) {
        r.since = m_from->dateTime().toUTC();
        r.until = m_to->dateTime().toUTC();
        return r;
    }
    const int h = hours[qBound(0, m_range->currentIndex(), 5)];
    if (h > 0)
        r.since = QDateTime::currentDateTimeUtc().addSecs(-qint64(h) * 3600);
    return r;
}

QString HistoryPage::selectedZone() const
{
    return m_zone->currentData().toString(); // empty: the server's, resolved on its connection
}

void HistoryPage::refresh()
{
    if (!m_state->session())
        return;
    if (m_request)
        m_request->cancel();
    const HistoryRange range = selectedRange();
    const QString zone = selectedZone();
    m_status->setText(tr("Reading the history…"));
    m_receipts->refresh();
    m_request = m_state->session()->readHistory(range, zone, kMaxPoints, kMaxRuns);
    m_request.onSucceeded(this, [this](const HistoryData &d) { showDataInSteps(d); })
        .onFailed(this, [this](const DbFailure &f) {
            m_status->setText(f.message);
            emit loaded(false);
        });
}

void HistoryPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_state->session() && m_state->isConnected())
        refresh();
}

void HistoryPage::showData(const HistoryData &data)
{
    ++m_fillGeneration; // a fill in steps still running is superseded
    for (int step = 0; step < kFillSteps; ++step)
        fillStep(step, data);
    finishData(data);
}

// What refresh() does: one chart, then the runs, per event-loop turn, so that the page never holds
// the loop for all four charts at once. A newer read abandons the remaining steps.
void HistoryPage::showDataInSteps(const HistoryData &data)
{
    const int generation = ++m_fillGeneration;
    auto shared = std::make_shared<HistoryData>(data);
    auto step = std::make_shared<std::function<void(int)>>();
    *step = [this, generation, shared, weak = std::weak_ptr(step)](int i) {
        if (generation != m_fillGeneration)
            return;
        if (i == kFillSteps) {
            finishData(*shared);
            return;
        }
        fillStep(i, *shared);
        if (auto next = weak.lock())
            QTimer::singleShot(0, this, [next, i] { (*next)(i + 1); });
    };
    QTimer::singleShot(0, this, [step] { (*step)(0); });
}

void HistoryPage::fillStep(int step, const HistoryData &data)
{
    m_shown = data;
    switch (step) {
    case 0:
        m_gapPanel->setTable(HistoryCharts::fillJobGap(jobGapChart(), data, HealthOptions().maxHours));
        break;
    case 1:
        m_rowsPanel->setTable(HistoryCharts::fillRows(rowsChart(), data));
        break;
    case 2:
        m_durationPanel->setTable(HistoryCharts::fillDurations(durationChart(), data));
        break;
    case 3:
        m_sizesPanel->setTable(
            HistoryCharts::fillSizes(sizesChart(), data, HistoryCharts::SizeMeasure::Rows));
        break;
    case 4:
        m_bytesPanel->setTable(
            HistoryCharts::fillSizes(bytesChart(), data, HistoryCharts::SizeMeasure::Bytes));
        break;
    default:
        m_model->setRuns(data.runs); // the view asks only for the rows it paints
        break;
    }
}

void HistoryPage::finishData(const HistoryData &data)
{
    const qint64 total = qMax(data.totalRuns, qint64(data.runs.size()));
    const bool capped = total > data.runs.size();
    m_capNote->setVisible(capped);
    m_capNote->setText(capped
                           ? tr("Showing the newest %1 of %2 runs in this table (the charts count them "
                                "all): narrow the range to list the others.")
                                 .arg(QLocale().toString(qint64(data.runs.size())), QLocale().toString(total))
                           : QString());
    m_status->setText(tr("%Ln run(s), days in %1", nullptr, int(total)).arg(data.zone));
    emit loaded(true);
}

QString HistoryPage::capNote() const
{
    return m_capNote->isVisible() ? m_capNote->text() : QString();
}

void HistoryPage::applyFilter()
{
    m_model->setFilter(m_filter->text().trimmed());
}

bool HistoryPage::exportCsv(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *error = f.errorString();
        return false;
    }
    const QList<HistoryRun> shown = m_model->shownRuns(); // the filter and the order of the table
    f.write(HistoryQuery::csv(HistoryQuery::flatRows(shown)).toUtf8());
    if (!f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

bool HistoryPage::saveChartPng(int chart, const QString &path) const
{
    const ChartPanel *panel = chartPanel(chart);
    return panel && panel->view()->grab().save(path, "PNG");
}

void HistoryPage::askExport()
{
    QMenu menu(this);
    QAction *csv = menu.addAction(tr("Runs shown as CSV…"));
    const QStringList charts = {tr("Rows chart as PNG…"), tr("Duration chart as PNG…"),
                                tr("Sizes chart as PNG…"), tr("Bytes chart as PNG…"),
                                tr("Job gap chart as PNG…")};
    QList<QAction *> pngs;
    for (const QString &c : charts)
        pngs << menu.addAction(c);
    QAction *chosen = menu.exec(QCursor::pos());
    if (!chosen)
        return;
    if (chosen == csv) {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export runs"), QStringLiteral("purga-history.csv"), tr("CSV files (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportCsv(path, &error))
            m_status->setText(tr("Could not write %1: %2").arg(path, error));
        return;
    }
    const int i = int(pngs.indexOf(chosen));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save chart"), QStringLiteral("purga-history-%1.png").arg(i), tr("PNG images (*.png)"));
    if (!path.isEmpty() && !saveChartPng(i, path))
        m_status->setText(tr("Could not write %1").arg(path));
}

} // namespace purga
