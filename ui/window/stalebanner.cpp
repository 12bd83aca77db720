#include "stalebanner.h"

#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace purga {

StaleBanner::StaleBanner(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_text(new QLabel(this))
    , m_reconnect(new QPushButton(tr("&Reconnect now"), this))
{
    setObjectName(QStringLiteral("staleBanner"));
    m_text->setObjectName(QStringLiteral("staleText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_reconnect->setObjectName(QStringLiteral("reconnectNowButton"));
    m_reconnect->setToolTip(tr("Try to reconnect with the same profile now (F5)"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 4, 10, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_reconnect, 0, Qt::AlignTop);
    connect(m_reconnect, &QPushButton::clicked, this, &StaleBanner::reconnectRequested);
    connect(m_state, &AppState::connectionLostChanged, this, &StaleBanner::update);
    connect(m_state, &AppState::connectionChanged, this, &StaleBanner::update);
    Theme::follow(this, [this] { update(); });
    update();
}

QString StaleBanner::plainText() const
{
    return isHidden() ? QString() : m_text->text();
}

void StaleBanner::update()
{
    const bool lost = m_state->isConnected() && m_state->isConnectionLost();
    setVisible(lost);
    if (!lost) {
        m_text->clear();
        return;
    }
    m_text->setStyleSheet(
        QStringLiteral("QLabel { %1 padding: 6px; }").arg(Theme::noteCss(Theme::Tone::Warning)));
    QString text = Display::statusSymbol(Display::Status::Warning) + u' ' +
                   tr("Connection lost at %1. Every page shows what was read before then and may be out of "
                      "date; it is read again when the connection is back.")
                       .arg(Display::timestamp(m_state->lostSince()));
    if (!m_state->reconnectNote().isEmpty())
        text += u' ' + m_state->reconnectNote();
    m_text->setText(text);
}

} // namespace purga
