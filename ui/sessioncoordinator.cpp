#include "sessioncoordinator.h"

#include "appstate.h"
#include "dbsession.h"

namespace purga {

SessionCoordinator::SessionCoordinator(DbSession *session, AppState *state, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_state(state)
{
    connect(m_session, &DbSession::connected, this,
            [this](const ConnectionProfile &profile, int) { onConnected(profile); });
    connect(m_session, &DbSession::connectFailed, this, [this] {
        m_connecting = false;
        m_pendingPassword.clear();
    });
    connect(m_session, &DbSession::disconnected, this, [this] {
        m_exactWanted = false;
        m_overviewAfterPreflight = false;
        if (m_state->isConnected())
            m_state->setDisconnected();
    });
    connect(m_session, &DbSession::preflightReady, this, [this](const PreflightReport &report) {
        m_state->setPreflight(report);
        onPreflightReady();
    });
    connect(m_session, &DbSession::overviewReady, this, [this](const Overview &overview) {
        m_state->setOverview(overview);
        onOverviewReady(overview.exact);
    });
    // The checks page shows the outcome; success changes what the checks say.
    connect(m_session, &DbSession::historySetupDone, this, [this](bool ok) {
        if (ok)
            runPreflight();
    });
    connect(m_session, &DbSession::operationFailed, this, &SessionCoordinator::onFailed);
    connect(m_session, &DbSession::operationCancelled, this, [this](const QString &) {
        m_exactWanted = false;
        emit notice(tr("The database operation was cancelled."));
    });
    // A finished purge changes every number: refresh what the overview shows.
    connect(m_state, &AppState::purgeRunningChanged, this, [this](bool running) {
        if (!running && m_state->isConnected())
            refreshOverview();
    });
}

void SessionCoordinator::connectTo(const ConnectionProfile &profile, const QString &password)
{
    m_connecting = true;
    m_pendingPassword = password;
    setProblem(QString());
    m_session->connectTo(profile, password);
}

void SessionCoordinator::disconnectFromServer()
{
    m_exactWanted = false;
    m_session->cancel();
    m_session->disconnectFromServer();
    if (m_state->isConnected())
        m_state->setDisconnected();
}

void SessionCoordinator::runPreflight()
{
    if (!m_state->isConnected())
        return;
    m_overviewAfterPreflight = true;
    m_session->runPreflight();
}

void SessionCoordinator::refreshOverview()
{
    if (!m_state->isConnected())
        return;
    setProblem(QString());
    m_exactWanted = m_state->preflight().canPreview();
    m_session->refreshOverview(m_state->ruleConfigs(), false);
}

void SessionCoordinator::onConnected(const ConnectionProfile &profile)
{
    m_connecting = false;
    m_state->setConnected(profile, m_pendingPassword);
    m_pendingPassword.clear();
    runPreflight();
}

void SessionCoordinator::onPreflightReady()
{
    if (!m_overviewAfterPreflight)
        return;
    m_overviewAfterPreflight = false;
    refreshOverview();
}

void SessionCoordinator::onOverviewReady(bool exact)
{
    m_lastRefresh = QDateTime::currentDateTime();
    emit lastRefreshChanged(m_lastRefresh);
    if (!exact && m_exactWanted) {
        m_exactWanted = false;
        m_session->refreshOverview(m_state->ruleConfigs(), true);
    }
}

void SessionCoordinator::onFailed(const QString &operation, const QString &message)
{
    Q_UNUSED(operation)
    m_exactWanted = false;
    m_overviewAfterPreflight = false;
    setProblem(message);
}

void SessionCoordinator::setProblem(const QString &text)
{
    if (text == m_lastProblem)
        return;
    m_lastProblem = text;
    emit problemChanged(text);
}

} // namespace purga
