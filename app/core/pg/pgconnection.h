#pragma once

#include "connectionprofile.h"
#include "dbfailure.h"
#include "querycanceller.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QString>

#include <functional>

struct pg_conn;
typedef struct pg_conn PGconn;

namespace purga {

// One PostgreSQL connection owned by the thread that created it (QSqlDatabase's rule).
// Open, use and destroy it in that same thread; only cancel() may be called from elsewhere.
class PgConnection
{
    Q_DECLARE_TR_FUNCTIONS(PgConnection)
public:
    PgConnection();
    ~PgConnection();
    PgConnection(const PgConnection &) = delete;
    PgConnection &operator=(const PgConnection &) = delete;

    // password may be empty: libpq then applies PGPASSWORD / .pgpass / service file.
    bool open(const ConnectionProfile &profile, const QString &password, DbFailure *error);
    void close();
    bool isOpen() const;
    // Opened, but libpq has lost the server under it (PQstatus CONNECTION_BAD after a shutdown, a
    // broken socket or unanswered keepalives); only a new open() brings it back.
    bool isBroken() const;
    // The keep-alive: one cheap round trip (SELECT 1). False, with libpq's words, when it failed.
    bool ping(QString *error = nullptr);

    QSqlDatabase database() const;
    PGconn *handle() const;
    int backendPid() const;
    // The server asked for a password and libpq sent one (PQconnectionUsedPassword).
    bool usedPassword() const;

    // Runs a multi-statement script in one implicit transaction (simple-query protocol).
    bool execScript(const QString &sql, QString *error);
    // `text` as an SQL string literal (PQescapeLiteral). For the reads that also run behind a
    // transaction-mode pooler: QPSQL's prepare() is an SQL PREPARE, whose EXECUTE may land on
    // another server connection there ("prepared statement does not exist").
    QString literal(const QString &text) const;

    // For reads the planner overestimates (the partition queries' catalog subplans, the history's
    // year of runs): JIT compilation off for them, by SET LOCAL in a transaction of their own, so it
    // holds behind a transaction pooler and ends with them: for such reads compiling costs far more
    // than the query itself. withJitOff runs `read` (which must read every row it
    // needs: forward-only queries fetch rows as they go) between the two and returns its result.
    // beginJitOff opens the transaction only when none is open and says whether it did;
    // endJitOff(opened, ok) commits it (or rolls it back after a failure). Only on a connection
    // the preflight found direct (setDirect): behind pgbouncer in statement mode an explicit
    // transaction makes it close the connection, so there the reads keep the server's JIT setting.
    bool withJitOff(const std::function<bool()> &read);
    bool beginJitOff();
    void endJitOff(bool opened, bool ok);
    void setDirect(bool direct) { m_direct = direct; }
    bool isDirect() const { return m_direct; }
    // The profile's assumeSessionPooler, as this connection was opened with.
    bool assumesSessionPooler() const { return m_assumeSessionPooler; }

private:
    QString m_name;
    bool m_direct = false; // no pooler in between (the preflight's finding)
    bool m_assumeSessionPooler = false;
};

// SQLSTATE of a failed query (QSqlError::nativeErrorCode with QPSQL), e.g. "57014" for a cancel.
QString sqlState(const class QSqlQuery &query);
bool isQueryCanceled(const class QSqlQuery &query);
bool isLockTimeout(const class QSqlQuery &query);

} // namespace purga
