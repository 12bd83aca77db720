#pragma once

// --strategy keyset: a row rule's batches in (empresa_id, id) order (Rules::deleteKeysetBatchSql),
// the order a table distributed by empresa_id can walk shard by shard (docs/distributed.md). Each
// batch reads a span of the next keys after where the last one stopped, sized in keys by the same
// chunk planner as the TID ranges, and deletes at most its LIMIT removable rows of it. The span
// walks an index whose leading columns are (empresa_id, id); without one every batch scans and sorts
// the table, and the run says so once per rule with the statement that creates it.

#include "batchstrategy.h"
#include "chunkplanner.h"

#include "core/preview/preview.h"

namespace purga {

class PgConnection;

// Whether `table` has a valid, non-partial btree index whose first two key columns are
// (empresa_id, id) in one direction: true/false in *has; false with *error when the catalog could
// not be read.
bool hasKeysetIndex(PgConnection &conn, const QString &table, bool *has, QString *error);
// The statement that gives `table` that index without blocking its writers.
QString keysetIndexStatement(const QString &table);
// "<table>: no index on (empresa_id, id) …; to walk one: CREATE INDEX …" (translated).
QString keysetUnindexedText(const QString &table);

namespace detail {

class KeysetStrategy : public BatchStrategy
{
public:
    explicit KeysetStrategy(const RulePreview &preview);

    BatchStrategyKind kind() const override { return BatchStrategyKind::Keyset; }
    QString templateSql() const override { return m_sql; }
    bool prepare(QSqlQuery &q, PurgeContext &ctx, int limit) override;
    QString batchSql() const override;
    qint64 removed(const StatementResult &result) override;
    void advance(qint64 removed, double ms) override;
    bool hasMore() const override { return m_more; }
    void report(RuleReceipt *r) const override;

private:
    // What the batch in flight reported (its result row), applied once it committed.
    struct Step
    {
        qint64 picked = 0, spanned = 0, consumed = 0;
        bool stopped = false; // false: an empty span, nothing after the position
        qint64 empresaId = 0, id = 0;
    };

    const RulePreview &m_preview;
    QString m_sql;      // the template, as the receipt shows it
    QString m_template; // with the preview's key range filled in
    ChunkLimits m_limits;
    ChunkPlan m_plan;
    bool m_prepared = false;
    bool m_unindexed = false;
    bool m_more = true;
    qint64 m_empresaId, m_id; // the position: the next span starts after this key
    qint64 m_keysRead = 0;
    Step m_step;
};

} // namespace detail

} // namespace purga
