#include "backgroundwork.h"

#include "dbsession.h"

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
    m_cancel->setDefaultAction(m_cancelAction);
    m_cancel->setText(tr("Cancel"));
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
    return m_stage->text();
}

void BackgroundWork::follow(DbRequest *request)
{
    if (m_shown)
        disconnect(m_shown, nullptr, this, nullptr);
    m_shown = request;
    m_stage->setText(request->label() + QStringLiteral("…"));
    m_progress->setRange(0, 0);
    connect(request, &DbRequest::progress, this, [this](const QString &stage, int done, int total) {
        m_stage->setText(
            total > 0 ? tr("%1 (%2 of %3)").arg(stage, QLocale().toString(done), QLocale().toString(total))
                      : stage);
        m_progress->setRange(0, qMax(0, total));
        if (total > 0)
            m_progress->setValue(done);
    });
    connect(request, &DbRequest::cancelRequested, this,
            [this, request] { m_stage->setText(tr("Cancelling %1…").arg(request->label())); });
    update();
}

void BackgroundWork::update()
{
    const bool busy = m_session->isBusy();
    setVisible(busy);
    m_cancelAction->setEnabled(busy);
    if (!busy) {
        m_shown.clear();
        m_stage->clear();
    } else if (!m_shown) {
        m_stage->setText(tr("Waiting for the database…"));
        m_progress->setRange(0, 0);
    }
}

} // namespace purga
