// Adding, listing and releasing legal holds in identidad.purga_retenciones (legalholds.h).
#include "legalholds.h"

#include "core/pg/pgconnection.h"
#include "core/rules/holdsql.h"
#include "core/security/secrets.h"

#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

namespace purga {

namespace {

const char kMissingSqlState[] = "42P01"; // undefined_table

DbFailure failed(const QSqlQuery &q, const QString &what)
{
    DbFailure f = DbFailure::ofQuery(q, false, what);
    f.detail = q.lastError().databaseText();
    if (f.sqlState == QLatin1String("42501"))
        f.message = LegalHolds::tr("%1 Only the maintenance role that ran setup-history may write the holds.")
                        .arg(what);
    if (LegalHolds::isMissingTable(f))
        f.message = LegalHolds::tr("This database has no legal holds table (%1): run setup-history "
                                   "to install it.")
                        .arg(HoldSql::table());
    return f;
}

QString utcText(const QVariant &v)
{
    return v.isNull() ? QString() : v.toString();
}

// Columns of every hold as UTC ISO texts.
const char kColumns[] =
    "h.retencion_id, h.alcance, h.empresa_id, h.usuario_id, h.familia_id::text, h.token_hash, h.motivo, "
    "h.creada_por, h.usuario_so, to_char(h.creada_en AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
    "to_char(h.hasta AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), h.liberada_por, "
    "to_char(h.liberada_en AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), ";

LegalHold holdFromRow(const QSqlQuery &q)
{
    LegalHold h;
    h.id = q.value(0).toLongLong();
    h.scope.kind = HoldSql::scopeId(q.value(1).toString());
    h.scope.empresaId = q.value(2).toLongLong();
    h.scope.usuarioId = q.value(3).toLongLong();
    h.scope.familyId = q.value(4).toString();
    h.scope.tokenHash = q.value(5).toString();
    h.reason = q.value(6).toString();
    h.createdBy = q.value(7).toString();
    h.osUser = q.value(8).toString();
    h.createdUtc = utcText(q.value(9));
    h.untilUtc = utcText(q.value(10));
    h.releasedBy = q.value(11).toString();
    h.releasedUtc = utcText(q.value(12));
    h.active = q.value(13).toBool();
    return h;
}

QJsonValue textOrNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

bool positiveId(const QString &text, qint64 *out)
{
    bool ok = false;
    *out = text.trimmed().toLongLong(&ok);
    return ok && *out > 0;
}

// A database without the holds table (no setup-history, or an older one): said as such, before a
// statement fails on it (a prepared statement's failure carries no SQLSTATE).
bool requireTable(PgConnection &conn, DbFailure *failure)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("SELECT to_regclass('%1') IS NOT NULL").arg(HoldSql::table())) || !q.next()) {
        *failure = failed(q, LegalHolds::tr("Could not read the holds."));
        return false;
    }
    if (q.value(0).toBool())
        return true;
    *failure = DbFailure();
    failure->kind = DbFailure::Kind::Other;
    failure->sqlState = QLatin1String(kMissingSqlState);
    failure->message = LegalHolds::tr("This database has no legal holds table (%1): run setup-history "
                                      "to install it.")
                           .arg(HoldSql::table());
    return false;
}

} // namespace

bool HoldScope::parse(const QString &kind, const QString &value, HoldScope *out, QString *error)
{
    *out = HoldScope();
    out->kind = kind;
    const QString v = value.trimmed();
    if (kind == QLatin1String("user")) {
        const QStringList parts = v.split(u':');
        if (parts.size() == 2 && positiveId(parts.at(0), &out->empresaId) &&
            positiveId(parts.at(1), &out->usuarioId))
            return true;
        *error =
            LegalHolds::tr("--user takes EMPRESA_ID:USUARIO_ID (two positive numbers), not \"%1\".").arg(v);
    } else if (kind == QLatin1String("tenant")) {
        if (positiveId(v, &out->empresaId))
            return true;
        *error = LegalHolds::tr("--tenant takes EMPRESA_ID (a positive number), not \"%1\".").arg(v);
    } else if (kind == QLatin1String("family")) {
        const QUuid id = QUuid::fromString(v);
        if (!id.isNull()) {
            out->familyId = id.toString(QUuid::WithoutBraces);
            return true;
        }
        *error = LegalHolds::tr("--family takes FAMILIA_ID (a UUID), not \"%1\".").arg(v);
    } else if (kind == QLatin1String("token")) {
        static const QRegularExpression hex(QStringLiteral("^[0-9a-fA-F]{64}$"));
        if (hex.match(v).hasMatch()) {
            out->tokenHash = v.toLower();
            return true;
        }
        *error = LegalHolds::tr("--token-hash takes 64 hexadecimal digits (a SHA-256).");
    } else {
        *error = LegalHolds::tr("Unknown hold scope \"%1\".").arg(kind);
    }
    return false;
}

QString HoldScope::describe(bool revealHash) const
{
    if (kind == QLatin1String("user"))
        return LegalHolds::tr("user %1:%2").arg(empresaId).arg(usuarioId);
    if (kind == QLatin1String("tenant"))
        return LegalHolds::tr("tenant %1").arg(empresaId);
    if (kind == QLatin1String("family"))
        return LegalHolds::tr("family %1").arg(familyId);
    return LegalHolds::tr("token %1").arg(revealHash ? tokenHash : maskHash(tokenHash));
}

QJsonObject LegalHold::toJson(bool revealHash) const
{
    QJsonObject s{{QStringLiteral("kind"), scope.kind}};
    if (scope.kind == QLatin1String("user") || scope.kind == QLatin1String("tenant"))
        s.insert(QStringLiteral("empresa_id"), double(scope.empresaId));
    if (scope.kind == QLatin1String("user"))
        s.insert(QStringLiteral("usuario_id"), double(scope.usuarioId));
    if (scope.kind == QLatin1String("family"))
        s.insert(QStringLiteral("familia_id"), scope.familyId);
    if (scope.kind == QLatin1String("token"))
        s.insert(QStringLiteral("token_hash"), revealHash ? scope.tokenHash : maskHash(scope.tokenHash));
    return QJsonObject{{QStringLiteral("id"), double(id)},
                       {QStringLiteral("scope"), s},
                       {QStringLiteral("reason"), reason},
                       {QStringLiteral("created_by"), createdBy},
                       {QStringLiteral("os_user"), textOrNull(osUser)},
                       {QStringLiteral("created_at_utc"), createdUtc},
                       {QStringLiteral("until_utc"), textOrNull(untilUtc)},
                       {QStringLiteral("released_by"), textOrNull(releasedBy)},
                       {QStringLiteral("released_at_utc"), textOrNull(releasedUtc)},
                       {QStringLiteral("active"), active}};
}

bool LegalHolds::isMissingTable(const DbFailure &failure)
{
    return failure.sqlState == QLatin1String(kMissingSqlState);
}

bool LegalHolds::detect(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    if (!q.exec(HoldSql::probeSql()) || !q.next())
        return false;
    HoldSql::setInstalled(q.value(0).toBool());
    return true;
}

bool LegalHolds::add(PgConnection &conn, const HoldScope &scope, const QString &reason,
                     const QString &untilIso, const QString &osUser, qint64 *id, DbFailure *failure)
{
    if (!requireTable(conn, failure))
        return false;
    QSqlQuery q(conn.database());
    q.prepare(
        QStringLiteral("INSERT INTO %1 (alcance, empresa_id, usuario_id, familia_id, token_hash, motivo, "
                       "usuario_so, hasta)\n"
                       "VALUES (?, CAST(NULLIF(?, '') AS bigint), CAST(NULLIF(?, '') AS bigint), "
                       "CAST(NULLIF(?, '') AS uuid), NULLIF(?, ''), ?, NULLIF(?, ''), "
                       "CAST(NULLIF(?, '') AS timestamptz)) RETURNING retencion_id")
            .arg(HoldSql::table()));
    const bool user = scope.kind == QLatin1String("user");
    const bool tenant = scope.kind == QLatin1String("tenant");
    q.addBindValue(HoldSql::alcanceOf(scope.kind));
    // Every value is bound as text; an empty one is NULL (NULLIF), the casts are the server's.
    q.addBindValue(user || tenant ? QString::number(scope.empresaId) : QString());
    q.addBindValue(user ? QString::number(scope.usuarioId) : QString());
    q.addBindValue(scope.familyId);
    q.addBindValue(scope.tokenHash);
    q.addBindValue(reason.trimmed());
    q.addBindValue(osUser);
    q.addBindValue(untilIso);
    if (!q.exec() || !q.next()) {
        *failure = failed(q, tr("Could not add the hold."));
        return false;
    }
    *id = q.value(0).toLongLong();
    return true;
}

bool LegalHolds::list(PgConnection &conn, QList<LegalHold> *out, DbFailure *failure)
{
    if (!requireTable(conn, failure))
        return false;
    QSqlQuery q(conn.database());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT %1(%2) AS active FROM %3 h ORDER BY h.retencion_id DESC")
                    .arg(QLatin1String(kColumns), HoldSql::activeCondition(), HoldSql::table()))) {
        *failure = failed(q, tr("Could not read the holds."));
        return false;
    }
    out->clear();
    while (q.next())
        *out << holdFromRow(q);
    return true;
}

bool LegalHolds::release(PgConnection &conn, qint64 id, bool *found, bool *already, DbFailure *failure)
{
    if (!requireTable(conn, failure))
        return false;
    *found = *already = false;
    QSqlQuery q(conn.database());
    q.prepare(
        QStringLiteral("WITH cur AS (SELECT retencion_id, liberada_en IS NOT NULL AS released FROM %1 "
                       "WHERE retencion_id = CAST(? AS bigint)),\n"
                       "     upd AS (UPDATE %1 SET liberada_por = current_user, liberada_en = now()\n"
                       "             WHERE retencion_id = (SELECT retencion_id FROM cur WHERE NOT released)\n"
                       "             RETURNING retencion_id)\n"
                       "SELECT (SELECT count(*) FROM cur), (SELECT bool_or(released) FROM cur)")
            .arg(HoldSql::table()));
    q.addBindValue(QString::number(id));
    if (!q.exec() || !q.next()) {
        *failure = failed(q, tr("Could not release the hold."));
        return false;
    }
    *found = q.value(0).toLongLong() > 0;
    *already = q.value(1).toBool();
    return true;
}

} // namespace purga
