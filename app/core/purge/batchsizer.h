#pragma once

// The --target-batch-ms controller, as pure functions (no database): the batch size (the DELETE's
// LIMIT) adapts, batch by batch, so that each batch takes about the target time, never above the
// hard bound the DBA set (--batch-size / the rule's batch size). gh-ost's idea of a copy that
// sizes its chunks for the service rather than for speed: the lever docs/benchmarks.md found for
// the writer's latency is the WAL each batch writes, and a time target bounds it without guessing
// a row count.

#include <QtGlobal>

namespace purga {

struct BatchSizing
{
    int targetMs = 0;      // 0: off, every batch is the hard bound
    int hardBound = 5000;  // rows; a batch never exceeds it
    int minRows = 100;     // a batch never goes below it (nor below the hard bound's own value)
    double deadband = 0.1; // within ±10 % of the target the size stays as it is
};

// The size of the first batch: the hard bound without a target; with one, at most 1,000 rows
// (what one durable commit of a small batch costs is unknown until it ran), within the bounds.
int firstBatchSize(const BatchSizing &s);

// The size after a batch whose LIMIT was `current`, that removed `rows` rows in `ms` (commit
// included). Without a target: the hard bound. A batch that removed nothing (an empty stretch of
// the table) or took no measurable time says nothing about the time per row: the size stays. Else
// the size aims at targetMs / (ms per row): a batch faster than the target grows it halfway there
// (at most doubling, never shrinking), a slower one shrinks it all the way (at most to a quarter,
// never growing), so a slow batch is corrected faster than a fast one grows; always inside
// [minRows, hardBound].
int nextBatchSize(int current, qint64 rows, double ms, const BatchSizing &s);

} // namespace purga
