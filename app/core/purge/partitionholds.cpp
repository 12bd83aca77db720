// Held rows of a partition about to be dropped, copied to the holds' table first (partitionholds.h).
#include "partitionholds.h"

#include "core/rules/holdsql.h"

#include <QCoreApplication>
#include <QSqlQuery>

namespace purga::detail {

bool copyHeldRows(PurgeContext &ctx, PartitionDdl &ddl, const QString &partition, DdlOutcome *failed,
                  qint64 *copied)
{
    *copied = 0;
    if (!HoldSql::installed())
        return true;
    QSqlQuery q(ctx.conn.database());
    if (!ddl.step(HoldSql::copyHeldRowsSql(partition), failed, &q)) {
        failed->error = QCoreApplication::translate("purga::detail",
                                                    "its rows under a legal hold could not be copied to %1 "
                                                    "first: %2")
                            .arg(HoldSql::copiesTable(), failed->reason());
        if (failed->failure == DbFailure::Kind::ConnectionLost ||
            failed->failure == DbFailure::Kind::Cancelled || failed->failure == DbFailure::Kind::LockTimeout)
            return false;
        failed->failure = DbFailure::Kind::Other;
        return false;
    }
    *copied = qMax(0, q.numRowsAffected());
    return true;
}

void noteHeldCopied(PurgeContext &ctx, const QString &partition, qint64 copied)
{
    if (copied <= 0)
        return;
    ctx.log(QCoreApplication::translate("purga::detail",
                                        "%1: %2 rows under a legal hold were copied to %3 before the DROP.")
                .arg(partition)
                .arg(copied)
                .arg(HoldSql::copiesTable()));
}

} // namespace purga::detail
