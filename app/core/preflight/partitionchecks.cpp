// The DEFAULT partition of identidad.log_sesiones: the partition rule removes whole month
// partitions, so rows that landed in the DEFAULT partition (no month partition existed for them)
// stay there forever, whatever their age. The preflight says so once they are older than the
// retention, with what the DBA can do about them.
#include "partitionchecks.h"

#include "core/pg/pgconnection.h"
#include "core/rules/rules.h"
#include "core/util/textformat.h"
#include "preflight.h"

#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

// The DEFAULT partition of log_sesiones (its catalog name) and whether the role may read it; an
// empty name when there is none.
bool findDefault(PgConnection &conn, QString *name, bool *readable)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT c.oid::regclass::text, has_table_privilege(c.oid, 'SELECT')\n"
                               "FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid\n"
                               "WHERE i.inhparent = to_regclass('identidad.log_sesiones')\n"
                               "  AND pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT'")))
        return false;
    if (q.next()) {
        *name = q.value(0).toString();
        *readable = q.value(1).toBool();
    }
    return true;
}

} // namespace

void checkDefaultPartition(PgConnection &conn, PreflightReport *r)
{
    const QString id = QStringLiteral("default_partition:") + RuleId::LogSesiones;
    const QString title = PreflightReport::tr("Old rows in the DEFAULT partition of identidad.log_sesiones");
    QString part;
    bool readable = false;
    if (!findDefault(conn, &part, &readable) || part.isEmpty())
        return;
    if (!readable) {
        r->items << PreflightItem::make(
            id, PreflightItem::Status::Warning, title,
            PreflightReport::tr("Role %1 may not SELECT from the DEFAULT partition %2: whether it holds "
                                "rows older than the retention, which the purge never removes, is unknown.")
                .arg(r->role, part));
        r->items.last().ruleId = RuleId::LogSesiones;
        return;
    }
    const RuleConfig config = Rules::defaults(RuleId::LogSesiones);
    const QString cutoff = QStringLiteral("(now() - %1)").arg(Rules::retentionInterval(config));
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT count(*), min(ocurrido_en)::text, max(ocurrido_en)::text, %2::text\n"
                               "FROM %1 WHERE ocurrido_en < %2")
                    .arg(part, cutoff)) ||
        !q.next() || q.value(0).toLongLong() == 0)
        return;
    const qint64 rows = q.value(0).toLongLong();
    const qint64 months = qRound64(config.retentionSeconds / (365.25 * 86400.0 / 12.0));
    r->items << PreflightItem::make(
        id, PreflightItem::Status::Warning, title,
        PreflightReport::tr(
            "%1 rows older than the %2-month retention (before %3) sit in the DEFAULT partition %4, from %5 "
            "to %6. The purge removes whole month partitions and never these rows. Either delete them "
            "(DELETE FROM %4 WHERE ocurrido_en < '%3'), or move them into month partitions: detach %4, "
            "create the missing month partitions, insert its old rows through identidad.log_sesiones, "
            "delete them from %4 and attach it again; the purge then removes those months.")
            .arg(formatCount(rows), QString::number(months), q.value(3).toString(), part,
                 q.value(1).toString(), q.value(2).toString()));
    r->items.last().ruleId = RuleId::LogSesiones;
}

} // namespace purga
