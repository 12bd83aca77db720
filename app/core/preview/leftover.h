#pragma once

// Partitions this app detached and did not drop (left-overs), told apart from tables that merely
// carry its detach marker: why a left-over is still there, why a marked table is left alone, and
// whether a left-over about to be dropped still is exactly the table the preview listed.
#include "preview.h"

class QSqlQuery;

namespace purga {

// Why a partition this app detached is still a table, from its marker and its dependants.
QString leftoverReason(const PartitionInfo &p, const QString &marker);

// One row of Rules::leftAloneSql() whose columns start at `first` (0 there; 4 in
// Rules::leftoverCheckSql()): the table and why it is left alone, in words.
LeftAloneTable leftAloneFromRow(const QSqlQuery &row, int first);

// The row of Rules::leftoverCheckSql(part.name), read under the table's ACCESS EXCLUSIVE lock:
// empty when the name still resolves to the table the preview listed (same oid) and, when
// `markerNeeded` (a left-over found by its marker, not one this run just detached), it still is
// the left-over its marker names with the bounds the preview showed; otherwise why not, in words.
QString leftoverMismatch(const PartitionInfo &part, const QSqlQuery &checkRow, bool markerNeeded);

} // namespace purga
