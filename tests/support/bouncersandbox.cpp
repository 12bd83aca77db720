// The pgbouncer fixture's ports, a background load through a pool, and the lock-holder parking.
#include "bouncersandbox.h"

#include "core/locks/lockholders.h"

#include <QFile>
#include <QSqlQuery>

#include <chrono>

namespace purga::test {

bool loadBouncer(BouncerPorts *out, QString *why)
{
    QFile env(qEnvironmentVariable("PURGA_BOUNCER_ENV"));
    if (!env.open(QIODevice::ReadOnly)) {
        *why = QStringLiteral("PURGA_BOUNCER_ENV does not name a readable file (scripts/pgbouncer-sandbox)");
        return false;
    }
    for (const QByteArray &line : env.readAll().split('\n')) {
        if (line.startsWith("PURGA_BOUNCER_TX_PORT="))
            out->transaction = line.mid(22).toInt();
        else if (line.startsWith("PURGA_BOUNCER_SESSION_PORT="))
            out->session = line.mid(27).toInt();
    }
    if (out->transaction > 0 && out->session > 0)
        return true;
    *why = QStringLiteral("no ports in %1").arg(env.fileName());
    return false;
}

ConnectionProfile throughPooler(const ConnectionProfile &profile, int port)
{
    ConnectionProfile p = profile;
    p.host = QStringLiteral("127.0.0.1");
    p.port = port;
    p.sslMode = QStringLiteral("disable");
    return p;
}

BackgroundLoad::BackgroundLoad(const ConnectionProfile &profile, const QString &password)
    : m_thread([this, profile, password] {
        PgConnection conn; // owned by this thread, as every connection must be
        DbFailure ignored;
        ConnectionProfile p = profile;
        p.applicationName = QStringLiteral("purga-test-load");
        if (!conn.open(p, password, &ignored))
            return;
        while (!m_stop.load()) {
            QSqlQuery q(conn.database());
            if (q.exec(QStringLiteral("SELECT pg_backend_pid()")))
                ++m_count;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    })
{
}

BackgroundLoad::~BackgroundLoad()
{
    m_stop.store(true);
    m_thread.join();
}

bool LockHolderParking::park(const ConnectionProfile &profile, const QString &password, qint64 key, int tries)
{
    QList<std::shared_ptr<PgConnection>> elsewhere; // each holds a server connection until we return
    for (int i = 0; i < tries; ++i) {
        auto conn = std::make_shared<PgConnection>();
        DbFailure ignored;
        QString error;
        if (!conn->open(profile, password, &ignored) || !conn->execScript(QStringLiteral("BEGIN"), &error))
            return false;
        if (advisoryLockHeldHere(*conn, key).value_or(false)) {
            m_parked = conn;
            return true;
        }
        elsewhere << conn;
    }
    return false;
}

LockHolderParking::~LockHolderParking() = default;

} // namespace purga::test
