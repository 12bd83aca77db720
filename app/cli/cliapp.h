#pragma once

#include "connectionprofile.h"
#include "pgconnection.h"
#include "preflight.h"
#include "rules.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace purga::cli {

// Exit codes shared by every command (documented in README.md).
enum Exit { Ok = 0, Other = 1, Usage = 2, CannotConnect = 3, Refused = 4, LockBusy = 5, Cancelled = 6 };

int run(int argc, char **argv);

// What status/preview/purge open: a checked connection with its rule settings and preflight.
struct Session
{
    PgConnection conn;
    ConnectionProfile profile;
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

    // Resolves --profile / --conninfo / --service and connects. On failure prints and sets *exitCode.
    // *password (optional): the keychain's password, if any (kept in memory only).
    bool connect(PgConnection &conn, ConnectionProfile *profile, int *exitCode, QString *password = nullptr);
    // Checks the rule ids and options (usage errors before any connection), connects, marks runs
    // whose backend died as interrupted, reads the rule settings and runs the preflight.
    bool open(const QStringList &ruleIds, Session *session, int *exitCode);
    // Rule configs from the profile, overridden by --batch-size etc.; false (usage) when invalid.
    bool ruleConfigs(const ConnectionProfile &profile, const QStringList &ids, QList<RuleConfig> *out);

    static void error(const QString &line);    // one clear line on stderr
    static void info(const QString &line);     // stderr too: stdout is for results / JSON
    static void printJson(const QJsonObject &o);
    static void printLine(const QString &line); // stdout
};

int cmdStatus(Context &ctx);
int cmdSetupHistory(Context &ctx);
int cmdPreview(Context &ctx);
int cmdPurge(Context &ctx);
int cmdProfileSave(Context &ctx);
int cmdPasswordStore(Context &ctx);
int cmdPasswordForget(Context &ctx);
int cmdLookup(Context &ctx);
int cmdTimeline(Context &ctx);
int cmdFreeze(Context &ctx);

} // namespace purga::cli
