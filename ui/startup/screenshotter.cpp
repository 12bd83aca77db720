#include "screenshotter.h"

#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"
#include "purgeshots.h"
#include "ui/forensics/forensicspage.h"
#include "ui/forensics/timelineview.h"
#include "ui/forensics/tokenlookupview.h"
#include "ui/history/historypage.h"
#include "ui/preview/previewpage.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QPixmap>
#include <QTimer>
#include <memory>

#include <cstdio>

namespace purga {

Screenshotter::Screenshotter(MainWindow *window, const QString &dir, bool quitAfter, int timeoutMs)
    : QObject(window)
    , m_window(window)
    , m_dir(dir)
    , m_quitAfter(quitAfter)
    , m_timeout(new QTimer(this))
{
    AppState *state = window->state();
    connect(state, &AppState::connectionChanged, this, &Screenshotter::check);
    connect(state, &AppState::preflightChanged, this, &Screenshotter::check);
    connect(state, &AppState::overviewChanged, this, &Screenshotter::check);
    connect(state, &AppState::previewChanged, this, &Screenshotter::check);
    connect(window->session(), &DbSession::busyChanged, this, &Screenshotter::check);
    connect(window->previewPage(), &PreviewPage::previewFinished, this, [this](bool ok) {
        m_previewFailed = !ok;
        check();
    });
    // e.g. exact counts over the statement timeout: shoot the estimates
    connect(window->coordinator(), &SessionCoordinator::problemChanged, this, [this](const QString &problem) {
        if (!problem.isEmpty())
            m_overviewFailed = true;
        check();
    });
    m_timeout->setSingleShot(true);
    connect(m_timeout, &QTimer::timeout, this, [this] {
        std::fprintf(stderr,
                     "purga-sesiones: screenshots taken after a timeout; some data had not arrived\n");
        shoot();
    });
    m_timeout->start(timeoutMs);
}

void Screenshotter::check()
{
    if (m_done || m_scheduled)
        return;
    const AppState *state = m_window->state();
    if (!state->isConnected() || state->preflight().items.isEmpty() || state->overview().tables.isEmpty())
        return;
    const bool mayPreview = !state->preflight().previewableRules().isEmpty();
    if (mayPreview && !state->overview().exact && !m_overviewFailed)
        return; // exact counts still on their way
    if (mayPreview && state->previewPlan().isEmpty() && !m_previewFailed) {
        if (!m_previewRequested && !state->session()->isBusy()) {
            m_previewRequested = true;
            m_window->previewPage()->takePreview();
        }
        return;
    }
    m_scheduled = true;
    QTimer::singleShot(800, this, &Screenshotter::shoot); // let the pages lay out their new data
}

void Screenshotter::shoot()
{
    if (m_done)
        return;
    m_done = true;
    m_timeout->stop();
    bool ok = QDir().mkpath(m_dir);
    const QList<QPair<QString, QString>> shots = {
        {QStringLiteral("checks"), QStringLiteral("00-checks.png")},
        {QStringLiteral("overview"), QStringLiteral("01-overview.png")},
        {QStringLiteral("preview"), QStringLiteral("02-preview.png")},
        {QStringLiteral("purge"), QStringLiteral("03-purge.png")}};
    const QString before = m_window->currentPageId();
    for (const auto &shot : shots) {
        m_window->showPage(shot.first);
        QApplication::processEvents();
        const QString path = QDir(m_dir).filePath(shot.second);
        if (m_window->grab().save(path)) {
            std::fprintf(stderr, "purga-sesiones: saved %s\n", qPrintable(path));
        } else {
            std::fprintf(stderr, "purga-sesiones: could not save %s\n", qPrintable(path));
            ok = false;
        }
    }
    m_window->showPage(before);
    m_ok = ok;
    shootForensics();
}

// The Forensics page with the demo's incident (identidad.demo_incidente): a look-up of one of its
// raw tokens with the rotation chain, the user's timeline, and the freeze banner. Then released.
void Screenshotter::shootForensics()
{
    ForensicsPage *page = m_window->forensicsPage();
    AppState *state = m_window->state();
    if (!state->isConnected() || state->preflight().previewableRules().isEmpty())
        return finish(m_ok);
    auto pending = std::make_shared<int>(3);
    auto step = [this, pending] {
        if (--*pending > 0)
            return;
        QTimer::singleShot(500, this, [this] {
            m_window->showPage(QStringLiteral("forensics"));
            QApplication::processEvents();
            const QString path = QDir(m_dir).filePath(QStringLiteral("04-forensics.png"));
            const bool saved = m_window->grab().save(path);
            std::fprintf(stderr, "purga-sesiones: %s %s\n", saved ? "saved" : "could not save",
                         qPrintable(path));
            m_window->state()->freeze()->release();
            m_ok = m_ok && saved;
            shootHistory();
        });
    };
    connect(page->lookup(), &TokenLookupView::lookupFinished, this, step, Qt::SingleShotConnection);
    connect(page->timeline(), &TimelineView::loaded, this, step, Qt::SingleShotConnection);
    connect(state->freeze(), &FreezeController::frozen, this, step, Qt::SingleShotConnection);
    connect(state->freeze(), &FreezeController::refused, this, step, Qt::SingleShotConnection);
    page->lookup()->setInputKind(TokenLookupView::InputKind::RawToken);
    page->lookup()->setInput(QStringLiteral("demo-incidente-2"));
    page->lookup()->lookUp();
    page->timeline()->setUser(1, 900001);
    page->timeline()->load();
    page->toggleFreeze();
}

// The History page, last 90 days, once its read came back (or failed: the page says why).
void Screenshotter::shootHistory()
{
    HistoryPage *page = m_window->historyPage();
    connect(
        page, &HistoryPage::loaded, this,
        [this](bool) {
            QTimer::singleShot(800, this, [this] {
                const QString path = QDir(m_dir).filePath(QStringLiteral("05-history.png"));
                const bool saved = m_window->grab().save(path);
                std::fprintf(stderr, "purga-sesiones: %s %s\n", saved ? "saved" : "could not save",
                             qPrintable(path));
                m_ok = m_ok && saved;
                shootPurge();
            });
        },
        Qt::SingleShotConnection);
    page->setPresetRange(3);                       // last 90 days
    m_window->showPage(QStringLiteral("history")); // showing the page reads the history
}

// Last, as it purges the demo data: the Purge page during and after a real purge (PurgeShots).
void Screenshotter::shootPurge()
{
    auto *shots = new PurgeShots(m_window, m_dir);
    connect(shots, &PurgeShots::finished, this, [this](bool ok) { finish(m_ok && ok); });
    shots->start();
}

void Screenshotter::finish(bool ok)
{
    emit finished(ok);
    if (m_quitAfter)
        QTimer::singleShot(1500, qApp, [ok] { QCoreApplication::exit(ok ? 0 : 1); }); // the freeze's release
}

} // namespace purga
