#include "preview.h"

#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/pg/querycanceller.h"
#include "core/pg/servertimezone.h"
#include "core/rules/holdsql.h"
#include "core/security/secrets.h"
#include "leftover.h"

#include <QHash>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>

namespace purga {

namespace {

// Runs the preview's statements: none starts after a cancel arrived, and a failed one leaves its
// message and kind in *failure.
struct StatementRunner
{
    QueryCanceller *canceller;
    DbFailure *failure;

    bool cancelled() const { return canceller && canceller->isCancelled(); }
    bool exec(QSqlQuery &q, const QString &sql) const
    {
        if (cancelled()) {
            failure->kind = DbFailure::Kind::Cancelled;
            failure->message = QCoreApplication::translate("purga", "Cancelled.");
            return false;
        }
        if (q.exec(sql))
            return true;
        failure->sqlState = q.lastError().nativeErrorCode();
        failure->kind = DbFailure::fromSqlState(failure->sqlState, cancelled());
        if (failure->kind == DbFailure::Kind::Cancelled)
            failure->message = QCoreApplication::translate("purga", "Cancelled.");
        else
            failure->message = q.lastError().databaseText().trimmed() + u' ' + q.lastError().driverText();
        return false;
    }
};

QString ageLabel(int bucket, qint64 retentionSeconds)
{
    const bool hours = retentionSeconds < 3 * 86400;
    const double unit = hours ? 3600.0 : 86400.0;
    const QString u = hours ? QStringLiteral("h") : QStringLiteral("d");
    auto n = [&](double f) { return QString::number(retentionSeconds * f / unit, 'g', 4); };
    switch (bucket) {
    case 0:
        return n(1.0) + QStringLiteral("–") + n(1.5) + u' ' + u;
    case 1:
        return n(1.5) + QStringLiteral("–") + n(2.0) + u' ' + u;
    case 2:
        return n(2.0) + QStringLiteral("–") + n(3.0) + u' ' + u;
    default:
        return QStringLiteral("≥ ") + n(3.0) + u' ' + u;
    }
}

// The rows each active legal hold keeps (nothing to read when the history has no holds table).
bool readHeld(PgConnection &conn, const QString &sql, bool withJob, const StatementRunner &f,
              QList<HeldCount> *out)
{
    if (!HoldSql::installed())
        return true;
    QSqlQuery q(conn.database());
    q.setForwardOnly(true);
    if (!f.exec(q, sql))
        return false;
    while (q.next()) {
        HeldCount h;
        h.holdId = q.value(0).toLongLong();
        h.reason = q.value(1).toString();
        h.scope = HoldSql::scopeId(q.value(2).toString());
        h.rows = q.value(3).toLongLong();
        h.jobRows = withJob ? q.value(4).toLongLong() : h.rows;
        *out << h;
    }
    return true;
}

bool readRuleHeld(PgConnection &conn, RulePreview &r, const QString &cutoffLit, const StatementRunner &f)
{
    return readHeld(conn,
                    HoldSql::heldCountsSql(r.id, Rules::rulePredicate(r.id, cutoffLit),
                                           Rules::adrSamplePredicate(r.id, cutoffLit)),
                    true, f, &r.held);
}

// ForPurge: the purge's own counts; retained follows from them, the rest stays empty.
bool purgeCounts(PgConnection &conn, RulePreview &r, const QString &cutoffLit, const StatementRunner &f)
{
    QSqlQuery q(conn.database());
    q.setForwardOnly(true);
    r.countSql = Rules::purgeCountSql(r.config, cutoffLit);
    r.deleteSql = Rules::purgeBatchText(r.config, cutoffLit);
    if (!f.exec(q, r.countSql) || !q.next())
        return false;
    r.total = q.value(0).toLongLong();
    r.eligible = q.value(1).toLongLong();
    r.retained = r.total - r.eligible;
    r.adrSampleInWindow = q.value(2).toLongLong();
    r.keyMin = q.value(3).toLongLong();
    r.keyMax = q.value(4).toLongLong();
    r.liveFamily = q.value(5).toLongLong();
    return readRuleHeld(conn, r, cutoffLit, f);
}

bool previewRows(PgConnection &conn, RulePreview &r, const QString &cutoffLit, const StatementRunner &f,
                 PreviewDepth depth)
{
    // The scan before `purge --yes`'s first batch: with parallel workers when the server allows
    // (its default plan), and without JIT, which every one of those processes would compile for
    // itself (docs/benchmarks.md, issue 26).
    if (depth == PreviewDepth::ForPurge)
        return conn.withJitOff([&] { return purgeCounts(conn, r, cutoffLit, f); });
    QSqlQuery q(conn.database());
    q.setForwardOnly(true);
    r.countSql = Rules::countSql(r.config, cutoffLit);
    r.deleteSql = Rules::purgeBatchText(r.config, cutoffLit);
    if (!f.exec(q, r.countSql) || !q.next())
        return false;
    r.total = q.value(0).toLongLong();
    r.eligible = q.value(1).toLongLong();
    r.retained = q.value(2).toLongLong();
    r.retainedByWindow = q.value(3).toLongLong();
    r.adrSampleInWindow = q.value(4).toLongLong();
    r.revokedOrUsed = q.value(5).toLongLong();
    r.expired = q.value(6).toLongLong();
    r.keyMin = q.value(7).toLongLong();
    r.keyMax = q.value(8).toLongLong();
    r.oldest = q.value(9).toString();
    r.newest = q.value(10).toString();
    // Buckets count age beyond the frozen now: 1-1.5x, 1.5-2x, 2-3x, 3x+ the retention.
    for (int b = 0; b < 4; ++b)
        r.byAge << CountBucket{ageLabel(b, r.config.retentionSeconds), q.value(11 + b).toLongLong()};
    r.liveFamily = q.value(15).toLongLong();
    if (!readRuleHeld(conn, r, cutoffLit, f))
        return false;

    if (depth == PreviewDepth::CountsOnly)
        return true;

    QSqlQuery tq(conn.database());
    tq.setForwardOnly(true);
    if (!f.exec(tq, Rules::tenantSql(r.config, cutoffLit)))
        return false;
    while (tq.next())
        r.byTenant << CountBucket{tq.value(0).toString(), tq.value(1).toLongLong()};

    QSqlQuery sq(conn.database());
    sq.setForwardOnly(true);
    if (!f.exec(sq, Rules::sampleSql(r.config, cutoffLit)))
        return false;
    const QSqlRecord rec = sq.record();
    int hashColumn = -1;
    for (int i = 0; i < rec.count(); ++i) {
        r.sampleColumns << rec.fieldName(i);
        if (rec.fieldName(i) == QLatin1String("token_hash"))
            hashColumn = i;
    }
    while (sq.next()) {
        QVariantList row;
        for (int i = 0; i < rec.count(); ++i)
            row << (i == hashColumn ? QVariant(maskHash(sq.value(i).toString())) : sq.value(i));
        r.sample << row;
    }
    return true;
}

// Exact rows of every partition in one pass through the parent (its privileges apply; a
// MINVALUE or DEFAULT partition needs no bound expression this way), leaves of a sub-partitioned
// partition under it. A partition with an interrupted concurrent detach is invisible through the
// parent: counted alone, like a detached one.
bool countPartitionRows(PgConnection &conn, RulePreview &r, const StatementRunner &f)
{
    QSqlQuery c(conn.database());
    if (!f.exec(c, Rules::partitionRowsSql()))
        return false;
    QHash<QString, qint64> exactRows;
    while (c.next())
        exactRows.insert(c.value(0).toString(), c.value(1).toLongLong());
    QSqlQuery pend(conn.database());
    if (!f.exec(pend, Rules::pendingDetachSql()))
        return false;
    QStringList alone;
    while (pend.next())
        alone << pend.value(0).toString();
    for (PartitionInfo &p : r.partitions) {
        p.detachPending = alone.contains(p.name);
        if (p.detachedNotDropped)
            alone << p.name;
    }
    for (const QString &name : std::as_const(alone)) {
        QSqlQuery one(conn.database());
        if (!f.exec(one, QStringLiteral("SELECT count(*) FROM %1").arg(name)) || !one.next())
            return false;
        exactRows.insert(name, one.value(0).toLongLong());
    }
    for (PartitionInfo &p : r.partitions) {
        p.rows = exactRows.value(p.name, 0);
        p.rowsExact = true;
    }
    return true;
}

// The partitions and the leftovers of earlier runs, from the catalog (JIT off: see withJitOff).
bool readPartitionCatalog(PgConnection &conn, RulePreview &r, const QString &cutoffLit,
                          const StatementRunner &f)
{
    QSqlQuery q(conn.database());
    q.setForwardOnly(true);
    r.countSql = Rules::partitionsSql(cutoffLit);
    if (!f.exec(q, r.countSql))
        return false;
    while (q.next())
        r.partitions << partitionFromRow(q);
    QSqlQuery left(conn.database());
    left.setForwardOnly(true);
    if (!f.exec(left, Rules::leftoverPartitionsSql()))
        return false;
    while (left.next()) {
        PartitionInfo p = partitionFromRow(left);
        p.detachedNotDropped = true;
        p.reason = leftoverReason(p, left.value(10).toString());
        r.partitions << p;
    }
    QSqlQuery alone(conn.database());
    alone.setForwardOnly(true);
    if (!f.exec(alone, Rules::leftAloneSql()))
        return false;
    while (alone.next())
        r.leftAlone << leftAloneFromRow(alone, 0);
    return true;
}

// The partition rule's held rows: per hold, summed over its removable partitions.
void addHeld(QList<HeldCount> *sum, const HeldCount &h)
{
    for (HeldCount &s : *sum)
        if (s.holdId == h.holdId) {
            s.rows += h.rows;
            s.jobRows += h.jobRows;
            return;
        }
    *sum << h;
}

bool previewPartitions(PgConnection &conn, RulePreview &r, const QString &cutoffLit, const StatementRunner &f)
{
    if (!conn.withJitOff([&] { return readPartitionCatalog(conn, r, cutoffLit, f); }) ||
        !countPartitionRows(conn, r, f))
        return false;
    QStringList statements;
    for (PartitionInfo &p : r.partitions) {
        r.total += p.rows;
        if (!p.removable)
            continue;
        r.eligible += p.rows;
        if (!readHeld(conn, HoldSql::partitionHeldSql(p.name), false, f, &p.held))
            return false;
        for (const HeldCount &h : std::as_const(p.held))
            addHeld(&r.held, h);
        statements << (p.detachedNotDropped ? Rules::dropPartitionSql(p.name) + u';'
                                            : Rules::partitionPurgeText(p.name));
        if (r.oldest.isEmpty() || (!p.lowerBound.isEmpty() && p.lowerBound < r.oldest))
            r.oldest = p.lowerBound;
        if (p.upperBound > r.newest)
            r.newest = p.upperBound;
    }
    r.retained = r.total - r.eligible;
    r.deleteSql =
        statements.isEmpty() ? QStringLiteral("-- no partition is old enough") : statements.join(u'\n');
    return true;
}

bool takePreviewInto(PgConnection &conn, const QList<RuleConfig> &rules, const StatementRunner &f,
                     const ProgressFn &progress, PreviewPlan *plan, PreviewDepth depth)
{
    for (const RuleConfig &c : rules) {
        const QStringList problems = Rules::validate(c);
        if (!problems.isEmpty()) {
            f.failure->kind = DbFailure::Kind::InvalidSettings;
            f.failure->message = problems.join(u' ');
            return false;
        }
    }
    QSqlQuery q(conn.database());
    // One database instant freezes every cutoff of the plan.
    if (!f.exec(q, QStringLiteral("SELECT now()::text, clock_timestamp()::text")) || !q.next())
        return false;
    *plan = PreviewPlan();
    plan->cutoffBaseUtc = q.value(0).toString();
    plan->takenAtUtc = q.value(1).toString();
    plan->serverTimeZone = serverTimeZone(conn); // the database's, not a session override
    // Legal holds exist only with the history's table: probed before any statement is built.
    QSqlQuery hq(conn.database());
    if (!f.exec(hq, HoldSql::probeSql()) || !hq.next())
        return false;
    HoldSql::setInstalled(hq.value(0).toBool());
    int done = 0;
    for (const RuleConfig &c : rules) {
        if (progress)
            progress(Rules::title(c.id), done, int(rules.size()));
        QSqlQuery cq(conn.database());
        if (!f.exec(cq, QStringLiteral("SELECT (%1 - %2)::text")
                            .arg(Rules::cutoffLiteral(plan->cutoffBaseUtc), Rules::retentionInterval(c))) ||
            !cq.next())
            return false;
        RulePreview r;
        r.id = c.id;
        r.table = Rules::table(c.id);
        r.config = c;
        r.cutoffUtc = cq.value(0).toString();
        const QString lit = Rules::cutoffLiteral(r.cutoffUtc);
        const bool ok = Rules::isPartitionRule(c.id) ? previewPartitions(conn, r, lit, f)
                                                     : previewRows(conn, r, lit, f, depth);
        if (!ok)
            return false;
        QString quarantineError;
        if (Rules::isPartitionRule(c.id) &&
            !previewQuarantine(conn, r, plan->cutoffBaseUtc, &quarantineError)) {
            f.failure->kind = DbFailure::Kind::Other;
            f.failure->message = quarantineError;
            return false;
        }
        plan->rules << r;
        ++done;
    }
    if (progress)
        progress(QString(), done, int(rules.size()));
    return true;
}

} // namespace

PartitionInfo partitionFromRow(const QSqlQuery &q)
{
    PartitionInfo p;
    p.name = q.value(0).toString();
    p.bound = q.value(1).toString();
    p.isDefault = q.value(2).toBool();
    p.lowerBound = q.value(3).toString();
    p.upperBound = q.value(4).toString();
    p.removable = q.value(5).toBool() && !p.isDefault;
    p.rows = q.value(6).toLongLong(); // the catalog's estimate until counted
    p.bytes = q.value(7).toLongLong();
    if (q.record().count() > 9) {
        p.leaves = q.value(8).toInt();
        const QString deps = q.value(9).toString();
        if (!deps.isEmpty())
            p.dependents = deps.split(QStringLiteral(", "));
    }
    const QSqlRecord rec = q.record();
    if (rec.contains(QStringLiteral("oid"))) {
        p.oid = q.value(rec.indexOf(QStringLiteral("oid"))).toLongLong();
        p.qualifiedName = q.value(rec.indexOf(QStringLiteral("qualified_name"))).toString();
    }
    return p;
}

bool takePreview(PgConnection &conn, const QList<RuleConfig> &rules, QueryCanceller *canceller,
                 const ProgressFn &progress, PreviewPlan *plan, DbFailure *failure, PreviewDepth depth)
{
    DbFailure ignored;
    *(failure ? failure : &ignored) = DbFailure();
    const StatementRunner f{canceller, failure ? failure : &ignored};
    return takePreviewInto(conn, rules, f, progress, plan, depth);
}

} // namespace purga
