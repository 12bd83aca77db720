#include "receiptnotes.h"

#include "keysetstrategy.h"

#include "core/util/textformat.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace purga {

void notePlan(const PreviewPlan &plan, const QStringList &ruleIds, PurgeReceipt *receipt)
{
    for (const QString &id : ruleIds) {
        const RulePreview *r = plan.rule(id);
        if (!r)
            continue;
        if (!Rules::isPartitionRule(id))
            receipt->jobWouldDelete.insert(id, r->adrSampleInWindow);
        if (Rules::hasFamilies(id))
            receipt->familyRetention.insert(id, {r->config.familyAware, r->liveFamily});
        for (const HeldCount &h : r->held) {
            QJsonObject o = h.toJson();
            o.insert(QStringLiteral("rule"), id);
            receipt->held.append(o);
        }
        const QString warning = Rules::shortRetentionWarning(r->config);
        if (!warning.isEmpty())
            receipt->shortRetention << warning;
    }
}

QString jobWouldDeleteText(const QString &ruleId, qint64 rows)
{
    if (rows <= 0)
        return QString();
    return QCoreApplication::translate(
               "ReceiptNotes", "%1: the scheduled job's own SQL would still delete %2 rows this purge "
                               "keeps (inside the forensic window, ADR 0021).")
        .arg(Rules::table(ruleId), formatCount(rows));
}

QString leftAloneText(qint64 counted, qint64 deleted)
{
    if (deleted >= counted)
        return QString();
    // Each batch reads the rule and the holds as they are then: a row updated, removed by someone
    // else, or put under a hold after the count is not removed, and the count still had it.
    return QCoreApplication::translate("purga::detail",
                                       "The preview counted %1: %2 rows changed since and were left alone "
                                       "(updated or removed by others, or kept by a legal hold added during "
                                       "the run).")
        .arg(formatCount(counted), formatCount(counted - deleted));
}

QStringList receiptNotes(const PurgeReceipt &receipt)
{
    QStringList lines;
    for (auto it = receipt.jobWouldDelete.cbegin(); it != receipt.jobWouldDelete.cend(); ++it) {
        const QString text = jobWouldDeleteText(it.key(), it.value());
        if (!text.isEmpty())
            lines << text;
    }
    for (auto it = receipt.familyRetention.cbegin(); it != receipt.familyRetention.cend(); ++it)
        if (it->liveFamilyRows > 0)
            lines << Rules::table(it.key()) + QStringLiteral(": ") +
                         liveFamilyText(it->familyAware, it->liveFamilyRows);
    for (const QJsonValue &v : receipt.held) {
        const QJsonObject h = v.toObject();
        if (h.value(QStringLiteral("rows")).toDouble() <= 0)
            continue;
        const QString rule = h.value(QStringLiteral("rule")).toString();
        lines << QCoreApplication::translate(
                     "ReceiptNotes", "%1: kept by hold %2 (#%3): %4 rows; the scheduled job's own SQL "
                                     "would delete %5 of them (it knows no holds).")
                     .arg(Rules::table(rule), h.value(QStringLiteral("reason")).toString(),
                          QString::number(qint64(h.value(QStringLiteral("hold_id")).toDouble())),
                          formatCount(qint64(h.value(QStringLiteral("rows")).toDouble())),
                          formatCount(qint64(h.value(QStringLiteral("job_rows")).toDouble())));
    }
    // A finished row rule that removed fewer rows than it counted says why (a stopped one says so
    // in its status).
    for (const RuleReceipt &r : receipt.rules)
        if (r.status == RuleStatus::Ok && !Rules::isPartitionRule(r.ruleId))
            if (const QString why = leftAloneText(r.planned, r.deleted); !why.isEmpty())
                lines << Rules::table(r.ruleId) + QStringLiteral(": ") + why;
    for (const QString &w : receipt.shortRetention)
        lines << QCoreApplication::translate("ReceiptNotes", "Warning: %1").arg(w);
    for (const RuleReceipt &r : receipt.rules)
        if (r.keysetUnindexed)
            lines << keysetUnindexedText(r.table);
    for (const LockWaiter &w : receipt.lockWaiters)
        lines << QCoreApplication::translate("ReceiptNotes",
                                             "Session %1 waited for the purge lock during this run.")
                     .arg(w.describe());
    return lines;
}

} // namespace purga
