#include "sessioncoordinator.h"

#include "appstate.h"
#include "core/session/dbsession.h"

#include <QTimer>

#include <algorithm>

namespace purga {

namespace {
constexpr int kAfterPurgeMs = 250;
constexpr int kMaxRetrySeconds = 30;

// Connect failures that another try with the same profile and password cannot mend.
bool isFinal(DbFailure::Kind kind)
{
    using K = DbFailure::Kind;
    return kind == K::WrongPassword || kind == K::PasswordMissing || kind == K::NotAuthorized ||
           kind == K::DatabaseMissing || kind == K::InvalidSettings || kind == K::DriverMissing ||
           kind == K::Ssl;
}
} // namespace

SessionCoordinator::SessionCoordinator(DbSession *session, AppState *state, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_state(state)
{
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &SessionCoordinator::reconnectNow);
    connect(m_session, &DbSession::connectionLost, this, &SessionCoordinator::onConnectionLost);
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
    // A lost connection is said by the connection bar and the status bar, not as a problem.
    connect(request, &DbRequest::failed, this, [this](const DbFailure &f) {
        if (f.kind != DbFailure::Kind::ConnectionLost)
            setProblem(f.reason());
    });
    connect(request, &DbRequest::cancelled, this,
            [this, request] { emit notice(tr("%1: cancelled.").arg(request->label())); });
}

Request<ConnectResult> SessionCoordinator::connectTo(const ConnectionProfile &profile,
                                                     const QString &password)
{
    if (m_connect)
        m_connect->cancel();
    stopReconnecting();
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
    stopReconnecting();
    m_session->cancelAll();
    m_session->disconnectFromServer();
    if (m_state->isConnected())
        m_state->setDisconnected();
}

void SessionCoordinator::runPreflight()
{
    if (!m_state->isConnected())
        return;
    if (m_state->isConnectionLost()) { // F5, "Run the checks again": the connection first
        reconnectNow();
        return;
    }
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
    if (!m_state->isConnected() || m_state->isConnectionLost())
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
    if (!m_state->isConnected() || m_state->isConnectionLost())
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

// The driver's words are in the log (DbSession), not in the window. Requests still queued fail at
// once with a clear reason; a connect of the user's own replaces the connection anyway.
void SessionCoordinator::onConnectionLost()
{
    if (!m_state->isConnected() || m_state->isConnectionLost() || isConnecting())
        return;
    m_attempt = 0;
    m_state->setConnectionLost(QDateTime::currentDateTime());
    scheduleReconnect(QString());
}

void SessionCoordinator::scheduleReconnect(const QString &why)
{
    const int seconds = std::min(kMaxRetrySeconds, 1 << std::min(m_attempt, 5));
    m_retry.start(seconds * 1000);
    m_state->setReconnectNote(why.isEmpty()
                                  ? tr("Next try in %n s.", nullptr, seconds)
                                  : tr("Next try in %n s; the last try said: %1", nullptr, seconds).arg(why));
}

void SessionCoordinator::reconnectNow()
{
    if (!m_state->isConnectionLost() || m_reconnect.isActive())
        return;
    m_retry.stop();
    ++m_attempt;
    m_state->setReconnectNote(tr("Reconnecting (try %1)…").arg(m_attempt));
    m_reconnect = m_session->connectTo(m_state->profile(), m_state->password());
    m_reconnect
        .onSucceeded(this,
                     [this](const ConnectResult &) {
                         m_attempt = 0;
                         m_state->setReconnected();
                         runPreflight();
                         emit reconnected();
                     })
        .onFailed(this, [this](const DbFailure &f) {
            if (!isFinal(f.kind)) {
                scheduleReconnect(f.reason());
                return;
            }
            m_state->setReconnectNote(tr("Not trying again: %1 Connect again (Ctrl+K).").arg(f.reason()));
        });
}

void SessionCoordinator::stopReconnecting()
{
    m_retry.stop();
    m_reconnect.cancel();
    m_attempt = 0;
}

void SessionCoordinator::setProblem(const QString &text)
{
    if (text == m_lastProblem)
        return;
    m_lastProblem = text;
    emit problemChanged(text);
}

} // namespace purga
