#include "chunkplanner.h"

#include <QtMath>

namespace purga {

namespace {

constexpr double kMinDensity = 0.01; // rows per block assumed at the least (empty stretches)
constexpr double kMinMsPerBlock = 1e-4;
constexpr double kAim = 0.9;           // of the batch size, per range
constexpr double kSinglePassCap = 2.0; // of the batch size, at the peak density, for a single pass

bool beyondSinglePass(const ChunkPlan &p, const ChunkLimits &limits)
{
    return double(p.chunk) * p.peak > kSinglePassCap * qMax(1, limits.batchSize);
}

} // namespace

ChunkPlan firstChunk(qint64 eligibleRows, qint64 tableBlocks, const ChunkLimits &limits)
{
    ChunkPlan p;
    const qint64 blocks = qMax<qint64>(1, tableBlocks);
    p.density = double(qMax<qint64>(0, eligibleRows)) / double(blocks);
    p.chunk = qBound<qint64>(1, qint64(kAim * limits.batchSize / qMax(p.density, kMinDensity)), blocks);
    p.peak = p.density;
    p.bounded = beyondSinglePass(p, limits);
    return p;
}

ChunkPlan nextChunk(const ChunkPlan &previous, qint64 rows, qint64 spanBlocks, double batchMs,
                    const ChunkLimits &limits, bool rangeDone)
{
    ChunkPlan p = previous;
    const double span = double(qMax<qint64>(1, spanBlocks));
    const double seen = double(qMax<qint64>(0, rows)) / span;
    p.density = rangeDone ? 0.5 * previous.density + 0.5 * seen : qMax(previous.density, seen);
    if (rangeDone)
        p.peak = qMax(previous.peak, seen);
    p.msPerBlock = 0.5 * previous.msPerBlock + 0.5 * (qMax(0.0, batchMs) / span);
    const qint64 byRows = qint64(kAim * limits.batchSize / qMax(p.density, kMinDensity));
    const double timeCap = limits.timeCapMs > 0 ? limits.timeCapMs : 250.0;
    const qint64 byTime = qint64(timeCap / qMax(p.msPerBlock, kMinMsPerBlock));
    const qint64 lower = qMax<qint64>(1, previous.chunk / 2);
    const qint64 upper = qMax<qint64>(lower, previous.chunk * 2);
    p.chunk = qBound(lower, qMax<qint64>(1, qMin(byRows, byTime)), upper);
    // A full bounded batch leaves its range to be read again with the LIMIT; after a finished range
    // the next one is read in a single pass unless it is large for the peak density.
    p.bounded = (previous.bounded && !rangeDone) || beyondSinglePass(p, limits);
    return p;
}

ChunkPlan overshotChunk(const ChunkPlan &previous, qint64 rows, qint64 spanBlocks, const ChunkLimits &limits)
{
    ChunkPlan p = previous;
    const qint64 span = qMax<qint64>(1, spanBlocks);
    if (span == 1) {
        p.chunk = 1;
        p.bounded = true;
        return p;
    }
    p.density = qMax(previous.density, double(qMax<qint64>(0, rows)) / double(span));
    p.peak = qMax(previous.peak, p.density);
    const qint64 byRows = qint64(kAim * qMax(1, limits.batchSize) / qMax(p.density, kMinDensity));
    p.chunk = qBound<qint64>(1, byRows, span - 1);
    p.bounded = beyondSinglePass(p, limits);
    return p;
}

int retryBackoffMs(int attempt)
{
    return qMin(5000, 200 << qBound(1, attempt, 5));
}

} // namespace purga
