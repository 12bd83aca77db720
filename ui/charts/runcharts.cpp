// The History page's charts of runs on the calendar: time since the job last succeeded, run
// durations, table sizes. Points sit where runs are; tooltips name a run's own value.
#include "calendaraxis.h"
#include "chartcolours.h"
#include "chartsupport.h"
#include "historycharts.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace purga::HistoryCharts {

namespace {

// The context lupdate gives a tr() call in this namespace.
QString tr(const char *text)
{
    return QCoreApplication::translate("purga::HistoryCharts", text);
}

QString hoursText(double h)
{
    return QCoreApplication::translate("purga::HistoryPage", "%1 h").arg(QLocale().toString(h, 'f', 1));
}

// Attaches every series to both axes.
void attachAll(QChart *chart, const QList<QXYSeries *> &all, QAbstractAxis *x, QAbstractAxis *y)
{
    for (QXYSeries *s : all) {
        if (!s->chart())
            chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
}

// Marks of one problem status in a row of their own above the points (Qt Charts draws scatter
// series above lines whatever the order): a mark's height says which status, its place when.
QScatterSeries *statusMarks(const QString &status)
{
    auto *m = new QScatterSeries;
    m->setName(statusName(status));
    m->setMarkerShape(status == QLatin1String("error") ? QScatterSeries::MarkerShapeRectangle
                                                       : QScatterSeries::MarkerShapeCircle);
    m->setMarkerSize(8);
    return m;
}

} // namespace

Table fillJobGap(QChart *chart, const HistoryData &data, double thresholdHours)
{
    Support::clear(chart);
    const CalendarAxis calendar(data);
    auto *line = new QLineSeries;
    line->setName(tr("Since the last successful job run"));
    auto *limit = new QLineSeries;
    limit->setName(tr("Alarm: %1").arg(hoursText(thresholdHours)));
    Table table;
    table.header = {tr("Time"), tr("Hours since the job last succeeded")};
    QList<QPointF> points;
    QStringList tips;
    double top = thresholdHours;
    for (const JobGapPoint &p : data.jobGap) {
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(p.atMs, QTimeZone::utc());
        points << QPointF(calendar.x(at), p.hours);
        tips << tr("%1: the job last succeeded %2 before").arg(Display::timestamp(at), hoursText(p.hours));
        table.rows << QStringList{Display::timestamp(at), QLocale().toString(p.hours, 'f', 1)};
        top = std::max(top, p.hours);
    }
    line->append(points);
    limit->append({QPointF(-0.5, thresholdHours), QPointF(calendar.count() - 0.5, thresholdHours)});
    const QString now = data.jobGapHoursNow < 0 ? tr("no successful job run in the range or before it")
                                                : hoursText(data.jobGapHoursNow);
    chart->setTitle(tr("Time since the last successful job run: %1").arg(now));
    QBarCategoryAxis *x = calendar.attach(chart);
    QValueAxis *y = Support::valueAxis(chart, tr("hours"));
    attachAll(chart, {line, limit}, x, y);
    x->setRange(calendar.labels().value(0), calendar.labels().value(calendar.count() - 1));
    QPen pen(ChartColours::jobGap(), 2);
    line->setPen(pen);
    QPen dashed(ChartColours::threshold(), 1.5, Qt::DashLine);
    limit->setPen(dashed);
    Support::nearestPointTips(line, tips);
    Support::fitAxis(y, top);
    Support::makeLegendToggles(chart);
    return table;
}

Table fillDurations(QChart *chart, const HistoryData &data)
{
    Support::clear(chart);
    const CalendarAxis calendar(data);
    qint64 maxMs = 0;
    for (const DurationBucket &b : data.durations)
        maxMs = std::max(maxMs, b.maxMs);
    const Support::Unit unit = Support::durationUnit(double(maxMs));
    QMap<QString, QList<QPointF>> pointsOf; // per origin
    QMap<QString, QStringList> tipsOf;
    QMap<QString, QList<QPointF>> marksOf; // per problem status
    Table table;
    table.header = {tr("Longest run started"), tr("Origin"), tr("Runs"), tr("Longest"), tr("Problems")};
    for (const DurationBucket &b : data.durations) {
        const QString at = b.longestUtc.isEmpty() ? b.startUtc : b.longestUtc;
        const QPointF p(calendar.x(at), double(b.maxMs) / unit.divisor);
        pointsOf[b.origin] << p;
        tipsOf[b.origin] << tr("%1 run started %2: %3 (the longest of %4 runs)")
                                .arg(b.origin, Display::timestamp(at), RunFormat::duration(b.maxMs))
                                .arg(b.runs);
        QStringList problems;
        for (const QString &s : problemStatuses())
            if (const int n = b.statuses.value(s)) {
                marksOf[s] << QPointF(calendar.x(b.startUtc), 0);
                problems << QStringLiteral("%1 %2").arg(statusName(s)).arg(n);
            }
        table.rows << QStringList{Display::timestamp(at), b.origin, Display::number(b.runs),
                                  RunFormat::duration(b.maxMs), problems.join(QStringLiteral(", "))};
    }
    QList<QXYSeries *> all;
    for (auto it = pointsOf.cbegin(); it != pointsOf.cend(); ++it) {
        auto *s = new QScatterSeries;
        s->setName(it.key() == QLatin1String("job") ? tr("job runs (longest)") : tr("manual runs (longest)"));
        s->setMarkerSize(7);
        s->append(it.value());
        all << s;
    }
    const double top = std::max(Support::maxY(all), 1e-9);
    QList<QScatterSeries *> marks;
    int row = 0;
    for (const QString &s : problemStatuses()) {
        QScatterSeries *m = statusMarks(s);
        QList<QPointF> points = marksOf.value(s);
        for (QPointF &p : points)
            p.setY(top * (1.12 + 0.08 * row));
        m->append(points);
        marks << m;
        all << m;
        ++row;
    }
    chart->setTitle(tr("Run duration"));
    QBarCategoryAxis *x = calendar.attach(chart);
    QValueAxis *y = Support::valueAxis(chart, unit.name, unit.divisor > 1 ? 1 : 0);
    attachAll(chart, all, x, y);
    x->setRange(calendar.labels().value(0), calendar.labels().value(calendar.count() - 1));
    int i = 0;
    for (auto it = pointsOf.cbegin(); it != pointsOf.cend();
         ++it, ++i) { // after addSeries: the theme's colours
        auto *s = static_cast<QScatterSeries *>(all.at(i));
        s->setColor(ChartColours::originPoint(it.key()));
        s->setBorderColor(ChartColours::originPoint(it.key()));
        Support::nearestPointTips(s, tipsOf.value(it.key()));
    }
    for (int k = 0; k < marks.size(); ++k) {
        const QColor c = ChartColours::status(problemStatuses().at(k));
        marks.at(k)->setColor(c);
        marks.at(k)->setBorderColor(c);
    }
    Support::fitAxis(y, Support::maxY(all));
    Support::makeLegendToggles(chart);
    return table;
}

Table fillSizes(QChart *chart, const HistoryData &data, SizeMeasure measure)
{
    Support::clear(chart);
    const CalendarAxis calendar(data);
    double max = 0;
    for (const SizePoint &p : data.sizes)
        max = std::max(max, double(measure == SizeMeasure::Rows ? p.rows : p.bytes));
    const Support::Unit unit =
        measure == SizeMeasure::Rows ? Support::Unit{1, tr("rows")} : Support::bytesUnit(max);
    QMap<QString, QList<QPointF>> pointsOf;
    QMap<QString, QStringList> tipsOf;
    Table table;
    table.header = {tr("Run started"), tr("Table"), measure == SizeMeasure::Rows ? tr("Rows") : tr("Bytes")};
    for (const SizePoint &p : data.sizes) {
        const qint64 value = measure == SizeMeasure::Rows ? p.rows : p.bytes;
        if (value < 0)
            continue;
        const QString text = measure == SizeMeasure::Rows ? Display::number(value) : Display::bytes(value);
        pointsOf[p.table] << QPointF(calendar.x(p.atUtc), double(value) / unit.divisor);
        tipsOf[p.table] << tr("%1 after the run started %2: %3")
                               .arg(p.table.section(u'.', -1), Display::timestamp(p.atUtc), text);
        table.rows << QStringList{Display::timestamp(p.atUtc), p.table, text};
    }
    QList<QXYSeries *> all;
    for (auto it = pointsOf.cbegin(); it != pointsOf.cend(); ++it) {
        auto *line = new QLineSeries;
        line->setName(it.key().section(u'.', -1));
        line->append(it.value());
        all << line;
    }
    const QString title = measure == SizeMeasure::Rows ? tr("Rows in each table after the runs")
                                                       : tr("Bytes of each table after the runs");
    chart->setTitle(table.rows.isEmpty() ? tr("%1: none recorded in this range").arg(title) : title);
    QBarCategoryAxis *x = calendar.attach(chart);
    QValueAxis *y = Support::valueAxis(chart, unit.name, measure == SizeMeasure::Rows ? 0 : 1);
    attachAll(chart, all, x, y);
    x->setRange(calendar.labels().value(0), calendar.labels().value(calendar.count() - 1));
    int i = 0;
    for (auto it = pointsOf.cbegin(); it != pointsOf.cend(); ++it, ++i) {
        QXYSeries *s = all.at(i);
        s->setPen(QPen(ChartColours::table(it.key()), 2));
        s->setColor(ChartColours::table(it.key()));
        s->setPointsVisible(true); // a single recording is a point, not an empty chart
        s->setMarkerSize(6);
        Support::nearestPointTips(s, tipsOf.value(it.key()));
    }
    Support::fitAxis(y, Support::maxY(all));
    Support::makeLegendToggles(chart);
    return table;
}

} // namespace purga::HistoryCharts
