#pragma once

// The row purge's batch strategy (docs/distributed.md, section 6): which rows the next batch reads
// and may delete, what it removed, where the one after starts and whether anything is left. The
// row purge (rowpurge.cpp) keeps everything else: the transaction and its timeouts, the pooler's
// lock check, the batch size and its controller, the breaker, cancel, pacing, retries and the
// receipt. Two strategies: TID ranges (tidrangestrategy.h, the default) and a keyset by
// (empresa_id, id) (keysetstrategy.h), the shape a distributed backend needs.

#include "chunkplanner.h"
#include "core/pg/pgrequest.h"

#include <QString>

#include <memory>

class QSqlQuery;

namespace purga {

struct RuleConfig;
struct RulePreview;
struct RuleReceipt;

// --strategy tid|keyset; the receipt's batch_strategy.
enum class BatchStrategyKind { TidRange, Keyset };

QString toId(BatchStrategyKind kind); // tid | keyset
// False for any other word.
bool fromId(const QString &id, BatchStrategyKind *kind);

namespace detail {

struct PurgeContext;

class BatchStrategy
{
public:
    virtual ~BatchStrategy() = default;
    virtual BatchStrategyKind kind() const = 0;
    // The rule's batch template, with the placeholders each batch fills (the receipt's "sql").
    virtual QString templateSql() const = 0;
    // Inside each batch's transaction, before its statement, with the batch's LIMIT: the first
    // call also reads what the strategy needs of the table (its size, its index), under the batch's
    // lock_timeout. False when a query on `q` failed (q holds the failure; the batch is retried or
    // the rule stops like after a failed batch).
    virtual bool prepare(QSqlQuery &q, PurgeContext &ctx, int limit) = 0;
    // The statement of the batch prepare() was called for: deletes at most its LIMIT rows.
    virtual QString batchSql() const = 0;
    // After the statement ran (its result), before the commit: the rows it removed. -1 when its
    // result could not be read (treated as a failed batch).
    virtual qint64 removed(const StatementResult &result) = 0;
    // After removed(), before the commit: true when the batch removed more than its LIMIT (a single
    // pass over a range holds no LIMIT of its own). The row purge then rolls it back and runs the
    // next batch prepare() plans: the same range, smaller or with a LIMIT.
    virtual bool overshot(qint64 removed, int limit)
    {
        Q_UNUSED(removed);
        Q_UNUSED(limit);
        return false;
    }
    // After the batch committed (`removed` rows in `ms`): the next batch starts after it.
    virtual void advance(qint64 removed, double ms) = 0;
    // Whether the table has a part no batch has read yet (true before the first batch).
    virtual bool hasMore() const = 0;
    // What the batches read so far, into the rule's receipt.
    virtual void report(RuleReceipt *r) const = 0;
};

// What every strategy starts from: its template with the preview's key range in place of
// %KEY_MIN%/%KEY_MAX%, and the chunk planner's limits from the rule's batch size and target time.
QString withKeyRange(QString templateSql, const RulePreview &preview);
ChunkLimits chunkLimitsOf(const RuleConfig &config);

// The strategy `kind` over the confirmed preview of one row rule.
std::unique_ptr<BatchStrategy> makeBatchStrategy(BatchStrategyKind kind, const RulePreview &preview);

} // namespace detail

} // namespace purga
