// The --target-batch-ms controller (batchsizer.h): pure arithmetic, table-tested in
// tests/core/purge/tst_batchsizer.cpp.
#include "batchsizer.h"

#include <QtMath>

namespace purga {

namespace {

int bounded(qint64 rows, const BatchSizing &s)
{
    const int hard = qMax(1, s.hardBound);
    const int floor = qBound(1, s.minRows, hard);
    return int(qBound(qint64(floor), rows, qint64(hard)));
}

} // namespace

int firstBatchSize(const BatchSizing &s)
{
    if (s.targetMs <= 0)
        return qMax(1, s.hardBound);
    return bounded(qMin(1000, s.hardBound), s);
}

int nextBatchSize(int current, qint64 rows, double ms, const BatchSizing &s)
{
    if (s.targetMs <= 0)
        return qMax(1, s.hardBound);
    current = bounded(current, s);
    if (rows <= 0 || ms <= 0)
        return current;
    const double ratio = double(s.targetMs) / ms;
    if (qAbs(ratio - 1.0) <= s.deadband)
        return current;
    // Rows the target would hold at the time per row just seen. A fast batch grows halfway there
    // (at most doubling), a slow one shrinks all the way (at most to a quarter); a fast batch never
    // shrinks the size (it removed fewer rows than its LIMIT: the end of a range), a slow one never
    // grows it.
    const double ideal = double(s.targetMs) * double(rows) / ms;
    const double next = ratio > 1.0 ? qBound(double(current), 0.5 * (double(current) + ideal), 2.0 * current)
                                    : qBound(double(current) / 4.0, ideal, double(current));
    return bounded(qint64(qRound64(next)), s);
}

} // namespace purga
