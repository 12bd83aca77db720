#pragma once

// Legal holds (issue 24): a hold keeps the rows of one user, family, tenant or token out of every
// purge until it is released or its expiry passes. Stored in the history schema
// (identidad.purga_retenciones, setup-history) so that every workstation and the job see the same
// holds; added, listed and released here, for the CLI (`hold`) and the Forensics page's panel.
#include "core/pg/dbfailure.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace purga {

class PgConnection;

// What a hold keeps: exactly one scope.
struct HoldScope
{
    QString kind; // user | family | tenant | token
    qint64 empresaId = 0;
    qint64 usuarioId = 0;
    QString familyId;  // uuid text
    QString tokenHash; // 64 lower-case hex digits

    // "--user 5:7" etc. as the CLI and the panel take them; false with *error (translated).
    static bool parse(const QString &kind, const QString &value, HoldScope *out, QString *error);
    QString describe(bool revealHash) const; // "user 5:7", "tenant 5", "token 3fa2…c9"
};

struct LegalHold
{
    qint64 id = 0;
    HoldScope scope;
    QString reason;
    QString createdBy; // database role
    QString osUser;    // the client's OS account; empty if unknown
    QString createdUtc;
    QString untilUtc; // empty: until released
    QString releasedBy;
    QString releasedUtc; // empty: not released
    bool active = false; // not released and not expired at the database's now()

    QJsonObject toJson(bool revealHash) const;
};

class LegalHolds
{
    Q_DECLARE_TR_FUNCTIONS(LegalHolds)
public:
    // Failure kind when the history schema has no holds table: the CLI refuses (exit 4) and says
    // to run setup-history.
    static bool isMissingTable(const DbFailure &failure);
    // Probes whether this database has the holds tables and tells the rules' SQL (HoldSql::setInstalled),
    // before statements are built from the predicate: false when the probe itself failed.
    static bool detect(PgConnection &conn);

    // `untilIso`: ISO 8601 instant (no offset: UTC) or empty. *id: the new hold's id.
    static bool add(PgConnection &conn, const HoldScope &scope, const QString &reason,
                    const QString &untilIso, const QString &osUser, qint64 *id, DbFailure *failure);
    // Every hold, newest first, released and expired ones included.
    static bool list(PgConnection &conn, QList<LegalHold> *out, DbFailure *failure);
    // Records who released hold `id` and when. *found false: no such hold; *already: released before.
    static bool release(PgConnection &conn, qint64 id, bool *found, bool *already, DbFailure *failure);
};

} // namespace purga

Q_DECLARE_METATYPE(purga::LegalHold)
