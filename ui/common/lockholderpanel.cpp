#include "lockholderpanel.h"

#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/theme.h"
#include "ui/widgets/messagebox.h"
#include "ui/widgets/wraplabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShowEvent>
#include <QVBoxLayout>

namespace purga {

LockHolderPanel::LockHolderPanel(AppState *state, QWidget *parent)
    : QFrame(parent)
    , m_state(state)
    , m_text(new WrapLabel(this))
    , m_terminate(new QPushButton(tr("Terminate that session…"), this))
    , m_recheck(new QPushButton(tr("Check again"), this))
{
    setObjectName(QStringLiteral("lockHolderPanel"));
    setFrameShape(QFrame::StyledPanel);
    m_text->setObjectName(QStringLiteral("lockHolderText"));
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_terminate->setObjectName(QStringLiteral("terminateLockHolderButton"));
    m_terminate->setToolTip(tr("pg_terminate_backend() on the session holding the purge lock, after a "
                               "confirmation that names it"));
    m_terminate->hide();
    m_recheck->setObjectName(QStringLiteral("recheckLockButton"));
    m_recheck->setToolTip(tr("Read pg_locks again: who holds the purge lock and who waits for it"));

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_recheck);
    buttons->addWidget(m_terminate);
    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);

    Theme::follow(this, [this] { applyColours(); });
    connect(m_recheck, &QPushButton::clicked, this, &LockHolderPanel::refresh);
    connect(m_terminate, &QPushButton::clicked, this, &LockHolderPanel::terminateHolder);
    connect(m_state, &AppState::connectionChanged, this, [this] {
        display(LockHolders());
        if (m_state->isConnected() && isVisible())
            refresh();
    });
    connect(m_state, &AppState::overviewChanged, this, &LockHolderPanel::refresh);
    connect(m_state, &AppState::previewChanged, this, &LockHolderPanel::refresh);
    connect(m_state, &AppState::purgeRunningChanged, this, [this](bool running) {
        if (!running)
            refresh();
    });
    // This app's own freeze changes the holder: read it again at once, not at the next overview.
    if (FreezeController *freeze = m_state->freeze()) {
        connect(freeze, &FreezeController::frozen, this, &LockHolderPanel::refresh);
        connect(freeze, &FreezeController::released, this, &LockHolderPanel::refresh);
        connect(freeze, &FreezeController::lost, this, &LockHolderPanel::refresh);
    }
    display(LockHolders());
}

QString LockHolderPanel::text() const
{
    return m_text->text();
}

void LockHolderPanel::showEvent(QShowEvent *event)
{
    QFrame::showEvent(event);
    refresh();
}

void LockHolderPanel::refresh()
{
    if (!m_state->session() || !m_state->isConnected())
        return;
    if (m_request && m_request->state() == DbRequest::State::Queued)
        return; // one read is enough
    const LockWatchOptions options = LockWatchOptions::fromProfile(m_state->profile().ruleOverrides);
    m_request = m_state->session()->readLockHolders(options);
    m_request
        .onSucceeded(this,
                     [this](const LockHolders &h) {
                         display(h);
                         emit updated();
                     })
        .onFailed(this, [this](const DbFailure &f) {
            showProblem(tr("Could not read who holds the purge lock: %1").arg(f.message));
            emit updated();
        });
}

bool LockHolderPanel::isOwnFreeze() const
{
    const FreezeController *freeze = m_state->freeze();
    return m_holders.held() && freeze && freeze->isActive() &&
           freeze->info().backendPid == m_holders.holder->pid;
}

void LockHolderPanel::setOwnPurge(int serverPid)
{
    m_ownPurgePid = serverPid;
    display(m_holders);
    refresh();
}

// While this app's purge runs the lock is its own: a read from before it took the lock (free) is
// already out of date.
bool LockHolderPanel::isOwnPurge() const
{
    return m_ownPurgePid > 0 && (!m_holders.held() || m_holders.holder->pid == m_ownPurgePid);
}

bool LockHolderPanel::heldByOthers() const
{
    return m_holders.held() && !isOwnPurge();
}

void LockHolderPanel::display(const LockHolders &holders)
{
    m_holders = holders;
    setVisible(m_state->isConnected());
    QStringList lines = holders.describeLines();
    Display::Status status = holders.held() ? Display::Status::Info : Display::Status::Ok;
    if (isOwnPurge()) {
        lines = QStringList{tr("Purge lock %1 held by this purge (server pid %2) until it ends; the "
                               "scheduled job and other purges cannot start meanwhile.")
                                .arg(holders.key)
                                .arg(m_ownPurgePid)};
    } else if (isOwnFreeze()) {
        lines = QStringList{lines.constFirst(),
                            tr("This is this app's evidence freeze: release it on the Forensics page.")};
    } else if (holders.possiblyLeaked()) {
        status = Display::Status::Warning;
    }
    if (!holders.waiters.isEmpty() && status != Display::Status::Warning)
        status = Display::Status::Info;
    lines[0] = Display::statusSymbol(status) + u' ' + lines.constFirst();
    m_text->setText(m_state->isConnected() ? lines.join(u'\n') : QString());
    m_terminate->setVisible(holders.offerTerminate() && !isOwnFreeze() && !isOwnPurge());
    m_warning = status == Display::Status::Warning;
    applyColours();
}

void LockHolderPanel::applyColours()
{
    if (!m_warning) {
        setStyleSheet(QString());
        return;
    }
    const Theme::Colours c = Theme::note(Theme::Tone::Warning);
    setStyleSheet(
        QStringLiteral("QFrame#lockHolderPanel { background: %1; } QLabel#lockHolderText { color: %2; }")
            .arg(c.background.name(), c.text.name()));
}

void LockHolderPanel::showProblem(const QString &message)
{
    m_holders = LockHolders();
    m_terminate->hide();
    m_text->setText(Display::statusSymbol(Display::Status::Failed) + u' ' + message);
}

QString LockHolderPanel::confirmationText(const LockHolders &holders)
{
    const LockSession &s = *holders.holder;
    return tr("Terminate the session holding purge lock %1?\n\n"
              "pid: %2\napplication: %3\nrole: %4\nclient: %5\nconnected since: %6\nidle for: %7\n\n"
              "Its connection is closed and PostgreSQL releases the lock. If it is the scheduled job's "
              "pooled connection, the pool opens a new one. Nothing it committed is undone.\n\n%8")
        .arg(holders.key)
        .arg(s.pid)
        .arg(s.application.isEmpty() ? tr("(none)") : s.application, s.role, s.clientText(),
             Display::timestamp(s.backendStartUtc), LockHolders::duration(s.stateSeconds),
             holders.terminateSql());
}

void LockHolderPanel::terminateHolder()
{
    if (!m_holders.offerTerminate() || !m_state->session())
        return;
    const LockHolders asked = m_holders;
    const MessageBox::Button answer =
        MessageBox::show(QMessageBox::Warning, this, tr("Terminate the lock holder"), confirmationText(asked),
                         QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel,
                         {{QMessageBox::Yes, tr("Terminate pid %1").arg(asked.holder->pid)}});
    if (answer != QMessageBox::Yes)
        return;
    const int pid = asked.holder->pid;
    m_state->session()
        ->terminateLockHolder(asked.key, *asked.holder)
        .onSucceeded(this,
                     [this, pid](bool) {
                         emit terminated(pid);
                         refresh();
                     })
        .onFailed(this, [this](const DbFailure &f) {
            MessageBox::warning(this, tr("Terminate the lock holder"), f.message);
            emit terminateFailed(f.message);
            refresh();
        });
}

} // namespace purga
