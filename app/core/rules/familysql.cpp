// Family-aware retention of refresh tokens (issue 24, RFC 9700 §4.14.2): the one clause that keeps
// a revoked or rotated token while any member of its family (familia_id) is still live, so that
// reuse of an old member can be detected for the family's whole life. rulesql.cpp composes it into
// the rule's predicate at a single hook (Rules::predicate(RuleConfig, ...)), so the counts, the
// preview, the batches and the health check all read the same text.
//
// "Live" is judged at the plan's frozen instant (the cutoff plus the retention), never at the
// database's later now(): a member revoked or created after the preview only ever keeps more, so
// a purge never removes a row its preview kept. A revoked member without revocado_en counts as
// revoked. A row without a family (NULL familia_id) has no live family: the clause never keeps it.
// The probe is an equality on familia_id: identidad_schema.sql has trx_refresh_tokens_familia_idx,
// and the preflight warns when the table lacks an index leading with familia_id.
#include "rules.h"

namespace purga {

bool Rules::hasFamilies(const QString &id)
{
    return id == RuleId::RefreshTokens;
}

QString Rules::frozenNow(const QString &cutoffLiteral, qint64 retentionSeconds)
{
    return QStringLiteral("(%1 + make_interval(secs => %2))").arg(cutoffLiteral).arg(retentionSeconds);
}

QString Rules::liveFamilyExpression(const QString &nowLiteral)
{
    // Row t's own family only (f.id <> t.id is not needed: a removable row is never live at now).
    return QStringLiteral(
               "EXISTS (SELECT 1 FROM identidad.trx_refresh_tokens f\n"
               "         WHERE f.familia_id = t.familia_id AND f.expiracion >= %1\n"
               "           AND NOT (f.revocado AND (f.revocado_en IS NULL OR f.revocado_en <= %1)))")
        .arg(nowLiteral);
}

QString Rules::familyClause(const RuleConfig &rule, const QString &cutoffLiteral)
{
    if (!rule.familyAware || !hasFamilies(rule.id))
        return QString();
    return QStringLiteral(" AND NOT ") +
           liveFamilyExpression(frozenNow(cutoffLiteral, rule.retentionSeconds));
}

QString Rules::liveFamilyCountColumn(const RuleConfig &rule, const QString &cutoffLiteral)
{
    // What the rule removes with the setting off that belongs to a live family: the rows the
    // setting keeps when on, and removes when off. Zero for rules without families.
    if (!hasFamilies(rule.id))
        return QStringLiteral("0::bigint AS live_family");
    RuleConfig off = rule;
    off.familyAware = false;
    return QStringLiteral("count(*) FILTER (WHERE %1 AND %2) AS live_family")
        .arg(predicate(off, cutoffLiteral),
             liveFamilyExpression(frozenNow(cutoffLiteral, rule.retentionSeconds)));
}

} // namespace purga
