#include "sessioncoordinator.h"

#include "appstate.h"
#include "core/session/dbsession.h"

#include <QTimer>

#include <algorithm>

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
    // the user is looking at has been painted (counts read on the server while the receipt is laid
    // out would compete with it for the CPU).
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

Request<ConnectResult> SessionCoordinator::connectTo(const ConnectionProfile &profile,
                                                     const QString &password)
{
    if (m_connect)
        m_connect->cancel();
    setProblem(QString());
    m_connect = m_session->connectTo(profile, password);
    m_connect.onSucceeded(this, [this, password](const ConnectResult &r) {
        m_state->setConnected(r.profile, password);
        runPreflight();
    });
    connect(m_connect, &DbRequest::finished, this, &SessionCoordinator::connectingChanged);
    emit connectingChanged();
    return m_connect;
}

Request<ConnectionTestResult> SessionCoordinator::testConnection(const ConnectionProfile &profile,
                                                                 const QString &password)
{
    return m_session->testConnection(profile, password);
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
    m_preflight.onSucceeded(this, [this](const PreflightReport &report) {
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
    m_estimates.onSucceeded(this, [this](const Overview &ov) {
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
    m_health = m_session->checkHealth(rules, options);
    // A failed health check is not a problem of the session: it is said in the banner's health line.
    m_health
        .onFailed(this,
                  [this](const DbFailure &f) {
                      HealthReport r;
                      r.level = HealthLevel::Info;
                      r.reasons << HealthReason{QStringLiteral("check_failed"), HealthLevel::Info, f.message};
                      m_state->setHealth(r);
                  })
        .onSucceeded(this, [this](const HealthReport &r) { m_state->setHealth(r); });
}

void SessionCoordinator::onOverviewReady(bool exact)
{
    m_lastRefresh = QDateTime::currentDateTime();
    emit lastRefreshChanged(m_lastRefresh);
    // Exact counts for the rules that may preview; a rule a missing table blocks keeps its estimate
    // (no count could run on it), a blocker of every rule (row level security) leaves estimates.
    const QList<RuleConfig> rules = m_state->previewableRuleConfigs();
    if (exact || rules.isEmpty())
        return;
    m_exact = m_session->refreshOverview(rules, true);
    watch(m_exact);
    m_exact.onSucceeded(this, [this](const Overview &exactOv) {
        Overview ov = exactOv;
        ov.tables.clear();
        for (const TableOverview &t : m_state->overview().tables) { // in the estimates' (rules') order
            const auto e = std::find_if(exactOv.tables.cbegin(), exactOv.tables.cend(),
                                        [&](const TableOverview &x) { return x.ruleId == t.ruleId; });
            ov.tables << (e != exactOv.tables.cend() ? *e : t); // a rule left out keeps its estimate
        }
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
