#pragma once

#include "core/preview/preview.h"

#include <QChartView>

namespace purga {

// A small horizontal bar chart of row counts. The value is written in each category's label
// (locale separators), so the bars' colour and length are never the only carriers of the number.
class BarChartView : public QChartView
{
    Q_OBJECT
public:
    explicit BarChartView(const QString &title, QWidget *parent = nullptr);

    // `maxBars` > 0 keeps the largest buckets and sums the rest into "Others" (tenants);
    // 0 keeps every bucket in the given order (age buckets).
    // `labelTemplate` turns a bucket's label into the category text ("tenant %1").
    void setBuckets(const QList<CountBucket> &buckets, int maxBars = 0,
                    const QString &labelTemplate = QStringLiteral("%1"));
    // The category labels as shown, top to bottom (for tests and accessibility).
    QStringList labels() const { return m_labels; }

private:
    QString m_title;
    QStringList m_labels;
};

} // namespace purga
