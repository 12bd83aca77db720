#include "connectionbar.h"

#include "ui/connect/environmentstyle.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QToolButton>

namespace purga {

ConnectionBar::ConnectionBar(AppState *state, QWidget *parent)
    : QFrame(parent)
    , m_state(state)
    , m_envLabel(new QLabel(this))
    , m_profileLabel(new QLabel(this))
    , m_targetLabel(new QLabel(this))
    , m_versionLabel(new QLabel(this))
    , m_bypassChip(new QFrame(this))
    , m_bypassIcon(new QLabel(m_bypassChip))
    , m_bypassLabel(new QLabel(m_bypassChip))
    , m_standbyLabel(new QLabel(this))
    , m_tlsLabel(new QLabel(this))
    , m_lostLabel(new QLabel(this))
    , m_connectButton(new QToolButton(this))
{
    setObjectName(QStringLiteral("connectionBar"));
    setAutoFillBackground(true);
    setFrameShape(QFrame::NoFrame);
    m_envLabel->setObjectName(QStringLiteral("environmentLabel"));
    m_profileLabel->setObjectName(QStringLiteral("profileLabel"));
    m_targetLabel->setObjectName(QStringLiteral("targetLabel"));
    m_targetLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_versionLabel->setObjectName(QStringLiteral("versionLabel"));
    m_bypassLabel->setObjectName(QStringLiteral("bypassLabel"));
    m_bypassIcon->setObjectName(QStringLiteral("bypassIcon"));
    m_standbyLabel->setObjectName(QStringLiteral("standbyLabel"));
    m_tlsLabel->setObjectName(QStringLiteral("tlsLabel"));
    m_lostLabel->setObjectName(QStringLiteral("connectionLostLabel"));
    m_lostLabel->setTextFormat(Qt::PlainText);
    m_connectButton->setObjectName(QStringLiteral("connectButton"));
    m_connectButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_connectButton->setPopupMode(QToolButton::MenuButtonPopup);
    m_connectButton->setAutoRaise(false);

    QFont bold = m_envLabel->font();
    bold.setBold(true);
    m_envLabel->setFont(bold);
    m_profileLabel->setFont(bold);
    m_standbyLabel->setFont(bold);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(14);
    layout->addWidget(m_envLabel);
    layout->addWidget(m_profileLabel);
    layout->addWidget(m_targetLabel, 1);
    layout->addWidget(m_versionLabel);
    // A light chip so that the icon keeps its contrast on any bar colour.
    m_bypassChip->setObjectName(QStringLiteral("bypassChip"));
    auto *bypass = new QHBoxLayout(m_bypassChip);
    bypass->setContentsMargins(6, 1, 6, 1);
    bypass->setSpacing(4);
    bypass->addWidget(m_bypassIcon);
    bypass->addWidget(m_bypassLabel);
    layout->addWidget(m_bypassChip);
    layout->addWidget(m_standbyLabel);
    layout->addWidget(m_tlsLabel);
    layout->addWidget(m_lostLabel);
    layout->addWidget(m_connectButton);

    connect(m_state, &AppState::connectionChanged, this, &ConnectionBar::refresh);
    connect(m_state, &AppState::preflightChanged, this, &ConnectionBar::refresh);
    connect(m_state, &AppState::connectionLostChanged, this, &ConnectionBar::refresh);
    refresh();
}

void ConnectionBar::setActions(QAction *connectAction, QAction *disconnectAction)
{
    m_connectButton->setDefaultAction(connectAction);
    auto *menu = new QMenu(m_connectButton);
    menu->addAction(connectAction);
    menu->addAction(disconnectAction);
    m_connectButton->setMenu(menu);
}

QString ConnectionBar::environmentText() const
{
    return m_envLabel->text();
}

void ConnectionBar::refresh()
{
    const bool connected = m_state->isConnected();
    const ConnectionProfile &profile = m_state->profile();
    const PreflightReport &report = m_state->preflight();
    const bool checked = connected && report.serverVersionNum > 0;

    m_environment = connected ? profile.environment : ProfileEnvironment::None;
    if (!connected) {
        m_envLabel->setText(QStringLiteral("○ ") + tr("Not connected"));
        m_envLabel->setToolTip(QString());
    } else if (m_environment == ProfileEnvironment::None) {
        m_envLabel->setText(QStringLiteral("○ ") + tr("Environment not set"));
        m_envLabel->setToolTip(tr("Choose the profile's environment in the connection dialog: production, "
                                  "staging and development colour the window."));
    } else {
        m_envLabel->setText(QStringLiteral("● ") + EnvironmentStyle::badge(m_environment));
        m_envLabel->setToolTip(
            tr("The profile's environment is %1.").arg(EnvironmentStyle::name(m_environment)));
    }

    m_profileLabel->setVisible(connected);
    m_profileLabel->setText(profile.name.isEmpty() ? tr("(unnamed profile)") : profile.name);
    m_targetLabel->setText(connected ? profile.displayTarget()
                                     : tr("Choose a profile and connect (Ctrl+K)."));

    m_versionLabel->setVisible(checked);
    // "15.20 (Debian 15.20-0+deb12u1)": the number in the bar, the whole text in the tooltip.
    m_versionLabel->setText(tr("PG %1").arg(report.serverVersion.section(u' ', 0, 0)));
    m_versionLabel->setToolTip(report.serverVersion);

    m_bypassChip->setVisible(checked);
    const auto bypassStatus = report.bypassRls ? Display::Status::Ok : Display::Status::Failed;
    m_bypassIcon->setPixmap(Display::statusIcon(bypassStatus).pixmap(16, 16));
    // The icon's shape says granted or missing: a ✓ in the text beside it would say it twice.
    m_bypassLabel->setText(QStringLiteral("BYPASSRLS"));
    m_bypassIcon->setAccessibleName(Display::statusSymbol(bypassStatus));
    m_bypassChip->setToolTip(report.bypassRls
                                 ? tr("The role bypasses row level security: it sees every tenant's rows.")
                                 : tr("The role does not bypass row level security: it would only see one "
                                      "tenant's rows, so preview and purge are refused."));

    m_standbyLabel->setVisible(checked && report.inRecovery);
    m_standbyLabel->setText(QStringLiteral("⏸ ") + tr("STANDBY (read-only)"));
    m_standbyLabel->setToolTip(tr("The server is a standby in recovery: nothing can be deleted here."));

    refreshTls(checked);
    refreshLost();
    applyColours();
}

void ConnectionBar::refreshLost()
{
    const bool lost = m_state->isConnected() && m_state->isConnectionLost();
    m_lostLabel->setVisible(lost);
    if (!lost) {
        m_lostLabel->clear();
        return;
    }
    // Text, not colour alone, and in a label a screen reader reads (not a passing status message).
    m_lostLabel->setText(Display::statusSymbol(Display::Status::Warning) + u' ' +
                         tr("Connection lost — reconnecting…"));
    const QString since = tr("Lost at %1.").arg(Display::timestamp(m_state->lostSince()));
    const QString note = m_state->reconnectNote();
    m_lostLabel->setToolTip(note.isEmpty() ? since : since + u' ' + note);
    m_lostLabel->setAccessibleDescription(m_lostLabel->toolTip());
}

void ConnectionBar::refreshTls(bool checked)
{
    const TlsStatus &tls = m_state->preflight().tls;
    const bool atRisk = tls.atRisk();
    m_tlsLabel->setVisible(checked && tls.known && (atRisk || tls.inUse));
    m_tlsLabel->setProperty("risk", atRisk);
    if (atRisk) {
        m_tlsLabel->setText(Display::statusSymbol(Display::Status::Warning) + u' ' +
                            tr("sslmode=%1: password may go to an impostor").arg(tls.sslMode));
        m_tlsLabel->setToolTip(tr("With sslmode=%1 towards %2, libpq hands the password to whoever answers, "
                                  "without checking the server's certificate. Edit the profile: sslmode "
                                  "verify-full.")
                                   .arg(tls.sslMode, tls.host));
    } else {
        m_tlsLabel->setText(tr("TLS %1").arg(Display::statusSymbol(Display::Status::Ok)));
        m_tlsLabel->setToolTip(tls.summary());
    }
}

void ConnectionBar::applyColours()
{
    // Not connected or no environment: neutral grey. Text black or white, whichever contrasts more.
    QColor bg = EnvironmentStyle::colour(m_environment);
    if (!bg.isValid())
        bg = QColor(0x5f, 0x63, 0x68);
    const QString background = bg.name();
    const QString foreground = EnvironmentStyle::textOn(bg).name();
    setStyleSheet(
        QStringLiteral(
            "QFrame#connectionBar { background: %1; }"
            "QFrame#connectionBar QLabel { color: %2; }"
            "QFrame#bypassChip { background: #ffffff; border-radius: 3px; }"
            "QFrame#bypassChip QLabel { color: #202124; }"
            "QLabel#standbyLabel { background: #ffd54f; color: #3e2723; border: 1px solid #3e2723;"
            " border-radius: 3px;"
            " padding: 1px 6px; }"
            "QLabel#tlsLabel[risk=\"true\"] { background: #ffd54f; color: #3e2723; border: 1px solid #3e2723;"
            " border-radius: 3px; padding: 1px 6px; }"
            "QLabel#connectionLostLabel { background: #ffd54f; color: #3e2723; border: 1px solid #3e2723;"
            " border-radius: 3px; padding: 1px 6px; font-weight: bold; }")
            .arg(background, foreground));
}

} // namespace purga
