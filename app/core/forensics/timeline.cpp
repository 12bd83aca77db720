// Forensics: a user's timeline across the token tables and every partition of the session log,
// and the indexes that make these look-ups fast.
#include "forensics.h"

#include "core/pg/pgconnection.h"

#include <QDateTime>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

QString iso(const QString &expr)
{
    return QStringLiteral("to_char((%1) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')").arg(expr);
}

// A validated ISO 8601 instant as a timestamptz literal (re-rendered, never the user's text).
QString instant(const QString &text)
{
    const QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    return u'\'' + t.toUTC().toString(Qt::ISODateWithMs) + QStringLiteral("'::timestamptz");
}

QString branch(const QString &at, const QString &kind, const QString &event, const QString &hash,
               const QString &ip, const QString &ua, const QString &from, const QString &where)
{
    return QStringLiteral("SELECT %1 AS ts, '%2' AS kind, %3 AS event, t.id, %4 AS token_hash, %5 AS ip,"
                          " %6 AS user_agent FROM %7 t WHERE %8")
        .arg(at, kind, event, hash, ip, ua, from, where);
}

QString timelineSql(const TimelineQuery &q)
{
    QString who = QStringLiteral("t.empresa_id = %1 AND t.usuario_id = %2").arg(q.empresaId).arg(q.usuarioId);
    auto within = [&](const QString &col) {
        QString w = who + QStringLiteral(" AND %1 IS NOT NULL").arg(col);
        if (!q.sinceUtc.isEmpty())
            w += QStringLiteral(" AND %1 >= %2").arg(col, instant(q.sinceUtc));
        if (!q.untilUtc.isEmpty())
            w += QStringLiteral(" AND %1 < %2").arg(col, instant(q.untilUtc));
        return w;
    };
    const QString rt = QStringLiteral("identidad.trx_refresh_tokens");
    const QString pt = QStringLiteral("identidad.trx_pre_tokens");
    const QString null = QStringLiteral("NULL");
    const QString hash = QStringLiteral("t.token_hash");
    const QStringList parts = {
        branch(QStringLiteral("t.creado_en"), QStringLiteral("refresh_token"), QStringLiteral("'created'"),
               hash, null, null, rt, within(QStringLiteral("t.creado_en"))),
        branch(QStringLiteral("t.revocado_en"), QStringLiteral("refresh_token"), QStringLiteral("'revoked'"),
               hash, null, null, rt,
               within(QStringLiteral("t.revocado_en")) + QStringLiteral(" AND t.revocado")),
        branch(QStringLiteral("t.creado_en"), QStringLiteral("pre_token"), QStringLiteral("'created'"), hash,
               null, null, pt, within(QStringLiteral("t.creado_en"))),
        branch(QStringLiteral("t.usado_en"), QStringLiteral("pre_token"), QStringLiteral("'used'"), hash,
               null, null, pt, within(QStringLiteral("t.usado_en"))),
        // The parent table reaches every attached partition, the DEFAULT one included.
        branch(QStringLiteral("t.ocurrido_en"), QStringLiteral("log"), QStringLiteral("t.evento"), null,
               QStringLiteral("host(t.ip)"), QStringLiteral("t.user_agent"),
               QStringLiteral("identidad.log_sesiones"), within(QStringLiteral("t.ocurrido_en")))};
    return QStringLiteral("SELECT %1, kind, event, id, token_hash, ip, user_agent FROM (%2) e"
                          " ORDER BY ts DESC, kind, id DESC LIMIT %3")
        .arg(iso(QStringLiteral("ts")), parts.join(QStringLiteral(" UNION ALL ")))
        .arg(q.limit + 1);
}

bool isAlert(const QString &event)
{
    return event.contains(QLatin1String("replay"), Qt::CaseInsensitive) ||
           event.contains(QLatin1String("reuse"), Qt::CaseInsensitive) ||
           event.contains(QLatin1String("reutiliz"), Qt::CaseInsensitive);
}

// Whether `table` has an index (or partitioned index) whose leading columns are `columns`.
bool hasIndex(PgConnection &conn, const QString &table, const QStringList &columns, bool *has,
              DbFailure *failure)
{
    QSqlQuery q(conn.database());
    const QString sql =
        QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = to_regclass('%1')"
                       "  AND (SELECT array_agg(a.attname::text ORDER BY k.ord)"
                       "         FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)"
                       "         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum"
                       "        WHERE k.ord <= %2) = ARRAY['%3']::text[])");
    if (!q.exec(sql.arg(table).arg(columns.size()).arg(columns.join(QStringLiteral("','")))) || !q.next()) {
        *failure = DbFailure::ofQuery(q, false, q.lastError().databaseText());
        return false;
    }
    *has = q.value(0).toBool();
    return true;
}

QStringList partitionedIndexRecipe(PgConnection &conn, const QString &parent, const QString &name,
                                   const QString &columns)
{
    // CREATE INDEX CONCURRENTLY is refused on a partitioned table: an invalid index on the parent
    // only, then each partition concurrently, each attached; the parent's becomes valid at the end.
    QStringList out{
        QStringLiteral("CREATE INDEX IF NOT EXISTS %1 ON ONLY %2 (%3);").arg(name, parent, columns)};
    QSqlQuery q(conn.database());
    q.exec(
        QStringLiteral("SELECT format('%I.%I', n.nspname, c.relname), format('%I', left(c.relname, 40) || "
                       "'_usuario_idx')"
                       "  FROM pg_inherits i"
                       " JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
                       " WHERE i.inhparent = to_regclass('%1') ORDER BY c.relname")
            .arg(parent));
    while (q.next()) {
        const QString idx = q.value(1).toString(); // quoted by the server: partition names are data
        out << QStringLiteral("CREATE INDEX CONCURRENTLY IF NOT EXISTS %1 ON %2 (%3);")
                   .arg(idx, q.value(0).toString(), columns)
            << QStringLiteral("ALTER INDEX identidad.%1 ATTACH PARTITION identidad.%2;").arg(name, idx);
    }
    return out;
}

} // namespace

bool Forensics::timeline(PgConnection &conn, const TimelineQuery &query, QList<TimelineEvent> *events,
                         bool *truncated, DbFailure *failure)
{
    if ((!query.sinceUtc.isEmpty() && !isIsoInstant(query.sinceUtc)) ||
        (!query.untilUtc.isEmpty() && !isIsoInstant(query.untilUtc))) {
        *failure = {DbFailure::Kind::Other, tr("Times are ISO 8601 instants, e.g. 2026-11-30T03:00:00Z."), {},
                    {}};
        return false;
    }
    QSqlQuery q(conn.database());
    if (!q.exec(timelineSql(query))) {
        *failure = DbFailure::ofQuery(q, false, q.lastError().databaseText());
        return false;
    }
    events->clear();
    *truncated = false;
    while (q.next()) {
        if (events->size() == query.limit) {
            *truncated = true;
            break;
        }
        TimelineEvent e;
        e.atUtc = q.value(0).toString();
        e.kind = q.value(1).toString();
        e.event = q.value(2).toString();
        e.id = q.value(3).toLongLong();
        e.tokenHash = q.value(4).toString();
        e.ip = q.value(5).toString();
        e.userAgent = q.value(6).toString();
        e.alert = isAlert(e.event);
        *events << e;
    }
    return true;
}

bool Forensics::indexAdvice(PgConnection &conn, QList<IndexAdvice> *advice, DbFailure *failure)
{
    advice->clear();
    bool has = false;
    if (!hasIndex(conn, QStringLiteral("identidad.trx_pre_tokens"),
                  {QStringLiteral("empresa_id"), QStringLiteral("usuario_id")}, &has, failure))
        return false;
    if (!has)
        *advice << IndexAdvice{
            QStringLiteral("identidad.trx_pre_tokens"),
            tr("a user's pre-tokens on the timeline"),
            {QStringLiteral("CREATE INDEX CONCURRENTLY IF NOT EXISTS trx_pre_tokens_usuario_idx "
                            "ON identidad.trx_pre_tokens (empresa_id, usuario_id);")}};
    if (!hasIndex(conn, QStringLiteral("identidad.log_sesiones"),
                  {QStringLiteral("empresa_id"), QStringLiteral("usuario_id"), QStringLiteral("ocurrido_en")},
                  &has, failure))
        return false;
    if (!has)
        *advice << IndexAdvice{QStringLiteral("identidad.log_sesiones"),
                               tr("a user's session log on the timeline"),
                               partitionedIndexRecipe(conn, QStringLiteral("identidad.log_sesiones"),
                                                      QStringLiteral("log_sesiones_usuario_idx"),
                                                      QStringLiteral("empresa_id, usuario_id, ocurrido_en"))};
    return true;
}

QString Forensics::timelineCsv(const QList<TimelineEvent> &events, bool revealHashes)
{
    auto field = [](QString s) {
        if (s.contains(u',') || s.contains(u'"') || s.contains(u'\n')) {
            s.replace(QStringLiteral("\""), QStringLiteral("\"\""));
            s = u'"' + s + u'"';
        }
        return s;
    };
    QString out = QStringLiteral("at_utc,kind,event,id,token_hash,ip,user_agent,alert\n");
    for (const TimelineEvent &e : events) {
        const QString hash = revealHashes || e.tokenHash.isEmpty() ? e.tokenHash : maskHash(e.tokenHash);
        out += QStringList{e.atUtc,
                           e.kind,
                           field(e.event),
                           QString::number(e.id),
                           hash,
                           field(e.ip),
                           field(e.userAgent),
                           e.alert ? QStringLiteral("true") : QStringLiteral("false")}
                   .join(u',') +
               u'\n';
    }
    return out;
}

} // namespace purga
