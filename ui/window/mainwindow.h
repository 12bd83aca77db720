#pragma once

#include <QList>
#include <QMainWindow>
#include <QStyle>

class QFrame;
class QLabel;
class QListWidget;
class QProgressBar;
class QStackedWidget;
class QToolButton;

namespace purga {

class AppState;
class ChecksPage;
class BackgroundWork;
class ConnectDialog;
class ConnectionBar;
class DbSession;
class HealthBanner;
class HistoryPage;
class OverviewPage;
class PreviewPage;
class PurgePage;
class FleetPage;
class ForensicsPage;
class FreezeBanner;
class SessionCoordinator;
class StaleBanner;

// The window: connection bar, health banner, navigation + pages, status bar and menus.
// It composes; the pages do the work, DbSession and PurgeController talk to the database.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    DbSession *session() const { return m_session; }
    AppState *state() const { return m_state; }
    SessionCoordinator *coordinator() const { return m_coordinator; }
    ConnectDialog *connectDialog() const { return m_connectDialog; }
    BackgroundWork *backgroundWork() const { return m_work; }
    ConnectionBar *connectionBar() const { return m_bar; }
    HealthBanner *healthBanner() const { return m_banner; }
    ChecksPage *checksPage() const { return m_checks; }
    OverviewPage *overviewPage() const { return m_overview; }
    PreviewPage *previewPage() const { return m_preview; }
    PurgePage *purgePage() const { return m_purge; }
    HistoryPage *historyPage() const { return m_history; }
    ForensicsPage *forensicsPage() const { return m_forensics; }
    FleetPage *fleetPage() const { return m_fleet; }
    FreezeBanner *freezeBanner() const { return m_freezeBanner; }
    StaleBanner *staleBanner() const { return m_staleBanner; }
    QAction *ruleSettingsAction() const { return m_ruleSettingsAction; }
    // The thin bars above and below the pages in the connected profile's environment colour
    // (hidden when not connected or the environment is None).
    QFrame *environmentStrip() const { return m_envStrip; }
    QFrame *environmentStripBottom() const { return m_envStripBottom; }

    QStringList pageIds() const; // "checks", "overview", "preview", "purge", "history", "forensics"
    QWidget *page(const QString &id) const;
    QString currentPageId() const;
    QString statusText() const; // connection state as the status bar shows it

public slots:
    void showPage(const QString &id);
    void openConnectDialog();
    // --profile NAME: connect with the saved profile, its password from the keychain.
    void connectOnStart(const QString &profileName);
    void refresh();
    // "Rule settings…" of the connected profile (modal); true when saved.
    bool openRuleSettings();

protected:
    void closeEvent(QCloseEvent *event) override;
    // Asked before closing while a purge runs; the purge page decides (and cancels it if told to).
    virtual bool confirmCloseDuringPurge();

private:
    // One page of the window (see the table in setupWidgets()).
    struct PageSpec
    {
        QString id;                    // --page NAME, the screenshotter, showPage()
        QWidget *widget = nullptr;     // the page, in the stack
        const char *title = nullptr;   // QT_TR_NOOP: translated in this class's context
        Qt::Key key = Qt::Key_unknown; // Ctrl+key shows it
        QStyle::StandardPixmap icon = QStyle::SP_CustomBase;
    };

    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void createActions();
    void createViewMenu();
    void createHelpMenu();
    void createStatusBar();
    void updateConnectionStatus();
    void updateNavigation();
    void updateWindowTitle();
    void updateEnvironmentStrips();
    void about();
    void createForensicsMenu();
    // Asked before closing while an evidence freeze is held.
    bool confirmReleaseFreeze();

    DbSession *m_session;
    AppState *m_state;
    SessionCoordinator *m_coordinator;
    ConnectDialog *m_connectDialog;
    ConnectionBar *m_bar;
    HealthBanner *m_banner;
    QListWidget *m_nav;
    QStackedWidget *m_stack;
    ChecksPage *m_checks;
    OverviewPage *m_overview;
    PreviewPage *m_preview;
    PurgePage *m_purge;
    HistoryPage *m_history;
    ForensicsPage *m_forensics;
    FleetPage *m_fleet;
    QList<PageSpec> m_pages;
    FreezeBanner *m_freezeBanner;
    StaleBanner *m_staleBanner;
    QFrame *m_envStrip;
    QFrame *m_envStripBottom;
    QLabel *m_connState;
    QLabel *m_lastRefresh;
    BackgroundWork *m_work = nullptr;
    QAction *m_connectAction = nullptr;
    QAction *m_disconnectAction = nullptr;
    QAction *m_refreshAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_ruleSettingsAction = nullptr;
    QAction *m_freezeAction = nullptr;
    bool m_showChecksOnRefusal = false;
};

} // namespace purga
