#include "historyquery.h"

#include "core/pg/dbfailure.h"
#include "core/pg/pgconnection.h"
#include "historystore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

// Instants go out as ISO 8601 UTC text whatever the session's or the server's TimeZone.
QString isoUtc(const QString &expr)
{
    return QStringLiteral("to_char((%1) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')").arg(expr);
}

QString bare(const QString &table)
{
    return table.startsWith(QLatin1String("identidad.")) ? table.mid(10) : table;
}

// The range as a CTE "p" (since, until, origen, tabla): every query binds the same four values first.
const QString kParams = QStringLiteral(
    "WITH p AS (SELECT coalesce(CAST(? AS timestamptz), '-infinity') AS since,"
    "                  coalesce(CAST(? AS timestamptz), 'infinity') AS until,"
    "                  coalesce(CAST(? AS text), '') AS origen, coalesce(CAST(? AS text), '') AS tabla)\n");
const QString kRunFilter = QStringLiteral(
    "r.iniciada_en >= p.since AND r.iniciada_en < p.until AND (p.origen = '' OR r.origen = p.origen)");

void bindRange(QSqlQuery &q, const HistoryRange &range)
{
    auto instant = [](const QDateTime &t) {
        return t.isValid() ? QVariant(t.toUTC().toString(Qt::ISODateWithMs))
                           : QVariant(QMetaType::fromType<QString>());
    };
    q.addBindValue(instant(range.since));
    q.addBindValue(instant(range.until));
    q.addBindValue(range.origin == QLatin1String("all") ? QString() : range.origin);
    q.addBindValue(bare(range.table));
}

bool execRange(QSqlQuery &q, const QString &sql, const HistoryRange &range, const QVariantList &more,
               DbFailure *failure)
{
    q.setForwardOnly(true);
    if (!q.prepare(sql)) {
        *failure = DbFailure::ofQuery(q, false, q.lastError().databaseText());
        return false;
    }
    bindRange(q, range);
    for (const QVariant &v : more)
        q.addBindValue(v);
    if (!q.exec()) {
        *failure = DbFailure::ofQuery(
            q, false,
            HistoryQuery::tr("Could not read the purge history: %1").arg(q.lastError().databaseText()));
        return false;
    }
    return true;
}

// Buckets of equal width over the filtered rows "f" (column iniciada_en), at most maxPoints + 1.
QString bucketCte(const QString &bindMaxPoints)
{
    return QStringLiteral(", w AS (SELECT min(f.iniciada_en) AS t0, greatest(1, ceil(extract(epoch FROM "
                          "max(f.iniciada_en) - "
                          "min(f.iniciada_en)) / %1)) AS secs FROM f)\n")
        .arg(bindMaxPoints);
}
const QString kBucketStart = QStringLiteral(
    "w.t0 + make_interval(secs => floor(extract(epoch FROM f.iniciada_en - w.t0) / w.secs) * w.secs)");

const QStringList kStatuses = {QStringLiteral("ok"),           QStringLiteral("cancelado"),
                               QStringLiteral("error"),        QStringLiteral("lock_ocupado"),
                               QStringLiteral("interrumpido"), QStringLiteral("en_curso"),
                               QStringLiteral("congelado")};

} // namespace

QString HistoryQuery::qualified(const QString &table)
{
    return table.contains(u'.') ? table : QStringLiteral("identidad.") + table;
}

QJsonObject HistoryRun::toJson() const
{
    QJsonObject tables;
    for (auto it = rows.cbegin(); it != rows.cend(); ++it)
        tables.insert(it.key(), double(it.value()));
    qint64 total = 0;
    for (qint64 n : rows)
        total += n;
    return QJsonObject{
        {QStringLiteral("run_id"), runId},
        {QStringLiteral("origin"), origin},
        {QStringLiteral("operator"), operatorName},
        {QStringLiteral("os_user"), osUser.isEmpty() ? QJsonValue() : QJsonValue(osUser)},
        {QStringLiteral("started_utc"), startedUtc},
        {QStringLiteral("finished_utc"), finishedUtc.isEmpty() ? QJsonValue() : QJsonValue(finishedUtc)},
        {QStringLiteral("status"), status},
        {QStringLiteral("duration_ms"), durationMs < 0 ? QJsonValue() : QJsonValue(double(durationMs))},
        {QStringLiteral("rows"), double(total)},
        {QStringLiteral("tables"), tables},
        {QStringLiteral("detail"), detail}};
}

bool HistoryQuery::runs(PgConnection &conn, const HistoryRange &range, QList<HistoryRun> *out,
                        DbFailure *failure, int maxRuns)
{
    out->clear();
    return forEachRun(
        conn, range, maxRuns, [out](const HistoryRun &r) { out->append(r); }, failure);
}

namespace {

// One row per run, its tables aggregated in the database as [[tabla, filas, ms], …] (a run
// without metrics, e.g. lock_ocupado, has NULL): columns 0–9 as readRun() reads them. With
// maxRuns, the newest ones only.
QString runRowsSql(int maxRuns)
{
    const QString runsOf =
        maxRuns > 0
            ? QStringLiteral("(SELECT r.* FROM p CROSS JOIN identidad.purga_corridas r WHERE %1\n"
                             " ORDER BY r.iniciada_en DESC, r.corrida_id DESC LIMIT CAST(? AS bigint)) r\n"
                             "WHERE true")
                  .arg(kRunFilter)
            : QStringLiteral("identidad.purga_corridas r\nWHERE %1").arg(kRunFilter);
    return QStringLiteral(
               "SELECT r.corrida_id::text, r.origen, r.operador, %1, %2, r.estado, coalesce(r.detalle, ''),\n"
               "       (extract(epoch FROM r.terminada_en - r.iniciada_en) * 1000)::bigint,\n"
               "       to_jsonb(r) ->> 'usuario_so',\n" // NULL on a schema from before usuario_so
               "       (SELECT json_agg(json_build_array(m.tabla, m.filas, m.ms) ORDER BY m.tabla)::text "
               "FROM "
               "(\n"
               "          SELECT x.tabla,\n"
               "                 max(x.valor) FILTER (WHERE x.metrica = 'identidad_purga_filas')::bigint AS "
               "filas,\n"
               "                 max(x.valor) FILTER (WHERE x.metrica = "
               "'identidad_purga_duracion_ms')::bigint "
               "AS ms\n"
               "          FROM identidad.purga_metricas x\n"
               "          WHERE x.corrida_id = r.corrida_id AND (p.tabla = '' OR x.tabla = p.tabla)\n"
               "            AND x.metrica IN ('identidad_purga_filas', 'identidad_purga_duracion_ms')\n"
               "          GROUP BY x.tabla) m)\n"
               "FROM p CROSS JOIN %3")
        .arg(isoUtc(QStringLiteral("r.iniciada_en")), isoUtc(QStringLiteral("r.terminada_en")), runsOf);
}

// Columns 0–9 of runRowsSql() into *r (reused from run to run).
void readRun(const QSqlQuery &q, HistoryRun *r)
{
    r->runId = q.value(0).toString();
    r->origin = q.value(1).toString();
    r->operatorName = q.value(2).toString();
    r->startedUtc = q.value(3).toString();
    r->finishedUtc = q.value(4).toString();
    r->status = q.value(5).toString();
    r->detail = q.value(6).toString();
    r->durationMs = q.value(7).isNull() ? -1 : q.value(7).toLongLong();
    r->osUser = q.value(8).toString();
    r->rows.clear();
    r->durationsMs.clear();
    const QJsonArray tables = QJsonDocument::fromJson(q.value(9).toString().toUtf8()).array();
    for (const QJsonValue &t : tables) {
        const QJsonArray v = t.toArray();
        const QString table = HistoryQuery::qualified(v.at(0).toString());
        if (!v.at(1).isNull())
            r->rows.insert(table, qint64(v.at(1).toDouble()));
        if (!v.at(2).isNull())
            r->durationsMs.insert(table, qint64(v.at(2).toDouble()));
    }
}

} // namespace

bool HistoryQuery::forEachRun(PgConnection &conn, const HistoryRange &range, int maxRuns,
                              const std::function<void(const HistoryRun &)> &each, DbFailure *failure)
{
    const QString sql =
        kParams + runRowsSql(maxRuns) + QStringLiteral("\nORDER BY r.iniciada_en, r.corrida_id");
    QSqlQuery q(conn.database());
    QVariantList more;
    if (maxRuns > 0)
        more << maxRuns;
    if (!execRange(q, sql, range, more, failure))
        return false;
    HistoryRun r;
    while (q.next()) {
        readRun(q, &r);
        each(r);
    }
    return true;
}

bool HistoryQuery::forEachRunTwice(PgConnection &conn, const HistoryRange &range,
                                   const std::function<void(const HistoryRun &)> &first,
                                   const std::function<void(const HistoryRun &)> &second, DbFailure *failure)
{
    // Two passes over the same snapshot (REPEATABLE READ): both see the same runs in the same
    // state. Read-only, so it works on a standby; JIT off as for the History page (withJitOff).
    // One statement listing the runs twice (materialized, sorted by pass) took twice as long: the
    // server sorted every run's text on disk (docs/benchmarks.md). Behind a statement pooler the
    // transaction is refused and the passes run without a common snapshot.
    QString ignored;
    const bool snapshot = conn.execScript(
        QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL jit = off"), &ignored);
    const bool ok = forEachRun(conn, range, 0, first, failure) && forEachRun(conn, range, 0, second, failure);
    if (snapshot)
        conn.execScript(ok ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"), &ignored);
    return ok;
}

bool HistoryQuery::daily(PgConnection &conn, const HistoryRange &range, const QString &zone,
                         QList<DailyRows> *out, DbFailure *failure)
{
    // date_trunc(…, zone) is DST-safe: a 23 h or 25 h day is one day, and a zone whose midnight
    // does not exist on the change (America/Santiago) starts that day at its first instant.
    const QString sql =
        kParams +
        QStringLiteral(", z AS (SELECT CAST(? AS text) AS zone)\n"
                       "SELECT to_char(d.day AT TIME ZONE z.zone, 'YYYY-MM-DD'), %1, m.tabla, r.origen,\n"
                       "       sum(m.valor)::bigint, count(DISTINCT r.corrida_id)\n"
                       "FROM p CROSS JOIN z\n"
                       "JOIN identidad.purga_corridas r ON true\n"
                       "JOIN identidad.purga_metricas m ON m.corrida_id = r.corrida_id AND m.metrica = "
                       "'identidad_purga_filas'\n"
                       "CROSS JOIN LATERAL (SELECT date_trunc('day', r.iniciada_en, z.zone) AS day) d\n"
                       "WHERE %2 AND (p.tabla = '' OR m.tabla = p.tabla)\n"
                       "GROUP BY 1, 2, 3, 4\n"
                       "ORDER BY 2, 3, 4")
            .arg(isoUtc(QStringLiteral("d.day")), kRunFilter);
    QSqlQuery q(conn.database());
    if (!execRange(q, sql, range, {zone}, failure))
        return false;
    out->clear();
    while (q.next())
        out->append(DailyRows{q.value(0).toString(), q.value(1).toString(), qualified(q.value(2).toString()),
                              q.value(3).toString(), q.value(4).toLongLong(), q.value(5).toInt()});
    return true;
}

bool HistoryQuery::durations(PgConnection &conn, const HistoryRange &range, int maxPoints,
                             QList<DurationBucket> *out, DbFailure *failure)
{
    QString counts;
    for (const QString &s : kStatuses)
        counts += QStringLiteral(", count(*) FILTER (WHERE f.estado = '%1')").arg(s);
    const QString sql =
        kParams +
        QStringLiteral(", f AS (SELECT r.iniciada_en, r.origen, r.estado,\n"
                       "               extract(epoch FROM r.terminada_en - r.iniciada_en) * 1000 AS ms\n"
                       "        FROM p CROSS JOIN identidad.purga_corridas r WHERE %1)\n"
                       "%2"
                       "SELECT %3, f.origen, count(*), coalesce(max(f.ms), 0)::bigint, coalesce(avg(f.ms), "
                       "0)::bigint%4,\n"
                       "       %5\n"
                       "FROM f CROSS JOIN w GROUP BY 1, 2 ORDER BY 1, 2")
            .arg(kRunFilter, bucketCte(QStringLiteral("CAST(? AS int)")), isoUtc(kBucketStart), counts,
                 isoUtc(QStringLiteral("(array_agg(f.iniciada_en ORDER BY f.ms DESC NULLS LAST))[1]")));
    QSqlQuery q(conn.database());
    if (!execRange(q, sql, range, {qMax(1, maxPoints)}, failure))
        return false;
    out->clear();
    while (q.next()) {
        DurationBucket b{q.value(0).toString(),
                         q.value(5 + int(kStatuses.size())).toString(),
                         q.value(1).toString(),
                         q.value(2).toInt(),
                         q.value(3).toLongLong(),
                         q.value(4).toLongLong(),
                         {}};
        for (int i = 0; i < kStatuses.size(); ++i)
            if (const int n = q.value(5 + i).toInt())
                b.statuses.insert(kStatuses.at(i), n);
        out->append(b);
    }
    return true;
}

bool HistoryQuery::sizes(PgConnection &conn, const HistoryRange &range, int maxPoints, QList<SizePoint> *out,
                         DbFailure *failure)
{
    // The last value of each table in each bucket (sizes are levels, not sums), at the start of the
    // run that recorded it.
    const QString sql =
        kParams + QStringLiteral(
                      ", f AS (SELECT r.iniciada_en, m.tabla, m.metrica, m.valor\n"
                      "        FROM p CROSS JOIN identidad.purga_corridas r\n"
                      "        JOIN identidad.purga_metricas m ON m.corrida_id = r.corrida_id\n"
                      "        WHERE %1 AND m.metrica IN ('identidad_tabla_filas', 'identidad_tabla_bytes')\n"
                      "          AND (p.tabla = '' OR m.tabla = p.tabla))\n"
                      "%2"
                      "SELECT %3, f.tabla,\n"
                      "       (array_agg(f.valor ORDER BY f.iniciada_en DESC) FILTER (WHERE f.metrica = "
                      "'identidad_tabla_filas'))[1]::bigint,\n"
                      "       (array_agg(f.valor ORDER BY f.iniciada_en DESC) FILTER (WHERE f.metrica = "
                      "'identidad_tabla_bytes'))[1]::bigint\n"
                      "FROM f CROSS JOIN w GROUP BY %4, 2 ORDER BY 1, 2")
                      .arg(kRunFilter, bucketCte(QStringLiteral("CAST(? AS int)")),
                           isoUtc(QStringLiteral("max(f.iniciada_en)")), kBucketStart);
    HistoryRange all = range;
    all.origin.clear(); // a table's size does not depend on who purged it
    QSqlQuery q(conn.database());
    if (!execRange(q, sql, all, {qMax(1, maxPoints)}, failure))
        return false;
    out->clear();
    while (q.next())
        out->append(SizePoint{q.value(0).toString(), qualified(q.value(1).toString()),
                              q.value(2).isNull() ? -1 : q.value(2).toLongLong(),
                              q.value(3).isNull() ? -1 : q.value(3).toLongLong()});
    return true;
}

QString HistoryQuery::serverTimeZone(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    return q.exec(QStringLiteral("SELECT reset_val FROM pg_settings WHERE name = 'TimeZone'")) && q.next()
               ? q.value(0).toString()
               : QStringLiteral("UTC");
}

QStringList HistoryQuery::rowColumns()
{
    return {QStringLiteral("run_id"),      QStringLiteral("origin"),       QStringLiteral("operator"),
            QStringLiteral("started_utc"), QStringLiteral("finished_utc"), QStringLiteral("status"),
            QStringLiteral("table"),       QStringLiteral("rows"),         QStringLiteral("duration_ms")};
}

QList<QStringList> HistoryQuery::flatRows(const QList<HistoryRun> &runs)
{
    QList<QStringList> out;
    for (const HistoryRun &r : runs)
        for (auto it = r.rows.cbegin(); it != r.rows.cend(); ++it)
            out << QStringList{r.runId,
                               r.origin,
                               r.operatorName,
                               r.startedUtc,
                               r.finishedUtc,
                               r.status,
                               it.key(),
                               QString::number(it.value()),
                               r.durationsMs.contains(it.key())
                                   ? QString::number(r.durationsMs.value(it.key()))
                                   : QString()};
    return out;
}

QString HistoryQuery::csvLines(const QList<QStringList> &rows)
{
    auto field = [](const QString &v) -> QString {
        if (!v.contains(u',') && !v.contains(u'"') && !v.contains(u'\n'))
            return v;
        return u'"' + QString(v).replace(u'"', QStringLiteral("\"\"")) + u'"';
    };
    QString out;
    for (const QStringList &row : rows) {
        QStringList fields;
        for (const QString &f : row)
            fields << field(f);
        out += fields.join(u',') + u'\n';
    }
    return out;
}

QString HistoryQuery::csv(const QList<QStringList> &rows)
{
    return rowColumns().join(u',') + u'\n' + csvLines(rows);
}

double HistoryQuery::lastOkEpochSeconds(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    if (!HistoryStore::exists(conn) ||
        !q.exec(QStringLiteral("SELECT extract(epoch FROM max(coalesce(terminada_en, iniciada_en)))::float8"
                               " FROM identidad.purga_corridas WHERE estado = 'ok'")) ||
        !q.next() || q.value(0).isNull())
        return -1;
    return q.value(0).toDouble();
}

} // namespace purga
