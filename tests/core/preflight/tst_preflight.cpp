// Preflight checks against the real sandbox: roles, standby, missing tables and privileges,
// the standbys' lag visibility, a read-only default and foreign keys that block deletes.
// The checks must read attributes and privileges, never role names.
#include "core/history/historystore.h"
#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "core/preflight/rolechecks.h"
#include "core/preview/preview.h"
#include "support/pgsandbox.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QSqlQuery>
#include <QTest>
#include <QThread>
#include <QUuid>

#include <libpq-fe.h>

using namespace purga;

namespace {

const PreflightItem *findItem(const PreflightReport &r, const QString &id)
{
    for (const PreflightItem &i : r.items)
        if (i.id == id)
            return &i;
    return nullptr;
}

QString describe(const PreflightReport &r)
{
    QStringList out;
    for (const PreflightItem &i : r.items)
        out << QStringLiteral("%1=%2%3%4 (%5)")
                   .arg(i.id)
                   .arg(i.status == PreflightItem::Status::Ok        ? QStringLiteral("ok")
                        : i.status == PreflightItem::Status::Warning ? QStringLiteral("warning")
                                                                     : QStringLiteral("failed"))
                   .arg(i.blocksPreview ? QStringLiteral(" blocks-preview") : QString())
                   .arg(i.blocksPurge ? QStringLiteral(" blocks-purge") : QString())
                   .arg(i.detail);
    return out.join(u'\n');
}

// A login role that exists for one test, dropped (from the whole cluster) when the test ends.
// Declare it before the TestDatabase so the database, and the grants in it, go first.
class TempRole
{
public:
    TempRole(const test::SandboxInfo &sandbox, const QString &prefix)
        : m_sandbox(sandbox)
        , name(prefix + u'_' + QUuid::createUuid().toString(QUuid::Id128).left(8))
        , password(QUuid::createUuid().toString(QUuid::Id128))
    {
    }
    ~TempRole()
    {
        PgConnection maint;
        DbFailure err;
        if (maint.open(test::superuserProfile(m_sandbox, QStringLiteral("postgres")), QString(), &err)) {
            QString ignored;
            maint.execScript(QStringLiteral("DROP ROLE IF EXISTS %1").arg(name), &ignored);
        }
    }
    test::SandboxInfo m_sandbox;
    const QString name;
    const QString password;
};

} // namespace

class TestPreflight : public QObject
{
    Q_OBJECT

private:
    test::SandboxInfo m_sandbox;

    void open(test::TestDatabase &db, PgConnection &conn, const QString &role, const QString &password,
              bool standby = false)
    {
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        ConnectionProfile p = db.profile(role, standby);
        p.user = role;
        DbFailure err;
        QVERIFY2(conn.open(p, password, &err), qPrintable(err.message + u' ' + err.detail));
    }

    // `role` as a login with the maintenance role's rights (BYPASSRLS, member of the owner and of
    // identidad_purga) and the `more` memberships (", pg_monitor").
    static bool createMaintenanceRole(test::TestDatabase &db, const TempRole &role, const QString &more = {})
    {
        return db.exec(QStringLiteral("CREATE ROLE %1 LOGIN BYPASSRLS PASSWORD '%2' IN ROLE identidad_owner, "
                                      "identidad_purga%3")
                           .arg(role.name, role.password, more));
    }

    void check(PgConnection &conn, PreflightReport *report)
    {
        DbFailure failure;
        QVERIFY2(runPreflight(conn, report, &failure), qPrintable(failure.message));
    }

    // open() then check(); false (the test already failed) when either did not work.
    bool openAndCheck(test::TestDatabase &db, PgConnection &conn, const QString &role,
                      const QString &password, PreflightReport *report)
    {
        open(db, conn, role, password);
        if (QTest::currentTestFailed())
            return false;
        check(conn, report);
        return !QTest::currentTestFailed();
    }

private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    // A connection the preflight found direct runs its catalog reads with JIT off, in a
    // transaction of their own that ends with them; before the preflight it does not try.
    void directConnectionTurnsJitOffForCatalogReads()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_jit"));
        PgConnection conn;
        open(db, conn, QStringLiteral("identidad_purga"), db.passwordFor(QStringLiteral("identidad_purga")));
        if (QTest::currentTestFailed())
            return;
        auto jit = [&conn] {
            QSqlQuery q(conn.database());
            return q.exec(QStringLiteral("SELECT current_setting('jit')")) && q.next() ? q.value(0).toString()
                                                                                       : QString();
        };
        const QString serverJit = jit();
        QVERIFY(!serverJit.isEmpty());
        QVERIFY(!conn.beginJitOff()); // not known to be direct yet
        PreflightReport r;
        check(conn, &r);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(r.pooler, Pooler::None);
        QVERIFY(conn.beginJitOff());
        QCOMPARE(jit(), QStringLiteral("off"));
        QVERIFY(!conn.beginJitOff()); // inside a transaction: nothing more is opened
        conn.endJitOff(true, true);
        QCOMPARE(jit(), serverJit);
        QCOMPARE(PQtransactionStatus(conn.handle()), PQTRANS_IDLE);
    }

    void maintenanceRoleIsAllGreen()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_ok"));
        PgConnection conn;
        open(db, conn, QStringLiteral("identidad_purga"), db.passwordFor(QStringLiteral("identidad_purga")));
        if (QTest::currentTestFailed())
            return;
        QString error;
        QVERIFY2(HistoryStore::setup(conn, &error), qPrintable(error));
        PreflightReport r;
        check(conn, &r);
        if (QTest::currentTestFailed())
            return;
        for (const PreflightItem &i : r.items) // identidad_purga has no pg_monitor: the standby hides its lag
            QVERIFY2((i.status == PreflightItem::Status::Ok || i.id == QLatin1String("replica_lag")) &&
                         !i.blocksPreview && !i.blocksPurge,
                     qPrintable(describe(r)));
        for (const QString &id : {QStringLiteral("server"), QStringLiteral("bypassrls"),
                                  QStringLiteral("standby"), QStringLiteral("table:refresh_tokens"),
                                  QStringLiteral("delete:refresh_tokens"), QStringLiteral("table:pre_tokens"),
                                  QStringLiteral("delete:pre_tokens"), QStringLiteral("table:log_sesiones"),
                                  QStringLiteral("detach:log_sesiones"), QStringLiteral("history")})
            QVERIFY2(findItem(r, id), qPrintable(id + QStringLiteral(" missing:\n") + describe(r)));
        QVERIFY(!findItem(r, QStringLiteral("superuser")));
        QVERIFY(r.canPreview());
        QVERIFY(r.canPurge());
        QVERIFY(r.previewBlockers().isEmpty());
        QVERIFY(r.purgeBlockers().isEmpty());
        QCOMPARE(r.role, QStringLiteral("identidad_purga"));
        QCOMPARE(r.database, db.name());
        QVERIFY(r.bypassRls);
        QVERIFY(!r.superuser);
        QVERIFY(!r.inRecovery);
        QVERIFY(r.canDetachPartitions);
        QVERIFY(r.historyExists);
        QVERIFY(r.historyWritable);
        QVERIFY(r.serverVersionNum >= 150000);
        QVERIFY(r.serverVersion.startsWith(QStringLiteral("15")));
        const QJsonObject json = r.toJson();
        QCOMPARE(json.value(QStringLiteral("can_preview")).toBool(), true);
        QCOMPARE(json.value(QStringLiteral("can_purge")).toBool(), true);
        QCOMPARE(json.value(QStringLiteral("bypassrls")).toBool(), true);
    }

    void historySetupIsIdempotent()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_hist"));
        PgConnection conn;
        open(db, conn, QStringLiteral("identidad_purga"), db.passwordFor(QStringLiteral("identidad_purga")));
        if (QTest::currentTestFailed())
            return;
        QVERIFY(!HistoryStore::exists(conn));
        PreflightReport before;
        check(conn, &before);
        const PreflightItem *h = findItem(before, QStringLiteral("history"));
        QVERIFY(h);
        QCOMPARE(h->status, PreflightItem::Status::Warning); // missing: offered, never blocking
        QVERIFY(!h->blocksPurge && !h->blocksPreview);
        QVERIFY(!before.historyExists);
        QVERIFY(before.canCreateHistory);
        QVERIFY(before.canPurge());

        QString error;
        QVERIFY2(HistoryStore::setup(conn, &error), qPrintable(error));
        QVERIFY(HistoryStore::exists(conn));
        const QString runId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY2(HistoryStore::startRun(conn, runId, QStringLiteral("manual"), QStringLiteral("test"),
                                        QString(), &error),
                 qPrintable(error));
        QVERIFY2(HistoryStore::setup(conn, &error), qPrintable(error)); // again: no error, nothing lost
        QVERIFY2(HistoryStore::setup(conn, &error), qPrintable(error));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_corridas")).toLongLong(),
                 qint64(1));
        QCOMPARE(db.scalar(QStringLiteral("SELECT to_regclass('identidad.purga_corridas') IS NOT NULL AND "
                                          "to_regclass('identidad.purga_metricas') IS NOT NULL"))
                     .toBool(),
                 true);
        PreflightReport after;
        check(conn, &after);
        QCOMPARE(findItem(after, QStringLiteral("history"))->status, PreflightItem::Status::Ok);
        QVERIFY(after.historyExists && after.historyWritable);
    }

    void apiRoleIsRefusedForLackOfBypassRls()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_api"));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, QStringLiteral("identidad_api"),
                          db.passwordFor(QStringLiteral("identidad_api")), &r))
            return;
        QVERIFY(!r.bypassRls);
        const PreflightItem *b = findItem(r, QStringLiteral("bypassrls"));
        QVERIFY(b);
        QCOMPARE(b->status, PreflightItem::Status::Failed);
        QVERIFY(b->blocksPreview);
        QVERIFY(b->blocksPurge);
        QVERIFY(!r.canPreview());
        QVERIFY(!r.canPurge());
        const QString why = r.previewBlockers().join(u'\n');
        QVERIFY2(why.contains(QStringLiteral("BYPASSRLS")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("identidad_api")), qPrintable(why));
        // The API role may not delete either, and does not own the partitions.
        QCOMPARE(findItem(r, QStringLiteral("delete:refresh_tokens"))->status, PreflightItem::Status::Failed);
        QCOMPARE(findItem(r, QStringLiteral("detach:log_sesiones"))->status, PreflightItem::Status::Failed);
        QCOMPARE(r.toJson().value(QStringLiteral("can_preview")).toBool(), false);
        // And a preview taken anyway by a caller that ignored the checks would see one tenant only:
        // that is why it is refused. (RLS with no tenant set shows no rows at all.)
        QVERIFY(db.exec(
            QStringLiteral("INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, "
                           "expiracion) VALUES (1, 1, 'x', now() - interval '3 days')")));
        QSqlQuery q(conn.database());
        QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM identidad.trx_pre_tokens")) && q.next());
        QCOMPARE(q.value(0).toLongLong(), qint64(0));
    }

    void standbyAllowsPreviewRefusesPurge()
    {
        QVERIFY2(m_sandbox.standbyPort > 0, "the sandbox was started without --standby");
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_standby"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral("INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, "
                           "token_hash, expiracion) VALUES (1, 1, gen_random_uuid(), 'old', "
                           "now() - interval '90 days')")));
        // The database reaches the standby by replication: poll until it is there.
        PgConnection conn;
        DbFailure err;
        QElapsedTimer waited;
        waited.start();
        bool connected = false;
        while (!(connected = conn.open(db.profile(QStringLiteral("identidad_purga"), true),
                                       db.passwordFor(QStringLiteral("identidad_purga")), &err)) &&
               waited.elapsed() < 60000)
            QThread::msleep(200);
        QVERIFY2(connected, qPrintable(err.message + u' ' + err.detail));
        // ...and wait for the row too (replay may lag the CREATE DATABASE).
        QSqlQuery q(conn.database());
        qint64 rows = 0;
        while (waited.elapsed() < 60000) {
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")) && q.next());
            rows = q.value(0).toLongLong();
            if (rows == 1)
                break;
            QThread::msleep(200);
        }
        QCOMPARE(rows, qint64(1));

        PreflightReport r;
        check(conn, &r);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(r.inRecovery);
        QVERIFY(r.bypassRls);
        const PreflightItem *s = findItem(r, QStringLiteral("standby"));
        QVERIFY(s);
        QCOMPARE(s->status, PreflightItem::Status::Failed);
        QVERIFY(!s->blocksPreview);
        QVERIFY(s->blocksPurge);
        QVERIFY2(r.canPreview(), qPrintable(describe(r)));
        QVERIFY(!r.canPurge());
        QVERIFY(r.purgeBlockers().contains(s->detail));
        QVERIFY(!r.canCreateHistory);
        // Preview really works there.
        PreviewPlan plan;
        DbFailure error;
        QVERIFY2(takePreview(conn, {Rules::defaults(QStringLiteral("refresh_tokens"))}, nullptr, nullptr,
                             &plan, &error),
                 qPrintable(error.message));
        QCOMPARE(plan.rule(QStringLiteral("refresh_tokens"))->eligible, qint64(1));
    }

    void missingTableIsRefused_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("sql");
        QTest::newRow("refresh_tokens")
            << QStringLiteral("refresh_tokens") << QStringLiteral("DROP TABLE identidad.trx_refresh_tokens");
        QTest::newRow("pre_tokens") << QStringLiteral("pre_tokens")
                                    << QStringLiteral("DROP TABLE identidad.trx_pre_tokens");
        QTest::newRow("log_sesiones")
            << QStringLiteral("log_sesiones") << QStringLiteral("DROP TABLE identidad.log_sesiones");
        QTest::newRow("column revocado_en")
            << QStringLiteral("refresh_tokens")
            << QStringLiteral("ALTER TABLE identidad.trx_refresh_tokens DROP COLUMN revocado_en");
        QTest::newRow("column usado_en")
            << QStringLiteral("pre_tokens")
            << QStringLiteral("ALTER TABLE identidad.trx_pre_tokens DROP COLUMN usado_en");
    }

    void missingTableIsRefused()
    {
        QFETCH(QString, rule);
        QFETCH(QString, sql);
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_missing"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(sql));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, QStringLiteral("identidad_purga"),
                          db.passwordFor(QStringLiteral("identidad_purga")), &r))
            return;
        const PreflightItem *t = findItem(r, QStringLiteral("table:") + rule);
        QVERIFY2(t, qPrintable(describe(r)));
        QCOMPARE(t->status, PreflightItem::Status::Failed);
        QVERIFY(t->blocksPreview && t->blocksPurge);
        QVERIFY(!r.canPreview());
        QVERIFY(!r.canPurge());
        QVERIFY2(r.previewBlockers().join(u' ').contains(QStringLiteral("identidad.")),
                 qPrintable(describe(r)));
        // The other tables are still reported as fine.
        for (const QString &other : Rules::ids())
            if (other != rule)
                QCOMPARE(findItem(r, QStringLiteral("table:") + other)->status, PreflightItem::Status::Ok);
    }

    void withoutDeletePurgeIsRefused()
    {
        // BYPASSRLS, may read everything, may DELETE from refresh tokens only; not a member of the owner.
        TempRole role(m_sandbox, QStringLiteral("sin_delete"));
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_nodelete"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(
            db.exec(QStringLiteral("CREATE ROLE %1 LOGIN BYPASSRLS PASSWORD '%2';"
                                   "GRANT USAGE ON SCHEMA identidad TO %1;"
                                   "GRANT SELECT ON identidad.trx_refresh_tokens, identidad.trx_pre_tokens,"
                                   " identidad.log_sesiones TO %1;"
                                   "GRANT DELETE ON identidad.trx_refresh_tokens TO %1;")
                        .arg(role.name, role.password)));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, role.name, role.password, &r))
            return;
        const PreflightItem *d = findItem(r, QStringLiteral("delete:pre_tokens"));
        QVERIFY(d);
        QCOMPARE(d->status, PreflightItem::Status::Failed);
        QVERIFY(d->blocksPurge);
        QVERIFY(!d->blocksPreview);
        QCOMPARE(findItem(r, QStringLiteral("delete:refresh_tokens"))->status, PreflightItem::Status::Ok);
        QVERIFY(r.canPreview());
        QVERIFY(!r.canPurge());
        const QString why = r.purgeBlockers().join(u' ');
        QVERIFY2(why.contains(QStringLiteral("DELETE")) &&
                     why.contains(QStringLiteral("identidad.trx_pre_tokens")),
                 qPrintable(describe(r)));
    }

    // REVOKE DELETE from identidad_purga does not take DELETE away while it is a member of the owner:
    // the check reports the privilege the role really has (and a DELETE really works).
    void revokedDeleteStillInheritedFromOwner()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_revoke"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral("REVOKE DELETE ON identidad.trx_pre_tokens FROM identidad_purga;"
                           "INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, "
                           "expiracion) VALUES (1, 1, 'x', now())")));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, QStringLiteral("identidad_purga"),
                          db.passwordFor(QStringLiteral("identidad_purga")), &r))
            return;
        QCOMPARE(findItem(r, QStringLiteral("delete:pre_tokens"))->status, PreflightItem::Status::Ok);
        QSqlDatabase d = conn.database();
        QVERIFY(d.transaction());
        QSqlQuery q(d);
        QVERIFY(q.exec(QStringLiteral("DELETE FROM identidad.trx_pre_tokens")));
        QCOMPARE(q.numRowsAffected(), 1);
        q.finish();
        QVERIFY(d.rollback());
    }

    // DROP needs each partition's owner: one partition owned by someone else blocks the log purge.
    void foreignOwnedPartitionBlocksPurge()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_partowner"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral("CREATE TABLE identidad.log_sesiones_2020_01 PARTITION OF identidad.log_sesiones "
                           "FOR VALUES FROM ('2020-01-01 00:00:00+00') TO ('2020-02-01 00:00:00+00')")));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, QStringLiteral("identidad_purga"),
                          db.passwordFor(QStringLiteral("identidad_purga")), &r))
            return;
        const PreflightItem *d = findItem(r, QStringLiteral("detach:log_sesiones"));
        QVERIFY(d);
        QCOMPARE(d->status, PreflightItem::Status::Failed);
        QVERIFY(d->blocksPurge && !d->blocksPreview);
        QVERIFY(!r.canDetachPartitions);
        QVERIFY(r.canPreview());
        QVERIFY(!r.canPurge());
    }

    void superuserIsWarned()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_super"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        PgConnection conn;
        DbFailure err;
        QVERIFY2(conn.open(test::superuserProfile(m_sandbox, db.name()), QString(), &err),
                 qPrintable(err.message + err.detail));
        PreflightReport r;
        check(conn, &r);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(r.superuser);
        const PreflightItem *s = findItem(r, QStringLiteral("superuser"));
        QVERIFY2(s, qPrintable(describe(r)));
        QCOMPARE(s->status, PreflightItem::Status::Warning);
        QVERIFY(!s->blocksPreview && !s->blocksPurge);
        // A superuser sees every tenant: allowed, with the warning.
        QCOMPARE(findItem(r, QStringLiteral("bypassrls"))->status, PreflightItem::Status::Ok);
        QVERIFY(r.canPreview());
        QVERIFY(r.canPurge());
    }

    // Production names its roles as it likes: a BYPASSRLS member of the owner, called anything, passes.
    void otherNamedMaintenanceRoleIsAccepted()
    {
        TempRole role(m_sandbox, QStringLiteral("other_maint"));
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_other"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral("CREATE ROLE %1 LOGIN BYPASSRLS PASSWORD '%2' IN ROLE identidad_owner;"
                           "GRANT SELECT, DELETE ON identidad.trx_refresh_tokens, identidad.trx_pre_tokens,"
                           " identidad.log_sesiones TO %1;")
                .arg(role.name, role.password)));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, role.name, role.password, &r))
            return;
        QCOMPARE(r.role, role.name);
        QVERIFY(r.bypassRls);
        QVERIFY(r.canDetachPartitions);
        QVERIFY2(r.canPreview(), qPrintable(describe(r)));
        QVERIFY2(r.canPurge(), qPrintable(describe(r)));
        for (const PreflightItem &i : r.items)
            if (i.id != QLatin1String("history") && i.id != QLatin1String("replica_lag")) // warnings only
                QVERIFY2(i.status == PreflightItem::Status::Ok, qPrintable(describe(r)));
    }

    // The reverse: a role with the maintenance role's look but not its attributes is refused.
    void attributesNotNamesDecide()
    {
        TempRole role(m_sandbox, QStringLiteral("identidad_purga_sin_bypass"));
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_names"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral("CREATE ROLE %1 LOGIN NOBYPASSRLS PASSWORD '%2' IN ROLE identidad_owner;"
                           "GRANT SELECT, DELETE ON identidad.trx_refresh_tokens, identidad.trx_pre_tokens,"
                           " identidad.log_sesiones TO %1;")
                .arg(role.name, role.password)));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, role.name, role.password, &r))
            return;
        QVERIFY(!r.bypassRls);
        QCOMPARE(findItem(r, QStringLiteral("bypassrls"))->status, PreflightItem::Status::Failed);
        QVERIFY(!r.canPreview());
        QVERIFY(!r.canPurge());
    }

    // BYPASSRLS and DELETE but not a member of the owner: preview yes, purge no (cannot drop partitions).
    void bypassWithoutOwnershipCannotPurgePartitions()
    {
        TempRole role(m_sandbox, QStringLiteral("solo_bypass"));
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_noowner"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral("CREATE ROLE %1 LOGIN BYPASSRLS PASSWORD '%2';"
                           "GRANT USAGE ON SCHEMA identidad TO %1;"
                           "GRANT SELECT, DELETE ON identidad.trx_refresh_tokens, identidad.trx_pre_tokens,"
                           " identidad.log_sesiones TO %1;")
                .arg(role.name, role.password)));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, role.name, role.password, &r))
            return;
        QVERIFY(r.bypassRls);
        QVERIFY(!r.canDetachPartitions);
        QCOMPARE(findItem(r, QStringLiteral("detach:log_sesiones"))->status, PreflightItem::Status::Failed);
        QCOMPARE(findItem(r, QStringLiteral("delete:refresh_tokens"))->status, PreflightItem::Status::Ok);
        QVERIFY(r.canPreview());
        QVERIFY(!r.canPurge());
        QVERIFY(!r.canCreateHistory);
        // Blockers per rule. The token rules may still be purged, only the partitions not.
        QVERIFY(r.canPurge({QStringLiteral("refresh_tokens"), QStringLiteral("pre_tokens")}));
        QVERIFY(!r.canPurge({QStringLiteral("log_sesiones")}));
        QVERIFY(!r.canPurge({QStringLiteral("pre_tokens"), QStringLiteral("log_sesiones")}));
        QCOMPARE(r.purgeableRules(),
                 (QStringList{QStringLiteral("refresh_tokens"), QStringLiteral("pre_tokens")}));
        QCOMPARE(r.purgeBlockers({QStringLiteral("log_sesiones")}).size(), 1);
        QCOMPARE(r.toJson().value(QStringLiteral("purgeable_rules")).toArray().size(), 2);
    }

    // A role that may not even look into schema identidad: the checks must still run and refuse
    // (the missing-table item says "or this role cannot see schema identidad"), not fail to run.
    void noSchemaUsageIsRefusedNotAnError()
    {
        TempRole role(m_sandbox, QStringLiteral("sin_esquema"));
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_noschema"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral("CREATE ROLE %1 LOGIN BYPASSRLS PASSWORD '%2'").arg(role.name, role.password)));
        PgConnection conn;
        open(db, conn, role.name, role.password);
        if (QTest::currentTestFailed())
            return;
        PreflightReport r;
        DbFailure failure;
        const bool ran = runPreflight(conn, &r, &failure);
        QVERIFY2(ran,
                 qPrintable(QStringLiteral("runPreflight failed instead of refusing: ") + failure.message));
        QVERIFY(!r.canPreview());
        QVERIFY(!r.canPurge());
        QCOMPARE(findItem(r, QStringLiteral("table:refresh_tokens"))->status, PreflightItem::Status::Failed);
    }
    // pg_stat_replication shows the standby to every role, its replay position only to pg_monitor:
    // the item says which, and a lag limit asked for is refused only without it.
    void replicaLagVisibilityNeedsPgMonitor()
    {
        QVERIFY2(m_sandbox.standbyPort > 0, "the sandbox was started without --standby");
        TempRole monitor(m_sandbox, QStringLiteral("lag_monitor"));
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_lag"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(createMaintenanceRole(db, monitor, QStringLiteral(", pg_monitor")));
        PgConnection plain;
        PreflightReport r;
        if (!openAndCheck(db, plain, QStringLiteral("identidad_purga"),
                          db.passwordFor(QStringLiteral("identidad_purga")), &r))
            return;
        QVERIFY2(r.standbys >= 1, qPrintable(describe(r)));
        QCOMPARE(r.standbysLagVisible, 0);
        const PreflightItem *hidden = findItem(r, QStringLiteral("replica_lag"));
        QVERIFY2(hidden, qPrintable(describe(r)));
        QCOMPARE(hidden->status, PreflightItem::Status::Warning);
        QVERIFY(!hidden->blocksPurge && !hidden->blocksPreview);
        QVERIFY2(hidden->detail.contains(QStringLiteral("GRANT pg_monitor TO identidad_purga")),
                 qPrintable(hidden->detail));
        QVERIFY(r.canPurge());
        const QString refusal = lagLimitRefusal(r, QStringLiteral("--max-lag-ms 500"));
        QVERIFY2(refusal.contains(QStringLiteral("--max-lag-ms 500")) &&
                     refusal.contains(QStringLiteral("GRANT pg_monitor TO identidad_purga")),
                 qPrintable(refusal));
        QVERIFY(!defaultLagLimitWarning(r).isEmpty());
        QCOMPARE(r.toJson().value(QStringLiteral("standbys")).toInt(), r.standbys);
        QCOMPARE(r.toJson().value(QStringLiteral("standbys_lag_visible")).toInt(), 0);

        PgConnection seeing;
        PreflightReport m;
        if (!openAndCheck(db, seeing, monitor.name, monitor.password, &m))
            return;
        QCOMPARE(m.standbysLagVisible, m.standbys);
        QCOMPARE(findItem(m, QStringLiteral("replica_lag"))->status, PreflightItem::Status::Ok);
        QVERIFY(lagLimitRefusal(m, QStringLiteral("--max-lag-ms 500")).isEmpty());
        QVERIFY(defaultLagLimitWarning(m).isEmpty());
    }

    // default_transaction_read_only = on for the database or for the role: warned, never blocking
    // (the purge sets its own session read-write), and the detail says where it was set.
    void readOnlyDefaultIsWarned_data()
    {
        QTest::addColumn<bool>("forRole");
        QTest::newRow("database") << false;
        QTest::newRow("role") << true;
    }
    void readOnlyDefaultIsWarned()
    {
        QFETCH(bool, forRole);
        TempRole role(m_sandbox, QStringLiteral("ro_maint"));
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_readonly"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(createMaintenanceRole(db, role));
        PgConnection before;
        PreflightReport clean;
        if (!openAndCheck(db, before, role.name, role.password, &clean))
            return;
        QVERIFY(!findItem(clean, QStringLiteral("read_only_default")));
        QVERIFY(!clean.readOnlyDefault);
        QVERIFY(db.exec(
            forRole
                ? QStringLiteral("ALTER ROLE %1 SET default_transaction_read_only = on").arg(role.name)
                : QStringLiteral("ALTER DATABASE %1 SET default_transaction_read_only = on").arg(db.name())));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, role.name, role.password, &r))
            return;
        const PreflightItem *ro = findItem(r, QStringLiteral("read_only_default"));
        QVERIFY2(ro, qPrintable(describe(r)));
        QCOMPARE(ro->status, PreflightItem::Status::Warning);
        QVERIFY(!ro->blocksPurge && !ro->blocksPreview);
        QVERIFY2(ro->detail.contains(forRole ? QStringLiteral("ALTER ROLE %1 RESET").arg(role.name)
                                             : QStringLiteral("ALTER DATABASE %1 RESET").arg(db.name())),
                 qPrintable(ro->detail));
        QVERIFY(r.readOnlyDefault);
        QCOMPARE(r.toJson().value(QStringLiteral("read_only_default")).toBool(), true);
        QVERIFY(r.canPurge());
    }

    // A table referencing the tokens with ON DELETE NO ACTION or RESTRICT makes a delete fail:
    // warned per rule, naming the table; CASCADE and SET NULL do not block and are not named.
    void foreignKeyBlockingDeletesIsWarned()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("pf_fk"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "CREATE TABLE identidad.auditoria_tokens (token_id bigint REFERENCES "
            "identidad.trx_refresh_tokens);"
            "CREATE TABLE identidad.pre_restrict (pre_id bigint REFERENCES identidad.trx_pre_tokens "
            "  ON DELETE RESTRICT);"
            "CREATE TABLE identidad.cascada (token_id bigint REFERENCES identidad.trx_refresh_tokens "
            "  ON DELETE CASCADE);"
            "CREATE TABLE identidad.nulo (token_id bigint REFERENCES identidad.trx_refresh_tokens "
            "  ON DELETE SET NULL)")));
        PgConnection conn;
        PreflightReport r;
        if (!openAndCheck(db, conn, QStringLiteral("identidad_purga"),
                          db.passwordFor(QStringLiteral("identidad_purga")), &r))
            return;
        const PreflightItem *refresh = findItem(r, QStringLiteral("fk:refresh_tokens"));
        QVERIFY2(refresh, qPrintable(describe(r)));
        QCOMPARE(refresh->status, PreflightItem::Status::Warning);
        QCOMPARE(refresh->ruleId, QStringLiteral("refresh_tokens"));
        QVERIFY2(refresh->detail.contains(QStringLiteral("identidad.auditoria_tokens")) &&
                     refresh->detail.contains(QStringLiteral("NO ACTION")),
                 qPrintable(refresh->detail));
        QVERIFY2(!refresh->detail.contains(QStringLiteral("cascada")) &&
                     !refresh->detail.contains(QStringLiteral("nulo")),
                 qPrintable(refresh->detail));
        const PreflightItem *pre = findItem(r, QStringLiteral("fk:pre_tokens"));
        QVERIFY2(pre &&
                     pre->detail.contains(QStringLiteral("identidad.pre_restrict (pre_restrict_pre_id_fkey, "
                                                         "ON DELETE RESTRICT)")),
                 qPrintable(describe(r)));
        QVERIFY(!findItem(r, QStringLiteral("fk:log_sesiones")));
        QVERIFY(r.canPurge());

        QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.auditoria_tokens, identidad.pre_restrict")));
        PreflightReport after;
        check(conn, &after);
        QVERIFY2(!findItem(after, QStringLiteral("fk:refresh_tokens")) &&
                     !findItem(after, QStringLiteral("fk:pre_tokens")),
                 qPrintable(describe(after)));
    }
};

QTEST_GUILESS_MAIN(TestPreflight)
#include "tst_preflight.moc"
