#include "sessioncoordinator.h"

#include "appstate.h"
#include "dbsession.h"

namespace purga {

SessionCoordinator::SessionCoordinator(DbSession *session, AppState *state, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_state(state)
{
    // A finished purge changes every number: refresh what the overview shows.
    connect(m_state, &AppState::purgeRunningChanged, this, [this](bool running) {
        if (!running && m_state->isConnected())
            refreshOverview();
    });
}

// Failures and cancels of the requests made here, in the status bar and the health banner.
void SessionCoordinator::watch(DbRequest *request)
{
    connect(request, &DbRequest::failed, this, [this](const DbFailure &f) { setProblem(f.message); });
    connect(request, &DbRequest::cancelled, this,
            [this, request] { emit notice(tr("%1: cancelled.").arg(request->label())); });
}

DbRequest *SessionCoordinator::connectTo(const ConnectionProfile &profile, const QString &password)
{
    if (m_connect)
        m_connect->cancel();
    setProblem(QString());
    m_connect = m_session->connectTo(profile, password);
    m_connect->onSucceeded<ConnectResult>(this, [this, password](const ConnectResult &r) {
        m_state->setConnected(r.profile, password);
        runPreflight();
    });
    return m_connect;
}

void SessionCoordinator::disconnectFromServer()
{
    m_session->cancelAll();
    m_session->disconnectFromServer();
    if (m_state->isConnected())
        m_state->setDisconnected();
}

void SessionCoordinator::runPreflight()
{
    if (!m_state->isConnected())
        return;
    if (m_preflight)
        m_preflight->cancel();
    m_preflight = m_session->runPreflight();
    watch(m_preflight);
    m_preflight->onSucceeded<PreflightReport>(this, [this](const PreflightReport &report) {
        m_state->setPreflight(report);
        refreshOverview();
    });
}

void SessionCoordinator::refreshOverview()
{
    if (!m_state->isConnected())
        return;
    setProblem(QString());
    if (m_estimates)
        m_estimates->cancel();
    if (m_exact)
        m_exact->cancel();
    m_estimates = m_session->refreshOverview(m_state->ruleConfigs(), false);
    watch(m_estimates);
    m_estimates->onSucceeded<Overview>(this, [this](const Overview &ov) {
        m_state->setOverview(ov);
        onOverviewReady(false);
    });
}

void SessionCoordinator::onOverviewReady(bool exact)
{
    m_lastRefresh = QDateTime::currentDateTime();
    emit lastRefreshChanged(m_lastRefresh);
    if (exact || !m_state->preflight().canPreview())
        return;
    m_exact = m_session->refreshOverview(m_state->ruleConfigs(), true);
    watch(m_exact);
    m_exact->onSucceeded<Overview>(this, [this](const Overview &ov) {
        m_state->setOverview(ov);
        onOverviewReady(true);
    });
}

void SessionCoordinator::setProblem(const QString &text)
{
    if (text == m_lastProblem)
        return;
    m_lastProblem = text;
    emit problemChanged(text);
}

} // namespace purga
