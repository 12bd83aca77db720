#pragma once

#include "core/overview/overview.h"

#include <QGroupBox>
#include <QMap>

class QGridLayout;
class QLabel;

namespace purga {

class PartitionStrip;

// One table of the overview: counts (with ≈ while they are estimates), sizes and maintenance times.
class TableCard : public QGroupBox
{
    Q_OBJECT
public:
    explicit TableCard(const QString &ruleId, QWidget *parent = nullptr);

    void setTable(const TableOverview &table, bool exact, bool exactPending);
    // The text shown for one value ("total", "revoked", "expired", "removable", "kept", "tableSize",
    // "indexSize", "deadTuples", "lastVacuum", "lastAutovacuum", "lastAnalyze", "lastAutoanalyze",
    // "partitions").
    QString valueText(const QString &key) const;
    // The tooltip of one value: what it is and how it was measured (numbertips.h).
    QString valueToolTip(const QString &key) const;

private:
    void addRow(const QString &key, const QString &label, bool strong = false);
    void setValue(const QString &key, const QString &text, bool visible = true);

    QString m_ruleId;
    bool m_exact = false; // of the numbers shown, for their tooltips
    bool m_exactPending = false;
    QGridLayout *m_grid;
    QMap<QString, QLabel *> m_values;
    QMap<QString, QLabel *> m_labels;
};

} // namespace purga
