#include "historystore.h"

#include "core/pg/pgconnection.h"

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

namespace {

// The history's SQL interface (resources/sql/purga_historial.sql, docs/job-integration.md): the
// app writes its runs through the job's functions, never with its own INSERTs, so both keep one
// contract. False with `error` set when the call failed.
bool call(PgConnection &conn, const QString &sql, const QVariantList &values, QString *error)
{
    QSqlQuery q(conn.database());
    q.setForwardOnly(true);
    if (!q.prepare(sql)) {
        *error = q.lastError().databaseText();
        return false;
    }
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!q.exec()) {
        *error = q.lastError().databaseText();
        return false;
    }
    return true;
}

} // namespace

bool HistoryStore::hasFunctions(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    return q.exec(QStringLiteral(
               "SELECT to_regprocedure('identidad.purga_corrida_iniciar(text, text, text, uuid, text)') IS "
               "NOT NULL"
               " AND to_regprocedure('identidad.purga_corrida_terminar(uuid, text, text)') IS NOT NULL"
               " AND to_regprocedure('identidad.purga_registrar(uuid, text, text, double precision)') IS NOT "
               "NULL")) &&
           q.next() && q.value(0).toBool();
}

bool HistoryStore::startRun(PgConnection &conn, const QString &runId, const QString &origin,
                            const QString &operatorName, const QString &detail, QString *error)
{
    // operador: NULL, so the function records the database role; usuario_so: the OS user.
    if (!hasFunctions(conn)) {
        *error =
            tr("the history schema is older than this version (run setup-history to upgrade it in place)");
        return false;
    }
    return call(
        conn,
        QStringLiteral("SELECT identidad.purga_corrida_iniciar(CAST(? AS text), NULL, CAST(? AS text), "
                       "CAST(? AS uuid), CAST(? AS text))"),
        {origin, detail, runId, operatorName}, error);
}

bool HistoryStore::finishRun(PgConnection &conn, const QString &runId, const QString &status,
                             const QString &detail, QString *error)
{
    return call(conn,
                QStringLiteral("SELECT identidad.purga_corrida_terminar(CAST(? AS uuid), CAST(? AS text), "
                               "CAST(? AS text))"),
                {runId, status, detail}, error);
}

bool HistoryStore::writeMetric(PgConnection &conn, const QString &runId, const QString &metric,
                               const QString &table, double value, QString *error)
{
    return call(conn,
                QStringLiteral("SELECT identidad.purga_registrar(CAST(? AS uuid), CAST(? AS text), "
                               "CAST(? AS text), CAST(? AS double precision))"),
                {runId, metric, table, value}, error);
}

} // namespace purga
