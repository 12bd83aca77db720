#pragma once

// What is left of the Purge page's preview after its runs: a run that stopped, was cancelled or
// failed part-way removed some of what the preview counted, so the next run on the same preview
// restates, confirms, plans, checks and records against what is left (core/purge/remainingplan.h),
// never against the preview's first counts (which would make this app's own deletions look like
// rows "updated or removed by others").
#include "core/preview/preview.h"
#include "core/purge/receipt.h"

#include <QCoreApplication>
#include <QStringList>

namespace purga {

class PreviewLeft
{
    Q_DECLARE_TR_FUNCTIONS(PreviewLeft)
public:
    // The plan the next run on `current` runs: what is left of it after this page's runs, or
    // `current` itself when none of them removed anything from it (or it is another preview).
    const PreviewPlan &planFor(const PreviewPlan &current) const;
    // Whether runs of this page removed rows or partitions of `current`.
    bool appliesTo(const PreviewPlan &current) const;
    // A run of `ran` (planFor's answer at its start) ended with `receipt`; a completed one forgets
    // the preview (it is not run again).
    void record(const PreviewPlan &ran, const PurgeReceipt &receipt);

    // "This app's runs on it (1a2b3c4d, ⚠ Stopped) removed 103,856 rows; the counts are what is left."
    // Empty when nothing was removed from `current`.
    QString note(const PreviewPlan &current) const;
    // Rows of `current` this page's runs removed.
    qint64 removed(const PreviewPlan &current) const { return appliesTo(current) ? m_removed : 0; }

private:
    PreviewPlan m_left;
    QStringList m_runs; // "run id (status)", in order
    qint64 m_removed = 0;
    int m_partitions = 0;
};

} // namespace purga
