// execRequest (core/pg/pgrequest.h): several statements in one round trip, each with its result,
// none run after the first that failed; a lost connection is one failure without an SQLSTATE.
#include "core/pg/pgconnection.h"
#include "core/pg/pgrequest.h"
#include "support/pgsandbox.h"

#include <QTest>

using namespace purga;

class TestPgRequest : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void everyStatementHasItsResult()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("req"));
        PgConnection c;
        open(db, c);
        const RequestResult r = execRequest(
            c,
            QStringLiteral("BEGIN; CREATE TEMP TABLE t (n int); INSERT INTO t SELECT generate_series(1, 7); "
                           "DELETE FROM t WHERE n > 2; SELECT count(*), NULL::text FROM t; COMMIT"));
        QVERIFY(r.ok());
        QCOMPARE(r.statements.size(), 6);
        QCOMPARE(r.statements.at(2).rows, qint64(7));
        QCOMPARE(r.fromEnd(2)->rows, qint64(5)); // the DELETE's command tag
        const QVariantList row = r.fromEnd(1)->firstRow;
        QCOMPARE(row.size(), 2);
        QCOMPARE(row.at(0).toLongLong(), qint64(2));
        QVERIFY(row.at(1).isNull());
        QVERIFY(!r.failure());
        QVERIFY(!r.fromEnd(6));
    }

    void nothingRunsAfterTheFailedStatement()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("req"));
        PgConnection c;
        open(db, c);
        const RequestResult r = execRequest(
            c, QStringLiteral(
                   "BEGIN; CREATE TEMP TABLE u (n int); SELECT 1 / 0; INSERT INTO u VALUES (1); COMMIT"));
        QVERIFY(!r.ok());
        QCOMPARE(r.statements.size(), 3); // BEGIN, CREATE, the failed SELECT
        QVERIFY(r.failure());
        QCOMPARE(r.failure()->sqlState, QStringLiteral("22012"));
        QVERIFY(r.failure()->message.contains(QLatin1String("division by zero")));
        // The transaction is aborted, not committed: the INSERT and COMMIT never ran.
        QString error;
        QVERIFY(!c.execScript(QStringLiteral("SELECT 1"), &error));
        QVERIFY(c.execScript(QStringLiteral("ROLLBACK"), &error));
        QVERIFY(!execRequest(c, QStringLiteral("SELECT count(*) FROM u")).ok());
    }

    void lostConnectionIsAFailureWithoutSqlState()
    {
        test::TestDatabase db(m_sandbox, QStringLiteral("req"));
        PgConnection c, killer;
        open(db, c);
        open(db, killer);
        const int pid = c.backendPid();
        QString error;
        QVERIFY2(killer.execScript(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid), &error),
                 qPrintable(error));
        QTRY_VERIFY(
            !execRequest(killer, QStringLiteral("SELECT 1 FROM pg_stat_activity WHERE pid = %1").arg(pid))
                 .statements.constFirst()
                 .rows);
        const RequestResult r = execRequest(c, QStringLiteral("SELECT 1; SELECT 2"));
        QVERIFY(!r.ok());
        QVERIFY(!r.failure()->message.isEmpty());
        QVERIFY(r.failure()->sqlState.isEmpty() || r.failure()->sqlState.startsWith(QLatin1String("57P")));
        QVERIFY(c.isBroken());
    }

private:
    void open(test::TestDatabase &db, PgConnection &c)
    {
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        DbFailure err;
        QVERIFY2(c.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &err),
                 qPrintable(err.message + err.detail));
    }

    test::SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestPgRequest)
#include "tst_pgrequest.moc"
