#include "barchartview.h"

#include "ui/style/displayformat.h"
#include "ui/style/theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QFontMetrics>
#include <QHorizontalBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace purga {

namespace {
constexpr int kMinHeight = 140;
}

BarChartView::BarChartView(const QString &title, QWidget *parent)
    : QChartView(parent)
    , m_title(title)
{
    setRenderHint(QPainter::Antialiasing);
    setFixedHeight(kMinHeight);
    setMinimumWidth(260);
    // The view's own chart, kept for its whole life: setBuckets() replaces its series and axes.
    // (A new QChart per call cost the preview's arrival two charts' construction per view.)
    QChart *c = chart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->legend()->hide();
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);
    QFont titleFont = c->titleFont();
    titleFont.setBold(true);
    c->setTitleFont(titleFont);
    // The theme now, and again when the system turns light or dark.
    Theme::follow(this, [this] { Theme::styleChart(chart()); });
    setBuckets({});
}

void BarChartView::setBuckets(const QList<CountBucket> &input, int maxBars, const QString &labelTemplate)
{
    QList<CountBucket> buckets = input;
    if (maxBars > 0) {
        std::stable_sort(buckets.begin(), buckets.end(),
                         [](const CountBucket &a, const CountBucket &b) { return a.rows > b.rows; });
        for (CountBucket &b : buckets)
            b.label = labelTemplate.arg(b.label);
        if (buckets.size() > maxBars) {
            CountBucket others;
            others.label = tr("Others (%1)").arg(Display::number(buckets.size() - maxBars + 1));
            for (qsizetype i = maxBars - 1; i < buckets.size(); ++i)
                others.rows += buckets.at(i).rows;
            buckets.resize(maxBars - 1);
            buckets << others;
        }
    } else {
        for (CountBucket &b : buckets)
            b.label = labelTemplate.arg(b.label);
    }

    QChart *chart = this->chart();
    chart->removeAllSeries(); // deletes them and their sets
    for (QAbstractAxis *axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    m_labels.clear();
    qint64 maxValue = 0;
    if (buckets.isEmpty()) {
        chart->setTitle(tr("%1 — nothing to show").arg(m_title));
        setAccessibleDescription(chart->title());
        setFixedHeight(kMinHeight);
        return;
    }
    chart->setTitle(m_title);

    // Horizontal bars draw the first category at the bottom: feed them reversed to read top-down.
    auto *set = new QBarSet(m_title);
    QStringList categories;
    for (auto it = buckets.crbegin(); it != buckets.crend(); ++it) {
        const QString label = QStringLiteral("%1 · %2").arg(it->label, Display::number(it->rows));
        categories << label;
        *set << double(it->rows);
        maxValue = std::max(maxValue, it->rows);
    }
    for (auto it = categories.crbegin(); it != categories.crend(); ++it)
        m_labels << *it;

    auto *series = new QHorizontalBarSeries;
    series->append(set);
    series->setBarWidth(0.7);
    chart->addSeries(series);

    auto *axisY = new QBarCategoryAxis;
    axisY->append(categories);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);

    auto *axisX = new QValueAxis;
    axisX->setRange(0, maxValue > 0 ? double(maxValue) * 1.05 : 1.0);
    axisX->setTickCount(3);
    axisX->setLabelsVisible(false); // the exact, locale-formatted values are in the category labels
    axisX->setLineVisible(false);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);

    setAccessibleDescription(m_labels.join(QStringLiteral("; ")));
    // As tall as its bars need (a category label's line each), no taller: the Preview shows both
    // charts whole on its first screen.
    // Qt Charts elides a category label taller than its share of the axis less twice its padding.
    const int row = QFontMetrics(axisY->labelsFont()).height() + 12;
    const int title = QFontMetrics(chart->titleFont()).height() + 40;
    setFixedHeight(std::max(kMinHeight, title + int(buckets.size()) * row));
}

} // namespace purga
