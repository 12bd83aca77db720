#pragma once

#include "connectresult.h"
#include "dbcontext.h"
#include "dbrequest.h"
#include "core/forensics/forensics.h"
#include "core/forensics/legalholds.h"
#include "core/history/health.h"
#include "core/history/historyquery.h"
#include "core/locks/lockholders.h"
#include "core/overview/overview.h"
#include "core/pg/connectionprofile.h"
#include "core/pg/connectiontest.h"
#include "core/preflight/preflight.h"
#include "core/preview/preview.h"
#include "core/receipts/receiptchain.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <memory>

namespace purga {

class QueryCanceller;
namespace detail {
class DbWorker;
}

// What a timeline request returns.
struct UserTimeline
{
    QList<TimelineEvent> events;
    bool truncated = false; // only the newest events: the range held more
    QList<IndexAdvice> advice;
};

// The GUI's database session: one connection owned by one worker thread, and a queue of requests
// that run there one at a time. Every method returns at once with a DbRequest handle that reports
// only about its own request (see dbrequest.h); nothing is broadcast. Busy state is computed in the
// session's own thread from the live handles. The named methods below are the requests the GUI
// makes; submit() is for the session's own controllers and tests.
class DbSession : public QObject
{
    Q_OBJECT
public:
    explicit DbSession(QObject *parent = nullptr);
    // Bounded (shutdown()): queued requests are dropped, the running one is cancelled, and a
    // connection that stopped answering is cut. Never waits for a server.
    ~DbSession() override;

    bool isBusy() const { return !m_live.isEmpty(); }
    QList<DbRequest *> activeRequests() const;
    // The request running now, if any (the oldest live one that has started).
    DbRequest *runningRequest() const;

    // Work runs on the session's thread: bool work(DbContext &ctx, T *result, DbFailure *failure).
    // Returning false with ctx cancelled reports "cancelled", otherwise "failed".
    template <typename T, typename Work>
    DbRequest *submit(const QString &label, Work work, bool needsConnection = true)
    {
        auto wrapped = [work = std::move(work)](DbContext &ctx, std::any *out, DbFailure *failure) mutable {
            T value{};
            const bool ok = work(ctx, &value, failure);
            if (ok)
                *out = std::move(value);
            return ok;
        };
        return enqueue(label, std::move(wrapped), needsConnection);
    }

    // The session's requests by name, each typed with what it returns on success.
    Request<ConnectResult> connectTo(const ConnectionProfile &profile, const QString &password);
    Request<bool> disconnectFromServer();
    Request<PreflightReport> runPreflight();
    // The same, and it tells transaction from session pooling through a second connection with
    // this profile and password (probePoolMode), as the CLI and the purge do.
    Request<PreflightReport> runPreflight(const ConnectionProfile &profile, const QString &password);
    Request<QString> setupHistory(); // the line to show when the tables are ready
    Request<Overview> refreshOverview(const QList<RuleConfig> &rules, bool exact);
    Request<PreviewPlan> preview(const QList<RuleConfig> &rules);
    Request<QString> vacuumAnalyze(const QStringList &tables); // the line to show when done
    // "Test connection": a separate connection, opened and closed on the session's thread (the
    // session's own connection stays as it is).
    Request<ConnectionTestResult> testConnection(const ConnectionProfile &profile, const QString &password);
    // The purge health (overdue alarm, the job's last success), as `health` in the CLI.
    Request<HealthReport> checkHealth(const QList<RuleConfig> &rules, const HealthOptions &options);
    // Who holds the purge lock and who waits for it.
    Request<LockHolders> readLockHolders(const LockWatchOptions &options);
    // pg_terminate_backend() on the holder of lock `key`, if it is still `target`; true when done.
    Request<bool> terminateLockHolder(qint64 key, const LockSession &target);
    // The purge history in `range`, days in `zone` (empty: the server's), at most maxPoints per
    // series and the newest maxRuns runs.
    Request<HistoryData> readHistory(const HistoryRange &range, const QString &zone, int maxPoints, int maxRuns);
    // The rows that hold a token with this hash (64 hex digits), in the tables of `rules`.
    Request<QList<TokenMatch>> lookUpToken(const QList<RuleConfig> &rules, const QString &tokenHash);
    // A user's events, newest first, and the indexes that would make the read fast.
    Request<UserTimeline> readTimeline(const TimelineQuery &query);
    // Legal holds (core/forensics/legalholds.h): every hold, newest first; a new one (its id); a
    // release recorded (true; false when it was released before).
    Request<QList<LegalHold>> listHolds();
    Request<qint64> addHold(const HoldScope &scope, const QString &reason, const QString &untilIso);
    Request<bool> releaseHold(qint64 id);
    // Gives an end to the history's runs and freezes whose backend is gone (a lost freeze, as a
    // connect does): how many rows were closed; 0 without a history.
    Request<int> closeEndedRuns();
    // Signed receipts (core/receipts/): the chain walked; one run's receipt checked; a finished
    // purge's receipt signed with `key` (the keychain's, wiped once the request ran) and appended.
    Request<ReceiptChainState> readReceiptChain();
    Request<RunReceiptCheck> checkRunReceipt(const QString &runId);
    Request<AppendedReceipt> appendReceipt(const PurgeReceipt &receipt, const SigningKey &key);

    // Drops every queued request and cancels the running one.
    void cancelAll();
    // How long the connection may sit idle before the keep-alive (SELECT 1) checks it.
    void setKeepAliveInterval(std::chrono::milliseconds interval);
    // Ends the worker within about `budget`: cancel, then cut the connection, then give up waiting
    // (the thread is left to finish on its own). Returns whether the thread ended in time.
    bool shutdown(std::chrono::milliseconds budget = std::chrono::milliseconds(2500));

signals:
    void busyChanged(bool busy);
    void requestQueued(purga::DbRequest *request);
    void requestStarted(purga::DbRequest *request);
    // The session's connection is gone (a request failed on it, or the idle keep-alive found it
    // dead); once per connection, before the failed request reports. Requests that need the
    // connection fail at once with DbFailure::Kind::ConnectionLost until a connectTo succeeds.
    void connectionLost(const purga::DbFailure &failure);

private:
    template <typename T, typename Work>
    Request<T> request(const QString &label, Work work, bool needsConnection = true)
    {
        return Request<T>(submit<T>(label, std::move(work), needsConnection));
    }
    DbRequest *enqueue(const QString &label, std::function<bool(DbContext &, std::any *, DbFailure *)> work,
                       bool needsConnection);
    void forget(DbRequest *request);

    std::shared_ptr<QueryCanceller> m_canceller;
    detail::DbWorker *m_worker = nullptr;
    QList<QPointer<DbRequest>> m_live;
    quint64 m_nextId = 1;
};

} // namespace purga
