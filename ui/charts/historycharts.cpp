#include "historycharts.h"

#include "ui/style/theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDateTimeAxis>
#include <QHash>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace purga::HistoryCharts {

namespace {

// Legend toggles: clicking a marker hides or shows its series.
void makeLegendToggles(QChart *chart)
{
    for (QLegendMarker *m : chart->legend()->markers())
        QObject::connect(m, &QLegendMarker::clicked, m, [m] {
            m->series()->setVisible(!m->series()->isVisible());
            m->setVisible(true);
            m->setLabelBrush(Theme::legendLabel(m->series()->isVisible()));
        });
}

qint64 msOf(const QString &isoUtc)
{
    return QDateTime::fromString(isoUtc, Qt::ISODateWithMs).toMSecsSinceEpoch();
}

void clear(QChart *chart)
{
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes())
        chart->removeAxis(a);
}

QDateTimeAxis *timeAxis(QChart *chart)
{
    auto *axis = new QDateTimeAxis;
    axis->setFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    axis->setTickCount(6);
    chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

// Bars per day up to a month, per week (Monday) up to four months, per month beyond: a bar per
// day over a year would be a few pixels wide with unreadable labels.
QString periodOf(const QString &day, qsizetype days)
{
    if (days <= 31)
        return day;
    const QDate d = QDate::fromString(day, Qt::ISODate);
    if (days <= 120)
        return d.addDays(1 - d.dayOfWeek()).toString(Qt::ISODate);
    return d.toString(QStringLiteral("yyyy-MM"));
}

QString rowsTitle(qsizetype days)
{
    return days <= 31    ? QCoreApplication::translate("purga::HistoryPage", "Rows removed per day")
           : days <= 120 ? QCoreApplication::translate("purga::HistoryPage", "Rows removed per week")
                         : QCoreApplication::translate("purga::HistoryPage", "Rows removed per month");
}

// The axis from 0 to the largest value shown, with round ticks (the automatic range follows only
// the first series attached).
void fitAxis(QValueAxis *y, double max)
{
    y->setRange(0, max > 0 ? max * 1.05 : 1);
    y->applyNiceNumbers();
}

double maxOf(const QList<QXYSeries *> &series)
{
    double max = 0;
    for (const QXYSeries *s : series)
        for (const QPointF &p : s->points())
            max = qMax(max, p.y());
    return max;
}

QValueAxis *countAxis(QChart *chart)
{
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(y, Qt::AlignLeft);
    return y;
}

// Hover tooltips with the exact value of a point.
void explainPoints(QXYSeries *s, const QString &unit)
{
    QObject::connect(s, &QXYSeries::hovered, s, [s, unit](const QPointF &p, bool on) {
        if (on)
            QToolTip::showText(QCursor::pos(),
                               QStringLiteral("%1: %2 %3 — %4")
                                   .arg(s->name(), QLocale().toString(p.y(), 'f', p.y() < 100 ? 1 : 0), unit,
                                        QDateTime::fromMSecsSinceEpoch(qint64(p.x())).toString()));
    });
}

// Marks of one problem status on the duration chart. Qt Charts draws scatter series above lines
// whatever the order: over a year nearly every bucket has a failure somewhere, and opaque 9–12 px
// marks hid the job's line. Small and hollow (coloured outline only), they leave it readable.
QScatterSeries *statusMarks(const QString &status)
{
    static const QHash<QString, QColor> colors = {{QStringLiteral("error"), QColor(0xd6, 0x27, 0x28)},
                                                  {QStringLiteral("cancelado"), QColor(0x7f, 0x7f, 0x7f)},
                                                  {QStringLiteral("interrumpido"), QColor(0x94, 0x67, 0xbd)},
                                                  {QStringLiteral("lock_ocupado"), QColor(0xff, 0x7f, 0x0e)}};
    auto *m = new QScatterSeries;
    m->setName(status);
    m->setMarkerShape(status == QLatin1String("error") ? QScatterSeries::MarkerShapeRectangle
                                                       : QScatterSeries::MarkerShapeCircle);
    m->setMarkerSize(status == QLatin1String("lock_ocupado") ? 7 : 6);
    // Nearly hollow: the line shows through each mark even where every bucket has one, and the
    // legend keeps the status's colour.
    QColor fill = colors.value(status, Qt::darkRed);
    fill.setAlpha(60);
    m->setColor(fill);
    QPen pen(colors.value(status, Qt::darkRed));
    pen.setWidthF(1.2);
    m->setPen(pen);
    return m;
}

// Each problem status on a row of its own above the longest run: over a year nearly every bucket
// has a failure, and marks drawn on the line (Qt Charts puts scatter series above lines whatever
// the order) hid it. A mark's height says which status, not a duration; its tooltip says when.
void placeMarksAboveLines(const QMap<QString, QScatterSeries *> &marks,
                          const QMap<QString, QList<QPointF>> &markPoints,
                          const QMap<QString, QList<QPointF>> &linePoints)
{
    double top = 0;
    for (const QList<QPointF> &points : linePoints)
        for (const QPointF &p : points)
            top = qMax(top, p.y());
    if (top <= 0)
        top = 1;
    int row = 0;
    for (auto it = marks.cbegin(); it != marks.cend(); ++it, ++row) {
        QList<QPointF> points = markPoints.value(it.key());
        for (QPointF &p : points)
            p.setY(top * (1.12 + 0.08 * row));
        it.value()->append(points);
    }
}

void explainMarks(QScatterSeries *m)
{
    QObject::connect(m, &QXYSeries::hovered, m, [m](const QPointF &p, bool on) {
        if (on)
            QToolTip::showText(QCursor::pos(),
                               QCoreApplication::translate("purga::HistoryPage",
                                                           "%1: at least one run of the period from %2")
                                   .arg(m->name(), QDateTime::fromMSecsSinceEpoch(qint64(p.x())).toString()));
    });
}

} // namespace

QStringList problemStatuses()
{
    return {QStringLiteral("error"), QStringLiteral("cancelado"), QStringLiteral("interrumpido"),
            QStringLiteral("lock_ocupado")};
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
    view->setMinimumHeight(220);
    return view;
}

void fillRows(QChart *chart, const HistoryData &data)
{
    clear(chart);
    // The first and the last day (ISO dates: text order is date order).
    const auto [first, last] =
        std::minmax_element(data.days.cbegin(), data.days.cend(),
                            [](const DailyRows &a, const DailyRows &b) { return a.day < b.day; });
    const qsizetype span =
        data.days.isEmpty()
            ? 0
            : QDate::fromString(first->day, Qt::ISODate).daysTo(QDate::fromString(last->day, Qt::ISODate)) +
                  1;
    chart->setTitle(rowsTitle(span));
    QStringList days;                           // the periods (days, weeks or months)
    QMap<QString, QMap<QString, qint64>> bySet; // "table (origin)" -> period -> rows
    for (const DailyRows &d : data.days) {
        const QString period = periodOf(d.day, span);
        if (!days.contains(period))
            days << period;
        bySet[QStringLiteral("%1 (%2)").arg(d.table.section(u'.', -1), d.origin)][period] += d.rows;
    }
    std::sort(days.begin(), days.end());
    auto *series = new QStackedBarSeries;
    for (auto it = bySet.cbegin(); it != bySet.cend(); ++it) {
        auto *set = new QBarSet(it.key());
        QList<qreal> values;
        for (const QString &day : days)
            values << double(it.value().value(day));
        set->append(values); // one call: one signal
        QObject::connect(set, &QBarSet::hovered, set, [set, days](bool on, int i) {
            if (on)
                QToolTip::showText(QCursor::pos(), QStringLiteral("%1 — %2: %3")
                                                       .arg(set->label(), days.value(i),
                                                            QLocale().toString(qint64(set->at(i)))));
        });
        series->append(set);
    }
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    QStringList labels = days;
    if (span > 31 && span <= 120)
        for (QString &l : labels)
            l = l.mid(5); // weeks: "09-07" for the week of Monday 2026-09-07 (the tooltip has the year)
    x->append(labels);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    QValueAxis *y = countAxis(chart);
    series->attachAxis(y);
    double max = 0;
    for (qsizetype i = 0; i < days.size(); ++i) {
        double total = 0;
        for (const QBarSet *set : series->barSets())
            total += set->at(i);
        max = qMax(max, total);
    }
    fitAxis(y, max);
    makeLegendToggles(chart);
}

void fillDurations(QChart *chart, const HistoryData &data)
{
    clear(chart);
    QMap<QString, QLineSeries *> lines;    // per origin: the longest run of each bucket
    QMap<QString, QScatterSeries *> marks; // per problem status
    for (const QString &s : problemStatuses())
        marks.insert(s, statusMarks(s));
    // Points gathered first and handed over in one call per series: append() one point at a
    // time signals every point (seconds for a year of runs).
    QMap<QString, QList<QPointF>> linePoints, markPoints;
    for (const DurationBucket &b : data.durations) {
        QLineSeries *&line = lines[b.origin];
        if (!line) {
            line = new QLineSeries;
            line->setName(
                QCoreApplication::translate("purga::HistoryPage", "%1 runs (longest, ms)").arg(b.origin));
        }
        const QPointF point(double(msOf(b.startUtc)), double(b.maxMs));
        linePoints[b.origin] << point;
        for (const QString &s : problemStatuses())
            if (b.statuses.value(s) > 0)
                markPoints[s] << point;
    }
    for (auto it = lines.cbegin(); it != lines.cend(); ++it)
        it.value()->append(linePoints.value(it.key()));
    placeMarksAboveLines(marks, markPoints, linePoints);
    QDateTimeAxis *x = timeAxis(chart);
    QValueAxis *y = countAxis(chart);
    QList<QXYSeries *> all;
    for (QLineSeries *l : lines)
        all << l;
    for (QScatterSeries *m : marks)
        all << m;
    for (QXYSeries *s : all) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    for (QLineSeries *l : lines)
        explainPoints(l, QStringLiteral("ms"));
    for (QScatterSeries *m : marks)
        explainMarks(m);
    for (QLineSeries *l : lines) { // after addSeries: the theme has given the line its colour
        QPen pen = l->pen();
        pen.setWidthF(2);
        l->setPen(pen);
    }
    fitAxis(y, maxOf(all));
    makeLegendToggles(chart);
}

void fillSizes(QChart *chart, const HistoryData &data, SizeMeasure measure)
{
    clear(chart);
    QMap<QString, QLineSeries *> lines;
    QMap<QString, QList<QPointF>> points; // handed over in one call per series (see fillDurations)
    for (const SizePoint &p : data.sizes) {
        const qint64 value = measure == SizeMeasure::Rows ? p.rows : p.bytes;
        if (value < 0)
            continue;
        QLineSeries *&line = lines[p.table];
        if (!line) {
            line = new QLineSeries;
            line->setName(p.table.section(u'.', -1));
        }
        // Bytes in MiB: a readable axis.
        points[p.table] << QPointF(double(msOf(p.atUtc)), measure == SizeMeasure::Rows
                                                              ? double(value)
                                                              : double(value) / (1024.0 * 1024.0));
    }
    for (auto it = lines.cbegin(); it != lines.cend(); ++it)
        it.value()->append(points.value(it.key()));
    QDateTimeAxis *x = timeAxis(chart);
    QValueAxis *y = countAxis(chart);
    if (measure == SizeMeasure::Bytes) {
        y->setLabelFormat(QStringLiteral("%.1f"));
        y->setTitleText(QStringLiteral("MiB"));
    }
    QList<QXYSeries *> all;
    for (QLineSeries *l : lines) {
        all << l;
        chart->addSeries(l);
        l->attachAxis(x);
        l->attachAxis(y);
        explainPoints(l, measure == SizeMeasure::Rows
                             ? QCoreApplication::translate("purga::HistoryPage", "rows")
                             : QStringLiteral("MiB"));
    }
    fitAxis(y, maxOf(all));
    makeLegendToggles(chart);
}

} // namespace purga::HistoryCharts
