#pragma once

// Who holds the purge's advisory lock (731001, the key of ADR 0021's scheduled job) and who waits
// for it, read from pg_locks joined with pg_stat_activity. One source for every place that names
// them: `status`, the Overview and Purge pages, a refused purge, a refused freeze.

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace purga {

class PgConnection;
struct DbFailure;

// What the lock watch needs besides the connection.
struct LockWatchOptions
{
    qint64 key = 731001;
    // A holder idle ('idle', no transaction) for longer than this is "possibly a leaked lock":
    // the ADR's job closes the connection that took the lock in session.commit(), so its unlock
    // fails and the pooled connection keeps the lock.
    int leakAfterSeconds = 300;
    // Per profile: key "lock/idle_seconds" in the profile's rule overrides (default 300).
    static LockWatchOptions fromProfile(const QMap<QString, QString> &overrides);
};

// One session in pg_locks for the key: the holder (granted) or a waiter.
struct LockSession
{
    int pid = 0;
    bool granted = false;
    QString application;         // may be empty
    QString role;                // usename: visible to every role
    bool superuser = false;      // the holder's role (pg_roles, readable by all)
    bool detailsVisible = false; // false: this role may not see the client, times and state
    QString clientAddr;          // empty: NULL (with details visible and port -1: a Unix socket)
    int clientPort = 0;
    QString backendStartUtc; // "YYYY-MM-DD HH:MM:SS" UTC; empty when hidden
    QString xactStartUtc;    // empty: no transaction open (or hidden)
    QString stateChangeUtc;
    QString waitStartUtc;      // waiters, PostgreSQL 14+
    QString state;             // active | idle | idle in transaction | …; empty when hidden
    qint64 stateSeconds = -1;  // how long in `state` (clock_timestamp() - state_change); -1 hidden
    bool thisSession = false;  // the connection that asked
    bool canTerminate = false; // this role may pg_terminate_backend() it

    bool isUnixSocket() const { return detailsVisible && clientAddr.isEmpty() && clientPort == -1; }
    bool isIdle() const { return state == QLatin1String("idle"); }
    // "from 10.0.0.5:51234" | "over a Unix socket" | "client unknown" | the hidden-columns note.
    QString clientText() const;
    // One line: "pid 123 (app, user x, from …, connected since … UTC, idle for 6 min 40 s)".
    QString describe() const;
    QJsonObject toJson() const;
};

struct LockHolders
{
    Q_DECLARE_TR_FUNCTIONS(LockHolders)
public:
    qint64 key = 731001;
    int leakAfterSeconds = 300;
    QString currentRole;           // the role that looked (for the GRANT hint)
    bool canSignalBackend = false; // member of pg_signal_backend
    std::optional<LockSession> holder;
    QList<LockSession> waiters;

    bool held() const { return holder.has_value(); }
    // The holder has been 'idle' for longer than leakAfterSeconds (never guessed from hidden columns).
    bool possiblyLeaked() const;
    // "SELECT pg_terminate_backend(<pid>);" for the holder; empty when nobody holds the lock.
    QString terminateSql() const;
    // The GUI offers to end the holder: possibly leaked, and this role may signal it.
    bool offerTerminate() const;
    // Human lines: the holder, the leak note with the SQL, and the waiters; "free" when nobody holds it.
    QStringList describeLines() const;
    // "purge_lock" of `status --json`: key, held, holder, waiters, possibly_leaked, terminate_sql, …
    QJsonObject toJson() const;

    // Reads pg_locks/pg_stat_activity for `options.key` in the current database.
    static bool fetch(PgConnection &conn, const LockWatchOptions &options, LockHolders *out,
                      DbFailure *failure);
    // Ends `session` if it still holds `key`, is still idle and is still the same backend (its start
    // matches): a reused pid or a holder that woke up is left alone. True when the backend ended.
    static bool terminate(PgConnection &conn, qint64 key, const LockSession &session, DbFailure *failure);
    // "6 min 40 s", "2 h 5 min", "12 s".
    static QString duration(qint64 seconds);
};

// Who holds advisory lock `key` in this database, in words ("pid 123 (app, user x, from …, idle for 40 s)"),
// saying what this role may not see instead of guessing; "an unknown session" when nobody is found.
QString describeLockHolder(PgConnection &conn, qint64 key);

// Whether the server backend running this statement holds advisory lock `key` (a session lock, as
// pg_advisory_lock takes it). Empty when pg_locks could not be read. Behind a pooler this names the
// server connection of the current transaction, which is what the purge's batches must check.
std::optional<bool> advisoryLockHeldHere(PgConnection &conn, qint64 key);

} // namespace purga
