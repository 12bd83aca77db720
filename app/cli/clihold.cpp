// hold add | list | release: legal holds in the history schema (core/forensics/legalholds.h).
#include "cliapp.h"

#include "core/forensics/legalholds.h"
#include "core/security/secrets.h"

#include <QDateTime>
#include <QJsonArray>

namespace purga::cli {

namespace {

// The one scope of `hold add`: exactly one of --user, --family, --tenant, --token-hash.
bool scopeFromOptions(Context &ctx, HoldScope *scope)
{
    const QList<QPair<const char *, const char *>> flags = {
        {"user", "user"}, {"family", "family"}, {"tenant", "tenant"}, {"token-hash", "token"}};
    QStringList given;
    QString kind, value;
    for (const auto &f : flags)
        if (ctx.parser.isSet(QLatin1String(f.first))) {
            given << QStringLiteral("--") + QLatin1String(f.first);
            kind = QLatin1String(f.second);
            value = ctx.parser.value(QLatin1String(f.first));
        }
    if (given.size() != 1) {
        Context::error(given.isEmpty()
                           ? Context::tr("hold add needs a scope: --user EMPRESA_ID:USUARIO_ID, --family "
                                         "FAMILIA_ID, --tenant EMPRESA_ID or --token-hash HEX.")
                           : Context::tr("A hold has one scope: %1 were given together.")
                                 .arg(given.join(Context::tr(" and "))));
        return false;
    }
    QString why;
    if (!HoldScope::parse(kind, value, scope, &why)) {
        Context::error(why);
        return false;
    }
    return true;
}

// --until as an instant the server reads (no offset: UTC); empty when not given.
bool untilFromOptions(Context &ctx, QString *until)
{
    if (!ctx.parser.isSet(QStringLiteral("until")))
        return true;
    const QString text = ctx.parser.value(QStringLiteral("until")).trimmed();
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!t.isValid()) {
        Context::error(
            Context::tr("--until takes an ISO 8601 instant (2026-12-31T23:59:59Z), not \"%1\".").arg(text));
        return false;
    }
    if (t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC);
    *until = t.toUTC().toString(Qt::ISODateWithMs);
    return true;
}

// A failure of the holds table: refused (4) when it is missing or the role may not write it.
int holdFailure(const DbFailure &failure)
{
    Context::error(failure.message, failure.detail);
    const bool refused = LegalHolds::isMissingTable(failure) || failure.sqlState == QLatin1String("42501");
    return refused ? Exit::Refused : Exit::Other;
}

void printHold(const LegalHold &h, bool reveal)
{
    const QString state = !h.releasedUtc.isEmpty() ? Context::tr("released")
                          : h.active               ? Context::tr("active")
                                                   : Context::tr("expired");
    Context::printLine(
        Context::tr("#%1 %2: %3 — %4").arg(h.id).arg(state, h.scope.describe(reveal), h.reason));
    const QString who =
        h.osUser.isEmpty() ? h.createdBy : QStringLiteral("%1 (%2)").arg(h.createdBy, h.osUser);
    // "until released" whole: the state word "released" alone does not read after "until" in Spanish.
    Context::printLine(h.untilUtc.isEmpty()
                           ? Context::tr("  added by %1 at %2, until released").arg(who, h.createdUtc)
                           : Context::tr("  added by %1 at %2, until %3").arg(who, h.createdUtc, h.untilUtc));
    if (!h.releasedUtc.isEmpty())
        Context::printLine(Context::tr("  released by %1 at %2").arg(h.releasedBy, h.releasedUtc));
}

// The hold `id` as listed now, printed (JSON: {"hold": {...}}).
int showOne(Context &ctx, PgConnection &conn, qint64 id)
{
    QList<LegalHold> holds;
    DbFailure failure;
    if (!LegalHolds::list(conn, &holds, &failure))
        return holdFailure(failure);
    for (const LegalHold &h : std::as_const(holds))
        if (h.id == id) {
            if (ctx.json)
                Context::printJson(QJsonObject{{QStringLiteral("hold"), h.toJson(false)}});
            else
                printHold(h, false);
            return Exit::Ok;
        }
    return Exit::Other;
}

bool connectForHolds(Context &ctx, PgConnection &conn, int *code)
{
    ConnectionProfile profile;
    return ctx.connect(conn, &profile, code);
}

int holdAdd(Context &ctx)
{
    HoldScope scope;
    QString until;
    if (!scopeFromOptions(ctx, &scope) || !untilFromOptions(ctx, &until))
        return Exit::Usage;
    const QString reason = ctx.parser.value(QStringLiteral("reason")).trimmed();
    if (reason.isEmpty()) {
        Context::error(Context::tr("hold add needs --reason TEXT (the incident, e.g. INC-123)."));
        return Exit::Usage;
    }
    PgConnection conn;
    int code = Exit::Ok;
    if (!connectForHolds(ctx, conn, &code))
        return code;
    qint64 id = 0;
    DbFailure failure;
    if (!LegalHolds::add(conn, scope, reason, until, osUserName(), &id, &failure))
        return holdFailure(failure);
    Context::info(
        Context::tr("Hold #%1 added: no purge removes the rows of %2.").arg(id).arg(scope.describe(false)));
    return showOne(ctx, conn, id);
}

int holdList(Context &ctx)
{
    PgConnection conn;
    int code = Exit::Ok;
    if (!connectForHolds(ctx, conn, &code))
        return code;
    QList<LegalHold> holds;
    DbFailure failure;
    if (!LegalHolds::list(conn, &holds, &failure))
        return holdFailure(failure);
    const bool reveal = ctx.parser.isSet(QStringLiteral("reveal"));
    if (ctx.json) {
        QJsonArray arr;
        for (const LegalHold &h : std::as_const(holds))
            arr.append(h.toJson(reveal));
        Context::printJson(QJsonObject{{QStringLiteral("holds"), arr}});
        return Exit::Ok;
    }
    if (holds.isEmpty())
        Context::info(Context::tr("No legal holds."));
    for (const LegalHold &h : std::as_const(holds))
        printHold(h, reveal);
    return Exit::Ok;
}

int holdRelease(Context &ctx, const QString &idText)
{
    bool ok = false;
    const qint64 id = idText.toLongLong(&ok);
    if (!ok || id <= 0) {
        Context::error(
            Context::tr("hold release takes the hold's ID (a positive number), not \"%1\".").arg(idText));
        return Exit::Usage;
    }
    PgConnection conn;
    int code = Exit::Ok;
    if (!connectForHolds(ctx, conn, &code))
        return code;
    bool found = false, already = false;
    DbFailure failure;
    if (!LegalHolds::release(conn, id, &found, &already, &failure))
        return holdFailure(failure);
    if (!found) {
        Context::error(Context::tr("No hold #%1.").arg(id));
        return Exit::Other;
    }
    if (already) {
        Context::error(Context::tr("Hold #%1 was released before; a release is recorded once.").arg(id));
        showOne(ctx, conn, id);
        return Exit::Refused;
    }
    Context::info(Context::tr("Hold #%1 released (recorded, not deleted).").arg(id));
    return showOne(ctx, conn, id);
}

} // namespace

int cmdHold(Context &ctx)
{
    const QStringList args = ctx.parser.positionalArguments();
    const QString sub = args.value(1);
    const bool addOnly =
        ctx.parser.isSet(QStringLiteral("family")) || ctx.parser.isSet(QStringLiteral("tenant")) ||
        ctx.parser.isSet(QStringLiteral("token-hash")) || ctx.parser.isSet(QStringLiteral("user")) ||
        ctx.parser.isSet(QStringLiteral("reason")) || ctx.parser.isSet(QStringLiteral("until"));
    if ((sub != QLatin1String("release") && args.size() > 2) ||
        (sub == QLatin1String("release") && args.size() != 3)) {
        Context::error(Context::tr("Usage: hold add ... | hold list | hold release ID (see hold --help)."));
        return Exit::Usage;
    }
    if (sub != QLatin1String("add") && addOnly) {
        Context::error(Context::tr("--user, --family, --tenant, --token-hash, --reason and --until belong to "
                                   "hold add."));
        return Exit::Usage;
    }
    if (sub == QLatin1String("add"))
        return holdAdd(ctx);
    if (sub == QLatin1String("list"))
        return holdList(ctx);
    if (sub == QLatin1String("release"))
        return holdRelease(ctx, args.at(2));
    Context::error(Context::tr("hold takes add, list or release, not \"%1\" (see hold --help).").arg(sub));
    return Exit::Usage;
}

} // namespace purga::cli
