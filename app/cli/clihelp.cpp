// The options, the commands and the help of each command.
#include "cliapp.h"

#include <QMap>

namespace purga::cli {

namespace {

struct Command
{
    const char *name;
    const char *synopsis; // after "purga-sesiones-cli NAME"
    const char *description;
    QStringList options; // besides the connection options, when connects is true
    int positional;      // arguments after the command name
    bool connects;
};

const QList<Command> &commands()
{
    static const QList<Command> list = {
        {"status",
         "[--json] [--estimates] [--lock-key N] [--lock-idle-seconds N]",
         QT_TRANSLATE_NOOP("Cli",
                           "Connection, preflight checks, per-table overview and who holds or waits for "
                           "the purge lock (exit 4 when purging is refused)."),
         {QStringLiteral("json"), QStringLiteral("estimates"), QStringLiteral("lock-key"),
          QStringLiteral("lock-idle-seconds")},
         0,
         true},
        {"setup-history",
         "",
         QT_TRANSLATE_NOOP("Cli", "Create or upgrade the purge history tables (idempotent)."),
         {},
         0,
         true},
        {"preview",
         "[--rule ID]... [--json]",
         QT_TRANSLATE_NOOP("Cli", "What each rule would remove, at one frozen database instant (every rule "
                                  "when no --rule is given)."),
         {QStringLiteral("rule"), QStringLiteral("all"), QStringLiteral("json")},
         0,
         true},
        {"purge",
         "(--rule ID... | --all) --yes [--batch-size N] [--lock-timeout-ms N] [--statement-timeout-ms N]\n"
         "                         [--ddl-lock-timeout-ms N] [--pause-ms N] [--nice R] [--max-lag-ms N] "
         "[--abort-lag-ms N]\n"
         "                         [--throttle-file PATH] [--sync-commit on|off] [--target-batch-ms N] "
         "[--detach-only] [--vacuum] "
         "[--lock-key N] [--allow-short-retention] [--json]",
         QT_TRANSLATE_NOOP("Cli",
                           "Run the batched purge. Without --yes only the preview is printed. SIGINT/SIGTERM "
                           "cancel the batch in flight (exit 6)."),
         {QStringLiteral("rule"),
          QStringLiteral("all"),
          QStringLiteral("yes"),
          QStringLiteral("batch-size"),
          QStringLiteral("lock-timeout-ms"),
          QStringLiteral("statement-timeout-ms"),
          QStringLiteral("ddl-lock-timeout-ms"),
          QStringLiteral("pause-ms"),
          QStringLiteral("nice"),
          QStringLiteral("max-lag-ms"),
          QStringLiteral("abort-lag-ms"),
          QStringLiteral("throttle-file"),
          QStringLiteral("sync-commit"),
          QStringLiteral("target-batch-ms"),
          QStringLiteral("detach-only"),
          QStringLiteral("vacuum"),
          QStringLiteral("lock-key"),
          QStringLiteral("prometheus-textfile"),
          QStringLiteral("allow-short-retention"),
          QStringLiteral("json")},
         0,
         true},
        {"profile-save",
         "NAME --host H --port P --dbname D --user U [--sslmode M] [--sslrootcert PATH] [--environment E]",
         QT_TRANSLATE_NOOP("Cli", "Save a connection profile (never a password)."),
         {QStringLiteral("host"), QStringLiteral("port"), QStringLiteral("dbname"), QStringLiteral("user"),
          QStringLiteral("sslmode"), QStringLiteral("sslrootcert"), QStringLiteral("environment")},
         1,
         false},
        {"password-store",
         "NAME",
         QT_TRANSLATE_NOOP("Cli", "Store the password of an existing profile in the OS keychain, read from "
                                  "standard input."),
         {},
         1,
         false},
        {"password-forget",
         "NAME",
         QT_TRANSLATE_NOOP("Cli",
                           "Remove the profile's password from the OS keychain, saying whether one was "
                           "stored."),
         {},
         1,
         false},
        {"history",
         "[--days N | --since ISO-8601] [--origin job|manual|all] [--table NAME] (--json | --csv)",
         QT_TRANSLATE_NOOP("Cli",
                           "Purge runs (the scheduled job's and manual ones) and rows removed per table, "
                           "aggregated in the database (docs/cli-json.md)."),
         {QStringLiteral("days"), QStringLiteral("since"), QStringLiteral("origin"), QStringLiteral("table"),
          QStringLiteral("json"), QStringLiteral("csv")},
         0,
         true},
        {"health",
         "[--max-hours N] [--json]",
         QT_TRANSLATE_NOOP("Cli", "Overdue and failed-run checks for monitoring: exit 0 when healthy, 7 when "
                                  "overdue or unhealthy."),
         {QStringLiteral("max-hours"), QStringLiteral("json")},
         0,
         true},
        {"lookup",
         "(--token-hash HEX | --token-stdin) [--reveal] [--json]",
         QT_TRANSLATE_NOOP("Cli",
                           "Find a token by its SHA-256 or by the raw token on standard input (hashed "
                           "here, never sent): which rule removes it and when, and its rotation chain. "
                           "Not found: exit 0 with an empty list."),
         {QStringLiteral("token-hash"), QStringLiteral("token-stdin"), QStringLiteral("reveal"),
          QStringLiteral("json")},
         0,
         true},
        {"timeline",
         "--empresa N --usuario N [--since ISO] [--until ISO] (--json | --csv) [--reveal]",
         QT_TRANSLATE_NOOP("Cli",
                           "One user's refresh tokens, pre-tokens and session-log events, newest first "
                           "(every partition, DEFAULT included)."),
         {QStringLiteral("empresa"), QStringLiteral("usuario"), QStringLiteral("since"),
          QStringLiteral("until"), QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("reveal")},
         0,
         true},
        {"freeze",
         "[--minutes N] [--lock-key N]",
         QT_TRANSLATE_NOOP("Cli", "Evidence freeze: hold the purge lock so that neither this tool nor the "
                                  "scheduled job can purge, until N minutes pass or Ctrl-C / SIGTERM (exit 5 "
                                  "when another session holds it)."),
         {QStringLiteral("minutes"), QStringLiteral("lock-key")},
         0,
         true},
    };
    return list;
}

const Command *findCommand(const QString &name)
{
    for (const Command &c : commands())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

QString exitCodes()
{
    return Context::tr(
        "Exit codes: 0 ok, 1 other error, 2 usage, 3 cannot connect/authenticate, "
        "4 precondition refused, 5 another purge holds the lock, 6 cancelled or partial, 7 unhealthy.");
}

QList<QCommandLineOption> allOptions()
{
    auto opt = [](const char *name, const QString &help, const char *value = nullptr) {
        return value ? QCommandLineOption(QLatin1String(name), help, QLatin1String(value))
                     : QCommandLineOption(QLatin1String(name), help);
    };
    return {
        opt("profile", Context::tr("Saved profile; its password comes from the OS keychain."), "NAME"),
        opt("conninfo",
            Context::tr("libpq connection string or URI; the password from PGPASSWORD or ~/.pgpass "
                        "(a password= here is visible in the process list)."),
            "STRING"),
        opt("service", Context::tr("libpq service name (pg_service.conf)."), "NAME"),
        opt("verbose", Context::tr("With an error, also print the server's and libpq's own details.")),
        opt("json", Context::tr("Machine-readable output on stdout (docs/cli-json.md).")),
        opt("estimates", Context::tr("Catalog estimates only (no exact counts).")),
        opt("rule", Context::tr("Rule (repeatable): refresh_tokens, pre_tokens, log_sesiones."), "ID"),
        opt("all", Context::tr("Every rule (not with --rule).")),
        opt("yes", Context::tr("Really delete (otherwise only the preview is printed).")),
        opt("batch-size", Context::tr("Rows per batch (1-100000, default 5000)."), "N"),
        opt("lock-timeout-ms", Context::tr("lock_timeout of each batch (default 5000)."), "N"),
        opt("ddl-lock-timeout-ms",
            Context::tr("lock_timeout of each DETACH/DROP of a partition (default 300): a waiting DETACH "
                        "holds back every INSERT into log_sesiones, so it gives way quickly and retries."),
            "N"),
        opt("statement-timeout-ms", Context::tr("statement_timeout of each batch (default 120000)."), "N"),
        opt("pause-ms", Context::tr("Pause between batches (default 0)."), "N"),
        opt("nice", Context::tr("After each batch, sleep R × its time (default 0)."), "R"),
        opt("max-lag-ms",
            Context::tr("No batch starts while a standby's replay lag is above N ms (default 1000 when "
                        "the server has standbys; 0 off)."),
            "N"),
        opt("abort-lag-ms",
            Context::tr("Stop cleanly (exit 6) when the replay lag stays above N ms for 60 s (default off)."),
            "N"),
        opt("throttle-file",
            Context::tr("While this file exists no batch starts (hold a running purge: touch it; release: "
                        "remove it)."),
            "PATH"),
        opt("sync-commit",
            Context::tr("on: every batch waits for its WAL flush; off: batches commit asynchronously and "
                        "the run ends with one durable commit before the receipt (default on)."),
            "on|off"),
        opt("target-batch-ms", Context::tr("Adapt the batch size to this duration (default off)."), "N"),
        opt("vacuum", Context::tr("VACUUM (ANALYZE) the purged tables afterwards (needs the owner).")),
        opt("allow-short-retention",
            Context::tr("Purge even with a retention shorter than the ADR's forensic window (refresh tokens "
                        "30 days, pre-tokens 24 h, session log 12 months); refused (exit 4) without it.")),
        opt("detach-only", Context::tr("Keep detached partitions as tables instead of dropping them.")),
        opt("lock-key", Context::tr("Advisory lock key (default 731001, the ADR's)."), "N"),
        opt("lock-idle-seconds",
            Context::tr("status: a lock holder idle this long is \"possibly a leaked lock\" (default: the "
                        "profile's, 300)."),
            "N"),
        opt("host", Context::tr("Host name or address."), "HOST"),
        opt("port", Context::tr("Port."), "PORT"),
        opt("dbname", Context::tr("Database."), "DB"),
        opt("user", Context::tr("Role."), "ROLE"),
        opt("sslmode",
            Context::tr("libpq sslmode. A new profile gets verify-full, or prefer on localhost, 127.0.0.0/8, "
                        "::1 and Unix sockets."),
            "MODE"),
        opt("sslrootcert",
            Context::tr("Root certificate for verify-ca/verify-full (default: the system CA bundle)."),
            "PATH"),
        opt("environment",
            Context::tr("none, development, staging or production: the GUI colours its window after it "
                        "(production red). A new profile without it: production when its name or database "
                        "contains \"prod\", otherwise none."),
            "ENV"),
        opt("days", Context::tr("The last N days (default 30)."), "N"),
        opt("origin", Context::tr("job, manual or all (default)."), "ORIGIN"),
        opt("table", Context::tr("Only this table's rows."), "NAME"),
        opt("max-hours", Context::tr("Overdue after N hours (default: the profile's, 48)."), "N"),
        opt("prometheus-textfile",
            Context::tr("Write the run's metrics here for node_exporter (atomically)."), "PATH"),
        opt("token-hash", Context::tr("Hex SHA-256 of the token."), "HEX"),
        opt("token-stdin", Context::tr("Read the raw token from stdin and hash it here (never sent).")),
        opt("reveal", Context::tr("Print whole token hashes (masked by default).")),
        opt("empresa", Context::tr("Tenant id."), "N"),
        opt("usuario", Context::tr("User id."), "N"),
        opt("since", Context::tr("From this ISO 8601 instant."), "ISO"),
        opt("until", Context::tr("Up to this ISO 8601 instant."), "ISO"),
        opt("csv", Context::tr("CSV on stdout.")),
        opt("minutes", Context::tr("Release after N minutes (default: on Ctrl-C / SIGTERM)."), "N"),
    };
}

QString optionLines(const QStringList &names)
{
    QString out;
    for (const QCommandLineOption &o : allOptions()) {
        const QString name = o.names().constFirst();
        if (!names.contains(name))
            continue;
        QString left = QStringLiteral("  --") + name;
        if (!o.valueName().isEmpty())
            left += u' ' + o.valueName();
        out += left.leftJustified(26) + u' ' + o.description() + u'\n';
    }
    return out;
}

} // namespace

void addOptions(QCommandLineParser &parser)
{
    parser.addOptions(allOptions());
}

bool isCommand(const QString &name)
{
    return findCommand(name) != nullptr;
}

QString commandHelp(const QString &command)
{
    const Command *c = findCommand(command);
    if (!c)
        return QString();
    const QString usage =
        QStringLiteral("purga-sesiones-cli ") + QLatin1String(c->name) + u' ' + QLatin1String(c->synopsis);
    QString out = Context::tr("Usage: %1").arg(usage.trimmed()) + QStringLiteral("\n\n") +
                  Context::tr(c->description) + u'\n';
    if (!c->options.isEmpty())
        out += u'\n' + Context::tr("Options:") + u'\n' + optionLines(c->options);
    if (c->connects)
        out += u'\n' + Context::tr("Connection (exactly one of the first three):") + u'\n' +
               optionLines({QStringLiteral("profile"), QStringLiteral("conninfo"), QStringLiteral("service"),
                            QStringLiteral("verbose")});
    return out + u'\n' + exitCodes() + u'\n';
}

QString usageSummary()
{
    // The name column is not translated: commands and NAME are typed as they are.
    static const char *const lines[][2] = {
        {"status", QT_TRANSLATE_NOOP("Cli", "connection, preflight checks and per-table overview (exit 4 if "
                                            "purging is refused)")},
        {"setup-history", QT_TRANSLATE_NOOP("Cli", "create the purge history tables (idempotent)")},
        {"preview", QT_TRANSLATE_NOOP("Cli", "what each rule would remove, at one frozen database instant")},
        {"purge",
         QT_TRANSLATE_NOOP("Cli", "run the batched purge (needs --yes; without it, prints the preview "
                                  "only)")},
        {"history", QT_TRANSLATE_NOOP("Cli", "runs and rows removed per table (--days N | --since ISO-8601, "
                                             "--origin, --table; --json | --csv)")},
        {"health",
         QT_TRANSLATE_NOOP("Cli", "overdue and failed-run checks for monitoring (--max-hours N; exit 7 "
                                  "when unhealthy)")},
        {"profile-save NAME",
         QT_TRANSLATE_NOOP("Cli", "save a connection profile (--host --port --dbname --user "
                                  "--sslmode)")},
        {"password-store NAME",
         QT_TRANSLATE_NOOP("Cli", "store the profile's password in the OS keychain (read "
                                  "from stdin)")},
        {"password-forget NAME", QT_TRANSLATE_NOOP("Cli", "remove it from the keychain")},
        {"lookup",
         QT_TRANSLATE_NOOP("Cli", "find a token by --token-hash HEX or --token-stdin (raw token, hashed "
                                  "here)")},
        {"timeline", QT_TRANSLATE_NOOP("Cli", "one user's tokens and session log (--empresa N --usuario N "
                                              "[--since --until])")},
        {"freeze", QT_TRANSLATE_NOOP("Cli", "hold the purge lock (no purge runs) until --minutes N pass or "
                                            "Ctrl-C / SIGTERM")},
    };
    QString out = Context::tr("Commands:") + u'\n';
    for (const auto &line : lines)
        out += QStringLiteral("  ") + QString::fromLatin1(line[0]).leftJustified(21) + u' ' +
               Context::tr(line[1]) + u'\n';
    return out + Context::tr("`purga-sesiones-cli COMMAND --help` shows the options of one command.") +
           u'\n' + exitCodes();
}

bool checkUsage(const QCommandLineParser &parser, const QString &command)
{
    const Command *c = findCommand(command);
    if (!c)
        return true; // commands added elsewhere check their own arguments
    const QStringList args = parser.positionalArguments();
    if (args.size() - 1 < c->positional) {
        Context::error(Context::tr("Name the profile: %1 NAME").arg(command));
        return false;
    }
    if (args.size() - 1 > c->positional) {
        Context::error(Context::tr("Unexpected argument \"%1\" after %2 (see %2 --help).")
                           .arg(args.at(c->positional + 1), command));
        return false;
    }
    if (parser.isSet(QStringLiteral("all")) && parser.isSet(QStringLiteral("rule"))) {
        Context::error(
            Context::tr("--all and --rule exclude each other: say either every rule or which ones."));
        return false;
    }
    return true;
}

} // namespace purga::cli
