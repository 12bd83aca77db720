#include "backgroundwork.h"

#include "core/session/dbsession.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>

namespace purga {

BackgroundWork::BackgroundWork(DbSession *session, QAction *cancelAction, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_cancelAction(cancelAction)
    , m_stage(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
{
    setObjectName(QStringLiteral("backgroundWork"));
    m_stage->setObjectName(QStringLiteral("backgroundStage"));
    m_progress->setObjectName(QStringLiteral("backgroundProgress"));
    m_progress->setMaximumWidth(160);
    m_progress->setMaximumHeight(14);
    m_progress->setTextVisible(false);
    m_cancel->setObjectName(QStringLiteral("backgroundCancel"));
    // Not setDefaultAction: the button would take the action's long menu text on every change.
    m_cancel->setText(tr("Cancel"));
    m_cancel->setEnabled(m_cancelAction->isEnabled());
    connect(m_cancel, &QToolButton::clicked, m_cancelAction, &QAction::trigger);
    connect(m_cancelAction, &QAction::changed, m_cancel,
            [this] { m_cancel->setEnabled(m_cancelAction->isEnabled()); });
    m_stage->setMaximumWidth(320); // a long label must not push the button out of the status bar
    m_cancel->setToolTip(tr("Cancel the database work in progress (%1)")
                             .arg(m_cancelAction->shortcut().toString(QKeySequence::NativeText)));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stage);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancel);

    connect(m_session, &DbSession::busyChanged, this, &BackgroundWork::update);
    connect(m_session, &DbSession::requestStarted, this, &BackgroundWork::follow);
    update();
}

bool BackgroundWork::isShowingBusy() const
{
    return !isHidden() && m_cancelAction->isEnabled();
}

QString BackgroundWork::stageText() const
{
    return m_stageText;
}

// The whole text in the tooltip; the label elides the middle so the Cancel button stays visible.
void BackgroundWork::setStage(const QString &text)
{
    m_stageText = text;
    m_stage->setToolTip(text);
    m_stage->setText(m_stage->fontMetrics().elidedText(text, Qt::ElideMiddle, m_stage->maximumWidth()));
}

void BackgroundWork::follow(DbRequest *request)
{
    if (m_shown)
        disconnect(m_shown, nullptr, this, nullptr);
    m_shown = request;
    setStage(request->label() + QStringLiteral("…"));
    m_progress->setRange(0, 0);
    connect(request, &DbRequest::progress, this, [this](const QString &stage, int done, int total) {
        setStage(total > 0
                     ? tr("%1 (%2 of %3)").arg(stage, QLocale().toString(done), QLocale().toString(total))
                     : stage);
        m_progress->setRange(0, qMax(0, total));
        if (total > 0)
            m_progress->setValue(done);
    });
    connect(request, &DbRequest::cancelRequested, this,
            [this, request] { setStage(tr("Cancelling %1…").arg(request->label())); });
    update();
}

void BackgroundWork::update()
{
    const bool busy = m_session->isBusy();
    setVisible(busy);
    m_cancelAction->setEnabled(busy);
    if (!busy) {
        m_shown.clear();
        setStage(QString());
    } else if (!m_shown) {
        setStage(tr("Waiting for the database…"));
        m_progress->setRange(0, 0);
    }
}

} // namespace purga
