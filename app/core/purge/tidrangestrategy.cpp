// --strategy tid: TID-range batches (tidrangestrategy.h).
#include "tidrangestrategy.h"

#include "receipt.h"
#include "rulerun.h"

#include <QSqlQuery>
#include <QVariant>

namespace purga::detail {

TidRangeStrategy::TidRangeStrategy(const RulePreview &preview)
    : m_preview(preview)
    , m_limits(chunkLimitsOf(preview.config))
{
    const QString c = Rules::cutoffLiteral(preview.cutoffUtc);
    m_sql = Rules::purgeBatchText(preview.config, c);
    m_single = withKeyRange(Rules::deleteRangeSql(preview.config, c), preview);
    m_bounded = withKeyRange(Rules::deleteBatchSql(preview.config, c), preview);
}

bool TidRangeStrategy::prepare(QSqlQuery &q, PurgeContext &ctx, int limit)
{
    // The batch size may change during the run (GUI): the chunk planner follows it.
    m_limits.batchSize = limit;
    if (m_blocks < 0) {
        if (!q.exec(QStringLiteral("SELECT pg_relation_size(to_regclass('%1')) / "
                                   "current_setting('block_size')::bigint")
                        .arg(m_preview.table)) ||
            !q.next())
            return false;
        m_blocks = qMax<qint64>(1, q.value(0).toLongLong());
        m_plan = firstChunk(m_preview.eligible, m_blocks, m_limits);
        ctx.log(QCoreApplication::translate("purga::detail", "%1: %2 blocks, first chunk %3 blocks.")
                    .arg(m_preview.table)
                    .arg(m_blocks)
                    .arg(m_plan.chunk));
    }
    m_to = qMin(qMax<qint64>(m_blocks, 1), m_from + m_plan.chunk);
    return true;
}

QString TidRangeStrategy::rangeSql(const QString &templateSql, int limit, qint64 from, qint64 to)
{
    return QString(templateSql)
        .replace(QStringLiteral("%LIMIT%"), QString::number(limit))
        .replace(QStringLiteral("%TID_FROM%"), QString::number(from))
        .replace(QStringLiteral("%TID_TO%"), QString::number(to));
}

QString TidRangeStrategy::batchSql() const
{
    return rangeSql(m_plan.bounded ? m_bounded : m_single, m_limits.batchSize, m_from,
                    m_to >= m_blocks ? kOpenEnd : m_to);
}

qint64 TidRangeStrategy::removed(const StatementResult &result)
{
    return qMax<qint64>(0, result.rows); // the DELETE's command tag
}

bool TidRangeStrategy::overshot(qint64 removed, int limit)
{
    if (m_plan.bounded || removed <= limit)
        return false;
    m_plan = overshotChunk(m_plan, removed, m_to - m_from, m_limits);
    ++m_redone;
    return true;
}

void TidRangeStrategy::advance(qint64 removed, double ms)
{
    m_done = qMax(m_done, m_to);
    // A single pass reads its whole range. A full bounded batch may have left removable rows in its
    // range: the next batch reads it again, and the density is judged once the range is done, over
    // all its rows.
    m_rangeRows += removed;
    const bool rangeDone = !m_plan.bounded || removed < m_limits.batchSize;
    m_plan = nextChunk(m_plan, m_rangeRows, m_to - m_from, ms, m_limits, rangeDone);
    if (rangeDone) {
        m_from = m_to;
        m_rangeRows = 0;
    }
}

void TidRangeStrategy::report(RuleReceipt *r) const
{
    r->blocks = m_blocks;
    r->blocksDone = m_done;
    r->redone = m_redone;
}

} // namespace purga::detail
