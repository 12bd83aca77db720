// Unit tests of SqlFailure: statement failures told by SQLSTATE, never by message text (no server).
#include "core/pg/sqlfailure.h"

#include <QTest>

using namespace purga;

Q_DECLARE_METATYPE(purga::SqlFailure)

class TestDbFailure : public QObject
{
    Q_OBJECT
private slots:
    void classify_data();
    void classify();
};

void TestDbFailure::classify_data()
{
    QTest::addColumn<QString>("sqlState");
    QTest::addColumn<bool>("cancelRequested");
    QTest::addColumn<SqlFailure>("expected");
    QTest::newRow("our cancel") << QStringLiteral("57014") << true << SqlFailure::Cancelled;
    QTest::newRow("statement_timeout") << QStringLiteral("57014") << false << SqlFailure::StatementTimeout;
    QTest::newRow("lock_timeout") << QStringLiteral("55P03") << false << SqlFailure::LockTimeout;
    QTest::newRow("lock_timeout during a cancel")
        << QStringLiteral("55P03") << true << SqlFailure::LockTimeout;
    QTest::newRow("connection failure") << QStringLiteral("08006") << false << SqlFailure::ConnectionLost;
    QTest::newRow("no sqlstate") << QString() << false << SqlFailure::ConnectionLost;
    QTest::newRow("syntax error") << QStringLiteral("42601") << false << SqlFailure::Other;
    QTest::newRow("admin shutdown") << QStringLiteral("57P01") << true << SqlFailure::Other;
}

void TestDbFailure::classify()
{
    QFETCH(QString, sqlState);
    QFETCH(bool, cancelRequested);
    QFETCH(SqlFailure, expected);
    QCOMPARE(classifyFailure(sqlState, cancelRequested), expected);
}

QTEST_GUILESS_MAIN(TestDbFailure)
#include "tst_sqlfailure.moc"
