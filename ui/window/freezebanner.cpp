#include "freezebanner.h"

#include "core/session/freezecontroller.h"
#include "ui/style/displayformat.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace purga {

FreezeBanner::FreezeBanner(FreezeController *freeze, QWidget *parent)
    : QWidget(parent)
    , m_freeze(freeze)
    , m_text(new QLabel(this))
    , m_release(new QPushButton(tr("&Release the freeze"), this))
    , m_dismiss(new QPushButton(tr("Dismiss"), this))
{
    setObjectName(QStringLiteral("freezeBanner"));
    setAutoFillBackground(true);
    // The palette's highlight colours follow the system's light or dark theme; text says it all.
    QPalette p = palette();
    p.setColor(QPalette::Window, p.color(QPalette::Highlight));
    p.setColor(QPalette::WindowText, p.color(QPalette::HighlightedText));
    setPalette(p);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_release);
    layout->addWidget(m_dismiss);
    connect(m_release, &QPushButton::clicked, m_freeze, &FreezeController::release);
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        m_lost.clear();
        update();
    });
    connect(m_freeze, &FreezeController::stateChanged, this, &FreezeBanner::update);
    connect(m_freeze, &FreezeController::lost, this, [this](const QString &message) {
        m_lost = message;
        update();
    });
    connect(m_freeze, &FreezeController::frozen, this, [this] {
        m_lost.clear();
        update();
    });
    update();
}

QString FreezeBanner::plainText() const
{
    return isHidden() ? QString() : m_text->text();
}

void FreezeBanner::update()
{
    const FreezeInfo &i = m_freeze->info();
    const bool active = m_freeze->isActive() || m_freeze->state() == FreezeController::State::Releasing;
    if (active) {
        QString text =
            QStringLiteral("❄ ") +
            tr("Purges frozen since %1 by role %2, OS user %3: neither this app nor the "
               "scheduled job can purge (lock %4 held).")
                .arg(Display::timestamp(i.takenAtUtc), i.role, i.osUser)
                .arg(i.lockKey);
        if (!i.note.isEmpty())
            text += u' ' + tr("History: %1.").arg(i.note);
        m_text->setText(text);
    } else if (!m_lost.isEmpty()) {
        m_text->setText(Display::statusSymbol(Display::Status::Warning) + u' ' + m_lost);
    }
    m_release->setVisible(active);
    m_release->setEnabled(m_freeze->isActive());
    m_dismiss->setVisible(!active && !m_lost.isEmpty());
    setVisible(active || !m_lost.isEmpty());
}

} // namespace purga
