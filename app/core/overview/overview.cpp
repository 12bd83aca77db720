#include "overview.h"

#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/pg/querycanceller.h"
#include "core/util/textformat.h"

#include <QJsonArray>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

void fillTableStats(PgConnection &conn, TableOverview &t)
{
    QSqlQuery q(conn.database());
    q.exec(
        QStringLiteral(
            "SELECT CASE WHEN c.relkind = 'p'"
            "            THEN (SELECT coalesce(sum(greatest(p.reltuples, 0)), 0) FROM pg_inherits i"
            "                  JOIN pg_class p ON p.oid = i.inhrelid WHERE i.inhparent = c.oid)"
            "            ELSE greatest(c.reltuples, 0) END::bigint,"
            "       CASE WHEN c.relkind = 'p'"
            "            THEN (SELECT coalesce(sum(pg_table_size(i.inhrelid)), 0) FROM pg_inherits i WHERE "
            "i.inhparent = c.oid)"
            "            ELSE pg_table_size(c.oid) END,"
            "       CASE WHEN c.relkind = 'p'"
            "            THEN (SELECT coalesce(sum(pg_indexes_size(i.inhrelid)), 0) FROM pg_inherits i WHERE "
            "i.inhparent = c.oid)"
            "            ELSE pg_indexes_size(c.oid) END,"
            "       coalesce(s.n_dead_tup, (SELECT sum(ps.n_dead_tup) FROM pg_inherits i"
            "                 JOIN pg_stat_user_tables ps ON ps.relid = i.inhrelid WHERE i.inhparent = "
            "c.oid), "
            "0),"
            "       s.last_vacuum::text, s.last_autovacuum::text, s.last_analyze::text, "
            "s.last_autoanalyze::text"
            "  FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid"
            " WHERE c.oid = to_regclass(%1)")
            .arg(conn.literal(t.table)));
    if (q.isActive() && q.next()) {
        t.total = q.value(0).toLongLong();
        t.tableBytes = q.value(1).toLongLong();
        t.indexBytes = q.value(2).toLongLong();
        t.deadTuples = q.value(3).toLongLong();
        t.lastVacuum = q.value(4).toString();
        t.lastAutovacuum = q.value(5).toString();
        t.lastAnalyze = q.value(6).toString();
        t.lastAutoanalyze = q.value(7).toString();
    }
}

} // namespace

QJsonObject Overview::toJson() const
{
    QJsonArray arr;
    for (const TableOverview &t : tables) {
        QJsonObject o{{QStringLiteral("rule"), t.ruleId},
                      {QStringLiteral("table"), t.table},
                      {QStringLiteral("exact"), t.exact},
                      {QStringLiteral("total"), double(t.total)},
                      {QStringLiteral("table_bytes"), double(t.tableBytes)},
                      {QStringLiteral("index_bytes"), double(t.indexBytes)},
                      {QStringLiteral("dead_tuples"), double(t.deadTuples)},
                      {QStringLiteral("last_vacuum"), jsonText(t.lastVacuum)},
                      {QStringLiteral("last_autovacuum"), jsonText(t.lastAutovacuum)},
                      {QStringLiteral("last_analyze"), jsonText(t.lastAnalyze)},
                      {QStringLiteral("last_autoanalyze"), jsonText(t.lastAutoanalyze)}};
        o.insert(QStringLiteral("revoked_or_used"), jsonCount(t.revoked));
        o.insert(QStringLiteral("expired"), jsonCount(t.expired));
        // One vocabulary with preview and purge: eligible / retained_by_window. The status
        // names removable / kept_by_window stay as aliases for one release (docs/cli-json.md).
        o.insert(QStringLiteral("eligible"), jsonCount(t.removable));
        o.insert(QStringLiteral("retained_by_window"), jsonCount(t.keptByWindow));
        o.insert(QStringLiteral("removable"), jsonCount(t.removable));
        o.insert(QStringLiteral("kept_by_window"), jsonCount(t.keptByWindow));
        if (!t.partitions.isEmpty()) {
            QJsonArray parts;
            for (const PartitionInfo &p : t.partitions)
                parts.append(p.toJson(PartitionInfo::JsonDetail::Summary));
            o.insert(QStringLiteral("partitions"), parts);
        }
        if (Rules::isPartitionRule(t.ruleId)) {
            QJsonArray quarantined;
            for (const QuarantinedPartition &q : t.quarantine)
                quarantined.append(q.toJson());
            o.insert(QStringLiteral("quarantine"), quarantined);
        }
        arr.append(o);
    }
    return QJsonObject{{QStringLiteral("exact"), exact},
                       {QStringLiteral("taken_at_utc"), jsonText(takenAtUtc)},
                       {QStringLiteral("tables"), arr}};
}

bool fetchOverviewEstimates(PgConnection &conn, const QList<RuleConfig> &rules, Overview *out,
                            DbFailure *failure)
{
    QSqlQuery now(conn.database());
    if (!now.exec(QStringLiteral("SELECT now()::text")) || !now.next()) {
        *failure = DbFailure::ofQuery(now, false, now.lastError().text());
        return false;
    }
    *out = Overview();
    out->takenAtUtc = now.value(0).toString();
    out->cutoffBaseUtc = out->takenAtUtc;
    for (const RuleConfig &c : rules) {
        TableOverview t;
        t.ruleId = c.id;
        t.table = Rules::table(c.id);
        fillTableStats(conn, t);
        if (Rules::isPartitionRule(c.id)) {
            QSqlQuery p(conn.database());
            const QString cutoff =
                QStringLiteral("(%1 - %2)")
                    .arg(Rules::cutoffLiteral(out->takenAtUtc), Rules::retentionInterval(c));
            conn.withJitOff([&] {
                if (!p.exec(Rules::partitionsSql(cutoff)))
                    return false;
                while (p.next())
                    t.partitions << partitionFromRow(p);
                return true;
            });
            QString ignored; // an unreadable quarantine leaves the strip without it, as the sizes
            readQuarantine(conn, out->takenAtUtc, &t.quarantine, &ignored);
        }
        out->tables << t;
    }
    return true;
}

bool fetchOverviewExact(PgConnection &conn, const QList<RuleConfig> &rules, int statementTimeoutMs,
                        QueryCanceller *canceller, const ProgressFn &progress, Overview *out,
                        DbFailure *failure)
{
    Overview estimates;
    if (!fetchOverviewEstimates(conn, rules, &estimates, failure))
        return false;
    // The estimates carry on past a failed statistic; a cancel that hit one of them ends here.
    if (canceller && canceller->isCancelled()) {
        *failure = DbFailure();
        failure->kind = DbFailure::Kind::Cancelled;
        failure->message = QCoreApplication::translate("purga", "Cancelled.");
        return false;
    }
    QSqlQuery st(conn.database());
    st.exec(QStringLiteral("SET statement_timeout = %1").arg(qMax(0, statementTimeoutMs)));
    // The exact numbers are the preview's numbers: the same rule SQL, at one frozen instant.
    PreviewPlan plan;
    // Counts only: the breakdown by tenant and the sample are the Preview page's, not the Overview's.
    const bool ok = takePreview(conn, rules, canceller, progress, &plan, failure, PreviewDepth::CountsOnly);
    QSqlQuery reset(conn.database());
    reset.exec(QStringLiteral("RESET statement_timeout"));
    if (!ok) {
        if (failure->kind == DbFailure::Kind::StatementTimeout)
            failure->message =
                QCoreApplication::translate(
                    "purga",
                    "Exact counts took longer than the statement timeout (%1 ms); estimates are shown.")
                    .arg(statementTimeoutMs);
        return false;
    }
    *out = estimates;
    out->exact = true;
    out->takenAtUtc = plan.takenAtUtc;
    out->cutoffBaseUtc = plan.cutoffBaseUtc;
    for (TableOverview &t : out->tables) {
        const RulePreview *r = plan.rule(t.ruleId);
        if (!r)
            continue;
        t.exact = true;
        t.total = r->total;
        t.removable = r->eligible;
        if (Rules::isPartitionRule(t.ruleId)) {
            t.partitions = r->partitions;
            t.quarantine = r->quarantine;
            continue;
        }
        t.keptByWindow = r->retainedByWindow;
        t.revoked = r->revokedOrUsed;
        t.expired = r->expired;
    }
    return true;
}

} // namespace purga
