#pragma once

#include "connectresult.h"
#include "dbcontext.h"
#include "dbrequest.h"
#include "core/overview/overview.h"
#include "core/pg/connectionprofile.h"
#include "core/preflight/preflight.h"
#include "core/preview/preview.h"

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

// The GUI's database session: one connection owned by one worker thread, and a queue of requests
// that run there one at a time. Every method returns at once with a DbRequest handle that reports
// only about its own request (see dbrequest.h); nothing is broadcast. Busy state is computed in the
// session's own thread from the live handles.
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

    DbRequest *connectTo(const ConnectionProfile &profile, const QString &password); // ConnectResult
    DbRequest *disconnectFromServer();                                               // bool
    DbRequest *runPreflight();                                                       // PreflightReport
    // The same, and it tells transaction from session pooling through a second connection with
    // this profile and password (probePoolMode), as the CLI and the purge do.
    DbRequest *runPreflight(const ConnectionProfile &profile, const QString &password); // PreflightReport
    DbRequest *setupHistory();                                                          // QString
    DbRequest *refreshOverview(const QList<RuleConfig> &rules, bool exact);             // Overview
    DbRequest *preview(const QList<RuleConfig> &rules);                                 // PreviewPlan
    DbRequest *vacuumAnalyze(const QStringList &tables);                                // QString

    // Drops every queued request and cancels the running one.
    void cancelAll();
    // Ends the worker within about `budget`: cancel, then cut the connection, then give up waiting
    // (the thread is left to finish on its own). Returns whether the thread ended in time.
    bool shutdown(std::chrono::milliseconds budget = std::chrono::milliseconds(2500));

signals:
    void busyChanged(bool busy);
    void requestQueued(purga::DbRequest *request);
    void requestStarted(purga::DbRequest *request);

private:
    DbRequest *enqueue(const QString &label, std::function<bool(DbContext &, std::any *, DbFailure *)> work,
                       bool needsConnection);
    void forget(DbRequest *request);

    std::shared_ptr<QueryCanceller> m_canceller;
    detail::DbWorker *m_worker = nullptr;
    QList<QPointer<DbRequest>> m_live;
    quint64 m_nextId = 1;
};

} // namespace purga
