// Incident-time commands: lookup (token by hash or raw token), timeline (one user's events),
// freeze (hold the purge lock while an investigation runs).
#include "cliapp.h"
#include "clilock.h"
#include "clisignals.h"
#include "core/purge/purgeengine.h"

#include "core/forensics/evidenceexport.h"
#include "core/forensics/forensics.h"
#include "core/locks/evidencefreeze.h"
#include "core/preflight/preflight.h"
#include "core/util/textformat.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QSqlQuery>
#include <QVariant>

#include <cstdio>
#include <cstring>


namespace purga::cli {

namespace {

const QStringList kTokenRules = {RuleId::RefreshTokens, RuleId::PreTokens};

// Reads the raw token from stdin, hashes it here and wipes the buffer: it is never sent, printed or kept.
QString hashFromStdin()
{
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly))
        return QString();
    QByteArray raw = in.readAll();
    while (raw.endsWith('\n') || raw.endsWith('\r'))
        raw.chop(1);
    const QString hash = raw.isEmpty() ? QString() : Forensics::hashRawToken(raw);
    std::memset(raw.data(), 0, size_t(raw.size()));
    return hash;
}

// Connects for a read-only forensic look-up: RLS would hide other tenants' rows, so without
// BYPASSRLS (or on a refused preflight) a "not found" would be a lie: refuse instead.
bool openForLookup(Context &ctx, Session *s, int *exitCode)
{
    if (!ctx.open(kTokenRules, s, exitCode))
        return false;
    if (!s->report.canPreview()) {
        Context::error(Context::tr("Look-ups are refused with this connection: %1")
                           .arg(s->report.previewBlockers().join(QStringLiteral("; "))));
        *exitCode = Exit::Refused;
        return false;
    }
    return true;
}

void printMatch(const TokenMatch &m, bool reveal)
{
    const QString hash = reveal ? m.tokenHash : Forensics::maskHash(m.tokenHash);
    Context::printLine(Context::tr("%1 id %2 (tenant %3, user %4), hash %5")
                           .arg(m.table, QString::number(m.id), QString::number(m.empresaId),
                                QString::number(m.usuarioId), hash));
    Context::printLine(Context::tr("  created %1, expires %2").arg(m.createdUtc, m.expiresUtc));
    if (m.revoked)
        Context::printLine(
            Context::tr("  revoked %1")
                .arg(m.revokedUtc.isEmpty() ? Context::tr("(no time recorded)") : m.revokedUtc));
    if (!m.usedUtc.isEmpty())
        Context::printLine(Context::tr("  used %1").arg(m.usedUtc));
    Context::printLine(
        m.removableNow
            ? Context::tr("  rule %1: removable NOW (removable since %2)").arg(m.rule, m.removableFromUtc)
            : Context::tr("  rule %1: kept; removable after %2").arg(m.rule, m.removableFromUtc));
    for (const FamilyMember &f : m.family) {
        QString line = QStringLiteral("  %1 %2 %3 %4")
                           .arg(f.lookedUp ? QStringLiteral("▶") : QStringLiteral(" "), QString::number(f.id),
                                reveal ? f.tokenHash : Forensics::maskHash(f.tokenHash), f.createdUtc);
        if (f.revoked)
            line += Context::tr(" revoked %1").arg(f.revokedUtc);
        if (f.reusedAfterRevocation)
            line += Context::tr(" ⚠ reused after revocation");
        Context::printLine(line);
    }
}

} // namespace

int cmdLookup(Context &ctx)
{
    const bool byHash = ctx.parser.isSet(QStringLiteral("token-hash"));
    const bool byStdin = ctx.parser.isSet(QStringLiteral("token-stdin"));
    if (byHash == byStdin) {
        Context::error(Context::tr("lookup takes exactly one of --token-hash HEX or --token-stdin."));
        return Exit::Usage;
    }
    const QString hash = byHash ? ctx.parser.value(QStringLiteral("token-hash")).trimmed() : hashFromStdin();
    if (!Forensics::isTokenHash(hash)) {
        Context::error(byHash ? Context::tr("--token-hash takes 64 hexadecimal digits (a SHA-256).")
                              : Context::tr("No token on standard input."));
        return Exit::Usage;
    }
    Session s;
    int exitCode = Exit::Ok;
    if (!openForLookup(ctx, &s, &exitCode))
        return exitCode;
    QList<TokenMatch> matches;
    DbFailure failure;
    if (!Forensics::lookup(s.conn, s.rules, hash, &matches, &failure)) {
        Context::error(failure.message);
        return Exit::Other;
    }
    const bool reveal = ctx.parser.isSet(QStringLiteral("reveal"));
    if (matches.isEmpty())
        Context::info(Context::tr("No token with hash %1 in %2 or %3.")
                          .arg(reveal ? hash.toLower() : Forensics::maskHash(hash.toLower()),
                               Rules::table(kTokenRules.at(0)), Rules::table(kTokenRules.at(1))));
    if (ctx.json) {
        QJsonArray arr;
        for (const TokenMatch &m : matches)
            arr.append(m.toJson(reveal));
        Context::printJson(QJsonObject{{QStringLiteral("matches"), arr}});
    } else {
        for (const TokenMatch &m : matches)
            printMatch(m, reveal);
    }
    return Exit::Ok;
}

namespace {

// An ISO 8601 instant as the server reads it in this app's sessions (TimeZone UTC): a text
// without an offset is UTC.
QDateTime serverInstant(const QString &text)
{
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC);
    return t;
}

// Reads and checks timeline's flags; Exit::Ok when the query may run.
int readTimelineQuery(Context &ctx, TimelineQuery &q)
{
    bool okE = false, okU = false;
    q.empresaId = ctx.parser.value(QStringLiteral("empresa")).toLongLong(&okE);
    q.usuarioId = ctx.parser.value(QStringLiteral("usuario")).toLongLong(&okU);
    q.sinceUtc = ctx.parser.value(QStringLiteral("since"));
    q.untilUtc = ctx.parser.value(QStringLiteral("until"));
    const bool csv = ctx.parser.isSet(QStringLiteral("csv"));
    if (!okE || !okU) {
        Context::error(Context::tr("timeline needs --empresa N and --usuario N (whole numbers)."));
        return Exit::Usage;
    }
    if ((!q.sinceUtc.isEmpty() && !Forensics::isIsoInstant(q.sinceUtc)) ||
        (!q.untilUtc.isEmpty() && !Forensics::isIsoInstant(q.untilUtc))) {
        Context::error(Context::tr("--since and --until take ISO 8601 instants, e.g. 2026-11-30T03:00:00Z."));
        return Exit::Usage;
    }
    if (!q.sinceUtc.isEmpty() && !q.untilUtc.isEmpty() &&
        serverInstant(q.sinceUtc) > serverInstant(q.untilUtc)) {
        Context::error(Context::tr("--since %1 is later than --until %2: no event can lie between them.")
                           .arg(q.sinceUtc, q.untilUtc));
        return Exit::Usage;
    }
    if (csv && ctx.json) {
        Context::error(Context::tr("Choose one of --json or --csv."));
        return Exit::Usage;
    }
    return Exit::Ok;
}

} // namespace

int cmdTimeline(Context &ctx)
{
    TimelineQuery q;
    if (const int usage = readTimelineQuery(ctx, q); usage != Exit::Ok)
        return usage;
    const bool csv = ctx.parser.isSet(QStringLiteral("csv"));
    Session s;
    int exitCode = Exit::Ok;
    if (!openForLookup(ctx, &s, &exitCode))
        return exitCode;
    QList<TimelineEvent> events;
    bool truncated = false;
    DbFailure failure;
    if (!Forensics::timeline(s.conn, q, &events, &truncated, &failure)) {
        Context::error(failure.message);
        return Exit::Other;
    }
    QList<IndexAdvice> advice;
    Forensics::indexAdvice(s.conn, &advice, &failure);
    for (const IndexAdvice &a : advice)
        Context::info(
            Context::tr(
                "Slow without an index on %1 (%2); a DBA may create it without blocking writers:\n  %3")
                .arg(a.table, a.purpose, a.statements.join(QStringLiteral("\n  "))));
    if (truncated)
        Context::info(Context::tr("Only the newest %1 events are shown: narrow --since/--until.")
                          .arg(formatCount(q.limit)));
    const bool reveal = ctx.parser.isSet(QStringLiteral("reveal"));
    if (csv) {
        const EvidenceSource source =
            EvidenceSource::now(s.profile, s.report.role, EvidenceExport::timelineSubject(q.empresaId, q.usuarioId),
                                reveal);
        std::fputs(EvidenceExport::timelineCsv(events, source).toUtf8().constData(), stdout);
    } else if (ctx.json) {
        QJsonArray arr;
        for (const TimelineEvent &e : events)
            arr.append(QJsonObject{
                {QStringLiteral("at_utc"), e.atUtc},
                {QStringLiteral("kind"), e.kind},
                {QStringLiteral("event"), e.event},
                {QStringLiteral("id"), double(e.id)},
                {QStringLiteral("token_hash"),
                 e.tokenHash.isEmpty() ? QJsonValue()
                                       : QJsonValue(reveal ? e.tokenHash : Forensics::maskHash(e.tokenHash))},
                {QStringLiteral("ip"), e.ip.isEmpty() ? QJsonValue() : QJsonValue(e.ip)},
                {QStringLiteral("user_agent"),
                 e.userAgent.isEmpty() ? QJsonValue() : QJsonValue(e.userAgent)},
                {QStringLiteral("alert"), e.alert}});
        Context::printJson(QJsonObject{{QStringLiteral("empresa_id"), double(q.empresaId)},
                                       {QStringLiteral("usuario_id"), double(q.usuarioId)},
                                       {QStringLiteral("truncated"), truncated},
                                       {QStringLiteral("events"), arr}});
    } else {
        for (const TimelineEvent &e : events)
            Context::printLine(QStringLiteral("%1 %2 %3 %4 %5 %6")
                                   .arg(e.atUtc, e.alert ? QStringLiteral("⚠") : QStringLiteral(" "), e.kind,
                                        e.event, QString::number(e.id), e.ip));
    }
    return Exit::Ok;
}

namespace {

// Holds the freeze until `minutes` pass (0: no limit) or a signal comes; true when the connection
// (and so the lock) was lost first. Checks the connection every 5 s.
bool holdUntilDone(PgConnection &conn, qint64 key, int minutes, const QElapsedTimer &held,
                   SignalWait &interrupt)
{
    for (;;) {
        if (minutes && held.elapsed() >= qint64(minutes) * 60000)
            return false;
        if (interrupt.wait(5000))
            return false;
        if (!EvidenceFreeze::isHeld(conn, key))
            return true;
    }
}

} // namespace

int cmdFreeze(Context &ctx)
{
    // Without --minutes the freeze holds until a signal; --minutes takes 1 to 10080 (a week), as
    // its message says: 0 is refused rather than read as "no limit" (leave the option out for that).
    bool ok = true;
    const int minutes = ctx.parser.isSet(QStringLiteral("minutes"))
                            ? ctx.parser.value(QStringLiteral("minutes")).toInt(&ok)
                            : 0;
    if (ctx.parser.isSet(QStringLiteral("minutes")) && (!ok || minutes < 1 || minutes > 7 * 24 * 60)) {
        Context::error(Context::tr("--minutes takes a whole number of minutes (1 to 10080); leave it out to "
                                   "hold the lock until Ctrl-C / SIGTERM."));
        return Exit::Usage;
    }
    qint64 key = PurgeOptions().advisoryLockKey; // 731001, the job's
    if (!lockKeyOption(ctx, &key))
        return Exit::Usage;
    // From here a signal ends the hold, released and recorded, never the process (clisignals.h).
    SignalWait interrupt;
    PgConnection conn;
    ConnectionProfile profile;
    int exitCode = Exit::Ok;
    if (!ctx.connect(conn, &profile, &exitCode))
        return exitCode;
    QSqlQuery rec(conn.database());
    if (rec.exec(QStringLiteral("SELECT pg_is_in_recovery()")) && rec.next() && rec.value(0).toBool()) {
        Context::error(
            Context::tr("This server is a standby: a freeze here would not hold purges on the primary."));
        return Exit::Refused;
    }
    // Behind a pooler the lock might sit on a server connection others are handed: no freeze
    // then, unless session pooling is asserted (and the hold loop checks the lock every 5 s).
    PreflightReport pooled;
    checkPooler(conn, &pooled);
    if (const QString refusal = pooled.poolerRefusal(); !refusal.isEmpty()) {
        Context::error(Context::tr("Nothing was frozen: %1").arg(refusal));
        return Exit::Refused;
    }
    FreezeInfo info;
    QString holder;
    DbFailure failure;
    if (!EvidenceFreeze::take(conn, key, EvidenceFreeze::osUserName(), &info, &holder, &failure)) {
        if (!holder.isEmpty()) {
            Context::error(
                Context::tr("The purge lock %1 is held by %2: nothing was frozen.").arg(key).arg(holder));
            return Exit::LockBusy;
        }
        Context::error(failure.message);
        return Exit::Other;
    }
    Context::printLine(
        Context::tr("Purges frozen at %1: lock %2 held by this session (pid %3, role %4). %5")
            .arg(info.takenAtUtc, QString::number(key), QString::number(info.backendPid), info.role,
                 minutes ? Context::tr("Released after %1 minutes, or on Ctrl-C / SIGTERM.").arg(minutes)
                         : Context::tr("Ctrl-C or SIGTERM releases it.")));
    if (!info.note.isEmpty())
        Context::info(Context::tr("History: %1").arg(info.note));
    std::fflush(stdout);
    QElapsedTimer held;
    held.start();
    const bool lost = holdUntilDone(conn, key, minutes, held, interrupt);
    if (lost) {
        Context::error(Context::tr("The connection holding the freeze was lost: purges are no longer held."));
        return Exit::Other;
    }
    EvidenceFreeze::release(conn, info, &failure);
    Context::printLine(Context::tr("Purges released at %1 after %2 s.")
                           .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate))
                           .arg(formatCount(held.elapsed() / 1000)));
    return Exit::Ok;
}

} // namespace purga::cli
