// Tests through a real pgbouncer: in pool_mode=transaction the
// session advisory lock excludes no one, so the pooler is detected and the purge refused (exit 4)
// with a message that names it, while the preview still runs; in pool_mode=session everything
// keeps working. The pgbouncers come from scripts/pgbouncer-sandbox (CTest fixture "pgbouncer").
#include "core/preflight/preflight.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/bouncersandbox.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestPooler : public CliTestCase
{
    Q_OBJECT
private slots:
    void initTestCase();
    void directConnectionHasNoPooler();
    void transactionPoolingRefusesThePurge();
    void sessionPoolingKeepsWorking();
    void guiPreflightTellsTransactionPooling();
    void noTransactionOfItsOwnBehindAPooler();

private:
    QString conninfo(const TestDatabase &db, int port) const
    {
        return QStringLiteral("host=127.0.0.1 port=%1 dbname=%2 user=identidad_purga sslmode=disable")
            .arg(port)
            .arg(db.name());
    }
    CliResult runCli(const TestDatabase &db, int port, const QStringList &args) const
    {
        QProcess p;
        p.setProcessEnvironment(cliEnvironment(m_sandbox, m_home.path()));
        p.setProgram(m_cli);
        p.setArguments(args + QStringList{QStringLiteral("--conninfo"), conninfo(db, port)});
        return runProcess(p, 120000);
    }
    static QJsonObject check(const QJsonObject &status, const QString &id)
    {
        for (const QJsonValue &v : status.value(QStringLiteral("checks")).toArray())
            if (v.toObject().value(QStringLiteral("id")).toString() == id)
                return v.toObject();
        return {};
    }

    int m_txPort = 0;
    int m_sessionPort = 0;
};

void TestPooler::initTestCase()
{
    if (!requireCli())
        return;
    BouncerPorts ports;
    PURGA_REQUIRE_BOUNCER(ports);
    m_txPort = ports.transaction;
    m_sessionPort = ports.session;
}

void TestPooler::directConnectionHasNoPooler()
{
    TestDatabase db(m_sandbox, QStringLiteral("pool"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const CliResult r = runCli(db, m_sandbox.port, {QStringLiteral("status"), QStringLiteral("--json")});
    QString why;
    const QJsonObject o = r.json(&why);
    QVERIFY2(!o.isEmpty(), qPrintable(why + u' ' + r.describe()));
    QCOMPARE(
        o.value(QStringLiteral("preflight")).toObject().value(QStringLiteral("connection_pooler")).toString(),
        QStringLiteral("none"));
    QVERIFY(check(o.value(QStringLiteral("preflight")).toObject(), QStringLiteral("pooler")).isEmpty());
}

void TestPooler::transactionPoolingRefusesThePurge()
{
    TestDatabase db(m_sandbox, QStringLiteral("pool"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(2000)));
    const qint64 before =
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();

    const CliResult status = runCli(db, m_txPort, {QStringLiteral("status"), QStringLiteral("--json")});
    QString why;
    const QJsonObject o = status.json(&why);
    QVERIFY2(!o.isEmpty(), qPrintable(why + u' ' + status.describe()));
    const QJsonObject pre = o.value(QStringLiteral("preflight")).toObject();
    QCOMPARE(pre.value(QStringLiteral("connection_pooler")).toString(), QStringLiteral("transaction"));
    QCOMPARE(pre.value(QStringLiteral("can_purge")).toBool(), false);
    QCOMPARE(pre.value(QStringLiteral("can_preview")).toBool(), true);
    const QJsonObject item = check(pre, QStringLiteral("pooler"));
    QCOMPARE(item.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(item.value(QStringLiteral("blocks_purge")).toBool(), true);
    QCOMPARE(status.exitCode, 4);

    // The preview may run; the purge is refused with exit 4, naming the pooler and the way out.
    const CliResult preview = runCli(db, m_txPort,
                                     {QStringLiteral("preview"), QStringLiteral("--rule"),
                                      QStringLiteral("refresh_tokens"), QStringLiteral("--json")});
    QVERIFY2(preview.exitCode == 0, qPrintable(preview.describe()));
    const CliResult purge = runCli(db, m_txPort,
                                   {QStringLiteral("purge"), QStringLiteral("--rule"),
                                    QStringLiteral("refresh_tokens"), QStringLiteral("--yes")});
    QVERIFY2(purge.exitStatus == QProcess::NormalExit && purge.exitCode == 4, qPrintable(purge.describe()));
    QVERIFY2(purge.errText().contains(QLatin1String("pooler")), qPrintable(purge.describe()));
    QVERIFY2(purge.errText().contains(QLatin1String("pool_mode=session")), qPrintable(purge.describe()));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
             before);
}

// In pool_mode=session the pooler is seen too and the purge refused until the DBA asserts session
// pooling; with --assume-session-pooler it runs, every batch checking its own server connection.
void TestPooler::sessionPoolingKeepsWorking()
{
    TestDatabase db(m_sandbox, QStringLiteral("pool"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(2000)));
    QVERIFY(setupHistory(db));
    const qint64 before =
        db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong();

    const CliResult unasserted = runCli(db, m_sessionPort,
                                        {QStringLiteral("purge"), QStringLiteral("--rule"),
                                         QStringLiteral("refresh_tokens"), QStringLiteral("--yes")});
    QVERIFY2(unasserted.exitStatus == QProcess::NormalExit && unasserted.exitCode == 4,
             qPrintable(unasserted.describe()));
    QVERIFY2(unasserted.errText().contains(QLatin1String("--assume-session-pooler")),
             qPrintable(unasserted.describe()));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
             before);

    const QString assert = QStringLiteral("--assume-session-pooler");
    const CliResult status =
        runCli(db, m_sessionPort, {QStringLiteral("status"), QStringLiteral("--json"), assert});
    QString why;
    const QJsonObject o = status.json(&why);
    QVERIFY2(!o.isEmpty(), qPrintable(why + u' ' + status.describe()));
    const QJsonObject pre = o.value(QStringLiteral("preflight")).toObject();
    QCOMPARE(pre.value(QStringLiteral("connection_pooler")).toString(), QStringLiteral("session"));
    QCOMPARE(pre.value(QStringLiteral("assume_session_pooler")).toBool(), true);
    QCOMPARE(pre.value(QStringLiteral("can_purge")).toBool(), true);
    QCOMPARE(check(pre, QStringLiteral("pooler")).value(QStringLiteral("status")).toString(),
             QStringLiteral("warning"));

    const CliResult purge =
        runCli(db, m_sessionPort,
               {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                QStringLiteral("--yes"), QStringLiteral("--json"), assert});
    QVERIFY2(purge.exitStatus == QProcess::NormalExit && purge.exitCode == 0, qPrintable(purge.describe()));
    const QJsonObject receipt = purge.json(&why);
    QCOMPARE(receipt.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    const qint64 deleted = CliResult::deletedOf(receipt);
    QVERIFY(deleted > 0);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
             before - deleted);
}

// The GUI's checklist (DbSession, as SessionCoordinator asks it) tells transaction pooling apart
// too: the checks page and the Purge page then refuse the purge before the purge's own re-check.
void TestPooler::guiPreflightTellsTransactionPooling()
{
    TestDatabase db(m_sandbox, QStringLiteral("pool"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    for (const int port : {m_txPort, m_sessionPort}) {
        ConnectionProfile profile = db.profile();
        profile.host = QStringLiteral("127.0.0.1");
        profile.port = port;
        profile.sslMode = QStringLiteral("disable");
        const QString password = db.passwordFor(QStringLiteral("identidad_purga"));
        registerMetaTypes();
        DbSession session;
        QString connectError;
        DbRequest *connect = session.connectTo(profile, password); // requests run in order
        QObject::connect(connect, &DbRequest::failed, this,
                         [&](const DbFailure &f) { connectError = f.message; });
        PreflightReport report;
        bool done = false;
        DbRequest *request = session.runPreflight(profile, password);
        request->onSucceeded<PreflightReport>(this, [&](const PreflightReport &r) {
            report = r;
            done = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(done || !connectError.isEmpty(), 30000);
        QVERIFY2(connectError.isEmpty(), qPrintable(connectError));
        if (port == m_txPort) {
            QCOMPARE(report.pooler, Pooler::Transaction);
            QVERIFY(!report.canPurge());
            QVERIFY(report.canPreview());
        } else {
            QCOMPARE(report.pooler, Pooler::Session);
            QVERIFY2(!report.canPurge(), "a pooler not asserted to be in session mode must refuse");
        }
    }
}

// Behind a pooler in transaction (or statement) mode the catalog reads keep the server's JIT
// setting: an explicit transaction of their own would make pgbouncer in statement mode close the
// connection.
void TestPooler::noTransactionOfItsOwnBehindAPooler()
{
    TestDatabase db(m_sandbox, QStringLiteral("pool"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    ConnectionProfile profile = db.profile();
    profile.port = m_txPort;
    PgConnection conn;
    DbFailure err;
    QVERIFY2(conn.open(profile, db.passwordFor(QStringLiteral("identidad_purga")), &err),
             qPrintable(err.message + u' ' + err.detail));
    PreflightReport report;
    DbFailure failure;
    QVERIFY2(runPreflight(conn, &report, &failure), qPrintable(failure.message));
    QVERIFY(report.pooler != Pooler::None);
    QVERIFY(!conn.beginJitOff());
}

QTEST_GUILESS_MAIN(TestPooler)
#include "tst_pooler.moc"
