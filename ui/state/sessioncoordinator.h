#pragma once

#include "core/session/dbsession.h"

#include <QDateTime>
#include <QObject>
#include <QTimer>

namespace purga {

class AppState;
class DbRequest;
class DbSession;
struct DbFailure;

// Chains what follows a connection through request handles:
// connected → preflight → overview estimates → exact counts in the background.
// A lost connection (DbSession::connectionLost) is taken back by itself: the same profile and the
// password kept in memory, tried after 1, 2, 4 … 30 s on the session's thread, then the checks and
// the overview run again; the pages keep what they show, marked stale meanwhile.
// Runs no SQL itself: it only asks DbSession, and listens only to the requests it made.
class SessionCoordinator : public QObject
{
    Q_OBJECT
public:
    SessionCoordinator(DbSession *session, AppState *state, QObject *parent = nullptr);

    // The password is kept (in AppState, memory only) once the connection succeeds. The handle
    // reports the outcome (ConnectResult on success, DbFailure::kindId() on failure).
    Request<ConnectResult> connectTo(const ConnectionProfile &profile, const QString &password);
    // "Test connection": a separate connection, opened and closed on the session's thread (the
    // session's own connection stays as it is).
    Request<ConnectionTestResult> testConnection(const ConnectionProfile &profile, const QString &password);
    void disconnectFromServer();
    void runPreflight();
    // Estimates first (milliseconds), then exact counts when the role may preview. A refresh
    // replaces the exact counts still on their way.
    void refreshOverview();
    // The purge health (overdue alarm, the job's last success), as `health` in the CLI: after
    // the checks and after every purge. Read-only, so it runs on a standby too.
    void refreshHealth();
    // While the connection is lost: try to reconnect now instead of at the next backoff step.
    void reconnectNow();
    int reconnectAttempts() const { return m_attempt; }

    // True from connectTo() until that request succeeded, failed or was cancelled.
    bool isConnecting() const { return m_connect.isActive(); }
    const AppState *state() const { return m_state; }
    DbRequest *exactCountsRequest() const { return m_exact; }
    QDateTime lastRefresh() const { return m_lastRefresh; }
    QString lastProblem() const { return m_lastProblem; }

signals:
    void lastRefreshChanged(const QDateTime &when);
    // A background operation failed; empty text clears the previous problem.
    void problemChanged(const QString &text);
    // Something worth a line in the status bar (e.g. a cancelled operation).
    void notice(const QString &text);
    // The lost connection is back and the checks run again: the visible page reads itself again.
    void reconnected();
    // A connect started or ended (isConnecting() changed).
    void connectingChanged();

private:
    void watch(DbRequest *request);
    void onOverviewReady(bool exact);
    void setProblem(const QString &text);
    void onConnectionLost();
    void scheduleReconnect(const QString &why);
    void stopReconnecting();

    DbSession *m_session;
    AppState *m_state;
    Request<ConnectResult> m_connect;
    Request<PreflightReport> m_preflight;
    Request<Overview> m_estimates;
    Request<Overview> m_exact;
    Request<HealthReport> m_health;
    Request<ConnectResult> m_reconnect;
    QTimer m_retry; // the next reconnect try
    int m_attempt = 0;
    QDateTime m_lastRefresh;
    QString m_lastProblem;
};

} // namespace purga
