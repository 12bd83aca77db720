#pragma once

// Internal to the rules' SQL (rulesql.cpp, leftoversql.cpp): the pieces both build statements from.
#include <QString>

namespace purga::detail {

// A text as an SQL string literal (standard_conforming_strings: only quotes are doubled).
QString sqlText(QString text);
// lo/hi of a range bound text "FOR VALUES FROM ('…') TO ('…')" (NULL for MINVALUE/MAXVALUE/DEFAULT).
QString boundsOf(const QString &boundExpr);
// Estimated rows, bytes, leaves and dependants of the tree of c.oid: columns 6-9 of the partition
// queries, ending in a newline (no comma).
QString partitionSizeColumns();

} // namespace purga::detail
