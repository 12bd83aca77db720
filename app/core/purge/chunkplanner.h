#pragma once

// The purge's chunk-size planner, as pure functions (no database): how many heap blocks the next
// TID-range batch covers so that it removes about `batchSize` rows and, when the batch time is
// capped, takes about `timeCapMs`.

#include <QtGlobal>

namespace purga {

struct ChunkPlan
{
    double density = 1.0;     // removable rows per block, smoothed over the batches so far
    double msPerBlock = 0.02; // batch time per block, smoothed
    qint64 chunk = 1;         // blocks the next batch covers
    double peak = 0;          // the highest density of a finished range (at first, the preview's)
    // The next batch reads its range with the LIMIT form (Rules::deleteBatchSql) instead of the
    // single pass (Rules::deleteRangeSql): a range of one block held more than the batch size, or a
    // range grown over an empty stretch could hold more than twice the batch size at the peak
    // density (a single pass that overshoots is rolled back, but it has touched those rows).
    bool bounded = false;
};

struct ChunkLimits
{
    int batchSize = 5000;   // rows a batch aims at
    double timeCapMs = 250; // time a batch aims at
};

// The first chunk, once the table's size is known: the preview's density over the whole table,
// aimed at 90 % of the batch size like the next ones, never more blocks than the table has.
ChunkPlan firstChunk(qint64 eligibleRows, qint64 tableBlocks, const ChunkLimits &limits);

// The chunk after a batch over `spanBlocks` blocks that took `batchMs`. `rangeDone`: the batch
// removed fewer rows than its LIMIT, so it read its whole range, and `rows` are all the rows removed
// from that range (by this batch and by the full ones before it that read the same range). A full
// batch stopped somewhere inside its range: its rows over the span are only a lower bound of the
// density, which then never falls. Aims at 90 % of the batch size by the density seen, so that a
// range is rarely cut by the LIMIT and read twice (aiming at 100 % cut every range in two on the
// benchmark data: each block was read twice), and at the time cap by the speed seen; never more
// than doubles nor less than halves from one batch to the next.
ChunkPlan nextChunk(const ChunkPlan &previous, qint64 rows, qint64 spanBlocks, double batchMs,
                    const ChunkLimits &limits, bool rangeDone = true);

// After a single-pass batch over `spanBlocks` blocks removed `rows`, more than the batch size, and
// was rolled back: the plan to read the same range again. The density seen is exact for those
// blocks; the new chunk aims at 90 % of the batch size by it and is always smaller than the span,
// so the range shrinks at every overshoot until it is one block, which is then read `bounded`.
ChunkPlan overshotChunk(const ChunkPlan &previous, qint64 rows, qint64 spanBlocks, const ChunkLimits &limits);

// The wait before retry number `attempt` (1, 2, ...) after a lock timeout: 400 ms doubling, at most 5 s.
int retryBackoffMs(int attempt);

} // namespace purga
