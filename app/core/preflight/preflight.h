#pragma once

#include "core/pg/tls.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace purga {

class PgConnection;
struct DbFailure;
struct ConnectionProfile;

// A connection pooler between us and PostgreSQL (pgbouncer, pgpool, ...). Its presence is certain
// (the backend pid libpq got at startup is not the server's); its mode is only probed.
enum class Pooler {
    None,        // libpq's backend pid is the server's: a direct connection
    Session,     // a pooler that kept our session state so far (not a proof of session pooling)
    Transaction, // proven transaction (or statement) pooling: session state did not survive
};
QString toId(Pooler pooler); // none | session | transaction (JSON)

// One line of the preflight checklist.
struct PreflightItem
{
    enum class Status { Ok, Warning, Failed };
    QString id; // stable: "server", "bypassrls", "superuser", "standby", "table:<name>", ...
    Status status = Status::Ok;
    QString title;  // translated, short: "Role bypasses row level security"
    QString detail; // translated explanation, especially of a failure and what to do about it
    bool blocksPreview = false;
    bool blocksPurge = false;
    QString ruleId; // set when the item concerns one rule only ("table:pre_tokens", "delete:pre_tokens",
                    // "detach:..."): it then blocks the preview and purge of that rule alone

    static PreflightItem make(const QString &id, Status status, const QString &title, const QString &detail,
                              bool blocksPreview = false, bool blocksPurge = false);
};

QString toId(PreflightItem::Status status); // ok | warning | failed (JSON)

// One refusal: of every rule (ruleId empty) or of one; of preview and purge, or of the purge only.
struct PreflightRefusal
{
    Q_DECLARE_TR_FUNCTIONS(PreflightRefusal)
public:
    QString ruleId;
    bool previewToo = false;
    QStringList reasons; // translated
    // "Preview and purge of Pre-tokens are refused: …" (translated, reasons joined with "; ")
    QString text() const;
};

// What the connected role and server allow, checked from attributes and privileges (never names).
struct PreflightReport
{
    Q_DECLARE_TR_FUNCTIONS(PreflightReport)
public:
    QString serverVersion; // "15.18"
    int serverVersionNum = 0;
    QString role;
    QString database;
    QString serverTimeZone;
    bool bypassRls = false;
    bool superuser = false;
    bool inRecovery = false;
    bool canDetachPartitions = false;
    bool historyExists = false;
    bool historyWritable = false;
    bool canCreateHistory = false;
    bool canVacuum = false;
    QString lastJobOkUtc;        // last successful run of the scheduled job (history), empty if none
    double hoursSinceJobOk = -1; // -1: never / unknown
    Pooler pooler = Pooler::None;
    bool assumeSessionPooler = false; // the profile's (or --assume-session-pooler's) word
    int clientBackendPid = 0;         // what libpq was told at startup (a pooler's own key when pooled)
    int serverBackendPid = 0;         // pg_backend_pid()
    TlsStatus tls;                    // TLS in use, sslmode, the host libpq chose (item "tls")
    int standbys = 0;                 // rows of pg_stat_replication (item "replica_lag")
    int standbysLagVisible = 0;       // of them, those whose replay position this role may read
    bool readOnlyDefault = false;     // default_transaction_read_only on (item "read_only_default")
    QList<PreflightItem> items;

    // Preview and purge blockers of the rules `ruleIds` (empty: of every rule); rule items of
    // other rules do not count (a missing trx_pre_tokens leaves refresh_tokens previewable).
    bool canPreview(const QStringList &ruleIds = {}) const;
    bool canPurge(const QStringList &ruleIds = {}) const;
    QStringList previewBlockers(const QStringList &ruleIds = {}) const; // translated reasons
    QStringList purgeBlockers(const QStringList &ruleIds = {}) const;
    QStringList previewableRules() const; // the rules no preview blocker concerns
    QStringList purgeableRules() const;   // the rules nothing blocks
    // What is refused and why, for the banner, the Checks verdict and the status: one entry when a
    // blocker concerns every rule (no BYPASSRLS, a standby), else one per refused rule (a missing
    // table refuses its rule alone), then the purge refusals of the rules that still preview.
    QList<PreflightRefusal> refusals() const;
    // The "pooler" item's detail when it refuses purges (and freezes); empty when none is refused.
    QString poolerRefusal() const;
    QJsonObject toJson() const;
};

// Runs every check on an open connection. False only when the checks themselves could not run.
// A pooler is told from the backend pid and from a session setting across two transactions.
// *failure then holds the failed query's kind (from its SQLSTATE) and message.
bool runPreflight(PgConnection &conn, PreflightReport *report, DbFailure *failure);

// The pooler check alone (runPreflight runs it too), for the evidence freeze, which needs no other:
// a pooler in between refuses a freeze unless the connection's profile asserts session pooling.
void checkPooler(PgConnection &conn, PreflightReport *report);

// When runPreflight saw a pooler that kept our session state: opens a second session through
// the same route while ours is idle; landing on our server connection proves transaction pooling
// (one client alone keeps its server connection between transactions in that mode too).
void probePoolMode(PgConnection &conn, const ConnectionProfile &profile, const QString &password,
                   PreflightReport *report);

} // namespace purga

Q_DECLARE_METATYPE(purga::PreflightReport)
