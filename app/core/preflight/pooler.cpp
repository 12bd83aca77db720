// The preflight's pooler check: a connection pooler between us and PostgreSQL, told for certain from
// the backend pid, its mode probed (a session setting; probePoolMode: a second session), and the
// policy: behind any pooler purges and freezes are refused unless the profile asserts session pooling.
#include "preflight.h"

#include "core/pg/pgconnection.h"

#include <QRandomGenerator>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

using S = PreflightItem::Status;

QString poolerDetail(const PreflightReport &r)
{
    // The pooler's key is any 32-bit number: shown unsigned, as no pid is negative.
    return PreflightReport::tr("A connection pooler (pgbouncer, pgpool, ...) is in between: the server's "
                               "backend pid %1 is not the key %2 given at startup.")
        .arg(r.serverBackendPid)
        .arg(quint32(r.clientBackendPid));
}

// How to get out: a direct connection, or the DBA's word for a session pool.
QString poolerWayOut()
{
    return PreflightReport::tr(
        "Connect directly to PostgreSQL (its own host and port). Only if this pool is in session mode "
        "(pool_mode=session), say so: --assume-session-pooler, or the profile's \"A pooler in between is "
        "in session mode\".");
}

void setPoolerItem(PreflightReport *r)
{
    for (qsizetype i = r->items.size() - 1; i >= 0; --i)
        if (r->items.at(i).id == QLatin1String("pooler"))
            r->items.removeAt(i);
    if (r->pooler == Pooler::None)
        return;
    if (r->pooler == Pooler::Transaction) { // proven: no assertion overrides it
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
    if (!r->assumeSessionPooler) {
        r->items << PreflightItem::make(
            QStringLiteral("pooler"), S::Failed, PreflightReport::tr("Connected through a connection pooler"),
            poolerDetail(*r) + u' ' +
                PreflightReport::tr("Its pool mode cannot be proven from here, and in transaction mode "
                                    "the advisory lock would not keep the scheduled job out: purge and "
                                    "freeze are refused; the preview may run.") +
                u' ' + poolerWayOut(),
            false, true);
        return;
    }
    r->items << PreflightItem::make(
        QStringLiteral("pooler"), S::Warning,
        PreflightReport::tr("Connected through a pooler asserted to be in session mode"),
        poolerDetail(*r) + u' ' +
            PreflightReport::tr("You said this pool keeps one server connection per client "
                                "(pool_mode=session): every batch checks that its own server connection "
                                "holds the purge lock, and the purge stops at the first batch where it "
                                "does not."));
}

} // namespace

// libpq's backend pid against pg_backend_pid() (deterministic: a pooler answers the startup with a
// key of its own), then a session setting across two transactions (a hint of the mode, never proof
// of session pooling).
void checkPooler(PgConnection &conn, PreflightReport *r)
{
    r->pooler = Pooler::None;
    r->assumeSessionPooler = conn.assumesSessionPooler();
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
