#pragma once

#include "core/preview/preview.h"

#include <QTableWidget>

namespace purga {

// The partitions of log_sesiones with bounds from the catalog, rows, size and what the purge does
// with each: "✓ removable", "kept", or "DEFAULT: never removed" (text and symbol, never colour only);
// then the partitions in quarantine, each with the day it goes or why it stays.
class PartitionTable : public QTableWidget
{
    Q_OBJECT
public:
    enum Column { NameColumn, FromColumn, ToColumn, RowsColumn, BytesColumn, ActionColumn, ColumnCount };

    explicit PartitionTable(QWidget *parent = nullptr);

    // `leftAlone`: tables carrying the detach marker that are not the table it names, listed after
    // the partitions as never dropped; `quarantine` after them.
    void setPartitions(const QList<PartitionInfo> &partitions, const QList<LeftAloneTable> &leftAlone = {},
                       const QList<QuarantinedPartition> &quarantine = {}, int quarantineDays = 0);
    // `quarantineDays` > 0: removable partitions go to quarantine rather than being dropped.
    static QString actionText(const PartitionInfo &partition, int quarantineDays = 0);
    static QString quarantineText(const QuarantinedPartition &partition);

private:
    void fitRows();
    void setQuarantineRow(int row, const QuarantinedPartition &partition);
};

} // namespace purga
