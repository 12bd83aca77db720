// Preflight items about the role's settings and the schema around the session tables:
// replica_lag, read_only_default and fk:<rule> (see rolechecks.h), and the lag limit verdicts.
#include "rolechecks.h"

#include "preflight.h"
#include "core/pg/pgconnection.h"
#include "core/rules/rules.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

using S = PreflightItem::Status;

// The role as a GRANT names it: bare when it is a plain lower-case identifier, quoted otherwise.
QString roleIdentifier(const QString &role)
{
    static const QRegularExpression plain(QStringLiteral("^[a-z_][a-z0-9_$]*$"));
    if (plain.match(role).hasMatch())
        return role;
    QString quoted = role;
    return u'"' + quoted.replace(u'"', QStringLiteral("\"\"")) + u'"';
}

QString grantFix(const PreflightReport &r)
{
    return QStringLiteral("GRANT pg_monitor TO %1").arg(roleIdentifier(r.role));
}

int hiddenStandbys(const PreflightReport &r)
{
    return qMax(0, r.standbys - r.standbysLagVisible);
}

// Where default_transaction_read_only = on came from (pg_settings.source), and how to undo it there.
QString readOnlySource(const PreflightReport &r, const QString &source)
{
    if (source == QLatin1String("user"))
        return PreflightReport::tr("set for role %1 (ALTER ROLE %1 RESET default_transaction_read_only "
                                   "undoes it)")
            .arg(roleIdentifier(r.role));
    if (source == QLatin1String("database"))
        return PreflightReport::tr("set for database %1 (ALTER DATABASE %1 RESET "
                                   "default_transaction_read_only undoes it)")
            .arg(r.database);
    if (source == QLatin1String("database user"))
        return PreflightReport::tr("set for role %1 in database %2 (ALTER ROLE %1 IN DATABASE %2 RESET "
                                   "default_transaction_read_only undoes it)")
            .arg(roleIdentifier(r.role), r.database);
    if (source == QLatin1String("configuration file"))
        return PreflightReport::tr("set in the server's configuration");
    return PreflightReport::tr("set by %1").arg(source); // client (options=, PGOPTIONS), session, ...
}

} // namespace

void checkReplicaLag(PgConnection &conn, PreflightReport *r)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT count(*), count(replay_lsn) FROM pg_stat_replication")) || !q.next())
        return; // no item: the pacer says so itself if it cannot read the lag either
    r->standbys = q.value(0).toInt();
    r->standbysLagVisible = q.value(1).toInt();
    const int hidden = hiddenStandbys(*r);
    PreflightItem i;
    i.id = QStringLiteral("replica_lag");
    if (r->standbys == 0) {
        i.title = PreflightReport::tr("No streaming standbys");
        i.detail = PreflightReport::tr("pg_stat_replication lists no standby: there is no replica lag to "
                                       "limit.");
    } else if (hidden == 0) {
        i.title = PreflightReport::tr("Standby lag visible (%n standby(s))", nullptr, r->standbys);
        i.detail = PreflightReport::tr("Role %1 may read the standbys' replay positions: the replica lag "
                                       "limit holds batches back while a standby lags.")
                       .arg(r->role);
    } else {
        i.status = S::Warning;
        i.title = PreflightReport::tr("Standby lag not visible to role %1").arg(r->role);
        i.detail =
            PreflightReport::tr("%1 of %2 standbys hide their replay position from role %3 "
                                "(pg_stat_replication shows it only to pg_monitor or "
                                "pg_read_all_stats): no replica lag limit can hold the purge back, "
                                "and a purge that asks for one is refused. Run %4; to let it see them.")
                .arg(hidden)
                .arg(r->standbys)
                .arg(r->role, grantFix(*r));
    }
    r->items << i;
}

void checkReadOnlyDefault(PgConnection &conn, PreflightReport *r)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT setting = 'on', source FROM pg_settings "
                               "WHERE name = 'default_transaction_read_only'")) ||
        !q.next())
        return;
    r->readOnlyDefault = q.value(0).toBool();
    if (!r->readOnlyDefault)
        return;
    r->items << PreflightItem::make(
        QStringLiteral("read_only_default"), S::Warning,
        PreflightReport::tr("Transactions of role %1 default to read-only").arg(r->role),
        PreflightReport::tr("default_transaction_read_only is on, %1. The purge sets its own session "
                            "READ WRITE (SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE), so it "
                            "still deletes; other tools connecting like this cannot write. If read-only "
                            "was set to stop writes to this database, do not purge now.")
            .arg(readOnlySource(*r, q.value(1).toString())));
}

void checkBlockingForeignKeys(PgConnection &conn, PreflightReport *r)
{
    for (const QString &ruleId : Rules::ids()) {
        if (Rules::isPartitionRule(ruleId))
            continue;
        const QString table = Rules::table(ruleId);
        QSqlQuery q(conn.database());
        // conparentid = 0: a partitioned referencing table is named once, not once per partition.
        q.prepare(QStringLiteral(
            "SELECT string_agg(format('%s (%s, ON DELETE %s)', c.conrelid::regclass, c.conname,"
            "                         CASE c.confdeltype WHEN 'r' THEN 'RESTRICT' ELSE 'NO ACTION' END),"
            "                  ', ' ORDER BY c.conrelid::regclass::text, c.conname)"
            "  FROM pg_constraint c"
            " WHERE c.contype = 'f' AND c.conparentid = 0 AND c.confdeltype IN ('a', 'r')"
            "   AND c.confrelid = to_regclass(?)"));
        q.addBindValue(table);
        if (!q.exec() || !q.next() || q.value(0).isNull())
            continue;
        r->items << PreflightItem::make(
            QStringLiteral("fk:") + ruleId, S::Warning,
            PreflightReport::tr("A foreign key blocks deletes from %1").arg(table),
            PreflightReport::tr("Referenced by %1. Deleting a row that a row there still references "
                                "fails the whole batch (foreign key violation) and stops the run. Remove "
                                "or re-point those rows first, or have the key changed to ON DELETE "
                                "CASCADE or SET NULL if the identity service allows it.")
                .arg(q.value(0).toString()));
        r->items.last().ruleId = ruleId;
    }
}

QString lagLimitRefusal(const PreflightReport &r, const QString &asked)
{
    const int hidden = hiddenStandbys(r);
    if (hidden == 0)
        return {};
    return PreflightReport::tr("%1 asks for a replica lag limit, but %2 of %3 standbys hide their replay "
                               "position from role %4, so the limit cannot be enforced and the purge would "
                               "delete at full speed. Run %5; as a superuser (pg_read_all_stats does "
                               "too), or switch the limit off (0) to purge without one.")
        .arg(asked)
        .arg(hidden)
        .arg(r.standbys)
        .arg(r.role, grantFix(r));
}

QString defaultLagLimitWarning(const PreflightReport &r)
{
    const int hidden = hiddenStandbys(r);
    if (hidden == 0)
        return {};
    return PreflightReport::tr("The default replica lag limit (applied because there are standbys) cannot "
                               "be enforced: %1 of %2 standbys hide their replay position from role %3, so "
                               "the purge does not slow down while they lag. Run %4; to enforce it.")
        .arg(hidden)
        .arg(r.standbys)
        .arg(r.role, grantFix(r));
}

} // namespace purga
