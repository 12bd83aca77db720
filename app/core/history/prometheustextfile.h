#pragma once

#include <QList>
#include <QString>

namespace purga {

// What the last run did to one table, for node_exporter's textfile collector.
struct PrometheusTableSample
{
    QString table; // qualified, e.g. identidad.trx_refresh_tokens
    qint64 rows = 0;
    qint64 durationMs = 0;
};

// The metrics of ADR 0021 §4 in the Prometheus text exposition format:
// identidad_purga_filas{tabla="…"}, identidad_purga_duracion_ms{tabla="…"} and
// identidad_purga_ultima_ok_timestamp_seconds (omitted when lastOkEpochSeconds < 0).
QString prometheusText(const QList<PrometheusTableSample> &tables, double lastOkEpochSeconds);

// Writes prometheusText() to `path` atomically: a temporary file in the same directory, then a
// rename over the target, so the collector never reads half a file.
bool writePrometheusTextfile(const QString &path, const QList<PrometheusTableSample> &tables,
                             double lastOkEpochSeconds, QString *error);

} // namespace purga
