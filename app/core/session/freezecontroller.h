#pragma once

#include "core/locks/evidencefreeze.h"
#include "core/pg/connectionprofile.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

namespace purga {

class DbSession;

// The GUI's evidence freeze: a DbSession of its own (a dedicated connection on its own thread)
// that takes the purge lock and keeps it, checking every few seconds that the connection and the
// lock are still there. Losing the connection loses the freeze: that is reported, never hidden.
class FreezeController : public QObject
{
    Q_OBJECT
public:
    enum class State { Off, Taking, Active, Releasing };
    Q_ENUM(State)

    explicit FreezeController(QObject *parent = nullptr);
    ~FreezeController() override; // the connection closes, and the server releases the lock

    State state() const { return m_state; }
    bool isActive() const { return m_state == State::Active; }
    const FreezeInfo &info() const { return m_info; }
    void setCheckIntervalMs(int ms) { m_check.setInterval(ms); }

public slots:
    void freeze(const purga::ConnectionProfile &profile, const QString &password, qint64 lockKey);
    void release();
    // For closing the app: release and wait for it, at most `msec`.
    bool releaseAndWait(int msec);

signals:
    void stateChanged(purga::FreezeController::State state);
    void frozen(const purga::FreezeInfo &info);
    void refused(const QString &message); // held elsewhere, or could not connect
    void released();
    void lost(const QString &message); // the connection (and the lock) went away

private:
    void setState(State s);
    void checkAlive();
    // The lock went with its connection: said once, and the freeze is off.
    void loseFreeze();
    void endSession();

    DbSession *m_session = nullptr;
    State m_state = State::Off;
    FreezeInfo m_info;
    QTimer m_check;
};

} // namespace purga
