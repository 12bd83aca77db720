#include "dbfailure.h"

#include <QSqlError>
#include <QSqlQuery>

namespace purga {

DbFailure classifyFailure(const QString &sqlState, bool cancelRequested)
{
    if (sqlState.isEmpty() || sqlState.startsWith(QLatin1String("08")))
        return DbFailure::ConnectionLost;
    if (sqlState == QLatin1String("57014"))
        return cancelRequested ? DbFailure::Cancelled : DbFailure::StatementTimeout;
    if (sqlState == QLatin1String("55P03"))
        return DbFailure::LockTimeout;
    return DbFailure::Other;
}

DbFailure classifyFailure(const QSqlQuery &failedQuery, bool cancelRequested)
{
    return classifyFailure(failedQuery.lastError().nativeErrorCode(), cancelRequested);
}

} // namespace purga
