#pragma once

#include "core/pg/dbfailure.h"
#include "core/rules/rules.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace purga {

class PgConnection;

// One member of a refresh-token rotation family, in chain order.
struct FamilyMember
{
    qint64 id = 0;
    QString tokenHash;
    QString createdUtc;
    QString expiresUtc;
    bool revoked = false;
    QString revokedUtc;
    qint64 replacedBy = 0;              // 0: none
    bool lookedUp = false;              // the token the user asked about
    bool reusedAfterRevocation = false; // rotated, then a replay was logged for its user inside its life
};

// A token found by its hash, with what the retention rules will do to it.
struct TokenMatch
{
    QString table; // qualified, e.g. identidad.trx_refresh_tokens
    QString rule;  // refresh_tokens | pre_tokens
    qint64 id = 0;
    qint64 empresaId = 0;
    qint64 usuarioId = 0;
    QString tokenHash;
    QString createdUtc; // ISO 8601, UTC ("…Z"); empty when absent
    QString expiresUtc;
    bool revoked = false;
    QString revokedUtc;
    QString usedUtc;
    QString removableFromUtc; // removable by its rule strictly after this instant
    bool removableNow = false;
    QString familyId;
    QList<FamilyMember> family;

    QJsonObject toJson(bool revealHashes) const;
};

struct TimelineQuery
{
    qint64 empresaId = 0;
    qint64 usuarioId = 0;
    QString sinceUtc; // ISO 8601; empty: unbounded
    QString untilUtc;
    int limit = 5000;
};

struct TimelineEvent
{
    QString atUtc;
    QString kind;  // refresh_token | pre_token | log
    QString event; // created | revoked | used | the log's evento
    qint64 id = 0;
    QString tokenHash;  // tokens only
    QString ip;         // log only
    QString userAgent;  // log only
    bool alert = false; // replay / reuse events
};

// An index the forensic queries need and the schema lacks, with the statements that create it
// without blocking writers. Never run by the app.
struct IndexAdvice
{
    QString table;
    QString purpose; // translated
    QStringList statements;
};

// Incident-time lookups (ADR 0021's forensic window). Read-only; every instant is UTC.
class Forensics
{
    Q_DECLARE_TR_FUNCTIONS(Forensics)
public:
    static bool isTokenHash(const QString &text); // 64 hex digits
    // Hex SHA-256 of a raw token, computed here: the raw token never leaves this process.
    static QString hashRawToken(const QByteArray &rawToken);
    static QString maskHash(const QString &hash); // first 8 … last 4

    static bool lookup(PgConnection &conn, const QList<RuleConfig> &rules, const QString &tokenHash,
                       QList<TokenMatch> *matches, DbFailure *failure);
    static bool timeline(PgConnection &conn, const TimelineQuery &query, QList<TimelineEvent> *events,
                         bool *truncated, DbFailure *failure);
    static bool indexAdvice(PgConnection &conn, QList<IndexAdvice> *advice, DbFailure *failure);

    static QString timelineCsv(const QList<TimelineEvent> &events, bool revealHashes);
    static bool isIsoInstant(const QString &text);
};

} // namespace purga
