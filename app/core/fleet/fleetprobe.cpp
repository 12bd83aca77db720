// The facts a fleet compares across servers, read from the catalog, and one server's probe row.
#include "fleetprobe.h"

#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"

#include <QJsonArray>
#include <QSqlError>
#include <QSqlQuery>

namespace purga {

namespace {

// Upgrade steps of purga_historial.sql, newest first, as the catalog shows them.
const char *const kHistoryStepSql =
    "SELECT CASE WHEN to_regclass('identidad.purga_corridas') IS NULL THEN 'absent'"
    " WHEN EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = to_regclass('identidad.purga_corridas')"
    "   AND conname = 'purga_corridas_estado_check' AND pg_get_constraintdef(oid) LIKE '%congelado%')"
    "   THEN '3'"
    " WHEN to_regprocedure('identidad.purga_corrida_iniciar(text,text,text,uuid,text)') IS NOT NULL THEN '2'"
    " ELSE '1' END";

// Of the columns `columns` of `table`: those that exist, and those that lead an index.
const char *const kColumnsSql =
    "SELECT a.attname, EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid"
    "   AND i.indkey[0] = a.attnum)"
    " FROM pg_attribute a WHERE a.attrelid = to_regclass(%1) AND a.attnum > 0 AND NOT a.attisdropped"
    " AND a.attname = ANY (string_to_array(%2, ',')) ORDER BY a.attname";

bool queryFailed(const QSqlQuery &q, DbFailure *failure)
{
    if (failure)
        *failure = DbFailure::ofQuery(q, false, q.lastError().text());
    return false;
}

bool tableFacts(PgConnection &conn, const QString &ruleId, QJsonObject *facts, DbFailure *failure)
{
    const QString table = Rules::table(ruleId);
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT to_regclass(%1) IS NOT NULL").arg(conn.literal(table))) || !q.next())
        return queryFailed(q, failure);
    if (!q.value(0).toBool()) {
        facts->insert(QStringLiteral("schema.") + table, QStringLiteral("absent"));
        return true;
    }
    const QString sql =
        QString::fromLatin1(kColumnsSql)
            .arg(conn.literal(table), conn.literal(Rules::requiredColumns(ruleId).join(u',')));
    if (!q.exec(sql))
        return queryFailed(q, failure);
    QStringList columns, indexed;
    while (q.next()) {
        columns << q.value(0).toString();
        if (q.value(1).toBool())
            indexed << q.value(0).toString();
    }
    facts->insert(QStringLiteral("schema.") + table,
                  QStringLiteral("columns=%1;indexed=%2").arg(columns.join(u','), indexed.join(u',')));
    return true;
}

} // namespace

bool readFleetFacts(PgConnection &conn, const PreflightReport &report, const QList<RuleConfig> &rules,
                    QJsonObject *facts, DbFailure *failure)
{
    facts->insert(QStringLiteral("server_major"), QString::number(report.serverVersionNum / 10000));
    QSqlQuery q(conn.database());
    if (!q.exec(QString::fromLatin1(kHistoryStepSql)) || !q.next())
        return queryFailed(q, failure);
    facts->insert(QStringLiteral("history_schema"), q.value(0).toString());
    for (const RuleConfig &r : rules) {
        facts->insert(QStringLiteral("retention.") + r.id, QString::number(r.retentionSeconds));
        if (!tableFacts(conn, r.id, facts, failure))
            return false;
    }
    return true;
}

QJsonObject fleetProbeJson(const PreflightReport &report, const LockHolders &lock, const HealthReport &health,
                           const QJsonObject &facts)
{
    QJsonArray blocking;
    for (const PreflightItem &i : report.items)
        if (i.blocksPurge || i.blocksPreview)
            blocking.append(QJsonObject{{QStringLiteral("id"), i.id},
                                        {QStringLiteral("title"), i.title},
                                        {QStringLiteral("rule"), i.ruleId}});
    QJsonArray rules;
    for (const RuleOverdue &r : health.rules)
        rules.append(QJsonObject{
            {QStringLiteral("rule"), r.ruleId},
            {QStringLiteral("removable"), double(r.removable)},
            {QStringLiteral("removable_since_utc"),
             r.removableSinceUtc.isEmpty() ? QJsonValue() : QJsonValue(r.removableSinceUtc)},
            {QStringLiteral("removable_since_hours"), r.hoursAgo < 0 ? QJsonValue() : QJsonValue(r.hoursAgo)},
            {QStringLiteral("overdue"), r.overdue}});
    return QJsonObject{
        {QStringLiteral("reachable"), true},
        {QStringLiteral("server_version"), report.serverVersion},
        {QStringLiteral("can_preview"), report.canPreview()},
        {QStringLiteral("can_purge"), report.canPurge()},
        {QStringLiteral("verdict"), report.canPurge() ? QStringLiteral("ok") : QStringLiteral("refused")},
        {QStringLiteral("blocking"), blocking},
        {QStringLiteral("connection_pooler"), toId(report.pooler)},
        {QStringLiteral("lock_held"), lock.held()},
        {QStringLiteral("lock_holder"), lock.held() ? QJsonValue(lock.holder->describe()) : QJsonValue()},
        {QStringLiteral("lock_holder_application"),
         lock.held() ? QJsonValue(lock.holder->application) : QJsonValue()},
        {QStringLiteral("rules"), rules},
        {QStringLiteral("health"), health.levelName()},
        {QStringLiteral("healthy"), health.healthy()},
        {QStringLiteral("last_job_ok_utc"),
         report.lastJobOkUtc.isEmpty() ? QJsonValue() : QJsonValue(report.lastJobOkUtc)},
        {QStringLiteral("drift"), facts}};
}

} // namespace purga
