#include "forensics.h"

#include "core/pg/pgconnection.h"
#include "core/util/textformat.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace purga {

namespace {

QString iso(const QString &expr)
{
    return QStringLiteral("to_char((%1) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')").arg(expr);
}

QString literal(const QString &validated)
{
    return u'\'' + validated + u'\'';
}

// The instant its rule starts counting (Rules::ageExpression) plus the retention, and whether the
// rule's own predicate (the purge's text) holds now.
QString ruleColumns(const RuleConfig &rule)
{
    const QString retention = Rules::retentionInterval(rule);
    const QString cutoff = QStringLiteral("(now() - %1)").arg(retention);
    return QStringLiteral("%1, (%2) IS TRUE")
        .arg(iso(QStringLiteral("%1 + %2").arg(Rules::ageExpression(rule.id), retention)),
             Rules::predicate(rule, cutoff));
}

QString lookupSql(const RuleConfig &rule, const QString &hash)
{
    const bool refresh = rule.id == RuleId::RefreshTokens;
    return QStringLiteral("SELECT t.id, t.empresa_id, t.usuario_id, t.token_hash, %1, %2, %3, %4, %5, %6, %7"
                          " FROM %8 t WHERE t.token_hash = %9")
        .arg(iso(QStringLiteral("t.creado_en")), iso(QStringLiteral("t.expiracion")),
             refresh ? QStringLiteral("t.revocado") : QStringLiteral("false"),
             refresh ? iso(QStringLiteral("t.revocado_en")) : QStringLiteral("NULL"),
             refresh ? QStringLiteral("NULL") : iso(QStringLiteral("t.usado_en")), ruleColumns(rule),
             refresh ? QStringLiteral("t.familia_id::text") : QStringLiteral("NULL"), Rules::table(rule.id),
             literal(hash));
}

// A rotated member is marked reused when a replay was logged for its user while it was alive
// after its revocation: the identity service revokes the family and logs 'replay_detectado' when
// a revoked refresh token comes back.
QString familySql(const QString &familyId)
{
    return QStringLiteral("SELECT t.id, t.token_hash, %1, %2, t.revocado, %3, coalesce(t.reemplazado_por, 0),"
                          "       t.revocado AND t.reemplazado_por IS NOT NULL AND EXISTS ("
                          "         SELECT 1 FROM identidad.log_sesiones l"
                          "          WHERE l.empresa_id = t.empresa_id AND l.usuario_id = t.usuario_id"
                          "            AND l.evento = 'replay_detectado'"
                          "            AND l.ocurrido_en >= t.revocado_en AND l.ocurrido_en <= t.expiracion)"
                          "  FROM identidad.trx_refresh_tokens t WHERE t.familia_id = %4::uuid"
                          " ORDER BY t.creado_en, t.id")
        .arg(iso(QStringLiteral("t.creado_en")), iso(QStringLiteral("t.expiracion")),
             iso(QStringLiteral("t.revocado_en")), literal(familyId));
}

// Orders a family as its rotation chain: from each member nobody replaced, follow reemplazado_por;
// members the chains do not reach (a broken chain) follow in creation order.
QList<FamilyMember> chainOrder(const QList<FamilyMember> &byCreation)
{
    QHash<qint64, int> index;
    QSet<qint64> replaced;
    for (int i = 0; i < byCreation.size(); ++i) {
        index.insert(byCreation.at(i).id, i);
        if (byCreation.at(i).replacedBy)
            replaced.insert(byCreation.at(i).replacedBy);
    }
    QList<FamilyMember> out;
    QSet<qint64> placed;
    auto follow = [&](qint64 id) {
        while (id && index.contains(id) && !placed.contains(id)) {
            const FamilyMember &m = byCreation.at(index.value(id));
            out << m;
            placed.insert(id);
            id = m.replacedBy;
        }
    };
    for (const FamilyMember &m : byCreation) {
        if (!replaced.contains(m.id))
            follow(m.id);
    }
    for (const FamilyMember &m : byCreation)
        follow(m.id);
    return out;
}

bool loadFamily(PgConnection &conn, TokenMatch *match, DbFailure *failure)
{
    QSqlQuery q(conn.database());
    if (!q.exec(familySql(match->familyId))) {
        *failure = DbFailure::ofQuery(q, false, q.lastError().databaseText());
        return false;
    }
    QList<FamilyMember> members;
    while (q.next()) {
        FamilyMember m;
        m.id = q.value(0).toLongLong();
        m.tokenHash = q.value(1).toString();
        m.createdUtc = q.value(2).toString();
        m.expiresUtc = q.value(3).toString();
        m.revoked = q.value(4).toBool();
        m.revokedUtc = q.value(5).toString();
        m.replacedBy = q.value(6).toLongLong();
        m.reusedAfterRevocation = q.value(7).toBool();
        m.lookedUp = m.id == match->id;
        members << m;
    }
    match->family = chainOrder(members);
    return true;
}

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue() : QJsonValue(s);
}

} // namespace

bool Forensics::isTokenHash(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-fA-F]{64}$"));
    return hex.match(text).hasMatch();
}

QString Forensics::hashRawToken(const QByteArray &rawToken)
{
    return QString::fromLatin1(QCryptographicHash::hash(rawToken, QCryptographicHash::Sha256).toHex());
}

QString Forensics::maskHash(const QString &hash)
{
    if (hash.size() <= 12)
        return hash;
    return hash.left(8) + QStringLiteral("…") + hash.right(4);
}

bool Forensics::isIsoInstant(const QString &text)
{
    return isIsoDateOrInstant(text) && QDateTime::fromString(text, Qt::ISODateWithMs).isValid();
}

bool Forensics::lookup(PgConnection &conn, const QList<RuleConfig> &rules, const QString &tokenHash,
                       QList<TokenMatch> *matches, DbFailure *failure)
{
    if (!isTokenHash(tokenHash)) {
        *failure = {DbFailure::Kind::Other, tr("A token hash is 64 hexadecimal digits (SHA-256)."), {}, {}};
        return false;
    }
    const QString hash = tokenHash.toLower();
    matches->clear();
    for (const RuleConfig &rule : rules) {
        if (Rules::isPartitionRule(rule.id))
            continue;
        QSqlQuery q(conn.database());
        if (!q.exec(lookupSql(rule, hash))) {
            *failure = DbFailure::ofQuery(q, false, q.lastError().databaseText());
            return false;
        }
        while (q.next()) {
            TokenMatch m;
            m.table = Rules::table(rule.id);
            m.rule = rule.id;
            m.id = q.value(0).toLongLong();
            m.empresaId = q.value(1).toLongLong();
            m.usuarioId = q.value(2).toLongLong();
            m.tokenHash = q.value(3).toString();
            m.createdUtc = q.value(4).toString();
            m.expiresUtc = q.value(5).toString();
            m.revoked = q.value(6).toBool();
            m.revokedUtc = q.value(7).toString();
            m.usedUtc = q.value(8).toString();
            m.removableFromUtc = q.value(9).toString();
            m.removableNow = q.value(10).toBool();
            m.familyId = q.value(11).toString();
            if (!m.familyId.isEmpty() && !loadFamily(conn, &m, failure))
                return false;
            *matches << m;
        }
    }
    return true;
}

QJsonObject TokenMatch::toJson(bool revealHashes) const
{
    auto hash = [&](const QString &h) { return revealHashes ? h : Forensics::maskHash(h); };
    QJsonObject o{{QStringLiteral("table"), table},
                  {QStringLiteral("rule"), rule},
                  {QStringLiteral("id"), double(id)},
                  {QStringLiteral("empresa_id"), double(empresaId)},
                  {QStringLiteral("usuario_id"), double(usuarioId)},
                  {QStringLiteral("token_hash"), hash(tokenHash)},
                  {QStringLiteral("created_utc"), orNull(createdUtc)},
                  {QStringLiteral("expires_utc"), orNull(expiresUtc)},
                  {QStringLiteral("revoked"), revoked},
                  {QStringLiteral("revoked_utc"), orNull(revokedUtc)},
                  {QStringLiteral("used_utc"), orNull(usedUtc)},
                  {QStringLiteral("removable_from_utc"), orNull(removableFromUtc)},
                  {QStringLiteral("removable_now"), removableNow}};
    if (rule == RuleId::RefreshTokens) {
        QJsonArray chain;
        for (const FamilyMember &m : family)
            chain.append(QJsonObject{{QStringLiteral("id"), double(m.id)},
                                     {QStringLiteral("token_hash"), hash(m.tokenHash)},
                                     {QStringLiteral("created_utc"), orNull(m.createdUtc)},
                                     {QStringLiteral("expires_utc"), orNull(m.expiresUtc)},
                                     {QStringLiteral("revoked"), m.revoked},
                                     {QStringLiteral("revoked_utc"), orNull(m.revokedUtc)},
                                     {QStringLiteral("replaced_by"),
                                      m.replacedBy ? QJsonValue(double(m.replacedBy)) : QJsonValue()},
                                     {QStringLiteral("looked_up"), m.lookedUp},
                                     {QStringLiteral("reused_after_revocation"), m.reusedAfterRevocation}});
        o.insert(QStringLiteral("family_id"), familyId);
        o.insert(QStringLiteral("family"), chain);
    }
    return o;
}

} // namespace purga
