#pragma once

#include "forensics.h"

#include <QString>

namespace purga {

struct ConnectionProfile;

// Who exported a piece of evidence, when and from which database: the lines an export opens with,
// so that a CSV handed to an incident report still says where it came from.
struct EvidenceSource
{
    QString exportedAtUtc; // ISO 8601, "2026-11-29T21:25:39Z"
    QString osUser;        // the OS account that exported it
    QString dbRole;        // the database role that read it (current_user)
    QString database;      // "user@host:port/database" (or service=…), never a password
    QString subject;       // what was exported: "user timeline, tenant 8, user 80"
    bool revealHashes = false;

    // Now, this process's OS user, the profile's target.
    static EvidenceSource now(const ConnectionProfile &profile, const QString &dbRole, const QString &subject,
                              bool revealHashes);
};

// Evidence exports (the timeline CSV of the GUI and of `timeline --csv`): "# key: value" header
// lines, then the CSV. Hashes are full only when the source says so, masked otherwise. Keys and
// values are English and stable: files are read by tools and by auditors in any language.
class EvidenceExport
{
public:
    static QString header(const EvidenceSource &source);
    static QString timelineCsv(const QList<TimelineEvent> &events, const EvidenceSource &source);
    static QString timelineSubject(qint64 empresaId, qint64 usuarioId);
};

} // namespace purga
