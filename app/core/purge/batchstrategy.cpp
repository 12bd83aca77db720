// The batch strategies' ids and their factory (batchstrategy.h).
#include "batchstrategy.h"

#include "keysetstrategy.h"
#include "tidrangestrategy.h"

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

std::unique_ptr<BatchStrategy> makeBatchStrategy(BatchStrategyKind kind, const RulePreview &preview)
{
    if (kind == BatchStrategyKind::Keyset)
        return std::make_unique<KeysetStrategy>(preview);
    return std::make_unique<TidRangeStrategy>(preview);
}

} // namespace detail

} // namespace purga
