#include "freezecontroller.h"

#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "dbsession.h"

#include <QEventLoop>

namespace purga {

namespace {
// What the take request returns: the freeze, or who holds the lock.
struct TakeResult
{
    bool taken = false;
    FreezeInfo info;
    QString holder;
};
} // namespace

FreezeController::FreezeController(QObject *parent)
    : QObject(parent)
{
    m_check.setInterval(5000);
    connect(&m_check, &QTimer::timeout, this, &FreezeController::checkAlive);
}

FreezeController::~FreezeController()
{
    endSession();
}

void FreezeController::setState(State s)
{
    if (s == m_state)
        return;
    m_state = s;
    emit stateChanged(s);
}

void FreezeController::endSession()
{
    m_check.stop();
    if (m_session) {
        m_session->shutdown(); // closing the connection ends the lock on the server
        // Often called from one of the session's own request handlers: delete it afterwards.
        m_session->deleteLater();
        m_session = nullptr;
    }
}

void FreezeController::freeze(const ConnectionProfile &profile, const QString &password, qint64 lockKey)
{
    if (m_state != State::Off)
        return;
    setState(State::Taking);
    m_session = new DbSession(this);
    ConnectionProfile p = profile;
    p.applicationName = QStringLiteral("purga-sesiones (evidence freeze)");
    connect(m_session, &DbSession::connectionLost, this, &FreezeController::loseFreeze);
    DbRequest *c = m_session->connectTo(p, password);
    connect(c, &DbRequest::failed, this, [this](const DbFailure &f) {
        endSession();
        setState(State::Off);
        emit refused(f.message);
    });
    c->onSucceeded<ConnectResult>(this, [this, lockKey](const ConnectResult &) {
        const QString osUser = EvidenceFreeze::osUserName();
        DbRequest *take = m_session->submit<TakeResult>(
            tr("Freezing purges"), [lockKey, osUser](DbContext &ctx, TakeResult *out, DbFailure *f) {
                // Behind a pooler without the profile's session-pooling assertion: refused.
                PreflightReport pooled;
                checkPooler(*ctx.connection(), &pooled);
                if (const QString refusal = pooled.poolerRefusal(); !refusal.isEmpty()) {
                    *f = {DbFailure::Kind::Other, tr("Nothing was frozen: %1").arg(refusal), {}, {}};
                    return false;
                }
                // Another holder is an answer (shown as such), not a failed request.
                out->taken =
                    EvidenceFreeze::take(*ctx.connection(), lockKey, osUser, &out->info, &out->holder, f);
                return out->taken || !out->holder.isEmpty();
            });
        connect(take, &DbRequest::failed, this, [this](const DbFailure &f) {
            endSession();
            setState(State::Off);
            emit refused(f.message);
        });
        take->onSucceeded<TakeResult>(this, [this](const TakeResult &r) {
            if (!r.taken) {
                endSession();
                setState(State::Off);
                emit refused(tr("The purge lock is held by %1: a purge or the scheduled job is running.")
                                 .arg(r.holder));
                return;
            }
            m_info = r.info;
            setState(State::Active);
            m_check.start();
            emit frozen(m_info);
        });
    });
}

void FreezeController::checkAlive()
{
    if (m_state != State::Active || !m_session || m_session->isBusy())
        return;
    const qint64 key = m_info.lockKey;
    DbRequest *r =
        m_session->submit<bool>(tr("Checking the freeze"), [key](DbContext &ctx, bool *out, DbFailure *) {
            *out = EvidenceFreeze::isHeld(*ctx.connection(), key);
            return true;
        });
    r->onSucceeded<bool>(this, [this](bool held) {
        if (!held)
            loseFreeze();
    });
    // A check that could not run on a dead connection says the same, louder.
    connect(r, &DbRequest::failed, this, [this](const DbFailure &f) {
        if (f.kind == DbFailure::Kind::ConnectionLost)
            loseFreeze();
    });
}

void FreezeController::loseFreeze()
{
    if (m_state != State::Active)
        return;
    endSession();
    setState(State::Off);
    emit lost(tr("The freeze's connection was lost: purges are no longer held."));
}

void FreezeController::release()
{
    if (m_state != State::Active || !m_session)
        return;
    setState(State::Releasing);
    m_check.stop();
    const FreezeInfo info = m_info;
    DbRequest *r =
        m_session->submit<bool>(tr("Releasing the freeze"), [info](DbContext &ctx, bool *out, DbFailure *f) {
            *out = EvidenceFreeze::release(*ctx.connection(), info, f);
            return *out;
        });
    connect(r, &DbRequest::finished, this, [this] {
        endSession(); // whatever the answer, closing the connection releases the lock
        m_info = FreezeInfo();
        setState(State::Off);
        emit released();
    });
}

bool FreezeController::releaseAndWait(int msec)
{
    if (m_state != State::Active)
        return m_state == State::Off;
    QEventLoop loop;
    connect(this, &FreezeController::released, &loop, &QEventLoop::quit);
    QTimer::singleShot(msec, &loop, &QEventLoop::quit);
    release();
    if (m_state != State::Off)
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    if (m_state != State::Off) {
        endSession(); // the server releases the lock when the connection closes
        setState(State::Off);
    }
    return true;
}

} // namespace purga
