// Unit tests of DbFailure: statement failures told by SQLSTATE, never by message text, and the
// stable kind ids (no server).
#include "core/pg/dbfailure.h"

#include <QTest>

using namespace purga;

Q_DECLARE_METATYPE(purga::DbFailure::Kind)

class TestDbFailure : public QObject
{
    Q_OBJECT
private slots:
    void classify_data();
    void classify();
    void kindIds();
    void reasonIsNeverEmpty();
};

void TestDbFailure::classify_data()
{
    QTest::addColumn<QString>("sqlState");
    QTest::addColumn<bool>("cancelRequested");
    QTest::addColumn<DbFailure::Kind>("expected");
    QTest::newRow("our cancel") << QStringLiteral("57014") << true << DbFailure::Kind::Cancelled;
    QTest::newRow("statement_timeout")
        << QStringLiteral("57014") << false << DbFailure::Kind::StatementTimeout;
    QTest::newRow("lock_timeout") << QStringLiteral("55P03") << false << DbFailure::Kind::LockTimeout;
    QTest::newRow("lock_timeout during a cancel")
        << QStringLiteral("55P03") << true << DbFailure::Kind::LockTimeout;
    QTest::newRow("connection failure")
        << QStringLiteral("08006") << false << DbFailure::Kind::ConnectionLost;
    QTest::newRow("no sqlstate") << QString() << false << DbFailure::Kind::ConnectionLost;
    QTest::newRow("syntax error") << QStringLiteral("42601") << false << DbFailure::Kind::Other;
    // The server ended the session (a stop, a crash, a terminated backend): lost, never a cancel.
    QTest::newRow("admin shutdown") << QStringLiteral("57P01") << true << DbFailure::Kind::ConnectionLost;
    QTest::newRow("crash shutdown") << QStringLiteral("57P02") << false << DbFailure::Kind::ConnectionLost;
    QTest::newRow("cannot connect now")
        << QStringLiteral("57P03") << false << DbFailure::Kind::ConnectionLost;
}

void TestDbFailure::classify()
{
    QFETCH(QString, sqlState);
    QFETCH(bool, cancelRequested);
    QFETCH(DbFailure::Kind, expected);
    QCOMPARE(DbFailure::fromSqlState(sqlState, cancelRequested), expected);
}

// The ids JSON, the connect dialog and the log read: the connect kinds' as they always were.
void TestDbFailure::kindIds()
{
    using K = DbFailure::Kind;
    QCOMPARE(DbFailure::kindId(K::None), QStringLiteral("none"));
    QCOMPARE(DbFailure::kindId(K::WrongPassword), QStringLiteral("wrong_password"));
    QCOMPARE(DbFailure::kindId(K::PasswordMissing), QStringLiteral("password_missing"));
    QCOMPARE(DbFailure::kindId(K::Unreachable), QStringLiteral("unreachable"));
    QCOMPARE(DbFailure::kindId(K::Timeout), QStringLiteral("timeout"));
    QCOMPARE(DbFailure::kindId(K::DatabaseMissing), QStringLiteral("database_missing"));
    QCOMPARE(DbFailure::kindId(K::Ssl), QStringLiteral("ssl"));
    QCOMPARE(DbFailure::kindId(K::DriverMissing), QStringLiteral("driver_missing"));
    QCOMPARE(DbFailure::kindId(K::Other), QStringLiteral("other"));
    QCOMPARE(DbFailure::kindId(K::NotAuthorized), QStringLiteral("not_authorized"));
    QCOMPARE(DbFailure::kindId(K::ServerUnavailable), QStringLiteral("server_unavailable"));
    QCOMPARE(DbFailure::kindId(K::InvalidSettings), QStringLiteral("invalid_settings"));
    QCOMPARE(DbFailure::kindId(K::Cancelled), QStringLiteral("cancelled"));
    QCOMPARE(DbFailure::kindId(K::StatementTimeout), QStringLiteral("statement_timeout"));
    QCOMPARE(DbFailure::kindId(K::LockTimeout), QStringLiteral("lock_timeout"));
    QCOMPARE(DbFailure::kindId(K::ConnectionLost), QStringLiteral("connection_lost"));
    DbFailure f;
    f.kind = K::WrongPassword;
    QCOMPARE(f.kindId(), QStringLiteral("wrong_password"));
}

// What a page shows after "Look-up failed: " or "The checks could not run: ": always some words.
void TestDbFailure::reasonIsNeverEmpty()
{
    const DbFailure lost =
        DbFailure::connectionLost(QStringLiteral("server closed the connection unexpectedly"));
    QCOMPARE(lost.kind, DbFailure::Kind::ConnectionLost);
    QCOMPARE(lost.message, DbFailure::tr("The connection to the server was lost."));
    QCOMPARE(lost.detail, QStringLiteral("server closed the connection unexpectedly"));
    QCOMPARE(lost.reason(), lost.message);
    for (int k = int(DbFailure::Kind::None); k <= int(DbFailure::Kind::ConnectionLost); ++k) {
        DbFailure f;
        f.kind = DbFailure::Kind(k);
        QVERIFY2(!f.reason().trimmed().isEmpty(), qPrintable(f.kindId()));
    }
    DbFailure said;
    said.message = QStringLiteral("The checks could not run: permission denied");
    QCOMPARE(said.reason(), said.message);
}

QTEST_GUILESS_MAIN(TestDbFailure)
#include "tst_dbfailure.moc"
