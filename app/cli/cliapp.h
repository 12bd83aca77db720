#pragma once

// What every command of purga-sesiones-cli shares: the exit codes, the Context each command gets
// (parsed options, connecting, printing, signals) and the command functions the table names.
#include "core/pg/connectionprofile.h"
#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "core/rules/rules.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace purga {
struct PurgeReceipt;
}

namespace purga::cli {

// Exit codes shared by every command (documented in README.md), written Exit::Ok etc.; they stay
// plain ints for main() and the commands' return values.
namespace Exit {
enum Code {
    Ok = 0,
    Other = 1,
    Usage = 2,
    CannotConnect = 3,
    Refused = 4,
    LockBusy = 5,
    Cancelled = 6,
    Unhealthy = 7
};
} // namespace Exit

// main(): blocks SIGINT/SIGTERM and disables core dumps before anything else, then runs.
int run(int argc, char **argv);

// What status/preview/purge open: a checked connection with its rule settings and preflight.
struct Session
{
    ~Session();
    PgConnection conn;
    ConnectionProfile profile;
    // The keychain's password, if any, for the command's further connections (purge --parallel);
    // in memory only, wiped with the session.
    QString password;
    QList<RuleConfig> rules;
    PreflightReport report;
};

// What every command gets: parsed options and helpers to connect and print.
class Context
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
public:
    explicit Context(QCommandLineParser &parser)
        : parser(parser)
    {
    }
    QCommandLineParser &parser;
    bool json = false;
    static bool verbose; // --verbose: the details of errors (server DETAIL/HINT, libpq's text)

    // Resolves --profile / --conninfo / --service / -h -p -d -U (none: libpq's PG* environment, as
    // psql) and connects, then marks the runs and freezes whose backend died as interrupted. On
    // failure prints and sets *exitCode. checkUsage() has refused two ways at once.
    // *password (optional): the keychain's password, if any (kept in memory only).
    bool connect(PgConnection &conn, ConnectionProfile *profile, int *exitCode, QString *password = nullptr);
    // What connect() connects to: the profile and the keychain's password, or *fromLibpq when a
    // profile's password is left to libpq (the keychain has none for it) (cliconnect.cpp).
    bool target(ConnectionProfile *profile, QString *password, bool *fromLibpq, int *exitCode);
    // Says on stderr that a connection string without sslmode towards a host that is not loopback gets
    // verify-full (conninfoTlsDefault), before connecting.
    // `given` names where the string came from (empty: --conninfo).
    static void announceTlsDefault(const QString &conninfo, const QString &given = QString());
    // Checks the rule ids and options (usage errors before any connection), connects (see
    // connect()), reads the rule settings and runs the preflight.
    bool open(const QStringList &ruleIds, Session *session, int *exitCode);
    // Rule configs from the profile, overridden by --batch-size etc.; false (usage) when invalid.
    bool ruleConfigs(const ConnectionProfile &profile, const QStringList &ids, QList<RuleConfig> *out);

    // One clear line on stderr: the first line of `line` only; its other lines and `detail` go
    // out too with --verbose. Known secrets (the --conninfo password) are replaced by ***.
    static void error(const QString &line, const QString &detail = QString());
    static void info(const QString &line); // stderr too: stdout is for results / JSON
    // "No profile named X" with the saved names, or that none is saved (cliprofiles.cpp).
    static void unknownProfile(const QString &name, const QStringList &saved);
    static void setSecrets(const QStringList &secrets);
    static QString redacted(const QString &text);

    // The last SIGINT/SIGTERM received, or 0. What a signal does: clisignals.h (a SignalTarget
    // routes it to a canceller; without one the command ends at once with exit 6).
    static int signalled();
    static void printJson(const QJsonObject &o);
    static void printLine(const QString &line); // stdout
};

int cmdStatus(Context &ctx);
int cmdSetupHistory(Context &ctx);
int cmdPreview(Context &ctx);
int cmdPurge(Context &ctx);
int cmdHistory(Context &ctx);
int cmdHealth(Context &ctx);
// purge --prometheus-textfile PATH: the run's metrics for node_exporter (clihistory.cpp).
bool writePrometheusAfterPurge(Context &ctx, PgConnection &conn, const PurgeReceipt &receipt);
int cmdProfileSave(Context &ctx);
int cmdPasswordStore(Context &ctx);
int cmdPasswordForget(Context &ctx);
int cmdLookup(Context &ctx);
int cmdTimeline(Context &ctx);
int cmdFreeze(Context &ctx);
int cmdRuleSet(Context &ctx);
int cmdPartitionRestore(Context &ctx); // clipartition.cpp
int cmdCompletion(Context &ctx);
int cmdProfileList(Context &ctx);
int cmdFleet(Context &ctx);
int cmdFleetProbe(Context &ctx);
int cmdVerify(Context &ctx);
int cmdReceiptExport(Context &ctx);
// After a purge (clireceipts.cpp): signs its receipt with the workstation's key and appends it to
// the database's chain (and to --receipt-out FILE); the "signed_receipt" object, or null when it
// was not recorded (said on stderr: no keychain, no receipts table).
QJsonValue signReceiptAfterPurge(Context &ctx, PgConnection &conn, const PurgeReceipt &receipt);
void printSignedReceipt(const QJsonValue &signedReceipt);
int cmdHold(Context &ctx); // clihold.cpp

} // namespace purga::cli
