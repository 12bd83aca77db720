#include "locksessions.h"

#include <libpq-fe.h>

namespace purga::test {

bool openAs(const TestDatabase &db, const QString &role, const QString &app, PgConnection &conn)
{
    ConnectionProfile p = db.profile(role);
    p.applicationName = app;
    DbFailure e;
    if (!conn.open(p, db.passwordFor(role), &e))
        qWarning("open as %s: %s %s", qPrintable(role), qPrintable(e.message), qPrintable(e.detail));
    return conn.isOpen();
}

bool holdLock(const TestDatabase &db, const QString &role, const QString &app, PgConnection &conn, qint64 key)
{
    QString error;
    if (!openAs(db, role, app, conn))
        return false;
    if (conn.execScript(QStringLiteral("SELECT pg_advisory_lock(%1)").arg(key), &error))
        return true;
    qWarning("pg_advisory_lock: %s", qPrintable(error));
    return false;
}

bool startWaiting(PgConnection &conn, qint64 key)
{
    return PQsendQuery(conn.handle(),
                       QStringLiteral("SELECT pg_advisory_lock(%1)").arg(key).toUtf8().constData()) == 1;
}

void finishWaiting(PgConnection &conn)
{
    while (PGresult *r = PQgetResult(conn.handle()))
        PQclear(r);
}

} // namespace purga::test
