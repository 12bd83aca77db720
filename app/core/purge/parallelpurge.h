#pragma once

// --parallel N: the row rules' batches on N connections at once. Each table is cut into disjoint
// TID ranges, N workers (a thread and a connection each) take ranges of every row rule from one
// queue, so both token tables are purged at the same time, and the run's own connection coordinates:
// it holds advisory lock 731001 for the whole run, and every worker's batch, inside its
// transaction and before its COMMIT, checks in pg_locks that the coordinator's backend still holds
// it (a killed coordinator stops every worker before its next commit). One breaker per rule is
// shared (a batch commits only when the rows of every batch committed or committing so far stay
// within the preview's count), one progress per rule, one receipt (with each worker's batches), and
// one cancel reaches every worker's statement in flight. The batch size stays a hard bound per batch.

#include "rulerun.h"

#include <QList>

namespace purga {

// Workers above this are refused as a usage error (the CLI's exit 2): no 2-core server gains from
// more, and each is a server backend.
constexpr int kMaxParallel = 32;

// Client connections the server has left for this role without superuser: max_connections less
// the client backends now and the reserved ones, or less when the database's or the role's
// CONNECTION LIMIT leaves fewer; -1 with *error when it could not be read.
int freeConnections(PgConnection &conn, QString *error);

// --parallel N with --strategy keyset: its workers take TID ranges, so keyset batches never run in
// parallel (the CLI's usage error, exit 2); in words, empty when the options do not mix them.
QString keysetParallelRefusal(const struct PurgeOptions &options);

// Why `options.parallel` workers cannot run on this server (keyset batches, above kMaxParallel, no
// way to open them, more than its free connections), in words; empty when they can (or parallel is 1).
QString parallelRefusal(PgConnection &conn, const struct PurgeOptions &options);

namespace detail {

// Runs the row rules `rules` (previews of the confirmed plan) on ctx.options.parallel workers,
// each opened with ctx.options.openConnection; ctx.conn holds the lock (ctx.lockPid) and keeps the
// history's totals (once a second and at the end). One receipt per rule, in the order given.
QList<RuleReceipt> purgeRowsParallel(PurgeContext &ctx, const QList<const RulePreview *> &rules);

} // namespace detail

} // namespace purga
