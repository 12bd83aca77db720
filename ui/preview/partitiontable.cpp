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
}

QString PartitionTable::actionText(const PartitionInfo &p)
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
    if (p.removable)
        return Display::statusSymbol(Display::Status::Ok) + u' ' + tr("Removable (detach and drop)");
    return tr("Kept (inside retention)");
}

void PartitionTable::setPartitions(const QList<PartitionInfo> &partitions,
                                   const QList<LeftAloneTable> &leftAlone)
{
    setRowCount(int(partitions.size() + leftAlone.size()));
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
        auto *action = cell(actionText(p));
        if (p.removable && !p.isDefault) {
            QFont f = action->font();
            f.setBold(true);
            action->setFont(f);
        }
        setItem(r, ActionColumn, action);
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
    resizeColumnsToContents();
    // As tall as its rows (up to 14), so the page, not the table, scrolls.
    const int rowsShown = std::clamp(int(partitions.size() + leftAlone.size()), 1, 14);
    setFixedHeight(horizontalHeader()->sizeHint().height() +
                   rowsShown * verticalHeader()->defaultSectionSize() + 2 * frameWidth() + 2);
}

} // namespace purga
