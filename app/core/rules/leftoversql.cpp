// The SQL of partitions this app detached and did not drop (left-overs) and their markers. A
// marker (COMMENT ON TABLE, written before the DETACH) records the table's oid, its schema and
// name and its bounds; a table is a left-over only while it still is exactly that table, so a
// table the DBA moved or renamed to keep it, or one given a copied marker, is never taken for one.
#include "rules.h"
#include "rulesqlparts.h"

namespace purga {

using detail::boundsOf;
using detail::partitionSizeColumns;
using detail::sqlText;

namespace {

// The first line of the marker (later lines hold why a DROP did not happen) and the table's
// schema-qualified name as format('%I.%I') writes it: alias h.
const QString kHead =
    QStringLiteral("CROSS JOIN LATERAL (SELECT split_part(d.description, E'\\n', 1) AS head,\n"
                   "  (SELECT format('%I.%I', n.nspname, c.relname) FROM pg_namespace n\n"
                   "    WHERE n.oid = c.relnamespace) AS qualified) h\n");

const QString kBound = QStringLiteral("substring(h.head FROM 'FOR VALUES .*$')");

// Tables carrying the detach marker, with their bounds read from it (alias b).
QString markedTables()
{
    return QStringLiteral("FROM pg_class c\n"
                          "JOIN pg_description d ON d.objoid = c.oid AND d.classoid = 'pg_class'::regclass\n"
                          "                     AND d.objsubid = 0\n"
                          "%1"
                          "CROSS JOIN LATERAL (%2) b\n"
                          "WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition\n"
                          "  AND starts_with(d.description, %3)\n")
        .arg(kHead, boundsOf(kBound), sqlText(Rules::detachMarkerPrefix()));
}

// Whether the marked table c still is the one its marker names. A marker with an identity: same
// oid and same schema.name. An older marker without one: only identidad.log_sesiones_YYYY_MM
// with bounds of exactly one calendar month (within a DST hour), the month of its name.
const QString kIdentity = QStringLiteral(
    "coalesce(b.lo < b.hi AND CASE WHEN h.head ~ ' oid [0-9]+ table ' THEN\n"
    "    substring(h.head FROM ' oid ([0-9]+) table ')::oid = c.oid\n"
    "    AND substring(h.head FROM ' oid [0-9]+ table (.*) FOR VALUES ') = h.qualified\n"
    "  ELSE h.qualified ~ '^identidad\\.log_sesiones_[0-9]{4}_[0-9]{2}$'\n"
    "    AND b.hi - b.lo BETWEEN interval '27 days 23 hours' AND interval '31 days 1 hour'\n"
    "    AND h.qualified = 'identidad.log_sesiones_' || to_char(b.lo + (b.hi - b.lo) / 2, 'YYYY_MM')\n"
    "  END, false)");

} // namespace

QString Rules::leftoverPartitionsSql()
{
    return QStringLiteral("SELECT c.oid::regclass::text AS name,\n"
                          "       %1 AS bound, false AS is_default,\n"
                          "       b.lo::text AS lower_bound, b.hi::text AS upper_bound,\n"
                          "       true AS removable,\n"
                          "%2,\n"
                          "       d.description AS marker,\n"
                          "       c.oid::bigint AS oid, h.qualified AS qualified_name\n"
                          "%3"
                          "  AND %4\n"
                          "ORDER BY b.hi NULLS LAST, name")
        .arg(kBound, partitionSizeColumns().chopped(1), markedTables(), kIdentity);
}

QString Rules::leftAloneSql()
{
    return QStringLiteral(
               "SELECT c.oid::regclass::text AS name, c.oid::bigint AS oid,\n"
               "       h.qualified AS qualified_name,\n"
               "       h.head ~ ' oid [0-9]+ table ' AS has_identity,\n"
               "       substring(h.head FROM ' oid ([0-9]+) table ')::bigint AS marker_oid,\n"
               "       substring(h.head FROM ' oid [0-9]+ table (.*) FOR VALUES ') AS marker_table,\n"
               "       substring(h.head FROM '\\(run ([^)]*)\\)') AS run_id,\n"
               "       b.lo < b.hi AS bounds_read\n"
               "%1"
               "  AND NOT %2\n"
               "ORDER BY name")
        .arg(markedTables(), kIdentity);
}

QString Rules::leftoverCheckSql(const QString &partition)
{
    // Run under the table's ACCESS EXCLUSIVE lock right before its DROP: what the name resolves
    // to now, and whether that table still is the left-over (then its bound) or why not.
    return QStringLiteral("SELECT x.oid, l.bound, l.lower_bound, l.upper_bound, a.name, a.oid,\n"
                          "       a.qualified_name, a.has_identity, a.marker_oid, a.marker_table, a.run_id,\n"
                          "       a.bounds_read\n"
                          "FROM (SELECT to_regclass(%1)::oid::bigint AS oid) x\n"
                          "LEFT JOIN (%2) l ON l.oid = x.oid\n"
                          "LEFT JOIN (%3) a ON a.oid = x.oid")
        .arg(sqlText(partition), leftoverPartitionsSql(), leftAloneSql());
}

QString Rules::detachMarkerPrefix()
{
    return QStringLiteral("purga-sesiones: detaching from identidad.log_sesiones");
}

QString Rules::detachMarker(const QString &runId, const TableIdentity &table, const QString &bound, bool keep)
{
    const QString head = keep
                             ? QStringLiteral("purga-sesiones: detached from identidad.log_sesiones and kept "
                                              "(detach only)")
                             : detachMarkerPrefix();
    return QStringLiteral("%1 (run %2) oid %3 table %4 %5")
        .arg(head, runId, QString::number(table.oid), table.qualifiedName, bound);
}

QString Rules::notDroppedMarker(const QString &marker, const QString &reason)
{
    return marker.section(u'\n', 0, 0) + QStringLiteral("\nnot dropped: ") + reason;
}

QString Rules::commentSql(const QString &partition, const QString &comment)
{
    return QStringLiteral("COMMENT ON TABLE %1 IS %2").arg(partition, sqlText(comment));
}

} // namespace purga
