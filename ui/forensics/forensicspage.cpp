#include "forensicspage.h"

#include "core/purge/purgeengine.h"
#include "core/session/freezecontroller.h"
#include "timelineview.h"
#include "tokenlookupview.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace purga {

ForensicsPage::ForensicsPage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_lookup(new TokenLookupView(state, this))
    , m_timeline(new TimelineView(state, this))
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

    auto *lookupBox = new QGroupBox(tr("Token look-up"), this);
    (new QVBoxLayout(lookupBox))->addWidget(m_lookup);
    auto *timelineBox = new QGroupBox(tr("User timeline"), this);
    (new QVBoxLayout(timelineBox))->addWidget(m_timeline);
    auto *freezeBox = new QGroupBox(tr("Evidence freeze"), this);
    auto *freezeRow = new QHBoxLayout(freezeBox);
    freezeRow->addWidget(m_freezeButton);
    freezeRow->addWidget(m_freezeStatus, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_blocked);
    layout->addWidget(freezeBox);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(lookupBox);
    split->addWidget(timelineBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    connect(m_freezeButton, &QPushButton::clicked, this, &ForensicsPage::toggleFreeze);
    FreezeController *freeze = m_state->freeze();
    connect(freeze, &FreezeController::stateChanged, this, &ForensicsPage::updateFreeze);
    connect(freeze, &FreezeController::refused, this, [this](const QString &message) {
        m_freezeStatus->setText(Display::statusSymbol(Display::Status::Failed) + u' ' + message);
    });
    connect(freeze, &FreezeController::lost, this, [this](const QString &message) {
        m_freezeStatus->setText(Display::statusSymbol(Display::Status::Warning) + u' ' + message);
    });
    connect(freeze, &FreezeController::released, this,
            [this] { m_freezeStatus->setText(tr("Released: purges may run again.")); });
    connect(m_state, &AppState::connectionChanged, this, &ForensicsPage::updateFreeze);
    connect(m_state, &AppState::preflightChanged, this, &ForensicsPage::updateFreeze);
    updateFreeze();
}

QString ForensicsPage::freezeStatus() const
{
    return m_freezeStatus->text();
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
    m_freezeButton->setText(active ? tr("&Release the freeze") : tr("&Freeze purges"));
    m_freezeButton->setToolTip(
        tr("Holds the purge lock on a connection of its own: neither this app nor the "
           "scheduled job can purge until you release it or close the app (Ctrl+Shift+F)"));
    m_freezeButton->setEnabled((connected || active) &&
                               (freeze->state() == FreezeController::State::Off || active));
    if (active)
        m_freezeStatus->setText(tr("Frozen since %1.").arg(Display::utcSeconds(freeze->info().takenAtUtc)));
    else if (freeze->state() == FreezeController::State::Off && m_freezeStatus->text().isEmpty())
        m_freezeStatus->setText(
            tr("Purges run normally. Freeze them while an investigation needs the evidence."));
}

} // namespace purga
