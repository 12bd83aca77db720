#include "purgestart.h"

#include "core/locks/lockholders.h"
#include "core/preflight/rolechecks.h"
#include "core/purge/pacer.h"
#include "core/rules/rules.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"

#include <algorithm>

namespace purga {

bool PurgeStart::hasWork(const RulePreview &rule)
{
    if (rule.eligible > 0)
        return true;
    for (const PartitionInfo &p : rule.partitions)
        if (p.removable && !p.isDefault)
            return true;
    return false;
}

QStringList PurgeStart::blockers(const PurgeStartFacts &facts)
{
    const AppState &state = *facts.state;
    if (facts.running)
        return {tr("A purge is already running.")};
    if (!state.isConnected())
        return {tr("Not connected: connect to a database first.")};
    const PreflightReport &report = state.preflight();
    if (report.serverVersionNum == 0 && report.items.isEmpty())
        return {tr("Waiting for the preflight checks of this connection.")};
    // Blockers are per rule: a role that may DELETE but not DETACH still purges the row rules.
    if (report.purgeableRules().isEmpty()) {
        const QStringList blockers = report.purgeBlockers();
        return blockers.isEmpty() ? QStringList{tr("The preflight checks do not allow a purge.")} : blockers;
    }
    // A lag limit set in the profile that this role cannot see refuses; the default one only warns.
    const int maxLag = PacingOptions::maxLagFromProfile(state.profile().ruleOverrides);
    const QString lagRefusal =
        maxLag > 0 ? lagLimitRefusal(
                         report, tr("The profile's replica lag limit of %1 ms").arg(Display::number(maxLag)))
                   : QString();
    if (!lagRefusal.isEmpty())
        return {lagRefusal};
    const PreviewPlan &plan = *facts.plan;
    if (plan.isEmpty())
        return {tr("There is no preview: take one first. The purge runs exactly what a preview froze.")};
    if (state.isPreviewStale())
        return {tr("The rule settings changed after this preview was taken: take a new preview.")};
    if (!facts.purgedPreview.isEmpty() && facts.purgedPreview == plan.takenAtUtc)
        return {tr("This preview has already been purged (run %1). Take a new preview to purge again.")
                    .arg(facts.lastRunId)};
    if (std::none_of(plan.rules.cbegin(), plan.rules.cend(), hasWork))
        return {tr("The preview found nothing to remove.")};
    // A purge now would take nothing but a refusal: pg_try_advisory_lock answers false.
    if (facts.lockHeldByOthers && facts.lock && facts.lock->holder)
        return {tr("Another session holds purge lock %1: %2. A purge now would delete nothing; Start purge… "
                   "is enabled once the lock panel reads it free (Check again).")
                    .arg(facts.lock->key)
                    .arg(facts.lock->holder->describe())};
    QStringList withWork;
    for (const RulePreview &rule : plan.rules)
        if (hasWork(rule))
            withWork << rule.id;
    if (std::none_of(withWork.cbegin(), withWork.cend(),
                     [&](const QString &id) { return report.canPurge({id}); }))
        return report.purgeBlockers(withWork);
    return {};
}

QMap<QString, QString> PurgeStart::refusedRules(const AppState &state)
{
    QMap<QString, QString> out;
    const PreflightReport &report = state.preflight();
    for (const RulePreview &rule : state.previewPlan().rules)
        if (!report.canPurge({rule.id}))
            out.insert(rule.id, report.purgeBlockers({rule.id}).join(QStringLiteral("; ")));
    return out;
}

QString PurgeStart::summary(const PreviewPlan &plan, const QString &leftNote)
{
    if (plan.isEmpty())
        return tr("No preview yet.");
    QStringList parts;
    for (const RulePreview &rule : plan.rules) {
        int partitions = 0;
        for (const PartitionInfo &p : rule.partitions)
            partitions += p.removable && !p.isDefault ? 1 : 0;
        parts << (Rules::isPartitionRule(rule.id)
                      ? tr("%1: %2 partitions (%3 rows)")
                            .arg(Rules::title(rule.id), Display::number(partitions),
                                 Display::number(rule.eligible))
                      : tr("%1: %2 rows").arg(Rules::title(rule.id), Display::number(rule.eligible)));
    }
    const QString frozen = RunFormat::utc(plan.cutoffBaseUtc), local = Display::localTime(plan.cutoffBaseUtc);
    const QString rules = parts.join(QStringLiteral(" · "));
    return leftNote.isEmpty() ? tr("Preview frozen at %1 (%2).\n%3").arg(frozen, local, rules)
                              : tr("Preview frozen at %1 (%2). %3\n%4").arg(frozen, local, leftNote, rules);
}

} // namespace purga
