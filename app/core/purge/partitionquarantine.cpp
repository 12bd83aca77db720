// The session log's quarantine in the partition purge (partitionquarantine.h): a partition moved
// to schema identidad_cuarentena instead of dropped, and the ones whose days are over dropped.
#include "partitionquarantine.h"

#include "core/rules/quarantinesql.h"
#include "core/util/textformat.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga::detail {

PartitionQuarantine::PartitionQuarantine(RuleRun &run, PurgeContext &ctx, const RulePreview &preview,
                                         PartitionDdl &ddl)
    : m_run(run)
    , m_ctx(ctx)
    , m_preview(preview)
    , m_ddl(ddl)
{
}

bool PartitionQuarantine::active() const
{
    return m_preview.config.quarantineDays > 0 && !m_ctx.options.detachOnly;
}

bool PartitionQuarantine::ready(QString *why)
{
    QSqlQuery q(m_ctx.conn.database());
    if (!q.exec(QuarantineSql::readySql()) || !q.next()) {
        *why = q.lastError().databaseText();
        return false;
    }
    const QString setup = QCoreApplication::translate(
        "purga::detail", "quarantine is set to %1 days, but %2; nothing was detached (run setup-history, "
                         "or set the quarantine to 0 for the ADR's DETACH and DROP)");
    const int days = m_preview.config.quarantineDays;
    if (!q.value(0).toBool())
        *why = setup.arg(days).arg(QCoreApplication::translate("purga::detail", "schema %1 does not exist")
                                       .arg(QuarantineSql::schema()));
    else if (!q.value(1).toBool())
        *why = setup.arg(days).arg(QCoreApplication::translate("purga::detail", "table %1 does not exist")
                                       .arg(QuarantineSql::table()));
    else if (!q.value(2).toBool())
        *why = setup.arg(days).arg(
            QCoreApplication::translate("purga::detail", "this role may not create tables in schema %1")
                .arg(QuarantineSql::schema()));
    else
        return true;
    return false;
}

bool PartitionQuarantine::moveInTransaction(const PartitionInfo &part, qint64 rows, DdlOutcome *failed)
{
    const int days = m_preview.config.quarantineDays;
    QSqlQuery rec(m_ctx.conn.database());
    if (!m_ddl.step(QuarantineSql::recordSql(part.name, part.bound, part.lowerBound, part.upperBound,
                                             qMax<qint64>(0, rows), m_ctx.runId, days),
                    failed, &rec))
        return false;
    if (!rec.next()) { // the name no longer resolves: the DROP would have failed too
        failed->failure = DbFailure::Kind::Other;
        failed->error = QCoreApplication::translate("purga::detail", "%1 no longer exists").arg(part.name);
        return false;
    }
    m_pending = QuarantineEntry{rec.value(0).toString(),
                                part.qualifiedName.isEmpty() ? part.name : part.qualifiedName,
                                qMax<qint64>(0, rows), rec.value(1).toString()};
    return m_ddl.step(QuarantineSql::moveSql(part.name), failed) &&
           m_ddl.step(
               Rules::commentSql(m_pending.name, QuarantineSql::markerText(m_pending.originalName, part.bound,
                                                                           m_pending.dropAfterUtc)),
               failed);
}

QString PartitionQuarantine::recordMoved()
{
    m_run.receipt().quarantinedPartitions << m_pending;
    return QCoreApplication::translate("purga::detail",
                                       "%1 detached and moved to quarantine as %2 (%3 rows) until %4.")
        .arg(m_pending.originalName, m_pending.name, formatCount(m_pending.rows), m_pending.dropAfterUtc);
}

// One due entry: its row locked (gone when restored or dropped meanwhile), its table locked and
// checked to still be the one recorded, then dropped and the entry marked, in one transaction.
PartitionQuarantine::DueOutcome PartitionQuarantine::dropOne(const QuarantinedPartition &q, QString *message)
{
    QString skipped;
    const DdlOutcome o = m_ddl.transaction([&](DdlOutcome *failed) {
        skipped.clear();
        QSqlQuery row(m_ctx.conn.database());
        if (!m_ddl.step(QuarantineSql::lockDueSql(q.id, Rules::cutoffLiteral(m_preview.frozenNowUtc)), failed,
                        &row))
            return false;
        if (!row.next()) {
            skipped = QCoreApplication::translate("purga::detail", "restored or dropped since the preview");
            return false;
        }
        if (!row.value(1).toBool()) {
            skipped = QCoreApplication::translate("purga::detail",
                                                  "no longer the table put in quarantine (same name, other "
                                                  "table, or gone)");
            return false;
        }
        return m_ddl.step(QStringLiteral("LOCK TABLE %1 IN ACCESS EXCLUSIVE MODE").arg(q.name), failed) &&
               m_ddl.step(Rules::dropPartitionSql(q.name), failed) &&
               m_ddl.step(QuarantineSql::markDroppedSql(q.id, m_ctx.runId), failed);
    });
    if (!skipped.isEmpty()) {
        m_run.report(RuleStatus::Running,
                     QCoreApplication::translate("purga::detail", "%1 (in quarantine) left alone: %2.")
                         .arg(q.name, skipped));
        return DueOutcome::Skipped;
    }
    if (!o.ok) {
        *message = QCoreApplication::translate(
                       "purga::detail", "%1 is in quarantine past its days but could not be dropped: %2")
                       .arg(q.name, o.reason());
        return DueOutcome::Stop;
    }
    m_run.receipt().quarantineDropped << QuarantineEntry{q.name, q.originalName, q.rows, q.dropAfterUtc};
    m_run.report(RuleStatus::Running,
                 QCoreApplication::translate("purga::detail",
                                             "%1 (was %2, %3 rows) was in quarantine until %4: dropped.")
                     .arg(q.name, q.originalName, formatCount(q.rows), q.dropAfterUtc));
    return DueOutcome::Dropped;
}

bool PartitionQuarantine::dropDue(RuleStatus *status, QString *message)
{
    for (const QuarantinedPartition &q : m_preview.quarantine) {
        if (!q.due)
            continue;
        if (m_ctx.stopRequested()) {
            *status = RuleStatus::Cancelled;
            *message =
                QCoreApplication::translate("purga::detail", "Stopped before %1 as asked.").arg(q.name);
            return false;
        }
        if (!q.present) {
            m_run.report(
                RuleStatus::Running,
                QCoreApplication::translate(
                    "purga::detail", "%1 (in quarantine) is no longer the table put there: left alone.")
                    .arg(q.name));
            continue;
        }
        if (dropOne(q, message) == DueOutcome::Stop) {
            *status = m_ctx.canceller.isCancelled() ? RuleStatus::Cancelled : RuleStatus::Error;
            return false;
        }
    }
    return true;
}

} // namespace purga::detail
