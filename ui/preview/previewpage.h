#pragma once

#include "core/preview/preview.h"
#include "core/session/dbrequest.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QToolButton;
class QAction;

namespace purga {

class AppState;
class RulePreviewTab;
struct PreviewPlan;

// "Preview": freezes the cutoffs on the database clock and shows, per rule, what a purge would
// remove. The preview runs on DbSession's worker; the window stays responsive and it can be
// cancelled. The plan is stored in AppState, from where the Purge page takes it.
class PreviewPage : public QWidget
{
    Q_OBJECT
public:
    explicit PreviewPage(AppState *state, QWidget *parent = nullptr);

    QPushButton *takePreviewButton() const { return m_take; }
    QPushButton *purgeButton() const { return m_purge; }
    QTabWidget *tabs() const { return m_tabs; }
    QToolButton *settingsButton() const { return m_settings; }
    // The window's "Rule settings…" action (its shortcut), shown as a button next to "Take preview".
    void setSettingsAction(QAction *action);
    RulePreviewTab *tabFor(const QString &ruleId) const;
    // Why "Take preview" is disabled (empty when enabled).
    QString blockedReason() const;
    // Why one rule is left out of the preview (a missing table; empty when it is previewed).
    QString ruleBlockedReason(const QString &ruleId) const;
    bool isTakingPreview() const { return isPending(); }
    // The preview's own request while it is queued or running (null otherwise).
    DbRequest *previewRequest() const { return isPending() ? m_request.handle() : nullptr; }

public slots:
    void takePreview();
    // Cancels the preview only (dropped if still queued); other database work goes on.
    void cancelPreview();

signals:
    void previewFinished(bool ok);

private:
    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void updateActions();
    void rebuildTabs();
    void onPreviewReady(const PreviewPlan &plan);
    void onPreviewEnded(const QString &message, bool cancelled);
    bool isPending() const;

    AppState *m_state;
    Request<PreviewPlan> m_request;
    QPushButton *m_take;
    QPushButton *m_cancel;
    QToolButton *m_settings;
    QProgressBar *m_progress;
    QLabel *m_status;
    QLabel *m_blocked;
    QLabel *m_ruleBlocked;
    QLabel *m_info;
    QLabel *m_empty;
    QTabWidget *m_tabs;
    QPushButton *m_purge;
};

} // namespace purga
