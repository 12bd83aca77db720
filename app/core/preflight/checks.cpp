#include "preflight.h"

#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "core/pg/servertimezone.h"
#include "core/rules/rules.h"
#include "partitionchecks.h"
#include "rolechecks.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

using S = PreflightItem::Status;

struct TableNeed
{
    QString ruleId;
    QStringList columns;
};

QList<TableNeed> tableNeeds()
{
    QList<TableNeed> needs;
    for (const QString &id : Rules::ids())
        needs.append({id, Rules::requiredColumns(id)});
    return needs;
}

QString couldNotRun(const QSqlQuery &q)
{
    return PreflightReport::tr("The checks could not run: %1").arg(q.lastError().text());
}

bool checkServer(PgConnection &conn, PreflightReport *r, DbFailure *failure)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT current_setting('server_version'), "
                               "current_setting('server_version_num')::int, current_user,"
                               "       current_database(), r.rolbypassrls, r.rolsuper, pg_is_in_recovery()"
                               "  FROM pg_roles r WHERE r.rolname = current_user")) ||
        !q.next()) {
        *failure = DbFailure::ofQuery(q, false, couldNotRun(q));
        return false;
    }
    r->serverVersion = q.value(0).toString();
    r->serverVersionNum = q.value(1).toInt();
    r->role = q.value(2).toString();
    r->database = q.value(3).toString();
    r->bypassRls = q.value(4).toBool();
    r->superuser = q.value(5).toBool();
    r->inRecovery = q.value(6).toBool();
    // The database's configured zone, not a session override (options=, PGOPTIONS, PGTZ): the
    // same answer as the preview's.
    r->serverTimeZone = serverTimeZone(conn);
    const bool oldServer = r->serverVersionNum < 140000;
    r->items << PreflightItem::make(
        QStringLiteral("server"), oldServer ? S::Failed : S::Ok,
        PreflightReport::tr("PostgreSQL %1").arg(r->serverVersion),
        oldServer ? PreflightReport::tr("PostgreSQL 14 or newer is needed (TID range batches).")
                  : PreflightReport::tr("Server version is supported."),
        oldServer, oldServer);
    return true;
}

void checkRole(PreflightReport *r)
{
    const bool seesAll = r->bypassRls || r->superuser;
    r->items << PreflightItem::make(
        QStringLiteral("bypassrls"), seesAll ? S::Ok : S::Failed,
        PreflightReport::tr("Role %1 bypasses row level security").arg(r->role),
        seesAll ? PreflightReport::tr("Counts and purges cover every tenant.")
                : PreflightReport::tr("Role %1 lacks BYPASSRLS: row level security would limit every count "
                                      "and delete to one tenant (app.current_empresa_id), so preview and "
                                      "purge are refused. Connect as the maintenance role (ADR 0021).")
                      .arg(r->role),
        !seesAll, !seesAll);
    if (r->superuser)
        r->items << PreflightItem::make(
            QStringLiteral("superuser"), S::Warning, PreflightReport::tr("Connected as a superuser"),
            PreflightReport::tr("A superuser can do far more than purge. Prefer the dedicated maintenance "
                                "role with BYPASSRLS."));
    r->items << PreflightItem::make(
        QStringLiteral("standby"), r->inRecovery ? S::Failed : S::Ok,
        r->inRecovery ? PreflightReport::tr("Server is a read-only standby")
                      : PreflightReport::tr("Server accepts writes"),
        r->inRecovery ? PreflightReport::tr("This server is in recovery (a read-only standby): preview is "
                                            "allowed, purge is refused. Connect to the primary to purge.")
                      : PreflightReport::tr("Not in recovery."),
        false, r->inRecovery);
}

// False in *reachable when the role cannot use schema identidad (every table item then fails).
bool checkSchema(PgConnection &conn, PreflightReport *r, bool *reachable, DbFailure *failure)
{
    // to_regclass('identidad.x') raises instead of answering NULL without USAGE on the schema.
    QSqlQuery ns(conn.database());
    if (!ns.exec(
            QStringLiteral("SELECT n.oid IS NOT NULL, coalesce(has_schema_privilege(n.oid, 'USAGE'), false)"
                           "  FROM (SELECT 1) x LEFT JOIN pg_namespace n ON n.nspname = 'identidad'")) ||
        !ns.next()) {
        *failure = DbFailure::ofQuery(ns, false, couldNotRun(ns));
        return false;
    }
    *reachable = ns.value(1).toBool();
    if (*reachable)
        return true;
    const bool exists = ns.value(0).toBool();
    r->items << PreflightItem::make(
        QStringLiteral("schema"), S::Failed,
        exists ? PreflightReport::tr("No access to schema identidad")
               : PreflightReport::tr("Schema identidad is missing"),
        exists ? PreflightReport::tr("Role %1 has no USAGE on schema identidad, so it cannot see the "
                                     "session tables. GRANT USAGE ON SCHEMA identidad TO %1.")
                     .arg(r->role)
               : PreflightReport::tr("This database has no schema identidad. Is this the identity "
                                     "service's database?"),
        true, true);
    for (const TableNeed &need : tableNeeds())
        r->items << PreflightItem::make(
            QStringLiteral("table:") + need.ruleId, S::Failed,
            PreflightReport::tr("Table %1 not reachable").arg(Rules::table(need.ruleId)),
            r->items.last().detail, true, true);
    return true;
}

// DETACH needs the parent's owner, DROP each partition's owner: every table of the partition tree
// (the leaves of sub-partitioned partitions too) and every partition detached earlier and not
// dropped (a plain table carrying our marker).
void checkDetach(PgConnection &conn, PreflightReport *r, const QString &ruleId, bool parentOwner)
{
    const QString table = Rules::table(ruleId);
    QSqlQuery parts(conn.database());
    QString foreign;
    if (parts.exec(QStringLiteral(
                       "SELECT string_agg(x.name, ', ' ORDER BY x.name) FROM (\n"
                       "  SELECT t.relid::regclass::text AS name, c.relowner\n"
                       "    FROM pg_partition_tree('identidad.log_sesiones'::regclass) t\n"
                       "    JOIN pg_class c ON c.oid = t.relid WHERE t.level > 0\n"
                       "  UNION\n"
                       "  SELECT l.name, (SELECT c.relowner FROM pg_class c WHERE c.oid = l.name::regclass)\n"
                       "    FROM (%1) l) x\n"
                       "WHERE NOT pg_has_role(x.relowner, 'USAGE')")
                       .arg(Rules::leftoverPartitionsSql())) &&
        parts.next())
        foreign = parts.value(0).toString();
    const bool owner = parentOwner && foreign.isEmpty();
    r->canDetachPartitions = owner;
    QString detail = owner
                         ? PreflightReport::tr("The role owns the table or is a member of its owner.")
                         : PreflightReport::tr("DETACH/DROP PARTITION needs the owner of %1; grant its owner "
                                               "role to %2.")
                               .arg(table, r->role);
    if (!foreign.isEmpty())
        detail += u' ' + PreflightReport::tr("Owned by another role: %1.").arg(foreign);
    r->items << PreflightItem::make(QStringLiteral("detach:") + ruleId, owner ? S::Ok : S::Failed,
                                    PreflightReport::tr("May detach and drop partitions of %1").arg(table),
                                    detail, false, !owner);
    r->items.last().ruleId = ruleId;
}

void checkDelete(PreflightReport *r, const QString &ruleId, bool canDelete)
{
    const QString table = Rules::table(ruleId);
    r->items << PreflightItem::make(
        QStringLiteral("delete:") + ruleId, canDelete ? S::Ok : S::Failed,
        PreflightReport::tr("May DELETE from %1").arg(table),
        canDelete ? PreflightReport::tr("DELETE privilege granted.")
                  : PreflightReport::tr("Role %1 has no DELETE privilege on %2.").arg(r->role, table),
        false, !canDelete);
    r->items.last().ruleId = ruleId;
}

QStringList missingColumns(const QString &arrayText, const QStringList &needed)
{
    QString columnText = arrayText;
    columnText.remove(u'{').remove(u'}');
    const QStringList columns = columnText.split(u',');
    QStringList missing;
    for (const QString &c : needed)
        if (!columns.contains(c))
            missing << c;
    return missing;
}

// Family-aware retention probes familia_id once per removable row: without an index leading with
// it each probe reads the whole table. A warning only (the setting is off by default, and the
// identity service's schema is its owner's): the detail says which index the owner would add.
void checkFamilyIndex(PgConnection &conn, PreflightReport *r, const QString &ruleId)
{
    QSqlQuery q(conn.database());
    const bool ran =
        q.exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a\n"
                              "    ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]\n"
                              "  WHERE i.indrelid = to_regclass(%1) AND a.attname = 'familia_id'\n"
                              "    AND i.indisvalid AND i.indpred IS NULL)")
                   .arg(conn.literal(Rules::table(ruleId)))) &&
        q.next();
    const bool indexed = ran && q.value(0).toBool();
    r->items << PreflightItem::make(
        QStringLiteral("family_index:") + ruleId, indexed ? S::Ok : S::Warning,
        PreflightReport::tr("Index on %1 (familia_id)").arg(Rules::table(ruleId)),
        indexed ? PreflightReport::tr("Family-aware retention looks up each token's family by index.")
                : PreflightReport::tr("No valid index of %1 leads with familia_id: family-aware retention, "
                                      "when turned on, reads the table once per removable row. Its owner "
                                      "can add one: CREATE INDEX CONCURRENTLY ON %1 (familia_id);")
                      .arg(Rules::table(ruleId)));
    r->items.last().ruleId = ruleId;
}

bool checkTable(PgConnection &conn, PreflightReport *r, const TableNeed &need, DbFailure *failure)
{
    const QString table = Rules::table(need.ruleId);
    QSqlQuery t(conn.database());
    t.exec(QStringLiteral(
               "SELECT c.oid IS NOT NULL,"
               "       coalesce((SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a"
               "                  WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), "
               "'{}')::text,"
               "       c.oid IS NOT NULL AND has_table_privilege(c.oid, 'SELECT'),"
               "       c.oid IS NOT NULL AND has_table_privilege(c.oid, 'DELETE'),"
               "       c.oid IS NOT NULL AND pg_has_role(c.relowner, 'USAGE')"
               "  FROM (SELECT to_regclass(%1) AS oid) x LEFT JOIN pg_class c ON c.oid = x.oid")
               .arg(conn.literal(table)));
    if (!t.isActive() || !t.next()) {
        *failure = DbFailure::ofQuery(t, false, couldNotRun(t));
        return false;
    }
    const QString id = QStringLiteral("table:") + need.ruleId;
    if (!t.value(0).toBool()) {
        r->canVacuum = false;
        r->items << PreflightItem::make(
            id, S::Failed, PreflightReport::tr("Table %1 is missing").arg(table),
            PreflightReport::tr("Table %1 does not exist (or this role cannot see schema identidad). "
                                "Is this the identity service's database?")
                .arg(table),
            true, true);
        return true;
    }
    const QStringList missing = missingColumns(t.value(1).toString(), need.columns);
    if (!missing.isEmpty()) {
        r->items << PreflightItem::make(
            id, S::Failed, PreflightReport::tr("Table %1 lacks columns").arg(table),
            PreflightReport::tr("Table %1 has no column(s) %2, which the rule needs.")
                .arg(table, missing.join(QStringLiteral(", "))),
            true, true);
        return true;
    }
    const bool canSelect = t.value(2).toBool();
    const bool parentOwner = t.value(4).toBool();
    r->items << PreflightItem::make(
        id, canSelect ? S::Ok : S::Failed, PreflightReport::tr("Table %1 present").arg(table),
        canSelect ? PreflightReport::tr("With the columns the rule needs.")
                  : PreflightReport::tr("Role %1 may not SELECT from %2.").arg(r->role, table),
        !canSelect, !canSelect);
    if (Rules::isPartitionRule(need.ruleId)) {
        checkDetach(conn, r, need.ruleId, parentOwner);
        checkDefaultPartition(conn, r);
    } else {
        checkDelete(r, need.ruleId, t.value(3).toBool());
        if (Rules::hasFamilies(need.ruleId))
            checkFamilyIndex(conn, r, need.ruleId);
        r->canVacuum = r->canVacuum && (parentOwner || r->superuser);
    }
    return true;
}

// ADR 0021 §4: alert when the scheduled job has not run successfully for 48 h. A history with
// no job runs at all says nothing about a job (it may not be deployed): no item then.
void checkJob(PgConnection &conn, PreflightReport *r)
{
    QSqlQuery job(conn.database());
    if (!job.exec(QStringLiteral(
            "SELECT count(*), max(iniciada_en) FILTER (WHERE estado = 'ok')::text,"
            "       extract(epoch FROM now() - max(iniciada_en) FILTER (WHERE estado = 'ok')) / 3600,"
            "       to_char(max(iniciada_en) FILTER (WHERE estado = 'ok') AT TIME ZONE 'UTC',"
            "               'YYYY-MM-DD HH24:MI:SS')" // the message's form, as every time the app shows
            "  FROM identidad.purga_corridas WHERE origen = 'job'")) ||
        !job.next() || job.value(0).toLongLong() == 0)
        return;
    r->lastJobOkUtc = job.value(1).toString();
    const double hours = job.value(2).isNull() ? -1 : job.value(2).toDouble();
    r->hoursSinceJobOk = hours;
    if (hours >= 0 && hours <= 48)
        return;
    r->items << PreflightItem::make(
        QStringLiteral("job"), S::Warning,
        hours < 0
            ? PreflightReport::tr("The scheduled job has never run successfully")
            : PreflightReport::tr("The scheduled job has not run successfully for %1 h").arg(qRound(hours)),
        hours < 0 ? PreflightReport::tr("The history has runs with origin 'job' but none "
                                        "ended 'ok': the tables grow until someone purges.")
                  : PreflightReport::tr("Last successful run %1 UTC. ADR 0021 alerts after "
                                        "48 h: the tables grow again unnoticed.")
                        .arg(job.value(3).toString()));
}

bool checkHistory(PgConnection &conn, PreflightReport *r, DbFailure *failure)
{
    QSqlQuery h(conn.database());
    if (!h.exec(QStringLiteral(
            "SELECT to_regclass('identidad.purga_corridas') IS NOT NULL AND "
            "to_regclass('identidad.purga_metricas') IS NOT NULL,"
            "       coalesce(has_table_privilege(to_regclass('identidad.purga_corridas'), 'INSERT')"
            "            AND has_table_privilege(to_regclass('identidad.purga_corridas'), 'UPDATE')"
            "            AND has_table_privilege(to_regclass('identidad.purga_metricas'), 'INSERT'), false),"
            "       coalesce(has_schema_privilege('identidad', 'CREATE'), false),"
            // Runs are written through the job's functions (HistoryStore): an older history lacks them.
            "       coalesce(has_function_privilege(to_regprocedure('identidad.purga_corrida_iniciar("
            "text, text, text, uuid, text)'), 'EXECUTE'), false)")) ||
        !h.next()) {
        *failure = DbFailure::ofQuery(h, false, couldNotRun(h));
        return false;
    }
    r->historyExists = h.value(0).toBool();
    const bool functions = h.value(3).toBool();
    r->historyWritable = h.value(1).toBool() && functions;
    r->canCreateHistory = h.value(2).toBool() && !r->inRecovery;
    if (!r->historyExists) {
        r->items << PreflightItem::make(
            QStringLiteral("history"), S::Warning, PreflightReport::tr("Purge history tables missing"),
            r->canCreateHistory
                ? PreflightReport::tr("Create them (purga-sesiones-cli setup-history, or the button) to "
                                      "record runs and chart them.")
                : PreflightReport::tr("This role may not create them in schema identidad; ask the "
                                      "schema owner to run purga_historial.sql."));
        return true;
    }
    r->items << PreflightItem::make(
        QStringLiteral("history"), r->historyWritable ? S::Ok : S::Warning,
        PreflightReport::tr("Purge history tables present"),
        r->historyWritable ? PreflightReport::tr("Runs and metrics will be recorded.")
        : !functions && h.value(1).toBool()
            ? PreflightReport::tr("The history predates its functions: runs will not be recorded "
                                  "until setup-history upgrades it in place.")
            : PreflightReport::tr("Role %1 may not write the history: runs will not be "
                                  "recorded.")
                  .arg(r->role));
    checkJob(conn, r);
    return true;
}

// The item "tls": amber when the sslmode may hand the password to an impostor, ok otherwise;
// sets report->tls.
void checkTls(PgConnection &conn, PreflightReport *r)
{
    r->tls = tlsStatus(conn.handle());
    const TlsStatus &t = r->tls;
    if (!t.known)
        return;
    PreflightItem i;
    i.id = QStringLiteral("tls");
    if (t.atRisk()) {
        i.status = PreflightItem::Status::Warning;
        i.title = PreflightReport::tr("sslmode=%1 towards %2: the password may be sent to an impostor")
                      .arg(t.sslMode, t.host);
        i.detail = PreflightReport::tr("With sslmode %1 libpq gives the password to whoever answers at %2, "
                                       "with or without TLS, without checking the server's certificate: "
                                       "anyone on the way can pose as the server. Use sslmode=verify-full "
                                       "(with the system CA bundle or the server's root certificate).")
                       .arg(t.sslMode, t.host);
    } else {
        i.title = t.inUse ? PreflightReport::tr("TLS in use (%1), sslmode=%2").arg(t.protocol, t.sslMode)
                          : PreflightReport::tr("No TLS on a loopback connection");
        i.detail = t.summary() + u'.';
        if (t.inUse && !t.sslMode.startsWith(QLatin1String("verify-")) && !t.loopback)
            i.detail += u' ' + PreflightReport::tr("The server's certificate is not checked "
                                                   "(sslmode=verify-full would).");
    }
    r->items << i;
}

} // namespace

bool runPreflight(PgConnection &conn, PreflightReport *r, DbFailure *failure)
{
    r->items.clear();
    if (!checkServer(conn, r, failure))
        return false;
    checkRole(r);
    checkReplicaLag(conn, r);
    checkReadOnlyDefault(conn, r);
    checkPooler(conn, r);
    conn.setDirect(r->pooler == Pooler::None);
    checkTls(conn, r);
    bool reachable = false;
    if (!checkSchema(conn, r, &reachable, failure))
        return false;
    if (!reachable)
        return true;
    r->canVacuum = true; // narrowed by each table: every row table must be the role's (or its owner's)
    for (const TableNeed &need : tableNeeds()) {
        const qsizetype tableItem = r->items.size(); // checkTable's first item is the table's own
        if (!checkTable(conn, r, need, failure))
            return false;
        r->items[tableItem].ruleId = need.ruleId; // a missing table blocks its rule, not the others
    }
    checkBlockingForeignKeys(conn, r);
    return checkHistory(conn, r, failure);
}

} // namespace purga
