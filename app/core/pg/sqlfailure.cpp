#include "sqlfailure.h"

#include <QSqlError>
#include <QSqlQuery>

namespace purga {

SqlFailure classifyFailure(const QString &sqlState, bool cancelRequested)
{
    if (sqlState.isEmpty() || sqlState.startsWith(QLatin1String("08")))
        return SqlFailure::ConnectionLost;
    if (sqlState == QLatin1String("57014"))
        return cancelRequested ? SqlFailure::Cancelled : SqlFailure::StatementTimeout;
    if (sqlState == QLatin1String("55P03"))
        return SqlFailure::LockTimeout;
    return SqlFailure::Other;
}

SqlFailure classifyFailure(const QSqlQuery &failedQuery, bool cancelRequested)
{
    return classifyFailure(failedQuery.lastError().nativeErrorCode(), cancelRequested);
}

} // namespace purga
