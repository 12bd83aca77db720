#pragma once

#include <QCoreApplication>
#include <QString>

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

    // Marks as 'interrumpido' the runs left 'en_curso' whose backend is gone. Returns how many.
    static int markInterrupted(PgConnection &conn, QString *error);

    static bool startRun(PgConnection &conn, const QString &runId, const QString &origin,
                         const QString &operatorName, const QString &detail, QString *error);
    static bool finishRun(PgConnection &conn, const QString &runId, const QString &status,
                          const QString &detail, QString *error);
    // metric: identidad_purga_filas | identidad_purga_duracion_ms; table: bare table name.
    static bool writeMetric(PgConnection &conn, const QString &runId, const QString &metric,
                            const QString &table, double value, QString *error);
};

} // namespace purga
