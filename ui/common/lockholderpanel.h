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
// panel offers to terminate that backend after a confirmation that names it.
class LockHolderPanel : public QFrame
{
    Q_OBJECT
public:
    explicit LockHolderPanel(AppState *state, QWidget *parent = nullptr);

    const LockHolders &holders() const { return m_holders; }
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
    void applyColours(); // amber for a possibly leaked lock, from the palette's theme

    AppState *m_state;
    QLabel *m_text;
    QPushButton *m_terminate;
    QPushButton *m_recheck;
    LockHolders m_holders;
    Request<LockHolders> m_request;
    bool m_warning = false;
};

} // namespace purga
