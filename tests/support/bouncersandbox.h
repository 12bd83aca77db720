#pragma once

// The pgbouncer fixture (scripts/pgbouncer-sandbox, CTest fixture "pgbouncer") for the tests that
// meet a real connection pooler: its two ports, a light background load through a pool, and a way to
// park a transaction on the server connection that holds an advisory lock.
#include "core/pg/pgconnection.h"
#include "pgsandbox.h"

#include <QList>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>

namespace purga::test {

struct BouncerPorts
{
    int transaction = 0; // pool_mode=transaction
    int session = 0;     // pool_mode=session
};

// Reads $PURGA_BOUNCER_ENV. False with *why when the fixture is not there.
bool loadBouncer(BouncerPorts *out, QString *why);

// `profile` pointed at 127.0.0.1:port without TLS (pgbouncer here has none).
ConnectionProfile throughPooler(const ConnectionProfile &profile, int port);

// A client that runs one short transaction every 50 ms through `profile` (about 20 tps, the issue's
// "light load") on a thread of its own, until destroyed.
class BackgroundLoad
{
public:
    BackgroundLoad(const ConnectionProfile &profile, const QString &password);
    ~BackgroundLoad();
    int transactions() const { return m_count.load(); }

private:
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_count{0};
    std::thread m_thread;
};

// Opens transactions through a transaction-mode pool until one lands on the server connection that
// holds advisory lock `key`, and keeps that one open (the others end at once): while it lives no one
// else is handed that server connection. True when one landed there.
class LockHolderParking
{
public:
    bool park(const ConnectionProfile &profile, const QString &password, qint64 key, int tries = 8);
    ~LockHolderParking();

private:
    std::shared_ptr<PgConnection> m_parked;
};

} // namespace purga::test

// Fails under CI=true, skips elsewhere, when the pgbouncer fixture is not there.
#define PURGA_REQUIRE_BOUNCER(ports)                                                                         \
    do {                                                                                                     \
        QString purgaWhy_;                                                                                   \
        if (!purga::test::loadBouncer(&(ports), &purgaWhy_)) {                                               \
            if (purga::test::runningInCi())                                                                  \
                QFAIL(qPrintable(QStringLiteral("CI=true and no pgbouncer sandbox: ") + purgaWhy_));         \
            QSKIP(qPrintable(QStringLiteral("no pgbouncer sandbox: ") + purgaWhy_));                         \
        }                                                                                                    \
    } while (false)
