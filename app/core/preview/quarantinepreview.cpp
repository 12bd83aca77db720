// The session log's quarantine in the preview: which partitions are in quarantine at the frozen
// instant and when each goes (identidad.purga_cuarentena), when a partition this purge would move
// there goes, and the statements the purge runs for them (core/rules/quarantinesql.h).
#include "core/pg/pgconnection.h"
#include "core/rules/quarantinesql.h"
#include "core/util/textformat.h"
#include "preview.h"

#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

QJsonObject QuarantinedPartition::toJson() const
{
    return QJsonObject{{QStringLiteral("name"), name},
                       {QStringLiteral("original_name"), originalName},
                       {QStringLiteral("bound"), bound},
                       {QStringLiteral("lower_bound"), jsonText(lowerBound)},
                       {QStringLiteral("upper_bound"), jsonText(upperBound)},
                       {QStringLiteral("rows"), double(rows)},
                       {QStringLiteral("bytes"), double(bytes)},
                       {QStringLiteral("quarantined_at_utc"), quarantinedAtUtc},
                       {QStringLiteral("drop_after_utc"), dropAfterUtc},
                       {QStringLiteral("due"), due},
                       {QStringLiteral("present"), present}};
}

bool readQuarantine(PgConnection &conn, const QString &frozenNowUtc, QList<QuarantinedPartition> *out,
                    QString *error)
{
    out->clear();
    QSqlQuery ready(conn.database());
    if (!ready.exec(QuarantineSql::readySql()) || !ready.next()) {
        *error = ready.lastError().databaseText();
        return false;
    }
    if (!ready.value(1).toBool()) // no quarantine history: nothing can be in quarantine
        return true;
    QSqlQuery q(conn.database());
    q.setForwardOnly(true);
    if (!q.exec(QuarantineSql::listSql(Rules::cutoffLiteral(frozenNowUtc)))) {
        *error = q.lastError().databaseText();
        return false;
    }
    while (q.next()) {
        QuarantinedPartition p;
        p.id = q.value(0).toLongLong();
        p.name = q.value(1).toString();
        p.originalName = q.value(2).toString();
        p.bound = q.value(3).toString();
        p.lowerBound = q.value(4).toString();
        p.upperBound = q.value(5).toString();
        p.rows = q.value(6).toLongLong();
        p.quarantinedAtUtc = q.value(7).toString();
        p.dropAfterUtc = q.value(8).toString();
        p.due = q.value(9).toBool();
        p.present = q.value(10).toBool();
        p.bytes = q.value(11).toLongLong();
        *out << p;
    }
    return true;
}

// Called by takePreview for the partition rule, after its partitions: the quarantine, and the
// purge's statements with the quarantine in them.
bool previewQuarantine(PgConnection &conn, RulePreview &r, const QString &frozenNowUtc, QString *error)
{
    r.frozenNowUtc = frozenNowUtc;
    if (!readQuarantine(conn, frozenNowUtc, &r.quarantine, error))
        return false;
    QStringList statements;
    for (const QuarantinedPartition &q : std::as_const(r.quarantine))
        if (q.due && q.present)
            statements << QStringLiteral("DROP TABLE %1; -- in quarantine since %2, its days are over")
                              .arg(q.name, q.quarantinedAtUtc);
    if (r.config.quarantineDays > 0) {
        QSqlQuery until(conn.database());
        if (!until.exec(
                QuarantineSql::untilSql(Rules::cutoffLiteral(frozenNowUtc), r.config.quarantineDays)) ||
            !until.next()) {
            *error = until.lastError().databaseText();
            return false;
        }
        r.quarantineUntilUtc = until.value(0).toString();
        // The removable partitions are moved, not dropped.
        QString moved;
        for (const QString &line : r.deleteSql.split(u'\n')) {
            if (!line.startsWith(QLatin1String("DROP TABLE "))) {
                moved += line + u'\n';
                continue;
            }
            const QString name = line.mid(11).chopped(line.endsWith(u';') ? 1 : 0);
            moved += QuarantineSql::moveSql(name) +
                     QStringLiteral("; -- in quarantine until %1\n").arg(r.quarantineUntilUtc);
        }
        r.deleteSql = moved.trimmed();
    }
    if (!statements.isEmpty())
        r.deleteSql = statements.join(u'\n') + u'\n' + r.deleteSql;
    return true;
}

} // namespace purga
