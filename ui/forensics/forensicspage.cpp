// The Forensics page: its tabs (look-up, timeline, legal holds) and the evidence freeze.
#include "forensicspage.h"

#include "core/purge/purgeengine.h"
#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"
#include "holdsview.h"
#include "timelineview.h"
#include "tokenlookupview.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace purga {

ForensicsPage::ForensicsPage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_lookup(new TokenLookupView(state, this))
    , m_timeline(new TimelineView(state, this))
    , m_holds(new HoldsView(state, this))
    , m_tabs(new QTabWidget(this))
    , m_freezeButton(new QPushButton(this))
    , m_freezeStatus(new QLabel(this))
    , m_blocked(new QLabel(this))
{
    setObjectName(QStringLiteral("forensicsPage"));
    m_blocked->setWordWrap(true);
    m_blocked->setTextFormat(Qt::PlainText);
    m_freezeButton->setObjectName(QStringLiteral("freezeButton"));
    m_freezeStatus->setWordWrap(true);
    m_freezeStatus->setTextFormat(Qt::PlainText);
    m_tabs->setObjectName(QStringLiteral("forensicsTabs"));
    m_tabs->setDocumentMode(true);
    setupLayout();
    connectSignals();
    updateFreeze();
}

void ForensicsPage::setupLayout()
{
    auto *freezeBox = new QGroupBox(tr("Evidence freeze"), this);
    auto *freezeRow = new QHBoxLayout(freezeBox);
    freezeRow->setContentsMargins(6, 2, 6, 2);
    freezeRow->addWidget(m_freezeButton);
    freezeRow->addWidget(m_freezeStatus, 1);
    m_tabs->addTab(m_lookup, tr("Token look-up"));
    m_tabs->addTab(m_timeline, tr("User timeline"));
    m_tabs->addTab(m_holds, tr("Legal holds"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_blocked);
    layout->addWidget(freezeBox);
    layout->addWidget(m_tabs, 1);
}

void ForensicsPage::connectSignals()
{
    connect(m_freezeButton, &QPushButton::clicked, this, &ForensicsPage::toggleFreeze);
    connect(m_lookup, &TokenLookupView::timelineRequested, this, &ForensicsPage::showTimelineOf);
    connect(m_timeline, &TimelineView::lookupRequested, this, &ForensicsPage::lookUpToken);
    FreezeController *freeze = m_state->freeze();
    connect(freeze, &FreezeController::stateChanged, this, &ForensicsPage::updateFreeze);
    connect(freeze, &FreezeController::refused, this, [this](const QString &message) {
        m_freezeStatus->setText(Display::statusSymbol(Display::Status::Failed) + u' ' + message);
    });
    connect(freeze, &FreezeController::lost, this, &ForensicsPage::freezeLost);
    connect(freeze, &FreezeController::frozen, this, [this] {
        m_lost = false;
        updateFreeze();
    });
    connect(freeze, &FreezeController::released, this,
            [this] { m_freezeStatus->setText(tr("Released: purges may run again.")); });
    connect(m_state, &AppState::connectionChanged, this, &ForensicsPage::updateFreeze);
    // The holds are read when their tab is shown (and after a connect while it is).
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_holds)
            m_holds->refresh();
    });
    connect(m_state, &AppState::connectionChanged, this, [this] {
        if (m_tabs->currentWidget() == m_holds)
            m_holds->refresh();
    });
    connect(m_state, &AppState::preflightChanged, this, &ForensicsPage::updateFreeze);
}

QString ForensicsPage::freezeStatus() const
{
    return m_freezeStatus->text();
}

void ForensicsPage::showLookup()
{
    m_tabs->setCurrentWidget(m_lookup);
    if (QWidget *input = m_lookup->findChild<QLineEdit *>(QStringLiteral("tokenInput")))
        input->setFocus();
}

void ForensicsPage::showTimelineOf(qint64 empresaId, qint64 usuarioId)
{
    m_tabs->setCurrentWidget(m_timeline);
    m_timeline->setUser(empresaId, usuarioId);
    m_timeline->load();
}

void ForensicsPage::lookUpToken(const QString &tokenHash)
{
    m_tabs->setCurrentWidget(m_lookup);
    m_lookup->lookUpHash(tokenHash);
}

void ForensicsPage::freezeLost(const QString &message)
{
    m_lost = true;
    m_freezeStatus->setText(Display::statusSymbol(Display::Status::Warning) + u' ' + message);
    updateFreeze();
    // Its history row ends now, not at the next connect: its backend is gone, and with it the lock.
    if (m_state->isConnected())
        m_state->session()->closeEndedRuns();
}

void ForensicsPage::toggleFreeze()
{
    FreezeController *freeze = m_state->freeze();
    if (freeze->isActive()) {
        freeze->release();
        return;
    }
    if (!m_state->isConnected() || freeze->state() != FreezeController::State::Off)
        return;
    m_freezeStatus->setText(tr("Taking the purge lock on a connection of its own…"));
    freeze->freeze(m_state->profile(), m_state->password(), PurgeOptions().advisoryLockKey);
}

void ForensicsPage::updateFreeze()
{
    const FreezeController *freeze = m_state->freeze();
    const bool connected = m_state->isConnected();
    QString blocked;
    if (!connected)
        blocked = tr("Not connected: connect to a database first.");
    else if (m_state->preflight().previewableRules().isEmpty()) // a missing table: look-ups skip its rule
        blocked =
            tr("Look-ups need a role that bypasses row level security: under RLS a token of another tenant "
               "would look absent.");
    m_blocked->setText(Display::statusSymbol(Display::Status::Warning) + u' ' + blocked);
    m_blocked->setVisible(!blocked.isEmpty());
    m_lookup->setEnabled(connected && blocked.isEmpty());
    m_timeline->setEnabled(connected && blocked.isEmpty());
    const bool active = freeze->isActive();
    m_freezeButton->setText(active   ? tr("&Release the freeze")
                            : m_lost ? tr("&Freeze again")
                                     : tr("&Freeze purges"));
    m_freezeButton->setToolTip(
        tr("Holds the purge lock on a connection of its own: neither this app nor the "
           "scheduled job can purge until you release it or close the app (Ctrl+Shift+F)"));
    m_freezeButton->setEnabled((connected || active) &&
                               (freeze->state() == FreezeController::State::Off || active));
    if (active)
        m_freezeStatus->setText(tr("Frozen since %1.").arg(Display::timestamp(freeze->info().takenAtUtc)));
    else if (freeze->state() == FreezeController::State::Off && m_freezeStatus->text().isEmpty())
        m_freezeStatus->setText(
            tr("Purges run normally. Freeze them while an investigation needs the evidence."));
}

} // namespace purga
