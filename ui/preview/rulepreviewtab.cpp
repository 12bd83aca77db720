#include "rulepreviewtab.h"

#include "partitiontable.h"
#include "sampletable.h"
#include "ui/charts/barchartview.h"
#include "ui/common/numbertips.h"
#include "ui/common/sqlview.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/style/theme.h"
#include "ui/widgets/wraplabel.h"

#include <QBoxLayout>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace purga {

namespace {

QLabel *warningLine(const QString &text, QWidget *parent)
{
    // Icon + symbol + words: the warning does not depend on colour.
    auto *label = new WrapLabel(Display::statusSymbol(Display::Status::Warning) + u' ' + text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setFrameShape(QFrame::StyledPanel);
    label->setMargin(6);
    label->setAutoFillBackground(true);
    Theme::follow(label, [label] {
        const Theme::Colours c = Theme::note(Theme::Tone::Warning);
        QPalette pal = label->palette();
        pal.setColor(QPalette::Window, c.background);
        pal.setColor(QPalette::WindowText, c.text);
        label->setPalette(pal);
    });
    return label;
}

} // namespace

RulePreviewTab::RulePreviewTab(const PreviewPlan &plan, const RulePreview &rule, QWidget *parent)
    : QWidget(parent)
    , m_ruleId(rule.id)
    , m_plan(plan)
    , m_rule(rule)
    , m_scroll(new QScrollArea(this))
{
    setObjectName(QStringLiteral("rulePreview_") + rule.id);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_scroll);
}

void RulePreviewTab::showEvent(QShowEvent *event)
{
    // The first screen's words before the first paint (the tab never shows empty); each later part
    // on a later turn. A 1 ms timer, not a posted call: posted calls run before the paint.
    if (m_stage == Stage::None)
        buildNext();
    QWidget::showEvent(event);
}

void RulePreviewTab::buildNext()
{
    switch (m_stage) {
    case Stage::None:
        buildTop(m_plan, m_rule);
        break;
    case Stage::Top:
        m_byTenant = addChart(tr("Removable rows by tenant"), m_rule.byTenant, 8, tr("tenant %1"));
        break;
    case Stage::TenantChart:
        m_byAge = addChart(tr("Removable rows by age"), m_rule.byAge, 0, QStringLiteral("%1"));
        break;
    case Stage::AgeChart:
        buildPartitions(m_rule);
        break;
    case Stage::Partitions:
        buildSample(m_rule);
        break;
    case Stage::Sample:
        buildSql(m_rule);
        m_stage = Stage::All;
        m_plan = PreviewPlan();
        m_rule = RulePreview();
        return;
    case Stage::All:
        return;
    }
    m_stage = Stage(int(m_stage) + 1);
    QTimer::singleShot(1, this, &RulePreviewTab::buildNext);
}

void RulePreviewTab::ensureBuilt()
{
    // The timer still pending finds the tab built and does nothing.
    while (m_stage != Stage::All)
        buildNext();
}

SampleTableWidget *RulePreviewTab::sampleTable()
{
    ensureBuilt();
    return m_sample;
}

PartitionTable *RulePreviewTab::partitionTable()
{
    ensureBuilt();
    return m_partitions;
}

SqlView *RulePreviewTab::sqlView()
{
    ensureBuilt();
    return m_sql;
}

BarChartView *RulePreviewTab::tenantChart()
{
    ensureBuilt();
    return m_byTenant;
}

BarChartView *RulePreviewTab::ageChart()
{
    ensureBuilt();
    return m_byAge;
}

// "Kept by hold INC-123 (#3): N rows" per legal hold, and what the job (which knows no holds) or
// the partition purge (which copies them first) does with them.
void RulePreviewTab::addHeldLines(QVBoxLayout *layout, QWidget *content, const RulePreview &rule)
{
    for (const HeldCount &h : rule.held) {
        QString text =
            tr("Kept by hold %1 (#%2): %3 rows.").arg(h.reason).arg(h.holdId).arg(Display::number(h.rows));
        if (Rules::isPartitionRule(rule.id) && h.rows > 0)
            text += u' ' + tr("They are copied to the holds' table before their partition is dropped.");
        else if (h.jobRows > 0)
            text += u' ' + tr("The scheduled job's own SQL knows no holds: it would delete %1 of them.")
                               .arg(Display::number(h.jobRows));
        QLabel *line = warningLine(text, content);
        line->setObjectName(QStringLiteral("heldLine_%1").arg(h.holdId));
        layout->addWidget(line);
    }
}

void RulePreviewTab::addWarnings(QVBoxLayout *layout, QWidget *content, const RulePreview &rule)
{
    if (rule.adrSampleInWindow > 0) {
        auto *adr = warningLine(
            tr("The ADR's sample SQL would delete %1 rows that are still inside the forensic window. "
               "This rule keeps them.")
                .arg(Display::number(rule.adrSampleInWindow)),
            content);
        adr->setObjectName(QStringLiteral("adrWarning"));
        layout->addWidget(adr);
    }
    addHeldLines(layout, content, rule);
    QStringList warnings;
    Rules::validate(rule.config, &warnings);
    // A retention shorter than the forensic window, from any source (the settings dialog, a
    // settings file edited by hand): always said, and findable.
    const QString shortRetention = Rules::shortRetentionWarning(rule.config);
    if (!shortRetention.isEmpty() && !warnings.contains(shortRetention))
        warnings.prepend(shortRetention);
    for (const QString &w : std::as_const(warnings)) {
        QLabel *line = warningLine(w, content);
        if (w == shortRetention)
            line->setObjectName(QStringLiteral("shortRetentionWarning"));
        layout->addWidget(line);
    }
}

void RulePreviewTab::addFamilyNote(QVBoxLayout *layout, QWidget *content, const RulePreview &rule)
{
    // Always said for a rule with families, whether the setting is on or not: the rows of live
    // families the ADR's retention removes, and what the setting does with them.
    const QString text = rule.liveFamilyNote();
    if (text.isEmpty())
        return;
    auto *line = new WrapLabel(text, content);
    line->setObjectName(QStringLiteral("liveFamilyNote"));
    line->setWordWrap(true);
    line->setTextFormat(Qt::PlainText);
    line->setTextInteractionFlags(Qt::TextSelectableByMouse);
    line->setToolTip(tr("Family-aware retention (Rule settings): a revoked or rotated refresh token is "
                        "kept while any token of its family is still live at the preview's frozen "
                        "instant, so reuse of an old token can still be detected."));
    layout->addWidget(line);
}

void RulePreviewTab::buildTop(const PreviewPlan &plan, const RulePreview &rule)
{
    auto *content = new QWidget;
    m_content = new QVBoxLayout(content);
    auto *intro =
        new WrapLabel(QStringLiteral("%1 — %2").arg(rule.table, Rules::retentionText(rule.id)), content);
    intro->setWordWrap(true);
    intro->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_content->addWidget(intro);
    addWarnings(m_content, content, rule);
    addFamilyNote(m_content, content, rule);
    m_content->addLayout(buildSummary(plan, rule));
    m_content->addStretch(1);
    m_scroll->setWidget(content); // shows it
    reflowSummary();
}

BarChartView *RulePreviewTab::addChart(const QString &title, const QList<CountBucket> &buckets, int maxBars,
                                       const QString &labelTemplate)
{
    auto *chart = new BarChartView(title, m_scroll->widget());
    chart->setBuckets(buckets, maxBars, labelTemplate);
    if (!m_chartRow) { // nothing to draw (e.g. the partition rule): no empty boxes
        chart->hide();
        return chart;
    }
    m_chartRow->addWidget(chart, 1, Qt::AlignTop);
    chart->show();
    reflowSummary();
    return chart;
}

void RulePreviewTab::addBox(QWidget *box)
{
    m_content->insertWidget(m_content->count() - 1, box); // above the stretch
    box->show();                                          // now, not on a later turn
}

void RulePreviewTab::buildPartitions(const RulePreview &rule)
{
    if (!Rules::isPartitionRule(rule.id) && rule.partitions.isEmpty())
        return;
    auto *box = new QGroupBox(tr("Partitions"), m_scroll->widget());
    auto *boxLayout = new QVBoxLayout(box);
    const QString text =
        rule.config.quarantineDays > 0
            ? tr("Bounds come from the catalog, not from the names. Removable partitions are detached and "
                 "moved whole to quarantine (schema identidad_cuarentena) until %1 (%n day(s)), then a later "
                 "purge drops them; the DEFAULT partition is never removed.",
                 nullptr, rule.config.quarantineDays)
                  .arg(RunFormat::utc(rule.quarantineUntilUtc))
            : tr("Bounds come from the catalog, not from the names. Removable partitions are "
                 "detached and dropped whole; the DEFAULT partition is never removed.");
    auto *note = new WrapLabel(text, box);
    note->setObjectName(QStringLiteral("partitionNote"));
    boxLayout->addWidget(note);
    m_partitions = new PartitionTable(box);
    m_partitions->setPartitions(rule.partitions, rule.leftAlone, rule.quarantine, rule.config.quarantineDays);
    boxLayout->addWidget(m_partitions);
    addBox(box);
}

void RulePreviewTab::buildSample(const RulePreview &rule)
{
    if (rule.sampleColumns.isEmpty() && Rules::isPartitionRule(rule.id))
        return;
    auto *box = new QGroupBox(tr("Sample of removable rows"), m_scroll->widget());
    auto *boxLayout = new QVBoxLayout(box);
    m_sample = new SampleTableWidget(box);
    m_sample->setSample(rule.id, rule.sampleColumns, rule.sample, rule.eligible);
    boxLayout->addWidget(m_sample);
    addBox(box);
}

void RulePreviewTab::buildSql(const RulePreview &rule)
{
    auto *sqlBox =
        new QGroupBox(tr("SQL (exactly what was counted and what the purge runs)"), m_scroll->widget());
    auto *sqlLayout = new QVBoxLayout(sqlBox);
    m_sql = new SqlView(sqlBox);
    m_sql->setGrowsWithText(true); // the tab scrolls; the SQL in it does not
    m_sql->setSql(
        QStringLiteral("-- %1\n%2\n\n-- %3\n%4\n")
            .arg(tr("Counts (read only)"), rule.countSql.trimmed(), tr("Purge"), rule.deleteSql.trimmed()));
    sqlLayout->addWidget(m_sql);
    addBox(sqlBox);
}

QBoxLayout *RulePreviewTab::buildSummary(const PreviewPlan &plan, const RulePreview &rule)
{
    auto *boxes = m_summaryLeft = new QVBoxLayout;
    boxes->addWidget(buildCutoffBox(plan, rule));
    boxes->addWidget(buildRangeBox(rule));
    auto *top = m_summary = new QHBoxLayout;
    if (rule.byTenant.isEmpty() && rule.byAge.isEmpty()) {
        // Nothing to draw (e.g. the partition rule): the counts take the right.
        m_countsRight = buildCountsBox(rule);
        top->addLayout(boxes, 3);
        top->addWidget(m_countsRight, 2, Qt::AlignTop);
        return top;
    }
    // The times and counts stacked on the left, the charts side by side on the right (added on
    // the next turn): everything down to the last bar fits the first screen at 1240x780.
    boxes->addWidget(buildCountsBox(rule));
    boxes->addStretch(1);
    m_chartRow = new QHBoxLayout;
    top->addLayout(boxes, 0);
    top->addLayout(m_chartRow, 1);
    return top;
}

void RulePreviewTab::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    reflowSummary();
}

void RulePreviewTab::reflowSummary()
{
    if (!m_summary)
        return;
    const auto least = [](const QWidget *w) { return qMax(w->minimumWidth(), w->minimumSizeHint().width()); };
    const QMargins margins = m_content->contentsMargins();
    const int room =
        width() - style()->pixelMetric(QStyle::PM_ScrollBarExtent) - margins.left() - margins.right();
    const int left = m_summaryLeft->minimumSize().width() + qMax(0, m_summary->spacing());
    if (!m_chartRow) {
        const bool beside = left + least(m_countsRight) <= room;
        m_summary->setDirection(beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
        return;
    }
    int chart = 0;
    int charts = 0;
    for (int i = 0; i < m_chartRow->count(); ++i) {
        if (const QWidget *c = m_chartRow->itemAt(i)->widget()) {
            chart = qMax(chart, least(c));
            ++charts;
        }
    }
    const int row = charts * chart + qMax(0, charts - 1) * qMax(0, m_chartRow->spacing());
    const bool oneRow = left + row <= room;
    const bool stackedBeside = left + chart <= room;
    m_summary->setDirection(oneRow || stackedBeside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    m_chartRow->setDirection(oneRow || (!stackedBeside && row <= room) ? QBoxLayout::LeftToRight
                                                                       : QBoxLayout::TopToBottom);
}

QLabel *RulePreviewTab::addValue(QFormLayout *form, const QString &label, const QString &value,
                                 const QString &objectName, bool number)
{
    auto *v = new QLabel(value);
    v->setObjectName(objectName);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->setTextFormat(Qt::PlainText);
    if (number)
        v->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->addRow(label, v);
    return v;
}

QGroupBox *RulePreviewTab::buildCutoffBox(const PreviewPlan &plan, const RulePreview &rule)
{
    auto *box = new QGroupBox(tr("Frozen cutoff"));
    auto *form = new QFormLayout(box);
    const QString cutoff = RunFormat::cutoffUtc(plan, rule);
    addValue(form, tr("UTC:"), RunFormat::utc(cutoff, tr("unknown")), QStringLiteral("cutoffUtcValue"));
    // The zone is part of each value ("… America/Guayaquil", "… EST"), so the labels stay short.
    addValue(form, tr("Server:"),
             plan.serverTimeZone.isEmpty() ? tr("unknown (the server did not report its TimeZone)")
                                           : cutoffInZone(cutoff, plan.serverTimeZone),
             QStringLiteral("cutoffServerValue"));
    addValue(form, tr("This computer:"), Display::localTime(cutoff, tr("unknown")),
             QStringLiteral("cutoffLocalValue"));
    addValue(form, tr("Retention:"),
             tr("%1 (ADR forensic window: %2)")
                 .arg(RunFormat::retention(rule.config.retentionSeconds),
                      RunFormat::retention(Rules::forensicMinimumSeconds(rule.id))),
             QStringLiteral("retentionValue"));
    box->setToolTip(
        tr("Rows older than this instant are removable. It was frozen from the database clock when "
           "the preview was taken (%1) and the purge uses exactly this value.")
            .arg(RunFormat::utc(plan.cutoffBaseUtc)));
    return box;
}

QGroupBox *RulePreviewTab::buildCountsBox(const RulePreview &rule)
{
    auto *box = new QGroupBox(tr("Rows"));
    auto *form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const auto add = [&](const QString &label, qint64 value, const char *key) {
        QLabel *v =
            addValue(form, label, Display::number(value), QLatin1String(key) + QStringLiteral("Value"), true);
        v->setToolTip(NumberTips::preview(rule.id, QLatin1String(key)));
        if (QWidget *l = form->labelForField(v))
            l->setToolTip(v->toolTip());
        return v;
    };
    add(tr("Total:"), rule.total, "total");
    QLabel *eligible = add(tr("Removable:"), rule.eligible, "eligible");
    QFont bold = eligible->font();
    bold.setBold(true);
    eligible->setFont(bold);
    add(tr("Kept:"), rule.retained, "retained");
    add(tr("Kept by the window:"), rule.retainedByWindow, "retainedByWindow");
    add(tr("ADR sample, inside window:"), rule.adrSampleInWindow, "adrInWindow");
    return box;
}

QGroupBox *RulePreviewTab::buildRangeBox(const RulePreview &rule)
{
    auto *box = new QGroupBox(tr("Removable range"));
    auto *form = new QFormLayout(box);
    const QString none = tr("none");
    addValue(form, tr("Oldest:"), RunFormat::utc(rule.oldest, none), QStringLiteral("oldestValue"));
    addValue(form, tr("Newest:"), RunFormat::utc(rule.newest, none), QStringLiteral("newestValue"));
    addValue(form, tr("Keys:"),
             rule.eligible > 0 && (rule.keyMin != 0 || rule.keyMax != 0)
                 ? tr("%1 … %2").arg(Display::number(rule.keyMin), Display::number(rule.keyMax))
                 : none,
             QStringLiteral("keyRangeValue"));
    return box;
}

QString RulePreviewTab::valueText(const QString &objectName)
{
    ensureBuilt();
    const auto *label = findChild<QLabel *>(objectName);
    return label ? label->text() : QString();
}

} // namespace purga
