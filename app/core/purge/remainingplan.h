#pragma once

// What a frozen preview still has to remove after a run of this app that ended part-way (stopped,
// cancelled, failed after some batches): the preview's counts less what that run removed. Every
// row a run removes is one the preview counted (the same predicate at the frozen cutoff, bounded by
// the preview's key range), so the difference is exact for this app's own deletions; only rows
// others changed since are left for the engine to find ("updated or removed by others").
#include "core/preview/preview.h"
#include "receipt.h"

namespace purga {

// `plan` less what `receipt` (a run of that plan) removed. Row rules: the removable rows and the
// table's rows less the rows deleted (so the next run plans, checks its breaker and records the
// table's rows after it from what is really left). The partition rule: the partitions dropped or
// detached are no longer removable, and their rows leave the count. Rules the run did not reach
// are unchanged.
PreviewPlan remainingPlan(const PreviewPlan &plan, const PurgeReceipt &receipt);

// Rows `receipt` removed, over all its rules.
qint64 rowsRemoved(const PurgeReceipt &receipt);

} // namespace purga
