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

namespace {

// Member f of a family is live at instant %1: not expired, and not revoked by then.
QString liveMember(const QString &nowLiteral)
{
    return QStringLiteral(
               "f.expiracion >= %1 AND NOT (f.revocado AND (f.revocado_en IS NULL OR f.revocado_en <= %1))")
        .arg(nowLiteral);
}

} // namespace

QString Rules::liveFamilyExpression(const QString &nowLiteral)
{
    // Row t's own family only (f.id <> t.id is not needed: a removable row is never live at now).
    return QStringLiteral("EXISTS (SELECT 1 FROM identidad.trx_refresh_tokens f\n"
                          "         WHERE f.familia_id = t.familia_id AND %1)")
        .arg(liveMember(nowLiteral));
}

QString Rules::familyClause(const RuleConfig &rule, const QString &cutoffLiteral)
{
    if (!rule.familyAware || !hasFamilies(rule.id))
        return QString();
    return QStringLiteral(" AND NOT ") +
           liveFamilyExpression(frozenNow(cutoffLiteral, rule.retentionSeconds));
}

// The preview count (countSql) tests the predicate in a dozen FILTERs: there a correlated EXISTS
// would probe the index once per row and FILTER (10x the scan at 1M rows), so it joins the live
// families once (one hash) and tests lf.familia_id instead. The same
// liveness condition as the EXISTS form; tst_familyretention holds their results equal.
QString Rules::liveFamilyJoin(const RuleConfig &rule, const QString &cutoffLiteral)
{
    if (!hasFamilies(rule.id))
        return QString();
    return QStringLiteral(
               "\nLEFT JOIN (SELECT DISTINCT f.familia_id FROM identidad.trx_refresh_tokens f\n"
               "           WHERE f.familia_id IS NOT NULL AND %1) lf ON lf.familia_id = t.familia_id")
        .arg(liveMember(frozenNow(cutoffLiteral, rule.retentionSeconds)));
}

QString Rules::aggregatePredicate(const RuleConfig &rule, const QString &cutoffLiteral)
{
    if (!rule.familyAware || !hasFamilies(rule.id))
        return predicate(rule.id, cutoffLiteral);
    return u'(' + predicate(rule.id, cutoffLiteral) + QStringLiteral(" AND lf.familia_id IS NULL)");
}

QString Rules::liveFamilyCountColumn(const RuleConfig &rule, const QString &)
{
    // What the rule removes with the setting off that belongs to a live family: the rows the
    // setting keeps when on, and removes when off. Zero for rules without families. Over
    // aggregateSource's columns.
    if (!hasFamilies(rule.id))
        return QStringLiteral("0::bigint AS live_family");
    return QStringLiteral("count(*) FILTER (WHERE t.purga_p AND t.purga_lf) AS live_family");
}

} // namespace purga
