// The SQL of legal holds: one match condition per table, composed into every row rule's predicate
// by Rules::predicate, and the statements the preview and the partition purge run about holds.
#include "holdsql.h"

#include "rules.h"
#include "rulesqlparts.h"

#include <QStringList>

#include <atomic>

namespace purga {

namespace {

std::atomic<bool> g_installed{false};

} // namespace

void HoldSql::setInstalled(bool installed)
{
    g_installed.store(installed);
}

bool HoldSql::installed()
{
    return g_installed.load();
}

QString HoldSql::probeSql()
{
    return QStringLiteral("SELECT to_regclass('identidad.purga_retenciones') IS NOT NULL\n"
                          "   AND to_regclass('identidad.purga_retenciones_filas') IS NOT NULL");
}

namespace {

// alcance (the column) and the scope's id (JSON, CLI), in pairs.
const char *const kScopes[][2] = {
    {"usuario", "user"}, {"familia", "family"}, {"empresa", "tenant"}, {"token", "token"}};

} // namespace

QString HoldSql::scopeId(const QString &alcance)
{
    for (const auto &s : kScopes)
        if (alcance == QLatin1String(s[0]))
            return QLatin1String(s[1]);
    return alcance;
}

QString HoldSql::alcanceOf(const QString &scopeId)
{
    for (const auto &s : kScopes)
        if (scopeId == QLatin1String(s[1]))
            return QLatin1String(s[0]);
    return QString();
}

QString HoldSql::table()
{
    return QStringLiteral("identidad.purga_retenciones");
}

QString HoldSql::copiesTable()
{
    return QStringLiteral("identidad.purga_retenciones_filas");
}

QString HoldSql::activeCondition()
{
    return QStringLiteral("h.liberada_en IS NULL AND (h.hasta IS NULL OR h.hasta > now())");
}

QString HoldSql::matchCondition(const QString &ruleId)
{
    // Alias h is the hold, t the row. Words here must not contain "t." but as the row's alias:
    // deleteBatchSql re-aliases the predicate by replacing it.
    const QString byUser = QStringLiteral(
        "(h.empresa_id = t.empresa_id AND (h.usuario_id IS NULL OR h.usuario_id = t.usuario_id))");
    if (ruleId == RuleId::RefreshTokens)
        return QStringLiteral("(%1 OR h.familia_id = t.familia_id OR h.token_hash = t.token_hash)")
            .arg(byUser);
    if (ruleId == RuleId::PreTokens)
        return QStringLiteral("(%1 OR h.token_hash = t.token_hash)").arg(byUser);
    if (ruleId == RuleId::LogSesiones)
        return byUser;
    return QStringLiteral("false");
}

QString HoldSql::exclusion(const QString &ruleId)
{
    // One uncorrelated NOT IN per scope: each is a hashed subplan, read once per statement and probed
    // per row, also inside the FILTER clauses of the counts (a correlated NOT EXISTS there would scan
    // the holds for every row). The columns are NOT NULL on both sides, so NOT IN means "not among".
    // In front of them, one uncorrelated NOT EXISTS (an initplan, read once per statement): while no
    // hold is active, the OR is true before any probe, as each NOT IN over no rows would be. The
    // holds are still read by every statement, so a hold added mid-run binds the next batch.
    const QString active = activeCondition();
    auto notIn = [&](const QString &rowColumns, const QString &holdColumns, const char *alcance) {
        return QStringLiteral("%1 NOT IN (SELECT %2 FROM %3 h WHERE h.alcance = '%4' AND %5)")
            .arg(rowColumns, holdColumns, table(), QLatin1String(alcance), active);
    };
    QStringList parts{notIn(QStringLiteral("(t.empresa_id, t.usuario_id)"),
                            QStringLiteral("h.empresa_id, h.usuario_id"), "usuario"),
                      notIn(QStringLiteral("t.empresa_id"), QStringLiteral("h.empresa_id"), "empresa")};
    if (ruleId == RuleId::RefreshTokens)
        parts << notIn(QStringLiteral("t.familia_id"), QStringLiteral("h.familia_id"), "familia");
    if (ruleId == RuleId::RefreshTokens || ruleId == RuleId::PreTokens)
        parts << notIn(QStringLiteral("t.token_hash"), QStringLiteral("h.token_hash"), "token");
    return QStringLiteral("(NOT EXISTS (SELECT FROM %1 h WHERE %2)\n   OR (%3))")
        .arg(table(), active, parts.join(QStringLiteral("\n  AND ")));
}

QString HoldSql::excludeHeld(const QString &ruleId, const QString &predicate)
{
    if (!installed() || Rules::isPartitionRule(ruleId))
        return predicate;
    return QStringLiteral("(%1\n  AND %2)").arg(predicate, exclusion(ruleId));
}

QString HoldSql::heldCountsSql(const QString &ruleId, const QString &basePredicate,
                               const QString &jobPredicate)
{
    return QStringLiteral("SELECT h.retencion_id, h.motivo, h.alcance,\n"
                          "       count(t.id) FILTER (WHERE %1) AS held_rows,\n"
                          "       count(t.id) FILTER (WHERE %2) AS job_rows\n"
                          "FROM %3 h LEFT JOIN %4 t ON %5\n"
                          "WHERE %6\n"
                          "GROUP BY 1, 2, 3 ORDER BY 1")
        .arg(basePredicate, jobPredicate, table(), Rules::table(ruleId), matchCondition(ruleId),
             activeCondition());
}

QString HoldSql::partitionHeldSql(const QString &partition)
{
    return QStringLiteral("SELECT h.retencion_id, h.motivo, h.alcance, count(t.id) AS held_rows\n"
                          "FROM %1 h LEFT JOIN %2 t ON %3\n"
                          "WHERE %4\n"
                          "GROUP BY 1, 2, 3 ORDER BY 1")
        .arg(table(), partition, matchCondition(RuleId::LogSesiones), activeCondition());
}

QString HoldSql::copyHeldRowsSql(const QString &partition)
{
    return QStringLiteral("INSERT INTO %1 (retencion_id, particion, id, empresa_id, usuario_id, evento, ip,\n"
                          "                user_agent, ocurrido_en)\n"
                          "SELECT h.retencion_id, %2, t.id, t.empresa_id, t.usuario_id, t.evento, t.ip,\n"
                          "       t.user_agent, t.ocurrido_en\n"
                          "FROM %3 h JOIN %4 t ON %5\n"
                          "WHERE %6\n"
                          "ON CONFLICT DO NOTHING")
        .arg(copiesTable(), detail::sqlText(partition), table(), partition,
             matchCondition(RuleId::LogSesiones), activeCondition());
}

} // namespace purga
