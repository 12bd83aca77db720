#include "mainwindow.h"

#include "aboutdialog.h"
#include "backgroundwork.h"
#include "connectionbar.h"
#include "core/session/applog.h"
#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"
#include "freezebanner.h"
#include "healthbanner.h"
#include "pagescroller.h"
#include "stalebanner.h"
#include "ui/checks/checkspage.h"
#include "ui/connect/connectdialog.h"
#include "ui/connect/environmentstyle.h"
#include "ui/fleet/fleetpage.h"
#include "ui/forensics/forensicspage.h"
#include "ui/history/historypage.h"
#include "ui/overview/overviewpage.h"
#include "ui/preview/previewpage.h"
#include "ui/purge/purgepage.h"
#include "ui/purge/vacuumoffer.h"
#include "ui/settings/rulesettingsdialog.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/style/displayformat.h"
#include "ui/style/glyphwarmup.h"
#include "ui/widgets/messagebox.h"
#include "windowgeometry.h"

#include <QAction>
#include <QCloseEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QProgressBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace purga {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_session(new DbSession(this))
    , m_state(new AppState(m_session, this))
    , m_coordinator(new SessionCoordinator(m_session, m_state, this))
    , m_connectDialog(new ConnectDialog(m_coordinator, this))
    , m_bar(new ConnectionBar(m_state, this))
    , m_banner(new HealthBanner(m_state, this))
    , m_nav(new QListWidget(this))
    , m_stack(new QStackedWidget(this))
    , m_checks(new ChecksPage(m_state, m_stack))
    , m_overview(new OverviewPage(m_state, m_stack))
    , m_preview(new PreviewPage(m_state, m_stack))
    , m_purge(new PurgePage(m_state, m_stack))
    , m_history(new HistoryPage(m_state, m_stack))
    , m_forensics(new ForensicsPage(m_state, m_stack))
    , m_fleet(new FleetPage(m_stack))
    , m_freezeBanner(new FreezeBanner(m_state->freeze(), this))
    , m_staleBanner(new StaleBanner(m_state, this))
    , m_envStrip(new QFrame(this))
    , m_envStripBottom(new QFrame(this))
    , m_connState(new QLabel(this))
    , m_lastRefresh(new QLabel(this))
{
    setupWidgets();
    setupLayout();
    createActions();
    createStatusBar();
    updateNavigation();
    connectSignals();
    updateConnectionStatus();
    showPage(QStringLiteral("overview"));
    WindowGeometry::restore(this); // as last closed, or 1240x780; never larger than the screen
    GlyphWarmup::start(this);      // the first paint of a new text then costs no rasterizing
}

void MainWindow::setupWidgets()
{
    setObjectName(QStringLiteral("mainWindow"));
    m_nav->setObjectName(QStringLiteral("navigation"));
    m_nav->setIconSize(QSize(18, 18));
    m_nav->setFixedWidth(170);
    m_nav->setSpacing(2);
    // The pages in navigation order, each with its id, its title in the navigation and the View
    // menu, its Ctrl+key shortcut and its icon: adding a page is one row here plus the page itself.
    m_pages = {
        {QStringLiteral("checks"), m_checks, QT_TR_NOOP("C&hecks"), Qt::Key_0,
         QStyle::SP_MessageBoxInformation},
        {QStringLiteral("overview"), m_overview, QT_TR_NOOP("&Overview"), Qt::Key_1,
         QStyle::SP_FileDialogDetailedView},
        {QStringLiteral("preview"), m_preview, QT_TR_NOOP("&Preview"), Qt::Key_2,
         QStyle::SP_FileDialogContentsView},
        {QStringLiteral("purge"), m_purge, QT_TR_NOOP("P&urge"), Qt::Key_3, QStyle::SP_TrashIcon},
        {QStringLiteral("history"), m_history, QT_TR_NOOP("&History"), Qt::Key_4,
         QStyle::SP_FileDialogListView},
        {QStringLiteral("forensics"), m_forensics, QT_TR_NOOP("&Forensics"), Qt::Key_5,
         QStyle::SP_FileDialogInfoView},
        {QStringLiteral("fleet"), m_fleet, QT_TR_NOOP("F&leet"), Qt::Key_6, QStyle::SP_DriveNetIcon},
    };
    m_fleet->setSwatch(&EnvironmentStyle::swatch); // the window's colours, on each server's row
    for (const PageSpec &spec : std::as_const(m_pages))
        m_stack->addWidget(new PageScroller(spec.widget, m_stack)); // scrolls below the page's least size
    m_envStrip->setObjectName(QStringLiteral("environmentStrip"));
    m_envStripBottom->setObjectName(QStringLiteral("environmentStripBottom"));
    for (QFrame *strip : {m_envStrip, m_envStripBottom}) {
        strip->setFixedHeight(6);
        strip->setAutoFillBackground(true);
        strip->hide();
    }
}

void MainWindow::setupLayout()
{
    auto *body = new QHBoxLayout;
    body->setContentsMargins(0, 0, 0, 0);
    body->addWidget(m_nav);
    body->addWidget(m_stack, 1);
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_envStrip);
    layout->addWidget(m_bar);
    layout->addWidget(m_banner);
    layout->addWidget(m_freezeBanner);
    layout->addWidget(m_staleBanner);
    layout->addLayout(body, 1);
    layout->addWidget(m_envStripBottom);
    setCentralWidget(central);
}

void MainWindow::connectSignals()
{
    connect(m_nav, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    connect(m_state, &AppState::showPageRequested, this, &MainWindow::showPage);
    connect(m_connectDialog, &ConnectDialog::notice, this,
            [this](const QString &t) { statusBar()->showMessage(t, 8000); });
    connect(m_coordinator, &SessionCoordinator::problemChanged, m_banner, &HealthBanner::setProblem);
    connect(m_coordinator, &SessionCoordinator::notice, this,
            [this](const QString &t) { statusBar()->showMessage(t, 8000); });
    connect(m_coordinator, &SessionCoordinator::lastRefreshChanged, this, [this](const QDateTime &when) {
        m_lastRefresh->setText(tr("Last refresh: %1").arg(Display::timestamp(when)));
    });
    connect(m_checks, &ChecksPage::connectRequested, this, &MainWindow::openConnectDialog);
    connect(m_checks, &ChecksPage::rerunRequested, m_coordinator, &SessionCoordinator::runPreflight);
    connect(m_overview, &OverviewPage::refreshRequested, this, &MainWindow::refresh);
    connect(m_state, &AppState::connectionChanged, this, [this] {
        m_showChecksOnRefusal = m_state->isConnected();
        if (m_state->isConnected())
            showPage(QStringLiteral("overview"));
        else
            m_lastRefresh->clear();
        updateConnectionStatus();
    });
    connect(m_state, &AppState::preflightChanged, this, [this] {
        if (m_showChecksOnRefusal && !m_state->preflight().items.isEmpty()) {
            m_showChecksOnRefusal = false;
            if (m_state->preflight().previewableRules().isEmpty()) // one rule refused: the banner says it
                showPage(QStringLiteral("checks"));
        }
        updateNavigation();
        updateConnectionStatus();
    });
    connect(m_state, &AppState::purgeRunningChanged, this, [this] { updateConnectionStatus(); });
    connect(m_state, &AppState::connectionLostChanged, this, &MainWindow::updateConnectionStatus);
    connect(m_staleBanner, &StaleBanner::reconnectRequested, m_coordinator,
            &SessionCoordinator::reconnectNow);
    connect(m_coordinator, &SessionCoordinator::reconnected, this, [this] {
        if (currentPageId() == QLatin1String("history")) // the checks and the overview follow on their own
            m_history->refresh();
    });
    connect(m_state, &AppState::ruleSettingsChanged, this, [this] {
        statusBar()->showMessage(tr("Rule settings saved. Take a new preview before purging."), 8000);
        m_coordinator->refreshOverview(); // "removable now" depends on the retention
    });
    // A VACUUM from the receipt changes the tables' sizes and dead rows: the Overview reads them again.
    connect(m_purge->vacuumOffer(), &VacuumOffer::vacuumFinished, m_coordinator, [this](bool ok) {
        if (ok)
            m_coordinator->refreshOverview();
    });
}

MainWindow::~MainWindow() = default;

QStringList MainWindow::pageIds() const
{
    QStringList ids;
    for (const PageSpec &spec : m_pages)
        ids << spec.id;
    return ids;
}

QWidget *MainWindow::page(const QString &id) const
{
    const qsizetype i = pageIds().indexOf(id);
    return i < 0 ? nullptr : m_pages.at(i).widget;
}

QString MainWindow::currentPageId() const
{
    return pageIds().value(m_stack->currentIndex());
}

QString MainWindow::statusText() const
{
    return m_connState->text();
}

void MainWindow::showPage(const QString &id)
{
    const qsizetype i = pageIds().indexOf(id);
    if (i >= 0)
        m_nav->setCurrentRow(int(i));
}

void MainWindow::openConnectDialog()
{
    m_connectDialog->open();
    m_connectDialog->raise();
    m_connectDialog->activateWindow();
}

void MainWindow::connectOnStart(const QString &profileName)
{
    m_connectDialog->connectOnStart(profileName);
}

void MainWindow::refresh()
{
    if (m_state->isConnected())
        m_coordinator->runPreflight(); // the checks, then the overview (estimates, then exact)
}

void MainWindow::createActions()
{
    m_connectAction = new QAction(tr("&Connect…"), this);
    m_connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_connectAction->setIcon(style()->standardIcon(QStyle::SP_DriveNetIcon));
    connect(m_connectAction, &QAction::triggered, this, &MainWindow::openConnectDialog);
    m_disconnectAction = new QAction(tr("&Disconnect"), this);
    m_disconnectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    connect(m_disconnectAction, &QAction::triggered, m_coordinator,
            &SessionCoordinator::disconnectFromServer);
    auto *quit = new QAction(tr("&Quit"), this);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    m_ruleSettingsAction = new QAction(tr("Rule &settings…"), this);
    m_ruleSettingsAction->setObjectName(QStringLiteral("ruleSettingsAction"));
    m_ruleSettingsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    m_ruleSettingsAction->setIcon(style()->standardIcon(QStyle::SP_FileDialogListView));
    m_ruleSettingsAction->setToolTip(
        tr("Retention, batch size and lock timeout of each rule for this profile (%1)")
            .arg(m_ruleSettingsAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_ruleSettingsAction, &QAction::triggered, this, &MainWindow::openRuleSettings);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_connectAction);
    file->addAction(m_disconnectAction);
    file->addSeparator();
    file->addAction(m_ruleSettingsAction);
    file->addSeparator();
    file->addAction(quit);

    createViewMenu();
    createForensicsMenu();
    createHelpMenu();

    m_bar->setActions(m_connectAction, m_disconnectAction);
    m_preview->setSettingsAction(m_ruleSettingsAction);
}

void MainWindow::createViewMenu()
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    // One action and one navigation entry per page.
    for (const PageSpec &spec : std::as_const(m_pages)) {
        const QString title = tr(spec.title);
        auto *a = new QAction(title, this);
        a->setShortcut(QKeySequence(Qt::CTRL | spec.key));
        const QString id = spec.id;
        connect(a, &QAction::triggered, this, [this, id] { showPage(id); });
        view->addAction(a);
        QString text = title;
        text.remove(u'&');
        auto *item = new QListWidgetItem(text, m_nav);
        item->setToolTip(a->shortcut().toString(QKeySequence::NativeText));
        item->setSizeHint(QSize(0, 30));
        item->setIcon(style()->standardIcon(spec.icon));
    }
    view->addSeparator();
    m_refreshAction = new QAction(tr("&Refresh"), this);
    m_refreshAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_refreshAction->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    connect(m_refreshAction, &QAction::triggered, this, &MainWindow::refresh);
    view->addAction(m_refreshAction);
    m_cancelAction = new QAction(tr("&Cancel database operation"), this);
    // Shift+Esc: plain Esc belongs to the purge page's "Cancel now" and must never be ambiguous.
    m_cancelAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Escape));
    m_cancelAction->setEnabled(false);
    connect(m_cancelAction, &QAction::triggered, m_session, &DbSession::cancelAll);
    view->addAction(m_cancelAction);
}

void MainWindow::createHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    auto *aboutAction = new QAction(tr("&About purga-sesiones"), this);
    aboutAction->setShortcut(QKeySequence(Qt::Key_F1));
    aboutAction->setMenuRole(QAction::AboutRole);
    connect(aboutAction, &QAction::triggered, this, &MainWindow::about);
    help->addAction(aboutAction);
    auto *logAction = new QAction(tr("Open &log folder"), this);
    logAction->setObjectName(QStringLiteral("openLogFolderAction"));
    logAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    logAction->setEnabled(!appLogFilePath().isEmpty());
    connect(logAction, &QAction::triggered, this, [] { openLogFolder(); });
    help->addAction(logAction);
}

bool MainWindow::openRuleSettings()
{
    if (!m_state->isConnected())
        return false;
    RuleSettingsDialog dialog(m_state, this);
    return dialog.exec() == QDialog::Accepted;
}

void MainWindow::createStatusBar()
{
    m_connState->setObjectName(QStringLiteral("connectionState"));
    m_lastRefresh->setObjectName(QStringLiteral("lastRefresh"));
    m_connState->setContentsMargins(4, 0, 12, 0);
    m_lastRefresh->setContentsMargins(12, 0, 4, 0);
    m_work = new BackgroundWork(m_session, m_cancelAction, this);
    statusBar()->addWidget(m_connState);
    statusBar()->addWidget(m_lastRefresh);
    statusBar()->addPermanentWidget(m_work);
    statusBar()->addPermanentWidget(new QLabel(Display::zoneNote(), this)); // the zone of every time shown
    connect(m_session, &DbSession::busyChanged, this, &MainWindow::updateConnectionStatus);
    connect(m_coordinator, &SessionCoordinator::connectingChanged, this, &MainWindow::updateConnectionStatus);
}

void MainWindow::updateConnectionStatus()
{
    const bool connected = m_state->isConnected();
    m_disconnectAction->setEnabled(connected);
    m_ruleSettingsAction->setEnabled(connected);
    m_refreshAction->setEnabled(connected);
    QString text;
    if (connected && m_state->isConnectionLost()) {
        text = Display::statusSymbol(Display::Status::Warning) + u' ' +
               tr("Connection lost — reconnecting… (%1, lost at %2)")
                   .arg(m_state->profile().displayTarget(), Display::timestamp(m_state->lostSince()));
    } else if (connected) {
        text = Display::statusSymbol(Display::Status::Ok) + u' ' +
               tr("Connected: %1").arg(m_state->profile().displayTarget());
        if (m_state->isPurgeRunning())
            text += QStringLiteral(" · ") + tr("purge running");
    } else if (m_coordinator->isConnecting()) {
        text = tr("Connecting…");
    } else {
        text = QStringLiteral("○ ") + tr("Not connected");
    }
    m_connState->setText(text);
    updateWindowTitle();
}

void MainWindow::updateNavigation()
{
    // The Checks entry carries the verdict as icon and tooltip.
    QListWidgetItem *checks = m_nav->item(int(pageIds().indexOf(QStringLiteral("checks"))));
    if (!checks)
        return;
    const PreflightReport &r = m_state->preflight();
    Display::Status s = Display::Status::Info;
    if (m_state->isConnected() && !r.items.isEmpty())
        s = r.previewableRules().isEmpty() ? Display::Status::Failed
            : !r.canPurge()                ? Display::Status::Warning // also a rule a missing table refuses
                                           : Display::Status::Ok;
    // The icon alone: "Checks ✓" beside a check icon said it twice.
    checks->setIcon(Display::statusIcon(s));
    checks->setText(tr("Checks"));
}

void MainWindow::updateWindowTitle()
{
    QString title = QStringLiteral("purga-sesiones");
    if (m_state->isConnected()) {
        title += QStringLiteral(" — ") + m_state->profile().name;
        if (m_state->profile().environment == ProfileEnvironment::Production)
            title = tr("[PRODUCTION] %1").arg(title);
    }
    setWindowTitle(title);
    updateEnvironmentStrips();
}

void MainWindow::updateEnvironmentStrips()
{
    const QColor colour =
        m_state->isConnected() ? EnvironmentStyle::colour(m_state->profile().environment) : QColor();
    for (QFrame *strip : {m_envStrip, m_envStripBottom}) {
        strip->setVisible(colour.isValid());
        if (!colour.isValid())
            continue;
        QPalette palette = strip->palette();
        palette.setColor(QPalette::Window, colour);
        strip->setPalette(palette);
        strip->setToolTip(EnvironmentStyle::name(m_state->profile().environment));
    }
}

void MainWindow::about()
{
    auto *dialog = new AboutDialog(m_state, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::createForensicsMenu()
{
    QMenu *menu = menuBar()->addMenu(tr("F&orensics"));
    auto *lookup = new QAction(tr("&Look up a token…"), this);
    lookup->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(lookup, &QAction::triggered, this, [this] {
        showPage(QStringLiteral("forensics"));
        m_forensics->showLookup();
    });
    menu->addAction(lookup);
    m_freezeAction = new QAction(tr("&Freeze purges / release"), this);
    m_freezeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(m_freezeAction, &QAction::triggered, m_forensics, &ForensicsPage::toggleFreeze);
    menu->addAction(m_freezeAction);
}

bool MainWindow::confirmReleaseFreeze()
{
    const FreezeController *freeze = m_state->freeze();
    if (!freeze->isActive())
        return true;
    return MessageBox::question(
               this, tr("Release the evidence freeze?"),
               tr("Purges are frozen since %1. Closing the app releases the freeze: this app "
                  "and the scheduled job may purge again. Close anyway?")
                   .arg(Display::timestamp(freeze->info().takenAtUtc))) == QMessageBox::Yes;
}

bool MainWindow::confirmCloseDuringPurge()
{
    return m_purge->confirmClose();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if ((m_state->isPurgeRunning() && !confirmCloseDuringPurge()) || !confirmReleaseFreeze()) {
        event->ignore();
        return;
    }
    m_state->freeze()->releaseAndWait(1500); // recorded as released; else the connection's end releases it
    event->accept();
    WindowGeometry::save(this);
    // Bounded: queued database work is dropped, the running statement cancelled, and a server
    // that stopped answering does not keep the window open.
    m_session->shutdown();
}

} // namespace purga
