// The History page's rows chart and what its charts share: views, value axes, units, legends,
// tooltips that name a run's own point.
#include "historycharts.h"

#include "calendaraxis.h"
#include "chartcolours.h"
#include "chartsupport.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/style/theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QCursor>
#include <QLegendMarker>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>
#include <QXYSeries>

#include <cmath>

namespace purga::HistoryCharts {

namespace {

// The contexts are the ones lupdate gives a tr() call by the namespace it sits in.
QString tr(const char *text)
{
    return QCoreApplication::translate("purga::HistoryCharts", text);
}

// "refresh_tokens · job": the table without schema and "trx_", short enough for six legend
// entries in a row at 1024 px.
QString setName(const QString &table, const QString &origin)
{
    QString bare = table.section(u'.', -1);
    if (bare.startsWith(QLatin1String("trx_")))
        bare = bare.mid(4);
    return QStringLiteral("%1 · %2").arg(bare, origin == QLatin1String("job") ? tr("job") : tr("manual"));
}

} // namespace

namespace Support {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("purga::HistoryCharts::Support", text);
}
} // namespace

void clear(QChart *chart)
{
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
}

void makeLegendToggles(QChart *chart)
{
    for (QLegendMarker *m : chart->legend()->markers())
        QObject::connect(m, &QLegendMarker::clicked, m, [m] {
            m->series()->setVisible(!m->series()->isVisible());
            m->setVisible(true);
            m->setLabelBrush(Theme::legendLabel(m->series()->isVisible()));
        });
}

QValueAxis *valueAxis(QChart *chart, const QString &title, int decimals)
{
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + u'f');
    y->setTitleText(title);
    chart->addAxis(y, Qt::AlignLeft);
    return y;
}

void fitAxis(QValueAxis *axis, double max)
{
    axis->setRange(0, max > 0 ? max * 1.05 : 1);
    axis->applyNiceNumbers();
    axis->setMin(0); // nice numbers may start a hair below zero: a "-0" tick
}

double maxY(const QList<QXYSeries *> &series)
{
    double max = 0;
    for (const QXYSeries *s : series)
        for (const QPointF &p : s->points())
            max = std::max(max, p.y());
    return max;
}

Unit durationUnit(double maxMs)
{
    if (maxMs >= 2 * 3600e3)
        return {3600e3, tr("h")};
    if (maxMs >= 2 * 60e3)
        return {60e3, tr("min")};
    if (maxMs >= 2e3)
        return {1e3, tr("s")};
    return {1, tr("ms")};
}

Unit bytesUnit(double maxBytes)
{
    if (maxBytes >= 2.0 * 1024 * 1024 * 1024)
        return {1024.0 * 1024 * 1024, tr("GiB")};
    if (maxBytes >= 2.0 * 1024 * 1024)
        return {1024.0 * 1024, tr("MiB")};
    return {1024.0, tr("KiB")};
}

void nearestPointTips(QXYSeries *s, const QStringList &texts)
{
    QObject::connect(s, &QXYSeries::hovered, s, [s, texts](const QPointF &p, bool on) {
        if (!on) {
            QToolTip::hideText();
            return;
        }
        const QList<QPointF> points = s->points();
        qsizetype best = -1;
        for (qsizetype i = 0; i < points.size(); ++i)
            if (best < 0 || std::abs(points.at(i).x() - p.x()) < std::abs(points.at(best).x() - p.x()))
                best = i;
        if (best >= 0 && best < texts.size())
            QToolTip::showText(QCursor::pos(), texts.at(best));
    });
}

} // namespace Support

QStringList problemStatuses()
{
    return {QStringLiteral("error"), QStringLiteral("cancelado"), QStringLiteral("interrumpido"),
            QStringLiteral("lock_ocupado")};
}

QString statusName(const QString &status)
{
    return RunFormat::statusText(status);
}

QChartView *makeView(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    // Axis labels grouped as every other number of the app ("80,000", "80.000"), in --lang's locale.
    chart->setLocale(QLocale());
    chart->setLocalizeNumbers(true);
    auto *view = new QChartView(chart);
    Theme::follow(view, [chart] { Theme::styleChart(chart); });
    view->setRenderHint(QPainter::Antialiasing);
    view->setRubberBand(QChartView::HorizontalRubberBand); // drag to zoom, right click to zoom out
    view->setMinimumHeight(240);
    view->setAccessibleName(title);
    return view;
}

Table fillRows(QChart *chart, const HistoryData &data)
{
    Support::clear(chart);
    const CalendarAxis calendar(data);
    chart->setTitle(calendar.period() == CalendarAxis::Period::Day    ? tr("Rows removed per day")
                    : calendar.period() == CalendarAxis::Period::Week ? tr("Rows removed per week")
                                                                      : tr("Rows removed per month"));
    // "table · origin" -> rows per period; jobs first, then manual runs, tables in name order.
    QMap<QPair<QString, QString>, QList<qint64>> bySet;
    QList<int> jobRuns(calendar.count()), manualRuns(calendar.count());
    QList<qint64> totals(calendar.count());
    for (const HistoryDay &d : data.days) {
        const int i = calendar.indexOf(d.day);
        if (i < 0)
            continue;
        jobRuns[i] += d.jobRuns;
        manualRuns[i] += d.manualRuns;
        totals[i] += d.rows;
        for (auto o = d.rowsByOrigin.cbegin(); o != d.rowsByOrigin.cend(); ++o)
            for (auto t = o.value().cbegin(); t != o.value().cend(); ++t) {
                QList<qint64> &values =
                    bySet[{o.key() == QLatin1String("job") ? QString() : o.key(), t.key()}];
                values.resize(calendar.count());
                values[i] += t.value();
            }
    }
    Table table;
    table.header = {tr("Period"), tr("Job runs"), tr("Manual runs"), tr("Rows removed")};
    auto *series = new QStackedBarSeries;
    for (auto it = bySet.cbegin(); it != bySet.cend(); ++it) {
        const QString origin = it.key().first.isEmpty() ? QStringLiteral("job") : it.key().first;
        auto *set = new QBarSet(setName(it.key().second, origin));
        QList<qreal> values;
        for (qint64 v : it.value())
            values << double(v);
        set->append(values); // one call: one signal
        table.header << set->label();
        const QStringList names = calendar.names();
        QObject::connect(set, &QBarSet::hovered, set, [set, names](bool on, int i) {
            if (on)
                QToolTip::showText(QCursor::pos(), QStringLiteral("%1 — %2: %3")
                                                       .arg(set->label(), names.value(i),
                                                            Display::number(qint64(set->at(i)))));
        });
        series->append(set);
    }
    for (int i = 0; i < calendar.count(); ++i) {
        QStringList row = {calendar.names().at(i), Display::number(jobRuns.at(i)),
                           Display::number(manualRuns.at(i)), Display::number(totals.at(i))};
        for (QBarSet *set : series->barSets())
            row << Display::number(qint64(set->at(i)));
        table.rows << row;
    }
    chart->addSeries(series);
    // After addSeries: the chart's theme colours a series as it is added.
    int n = 0;
    for (auto it = bySet.cbegin(); it != bySet.cend(); ++it, ++n) {
        const QString origin = it.key().first.isEmpty() ? QStringLiteral("job") : it.key().first;
        series->barSets().at(n)->setBrush(ChartColours::origin(it.key().second, origin));
        series->barSets().at(n)->setPen(QPen(ChartColours::table(it.key().second), 1));
    }
    series->attachAxis(calendar.attach(chart));
    QValueAxis *y = Support::valueAxis(chart, tr("rows"));
    series->attachAxis(y);
    Support::fitAxis(y, double(totals.isEmpty() ? 0 : *std::max_element(totals.cbegin(), totals.cend())));
    Support::makeLegendToggles(chart);
    return table;
}

} // namespace purga::HistoryCharts
