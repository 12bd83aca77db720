#pragma once

// The SQL of the session log's quarantine (issue 24): with RuleConfig::quarantineDays above 0 a
// detached partition of identidad.log_sesiones is moved to schema identidad_cuarentena instead of
// dropped, recorded in identidad.purga_cuarentena (resources/sql/purga_historial.sql), and dropped
// by the first purge after its days; partition-restore attaches it again. The preview, the purge and
// the restore all read this text.
#include <QString>

namespace purga::QuarantineSql {

QString schema(); // identidad_cuarentena
QString table();  // identidad.purga_cuarentena

// One row: schema_exists, table_exists, can_create (CREATE on the schema, which SET SCHEMA needs).
QString readySql();
// The partitions in quarantine now (neither restored nor dropped), oldest bound first, at the frozen
// instant `frozenNowLiteral` (an SQL timestamptz literal): id, tabla, tabla_original, limites,
// limite_desde, limite_hasta (UTC text, NULL for MINVALUE/MAXVALUE), filas, puesta_en,
// eliminar_despues (UTC text), due (eliminar_despues <= the frozen instant), present (the recorded
// table is still there, same oid), bytes.
QString listSql(const QString &frozenNowLiteral);
// `frozenNowLiteral` plus `days` as UTC text: when a partition moved now would go.
QString untilSql(const QString &frozenNowLiteral, int days);

// Inside the purge's DDL transaction, instead of DROP TABLE: records `partition` (a catalog name,
// still in its schema) then moves it. The record returns tabla and eliminar_despues (UTC text).
QString recordSql(const QString &partition, const QString &bound, const QString &lowerUtc,
                  const QString &upperUtc, qint64 rows, const QString &runId, int days);
QString moveSql(const QString &partition); // ALTER TABLE … SET SCHEMA identidad_cuarentena
// The marker written on a quarantined table (not the detach marker: never taken for a left-over).
QString markerText(const QString &originalName, const QString &bound, const QString &untilUtc);

// The purge's drop of a due entry, under the entry's row lock: tabla, present (same oid), or no row
// when it was restored or dropped meanwhile or is not due at the frozen instant.
QString lockDueSql(qint64 id, const QString &frozenNowLiteral);
QString markDroppedSql(qint64 id, const QString &runId);

// partition-restore: the entry called `name` (as it is now, as it was, or its bare table name),
// locked: id, tabla, tabla_original, limites, limite_desde, limite_hasta, filas, present,
// back_exists (a table of the original name exists), eliminar_despues, original_schema.
QString findForRestoreSql(const QString &name);
// Attached partitions of log_sesiones (DEFAULT aside) whose bounds overlap [lo, hi) (NULL: unbounded).
QString overlapSql(const QString &lowerUtc, const QString &upperUtc);
// The DEFAULT partition of log_sesiones (its name), no row when it has none.
QString defaultPartitionSql();
// Rows of `table` with ocurrido_en in [lo, hi).
QString rowsInRangeSql(const QString &table, const QString &lowerUtc, const QString &upperUtc);
// The restore's DDL; `schemaIdent` is a quoted identifier (findForRestoreSql's original_schema).
QString moveBackSql(const QString &quarantined, const QString &schemaIdent);
QString attachSql(const QString &original, const QString &bound);
QString markRestoredSql(qint64 id);

} // namespace purga::QuarantineSql
