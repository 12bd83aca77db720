#pragma once

// Internal to the partition purge: a partition of log_sesiones with rows a legal hold matches is
// never dropped blind. Inside the DROP's transaction, with the partition locked, its held rows are
// copied to identidad.purga_retenciones_filas (with the partition's name and the hold) first; when
// that copy fails the transaction rolls back and the partition stays, with the reason.
#include "partitionddl.h"

namespace purga::detail {

// Copies the held rows of `partition` (nothing to do without the holds table); false, with
// `failed` saying why the partition stays, when the copy failed. *copied: the rows copied.
bool copyHeldRows(PurgeContext &ctx, PartitionDdl &ddl, const QString &partition, DdlOutcome *failed,
                  qint64 *copied);
// After the DROP committed: says in the run's log how many held rows were copied (none: nothing).
void noteHeldCopied(PurgeContext &ctx, const QString &partition, qint64 copied);

} // namespace purga::detail
