#include "partitiontable.h"

#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"

#include <QHeaderView>

#include <algorithm>

namespace purga {

namespace {

QTableWidgetItem *cell(const QString &text, bool number = false)
{
    auto *it = new QTableWidgetItem(text);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    it->setTextAlignment(number ? (Qt::AlignRight | Qt::AlignVCenter) : (Qt::AlignLeft | Qt::AlignVCenter));
    return it;
}

// The Purge column's text, bold where the purge removes the partition.
QTableWidgetItem *actionCell(const QString &text, bool removed)
{
    auto *it = cell(text);
    if (removed) {
        QFont f = it->font();
        f.setBold(true);
        it->setFont(f);
    }
    return it;
}

} // namespace

PartitionTable::PartitionTable(QWidget *parent)
    : QTableWidget(parent)
{
    setColumnCount(ColumnCount);
    setHorizontalHeaderLabels(
        {tr("Partition"), tr("From (UTC)"), tr("To (UTC)"), tr("Rows"), tr("Size"), tr("Purge")});
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    setObjectName(QStringLiteral("partitionTable"));
    setWordWrap(true);
    // The stretched last column gets its width only once laid out: wrap its rows again then.
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, &PartitionTable::fitRows);
}

QString PartitionTable::actionText(const PartitionInfo &p, int quarantineDays)
{
    if (p.isDefault)
        return Display::statusSymbol(Display::Status::Info) + u' ' + tr("DEFAULT: never removed");
    if (p.detachedNotDropped)
        return Display::statusSymbol(Display::Status::Warning) + u' ' +
               tr("Detached, not dropped: %1. The purge drops it.").arg(p.reason);
    if (p.removable && !p.dependents.isEmpty())
        return Display::statusSymbol(Display::Status::Warning) + u' ' +
               tr("Removable, but DROP TABLE is refused while these depend on it: %1")
                   .arg(p.dependents.join(QStringLiteral(", ")));
    if (p.removable && quarantineDays > 0)
        return Display::statusSymbol(Display::Status::Ok) + u' ' + tr("Removable (detach, then quarantine)");
    if (p.removable)
        return Display::statusSymbol(Display::Status::Ok) + u' ' + tr("Removable (detach and drop)");
    return tr("Kept (inside retention)");
}

QString PartitionTable::quarantineText(const QuarantinedPartition &q)
{
    if (!q.present)
        return Display::statusSymbol(Display::Status::Warning) + u' ' +
               tr("Recorded in quarantine, but its table is gone or was replaced: never dropped");
    if (q.due)
        return Display::statusSymbol(Display::Status::Ok) + u' ' +
               tr("Quarantine ended %1: this purge drops it").arg(RunFormat::utc(q.dropAfterUtc));
    return Display::statusSymbol(Display::Status::Info) + u' ' +
           tr("In quarantine until %1 (partition-restore attaches it again)")
               .arg(RunFormat::utc(q.dropAfterUtc));
}

void PartitionTable::setQuarantineRow(int r, const QuarantinedPartition &q)
{
    auto *name = cell(q.name);
    name->setToolTip(tr("Was %1 (%2), in quarantine since %3")
                         .arg(q.originalName, q.bound, RunFormat::utc(q.quarantinedAtUtc)));
    setItem(r, NameColumn, name);
    setItem(r, FromColumn, cell(RunFormat::utc(q.lowerBound, tr("MINVALUE"))));
    setItem(r, ToColumn, cell(RunFormat::utc(q.upperBound, tr("MAXVALUE"))));
    auto *rows = cell(Display::number(q.rows), true);
    rows->setToolTip(tr("Rows when it was moved to quarantine"));
    setItem(r, RowsColumn, rows);
    setItem(r, BytesColumn, cell(Display::bytes(q.bytes), true));
    setItem(r, ActionColumn, actionCell(quarantineText(q), q.due && q.present));
}

void PartitionTable::setPartitions(const QList<PartitionInfo> &partitions,
                                   const QList<LeftAloneTable> &leftAlone,
                                   const QList<QuarantinedPartition> &quarantine, int quarantineDays)
{
    const int total = int(partitions.size() + leftAlone.size() + quarantine.size());
    setRowCount(total);
    for (int r = 0; r < partitions.size(); ++r) {
        const PartitionInfo &p = partitions.at(r);
        auto *name = cell(p.name);
        name->setToolTip(p.bound);
        setItem(r, NameColumn, name);
        setItem(r, FromColumn,
                cell(p.isDefault ? tr("DEFAULT") : RunFormat::utc(p.lowerBound, tr("MINVALUE"))));
        setItem(r, ToColumn,
                cell(p.isDefault ? tr("DEFAULT") : RunFormat::utc(p.upperBound, tr("MAXVALUE"))));
        auto *rows = cell(Display::number(p.rows, !p.rowsExact && p.rows >= 0), true);
        if (!p.rowsExact)
            rows->setToolTip(tr("Estimate from the catalog"));
        setItem(r, RowsColumn, rows);
        setItem(r, BytesColumn, cell(Display::bytes(p.bytes), true));
        setItem(r, ActionColumn, actionCell(actionText(p, quarantineDays), p.removable && !p.isDefault));
    }
    for (int i = 0; i < leftAlone.size(); ++i) {
        const int r = int(partitions.size()) + i;
        for (int c = 0; c < ColumnCount; ++c)
            setItem(r, c, cell(QString()));
        setItem(r, NameColumn, cell(leftAlone.at(i).name));
        setItem(r, ActionColumn,
                cell(Display::statusSymbol(Display::Status::Info) + u' ' +
                     tr("Left alone, never dropped: %1").arg(leftAlone.at(i).reason)));
    }
    for (int i = 0; i < quarantine.size(); ++i)
        setQuarantineRow(int(partitions.size() + leftAlone.size()) + i, quarantine.at(i));
    resizeColumnsToContents();
    fitRows();
}

void PartitionTable::fitRows()
{
    resizeRowsToContents(); // the stretched Purge column wraps its text rather than cutting it
    // As tall as its rows (up to 14), so the page, not the table, scrolls.
    int rowsHeight = rowCount() == 0 ? verticalHeader()->defaultSectionSize() : 0;
    for (int r = 0; r < std::min(rowCount(), 14); ++r)
        rowsHeight += rowHeight(r);
    setFixedHeight(horizontalHeader()->sizeHint().height() + rowsHeight + 2 * frameWidth() + 2);
}

} // namespace purga
