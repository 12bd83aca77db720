#pragma once

#include "connectionprofile.h"

#include <QDateTime>
#include <QObject>

namespace purga {

class AppState;
class DbSession;

// Wires DbSession's results into AppState and chains what follows a connection:
// connected → preflight → overview estimates → exact counts in the background.
// Runs no SQL itself: it only asks DbSession.
class SessionCoordinator : public QObject
{
    Q_OBJECT
public:
    SessionCoordinator(DbSession *session, AppState *state, QObject *parent = nullptr);

    // The password is kept (in AppState, memory only) once the connection succeeds.
    void connectTo(const ConnectionProfile &profile, const QString &password);
    void disconnectFromServer();
    void runPreflight();
    // Estimates first (milliseconds), then exact counts when the role may preview.
    void refreshOverview();

    bool isConnecting() const { return m_connecting; }
    QDateTime lastRefresh() const { return m_lastRefresh; }
    QString lastProblem() const { return m_lastProblem; }

signals:
    void lastRefreshChanged(const QDateTime &when);
    // A background operation failed or was cancelled; empty text clears the previous problem.
    void problemChanged(const QString &text);
    // Something worth a line in the status bar (e.g. a cancelled operation).
    void notice(const QString &text);

private:
    void onConnected(const ConnectionProfile &profile);
    void onPreflightReady();
    void onOverviewReady(bool exact);
    void onFailed(const QString &operation, const QString &message);
    void setProblem(const QString &text);

    DbSession *m_session;
    AppState *m_state;
    QString m_pendingPassword;
    bool m_connecting = false;
    bool m_exactWanted = false;
    bool m_overviewAfterPreflight = false;
    QDateTime m_lastRefresh;
    QString m_lastProblem;
};

} // namespace purga
