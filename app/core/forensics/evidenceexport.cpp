// Evidence exports: the header that says who exported what, when and from where, before the CSV.
#include "evidenceexport.h"

#include "core/locks/evidencefreeze.h"
#include "core/pg/connectionprofile.h"

#include <QDateTime>

namespace purga {

namespace {

// One header value on one line: a line break in a value would start a CSV row.
QString oneLine(QString value)
{
    value.replace(u'\r', u' ');
    value.replace(u'\n', u' ');
    return value.isEmpty() ? QStringLiteral("(unknown)") : value;
}

} // namespace

EvidenceSource EvidenceSource::now(const ConnectionProfile &profile, const QString &dbRole,
                                   const QString &subject, bool revealHashes)
{
    EvidenceSource s;
    s.exportedAtUtc = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    s.osUser = EvidenceFreeze::osUserName();
    s.dbRole = dbRole;
    s.database = profile.displayTarget();
    s.subject = subject;
    s.revealHashes = revealHashes;
    return s;
}

QString EvidenceExport::header(const EvidenceSource &source)
{
    const QList<std::pair<QString, QString>> lines = {
        {QStringLiteral("exported_at_utc"), source.exportedAtUtc},
        {QStringLiteral("exported_by_os_user"), source.osUser},
        {QStringLiteral("exported_by_db_role"), source.dbRole},
        {QStringLiteral("database"), source.database},
        {QStringLiteral("subject"), source.subject},
        {QStringLiteral("token_hashes"),
         source.revealHashes ? QStringLiteral("full") : QStringLiteral("masked (first 8 … last 4)")}};
    QString out = QStringLiteral("# purga-sesiones evidence export\n");
    for (const auto &[key, value] : lines)
        out += QStringLiteral("# %1: %2\n").arg(key, oneLine(value));
    return out;
}

QString EvidenceExport::timelineCsv(const QList<TimelineEvent> &events, const EvidenceSource &source)
{
    return header(source) + Forensics::timelineCsv(events, source.revealHashes);
}

QString EvidenceExport::timelineSubject(qint64 empresaId, qint64 usuarioId)
{
    return QStringLiteral("user timeline, tenant %1, user %2").arg(empresaId).arg(usuarioId);
}

} // namespace purga
