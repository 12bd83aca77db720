#include "historypage.h"

#include "appstate.h"
#include "dbsession.h"
#include "pgconnection.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTimeAxis>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QPushButton>
#include <QSaveFile>
#include <QScatterSeries>
#include <QScrollArea>
#include <QStackedBarSeries>
#include <QTableWidget>
#include <QTimeZone>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace purga {

namespace {

constexpr int kMaxPoints = 600;
const QStringList kProblemStatuses = {QStringLiteral("error"), QStringLiteral("cancelado"),
                                      QStringLiteral("interrumpido"), QStringLiteral("lock_ocupado")};

QChartView *chartView(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto *view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setRubberBand(QChartView::HorizontalRubberBand); // drag to zoom, right click to zoom out
    view->setMinimumHeight(220);
    return view;
}

// Legend toggles: clicking a marker hides or shows its series.
void makeLegendToggles(QChart *chart)
{
    for (QLegendMarker *m : chart->legend()->markers())
        QObject::connect(m, &QLegendMarker::clicked, m, [m] {
            m->series()->setVisible(!m->series()->isVisible());
            m->setVisible(true);
            m->setLabelBrush(m->series()->isVisible() ? QBrush(Qt::black) : QBrush(Qt::gray));
        });
}

qint64 msOf(const QString &isoUtc)
{
    return QDateTime::fromString(isoUtc, Qt::ISODateWithMs).toMSecsSinceEpoch();
}

QDateTimeAxis *timeAxis(QChart *chart)
{
    auto *axis = new QDateTimeAxis;
    axis->setFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    axis->setTickCount(6);
    chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

} // namespace

HistoryPage::HistoryPage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_range(new QComboBox(this))
    , m_zone(new QComboBox(this))
    , m_filter(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_rowsView(chartView(tr("Rows removed per day")))
    , m_durationView(chartView(tr("Run duration")))
    , m_sizesView(chartView(tr("Rows in each table after the runs")))
    , m_runs(new QTableWidget(this))
{
    m_range->addItems({tr("Last 24 hours"), tr("Last 7 days"), tr("Last 30 days"), tr("Last 90 days"),
                       tr("Last year"), tr("All")});
    m_range->setCurrentIndex(2);
    m_zone->addItem(tr("Local time"), QString::fromUtf8(QTimeZone::systemTimeZoneId()));
    m_zone->addItem(tr("Server time"), QString());
    m_zone->addItem(tr("UTC"), QStringLiteral("UTC"));
    m_filter->setPlaceholderText(tr("Filter runs (origin, operator, status…)"));
    auto *refreshButton = new QPushButton(tr("Refresh"), this);
    auto *exportButton = new QPushButton(tr("Export…"), this);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Range:"), this));
    bar->addWidget(m_range);
    bar->addWidget(new QLabel(tr("Days in:"), this));
    bar->addWidget(m_zone);
    bar->addWidget(refreshButton);
    bar->addWidget(exportButton);
    bar->addStretch();
    bar->addWidget(m_status);

    m_runs->setColumnCount(6);
    m_runs->setHorizontalHeaderLabels({tr("Origin"), tr("Operator"), tr("Status"), tr("Started (UTC)"),
                                       tr("Duration (ms)"), tr("Rows per table")});
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
    connect(m_range, &QComboBox::currentIndexChanged, this, &HistoryPage::refresh);
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
QString HistoryPage::statusText() const
{
    return m_status->text();
}

HistoryRange HistoryPage::selectedRange() const
{
    static const int hours[] = {24, 7 * 24, 30 * 24, 90 * 24, 365 * 24, 0};
    HistoryRange r;
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
    connect(m_request, &DbRequest::failed, this,
            [this](const DbFailure &f) { m_status->setText(f.message); });
}

void HistoryPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_state->session() && m_state->isConnected())
        refresh();
}

void HistoryPage::showData(const HistoryData &data)
{
    m_data = data;
    fillRows(data);
    fillDurations(data);
    fillSizes(data);
    fillRuns(data);
    m_status->setText(tr("%n run(s), days in %1", nullptr, int(data.runs.size())).arg(data.zone));
}

void HistoryPage::fillRows(const HistoryData &data)
{
    QChart *chart = rowsChart();
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes())
        chart->removeAxis(a);
    QStringList days;
    QMap<QString, QMap<QString, qint64>> bySet; // "table (origin)" -> day -> rows
    for (const DailyRows &d : data.days) {
        if (!days.contains(d.day))
            days << d.day;
        bySet[QStringLiteral("%1 (%2)").arg(d.table.section(u'.', -1), d.origin)][d.day] += d.rows;
    }
    std::sort(days.begin(), days.end());
    auto *series = new QStackedBarSeries;
    for (auto it = bySet.cbegin(); it != bySet.cend(); ++it) {
        auto *set = new QBarSet(it.key());
        for (const QString &day : days)
            *set << double(it.value().value(day));
        connect(set, &QBarSet::hovered, this, [set, days](bool on, int i) {
            if (on)
                QToolTip::showText(
                    QCursor::pos(),
                    QStringLiteral("%1 — %2: %3").arg(set->label(), days.value(i)).arg(qint64(set->at(i))));
        });
        series->append(set);
    }
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(days);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    makeLegendToggles(chart);
}

void HistoryPage::fillDurations(const HistoryData &data)
{
    QChart *chart = durationChart();
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes())
        chart->removeAxis(a);
    QMap<QString, QLineSeries *> lines;    // per origin: the longest run of each bucket
    QMap<QString, QScatterSeries *> marks; // per problem status
    for (const QString &s : kProblemStatuses) {
        auto *m = new QScatterSeries;
        m->setName(s);
        m->setMarkerShape(s == QLatin1String("error") ? QScatterSeries::MarkerShapeRectangle
                                                      : QScatterSeries::MarkerShapeCircle);
        m->setMarkerSize(s == QLatin1String("lock_ocupado") ? 12 : 9);
        marks.insert(s, m);
    }
    for (const DurationBucket &b : data.durations) {
        QLineSeries *&line = lines[b.origin];
        if (!line) {
            line = new QLineSeries;
            line->setName(tr("%1 runs (longest, ms)").arg(b.origin));
        }
        const qint64 x = msOf(b.startUtc);
        line->append(double(x), double(b.maxMs));
        for (const QString &s : kProblemStatuses)
            if (b.statuses.value(s) > 0)
                marks.value(s)->append(double(x), double(b.maxMs));
    }
    QDateTimeAxis *x = timeAxis(chart);
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(y, Qt::AlignLeft);
    QList<QXYSeries *> all;
    for (QLineSeries *l : lines)
        all << l;
    for (QScatterSeries *m : marks)
        all << m;
    for (QXYSeries *s : all) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        connect(s, &QXYSeries::hovered, this, [s](const QPointF &p, bool on) {
            if (on)
                QToolTip::showText(QCursor::pos(),
                                   QStringLiteral("%1: %2 ms at %3")
                                       .arg(s->name())
                                       .arg(qint64(p.y()))
                                       .arg(QDateTime::fromMSecsSinceEpoch(qint64(p.x())).toString()));
        });
    }
    makeLegendToggles(chart);
}

void HistoryPage::fillSizes(const HistoryData &data)
{
    QChart *chart = sizesChart();
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes())
        chart->removeAxis(a);
    QMap<QString, QLineSeries *> lines;
    for (const SizePoint &p : data.sizes) {
        if (p.rows < 0)
            continue;
        QLineSeries *&line = lines[p.table];
        if (!line) {
            line = new QLineSeries;
            line->setName(p.table.section(u'.', -1));
        }
        line->append(double(msOf(p.atUtc)), double(p.rows));
    }
    QDateTimeAxis *x = timeAxis(chart);
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries *l : lines) {
        chart->addSeries(l);
        l->attachAxis(x);
        l->attachAxis(y);
    }
    makeLegendToggles(chart);
}

void HistoryPage::fillRuns(const HistoryData &data)
{
    m_runs->setSortingEnabled(false);
    m_runs->setRowCount(int(data.runs.size()));
    for (int i = 0; i < data.runs.size(); ++i) {
        const HistoryRun &r = data.runs.at(i);
        QStringList perTable;
        for (auto it = r.rows.cbegin(); it != r.rows.cend(); ++it)
            perTable << QStringLiteral("%1: %2").arg(it.key().section(u'.', -1)).arg(it.value());
        auto *duration = new QTableWidgetItem;
        duration->setData(Qt::DisplayRole, r.durationMs);
        const QList<QTableWidgetItem *> items = {new QTableWidgetItem(r.origin),
                                                 new QTableWidgetItem(r.operatorName),
                                                 new QTableWidgetItem(r.status),
                                                 new QTableWidgetItem(r.startedUtc),
                                                 duration,
                                                 new QTableWidgetItem(perTable.join(QStringLiteral(", ")))};
        for (int c = 0; c < items.size(); ++c) {
            items.at(c)->setToolTip(r.detail); // the run's message
            m_runs->setItem(i, c, items.at(c));
        }
    }
    m_runs->setSortingEnabled(true);
    applyFilter();
}

void HistoryPage::applyFilter()
{
    const QString f = m_filter->text().trimmed();
    for (int i = 0; i < m_runs->rowCount(); ++i) {
        bool match = f.isEmpty();
        for (int c = 0; !match && c < m_runs->columnCount(); ++c)
            match = m_runs->item(i, c) && m_runs->item(i, c)->text().contains(f, Qt::CaseInsensitive);
        m_runs->setRowHidden(i, !match);
    }
}

bool HistoryPage::exportCsv(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *error = f.errorString();
        return false;
    }
    const QString filter = m_filter->text().trimmed();
    QList<HistoryRun> shown;
    for (const HistoryRun &r : m_data.runs)
        if (filter.isEmpty() ||
            QStringList{r.origin, r.operatorName, r.status, r.startedUtc}.join(u' ').contains(
                filter, Qt::CaseInsensitive))
            shown << r;
    f.write(HistoryQuery::csv(HistoryQuery::flatRows(shown)).toUtf8());
    if (!f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

bool HistoryPage::saveChartPng(int chart, const QString &path) const
{
    const QChartView *views[] = {m_rowsView, m_durationView, m_sizesView};
    return chart >= 0 && chart < 3 && const_cast<QChartView *>(views[chart])->grab().save(path, "PNG");
}

void HistoryPage::askExport()
{
    QMenu menu(this);
    QAction *csv = menu.addAction(tr("Runs shown as CSV…"));
    const QStringList charts = {tr("Rows chart as PNG…"), tr("Duration chart as PNG…"),
                                tr("Sizes chart as PNG…")};
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
