#include "remainingplan.h"

#include "core/rules/rules.h"

namespace purga {

namespace {

void removePartitions(RulePreview &rule, const RuleReceipt &r)
{
    for (PartitionInfo &p : rule.partitions) {
        if (!r.droppedPartitions.contains(p.name) && !r.detachedPartitions.contains(p.name))
            continue;
        p.removable = false;
        // A left-over the run dropped is gone; one it detached and kept is no longer ours to drop.
        p.detachedNotDropped = false;
        p.detachPending = false;
    }
}

} // namespace

PreviewPlan remainingPlan(const PreviewPlan &plan, const PurgeReceipt &receipt)
{
    PreviewPlan left = plan;
    for (const RuleReceipt &r : receipt.rules) {
        if (r.status == RuleStatus::Skipped)
            continue;
        for (RulePreview &rule : left.rules) {
            if (rule.id != r.ruleId)
                continue;
            rule.eligible = qMax<qint64>(0, rule.eligible - r.deleted);
            if (Rules::isPartitionRule(rule.id))
                removePartitions(rule, r);
            else
                rule.total = qMax<qint64>(0, rule.total - r.deleted);
        }
    }
    return left;
}

qint64 rowsRemoved(const PurgeReceipt &receipt)
{
    qint64 n = 0;
    for (const RuleReceipt &r : receipt.rules)
        n += r.deleted;
    return n;
}

} // namespace purga
