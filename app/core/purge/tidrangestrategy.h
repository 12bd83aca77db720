#pragma once

// --strategy tid (the default): a row rule's batches over TID ranges of its table
// (Rules::deleteRangeSql). Each batch reads only its own heap blocks, never the dead prefix the
// batches before it left; the chunk planner (chunkplanner.h) sizes the ranges so that a range holds
// about 90 % of one batch of removable rows, and a batch deletes them all in a single pass. One that
// removed more than the batch size is rolled back and its range read again smaller, down to one
// block, which is read with a LIMIT (Rules::deleteBatchSql): a full batch there leaves its range to
// be read again. The last range is open-ended, so it also covers blocks the table grew by during
// the run.

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
    qint64 removed(const StatementResult &result) override;
    bool overshot(qint64 removed, int limit) override;
    void advance(qint64 removed, double ms) override;
    bool hasMore() const override { return m_blocks < 0 || m_from < m_blocks; }
    void report(RuleReceipt *r) const override;

    // The end block of a table's last range, the largest block number a TID can name: it also
    // covers the blocks the table grows by.
    static constexpr qint64 kOpenEnd = 4294967295LL;
    // A batch template with its %LIMIT%, %TID_FROM% and %TID_TO% filled in (the parallel workers'
    // ranges too).
    static QString rangeSql(const QString &templateSql, int limit, qint64 from, qint64 to);

private:
    const RulePreview &m_preview;
    QString m_sql;     // the template, as the receipt shows it
    QString m_single;  // Rules::deleteRangeSql with the preview's key range filled in
    QString m_bounded; // Rules::deleteBatchSql, likewise
    ChunkLimits m_limits;
    ChunkPlan m_plan;
    qint64 m_blocks = -1; // read inside the first batch's transaction
    qint64 m_from = 0;
    qint64 m_to = 0;        // end of the range of the batch in flight
    qint64 m_rangeRows = 0; // removed from the range that starts at m_from, over its batches
    qint64 m_done = 0;      // blocks read by committed batches
    int m_redone = 0;       // single passes rolled back for removing more than the batch size
};

} // namespace purga::detail
