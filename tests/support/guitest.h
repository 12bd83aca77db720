#pragma once

// Helpers of the GUI tests (tests/ui/): screenshots on request, fabricated preflight reports and
// plans, an event-loop stall probe, and a session connected to the sandbox with a preview taken.
#include "core/preflight/preflight.h"
#include "core/preview/preview.h"
#include "core/session/dbsession.h"
#include "pgsandbox.h"
#include "ui/preview/previewpage.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

class QWidget;

namespace purga::test {

// PURGA_UI_SHOTS=DIR saves what the test saw (DIR/name.png), for looking at the pages by eye.
void shoot(QWidget *w, const QString &name);
// Installs the app's and Qt's catalogues of `language` ("es", "en") as the window's --lang does;
// they stay installed for the rest of the test executable.
void installLanguage(const QString &language);

// A preflight of server 15.6 on database "core"; canPurge false: connected to a standby, which
// blocks the purge.
PreflightReport preflight(bool canPurge);
// A preflight that allows a preview (the role bypasses row level security).
PreflightReport okPreflight();
// A frozen plan: refresh tokens with 5,000 rows, no pre-tokens, and the session log with one
// removable partition (12 rows) beside its default partition.
PreviewPlan planWithPartitions();

// Longest gap between two ticks of a 10 ms timer: how long the GUI thread was away.
class StallProbe : public QObject
{
public:
    StallProbe();
    void start();
    void stop() { m_timer.stop(); }
    qint64 maxGapMs() const { return m_max; }
    int ticks() const { return m_ticks; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_max = 0;
    int m_ticks = 0;
};

// Connected session, preflight done, preview taken (through PreviewPage, as a user would).
struct PreviewedSession
{
    // As identidad_purga, or as `role` with `password` (a role a test created for itself).
    explicit PreviewedSession(TestDatabase &db, const QString &role = QString(),
                              const QString &password = QString());
    // Waits for the connection and the checks, then takes a preview and waits for it.
    bool ready();

    DbSession session;
    AppState state;
    SessionCoordinator coordinator;
    PreviewPage preview;
};

} // namespace purga::test
