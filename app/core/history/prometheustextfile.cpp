#include "prometheustextfile.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace purga {

namespace {

QString labelValue(QString v)
{
    // Text format: backslash, double quote and line feed are escaped inside label values.
    v.replace(u'\\', QStringLiteral("\\\\"))
        .replace(u'"', QStringLiteral("\\\""))
        .replace(u'\n', QStringLiteral("\\n"));
    return v;
}

} // namespace

QString prometheusText(const QList<PrometheusTableSample> &tables, double lastOkEpochSeconds)
{
    QString s;
    s += QStringLiteral("# HELP identidad_purga_filas Rows removed per table by the last purge run.\n"
                        "# TYPE identidad_purga_filas gauge\n");
    for (const PrometheusTableSample &t : tables)
        s += QStringLiteral("identidad_purga_filas{tabla=\"%1\"} %2\n").arg(labelValue(t.table)).arg(t.rows);
    s += QStringLiteral(
        "# HELP identidad_purga_duracion_ms Duration per table of the last purge run, in milliseconds.\n"
        "# TYPE identidad_purga_duracion_ms gauge\n");
    for (const PrometheusTableSample &t : tables)
        s += QStringLiteral("identidad_purga_duracion_ms{tabla=\"%1\"} %2\n")
                 .arg(labelValue(t.table))
                 .arg(t.durationMs);
    if (lastOkEpochSeconds >= 0)
        s += QStringLiteral(
                 "# HELP identidad_purga_ultima_ok_timestamp_seconds When a purge last finished successfully "
                 "(Unix time).\n"
                 "# TYPE identidad_purga_ultima_ok_timestamp_seconds gauge\n"
                 "identidad_purga_ultima_ok_timestamp_seconds %1\n")
                 .arg(QString::number(lastOkEpochSeconds, 'f', 3));
    return s;
}

bool writePrometheusTextfile(const QString &path, const QList<PrometheusTableSample> &tables,
                             double lastOkEpochSeconds, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *error = QCoreApplication::translate("Prometheus", "Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(prometheusText(tables, lastOkEpochSeconds).toUtf8());
    if (!f.commit()) {
        *error = QCoreApplication::translate("Prometheus", "Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace purga
