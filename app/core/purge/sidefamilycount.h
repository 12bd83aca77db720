#pragma once

// `purge --yes`'s live-family evidence (the receipt's live_family_rows while family-aware retention
// is off), counted on a connection of its own while the purge runs instead of before its first
// batch: the breaker needs only the other half of the count. The side count is one process (no
// parallel workers), which would take the cores the purge runs on (docs/benchmarks.md, issue 26).
//
// The side session opens a REPEATABLE READ transaction and exports its snapshot before the
// breaker's count, which imports it (takePreview's familySnapshot), so both halves see the same
// instant as when one statement gave them; rows the purge deletes later are still there for this
// count. It counts only once the run holds the lock (count()), and a stop cancels it in flight.

#include "core/pg/querycanceller.h"
#include "core/preview/preview.h"

#include <QMap>
#include <QString>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace purga {

class PgConnection;

class SideFamilyCount
{
public:
    // Opens a connection like the run's own, in the calling (the side) thread.
    using Opener = std::function<bool(PgConnection &, QString *)>;

    explicit SideFamilyCount(Opener open);
    ~SideFamilyCount(); // cancels what still runs and joins
    SideFamilyCount(const SideFamilyCount &) = delete;
    SideFamilyCount &operator=(const SideFamilyCount &) = delete;

    // Connects and exports the snapshot; blocks until then. Its id, or empty with *error set (the
    // side session is gone then and the preview counts everything itself).
    QString start(QString *error);
    // Starts the counts in that snapshot: rule id -> a statement giving one bigint.
    void count(const QMap<QString, QString> &statements);
    // Waits until every count ran (true, *rows filled) or failed (false, *error). `stop` is asked
    // every 50 ms: when it says so the count in flight is cancelled and the answer is false.
    bool wait(const std::function<bool()> &stop, QMap<QString, qint64> *rows, QString *error);
    // Whether the counts ended (ran or failed): wait() then returns at once.
    bool isDone();
    // Cancels the count in flight, or the counts not yet started, and ends the side session.
    void abort();

private:
    enum class Phase { Connecting, Exported, Done };
    void run();
    bool exportSnapshot(PgConnection &conn);
    void runCounts(PgConnection &conn);
    void finish(const QString &error);

    Opener m_open;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    Phase m_phase = Phase::Connecting;
    bool m_go = false, m_aborted = false;
    QString m_snapshot, m_error;
    QMap<QString, QString> m_statements;
    QMap<QString, qint64> m_rows;
    QueryCanceller m_canceller; // armed on the side connection while it is open
};

// The side counts a frozen preview left for the run's rules: rule id -> RulePreview::liveFamilySql.
QMap<QString, QString> deferredFamilyCounts(const PreviewPlan &plan, const QStringList &ruleIds);

} // namespace purga
