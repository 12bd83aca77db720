// status and setup-history.
#include "cliapp.h"

#include "clilock.h"
#include "core/history/historystore.h"
#include "core/overview/overview.h"
#include "core/pg/dbfailure.h"
#include "core/preflight/preflight.h"
#include "core/util/textformat.h"

#include <QLocale>

namespace purga::cli {

void refuse(const QStringList &blockers);

namespace {

QString num(qint64 n)
{
    return n < 0 ? QStringLiteral("-") : formatCount(n);
}

void printHuman(const PreflightReport &r, const Overview &ov)
{
    Context::printLine(
        Context::tr("Server PostgreSQL %1, role %2, database %3").arg(r.serverVersion, r.role, r.database));
    if (r.tls.known)
        Context::printLine(r.tls.summary());
    const QString ok = Context::tr("[ok]"), warn = Context::tr("[warn]"), fail = Context::tr("[FAIL]");
    const qsizetype width = qMax(ok.size(), qMax(warn.size(), fail.size()));
    for (const PreflightItem &i : r.items) {
        const QString &mark = i.status == PreflightItem::Status::Ok        ? ok
                              : i.status == PreflightItem::Status::Warning ? warn
                                                                           : fail;
        Context::printLine(mark.leftJustified(width) + u' ' + i.title + QStringLiteral(" — ") + i.detail);
    }
    Context::printLine(QString());
    for (const TableOverview &t : ov.tables) {
        const QString approx = t.exact ? QString() : QStringLiteral("≈");
        Context::printLine(
            Context::tr("%1: total %2%3, revoked/used %4, expired %5, removable %6, kept by window %7, "
                        "%8 table + %9 indexes, %10 dead tuples")
                .arg(t.table, approx, num(t.total), num(t.revoked), num(t.expired), num(t.removable),
                     num(t.keptByWindow), formatBytes(t.tableBytes), formatBytes(t.indexBytes))
                .arg(num(t.deadTuples)));
        for (const PartitionInfo &p : t.partitions)
            Context::printLine(Context::tr("    %1  %2 .. %3  rows %4  %5")
                                   .arg(p.name, p.isDefault ? QStringLiteral("DEFAULT") : p.lowerBound,
                                        p.upperBound, num(p.rows),
                                        p.removable ? Context::tr("removable") : QString()));
    }
}

} // namespace

int cmdStatus(Context &ctx)
{
    LockWatchOptions lockOptions;
    if (!lockWatchOptions(ctx, ConnectionProfile(), &lockOptions)) // usage errors before connecting
        return Exit::Usage;
    Session session;
    int code = Exit::Ok;
    if (!ctx.open(Rules::ids(), &session, &code))
        return code;
    PgConnection &conn = session.conn;
    LockHolders lock;
    if (!lockWatchOptions(ctx, session.profile, &lockOptions) || !readLockHolders(conn, lockOptions, &lock))
        return Exit::Other;
    const ConnectionProfile &profile = session.profile;
    const PreflightReport &report = session.report;
    const QList<RuleConfig> &rules = session.rules;
    DbFailure failure;
    Overview ov;
    bool ok = true;
    // Exact counts only mean something when the role sees every tenant.
    if (report.canPreview() && !ctx.parser.isSet(QStringLiteral("estimates")))
        ok = fetchOverviewExact(conn, rules, 60000, nullptr, nullptr, &ov, &failure);
    else
        ok = fetchOverviewEstimates(conn, rules, &ov, &failure);
    if (!ok && !report.canPreview()) {
        ov = Overview(); // tables missing: the checks already say so
        ok = true;
    }
    if (!ok) {
        Context::error(failure.message);
        return Exit::Other;
    }
    if (ctx.json) {
        Context::printJson(QJsonObject{
            {QStringLiteral("connection"), QJsonObject{{QStringLiteral("target"), profile.displayTarget()},
                                                       {QStringLiteral("backend_pid"), conn.backendPid()},
                                                       // the host of a multi-host list libpq chose
                                                       {QStringLiteral("host"), report.tls.host},
                                                       {QStringLiteral("port"), report.tls.port.toInt()},
                                                       {QStringLiteral("tls"), report.tls.toJson()}}},
            {QStringLiteral("preflight"), report.toJson()},
            {QStringLiteral("overview"), ov.toJson()},
            {QStringLiteral("purge_lock"), lock.toJson()}});
    } else {
        printHuman(report, ov);
        printLockHolders(lock);
    }
    if (!report.canPurge()) {
        refuse(report.purgeBlockers());
        return Exit::Refused;
    }
    return Exit::Ok;
}

int cmdSetupHistory(Context &ctx)
{
    PgConnection conn;
    ConnectionProfile profile;
    int code = Exit::Ok;
    if (!ctx.connect(conn, &profile, &code))
        return code;
    QString error;
    if (!HistoryStore::setup(conn, &error)) {
        Context::error(error);
        return Exit::Refused;
    }
    Context::info(
        Context::tr("History tables identidad.purga_corridas and identidad.purga_metricas are ready."));
    return Exit::Ok;
}

} // namespace purga::cli
