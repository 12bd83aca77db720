#pragma once

#include "preview.h"

#include <QWidget>

class QBoxLayout;
class QFormLayout;
class QGroupBox;
class QLabel;

namespace purga {

class BarChartView;
class PartitionTable;
class SampleTableWidget;
class SqlView;

// One rule of a frozen preview: cutoff in three zones, counts, ranges, charts, sample, partitions
// and the exact SQL. Read-only; built once per preview.
class RulePreviewTab : public QWidget
{
    Q_OBJECT
public:
    RulePreviewTab(const PreviewPlan &plan, const RulePreview &rule, QWidget *parent = nullptr);

    const QString &ruleId() const { return m_ruleId; }
    SampleTableWidget *sampleTable() const { return m_sample; }
    PartitionTable *partitionTable() const { return m_partitions; }
    SqlView *sqlView() const { return m_sql; }
    BarChartView *tenantChart() const { return m_byTenant; }
    BarChartView *ageChart() const { return m_byAge; }
    // The text of a value label by its object name ("eligibleValue", "cutoffServerValue", ...).
    QString valueText(const QString &objectName) const;

private:
    // Cutoff, range and counts beside the charts (or beside each other when there is no chart).
    QBoxLayout *buildSummary(const PreviewPlan &plan, const RulePreview &rule);
    QGroupBox *buildCutoffBox(const PreviewPlan &plan, const RulePreview &rule);
    QGroupBox *buildCountsBox(const RulePreview &rule);
    QGroupBox *buildRangeBox(const RulePreview &rule);
    QLabel *addValue(QFormLayout *form, const QString &label, const QString &value, const QString &objectName,
                     bool number = false);

    QString m_ruleId;
    BarChartView *m_byTenant = nullptr;
    BarChartView *m_byAge = nullptr;
    SampleTableWidget *m_sample = nullptr;
    PartitionTable *m_partitions = nullptr;
    SqlView *m_sql = nullptr;
};

} // namespace purga
