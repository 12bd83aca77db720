#pragma once

// --strategy tid (the default): a row rule's batches over TID ranges of its table
// (Rules::deleteBatchSql). Each batch reads only its own heap blocks, never the dead prefix the
// batches before it left; the chunk planner (chunkplanner.h) sizes the ranges so that a range holds
// about one batch of removable rows. A full batch leaves its range to be read again; the last range
// is open-ended, so it also covers blocks the table grew by during the run.

#include "batchstrategy.h"
#include "chunkplanner.h"

#include "core/preview/preview.h"

namespace purga::detail {

class TidRangeStrategy : public BatchStrategy
{
public:
    explicit TidRangeStrategy(const RulePreview &preview);

    BatchStrategyKind kind() const override { return BatchStrategyKind::TidRange; }
    QString templateSql() const override { return m_sql; }
    bool prepare(QSqlQuery &q, PurgeContext &ctx, int limit) override;
    QString batchSql() const override;
    qint64 removed(QSqlQuery &q) override;
    void advance(qint64 removed, double ms) override;
    bool hasMore() const override { return m_blocks < 0 || m_from < m_blocks; }
    void report(RuleReceipt *r) const override;

private:
    const RulePreview &m_preview;
    QString m_sql;      // the template, as the receipt shows it
    QString m_template; // with the preview's key range filled in
    ChunkLimits m_limits;
    ChunkPlan m_plan;
    qint64 m_blocks = -1; // read inside the first batch's transaction
    qint64 m_from = 0;
    qint64 m_to = 0;        // end of the range of the batch in flight
    qint64 m_rangeRows = 0; // removed from the range that starts at m_from, over its batches
    qint64 m_done = 0;      // blocks read by committed batches
};

} // namespace purga::detail
