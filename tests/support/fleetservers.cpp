// FleetServers: the fleet tests' four servers (and a development one), their profiles and seeds.
#include "fleetservers.h"

#include "locksessions.h"
#include "purgefixtures.h"

namespace purga::test {

namespace {

// The ids of the refresh tokens the rule keeps now (independently of Rules::predicate).
QList<qint64> keptIds(TestDatabase &db)
{
    const QString cutoff =
        db.scalar(QStringLiteral("SELECT to_char((now() - interval '30 days') AT TIME ZONE "
                                 "'UTC', 'YYYY-MM-DD HH24:MI:SS') || '+00'"))
            .toString();
    return db.ids(
        QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens t WHERE NOT coalesce((%1), false) "
                       "ORDER BY id")
            .arg(eligibleWhere(kRefresh, cutoff)));
}

bool allStillThere(TestDatabase &db, const QList<qint64> &ids)
{
    QStringList list;
    for (qint64 id : ids)
        list << QString::number(id);
    const QString sql = QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE id IN (%1)");
    return db.scalar(sql.arg(list.join(u','))).toLongLong() == ids.size();
}

} // namespace

FleetServers::FleetServers(const SandboxInfo &sandbox, const QString &cli, const QString &home)
    : m_sandbox(sandbox)
    , m_cli(cli)
    , m_home(home)
{
}

FleetServers::~FleetServers()
{
    if (own) {
        QString ignored;
        own->startServer(&ignored); // so that its database can be dropped
        cli({QStringLiteral("password-forget"), QStringLiteral("a-stopped")});
    }
}

bool FleetServers::setUp(int transactionPort, QString *why)
{
    own = std::make_unique<OwnSandbox>();
    if (!own->isValid()) {
        *why = own->error();
        return false;
    }
    stopped = std::make_unique<TestDatabase>(own->info(), QStringLiteral("fleet_stopped"));
    pooled = std::make_unique<TestDatabase>(m_sandbox, QStringLiteral("fleet_pooled"));
    locked = std::make_unique<TestDatabase>(m_sandbox, QStringLiteral("fleet_locked"));
    healthy = std::make_unique<TestDatabase>(m_sandbox, QStringLiteral("fleet_healthy"));
    dev = std::make_unique<TestDatabase>(m_sandbox, QStringLiteral("fleet_dev"));
    for (TestDatabase *db : {stopped.get(), pooled.get(), locked.get(), healthy.get(), dev.get()}) {
        if (!db->isValid() || !db->exec(refreshSeedSql(2000)) || !setupHistory(*db)) {
            *why = QStringLiteral("%1: %2").arg(db->name(), db->error());
            return false;
        }
    }
    password = healthy->passwordFor(QStringLiteral("identidad_purga"));
    const QStringList all{QStringLiteral("fleet"), QStringLiteral("region:eu")};
    const QStringList pair{QStringLiteral("pair"), QStringLiteral("region:eu")};
    if (!saveProfile(QStringLiteral("a-stopped"), *stopped, own->info().port, QStringLiteral("staging"), all,
                     why) ||
        !saveProfile(QStringLiteral("b-pooled"), *pooled, transactionPort, QStringLiteral("staging"), all, why) ||
        !saveProfile(QStringLiteral("c-locked"), *locked, 0, QStringLiteral("staging"), all, why) ||
        !saveProfile(QStringLiteral("d-healthy"), *healthy, 0, QStringLiteral("production"),
                     all + QStringList{QStringLiteral("pair")}, why) ||
        !saveProfile(QStringLiteral("e-dev"), *dev, 0, QStringLiteral("development"), pair, why))
        return false;
    // The stopped cluster's role has a password of its own: only the keychain has it.
    const CliResult stored = cli({QStringLiteral("password-store"), QStringLiteral("a-stopped")}, QString(),
                                 own->info().purgaPassword.toUtf8() + '\n');
    if (stored.exitCode != 0) {
        *why = stored.describe();
        return false;
    }
    if (!own->stopServer(why))
        return false;
    if (!holdLock(*locked, QStringLiteral("identidad_purga"), QStringLiteral("purga_job"), job)) {
        *why = QStringLiteral("the job session could not take the lock on %1").arg(locked->name());
        return false;
    }
    return true;
}

bool FleetServers::reseed(QString *why)
{
    m_kept.clear();
    for (TestDatabase *db : {pooled.get(), locked.get(), healthy.get(), dev.get()}) {
        if (!db->exec(QStringLiteral("TRUNCATE identidad.trx_refresh_tokens; ") + refreshSeedSql(2000))) {
            *why = QStringLiteral("%1: %2").arg(db->name(), db->error());
            return false;
        }
        recordKept(*db);
        if (m_kept.value(db).isEmpty()) {
            *why = QStringLiteral("%1: the seed left nothing the rule keeps").arg(db->name());
            return false;
        }
    }
    return true;
}

void FleetServers::recordKept(TestDatabase &db)
{
    m_kept.insert(&db, keptIds(db));
}

QStringList FleetServers::lostKeptRows() const
{
    QStringList lost;
    for (auto it = m_kept.cbegin(); it != m_kept.cend(); ++it)
        if (!allStillThere(*it.key(), it.value()))
            lost << it.key()->name();
    return lost;
}

CliResult FleetServers::cli(const QStringList &args, const QString &pw, const QByteArray &stdinData) const
{
    return runWithStdin(m_cli, args, cliEnvironment(m_home, pw), stdinData, m_home);
}

qint64 FleetServers::refreshCount(TestDatabase &db)
{
    return db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();
}

bool FleetServers::saveProfile(const QString &name, const TestDatabase &db, int port, const QString &environment,
                               const QStringList &tags, QString *why)
{
    const ConnectionProfile p = db.profile();
    QStringList args{QStringLiteral("profile-save"), name,
                     QStringLiteral("--host"), QStringLiteral("127.0.0.1"),
                     QStringLiteral("--port"), QString::number(port ? port : p.port),
                     QStringLiteral("--dbname"), db.name(),
                     QStringLiteral("--user"), QStringLiteral("identidad_purga"),
                     QStringLiteral("--sslmode"), QStringLiteral("disable"),
                     QStringLiteral("--environment"), environment};
    for (const QString &t : tags)
        args << QStringLiteral("--tag") << t;
    const CliResult r = cli(args);
    if (r.exitCode != 0)
        *why = r.describe();
    return r.exitCode == 0;
}

} // namespace purga::test
