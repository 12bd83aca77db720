#include "historystore.h"

#include "core/pg/pgconnection.h"

#include <QFile>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

// The bounds of recordTableSizes' transaction.
constexpr int kSizesLockTimeoutMs = 2000;
constexpr int kSizesStatementTimeoutMs = 120000;

// The recording's failure keeps the words (and translation context) of the history's reader.
QString sizesFailed()
{
    return QCoreApplication::translate("HistoryQuery", "Could not record the table sizes: %1");
}

QString qualified(const QString &table)
{
    return table.contains(u'.') ? table : QStringLiteral("identidad.") + table;
}

} // namespace

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
    // A freeze's row records the pid of the connection holding the lock: with it gone the lock is
    // gone too, whoever released it. A pid reused by a later backend does not keep a run open; a
    // backend whose start this role may not see (another role's, without pg_read_all_stats) does:
    // a run is only closed when its backend is known to be gone.
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral(
            "UPDATE identidad.purga_corridas r"
            "   SET estado = 'interrumpido', terminada_en = now(),"
            "       detalle = concat_ws(' | ', r.detalle, CASE WHEN r.estado = 'congelado'"
            "         THEN 'freeze lost: its connection (backend ' || r.backend_pid || ') ended before it "
            "was released'"
            "         ELSE 'backend ' || r.backend_pid || ' gone before the run finished' END)"
            " WHERE (r.estado = 'en_curso' OR (r.estado = 'congelado' AND r.terminada_en IS NULL))"
            "   AND NOT pg_is_in_recovery()"
            "   AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a"
            "                    WHERE a.pid = r.backend_pid"
            "                      AND (a.backend_start IS NULL OR a.backend_start <= r.iniciada_en))"))) {
        *error = q.lastError().databaseText();
        return -1;
    }
    return q.numRowsAffected();
}

bool HistoryStore::recordProgress(QSqlQuery &q, const QString &runId, const QString &table, qint64 rows,
                                  qint64 durationMs)
{
    // One statement, no prepared one: a batch pays one round trip for its totals, not three
    // (PREPARE, EXECUTE, DEALLOCATE). The values are quoted by the driver; purga_registrar stores
    // the table bare.
    QSqlField text(QString(), QMetaType(QMetaType::QString));
    const auto literal = [&](const QString &v) {
        text.setValue(v);
        return q.driver()->formatValue(text);
    };
    return q.exec(progressSql(literal(runId), literal(table), rows, durationMs));
}

QString HistoryStore::progressSql(const QString &runIdLiteral, const QString &tableLiteral, qint64 rows,
                                  qint64 durationMs)
{
    const QString call =
        QStringLiteral("identidad.purga_registrar(CAST(%1 AS uuid), '%2', CAST(%3 AS text), %4)");
    return QStringLiteral("SELECT %1, %2")
        .arg(call.arg(runIdLiteral, QStringLiteral("identidad_purga_filas"), tableLiteral,
                      QString::number(rows)),
             call.arg(runIdLiteral, QStringLiteral("identidad_purga_duracion_ms"), tableLiteral,
                      QString::number(durationMs)));
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

bool HistoryStore::recordTableSizes(PgConnection &conn, const QString &runId, const QStringList &tables,
                                    QString *error, const QList<qint64> &rowsLeft)
{
    QSqlQuery check(conn.database());
    if (!check.exec(QStringLiteral(
            "SELECT NOT pg_is_in_recovery() AND NOT current_setting('transaction_read_only')::bool,"
            " to_regprocedure('identidad.purga_registrar_tamanos(uuid, text[], double precision[])') "
            "IS NOT NULL,"
            " to_regprocedure('identidad.purga_registrar_tamanos(uuid, text[])') IS NOT NULL")) ||
        !check.next() || !check.value(0).toBool() || !(check.value(1).toBool() || check.value(2).toBool()))
        return true; // a standby, a read-only session or a history without the function: nothing to record
    // A history set up before the counts could be passed (setup-history not rerun since) has the
    // two-argument function, which counts the tables itself: slower, still right.
    const bool passCounts = check.value(1).toBool();
    // Counting and sizing take ACCESS SHARE locks: bounded, so a table locked by someone else costs
    // this run its size sample, never a wait without end.
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("BEGIN")) ||
        !q.exec(QStringLiteral("SET LOCAL lock_timeout = %1").arg(kSizesLockTimeoutMs)) ||
        !q.exec(QStringLiteral("SET LOCAL statement_timeout = %1").arg(kSizesStatementTimeoutMs)) ||
        !q.prepare(passCounts ? QStringLiteral("SELECT identidad.purga_registrar_tamanos(CAST(? AS uuid), "
                                               "CAST(? AS text[]), CAST(? AS double precision[]))")
                              : QStringLiteral("SELECT identidad.purga_registrar_tamanos(CAST(? AS uuid), "
                                               "CAST(? AS text[]))"))) {
        *error = sizesFailed().arg(q.lastError().databaseText());
        q.exec(QStringLiteral("ROLLBACK"));
        return false;
    }
    q.addBindValue(runId);
    QStringList quoted;
    for (const QString &t : tables)
        quoted << u'"' + qualified(t) + u'"';
    q.addBindValue(QString(u'{' + quoted.join(u',') + u'}'));
    QStringList counts;
    for (qsizetype i = 0; i < tables.size(); ++i)
        counts << (i < rowsLeft.size() && rowsLeft.at(i) >= 0 ? QString::number(rowsLeft.at(i))
                                                              : QStringLiteral("NULL"));
    if (passCounts)
        q.addBindValue(QString(u'{' + counts.join(u',') + u'}'));
    if (!q.exec()) {
        *error = sizesFailed().arg(q.lastError().databaseText());
        QSqlQuery(conn.database()).exec(QStringLiteral("ROLLBACK"));
        return false;
    }
    QSqlQuery commit(conn.database());
    if (!commit.exec(QStringLiteral("COMMIT"))) {
        *error = sizesFailed().arg(commit.lastError().databaseText());
        return false;
    }
    return true;
}

} // namespace purga
