#include "pooler.h"

#include "core/pg/pgconnection.h"

#include <QRandomGenerator>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

using S = PreflightItem::Status;

QString poolerDetail(const PreflightReport &r)
{
    return PreflightReport::tr(
               "The server's backend pid %1 is not the %2 the connection was given at startup: a "
               "connection pooler (pgbouncer, pgpool, ...) is in between.")
        .arg(r.serverBackendPid)
        .arg(r.clientBackendPid);
}

void setPoolerItem(PreflightReport *r)
{
    for (qsizetype i = r->items.size() - 1; i >= 0; --i)
        if (r->items.at(i).id == QLatin1String("pooler"))
            r->items.removeAt(i);
    if (r->pooler == Pooler::None)
        return;
    if (r->pooler == Pooler::Transaction) {
        r->items << PreflightItem::make(
            QStringLiteral("pooler"), S::Failed,
            PreflightReport::tr("Connected through a pooler in transaction mode"),
            poolerDetail(*r) + u' ' +
                PreflightReport::tr("Its server connections change hands between transactions "
                                    "(pgbouncer pool_mode=transaction or statement): the advisory lock "
                                    "that keeps the scheduled job out would not exclude anyone, so the "
                                    "purge is refused; the preview may run. Connect directly to "
                                    "PostgreSQL (its own host and port), or through a pool in session "
                                    "mode (pool_mode=session)."),
            false, true);
        return;
    }
    r->items << PreflightItem::make(
        QStringLiteral("pooler"), S::Warning,
        PreflightReport::tr("Connected through a connection pooler in session mode"),
        poolerDetail(*r) + u' ' +
            PreflightReport::tr("Session state survives between transactions here, so the purge's "
                                "lock holds for the whole run. A pool in transaction mode would be "
                                "refused."));
}

} // namespace

// libpq's backend pid against pg_backend_pid(), then a session setting across two transactions.
void checkPooler(PgConnection &conn, PreflightReport *r)
{
    r->pooler = Pooler::None;
    r->clientBackendPid = conn.backendPid();
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT pg_backend_pid()")) || !q.next())
        return;
    r->serverBackendPid = q.value(0).toInt();
    if (r->serverBackendPid == r->clientBackendPid)
        return;
    const QString token = QString::number(QRandomGenerator::global()->generate());
    QSqlQuery set(conn.database());
    set.exec(QStringLiteral("SELECT set_config('purga.pooler_probe', '%1', false)").arg(token));
    QSqlQuery get(conn.database());
    const bool kept =
        get.exec(QStringLiteral("SELECT current_setting('purga.pooler_probe', true), pg_backend_pid()")) &&
        get.next() && get.value(0).toString() == token && get.value(1).toInt() == r->serverBackendPid;
    r->pooler = kept ? Pooler::Session : Pooler::Transaction;
    setPoolerItem(r);
}

void probePoolMode(PgConnection &conn, const ConnectionProfile &profile, const QString &password,
                   PreflightReport *r)
{
    if (r->pooler != Pooler::Session)
        return;
    int ourServerPid = 0;
    {
        QSqlQuery ours(conn.database());
        if (!ours.exec(QStringLiteral("SELECT pg_backend_pid()")) || !ours.next())
            return;
        ourServerPid = ours.value(0).toInt();
    } // our transaction is over: the server connection is idle (and free for others, if pooled)
    PgConnection other;
    DbFailure ignored;
    if (!other.open(profile, password, &ignored))
        return;
    QSqlQuery theirs(other.database());
    if (theirs.exec(QStringLiteral("SELECT pg_backend_pid()")) && theirs.next() &&
        theirs.value(0).toInt() == ourServerPid) {
        r->pooler = Pooler::Transaction;
        setPoolerItem(r);
    }
}

} // namespace purga
