#include "appstate.h"

#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"

namespace purga {

AppState::AppState(DbSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_freeze(new FreezeController(this))
{
}

QList<RuleConfig> AppState::ruleConfigs() const
{
    QList<RuleConfig> out;
    for (const QString &id : Rules::ids())
        out << Rules::fromSettings(id, m_profile.ruleOverrides);
    return out;
}

QList<RuleConfig> AppState::previewableRuleConfigs() const
{
    if (m_preflight.items.isEmpty())
        return ruleConfigs();
    QList<RuleConfig> out;
    for (const QString &id : m_preflight.previewableRules())
        out << ruleConfig(id);
    return out;
}

RuleConfig AppState::ruleConfig(const QString &ruleId) const
{
    return Rules::fromSettings(ruleId, m_profile.ruleOverrides);
}

bool AppState::isPreviewStale() const
{
    if (m_preview.isEmpty())
        return false;
    for (const RulePreview &rule : m_preview.rules) {
        const RuleConfig now = ruleConfig(rule.id);
        const RuleConfig &then = rule.config;
        if (now.retentionSeconds != then.retentionSeconds || now.forensicOverride != then.forensicOverride ||
            now.batchSize != then.batchSize || now.lockTimeoutMs != then.lockTimeoutMs ||
            now.statementTimeoutMs != then.statementTimeoutMs || now.pauseMs != then.pauseMs ||
            now.targetBatchMs != then.targetBatchMs || now.maxLockRetries != then.maxLockRetries ||
            now.ddlLockTimeoutMs != then.ddlLockTimeoutMs)
            return true;
    }
    return false;
}

void AppState::setRuleOverrides(const QMap<QString, QString> &overrides)
{
    if (m_profile.ruleOverrides == overrides)
        return;
    m_profile.ruleOverrides = overrides;
    emit ruleSettingsChanged();
    emit previewChanged(); // the pages re-check whether the preview still matches the settings
}

void AppState::setConnected(const ConnectionProfile &profile, const QString &password)
{
    m_connected = true;
    const bool wasLost = isConnectionLost();
    m_lostSince = QDateTime();
    m_reconnectNote.clear();
    m_profile = profile;
    m_password = password;
    m_preflight = PreflightReport();
    m_overview = Overview();
    m_preview = PreviewPlan();
    m_health = HealthReport();
    m_hasHealth = false;
    if (wasLost)
        emit connectionLostChanged();
    emit connectionChanged();
    emit healthChanged();
}

void AppState::setHealth(const HealthReport &report)
{
    m_health = report;
    m_hasHealth = true;
    emit healthChanged();
}

void AppState::setConnectionLost(const QDateTime &when)
{
    if (!m_connected || isConnectionLost())
        return;
    m_lostSince = when;
    m_reconnectNote.clear();
    emit connectionLostChanged();
}

void AppState::setReconnectNote(const QString &note)
{
    if (!isConnectionLost() || note == m_reconnectNote)
        return;
    m_reconnectNote = note;
    emit connectionLostChanged();
}

void AppState::setReconnected()
{
    if (!isConnectionLost())
        return;
    m_lostSince = QDateTime();
    m_reconnectNote.clear();
    emit connectionLostChanged();
}

void AppState::setDisconnected()
{
    m_connected = false;
    const bool wasLost = isConnectionLost();
    m_lostSince = QDateTime();
    m_reconnectNote.clear();
    m_password.clear();
    m_preflight = PreflightReport();
    m_overview = Overview();
    m_preview = PreviewPlan();
    if (wasLost)
        emit connectionLostChanged();
    emit connectionChanged();
}

void AppState::setPreflight(const PreflightReport &report)
{
    m_preflight = report;
    emit preflightChanged();
}

void AppState::setOverview(const Overview &overview)
{
    m_overview = overview;
    emit overviewChanged();
}

void AppState::setPreviewPlan(const PreviewPlan &plan)
{
    m_preview = plan;
    emit previewChanged();
}

void AppState::setPurgeRunning(bool running)
{
    if (m_purgeRunning == running)
        return;
    m_purgeRunning = running;
    emit purgeRunningChanged(running);
}

} // namespace purga
