#include "holdsql.h"
#include "rules.h"
#include "rulesqlparts.h"

#include <QRegularExpression>

namespace purga {

namespace {

// The SQL of one row rule over alias t, %1 standing for a frozen instant (an SQL literal). Every
// statement of the rule (counts, preview, batches, health) is built from these texts, so preview
// and purge can never disagree on what a rule removes.
struct RowRuleSql
{
    QLatin1String id;
    // Removable at cutoff %1. NULL means kept.
    const char *predicate;
    // What the ADR's sample job deletes at %1 (for comparison only): revoked tokens and used
    // pre-tokens at once, whatever their age.
    const char *adrSamplePredicate;
    // The instant a row became removable, the column its age is reported on.
    const char *ageExpression;
    // "Revoked or used, or expired" at the frozen now %1: what a retention window holds back.
    const char *spentExpression;
    // Revoked (refresh tokens) or used (pre-tokens), at any age.
    const char *spentAnyAge;
    // The columns of the 100-row sample.
    const char *sampleColumns;
};

const RowRuleSql kRowRuleSql[] = {
    {RuleId::RefreshTokens,
     // A revoked row with a NULL revocado_en yields NULL on the left: kept until its expiry passes.
     "((t.revocado AND t.revocado_en < %1) OR t.expiracion < %1)", "(t.revocado = TRUE OR t.expiracion < %1)",
     "LEAST(CASE WHEN t.revocado THEN t.revocado_en END, t.expiracion)", "(t.revocado OR t.expiracion < %1)",
     "t.revocado",
     "t.id, t.empresa_id, t.usuario_id, t.familia_id::text, t.token_hash, t.creado_en::text, "
     "t.expiracion::text, t.revocado, t.revocado_en::text"},
    {RuleId::PreTokens, "(t.usado_en < %1 OR t.expiracion < %1)",
     "(t.usado_en IS NOT NULL OR t.expiracion < %1)", "LEAST(t.usado_en, t.expiracion)",
     "(t.usado_en IS NOT NULL OR t.expiracion < %1)", "t.usado_en IS NOT NULL",
     "t.id, t.empresa_id, t.usuario_id, t.token_hash, t.creado_en::text, t.expiracion::text, "
     "t.usado_en::text"},
};

// The SQL of row rule `id`; null for the partition rule and unknown ids.
const RowRuleSql *rowSql(const QString &id)
{
    for (const RowRuleSql &r : kRowRuleSql)
        if (id == r.id)
            return &r;
    return nullptr;
}

} // namespace

namespace detail {

// A text as an SQL string literal (standard_conforming_strings: only quotes are doubled).
QString sqlText(QString text)
{
    text.replace(u'\'', QStringLiteral("''"));
    text.remove(QChar(0));
    return u'\'' + text + u'\'';
}

// lo/hi of a range bound text "FOR VALUES FROM ('…') TO ('…')" (NULL for MINVALUE/MAXVALUE/DEFAULT).
QString boundsOf(const QString &boundExpr)
{
    return QStringLiteral("SELECT (regexp_match(%1, 'FROM \\(''([^'']*)''\\)'))[1]::timestamptz AS lo,\n"
                          "         (regexp_match(%1, 'TO \\(''([^'']*)''\\)'))[1]::timestamptz AS hi")
        .arg(boundExpr);
}

// The relation c.oid and, when it is partitioned, every table below it.
const QString kTree =
    QStringLiteral("(SELECT c.oid AS relid UNION SELECT t.relid FROM pg_partition_tree(c.oid) t)");

// What other objects depend on the tree of c.oid, in words: views, foreign keys of other tables,
// anything else as pg_describe_object says it. Its own rules and constraints are not dependants.
QString dependentsColumn()
{
    return QStringLiteral(
               "       (SELECT string_agg(DISTINCT x.what, ', ') FROM (\n"
               "          SELECT CASE d.classid\n"
               "            WHEN 'pg_rewrite'::regclass THEN (SELECT CASE v.relkind WHEN 'm' THEN "
               "'materialized "
               "view ' ELSE 'view ' END || v.oid::regclass::text\n"
               "                FROM pg_rewrite w JOIN pg_class v ON v.oid = w.ev_class WHERE w.oid = "
               "d.objid)\n"
               "            WHEN 'pg_constraint'::regclass THEN (SELECT 'foreign key ' || "
               "quote_ident(k.conname) "
               "|| ' on ' || k.conrelid::regclass::text\n"
               "                FROM pg_constraint k WHERE k.oid = d.objid)\n"
               "            ELSE pg_describe_object(d.classid, d.objid, d.objsubid) END AS what\n"
               "          FROM pg_depend d\n"
               "          WHERE d.refclassid = 'pg_class'::regclass AND d.deptype = 'n'\n"
               "            AND d.refobjid IN %1\n"
               "            AND NOT EXISTS (SELECT 1 FROM pg_rewrite w WHERE d.classid = "
               "'pg_rewrite'::regclass\n"
               "                              AND w.oid = d.objid AND w.ev_class IN %1)\n"
               "            AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE d.classid = "
               "'pg_constraint'::regclass\n"
               "                              AND k.oid = d.objid AND k.conrelid IN %1)) x) AS dependents\n")
        .arg(kTree);
}

// Estimated rows, bytes and leaves of the tree of c.oid (a sub-partitioned partition holds its
// rows in its leaves), then its dependants: columns 6-9 of the partition queries.
QString partitionSizeColumns()
{
    return QStringLiteral(
               "       (SELECT coalesce(sum(greatest(r.reltuples, 0)), 0)::bigint FROM pg_class r\n"
               "         WHERE r.oid IN %1 AND r.relkind <> 'p') AS estimated_rows,\n"
               "       (SELECT coalesce(sum(pg_total_relation_size(t.relid)), 0)::bigint FROM %1 t) "
               "AS bytes,\n"
               "       (SELECT count(*) FROM pg_class r WHERE r.oid IN %1 AND r.relkind <> 'p')::int "
               "AS leaves,\n")
               .arg(kTree) +
           dependentsColumn();
}

} // namespace detail

using detail::boundsOf;
using detail::partitionSizeColumns;
using detail::sqlText;

QString Rules::cutoffLiteral(const QString &cutoffUtcText)
{
    // Only a timestamp as PostgreSQL prints it may become a literal (it is spliced into SQL text).
    static const QRegularExpression shape(
        QStringLiteral("^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9:.]+[+-][0-9:]+$"));
    if (!shape.match(cutoffUtcText).hasMatch())
        return QStringLiteral("NULL::timestamptz");
    return u'\'' + cutoffUtcText + QStringLiteral("'::timestamptz");
}

QString Rules::retentionInterval(const RuleConfig &config)
{
    // Partitions are months: "12 months" must mean calendar months, not 365 days.
    if (isPartitionRule(config.id)) {
        const qint64 months = qMax<qint64>(1, qRound64(config.retentionSeconds / (365.25 * 86400.0 / 12.0)));
        return QStringLiteral("make_interval(months => %1)").arg(months);
    }
    return QStringLiteral("make_interval(secs => %1)").arg(config.retentionSeconds);
}

QString Rules::predicate(const QString &id, const QString &c)
{
    // The one hook of legal holds (holdsql.cpp): every statement built from the predicate keeps held rows.
    return HoldSql::excludeHeld(id, rulePredicate(id, c));
}

QString Rules::rulePredicate(const QString &id, const QString &c)
{
    const RowRuleSql *sql = rowSql(id);
    return sql ? QString::fromLatin1(sql->predicate).arg(c) : QStringLiteral("false");
}

QString Rules::predicate(const RuleConfig &rule, const QString &c)
{
    // The hook of the rule's settings: family-aware retention (familysql.cpp) keeps live families.
    const QString family = familyClause(rule, c);
    return family.isEmpty() ? predicate(rule.id, c) : u'(' + predicate(rule.id, c) + family + u')';
}

QString Rules::adrSamplePredicate(const QString &id, const QString &c)
{
    const RowRuleSql *sql = rowSql(id);
    return sql ? QString::fromLatin1(sql->adrSamplePredicate).arg(c) : QStringLiteral("false");
}

QString Rules::ageExpression(const QString &id)
{
    const RowRuleSql *sql = rowSql(id);
    return sql ? QString::fromLatin1(sql->ageExpression) : QStringLiteral("NULL::timestamptz");
}

// The aggregate statements test the predicate in a dozen FILTERs. Written there, the rule and
// every hold probe would run a dozen times a row; this source computes each once a row and the
// FILTERs read its columns (OFFSET 0 keeps the planner from folding the expressions back in):
// purga_ap the predicate as the statement counts it (aggregatePredicate), purga_p the predicate
// without the family setting, purga_rp the rule alone (no holds), purga_lf the row's family live.
QString Rules::aggregateSource(const RuleConfig &rule, const QString &c)
{
    return QStringLiteral("(SELECT t.*, (%1) AS purga_ap, (%2) AS purga_p, (%3) AS purga_rp, %4 AS purga_lf\n"
                          "   FROM %5 t%6\n"
                          " OFFSET 0) t")
        .arg(aggregatePredicate(rule, c), predicate(rule.id, c), rulePredicate(rule.id, c),
             hasFamilies(rule.id) ? QStringLiteral("(lf.familia_id IS NOT NULL)") : QStringLiteral("false"),
             table(rule.id), liveFamilyJoin(rule, c));
}

QString Rules::countSql(const RuleConfig &rule, const QString &c)
{
    const QString &id = rule.id;
    const qint64 retentionSeconds = rule.retentionSeconds;
    const RowRuleSql *sql = rowSql(id);
    const QString p = QStringLiteral("t.purga_ap");
    // `now` of the frozen plan: the cutoff plus the retention, as a literal computed in SQL.
    const QString spent = sql ? QString::fromLatin1(sql->spentExpression)
                                    .arg(QStringLiteral("(%1 + make_interval(secs => :retention))").arg(c))
                              : QStringLiteral("false");
    const QString age = ageExpression(id);
    const QString revoked = sql ? QString::fromLatin1(sql->spentAnyAge) : QStringLiteral("false");
    return QStringLiteral(
               "SELECT count(*) AS total,\n"
               "       count(*) FILTER (WHERE %1) AS eligible,\n"
               "       count(*) FILTER (WHERE (%1) IS NOT TRUE) AS retained,\n"
               "       count(*) FILTER (WHERE %2 AND (%8) IS NOT TRUE) AS retained_by_window,\n"
               "       count(*) FILTER (WHERE %3 AND (%8) IS NOT TRUE) AS adr_sample_in_window,\n"
               "       count(*) FILTER (WHERE %4) AS revoked_or_used,\n"
               "       count(*) FILTER (WHERE t.expiracion < (%5 + make_interval(secs => :retention))) AS "
               "expired,\n"
               "       min(t.id) FILTER (WHERE %1) AS key_min,\n"
               "       max(t.id) FILTER (WHERE %1) AS key_max,\n"
               "       min(%6) FILTER (WHERE %1)::text AS oldest,\n"
               "       max(%6) FILTER (WHERE %1)::text AS newest,\n"
               "       count(*) FILTER (WHERE %1 AND %6 >= %5 - make_interval(secs => :retention / 2)) AS "
               "age_1,\n"
               "       count(*) FILTER (WHERE %1 AND %6 <  %5 - make_interval(secs => :retention / 2)\n"
               "                                 AND %6 >= %5 - make_interval(secs => :retention)) AS "
               "age_2,\n"
               "       count(*) FILTER (WHERE %1 AND %6 <  %5 - make_interval(secs => :retention)\n"
               "                                 AND %6 >= %5 - make_interval(secs => :retention * 2)) AS "
               "age_3,\n"
               "       count(*) FILTER (WHERE %1 AND %6 <  %5 - make_interval(secs => :retention * 2)) AS "
               "age_4,\n"
               "       %9\n"
               "FROM %7")
        .arg(p, spent, adrSamplePredicate(id, c), revoked, c, age, aggregateSource(rule, c),
             QStringLiteral("t.purga_rp"), liveFamilyCountColumn(rule, c))
        .replace(QStringLiteral(":retention"), QString::number(retentionSeconds));
}

QString Rules::purgeCountSql(const RuleConfig &rule, const QString &c)
{
    // The five aggregates the engine and the receipt use, not countSql's fifteen, in a form the
    // server can run with parallel workers: each predicate is a grouping key (computed once a row),
    // and the live families are a semi- or anti-join of the table on itself. The aggregateSource
    // form (a LEFT JOIN to the DISTINCT live families, under OFFSET 0) kept the whole scan in one
    // process and spilled the table's rows to temporary files (docs/benchmarks.md, issue 26).
    // `g` counts with the predicate without the family clause; `f` adds the clause exactly as the
    // DELETE has it (predicate(rule, c)) when the setting is on, or its converse when off.
    const QString grouped =
        QStringLiteral(
            "(SELECT coalesce(sum(s.n), 0)::bigint AS total,\n"
            "        coalesce(sum(s.n) FILTER (WHERE s.p), 0)::bigint AS removable,\n"
            "        coalesce(sum(s.n) FILTER (WHERE s.adr AND s.rp IS NOT TRUE), 0)::bigint AS adr,\n"
            "        min(s.kmin) FILTER (WHERE s.p) AS key_min, max(s.kmax) FILTER (WHERE s.p) AS key_max\n"
            "   FROM (SELECT (%1) AS p, (%2) AS rp, (%3) AS adr,\n"
            "                count(*) AS n, min(t.id) AS kmin, max(t.id) AS kmax\n"
            "           FROM %4 t GROUP BY 1, 2, 3) s) g")
            .arg(predicate(rule.id, c), rulePredicate(rule.id, c), adrSamplePredicate(rule.id, c),
                 table(rule.id));
    QString eligible = QStringLiteral("g.removable"), keys = QStringLiteral("g.key_min, g.key_max");
    QString liveFamily = QStringLiteral("0::bigint"), from = grouped;
    if (hasFamilies(rule.id)) {
        const QString live = liveFamilyExpression(frozenNow(c, rule.retentionSeconds));
        const QString family = rule.familyAware
                                   ? predicate(rule, c)
                                   : QStringLiteral("%1 AND %2").arg(predicate(rule.id, c), live);
        from +=
            QStringLiteral("\nCROSS JOIN (SELECT count(*) AS n, min(t.id) AS key_min, max(t.id) AS key_max\n"
                           "   FROM %1 t WHERE %2) f")
                .arg(table(rule.id), family);
        if (rule.familyAware) {
            eligible = QStringLiteral("f.n");
            keys = QStringLiteral("f.key_min, f.key_max");
            liveFamily = QStringLiteral("g.removable - f.n");
        } else {
            liveFamily = QStringLiteral("f.n");
        }
    }
    return QStringLiteral("SELECT g.total, %1 AS eligible, g.adr AS adr_sample_in_window,\n"
                          "       %2, %3 AS live_family\nFROM %4")
        .arg(eligible, keys, liveFamily, from);
}

QString Rules::partitionsSql(const QString &c)
{
    return QStringLiteral("SELECT c.oid::regclass::text AS name,\n"
                          "       pg_get_expr(c.relpartbound, c.oid) AS bound,\n"
                          "       pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT' AS is_default,\n"
                          "       b.lo::text AS lower_bound, b.hi::text AS upper_bound,\n"
                          "       (b.hi IS NOT NULL AND b.hi <= %1) AS removable,\n"
                          "%2,\n"
                          "       c.oid::bigint AS oid,\n"
                          "       (SELECT format('%I.%I', n.nspname, c.relname) FROM pg_namespace n\n"
                          "         WHERE n.oid = c.relnamespace) AS qualified_name\n"
                          "FROM pg_inherits i\n"
                          "JOIN pg_class c ON c.oid = i.inhrelid\n"
                          "CROSS JOIN LATERAL (%3) b\n"
                          "WHERE i.inhparent = 'identidad.log_sesiones'::regclass\n"
                          "ORDER BY b.hi NULLS LAST, name")
        .arg(c, partitionSizeColumns().chopped(1),
             boundsOf(QStringLiteral("pg_get_expr(c.relpartbound, c.oid)")));
}

QString Rules::partitionRowsSql()
{
    // Counted per leaf through the parent (its privileges apply), then summed under the
    // partition of log_sesiones each leaf belongs to.
    return QStringLiteral(
        "WITH leaf AS (SELECT tableoid, count(*) AS n FROM identidad.log_sesiones GROUP BY 1)\n"
        "SELECT coalesce((SELECT a.relid FROM pg_partition_ancestors(leaf.tableoid) a\n"
        "                   JOIN pg_inherits i ON i.inhrelid = a.relid\n"
        "                  WHERE i.inhparent = 'identidad.log_sesiones'::regclass),\n"
        "                leaf.tableoid)::regclass::text AS name,\n"
        "       sum(leaf.n)::bigint AS n\n"
        "FROM leaf GROUP BY 1");
}

QString Rules::pendingDetachSql()
{
    return QStringLiteral("SELECT i.inhrelid::regclass::text FROM pg_inherits i\n"
                          "WHERE i.inhparent = 'identidad.log_sesiones'::regclass AND i.inhdetachpending");
}

QString Rules::detachSql(const QString &partition, DetachMode mode)
{
    const QString base = QStringLiteral("ALTER TABLE identidad.log_sesiones DETACH PARTITION ") + partition;
    switch (mode) {
    case DetachMode::Plain:
        return base;
    case DetachMode::Concurrently:
        return base + QStringLiteral(" CONCURRENTLY");
    case DetachMode::Finalize:
        return base + QStringLiteral(" FINALIZE");
    }
    return base;
}

QString Rules::dropPartitionSql(const QString &partition)
{
    return QStringLiteral("DROP TABLE ") + partition;
}

QString Rules::partitionPurgeText(const QString &partition)
{
    return detachSql(partition, DetachMode::Plain) + QStringLiteral(" [CONCURRENTLY];\n") +
           dropPartitionSql(partition) + u';';
}

QString Rules::removableSinceSql(const RuleConfig &config)
{
    const QString interval = retentionInterval(config);
    const QString cutoff = QStringLiteral("(now() - %1)").arg(interval);
    const QString since =
        isPartitionRule(config.id)
            ? QStringLiteral("(SELECT min(s.upper_bound::timestamptz) + %1 AS at, count(*) AS n\n"
                             "   FROM (%2) s WHERE s.removable)")
                  .arg(interval, partitionsSql(cutoff))
            : QStringLiteral("(SELECT min(%1) + %2 AS at, count(*) AS n FROM %3 t WHERE %4)")
                  .arg(ageExpression(config.id), interval, table(config.id), predicate(config, cutoff));
    return QStringLiteral("SELECT to_char(x.at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS "
                          "removable_since,\n"
                          "       extract(epoch FROM now() - x.at) / 3600.0 AS hours_ago, x.n AS removable\n"
                          "FROM %1 x")
        .arg(since);
}

QString Rules::sampleSql(const RuleConfig &rule, const QString &c)
{
    const QString &id = rule.id;
    const RowRuleSql *sql = rowSql(id);
    return QStringLiteral("SELECT %1 FROM %2 t WHERE %3 ORDER BY t.id LIMIT 100")
        .arg(sql ? QString::fromLatin1(sql->sampleColumns) : QStringLiteral("t.id"), table(id),
             predicate(rule, c));
}

QString Rules::tenantSql(const RuleConfig &rule, const QString &c)
{
    const QString &id = rule.id;
    return QStringLiteral(
               "SELECT t.empresa_id, count(*) FROM %1 t WHERE %2 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 25")
        .arg(table(id), predicate(rule, c));
}

} // namespace purga
