#include "chunkplanner.h"

#include <QtMath>

namespace purga {

namespace {

constexpr double kMinDensity = 0.01; // rows per block assumed at the least (empty stretches)
constexpr double kMinMsPerBlock = 1e-4;
constexpr double kAim = 0.9; // of the batch size, per range

} // namespace

ChunkPlan firstChunk(qint64 eligibleRows, qint64 tableBlocks, const ChunkLimits &limits)
{
    ChunkPlan p;
    const qint64 blocks = qMax<qint64>(1, tableBlocks);
    p.density = double(qMax<qint64>(0, eligibleRows)) / double(blocks);
    p.chunk = qBound<qint64>(1, qint64(kAim * limits.batchSize / qMax(p.density, kMinDensity)), blocks);
    return p;
}

ChunkPlan nextChunk(const ChunkPlan &previous, qint64 rows, qint64 spanBlocks, double batchMs,
                    const ChunkLimits &limits, bool rangeDone)
{
    ChunkPlan p = previous;
    const double span = double(qMax<qint64>(1, spanBlocks));
    const double seen = double(qMax<qint64>(0, rows)) / span;
    p.density = rangeDone ? 0.5 * previous.density + 0.5 * seen : qMax(previous.density, seen);
    p.msPerBlock = 0.5 * previous.msPerBlock + 0.5 * (qMax(0.0, batchMs) / span);
    const qint64 byRows = qint64(kAim * limits.batchSize / qMax(p.density, kMinDensity));
    const double timeCap = limits.timeCapMs > 0 ? limits.timeCapMs : 250.0;
    const qint64 byTime = qint64(timeCap / qMax(p.msPerBlock, kMinMsPerBlock));
    const qint64 lower = qMax<qint64>(1, previous.chunk / 2);
    const qint64 upper = qMax<qint64>(lower, previous.chunk * 2);
    p.chunk = qBound(lower, qMax<qint64>(1, qMin(byRows, byTime)), upper);
    return p;
}

int retryBackoffMs(int attempt)
{
    return qMin(5000, 200 << qBound(1, attempt, 5));
}

} // namespace purga
