#pragma once

#include <QString>

namespace purga {

// Tooltips of the numbers on the Overview cards and the Preview: what the number is, in the rule's
// own terms (its SQL idea), and how it was measured (exact count with the rule's SQL, or an
// estimate from the catalog or the statistics collector).
namespace NumberTips {

// `key` as TableCard's rows ("total", "revoked", "expired", "partitions", "removable", "kept",
// "tableSize", "indexSize", "deadTuples", "lastVacuum", ...). `exact`: the counts came from the
// rule's SQL; `pending`: the exact count is still running.
QString overview(const QString &ruleId, const QString &key, bool exact, bool pending);

// `key` as the Preview's count rows ("total", "eligible", "retained", "retainedByWindow",
// "adrInWindow"). The Preview's counts are always exact, at the frozen cutoff.
QString preview(const QString &ruleId, const QString &key);

} // namespace NumberTips

} // namespace purga
