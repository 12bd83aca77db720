#include "historypage.h"

#include "appstate.h"
#include "dbsession.h"
#include "historycharts.h"
#include "historyrunsmodel.h"
#include "pgconnection.h"
#include "rundetaildialog.h"

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
#include <QVBoxLayout>

namespace purga {

namespace {

constexpr int kMaxPoints = 600;
constexpr int kCustomRange = 6;

} // namespace

HistoryPage::HistoryPage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_range(new QComboBox(this))
    , m_zone(new QComboBox(this))
    , m_filter(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_from(new QDateTimeEdit(this))
    , m_to(new QDateTimeEdit(this))
    , m_rowsView(HistoryCharts::makeView(tr("Rows removed per day")))
    , m_durationView(HistoryCharts::makeView(tr("Run duration")))
    , m_sizesView(HistoryCharts::makeView(tr("Rows in each table after the runs")))
    , m_bytesView(HistoryCharts::makeView(tr("Bytes of each table after the runs")))
    , m_runs(new QTableView(this))
    , m_model(new HistoryRunsModel(this))
{
    m_range->addItems({tr("Last 24 hours"), tr("Last 7 days"), tr("Last 30 days"), tr("Last 90 days"),
                       tr("Last year"), tr("All"), tr("Custom…")});
    m_range->setCurrentIndex(2);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        edit->setVisible(false);
    }
    m_from->setDateTime(QDateTime::currentDateTime().addDays(-30));
    m_to->setDateTime(QDateTime::currentDateTime());
    m_zone->addItem(tr("Local time"), QString::fromUtf8(QTimeZone::systemTimeZoneId()));
    m_zone->addItem(tr("Server time"), QString());
    m_zone->addItem(tr("UTC"), QStringLiteral("UTC"));
    m_filter->setObjectName(QStringLiteral("runFilter"));
    m_filter->setPlaceholderText(tr("Filter runs (origin, operator, status…)"));
    auto *refreshButton = new QPushButton(tr("Refresh"), this);
    auto *exportButton = new QPushButton(tr("Export…"), this);
    auto *resetZoom = new QPushButton(tr("Reset zoom"), this);
    resetZoom->setObjectName(QStringLiteral("resetZoom"));
    resetZoom->setToolTip(
        tr("Drag across a chart to zoom in on a time span; this shows the whole range again."));
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Range:"), this));
    bar->addWidget(m_range);
    bar->addWidget(m_from);
    bar->addWidget(m_to);
    bar->addWidget(new QLabel(tr("Days in:"), this));
    bar->addWidget(m_zone);
    bar->addWidget(refreshButton);
    bar->addWidget(resetZoom);
    bar->addWidget(exportButton);
    bar->addStretch();
    bar->addWidget(m_status);

    m_runs->setModel(m_model);
    // Newest first until the user clicks another header; the model sorts (no QVariant compares).
    m_runs->horizontalHeader()->setSortIndicator(HistoryRunsModel::Started, Qt::DescendingOrder);
    m_runs->setToolTip(tr("Double-click a run for its detail."));
    m_runs->setSortingEnabled(true);
    m_runs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_runs->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runs->horizontalHeader()->setStretchLastSection(true);
    m_runs->setMinimumHeight(200);

    auto *content = new QWidget;
    auto *col = new QVBoxLayout(content);
    col->addWidget(m_rowsView);
    col->addWidget(m_durationView);
    col->addWidget(m_sizesView);
    col->addWidget(m_bytesView);
    col->addWidget(m_filter);
    col->addWidget(m_runs);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(scroll);

    connect(refreshButton, &QPushButton::clicked, this, &HistoryPage::refresh);
    connect(exportButton, &QPushButton::clicked, this, &HistoryPage::askExport);
    connect(m_range, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_from->setVisible(index == kCustomRange);
        m_to->setVisible(index == kCustomRange);
        refresh();
    });
    for (QDateTimeEdit *edit : {m_from, m_to})
        connect(edit, &QDateTimeEdit::editingFinished, this, &HistoryPage::refresh);
    connect(resetZoom, &QPushButton::clicked, this, &HistoryPage::resetZoom);
    connect(m_runs, &QTableView::doubleClicked, this,
            [this](const QModelIndex &i) { openRunDetail(i.row()); });
    connect(m_zone, &QComboBox::currentIndexChanged, this, &HistoryPage::refresh);
    connect(m_filter, &QLineEdit::textChanged, this, &HistoryPage::applyFilter);
}

QChart *HistoryPage::rowsChart() const
{
    return m_rowsView->chart();
}
QChart *HistoryPage::durationChart() const
{
    return m_durationView->chart();
}
QChart *HistoryPage::sizesChart() const
{
    return m_sizesView->chart();
}
QChart *HistoryPage::bytesChart() const
{
    return m_bytesView->chart();
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
    for (QChartView *v : {m_rowsView, m_durationView, m_sizesView, m_bytesView})
        v->chart()->zoomReset();
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
    m_request = m_state->session()->submit<HistoryData>(
        tr("Read the purge history"), [range, zone](DbContext &ctx, HistoryData *out, DbFailure *failure) {
            PgConnection &conn = *ctx.connection();
            const QString z = zone.isEmpty() ? HistoryQuery::serverTimeZone(conn) : zone;
            return HistoryQuery::load(conn, range, z, kMaxPoints, out, &failure->message);
        });
    m_request->onSucceeded<HistoryData>(this, [this](const HistoryData &d) { showData(d); });
    connect(m_request, &DbRequest::failed, this, [this](const DbFailure &f) {
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
    HistoryCharts::fillRows(rowsChart(), data);
    HistoryCharts::fillDurations(durationChart(), data);
    HistoryCharts::fillSizes(sizesChart(), data, HistoryCharts::SizeMeasure::Rows);
    HistoryCharts::fillSizes(bytesChart(), data, HistoryCharts::SizeMeasure::Bytes);
    fillRuns(data);
    m_status->setText(tr("%n run(s), days in %1", nullptr, int(data.runs.size())).arg(data.zone));
    emit loaded(true);
}

void HistoryPage::fillRuns(const HistoryData &data)
{
    m_model->setRuns(data.runs); // the view asks only for the rows it paints
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
    const QChartView *views[] = {m_rowsView, m_durationView, m_sizesView, m_bytesView};
    return chart >= 0 && chart < 4 && const_cast<QChartView *>(views[chart])->grab().save(path, "PNG");
}

void HistoryPage::askExport()
{
    QMenu menu(this);
    QAction *csv = menu.addAction(tr("Runs shown as CSV…"));
    const QStringList charts = {tr("Rows chart as PNG…"), tr("Duration chart as PNG…"),
                                tr("Sizes chart as PNG…"), tr("Bytes chart as PNG…")};
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
