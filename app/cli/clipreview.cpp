// preview: what each rule would remove, frozen at one database instant.
#include "cliapp.h"

#include "core/preflight/preflight.h"
#include "core/preview/preview.h"
#include "core/util/textformat.h"

namespace purga::cli {

QStringList selectedRules(Context &ctx, bool allByDefault)
{
    QStringList ids = ctx.parser.values(QStringLiteral("rule"));
    if (ctx.parser.isSet(QStringLiteral("all")) || (ids.isEmpty() && allByDefault))
        ids = Rules::ids();
    return ids;
}

// Why the command is refused, as one line (the checks may say the same thing several times,
// e.g. a missing schema for every table).
void refuse(const QStringList &blockers)
{
    QStringList unique;
    for (const QString &b : blockers) {
        const QString line = b.section(u'\n', 0, 0).trimmed();
        if (!line.isEmpty() && !unique.contains(line))
            unique << line;
    }
    Context::error(unique.join(QStringLiteral(" ")), blockers.join(u'\n'));
}

namespace {

// One removable partition, or one detached earlier and not dropped (with why), in words.
void printPartitionHuman(const PartitionInfo &p)
{
    const QString leaves =
        p.leaves > 1 ? Context::tr(", %1 sub-partitions").arg(formatCount(p.leaves)) : QString();
    if (p.detachedNotDropped) {
        Context::printLine(Context::tr("  %1: detached, not dropped (%2 rows, %3%4): %5; the purge drops it")
                               .arg(p.name, formatCount(p.rows), formatBytes(p.bytes), leaves, p.reason));
        return;
    }
    if (!p.removable)
        return;
    Context::printLine(Context::tr("  would detach and drop %1 (%2 rows, %3%4)")
                           .arg(p.name, formatCount(p.rows), formatBytes(p.bytes), leaves));
    if (!p.dependents.isEmpty())
        Context::printLine(Context::tr("    WARNING: DROP TABLE is refused while these depend on it: %1")
                               .arg(p.dependents.join(QStringLiteral(", "))));
}

// "kept by hold INC-123 (#3): N rows" per hold of the rule, and what the job would delete of them.
void printHeldHuman(const RulePreview &r)
{
    const bool partitions = Rules::isPartitionRule(r.id);
    for (const HeldCount &h : r.held) {
        Context::printLine(Context::tr("  kept by hold %1 (#%2): %3 rows")
                               .arg(h.reason)
                               .arg(h.holdId)
                               .arg(formatCount(h.rows)));
        if (partitions && h.rows > 0)
            Context::printLine(
                Context::tr("    copied to the holds' table before their partition is dropped"));
        else if (h.jobRows > 0)
            Context::printLine(
                Context::tr(
                    "    WARNING: the scheduled job's own SQL knows no holds: it would delete %1 of them.")
                    .arg(formatCount(h.jobRows)));
    }
}

} // namespace

void printPreviewHuman(const PreviewPlan &plan)
{
    Context::printLine(Context::tr("Preview frozen at %1 UTC (server time zone %2)")
                           .arg(plan.cutoffBaseUtc, plan.serverTimeZone));
    for (const RulePreview &r : plan.rules) {
        Context::printLine(QString());
        Context::printLine(
            Context::tr("%1 (%2) — cutoff %3 UTC").arg(Rules::title(r.id), r.table, r.cutoffUtc));
        Context::printLine(
            Context::tr("  removable %1, kept %2 (of which %3 only by the retention window), total %4")
                .arg(formatCount(r.eligible), formatCount(r.retained), formatCount(r.retainedByWindow),
                     formatCount(r.total)));
        if (Rules::isShortRetention(r.config))
            Context::printLine(Context::tr("  WARNING: %1").arg(Rules::shortRetentionWarning(r.config)));
        if (!Rules::isPartitionRule(r.id) && r.adrSampleInWindow > 0)
            Context::printLine(
                Context::tr("  WARNING: the ADR's sample SQL would delete %1 rows still inside the "
                            "forensic window.")
                    .arg(formatCount(r.adrSampleInWindow)));
        if (const QString family = r.liveFamilyNote(); !family.isEmpty())
            Context::printLine(QStringLiteral("  ") + family);
        printHeldHuman(r);
        if (r.eligible > 0 && !Rules::isPartitionRule(r.id))
            Context::printLine(Context::tr("  keys %1..%2, ages %3 .. %4")
                                   .arg(r.keyMin)
                                   .arg(r.keyMax)
                                   .arg(r.oldest, r.newest));
        for (const PartitionInfo &p : r.partitions)
            printPartitionHuman(p);
        for (const LeftAloneTable &t : r.leftAlone)
            Context::printLine(Context::tr("  left alone (never dropped): %1: %2").arg(t.name, t.reason));
        for (const QuarantinedPartition &q : r.quarantine)
            Context::printLine(q.due
                                   ? Context::tr("  in quarantine: %1 (was %2, %3 rows), its days ended %4: "
                                                 "this purge drops it")
                                         .arg(q.name, q.originalName, formatCount(q.rows), q.dropAfterUtc)
                                   : Context::tr("  in quarantine: %1 (was %2, %3 rows) until %4")
                                         .arg(q.name, q.originalName, formatCount(q.rows), q.dropAfterUtc));
        if (r.config.quarantineDays > 0 && r.eligible > 0)
            Context::printLine(Context::tr("  removable partitions go to quarantine until %1 (%2 days), not "
                                           "dropped")
                                   .arg(r.quarantineUntilUtc)
                                   .arg(r.config.quarantineDays));
    }
}

int cmdPreview(Context &ctx)
{
    const QStringList ids = selectedRules(ctx, true);
    Session session;
    int code = Exit::Ok;
    if (!ctx.open(ids, &session, &code))
        return code;
    const PreflightReport &report = session.report;
    DbFailure failure;
    if (!report.canPreview(ids)) { // blockers of the chosen rules only
        refuse(report.previewBlockers(ids));
        return Exit::Refused;
    }
    PreviewPlan plan;
    if (!takePreview(session.conn, session.rules, nullptr, nullptr, &plan, &failure)) {
        Context::error(failure.message);
        return Exit::Other;
    }
    if (ctx.json)
        Context::printJson(plan.toJson());
    else
        printPreviewHuman(plan);
    return Exit::Ok;
}

} // namespace purga::cli
