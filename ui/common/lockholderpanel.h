#pragma once

#include "core/locks/lockholders.h"
#include "core/session/dbrequest.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace purga {

class AppState;

// Who holds the purge lock (731001) and who waits for it, before anyone presses Purge: on the
// Overview and the Purge page. Read through the session when the overview or the preview changes,
// when the page is shown and on "Check again". A holder idle past the profile's threshold
// ("lock/idle_seconds", 300 s) is "possibly a leaked lock"; when this role may signal it, the
// panel offers to terminate that backend after a confirmation that names it. This app's own freeze
// and its own running purge are named as such.
class LockHolderPanel : public QFrame
{
    Q_OBJECT
public:
    explicit LockHolderPanel(AppState *state, QWidget *parent = nullptr);

    const LockHolders &holders() const { return m_holders; }
    // This app's running purge holds the lock on server backend `serverPid` (0: no purge runs):
    // the panel names that holder as this purge. Reads the lock again.
    void setOwnPurge(int serverPid);
    // Held, last read, by a session other than this app's running purge (a purge now is refused).
    bool heldByOthers() const;
    QString text() const;
    QPushButton *terminateButton() const { return m_terminate; }
    QPushButton *recheckButton() const { return m_recheck; }
    // The question the terminate confirmation asks (names pid, application, role, client, idle time).
    static QString confirmationText(const LockHolders &holders);

public slots:
    void refresh();
    void terminateHolder();

signals:
    void updated(); // after each read (tests wait on it)
    void terminated(int pid);
    void terminateFailed(const QString &message);

protected:
    void showEvent(class QShowEvent *event) override;

private:
    void display(const LockHolders &holders);
    void showProblem(const QString &message);
    bool isOwnFreeze() const;
    bool isOwnPurge() const;
    void applyColours(); // amber for a possibly leaked lock, from the palette's theme

    AppState *m_state;
    QLabel *m_text;
    QPushButton *m_terminate;
    QPushButton *m_recheck;
    LockHolders m_holders;
    Request<LockHolders> m_request;
    bool m_warning = false;
    int m_ownPurgePid = 0;
};

} // namespace purga
