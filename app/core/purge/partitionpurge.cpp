#include "core/preview/leftover.h"
#include "core/util/textformat.h"
#include "partitionddl.h"
#include "partitionquarantine.h"
#include "partitionholds.h"
#include "rulerun.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga::detail {

namespace {

// The partition rule: finishes interrupted detaches and drops partitions detached earlier but
// never dropped, then detaches and drops every partition the preview confirmed as removable that
// is still attached and removable. Each partition is marked (COMMENT ON TABLE, with its oid,
// schema.name and bounds) before its detach, so that one left behind as a plain table is found
// again by every later preview; a marked table that is no longer exactly that table (moved,
// renamed, a copied marker) is left alone and listed, never dropped: a DBA keeps a table that way.
class PartitionPurge
{
public:
    PartitionPurge(PurgeContext &ctx, const RulePreview &preview)
        : m_run(ctx, preview)
        , m_ctx(ctx)
        , m_preview(preview)
        , m_ddl(m_run, ctx, preview.config)
        , m_quarantine(m_run, ctx, preview, m_ddl)
    {
    }

    RuleReceipt run();

private:
    enum class Step { Done, Kept, Stop };

    Step finishPending();
    Step dropLeftovers();
    Step detachConcurrently(const PartitionInfo &part);
    Step detachAndDropInTransaction(const PartitionInfo &part);
    // Found: a left-over found by its marker (the marker must still name it); DetachedNow: one this run
    // just detached or finalized (the same oid as the preview's is enough).
    enum class Origin { DetachedNow, Found };
    Step dropDetached(const PartitionInfo &part, const QElapsedTimer &since,
                      Origin origin = Origin::DetachedNow);
    Step keep(const PartitionInfo &part, const QString &reason, bool detached);
    Step stop(RuleStatus status, const QString &message);
    void leaveAlone(const QString &name, const QString &reason);
    bool lockAndCheck(const PartitionInfo &part, Origin origin, DdlOutcome *failed, QString *alone,
                      qint64 *rows, qint64 *outside);
    QString marker(const PartitionInfo &part) const;
    void recordRemoved(const PartitionInfo &part, qint64 rows, const QElapsedTimer &since);
    // The last statement of a detached partition's transaction: its DROP, or its move to quarantine.
    bool dispose(const PartitionInfo &part, qint64 rows, DdlOutcome *failed);
    const PartitionInfo *confirmed(const QString &name) const;
    bool readCatalog(QStringList *removableNow, bool *hasDefault, QString *error);

    RuleRun m_run;
    PurgeContext &m_ctx;
    const RulePreview &m_preview;
    PartitionDdl m_ddl;
    PartitionQuarantine m_quarantine; // quarantine_days > 0: moved there instead of dropped
    RuleReceipt m_out;       // the final receipt once a step stopped the run
    QStringList m_leftAlone; // "name (why)": marked tables not dropped because they are not ours
};

const PartitionInfo *PartitionPurge::confirmed(const QString &name) const
{
    for (const PartitionInfo &part : m_preview.partitions)
        if (part.name == name && part.removable && !part.isDefault)
            return &part;
    return nullptr;
}

QString PartitionPurge::marker(const PartitionInfo &part) const
{
    return Rules::detachMarker(m_ctx.runId, {part.oid, part.qualifiedName}, part.bound,
                               m_ctx.options.detachOnly);
}

// A table carrying our marker that is not the one it names: said in the run's messages, never
// dropped, never re-marked. It does not fail the run (nothing of the rule's was kept by it).
void PartitionPurge::leaveAlone(const QString &name, const QString &reason)
{
    const QString line = QStringLiteral("%1 (%2)").arg(name, reason);
    if (m_leftAlone.contains(line))
        return;
    m_leftAlone << line;
    m_run.report(RuleStatus::Running,
                 QCoreApplication::translate("purga::detail", "Left alone: %1.").arg(line));
}

// Inside the DROP's transaction: the name must still resolve to the left-over the preview listed
// (checked before the lock, so that no other table is locked, and again under ACCESS EXCLUSIVE,
// so that nothing changes it before the DROP); then its rows, and those outside its bounds.
bool PartitionPurge::lockAndCheck(const PartitionInfo &part, Origin origin, DdlOutcome *failed,
                                  QString *alone, qint64 *rows, qint64 *outside)
{
    for (const bool locked : {false, true}) {
        if (locked &&
            !m_ddl.step(QStringLiteral("LOCK TABLE %1 IN ACCESS EXCLUSIVE MODE").arg(part.name), failed))
            return false;
        QSqlQuery check(m_ctx.conn.database());
        if (!m_ddl.step(Rules::leftoverCheckSql(part.name), failed, &check) || !check.next())
            return false;
        *alone = leftoverMismatch(part, check, origin == Origin::Found);
        if (!alone->isEmpty())
            return false;
        if (!locked)
            continue;
        QSqlQuery n(m_ctx.conn.database());
        const QString sql =
            QStringLiteral("SELECT count(*), count(*) FILTER (WHERE ocurrido_en IS NULL OR "
                           "ocurrido_en < %2 OR ocurrido_en >= %3) FROM %1")
                .arg(part.name, Rules::cutoffLiteral(part.lowerBound), Rules::cutoffLiteral(part.upperBound));
        if (!m_ddl.step(sql, failed, &n) || !n.next())
            return false;
        *rows = n.value(0).toLongLong();
        *outside = n.value(1).toLongLong();
    }
    return true;
}

PartitionPurge::Step PartitionPurge::stop(RuleStatus status, const QString &message)
{
    m_out = m_run.finish(status, message);
    return Step::Stop;
}

// A partition that could not be dropped: said in the log and the receipt, and (when detached)
// written into its marker so that later previews show why.
PartitionPurge::Step PartitionPurge::keep(const PartitionInfo &part, const QString &reason, bool detached)
{
    m_run.receipt().notDroppedPartitions << qMakePair(part.name, reason);
    if (detached) {
        const QString text = Rules::notDroppedMarker(marker(part), reason);
        m_ddl.exec(Rules::commentSql(part.name, text.left(1000)));
        m_run.report(RuleStatus::Running,
                     QCoreApplication::translate(
                         "purga::detail",
                         "%1 is detached but was not dropped: %2. Every preview lists it until a purge drops "
                         "it.")
                         .arg(part.name, reason));
    } else {
        m_run.report(RuleStatus::Running,
                     QCoreApplication::translate(
                         "purga::detail", "%1 stays attached (DETACH and DROP rolled back together): %2")
                         .arg(part.name, reason));
    }
    return Step::Kept;
}

bool PartitionPurge::dispose(const PartitionInfo &part, qint64 rows, DdlOutcome *failed)
{
    return m_quarantine.active() ? m_quarantine.moveInTransaction(part, rows, failed)
                                 : m_ddl.step(Rules::dropPartitionSql(part.name), failed);
}

void PartitionPurge::recordRemoved(const PartitionInfo &part, qint64 rows, const QElapsedTimer &since)
{
    RuleReceipt &r = m_run.receipt();
    rows = qMax<qint64>(0, rows);
    QString line;
    if (m_ctx.options.detachOnly) {
        line = QCoreApplication::translate("purga::detail", "%1 detached (%2 rows), kept as a table.")
                   .arg(part.name, formatCount(rows));
    } else if (m_quarantine.active()) {
        line = m_quarantine.recordMoved();
    } else {
        r.droppedPartitions << part.name;
        line = QCoreApplication::translate("purga::detail", "%1 detached and dropped (%2 rows).")
                   .arg(part.name, formatCount(rows));
    }
    m_run.recordBatch(rows, since.nsecsElapsed() / 1e6, line);
    // Right after the partition's DDL committed (a DETACH CONCURRENTLY has no transaction to share):
    // the rule's totals so far, so a run killed before its end still counts this partition.
    QSqlQuery totals(m_ctx.conn.database());
    m_run.recordProgress(totals, 0);
}

// A detached partition (or one found detached and not dropped) is dropped unless detach-only,
// never with more rows than the preview counted. A "Cancel now" before the DROP keeps the table.
PartitionPurge::Step PartitionPurge::dropDetached(const PartitionInfo &part, const QElapsedTimer &since,
                                                  Origin origin)
{
    if (m_ctx.options.detachOnly) {
        m_ddl.exec(Rules::commentSql(part.name, marker(part)));
        recordRemoved(part, part.rows, since);
        return Step::Done;
    }
    if (m_ctx.canceller.isCancelled())
        return stop(
            RuleStatus::Cancelled,
            QCoreApplication::translate(
                "purga::detail",
                "Cancelled after detaching %1: it is kept as a plain table (DROP TABLE %1 removes it; "
                "the next preview lists it).")
                .arg(part.name));
    qint64 rows = -1, outside = 0, held = 0;
    QString alone, tooMany;
    const DdlOutcome o = m_ddl.transaction([&](DdlOutcome *failed) {
        alone.clear();
        tooMany.clear();
        if (!lockAndCheck(part, origin, failed, &alone, &rows, &outside))
            return false;
        if (outside > 0)
            tooMany = QCoreApplication::translate("purga::detail", "it holds %1 rows outside its bounds %2")
                          .arg(formatCount(outside), part.bound);
        else if (rows > qMax<qint64>(0, part.rows))
            tooMany =
                QCoreApplication::translate(
                    "purga::detail", "it holds %1 rows, more than the %2 the preview counted; preview again")
                    .arg(formatCount(rows), formatCount(part.rows));
        if (!tooMany.isEmpty())
            return false;
        if (m_ctx.canceller.isCancelled()) {
            failed->failure = DbFailure::Kind::Cancelled;
            return false;
        }
        return copyHeldRows(m_ctx, m_ddl, part.name, failed, &held) && dispose(part, rows, failed);
    });
    if (o.cancelled())
        return stop(RuleStatus::Cancelled,
                    QCoreApplication::translate("purga::detail",
                                                "Cancelled while dropping %1: it is kept as a plain table.")
                        .arg(part.name));
    if (!alone.isEmpty()) {
        leaveAlone(part.name, alone);
        return Step::Kept;
    }
    if (!tooMany.isEmpty())
        return keep(part, tooMany, true);
    if (o.failure == DbFailure::Kind::ConnectionLost || o.lockTimeout() ||
        o.failure == DbFailure::Kind::StatementTimeout)
        return stop(RuleStatus::Error, QCoreApplication::translate(
                                           "purga::detail", "%1 was detached but could not be dropped: %2")
                                           .arg(part.name, o.reason()));
    if (!o.ok)
        return keep(part, o.reason(), true);
    noteHeldCopied(m_ctx, part.name, held);
    recordRemoved(part, rows, since);
    return Step::Done;
}

// A concurrent detach interrupted earlier (cancel, crash, lock timeout) leaves the partition
// "detach pending": finish it first, or the parent stays blocked for new detaches. Only partitions
// this preview confirmed as removable are finished and dropped; any other is left to its owner.
PartitionPurge::Step PartitionPurge::finishPending()
{
    QSqlQuery pending(m_ctx.conn.database());
    if (!pending.exec(Rules::pendingDetachSql()))
        return Step::Done;
    QStringList names;
    while (pending.next())
        names << pending.value(0).toString();
    for (const QString &name : std::as_const(names)) {
        const PartitionInfo *part = confirmed(name);
        if (!part) {
            m_ctx.log(QCoreApplication::translate(
                          "purga::detail",
                          "%1 has an interrupted detach but is not in the confirmed preview: left alone.")
                          .arg(name));
            continue;
        }
        QElapsedTimer t;
        t.start();
        const DdlOutcome o = m_ddl.withRetries(Rules::detachSql(name, Rules::DetachMode::Finalize));
        if (!o.ok)
            return stop(o.cancelled() ? RuleStatus::Cancelled : RuleStatus::Error,
                        QCoreApplication::translate("purga::detail",
                                                    "Could not finish the interrupted detach of %1: %2")
                            .arg(name, o.reason()));
        m_run.receipt().detachedPartitions << name;
        m_ctx.log(
            QCoreApplication::translate("purga::detail", "Finished the interrupted detach of %1.").arg(name));
        if (dropDetached(*part, t) == Step::Stop)
            return Step::Stop;
    }
    return Step::Done;
}

// Partitions an earlier run detached and did not drop: dropped now if they are still plain tables
// carrying our marker.
PartitionPurge::Step PartitionPurge::dropLeftovers()
{
    QSqlQuery q(m_ctx.conn.database());
    if (!q.exec(Rules::leftoverPartitionsSql()))
        return stop(RuleStatus::Error,
                    QCoreApplication::translate("purga::detail", "Cannot read the detached partitions: %1")
                        .arg(q.lastError().databaseText()));
    QStringList stillThere;
    while (q.next())
        stillThere << q.value(0).toString();
    for (const LeftAloneTable &t : m_preview.leftAlone)
        leaveAlone(t.name, t.reason);
    for (const PartitionInfo &part : m_preview.partitions) {
        if (!part.detachedNotDropped || m_ctx.options.detachOnly)
            continue;
        if (m_ctx.stopRequested())
            return stop(
                RuleStatus::Cancelled,
                QCoreApplication::translate("purga::detail", "Stopped before %1 as asked.").arg(part.name));
        if (!stillThere.contains(part.name)) {
            leaveAlone(part.name,
                       QCoreApplication::translate(
                           "purga::detail", "no longer a partition this app detached, since the preview"));
            continue;
        }
        QElapsedTimer t;
        t.start();
        m_ctx.log(QCoreApplication::translate("purga::detail",
                                              "%1 was detached earlier and not dropped; dropping it now.")
                      .arg(part.name));
        if (dropDetached(part, t, Origin::Found) == Step::Stop)
            return Step::Stop;
    }
    return Step::Done;
}

// Without a DEFAULT partition: marked, then DETACH ... CONCURRENTLY (no ACCESS EXCLUSIVE on the
// parent). A lock timeout in its second phase leaves the partition "detach pending": the retry
// then runs FINALIZE, which a repeated CONCURRENTLY would refuse.
PartitionPurge::Step PartitionPurge::detachConcurrently(const PartitionInfo &part)
{
    QElapsedTimer t;
    t.start();
    DdlOutcome o = m_ddl.withRetries(Rules::commentSql(part.name, marker(part)));
    if (o.ok)
        o = m_ddl.withRetries(Rules::detachSql(part.name, Rules::DetachMode::Concurrently), [&] {
            return Rules::detachSql(part.name, m_ddl.isDetachPending(part.name)
                                                   ? Rules::DetachMode::Finalize
                                                   : Rules::DetachMode::Concurrently);
        });
    if (!o.ok)
        return o.cancelled()
                   ? stop(
                         RuleStatus::Cancelled,
                         QCoreApplication::translate(
                             "purga::detail",
                             "Cancelled while detaching %1; a concurrent detach is finished on the next run.")
                             .arg(part.name))
                   : stop(RuleStatus::Error,
                          QCoreApplication::translate("purga::detail", "Could not detach %1: %2")
                              .arg(part.name, o.reason()));
    m_run.receipt().detachedPartitions << part.name;
    m_ctx.log(QCoreApplication::translate("purga::detail", "%1 detached.").arg(part.name));
    return dropDetached(part, t);
}

// With a DEFAULT partition DETACH cannot be concurrent: the partition's rows are frozen and counted
// under a SHARE lock on it alone (no lock on the parent yet), then DETACH and DROP run in the same
// transaction: a refused DROP or a cancel leaves the partition attached, as it was.
PartitionPurge::Step PartitionPurge::detachAndDropInTransaction(const PartitionInfo &part)
{
    QElapsedTimer t;
    t.start();
    qint64 rows = -1, held = 0;
    QString tooMany;
    bool cancelled = false;
    const DdlOutcome o = m_ddl.transaction([&](DdlOutcome *failed) {
        if (!m_ddl.step(QStringLiteral("LOCK TABLE %1 IN SHARE MODE").arg(part.name), failed))
            return false;
        rows = m_ddl.count(part.name, failed);
        if (rows < 0)
            return false;
        if (rows > qMax<qint64>(0, part.rows) && !m_ctx.options.detachOnly) {
            tooMany =
                QCoreApplication::translate(
                    "purga::detail", "it holds %1 rows, more than the %2 the preview counted; preview again")
                    .arg(formatCount(rows), formatCount(part.rows));
            return false;
        }
        if (!m_ddl.step(Rules::commentSql(part.name, marker(part)), failed) ||
            !m_ddl.step(Rules::detachSql(part.name, Rules::DetachMode::Plain), failed))
            return false;
        m_ctx.log(
            QCoreApplication::translate("purga::detail", "%1 detached (in one transaction with its DROP).")
                .arg(part.name));
        if (m_ctx.options.detachOnly)
            return true;
        if (m_ctx.canceller.isCancelled()) {
            cancelled = true;
            return false;
        }
        return copyHeldRows(m_ctx, m_ddl, part.name, failed, &held) && dispose(part, rows, failed);
    });
    if (cancelled || o.cancelled())
        return stop(RuleStatus::Cancelled,
                    QCoreApplication::translate(
                        "purga::detail",
                        "Cancelled before dropping %1: its DETACH was rolled back, it stays attached.")
                        .arg(part.name));
    if (!tooMany.isEmpty())
        return keep(part, tooMany, false);
    if (!o.ok) {
        if (o.lockTimeout() || o.failure == DbFailure::Kind::ConnectionLost ||
            o.failure == DbFailure::Kind::StatementTimeout)
            return stop(RuleStatus::Error,
                        QCoreApplication::translate("purga::detail", "Could not detach %1: %2")
                            .arg(part.name, o.reason()));
        return keep(part, o.reason(), false);
    }
    m_run.receipt().detachedPartitions << part.name;
    noteHeldCopied(m_ctx, part.name, held);
    recordRemoved(part, rows, t);
    return Step::Done;
}

bool PartitionPurge::readCatalog(QStringList *removableNow, bool *hasDefault, QString *error)
{
    // Re-read with the frozen cutoff: only partitions still attached and still removable go.
    QSqlQuery cat(m_ctx.conn.database());
    if (!cat.exec(Rules::partitionsSql(Rules::cutoffLiteral(m_preview.cutoffUtc)))) {
        *error = cat.lastError().databaseText();
        return false;
    }
    while (cat.next()) {
        if (cat.value(2).toBool())
            *hasDefault = true;
        else if (cat.value(5).toBool())
            *removableNow << cat.value(0).toString();
    }
    return true;
}

RuleReceipt PartitionPurge::run()
{
    QString why;
    if (m_quarantine.active() && !m_quarantine.ready(&why))
        return m_run.finish(RuleStatus::Error, why);
    RuleStatus dueStatus = RuleStatus::Ok;
    if (!m_quarantine.dropDue(&dueStatus, &why))
        return m_run.finish(dueStatus, why);
    if (finishPending() == Step::Stop || dropLeftovers() == Step::Stop)
        return m_out;
    QStringList removableNow;
    bool hasDefault = false;
    QString error;
    if (!readCatalog(&removableNow, &hasDefault, &error))
        return m_run.finish(
            RuleStatus::Error,
            QCoreApplication::translate("purga::detail", "Cannot read the partitions: %1").arg(error));
    const RuleReceipt &r = m_run.receipt();
    for (const PartitionInfo &part : m_preview.partitions) {
        if (!part.removable || part.isDefault || part.detachedNotDropped ||
            r.detachedPartitions.contains(part.name))
            continue;
        if (m_ctx.stopRequested())
            return m_run.finish(
                RuleStatus::Cancelled,
                QCoreApplication::translate("purga::detail", "Stopped before %1 as asked.").arg(part.name));
        if (!removableNow.contains(part.name)) {
            m_ctx.log(QCoreApplication::translate(
                          "purga::detail", "%1 is no longer an attached, removable partition: left alone.")
                          .arg(part.name));
            continue;
        }
        const Step s = hasDefault ? detachAndDropInTransaction(part) : detachConcurrently(part);
        if (s == Step::Stop)
            return m_out;
    }
    QString message =
        QCoreApplication::translate("purga::detail", "log_sesiones: %1 partitions, %2 rows removed.")
            .arg(formatCount(r.batches), formatCount(r.deleted));
    if (!r.quarantinedPartitions.isEmpty() || !r.quarantineDropped.isEmpty())
        message += u' ' + QCoreApplication::translate(
                              "purga::detail", "Quarantine: %1 moved there, %2 dropped after their days.")
                              .arg(r.quarantinedPartitions.size())
                              .arg(r.quarantineDropped.size());
    if (!m_leftAlone.isEmpty()) // reported, not a failure: the DBA keeps these tables on purpose
        message += u' ' + QCoreApplication::translate("purga::detail", "Left alone: %1.")
                              .arg(m_leftAlone.join(QStringLiteral("; ")));
    if (r.notDroppedPartitions.isEmpty())
        return m_run.finish(RuleStatus::Ok, message);
    QStringList kept;
    for (const auto &k : r.notDroppedPartitions)
        kept << QStringLiteral("%1 (%2)").arg(k.first, k.second);
    return m_run.finish(RuleStatus::Error,
                        message + u' ' +
                            QCoreApplication::translate("purga::detail", "Not dropped: %1.")
                                .arg(kept.join(QStringLiteral("; "))));
}

} // namespace

RuleReceipt purgePartitions(PurgeContext &ctx, const RulePreview &preview)
{
    return PartitionPurge(ctx, preview).run();
}

} // namespace purga::detail
