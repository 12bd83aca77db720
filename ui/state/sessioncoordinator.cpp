#include "sessioncoordinator.h"

#include "appstate.h"
#include "core/history/health.h"
#include "core/pg/connectiontest.h"
#include "core/pg/pgconnection.h"
#include "core/session/applog.h"
#include "core/session/dbsession.h"

#include <QTimer>

namespace purga {

namespace {
constexpr int kAfterPurgeMs = 250;
}

SessionCoordinator::SessionCoordinator(DbSession *session, AppState *state, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_state(state)
{
    // A finished purge changes every number: refresh what the overview shows, once the receipt
    // the user is looking at has been painted (the counts read on the server while the receipt
    // is laid out competed with it for the CPU: issue 11's stall probe).
    connect(m_state, &AppState::purgeRunningChanged, this, [this](bool running) {
        if (running)
            return;
        QTimer::singleShot(kAfterPurgeMs, this, [this] {
            if (!m_state->isPurgeRunning() && m_state->isConnected()) {
                refreshOverview();
                refreshHealth();
            }
        });
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

DbRequest *SessionCoordinator::testConnection(const ConnectionProfile &profile, const QString &password)
{
    addLogSecret(password);
    return m_session->submit<ConnectionTestResult>(
        tr("Testing the connection to %1").arg(profile.displayTarget()),
        [profile, password](DbContext &, ConnectionTestResult *out, DbFailure *failure) {
            return purga::testConnection(profile, password, out, failure);
        },
        false);
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
    m_preflight = m_session->runPreflight(m_state->profile(), m_state->password());
    watch(m_preflight);
    m_preflight->onSucceeded<PreflightReport>(this, [this](const PreflightReport &report) {
        m_state->setPreflight(report);
        refreshOverview();
        refreshHealth();
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

void SessionCoordinator::refreshHealth()
{
    if (!m_state->isConnected())
        return;
    if (m_health)
        m_health->cancel();
    const QList<RuleConfig> rules = m_state->ruleConfigs();
    const HealthOptions options = HealthOptions::fromProfile(m_state->profile().ruleOverrides);
    m_health = m_session->submit<HealthReport>(
        tr("Check the purge health"),
        [rules, options](DbContext &ctx, HealthReport *out, DbFailure *failure) {
            return Health::compute(*ctx.connection(), rules, options, out, &failure->message);
        });
    // A failed health check is not a problem of the session: it is said in the banner's health line.
    connect(m_health, &DbRequest::failed, this, [this](const DbFailure &f) {
        HealthReport r;
        r.level = HealthLevel::Info;
        r.reasons << HealthReason{QStringLiteral("check_failed"), HealthLevel::Info, f.message};
        m_state->setHealth(r);
    });
    m_health->onSucceeded<HealthReport>(this, [this](const HealthReport &r) { m_state->setHealth(r); });
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
