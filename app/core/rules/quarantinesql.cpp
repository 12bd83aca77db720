// The SQL of the session log's quarantine (quarantinesql.h): what the preview lists, what the
// purge runs instead of a DROP and when the days are over, and what partition-restore checks and runs.
#include "quarantinesql.h"

#include "rulesqlparts.h"

namespace purga::QuarantineSql {

using detail::sqlText;

namespace {

// A UTC text as a timestamptz literal, or NULL (an unbounded side).
QString tsOrNull(const QString &utc)
{
    return utc.isEmpty() ? QStringLiteral("NULL::timestamptz")
                         : sqlText(utc) + QStringLiteral("::timestamptz");
}

QString utcText(const QString &expr)
{
    return QStringLiteral("to_char(%1 AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS+00')").arg(expr);
}

const QString kActive = QStringLiteral("q.restaurada_en IS NULL AND q.eliminada_en IS NULL");

// Whether q.tabla still is the table recorded (same oid).
const QString kPresent = QStringLiteral("coalesce(to_regclass(q.tabla)::oid = q.tabla_oid, false)");

} // namespace

QString schema()
{
    return QStringLiteral("identidad_cuarentena");
}

QString table()
{
    return QStringLiteral("identidad.purga_cuarentena");
}

QString readySql()
{
    return QStringLiteral(
        "SELECT to_regnamespace('identidad_cuarentena') IS NOT NULL AS schema_exists,\n"
        "       to_regclass('identidad.purga_cuarentena') IS NOT NULL AS table_exists,\n"
        "       coalesce(to_regnamespace('identidad_cuarentena') IS NOT NULL\n"
        "                AND has_schema_privilege('identidad_cuarentena', 'CREATE'), false)\n"
        "         AS can_create");
}

QString listSql(const QString &frozen)
{
    return QStringLiteral("SELECT q.cuarentena_id, q.tabla, q.tabla_original, q.limites,\n"
                          "       %2, %3, q.filas, %4, %5,\n"
                          "       q.eliminar_despues <= %1 AS due, %6 AS present,\n"
                          "       CASE WHEN %6 THEN pg_total_relation_size(q.tabla_oid) ELSE 0 END AS bytes\n"
                          "FROM identidad.purga_cuarentena q\n"
                          "WHERE %7\n"
                          "ORDER BY q.limite_desde NULLS FIRST, q.cuarentena_id")
        .arg(frozen, utcText(QStringLiteral("q.limite_desde")), utcText(QStringLiteral("q.limite_hasta")),
             utcText(QStringLiteral("q.puesta_en")), utcText(QStringLiteral("q.eliminar_despues")), kPresent,
             kActive);
}

QString untilSql(const QString &frozen, int days)
{
    return QStringLiteral("SELECT %1")
        .arg(utcText(QStringLiteral("(%1 + make_interval(days => %2))").arg(frozen).arg(days)));
}

QString recordSql(const QString &partition, const QString &bound, const QString &lowerUtc,
                  const QString &upperUtc, qint64 rows, const QString &runId, int days)
{
    return QStringLiteral(
               "INSERT INTO identidad.purga_cuarentena (tabla, tabla_oid, tabla_original, limites,\n"
               "       limite_desde, limite_hasta, filas, corrida_id, eliminar_despues)\n"
               "SELECT format('%I.%I', 'identidad_cuarentena', c.relname), c.oid,\n"
               "       format('%I.%I', n.nspname, c.relname), %2, %3, %4, %5,\n"
               "       CAST(NULLIF(%6, '') AS uuid), now() + make_interval(days => %7)\n"
               "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace\n"
               "WHERE c.oid = to_regclass(%1)\n"
               "RETURNING tabla, %8")
        .arg(sqlText(partition), sqlText(bound), tsOrNull(lowerUtc), tsOrNull(upperUtc),
             QString::number(rows), sqlText(runId), QString::number(days),
             utcText(QStringLiteral("eliminar_despues")));
}

QString moveSql(const QString &partition)
{
    return QStringLiteral("ALTER TABLE %1 SET SCHEMA identidad_cuarentena").arg(partition);
}

QString markerText(const QString &originalName, const QString &bound, const QString &untilUtc)
{
    return QStringLiteral("purga-sesiones: in quarantine (was %1 %2) until %3; partition-restore attaches it "
                          "again")
        .arg(originalName, bound, untilUtc);
}

QString lockDueSql(qint64 id, const QString &frozen)
{
    return QStringLiteral("SELECT q.tabla, %3 AS present FROM identidad.purga_cuarentena q\n"
                          "WHERE q.cuarentena_id = %1 AND %4 AND q.eliminar_despues <= %2\n"
                          "FOR UPDATE")
        .arg(QString::number(id), frozen, kPresent, kActive);
}

QString markDroppedSql(qint64 id, const QString &runId)
{
    return QStringLiteral("UPDATE identidad.purga_cuarentena SET eliminada_en = now(),\n"
                          "       eliminada_corrida = CAST(NULLIF(%2, '') AS uuid)\n"
                          "WHERE cuarentena_id = %1")
        .arg(QString::number(id), sqlText(runId));
}

QString findForRestoreSql(const QString &name)
{
    // The name as typed may be quoted or not, qualified or not: compared with each recorded name,
    // with its bare table name, and with what it resolves to.
    return QStringLiteral("SELECT q.cuarentena_id, q.tabla, q.tabla_original, q.limites, %2, %3, q.filas,\n"
                          "       %4 AS present, to_regclass(q.tabla_original) IS NOT NULL AS back_exists,\n"
                          "       %5, quote_ident((parse_ident(q.tabla_original))[1]) AS original_schema\n"
                          "FROM identidad.purga_cuarentena q\n"
                          "WHERE %6 AND (q.tabla = %1 OR q.tabla_original = %1\n"
                          "       OR (parse_ident(q.tabla))[2] = %1\n"
                          "       OR to_regclass(q.tabla) = to_regclass(%1))\n"
                          "ORDER BY q.cuarentena_id DESC LIMIT 1\n"
                          "FOR UPDATE")
        .arg(sqlText(name), utcText(QStringLiteral("q.limite_desde")),
             utcText(QStringLiteral("q.limite_hasta")), kPresent,
             utcText(QStringLiteral("q.eliminar_despues")), kActive);
}

QString overlapSql(const QString &lowerUtc, const QString &upperUtc)
{
    // Bounds read from the catalog, never from names (detail::boundsOf, as Rules::partitionsSql).
    return QStringLiteral("SELECT c.oid::regclass::text, pg_get_expr(c.relpartbound, c.oid)\n"
                          "FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid\n"
                          "CROSS JOIN LATERAL (%3) b\n"
                          "WHERE i.inhparent = 'identidad.log_sesiones'::regclass\n"
                          "  AND pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'\n"
                          "  AND coalesce(b.lo, '-infinity') < coalesce(%2, 'infinity')\n"
                          "  AND coalesce(b.hi, 'infinity') > coalesce(%1, '-infinity')\n"
                          "ORDER BY 1")
        .arg(tsOrNull(lowerUtc), tsOrNull(upperUtc),
             detail::boundsOf(QStringLiteral("pg_get_expr(c.relpartbound, c.oid)")));
}

QString defaultPartitionSql()
{
    return QStringLiteral(
        "SELECT c.oid::regclass::text FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid\n"
        "WHERE i.inhparent = 'identidad.log_sesiones'::regclass\n"
        "  AND pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT'");
}

QString rowsInRangeSql(const QString &table, const QString &lowerUtc, const QString &upperUtc)
{
    return QStringLiteral("SELECT count(*) FROM %1 WHERE ocurrido_en >= coalesce(%2, '-infinity')\n"
                          "  AND ocurrido_en < coalesce(%3, 'infinity')")
        .arg(table, tsOrNull(lowerUtc), tsOrNull(upperUtc));
}

QString moveBackSql(const QString &quarantined, const QString &schemaIdent)
{
    return QStringLiteral("ALTER TABLE %1 SET SCHEMA %2").arg(quarantined, schemaIdent);
}

QString attachSql(const QString &original, const QString &bound)
{
    return QStringLiteral("ALTER TABLE identidad.log_sesiones ATTACH PARTITION %1 %2").arg(original, bound);
}

QString markRestoredSql(qint64 id)
{
    return QStringLiteral("UPDATE identidad.purga_cuarentena SET restaurada_en = now(), "
                          "restaurada_por = current_user WHERE cuarentena_id = %1")
        .arg(id);
}

} // namespace purga::QuarantineSql
