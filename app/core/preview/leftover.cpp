// Left-over partitions and marked tables left alone: the words of why, from the catalog rows of
// Rules::leftoverPartitionsSql(), leftAloneSql() and leftoverCheckSql().
#include "leftover.h"

#include <QCoreApplication>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

QString leftoverReason(const PartitionInfo &p, const QString &marker)
{
    const QString run = marker.section(QStringLiteral("(run "), 1).section(u')', 0, 0);
    QString reason = QCoreApplication::translate(
                         "purga", "detached by run %1 and not dropped (the run ended before its DROP TABLE)")
                         .arg(run);
    const QLatin1String tag("\nnot dropped: ");
    const qsizetype at = marker.indexOf(tag);
    if (at >= 0)
        reason = QCoreApplication::translate("purga", "detached by run %1 and not dropped: %2")
                     .arg(run, marker.mid(at + tag.size()));
    if (!p.dependents.isEmpty())
        reason += QStringLiteral("; ") +
                  QCoreApplication::translate("purga", "DROP TABLE is refused while these depend on it: %1")
                      .arg(p.dependents.join(QStringLiteral(", ")));
    return reason;
}

LeftAloneTable leftAloneFromRow(const QSqlQuery &row, int first)
{
    LeftAloneTable t;
    t.name = row.value(first).toString();
    const qint64 oid = row.value(first + 1).toLongLong();
    const QString qualified = row.value(first + 2).toString();
    const bool hasIdentity = row.value(first + 3).toBool();
    const qint64 markerOid = row.value(first + 4).toLongLong();
    const QString markerTable = row.value(first + 5).toString();
    const QString runId = row.value(first + 6).toString();
    const bool boundsRead = row.value(first + 7).toBool();
    QString why;
    if (!boundsRead)
        why = QCoreApplication::translate(
                  "purga", "it carries this app's detach marker (run %1) but its bounds cannot be read")
                  .arg(runId);
    else if (!hasIdentity)
        why = QCoreApplication::translate(
                  "purga",
                  "it carries an older detach marker (run %1) without the table's identity, and it is not "
                  "identidad.log_sesiones_YYYY_MM with bounds of one month")
                  .arg(runId);
    else if (markerOid != oid)
        why = QCoreApplication::translate(
                  "purga",
                  "its detach marker (run %1) was written for another table (oid %2, %3): a copied marker")
                  .arg(runId, QString::number(markerOid), markerTable);
    else
        why = QCoreApplication::translate("purga", "moved or renamed to %1 since run %2 detached it as %3")
                  .arg(qualified, runId, markerTable);
    t.reason = why + QStringLiteral("; ") +
               QCoreApplication::translate(
                   "purga",
                   "never dropped by this app. Drop it by hand if it is not needed, or run COMMENT ON TABLE "
                   "%1 IS NULL to stop this notice")
                   .arg(t.name);
    return t;
}

QString leftoverMismatch(const PartitionInfo &part, const QSqlQuery &row, bool markerNeeded)
{
    if (row.value(0).isNull())
        return QCoreApplication::translate(
                   "purga", "no table is named %1 any more (renamed, moved or dropped since the preview)")
            .arg(part.name);
    const qint64 oid = row.value(0).toLongLong();
    if (part.oid != 0 && oid != part.oid)
        return QCoreApplication::translate(
                   "purga", "the table now named %1 is not the one the preview listed (oid %2, not %3)")
            .arg(part.name, QString::number(oid), QString::number(part.oid));
    if (!markerNeeded)
        return QString();
    if (row.value(1).isNull()) {
        if (!row.value(4).isNull())
            return leftAloneFromRow(row, 4).reason;
        return QCoreApplication::translate(
            "purga", "it no longer carries this app's detach marker (re-attached, or its comment changed)");
    }
    const QString bound = row.value(1).toString();
    if (bound != part.bound)
        return QCoreApplication::translate("purga",
                                           "its marker's bounds changed since the preview (%1, not %2)")
            .arg(bound, part.bound);
    return QString();
}

} // namespace purga
