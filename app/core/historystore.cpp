#include "historystore.h"

#include "pgconnection.h"

#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

bool HistoryStore::setup(PgConnection &conn, QString *error)
{
    QFile f(QStringLiteral(":/sql/purga_historial.sql"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("The history schema is missing from this build.");
        return false;
    }
    QString err;
    if (!conn.execScript(QString::fromUtf8(f.readAll()), &err)) {
        *error = tr("Could not create the history tables: %1").arg(err);
        return false;
    }
    return true;
}

bool HistoryStore::exists(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    return q.exec(QStringLiteral("SELECT to_regclass('identidad.purga_corridas') IS NOT NULL "
                                 "AND to_regclass('identidad.purga_metricas') IS NOT NULL")) &&
           q.next() && q.value(0).toBool();
}

int HistoryStore::markInterrupted(PgConnection &conn, QString *error)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral(
            "UPDATE identidad.purga_corridas r"
            "   SET estado = 'interrumpido', terminada_en = now(),"
            "       detalle = concat_ws(' | ', r.detalle, 'backend ' || r.backend_pid || ' gone before the "
            "run finished')"
            " WHERE r.estado = 'en_curso'"
            "   AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = r.backend_pid)"))) {
        *error = q.lastError().databaseText();
        return -1;
    }
    return q.numRowsAffected();
}

bool HistoryStore::startRun(PgConnection &conn, const QString &runId, const QString &origin,
                            const QString &operatorName, const QString &detail, QString *error)
{
    // operador: the database role; usuario_so: the OS user (operatorName), on history tables that
    // have the column (setup-history adds it); older tables get the role only.
    QSqlQuery has(conn.database());
    const bool osColumn =
        has.exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = "
                                "'identidad.purga_corridas'::regclass AND attname = 'usuario_so' "
                                "AND NOT attisdropped)")) &&
        has.next() && has.value(0).toBool();
    QSqlQuery q(conn.database());
    q.prepare(
        osColumn
            ? QStringLiteral(
                  "INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, usuario_so, "
                  "estado, backend_pid, detalle) VALUES (CAST(? AS uuid), ?, current_user, "
                  "NULLIF(?, ''), 'en_curso', pg_backend_pid(), ?)")
            : QStringLiteral("INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, estado, "
                             "backend_pid, detalle) VALUES (CAST(? AS uuid), ?, current_user, 'en_curso', "
                             "pg_backend_pid(), ?)"));
    q.addBindValue(runId);
    q.addBindValue(origin);
    if (osColumn)
        q.addBindValue(operatorName);
    q.addBindValue(detail);
    if (!q.exec()) {
        *error = q.lastError().databaseText();
        return false;
    }
    return true;
}

bool HistoryStore::finishRun(PgConnection &conn, const QString &runId, const QString &status,
                             const QString &detail, QString *error)
{
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral(
        "UPDATE identidad.purga_corridas SET estado = ?, terminada_en = now(),"
        " detalle = concat_ws(' | ', detalle, NULLIF(?, '')) WHERE corrida_id = CAST(? AS uuid)"));
    q.addBindValue(status);
    q.addBindValue(detail);
    q.addBindValue(runId);
    if (!q.exec()) {
        *error = q.lastError().databaseText();
        return false;
    }
    return true;
}

bool HistoryStore::writeMetric(PgConnection &conn, const QString &runId, const QString &metric,
                               const QString &table, double value, QString *error)
{
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral("INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor)"
                             " VALUES (CAST(? AS uuid), ?, ?, ?)"
                             " ON CONFLICT (corrida_id, metrica, tabla) DO UPDATE SET valor = EXCLUDED.valor,"
                             " registrada_en = now()"));
    q.addBindValue(runId);
    q.addBindValue(metric);
    q.addBindValue(table);
    q.addBindValue(value);
    if (!q.exec()) {
        *error = q.lastError().databaseText();
        return false;
    }
    return true;
}

} // namespace purga
