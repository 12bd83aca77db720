#include "tablecard.h"

#include "core/rules/rules.h"
#include "ui/common/numbertips.h"
#include "ui/style/displayformat.h"
#include "ui/widgets/wraplabel.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>

namespace purga {

TableCard::TableCard(const QString &ruleId, QWidget *parent)
    : QGroupBox(parent)
    , m_ruleId(ruleId)
    , m_grid(new QGridLayout(this))
{
    setObjectName(QStringLiteral("card_") + ruleId);
    setTitle(Rules::title(ruleId));
    m_grid->setColumnStretch(0, 1);
    m_grid->setHorizontalSpacing(16);

    const bool partitioned = Rules::isPartitionRule(ruleId);
    const bool preTokens = ruleId == RuleId::PreTokens;
    addRow(QStringLiteral("total"), tr("Total rows"));
    if (!partitioned) {
        addRow(QStringLiteral("revoked"), preTokens ? tr("Used") : tr("Revoked"));
        addRow(QStringLiteral("expired"), tr("Expired"));
    } else {
        addRow(QStringLiteral("partitions"), tr("Partitions"));
    }
    addRow(QStringLiteral("removable"), tr("Removable now"), true);
    if (!partitioned)
        addRow(QStringLiteral("kept"), tr("Kept by the retention window"));
    addRow(QStringLiteral("tableSize"), tr("Table size"));
    addRow(QStringLiteral("indexSize"), tr("Index size"));
    addRow(QStringLiteral("deadTuples"), tr("Dead tuples"));
    addRow(QStringLiteral("lastVacuum"), tr("Last vacuum"));
    addRow(QStringLiteral("lastAutovacuum"), tr("Last autovacuum"));
    addRow(QStringLiteral("lastAnalyze"), tr("Last analyze"));
    addRow(QStringLiteral("lastAutoanalyze"), tr("Last autoanalyze"));
    m_grid->setRowStretch(m_grid->rowCount(), 1);
}

void TableCard::addRow(const QString &key, const QString &label, bool strong)
{
    const int row = m_grid->rowCount();
    auto *name = new WrapLabel(label, this);
    name->setWordWrap(true); // long Spanish labels wrap instead of widening the card
    auto *value = new QLabel(this);
    value->setObjectName(QStringLiteral("value_") + key);
    value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (strong) {
        QFont f = value->font();
        f.setBold(true);
        value->setFont(f);
        name->setFont(f);
    }
    // Until the first numbers arrive: what the number is (how it is measured follows in setTable).
    const QString tooltip = NumberTips::overview(m_ruleId, key, false, false);
    name->setToolTip(tooltip);
    value->setToolTip(tooltip);
    m_grid->addWidget(name, row, 0);
    m_grid->addWidget(value, row, 1);
    m_values.insert(key, value);
    m_labels.insert(key, name);
}

void TableCard::setValue(const QString &key, const QString &text, bool visible)
{
    if (QLabel *v = m_values.value(key)) {
        v->setText(text);
        const QString tooltip = NumberTips::overview(m_ruleId, key, m_exact, m_exactPending);
        v->setToolTip(tooltip);
        m_labels.value(key)->setToolTip(tooltip);
        v->setVisible(visible);
        m_labels.value(key)->setVisible(visible);
    }
}

QString TableCard::valueText(const QString &key) const
{
    const QLabel *v = m_values.value(key);
    return v ? v->text() : QString();
}

QString TableCard::valueToolTip(const QString &key) const
{
    const QLabel *v = m_values.value(key);
    return v ? v->toolTip() : QString();
}

void TableCard::setTable(const TableOverview &t, bool exact, bool exactPending)
{
    const bool approx = !(exact || t.exact);
    m_exact = !approx;
    m_exactPending = exactPending;
    setTitle(Rules::title(m_ruleId) + QStringLiteral(" — ") + t.table);
    const QString pending = exactPending ? tr("counting…") : QStringLiteral("—");
    auto count = [&](qint64 v) { return v < 0 ? pending : Display::number(v, approx); };

    // log_sesiones: the months that stay are counted from the catalog (reltuples) even in an exact
    // overview; only the removable ones are counted row by row.
    bool approxTotal = approx;
    for (const PartitionInfo &p : t.partitions)
        approxTotal = approxTotal || !p.rowsExact;
    setValue(QStringLiteral("total"), Display::number(t.total, approxTotal));
    setValue(QStringLiteral("revoked"), count(t.revoked));
    setValue(QStringLiteral("expired"), count(t.expired));
    setValue(QStringLiteral("removable"), count(t.removable));
    setValue(QStringLiteral("kept"), count(t.keptByWindow));
    if (Rules::isPartitionRule(m_ruleId)) {
        int removable = 0;
        for (const PartitionInfo &p : t.partitions)
            removable += p.removable ? 1 : 0;
        setValue(QStringLiteral("partitions"),
                 tr("%1 (%2 removable)")
                     .arg(QLocale().toString(t.partitions.size()), QLocale().toString(removable)));
    }
    setValue(QStringLiteral("tableSize"), Display::bytes(t.tableBytes));
    setValue(QStringLiteral("indexSize"), Display::bytes(t.indexBytes));
    setValue(QStringLiteral("deadTuples"), Display::number(t.deadTuples));
    const QString never = tr("never");
    setValue(QStringLiteral("lastVacuum"), Display::timestamp(t.lastVacuum, never));
    setValue(QStringLiteral("lastAutovacuum"), Display::timestamp(t.lastAutovacuum, never));
    setValue(QStringLiteral("lastAnalyze"), Display::timestamp(t.lastAnalyze, never));
    setValue(QStringLiteral("lastAutoanalyze"), Display::timestamp(t.lastAutoanalyze, never));
}

} // namespace purga
