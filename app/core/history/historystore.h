#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

class QSqlQuery;

namespace purga {

class PgConnection;

// identidad.purga_corridas / identidad.purga_metricas: the runs of the purge and their metrics,
// shared with the scheduled job of ADR 0021 (origin 'job').
class HistoryStore
{
    Q_DECLARE_TR_FUNCTIONS(HistoryStore)
public:
    // Creates the history tables if missing (resources/sql/purga_historial.sql). Idempotent.
    static bool setup(PgConnection &conn, QString *error);
    static bool exists(PgConnection &conn);

    // Closes what died with its process or connection: runs left 'en_curso' and freezes left
    // 'congelado' without an end whose backend is gone become 'interrumpido' with an end (a
    // released freeze has its end and stays 'congelado'). A backend counts as the run's only if it
    // started before the run did (a pid reused since is another session). Does nothing on a
    // standby, whose pg_stat_activity lists other backends. Returns how many rows it closed, -1 on
    // error. Every command that connects (CLI and GUI) calls it first.
    static int markInterrupted(PgConnection &conn, QString *error);

    // The run is written through the job's functions (purga_corrida_iniciar / purga_registrar /
    // purga_corrida_terminar): true when this history has them (setup-history adds them in place).
    static bool hasFunctions(PgConnection &conn);
    // Fails (nothing written) on a history too old to have the functions.
    static bool startRun(PgConnection &conn, const QString &runId, const QString &origin,
                         const QString &operatorName, const QString &detail, QString *error);
    static bool finishRun(PgConnection &conn, const QString &runId, const QString &status,
                          const QString &detail, QString *error);
    // One rule's running totals (identidad_purga_filas and identidad_purga_duracion_ms), run on the
    // caller's `q` inside its batch transaction: the count commits or rolls back with the rows it
    // counts, so a run killed mid-way leaves metrics that sum to what it removed. A failure is the
    // batch's (q's lastError), like its DELETE's.
    static bool recordProgress(QSqlQuery &q, const QString &runId, const QString &table, qint64 rows,
                               qint64 durationMs);
    // recordProgress's statement, for a caller that sends it with its COMMIT in one round trip: the
    // run id and the bare table name as SQL string literals.
    static QString progressSql(const QString &runIdLiteral, const QString &tableLiteral, qint64 rows,
                               qint64 durationMs);
    // metric: identidad_purga_filas | identidad_purga_duracion_ms; table: bare table name.
    static bool writeMetric(PgConnection &conn, const QString &runId, const QString &metric,
                            const QString &table, double value, QString *error);
    // After a run: rows left and total bytes per table (identidad_tabla_filas / identidad_tabla_bytes)
    // through identidad.purga_registrar_tamanos. rowsLeft, aligned with tables, gives the caller's own
    // row counts (-1 or missing: the function counts; a history set up before counts could be passed
    // always counts). Does nothing on a standby or a history without the function (returns true then);
    // false with an error when the recording itself failed.
    static bool recordTableSizes(PgConnection &conn, const QString &runId, const QStringList &tables,
                                 QString *error, const QList<qint64> &rowsLeft = {});
};

} // namespace purga
