// Several statements in one round trip, each with its own result (pgrequest.h).
#include "pgrequest.h"

#include "pgconnection.h"

#include <libpq-fe.h>

namespace purga {

namespace {

StatementResult readResult(PGresult *res)
{
    StatementResult s;
    const ExecStatusType status = PQresultStatus(res);
    s.ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY;
    if (!s.ok) {
        const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
        s.sqlState = state ? QString::fromLatin1(state) : QString();
        s.message = QString::fromUtf8(PQresultErrorMessage(res)).trimmed();
        return s;
    }
    s.tag = QString::fromLatin1(PQcmdStatus(res));
    s.rows = QByteArray(PQcmdTuples(res)).toLongLong();
    if (status == PGRES_TUPLES_OK && PQntuples(res) > 0)
        for (int c = 0; c < PQnfields(res); ++c)
            s.firstRow << (PQgetisnull(res, 0, c) ? QVariant()
                                                  : QVariant(QString::fromUtf8(PQgetvalue(res, 0, c))));
    return s;
}

StatementResult clientFailure(PGconn *c)
{
    StatementResult s;
    s.message = c ? QString::fromUtf8(PQerrorMessage(c)).trimmed() : PgConnection::tr("Not connected.");
    return s;
}

} // namespace

const StatementResult *RequestResult::fromEnd(int index) const
{
    return index >= 0 && index < statements.size() ? &statements.at(statements.size() - 1 - index) : nullptr;
}

RequestResult execRequest(PgConnection &conn, const QString &sql)
{
    RequestResult r;
    PGconn *c = conn.handle();
    if (!c || !PQsendQuery(c, sql.toUtf8().constData())) {
        r.statements << clientFailure(c);
        return r;
    }
    // Every result must be read before the connection takes another query; after a failure the
    // server sends no more results than the failed one.
    bool failed = false;
    while (PGresult *res = PQgetResult(c)) {
        if (!failed) {
            r.statements << readResult(res);
            failed = !r.statements.constLast().ok;
        }
        PQclear(res);
    }
    if (r.statements.isEmpty())
        r.statements << clientFailure(c);
    return r;
}

} // namespace purga
