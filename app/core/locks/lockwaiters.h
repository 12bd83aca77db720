#pragma once

// Sessions waiting for the purge lock while a purge holds it: the scheduled job at
// 03:00 blocks in pg_advisory_lock(731001) until the purge ends. The engine looks between batches.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QList>
#include <QString>

#include <functional>

namespace purga {

class PgConnection;

struct LockWaiter
{
    qint64 pid = 0;
    QString application; // empty when the role may not see it
    QString role;
    QString sinceUtc;         // when its waiting statement started (UTC text); empty when hidden
    QString describe() const; // translated: "pid 123 (app, role x, waiting since … UTC)"
};

// Sessions of this database waiting (not granted) for advisory lock `key`, by pid. False when the
// query failed (e.g. a lost connection); the list is then empty.
bool lockWaiters(PgConnection &conn, qint64 key, QList<LockWaiter> *out);

QJsonArray lockWaitersJson(const QList<LockWaiter> &waiters);

// Asks at most once per `intervalMs` (a cheap catalog read between batches) and reports each
// waiter once, when first seen, through `onNew`.
class LockWaiterWatch
{
    Q_DECLARE_TR_FUNCTIONS(LockWaiterWatch)
public:
    LockWaiterWatch(PgConnection &conn, qint64 key, std::function<void(const LockWaiter &)> onNew,
                    int intervalMs = 1000);
    void poll();    // between batches: asks only when the interval has passed
    void pollNow(); // before releasing the lock: asks whatever the interval
    const QList<LockWaiter> &seen() const { return m_seen; }

private:
    PgConnection &m_conn;
    qint64 m_key;
    std::function<void(const LockWaiter &)> m_onNew;
    int m_intervalMs;
    QElapsedTimer m_last;
    QList<LockWaiter> m_seen;
};

} // namespace purga
