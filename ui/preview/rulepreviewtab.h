#pragma once

#include "core/preview/preview.h"

#include <QWidget>

class QBoxLayout;
class QFormLayout;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QScrollArea;
class QVBoxLayout;

namespace purga {

class BarChartView;
class PartitionTable;
class SampleTableWidget;
class SqlView;

// One rule of a frozen preview: cutoff in three zones, counts, ranges, charts, sample, partitions
// and the exact SQL. Read-only. Its contents are built when it is first shown (or asked for), not
// when the preview arrives: only the visible tab of a preview costs the GUI thread.
class RulePreviewTab : public QWidget
{
    Q_OBJECT
public:
    RulePreviewTab(const PreviewPlan &plan, const RulePreview &rule, QWidget *parent = nullptr);

    const QString &ruleId() const { return m_ruleId; }
    // Builds the contents now if they are not built yet (showing the tab does it too).
    void ensureBuilt();
    bool isBuilt() const { return m_stage == Stage::All; }
    // These build the contents first.
    SampleTableWidget *sampleTable();
    PartitionTable *partitionTable();
    SqlView *sqlView();
    BarChartView *tenantChart();
    BarChartView *ageChart();
    // The text of a value label by its object name ("eligibleValue", "cutoffServerValue", ...).
    QString valueText(const QString &objectName);

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Built a step per event-loop turn, each after the paint the previous one asked for (the whole
    // tab at once would hold the GUI thread too long): the first screen's words, each of its
    // charts, the partitions, the sample, then the SQL. Asking for a part builds the rest.
    enum class Stage { None, Top, TenantChart, AgeChart, Partitions, Sample, All };
    void buildNext();
    void buildTop(const PreviewPlan &plan, const RulePreview &rule);
    BarChartView *addChart(const QString &title, const QList<CountBucket> &buckets, int maxBars,
                           const QString &labelTemplate);
    void buildPartitions(const RulePreview &rule);
    void buildSample(const RulePreview &rule);
    void buildSql(const RulePreview &rule);
    void addBox(QWidget *box);
    static void addFamilyNote(QVBoxLayout *layout, QWidget *content, const RulePreview &rule);
    static void addWarnings(QVBoxLayout *layout, QWidget *content, const RulePreview &rule);
    static void addHeldLines(QVBoxLayout *layout, QWidget *content, const RulePreview &rule);
    // The summary beside the charts while the width holds both at their least width, else the
    // charts stacked beside it, else the charts under it (side by side or one under the other).
    // Measured as if the vertical scroll bar were shown, so that it showing never flips the layout.
    void reflowSummary();
    // Cutoff, range and counts beside the charts (or beside each other when there is no chart).
    QBoxLayout *buildSummary(const PreviewPlan &plan, const RulePreview &rule);
    QGroupBox *buildCutoffBox(const PreviewPlan &plan, const RulePreview &rule);
    QGroupBox *buildCountsBox(const RulePreview &rule);
    QGroupBox *buildRangeBox(const RulePreview &rule);
    QLabel *addValue(QFormLayout *form, const QString &label, const QString &value, const QString &objectName,
                     bool number = false);

    QString m_ruleId;
    PreviewPlan m_plan; // what to build from, until built (implicitly shared)
    RulePreview m_rule;
    Stage m_stage = Stage::None;
    QVBoxLayout *m_content = nullptr;
    QScrollArea *m_scroll;
    QBoxLayout *m_summary = nullptr; // the boxes (left), then the charts or the counts (right)
    QBoxLayout *m_summaryLeft = nullptr;
    QWidget *m_countsRight = nullptr; // the counts, on the right when there is no chart
    QBoxLayout *m_chartRow = nullptr; // where the charts go, beside the counts
    BarChartView *m_byTenant = nullptr;
    BarChartView *m_byAge = nullptr;
    SampleTableWidget *m_sample = nullptr;
    PartitionTable *m_partitions = nullptr;
    SqlView *m_sql = nullptr;
};

} // namespace purga
