// The batch strategies' ids and their factory (batchstrategy.h).
#include "batchstrategy.h"

#include "keysetstrategy.h"
#include "tidrangestrategy.h"

#include "core/preview/preview.h"

namespace purga {

QString toId(BatchStrategyKind kind)
{
    return kind == BatchStrategyKind::Keyset ? QStringLiteral("keyset") : QStringLiteral("tid");
}

bool fromId(const QString &id, BatchStrategyKind *kind)
{
    if (id == QLatin1String("tid"))
        *kind = BatchStrategyKind::TidRange;
    else if (id == QLatin1String("keyset"))
        *kind = BatchStrategyKind::Keyset;
    else
        return false;
    return true;
}

namespace detail {

QString withKeyRange(QString templateSql, const RulePreview &preview)
{
    return templateSql.replace(QStringLiteral("%KEY_MIN%"), QString::number(preview.keyMin))
        .replace(QStringLiteral("%KEY_MAX%"), QString::number(preview.keyMax));
}

ChunkLimits chunkLimitsOf(const RuleConfig &config)
{
    ChunkLimits limits;
    limits.batchSize = config.batchSize;
    limits.timeCapMs = config.targetBatchMs > 0 ? config.targetBatchMs : 250.0;
    return limits;
}

std::unique_ptr<BatchStrategy> makeBatchStrategy(BatchStrategyKind kind, const RulePreview &preview)
{
    if (kind == BatchStrategyKind::Keyset)
        return std::make_unique<KeysetStrategy>(preview);
    return std::make_unique<TidRangeStrategy>(preview);
}

} // namespace detail

} // namespace purga
