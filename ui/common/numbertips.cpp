#include "numbertips.h"

#include "core/rules/rules.h"

#include <QCoreApplication>

namespace purga {

namespace {

// The SQL idea of "removable" for one rule.
QString removableIdea(const QString &ruleId)
{
    if (ruleId == RuleId::RefreshTokens)
        return QCoreApplication::translate(
            "NumberTips",
            "Removable: revoked (revocado) with revocado_en before the cutoff, or expiracion before "
            "the cutoff; the cutoff is now minus the retention (30 days by default).");
    if (ruleId == RuleId::PreTokens)
        return QCoreApplication::translate(
            "NumberTips",
            "Removable: used (usado_en) before the cutoff, or expiracion before the cutoff; the cutoff "
            "is now minus the retention (24 hours by default).");
    return QCoreApplication::translate(
        "NumberTips",
        "Removable: rows of the monthly partitions whose upper bound (read from the catalog) is "
        "older than the cutoff; those partitions are detached and dropped whole.");
}

QString countMeaning(const QString &ruleId, const QString &key)
{
    const bool pre = ruleId == RuleId::PreTokens;
    if (key == QLatin1String("total"))
        return QCoreApplication::translate("NumberTips", "All rows of the table.");
    if (key == QLatin1String("revoked"))
        return pre ? QCoreApplication::translate(
                         "NumberTips", "Pre-tokens already used (usado_en IS NOT NULL), whatever their age.")
                   : QCoreApplication::translate(
                         "NumberTips", "Refresh tokens revoked (revocado = true), whatever their age.");
    if (key == QLatin1String("expired"))
        return QCoreApplication::translate("NumberTips",
                                           "Rows whose expiracion is in the past, whatever the retention.");
    if (key == QLatin1String("removable") || key == QLatin1String("eligible"))
        return QCoreApplication::translate("NumberTips", "Rows the purge would delete now.") + u' ' +
               removableIdea(ruleId);
    if (key == QLatin1String("kept") || key == QLatin1String("retainedByWindow"))
        return QCoreApplication::translate(
            "NumberTips", "Revoked, used or expired, but younger than the retention: kept for forensics "
                          "(spent, and the removable condition is not true).");
    if (key == QLatin1String("retained"))
        return QCoreApplication::translate(
            "NumberTips",
            "Every row the rule keeps: the total minus the removable rows (live tokens included).");
    if (key == QLatin1String("adrInWindow"))
        return QCoreApplication::translate(
            "NumberTips",
            "Rows that the ADR's sample job (revocado = true OR expiracion < cutoff, for pre-tokens "
            "usado_en IS NOT NULL OR …) would delete although they are still inside the forensic "
            "window. This rule keeps them.");
    if (key == QLatin1String("partitions"))
        return QCoreApplication::translate(
            "NumberTips",
            "Partitions attached to log_sesiones, and how many of them are wholly older than the "
            "retention. Bounds come from the catalog (pg_inherits, relpartbound), never from names.");
    return QString();
}

QString exactHow()
{
    return QCoreApplication::translate(
        "NumberTips",
        "Exact: counted row by row with the rule's own count SQL (the statement shown on the Preview "
        "page), at one frozen instant of the database clock.");
}

QString estimateHow(const QString &ruleId, const QString &key)
{
    if (key == QLatin1String("total")) {
        if (Rules::isPartitionRule(ruleId))
            return QCoreApplication::translate(
                "NumberTips",
                "≈ Estimate: sum of the partitions' pg_class.reltuples, refreshed by VACUUM and "
                "ANALYZE. Even in an exact overview only the removable partitions are counted row "
                "by row; the months that stay keep their catalog estimate.");
        return QCoreApplication::translate(
            "NumberTips",
            "≈ Estimate: pg_class.reltuples, the planner's row count, refreshed by VACUUM and "
            "ANALYZE; it can be off by the changes since then. The exact count replaces it when "
            "it arrives.");
    }
    return QCoreApplication::translate("NumberTips",
                                       "Known only from the exact count (the catalog has no such number).");
}

QString otherTip(const QString &key)
{
    if (key == QLatin1String("tableSize"))
        return QCoreApplication::translate(
            "NumberTips",
            "pg_table_size: heap, TOAST and free space map, without indexes (partitions summed). "
            "Deleting rows does not shrink it; VACUUM makes the space reusable.");
    if (key == QLatin1String("indexSize"))
        return QCoreApplication::translate("NumberTips",
                                           "pg_indexes_size: every index of the table (partitions summed).");
    if (key == QLatin1String("deadTuples"))
        return QCoreApplication::translate(
            "NumberTips",
            "n_dead_tup from pg_stat_user_tables: rows deleted or updated but not yet vacuumed. "
            "An estimate kept by the statistics collector.");
    if (key.startsWith(QLatin1String("last")))
        return QCoreApplication::translate(
            "NumberTips",
            "From pg_stat_user_tables, in this computer's time zone. \"never\" since the statistics "
            "were last reset.");
    return QString();
}

// Rich text, so that the tooltip wraps at a readable width instead of one long line.
QString paragraphs(const QString &first, const QString &second = QString())
{
    QString html = QStringLiteral("<p>") + first.toHtmlEscaped() + QStringLiteral("</p>");
    if (!second.isEmpty())
        html += QStringLiteral("<p>") + second.toHtmlEscaped() + QStringLiteral("</p>");
    return html;
}

} // namespace

QString NumberTips::overview(const QString &ruleId, const QString &key, bool exact, bool pending)
{
    const QString other = otherTip(key);
    if (!other.isEmpty())
        return paragraphs(other);
    // log_sesiones: the months that stay keep their catalog estimate even in an exact overview.
    const bool partitionTotal = Rules::isPartitionRule(ruleId) && key == QLatin1String("total");
    QString how = exact && !partitionTotal ? exactHow() : estimateHow(ruleId, key);
    if (key == QLatin1String("partitions"))
        how.clear();
    else if (!exact && pending)
        how += u' ' + QCoreApplication::translate("NumberTips", "The exact count is running.");
    return how.isEmpty() ? countMeaning(ruleId, key)
                         : countMeaning(ruleId, key) + QStringLiteral("\n\n") + how;
}

QString NumberTips::preview(const QString &ruleId, const QString &key)
{
    return paragraphs(countMeaning(ruleId, key), exactHow());
}

} // namespace purga
