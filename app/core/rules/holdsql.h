#pragma once

// The SQL of legal holds (identidad.purga_retenciones, installed by setup-history): which rows of
// each rule's table a hold matches, the clause that keeps them out of every row rule's predicate
// (Rules::predicate composes it in, so preview and purge exclude the same rows), the per-hold
// counts of the preview, and the copy of held log rows before a partition is dropped.
#include <QString>

namespace purga {

class HoldSql
{
public:
    // Whether the holds table exists in the connected database: the predicate excludes held rows
    // only then (a database without setup-history has no holds and no table to name). Set by
    // takePreview() from its own probe, before it builds any statement; the purge engine builds its
    // batches from the same preview in the same process.
    static void setInstalled(bool installed);
    static bool installed();
    // One row, one boolean: the holds table and the copies table exist.
    static QString probeSql();

    // The scope as the JSON and the CLI name it (user, family, tenant, token) from the column
    // alcance (usuario, familia, empresa, token), and back.
    static QString scopeId(const QString &alcance);
    static QString alcanceOf(const QString &scopeId);

    static QString table();       // identidad.purga_retenciones
    static QString copiesTable(); // identidad.purga_retenciones_filas

    // "A hold holds" over alias h: not released and not expired at now().
    static QString activeCondition();
    // Hold h matches row t of rule `ruleId`'s table: by user and tenant (every table), by family
    // (refresh tokens), by token hash (refresh tokens and pre-tokens). "false" for unknown ids.
    static QString matchCondition(const QString &ruleId);
    // "Not held" for row rule `ruleId` over alias t: no active hold at all, or one NOT IN per scope
    // its table has.
    static QString exclusion(const QString &ruleId);
    // The predicate of row rule `ruleId` with held rows excluded (unchanged when not installed()).
    static QString excludeHeld(const QString &ruleId, const QString &predicate);
    // Held rows per active hold: hold_id, reason, scope, rows (those `basePredicate` would remove),
    // job_rows (those the ADR job's `jobPredicate` would delete). Holds matching nothing included.
    static QString heldCountsSql(const QString &ruleId, const QString &basePredicate,
                                 const QString &jobPredicate);
    // The same for one partition of log_sesiones (every row of it would go): hold_id, reason,
    // scope, rows.
    static QString partitionHeldSql(const QString &partition);
    // Copies the held rows of `partition` (a catalog name) into copiesTable(), one per hold and
    // row, with the partition's name; the command tag counts them.
    static QString copyHeldRowsSql(const QString &partition);
};

} // namespace purga
