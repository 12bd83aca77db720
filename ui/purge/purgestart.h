#pragma once

// Whether the Purge page may start a purge now, and the summary it restates: the facts the page
// gathers (connection, checks, the plan the next run would run, the last run, the lock panel's
// last read) and the reasons, in words, that keep "Start purge…" disabled.
#include "core/preview/preview.h"

#include <QCoreApplication>
#include <QMap>
#include <QStringList>

namespace purga {

class AppState;
struct LockHolders;

struct PurgeStartFacts
{
    const AppState *state = nullptr;
    const PreviewPlan *plan = nullptr; // what the next run runs: what is left of the preview
    bool running = false;
    QString purgedPreview; // takenAtUtc of the preview a run completed ("ok") with
    QString lastRunId;
    const LockHolders *lock = nullptr; // the lock panel's last read
    bool lockHeldByOthers = false;     // held by someone other than this app's running purge
};

class PurgeStart
{
    Q_DECLARE_TR_FUNCTIONS(purga::PurgePage)
public:
    // Why a purge cannot start now (empty when it can).
    static QStringList blockers(const PurgeStartFacts &facts);
    // The previewed rules the preflight refuses for this role, with the reason.
    static QMap<QString, QString> refusedRules(const AppState &state);
    // "Preview frozen at …", the note of what runs removed from it (may be empty), and per rule the
    // rows (and partitions) left to remove.
    static QString summary(const PreviewPlan &plan, const QString &leftNote);
    // A rule of the plan still has rows or a partition to remove.
    static bool hasWork(const RulePreview &rule);
};

} // namespace purga
