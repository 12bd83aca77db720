#pragma once

#include "core/session/dbrequest.h"

#include <QPointer>
#include <QWidget>

class QAction;
class QLabel;
class QProgressBar;
class QToolButton;

namespace purga {

class DbRequest;
class DbSession;

// The status bar's view of the database session: while any request is alive it shows the one
// running (its label and progress) and a Cancel button; hidden when the session is idle. Busy
// is the session's own count of live handles, so a late report can never hide it early.
class BackgroundWork : public QWidget
{
    Q_OBJECT
public:
    BackgroundWork(DbSession *session, QAction *cancelAction, QWidget *parent = nullptr);

    bool isShowingBusy() const;
    QString stageText() const;
    DbRequest *shownRequest() const { return m_shown; }

private:
    void follow(DbRequest *request);
    void update();
    void setStage(const QString &text);

    DbSession *m_session;
    QAction *m_cancelAction;
    QLabel *m_stage;
    QProgressBar *m_progress;
    QToolButton *m_cancel;
    QPointer<DbRequest> m_shown;
    QString m_stageText;
};

} // namespace purga
