#pragma once

#include "core/history/health.h"
#include "core/overview/overview.h"
#include "core/pg/connectionprofile.h"
#include "core/preflight/preflight.h"
#include "core/preview/preview.h"
#include "core/rules/rules.h"

#include <QDateTime>
#include <QObject>

namespace purga {

class DbSession;
class FreezeController;

// What the pages share: the live session, the connected profile, the last preflight, overview and
// preview. Pages read it and listen to its signals; only the owner of each piece sets it.
class AppState : public QObject
{
    Q_OBJECT
public:
    explicit AppState(DbSession *session, QObject *parent = nullptr);

    DbSession *session() const { return m_session; }
    // The evidence freeze (a connection of its own, see Forensics).
    FreezeController *freeze() const { return m_freeze; }

    bool isConnected() const { return m_connected; }
    // The connection died under a connected profile and the session is getting it back: the
    // profile, the checks, the numbers and what the pages hold are kept, read before lostSince().
    bool isConnectionLost() const { return m_lostSince.isValid(); }
    QDateTime lostSince() const { return m_lostSince; }
    // While lost: how the reconnecting goes ("next try in 4 s", or why it stopped trying).
    QString reconnectNote() const { return m_reconnectNote; }
    const ConnectionProfile &profile() const { return m_profile; }
    // Kept in memory only, for the purge's dedicated connection; never written anywhere.
    const QString &password() const { return m_password; }
    const PreflightReport &preflight() const { return m_preflight; }
    const Overview &overview() const { return m_overview; }
    const PreviewPlan &previewPlan() const { return m_preview; }
    // The purge health of the connected database (Health::compute, as `health` in the CLI);
    // hasHealth() is false until it was measured for this connection.
    const HealthReport &health() const { return m_health; }
    bool hasHealth() const { return m_hasHealth; }
    QList<RuleConfig> ruleConfigs() const;
    RuleConfig ruleConfig(const QString &ruleId) const;
    // The rules the checks let preview (a missing table blocks only its rule); all while unchecked.
    QList<RuleConfig> previewableRuleConfigs() const;
    // True when a preview exists but was taken with other rule settings than the current ones:
    // its cutoffs and batches no longer match, so it must be taken again before a purge.
    bool isPreviewStale() const;

    void setConnected(const ConnectionProfile &profile, const QString &password);
    void setDisconnected();
    // Lost (kept connected, every page's data stale since `when`), then back on the same profile.
    void setConnectionLost(const QDateTime &when);
    void setReconnected();
    void setReconnectNote(const QString &note);
    void setPreflight(const PreflightReport &report);
    void setOverview(const Overview &overview);
    void setPreviewPlan(const PreviewPlan &plan);
    void setHealth(const HealthReport &report);
    void setPurgeRunning(bool running);
    // New rule settings of the connected profile (already saved by the caller). A preview taken
    // before becomes stale (isPreviewStale); emits ruleSettingsChanged and previewChanged.
    void setRuleOverrides(const QMap<QString, QString> &overrides);
    bool isPurgeRunning() const { return m_purgeRunning; }

signals:
    void connectionChanged();
    // Lost or back (isConnectionLost()); connectionChanged is not emitted, so the pages keep what
    // they show and what the user typed.
    void connectionLostChanged();
    void preflightChanged();
    void overviewChanged();
    void previewChanged();
    void healthChanged();
    void purgeRunningChanged(bool running);
    void ruleSettingsChanged();
    // A page asks the window to show another page ("overview", "preview", "purge").
    void showPageRequested(const QString &pageId);

private:
    DbSession *m_session;
    FreezeController *m_freeze;
    bool m_connected = false;
    bool m_purgeRunning = false;
    QDateTime m_lostSince;
    QString m_reconnectNote;
    ConnectionProfile m_profile;
    QString m_password;
    PreflightReport m_preflight;
    Overview m_overview;
    PreviewPlan m_preview;
    HealthReport m_health;
    bool m_hasHealth = false;
};

} // namespace purga
