#include "previewleft.h"

#include "core/purge/remainingplan.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"

namespace purga {

namespace {

QString shortId(const QString &runId)
{
    return runId.left(8);
}

int partitionsRemoved(const PurgeReceipt &receipt)
{
    int n = 0;
    for (const RuleReceipt &r : receipt.rules)
        n += int(r.droppedPartitions.size() + r.detachedPartitions.size());
    return n;
}

} // namespace

bool PreviewLeft::appliesTo(const PreviewPlan &current) const
{
    return !m_left.isEmpty() && !current.takenAtUtc.isEmpty() && m_left.takenAtUtc == current.takenAtUtc;
}

const PreviewPlan &PreviewLeft::planFor(const PreviewPlan &current) const
{
    return appliesTo(current) ? m_left : current;
}

void PreviewLeft::record(const PreviewPlan &ran, const PurgeReceipt &receipt)
{
    // A completed run leaves nothing of its preview to run (the page refuses it again).
    if (receipt.status == RunStatus::Ok) {
        *this = PreviewLeft();
        return;
    }
    const qint64 rows = rowsRemoved(receipt);
    const int partitions = partitionsRemoved(receipt);
    if (rows == 0 && partitions == 0)
        return;
    if (m_left.isEmpty() || m_left.takenAtUtc != ran.takenAtUtc) {
        m_runs.clear();
        m_removed = 0;
        m_partitions = 0;
    }
    m_left = remainingPlan(ran, receipt);
    m_removed += rows;
    m_partitions += partitions;
    m_runs << tr("%1, %2").arg(shortId(receipt.runId),
                               RunFormat::statusText(receipt.status, receipt.stopped));
}

QString PreviewLeft::note(const PreviewPlan &current) const
{
    if (!appliesTo(current))
        return QString();
    const QString what =
        m_partitions > 0 ? tr("%1 rows and %2 partitions").arg(Display::number(m_removed)).arg(m_partitions)
                         : tr("%1 rows").arg(Display::number(m_removed));
    return tr("This app's runs on it (%1) removed %2; the counts are what is left.")
        .arg(m_runs.join(QStringLiteral("; ")), what);
}

} // namespace purga
