#pragma once

#include "core/preview/preview.h"

#include <QTableWidget>

namespace purga {

// The partitions of log_sesiones with bounds from the catalog, rows, size and what the purge does
// with each: "✓ removable", "kept", or "DEFAULT: never removed" (text and symbol, never colour only).
class PartitionTable : public QTableWidget
{
    Q_OBJECT
public:
    enum Column { NameColumn, FromColumn, ToColumn, RowsColumn, BytesColumn, ActionColumn, ColumnCount };

    explicit PartitionTable(QWidget *parent = nullptr);

    // `leftAlone`: tables carrying the detach marker that are not the table it names, listed after
    // the partitions as never dropped.
    void setPartitions(const QList<PartitionInfo> &partitions, const QList<LeftAloneTable> &leftAlone = {});
    static QString actionText(const PartitionInfo &partition);
};

} // namespace purga
