// The row rules' batch statements: one per batch strategy of the purge (core/purge/batchstrategy.h),
// each built from the rule's predicate (Rules::predicate: the holds and the family-aware setting
// included), the one the preview counts with.
#include "rules.h"

namespace purga {

namespace {

// The predicate over alias s, for the statements' inner reads. HoldSql and the family clause write
// "t." only as the row's alias (holdsql.cpp), so a replace re-aliases it.
QString predicateOverS(const RuleConfig &rule, const QString &c)
{
    return Rules::predicate(rule, c).replace(QStringLiteral("t."), QStringLiteral("s."));
}

} // namespace

QString Rules::deleteBatchSql(const RuleConfig &rule, const QString &c)
{
    const QString &id = rule.id;
    // TID-range batches: each batch reads only its own blocks (no rescans of the dead prefix), and
    // at most %LIMIT% rows of them (the batch size is a hard bound: a chunk that grew over an empty
    // stretch cannot delete more; the engine then runs the same range again). The preview's key
    // range bounds it and the rule's predicate is re-checked in the DELETE itself.
    // "s.id + 0" keeps that guard out of the planner's index probes: on a bare "id BETWEEN" it
    // looks up the live minimum in the primary key on every batch, walking the entries of every
    // row deleted so far, so each batch would be slower than the one before.
    // No RETURNING: the count comes from the command tag.
    const QString inner = predicateOverS(rule, c);
    return QStringLiteral("DELETE FROM %1 t\n"
                          "WHERE t.ctid = ANY (ARRAY(\n"
                          "    SELECT s.ctid FROM %1 s\n"
                          "    WHERE s.ctid >= '(%TID_FROM%,0)'::tid AND s.ctid < '(%TID_TO%,0)'::tid\n"
                          "      AND s.id + 0 BETWEEN %KEY_MIN% AND %KEY_MAX%\n"
                          "      AND %3\n"
                          "    LIMIT %LIMIT%))\n"
                          "  AND %2")
        .arg(table(id), predicate(rule, c), inner);
}

QString Rules::deleteRangeSql(const RuleConfig &rule, const QString &c)
{
    // The TID-range batch in one pass: every removable row of blocks [%TID_FROM%, %TID_TO%) in the
    // preview's key range, read once (a TID Range Scan) and deleted. The chunk planner sizes a range
    // to hold about 90 % of the batch size; the purge rolls back a batch that removed more than
    // %LIMIT% rows and reads that range again smaller, or with deleteBatchSql's LIMIT, so that no
    // committed batch exceeds the batch size. "t.id + 0" as in deleteBatchSql.
    return QStringLiteral("DELETE FROM %1 t\n"
                          "WHERE t.ctid >= '(%TID_FROM%,0)'::tid AND t.ctid < '(%TID_TO%,0)'::tid\n"
                          "  AND t.id + 0 BETWEEN %KEY_MIN% AND %KEY_MAX%\n"
                          "  AND %2")
        .arg(table(rule.id), predicate(rule, c));
}

QString Rules::purgeBatchText(const RuleConfig &rule, const QString &c)
{
    return QStringLiteral("-- %1\n%2;\n-- %3\n%4;")
        .arg(tr("Each batch: every removable row of one TID range; a batch that removed more than %LIMIT% "
                "is rolled back and its range read again smaller."),
             deleteRangeSql(rule, c),
             tr("A range that could hold more than twice %LIMIT% removable rows (grown over an empty "
                "stretch), "
                "or one block holding more than %LIMIT%: at most %LIMIT% a batch."),
             deleteBatchSql(rule, c));
}

QString Rules::deleteKeysetBatchSql(const RuleConfig &rule, const QString &c)
{
    const QString &id = rule.id;
    // Keyset batches in (empresa_id, id) order, the key a table distributed by empresa_id keeps
    // (docs/distributed.md). `span` reads the next %SPAN% keys after (%EMPRESA_FROM%, %ID_FROM%)
    // with the rule's predicate as a column, not as a filter: with it as a filter PostgreSQL
    // preferred a sequential scan and a sort of the whole table for every batch, whereas the span
    // walks an index on (empresa_id, id) (the run says so when there is none). `pick` takes at most
    // %LIMIT% removable rows of the span (the hard bound), the DELETE re-checks the predicate on
    // the row itself, and `stop` is where the next batch starts: after the last picked row when the
    // LIMIT cut the span, else after the span. The result is one row: deleted, picked, spanned,
    // consumed (span rows up to the stop), and the stop's empresa_id and id (NULL: an empty span).
    // The DELETE finds its rows by id through an array, as the TID form does by ctid: joined to the
    // CTE (whose size the planner cannot know) it hashed it and scanned the whole table each batch.
    // CAST(... AS bigint): the first batch starts below every key, at -2^63, which as a bare literal
    // would be a numeric and keep the comparison off the index. "s.id + 0" as in deleteBatchSql.
    return QStringLiteral(
               "WITH span AS MATERIALIZED (\n"
               "    SELECT s.empresa_id, s.id,\n"
               "           (s.id + 0 BETWEEN %KEY_MIN% AND %KEY_MAX% AND %3) IS TRUE AS removable\n"
               "    FROM %1 s\n"
               "    WHERE (s.empresa_id, s.id) >\n"
               "          (CAST(%EMPRESA_FROM% AS bigint), CAST(%ID_FROM% AS bigint))\n"
               "    ORDER BY s.empresa_id, s.id\n"
               "    LIMIT %SPAN%),\n"
               "pick AS MATERIALIZED (\n"
               "    SELECT k.empresa_id, k.id FROM span k WHERE k.removable\n"
               "    ORDER BY k.empresa_id, k.id LIMIT %LIMIT%),\n"
               "gone AS (\n"
               "    DELETE FROM %1 t\n"
               "    WHERE t.id = ANY (ARRAY(SELECT p.id FROM pick p))\n"
               "      AND %2\n"
               "    RETURNING 1),\n"
               "stop AS (\n"
               "    SELECT k.empresa_id, k.id FROM (\n"
               "        SELECT p.empresa_id, p.id, 0 AS o FROM pick p\n"
               "         WHERE (SELECT count(*) FROM pick) >= %LIMIT%\n"
               "        UNION ALL\n"
               "        SELECT k.empresa_id, k.id, 1 FROM span k) k\n"
               "    ORDER BY k.o, k.empresa_id DESC, k.id DESC LIMIT 1)\n"
               "SELECT (SELECT count(*) FROM gone) AS deleted,\n"
               "       (SELECT count(*) FROM pick) AS picked,\n"
               "       (SELECT count(*) FROM span) AS spanned,\n"
               "       (SELECT count(*) FROM span k, stop z\n"
               "         WHERE (k.empresa_id, k.id) <= (z.empresa_id, z.id)) AS consumed,\n"
               "       (SELECT z.empresa_id FROM stop z) AS stop_empresa_id,\n"
               "       (SELECT z.id FROM stop z) AS stop_id")
        .arg(table(id), predicate(rule, c), predicateOverS(rule, c));
}

} // namespace purga
