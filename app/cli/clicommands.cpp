// The two tables of purga-sesiones-cli: its commands (name, synopsis, help, options, whether it
// connects, the function that runs it) and its options, each defined once. Help, usage checks and
// dispatch read them (clihelp.cpp, cliapp.cpp).
#include "clicommands.h"

#include <QCoreApplication>

#include <iterator>

namespace purga::cli {

namespace {

// In --help order; a command's own --help lists its options in this order too.
const CliOption kOptions[] = {
    {"help", nullptr,
     QT_TRANSLATE_NOOP("Cli", "This help; after a command's name, that command's synopsis and options."),
     "?"},
    {"help-all", nullptr, QT_TRANSLATE_NOOP("Cli", "This help and every command's synopsis and options.")},
    {"version", nullptr, QT_TRANSLATE_NOOP("Cli", "The version."), "V"},
    {"profile", "NAME",
     QT_TRANSLATE_NOOP("Cli", "Saved profile; its password comes from the OS keychain, or when the keychain "
                              "has none from PGPASSWORD or ~/.pgpass (stderr says which).")},
    {"conninfo", "STRING",
     QT_TRANSLATE_NOOP("Cli", "libpq connection string or URI; the password from PGPASSWORD or ~/.pgpass "
                              "(a password= here is visible in the process list).")},
    {"service", "NAME", QT_TRANSLATE_NOOP("Cli", "libpq service name (pg_service.conf).")},
    {"verbose", nullptr,
     QT_TRANSLATE_NOOP("Cli", "With an error, also print the server's and libpq's own details.")},
    {"json", nullptr,
     QT_TRANSLATE_NOOP("Cli",
                       "Machine-readable output on stdout (/usr/share/doc/purga-sesiones/cli-json.md).")},
    {"estimates", nullptr, QT_TRANSLATE_NOOP("Cli", "Catalog estimates only (no exact counts).")},
    {"rule", "ID", QT_TRANSLATE_NOOP("Cli", "Rule (repeatable): refresh_tokens, pre_tokens, log_sesiones.")},
    {"all", nullptr, QT_TRANSLATE_NOOP("Cli", "Every rule (not with --rule).")},
    {"yes", nullptr, QT_TRANSLATE_NOOP("Cli", "Really delete (otherwise only the preview is printed).")},
    {"dry-run", nullptr,
     QT_TRANSLATE_NOOP("Cli", "Print what would be removed and delete nothing (the default without --yes; "
                              "not with --yes).")},
    {"batch-size", "N", QT_TRANSLATE_NOOP("Cli", "Rows per batch (1-100000, default 5000).")},
    {"lock-timeout-ms", "N", QT_TRANSLATE_NOOP("Cli", "lock_timeout of each batch (default 5000).")},
    {"ddl-lock-timeout-ms", "N",
     QT_TRANSLATE_NOOP("Cli",
                       "lock_timeout of each DETACH/DROP of a partition (default 300): a waiting DETACH "
                       "holds back every INSERT into log_sesiones, so it gives way quickly and retries.")},
    {"statement-timeout-ms", "N",
     QT_TRANSLATE_NOOP("Cli", "statement_timeout of each batch (default 120000).")},
    {"pause-ms", "N", QT_TRANSLATE_NOOP("Cli", "Pause between batches (default 0).")},
    {"nice", "R", QT_TRANSLATE_NOOP("Cli", "After each batch, sleep R × its time (default 0).")},
    {"max-lag-ms", "N",
     QT_TRANSLATE_NOOP("Cli", "No batch starts while a standby's replay lag is above N ms (default 1000 when "
                              "the server has standbys; 0 off).")},
    {"abort-lag-ms", "N",
     QT_TRANSLATE_NOOP("Cli",
                       "Stop cleanly (exit 6) when the replay lag stays above N ms for 60 s (default off).")},
    {"throttle-file", "PATH",
     QT_TRANSLATE_NOOP("Cli",
                       "While this file exists no batch starts (hold a running purge: touch it; release: "
                       "remove it).")},
    {"sync-commit", "on|off",
     QT_TRANSLATE_NOOP("Cli",
                       "on: every batch waits for its WAL flush; off: batches commit asynchronously and "
                       "the run ends with one durable commit before the receipt (default off).")},
    {"target-batch-ms", "N",
     QT_TRANSLATE_NOOP("Cli", "Adapt each batch's size, up to --batch-size, so that a batch takes about N ms "
                              "(default off; the sizes chosen are in the progress lines and the receipt).")},
    {"parallel", "N",
     QT_TRANSLATE_NOOP("Cli",
                       "Delete on N connections at once (1-32, default 1): disjoint TID ranges of each row "
                       "rule's table, both token tables at the same time, under the run's one lock; refused "
                       "(exit 4) above the server's free connections.")},
    {"strategy", "tid|keyset",
     QT_TRANSLATE_NOOP("Cli",
                       "How row batches walk the table: tid (default) by ranges of its heap blocks; keyset "
                       "in (empresa_id, id) order, the order a table distributed by empresa_id needs (one "
                       "connection only: not with --parallel; without an index on (empresa_id, id) every "
                       "batch scans the table, and the run says so).")},
    {"vacuum", nullptr,
     QT_TRANSLATE_NOOP("Cli", "VACUUM (ANALYZE) the purged tables afterwards (needs the owner).")},
    {"allow-short-retention", nullptr,
     QT_TRANSLATE_NOOP("Cli",
                       "Purge even with a retention shorter than the ADR's forensic window (refresh tokens "
                       "30 days, pre-tokens 24 h, session log 12 months); refused (exit 4) without it.")},
    {"detach-only", nullptr,
     QT_TRANSLATE_NOOP("Cli", "Keep detached partitions as tables instead of dropping them.")},
    {"quarantine-days", "N",
     QT_TRANSLATE_NOOP("Cli",
                       "log_sesiones: move detached partitions to schema identidad_cuarentena and drop "
                       "them N days later (0-365; default: the profile's, 0 = DETACH and DROP).")},
    {"lock-key", "N", QT_TRANSLATE_NOOP("Cli", "Advisory lock key (default 731001, the ADR's).")},
    {"assume-session-pooler", nullptr,
     QT_TRANSLATE_NOOP("Cli",
                       "The connection pooler in between keeps one server connection per client "
                       "(pgbouncer pool_mode=session): purge and freeze may then run behind it, every batch "
                       "checking that its server connection holds the lock. Without it they are refused "
                       "behind any pooler (exit 4). profile-save: saved with the profile (restated on "
                       "every save).")},
    {"lock-idle-seconds", "N",
     QT_TRANSLATE_NOOP("Cli",
                       "status: a lock holder idle this long is \"possibly a leaked lock\" (default: the "
                       "profile's, 300).")},
    {"host", "HOST",
     QT_TRANSLATE_NOOP("Cli", "Host name, address or socket directory (default: PGHOST, as psql)."), "h"},
    {"port", "PORT", QT_TRANSLATE_NOOP("Cli", "Port (default: PGPORT, as psql)."), "p"},
    {"dbname", "DB", QT_TRANSLATE_NOOP("Cli", "Database (default: PGDATABASE, as psql)."), "d"},
    {"user", "ROLE", QT_TRANSLATE_NOOP("Cli", "Role (default: PGUSER, as psql)."), "U"},
    {"retention-days", "N",
     QT_TRANSLATE_NOOP("Cli", "rule-set: keep the rule's rows N days (log_sesiones: its partitions).")},
    {"retention-hours", "N", QT_TRANSLATE_NOOP("Cli", "rule-set: keep the rule's rows N hours.")},
    {"family-aware", "on|off",
     QT_TRANSLATE_NOOP("Cli",
                       "rule-set (refresh_tokens): on keeps a revoked or rotated token while any token "
                       "of its family is still live; off (the default) follows the ADR's retention.")},
    {"sslmode", "MODE",
     QT_TRANSLATE_NOOP("Cli",
                       "libpq sslmode. A new profile gets verify-full, or prefer on localhost, 127.0.0.0/8, "
                       "::1 and Unix sockets.")},
    {"sslrootcert", "PATH",
     QT_TRANSLATE_NOOP("Cli", "Root certificate for verify-ca/verify-full (default: the system CA bundle).")},
    {"environment", "ENV",
     QT_TRANSLATE_NOOP("Cli",
                       "none, development, staging or production: the GUI colours its window after it "
                       "(production red). A new profile without it: production when its name or database "
                       "contains \"prod\", otherwise none.")},
    {"days", "N", QT_TRANSLATE_NOOP("Cli", "The last N days (default 30).")},
    {"origin", "ORIGIN", QT_TRANSLATE_NOOP("Cli", "job, manual or all (default).")},
    {"table", "NAME", QT_TRANSLATE_NOOP("Cli", "Only this table's rows.")},
    {"max-hours", "N", QT_TRANSLATE_NOOP("Cli", "Overdue after N hours (default: the profile's, 48).")},
    {"prometheus-textfile", "PATH",
     QT_TRANSLATE_NOOP("Cli", "Write the run's metrics here for node_exporter (atomically).")},
    {"token-hash", "HEX", QT_TRANSLATE_NOOP("Cli", "Hex SHA-256 of the token.")},
    {"token-stdin", nullptr,
     QT_TRANSLATE_NOOP("Cli", "Read the raw token from stdin and hash it here (never sent).")},
    {"reveal", nullptr, QT_TRANSLATE_NOOP("Cli", "Print whole token hashes (masked by default).")},
    {"empresa", "N", QT_TRANSLATE_NOOP("Cli", "Tenant id.")},
    {"usuario", "N", QT_TRANSLATE_NOOP("Cli", "User id.")},
    {"since", "ISO", QT_TRANSLATE_NOOP("Cli", "From this ISO 8601 instant.")},
    {"until", "ISO", QT_TRANSLATE_NOOP("Cli", "Up to this ISO 8601 instant.")},
    {"csv", nullptr, QT_TRANSLATE_NOOP("Cli", "CSV on stdout.")},
    {"tag", "T",
     QT_TRANSLATE_NOOP("Cli",
                       "profile-save: a tag of the profile (repeatable; replaces its tags). fleet: the "
                       "profiles carrying this tag (repeatable: every tag given).")},
    {"connections", "N",
     QT_TRANSLATE_NOOP("Cli", "fleet status/preview: servers asked at once, 1-64 (default 8).")},
    {"server-timeout-s", "N",
     QT_TRANSLATE_NOOP("Cli", "fleet status/preview: a server that has not answered in N s is stopped and "
                              "counted unreachable, exit 3 (default 60).")},
    {"concurrency", "N",
     QT_TRANSLATE_NOOP("Cli", "fleet purge: servers purged at once, 1-64 (default 1: one by one).")},
    {"canary", "N",
     QT_TRANSLATE_NOOP("Cli", "fleet purge: purge the first N servers, and the rest only if every one of "
                              "them ended ok (default 0: no canary wave).")},
    {"max-failures", "K",
     QT_TRANSLATE_NOOP("Cli", "fleet purge: after K servers did not end ok start no other, and stop the "
                              "running ones cleanly (default 1).")},
    {"keep-order", nullptr,
     QT_TRANSLATE_NOOP("Cli", "fleet purge: purge in name order; without it production profiles go last.")},
    {"retry", "FILE",
     QT_TRANSLATE_NOOP("Cli",
                       "fleet purge: rerun only the servers of this fleet receipt (fleet purge --json) "
                       "that did not end ok, with its rules.")},
    {"receipt", "FILE",
     QT_TRANSLATE_NOOP("Cli", "verify: check this exported receipt (a DSSE envelope) on its own.")},
    {"chain", nullptr,
     QT_TRANSLATE_NOOP("Cli", "verify: walk the database's receipt chain and name the first receipt that is "
                              "missing, altered or out of order.")},
    {"receipt-out", "FILE",
     QT_TRANSLATE_NOOP("Cli", "purge: also write the run's signed receipt (DSSE envelope) to FILE.")},
    {"family", "FAMILIA_ID", QT_TRANSLATE_NOOP("Cli", "hold add: a refresh-token family (UUID).")},
    {"tenant", "EMPRESA_ID", QT_TRANSLATE_NOOP("Cli", "hold add: every row of one tenant.")},
    {"reason", "TEXT", QT_TRANSLATE_NOOP("Cli", "hold add: why (the incident, e.g. INC-123); required.")},
    {"minutes", "N",
     QT_TRANSLATE_NOOP("Cli", "Release after N minutes, 1 to 10080 (default: on Ctrl-C / SIGTERM).")},
};

// In the top-level --help's order. The summary is the line under "Commands:", the description
// the paragraph of `NAME --help`.
const CliCommand kCommands[] = {
    {"status", "[--json] [--estimates] [--lock-key N] [--lock-idle-seconds N] [--assume-session-pooler]",
     QT_TRANSLATE_NOOP("Cli", "connection, preflight checks and per-table overview (exit 4 if "
                              "purging is refused)"),
     QT_TRANSLATE_NOOP("Cli", "Connection, preflight checks, per-table overview and who holds or waits for "
                              "the purge lock (exit 4 when purging is refused)."),
     "json estimates lock-key lock-idle-seconds assume-session-pooler", 0, true, cmdStatus},
    {"setup-history", "", QT_TRANSLATE_NOOP("Cli", "create the purge history tables (idempotent)"),
     QT_TRANSLATE_NOOP("Cli", "Create or upgrade the purge history tables (idempotent)."), "", 0, true,
     cmdSetupHistory},
    {"preview", "[--rule ID]... [--quarantine-days N] [--json]",
     QT_TRANSLATE_NOOP("Cli", "what each rule would remove, at one frozen database instant"),
     QT_TRANSLATE_NOOP("Cli", "What each rule would remove, at one frozen database instant (every rule "
                              "when no --rule is given)."),
     "rule all quarantine-days json", 0, true, cmdPreview},
    {"purge",
     "(--rule ID... | --all) [--yes | --dry-run] [--batch-size N] [--lock-timeout-ms N]\n"
     "    [--statement-timeout-ms N] [--ddl-lock-timeout-ms N] [--pause-ms N] [--nice R] [--max-lag-ms N]\n"
     "    [--abort-lag-ms N] [--throttle-file PATH] [--sync-commit on|off] [--target-batch-ms N]\n"
     "    [--parallel N] [--strategy tid|keyset] [--lock-key N] [--detach-only] [--quarantine-days N]\n"
     "    [--vacuum] [--prometheus-textfile PATH] [--allow-short-retention] [--assume-session-pooler]\n"
     "    [--receipt-out FILE] [--json]",
     QT_TRANSLATE_NOOP("Cli", "run the batched purge with --yes; without it (or --dry-run) only the "
                              "preview, nothing deleted"),
     QT_TRANSLATE_NOOP("Cli",
                       "Run the batched purge with --yes. Without it, or with --dry-run, only the preview is "
                       "printed and nothing is deleted (JSON: \"dry_run\": true, \"deleted\": 0). "
                       "SIGINT/SIGTERM cancel the batch in flight (exit 6)."),
     "rule all yes dry-run batch-size lock-timeout-ms statement-timeout-ms ddl-lock-timeout-ms pause-ms nice "
     "max-lag-ms abort-lag-ms throttle-file sync-commit target-batch-ms parallel strategy detach-only "
     "quarantine-days vacuum lock-key "
     "prometheus-textfile allow-short-retention assume-session-pooler receipt-out json",
     0, true, cmdPurge},
    {"history", "[--days N | --since ISO-8601] [--origin job|manual|all] [--table NAME] (--json | --csv)",
     QT_TRANSLATE_NOOP("Cli", "runs and rows removed per table (--days N | --since ISO-8601, "
                              "--origin, --table; --json | --csv)"),
     QT_TRANSLATE_NOOP("Cli", "Purge runs (the scheduled job's and manual ones) and rows removed per table, "
                              "aggregated in the database (docs/cli-json.md)."),
     "days since origin table json csv", 0, true, cmdHistory},
    {"health", "[--max-hours N] [--json]",
     QT_TRANSLATE_NOOP("Cli", "overdue and failed-run checks for monitoring (--max-hours N; exit 7 "
                              "when unhealthy)"),
     QT_TRANSLATE_NOOP("Cli", "Overdue and failed-run checks for monitoring: exit 0 when healthy, 7 for a "
                              "warning and for an alarm alike (--json: \"level\" tells them apart)."),
     "max-hours json", 0, true, cmdHealth},
    {"verify", "(--receipt FILE | --chain) [--json]",
     QT_TRANSLATE_NOOP("Cli", "check a signed purge receipt file, or the database's receipt chain (exit 7 "
                              "when not intact)"),
     QT_TRANSLATE_NOOP("Cli", "--receipt FILE: check one exported receipt (its canonical form and its "
                              "Ed25519 signature with the public key it carries), no connection needed. "
                              "--chain: walk the database's receipts (identidad.purga_recibos) and name the "
                              "first one that is missing, altered or out of order. Exit 0 intact, 7 not "
                              "(docs/receipts.md)."),
     "receipt chain json", 0, true, cmdVerify},
    {"receipt-export", "(NUMBER | RUN-ID | head) FILE [--json]",
     QT_TRANSLATE_NOOP("Cli", "write one signed receipt of the chain to a file (head: the newest)"),
     QT_TRANSLATE_NOOP("Cli",
                       "Write one signed receipt (DSSE envelope) of the database's chain to FILE, by "
                       "its number, its run's id, or head for the newest: put the head in the incident "
                       "ticket, since a role that can write the table could remove the newest."),
     "json", 2, true, cmdReceiptExport},
    {"profile-save",
     "NAME [--host H] [--port P] [--dbname D] [--user U] [--sslmode M] [--sslrootcert PATH]\n"
     "    [--environment none|development|staging|production] [--assume-session-pooler] [--tag T]...",
     QT_TRANSLATE_NOOP("Cli", "save a connection profile (--host --port --dbname --user "
                              "--sslmode)"),
     QT_TRANSLATE_NOOP("Cli", "Save a connection profile (never a password)."),
     "host port dbname user sslmode sslrootcert environment assume-session-pooler tag", 1, false,
     cmdProfileSave},
    {"profile-list", "[--tag T]... [--json]",
     QT_TRANSLATE_NOOP("Cli", "the saved profiles with their environment and tags"),
     QT_TRANSLATE_NOOP("Cli", "The saved profiles: name, target, environment and tags (only those carrying "
                              "every --tag given)."),
     "tag json", 0, false, cmdProfileList},
    {"password-store", "NAME",
     QT_TRANSLATE_NOOP("Cli", "store the profile's password in the OS keychain (asked for on a "
                              "terminal, else read from stdin)"),
     QT_TRANSLATE_NOOP("Cli", "Store the password of an existing profile in the OS keychain: asked for on a "
                              "terminal without echo, else read from standard input's first line."),
     "", 1, false, cmdPasswordStore},
    {"password-forget", "NAME", QT_TRANSLATE_NOOP("Cli", "remove it from the keychain"),
     QT_TRANSLATE_NOOP("Cli", "Remove the profile's password from the OS keychain, saying whether one was "
                              "stored."),
     "", 1, false, cmdPasswordForget},
    {"lookup", "(--token-hash HEX | --token-stdin) [--reveal] [--json]",
     QT_TRANSLATE_NOOP("Cli", "find a token by --token-hash HEX or --token-stdin (raw token, hashed "
                              "here)"),
     QT_TRANSLATE_NOOP("Cli", "Find a token by its SHA-256 or by the raw token on standard input (hashed "
                              "here, never sent): which rule removes it and when, and its rotation chain. "
                              "Not found: exit 0 with an empty list."),
     "token-hash token-stdin reveal json", 0, true, cmdLookup},
    {"timeline", "--empresa N --usuario N [--since ISO] [--until ISO] (--json | --csv) [--reveal]",
     QT_TRANSLATE_NOOP("Cli", "one user's tokens and session log (--empresa N --usuario N "
                              "[--since --until])"),
     QT_TRANSLATE_NOOP("Cli", "One user's refresh tokens, pre-tokens and session-log events, newest first "
                              "(every partition, DEFAULT included)."),
     "empresa usuario since until json csv reveal", 0, true, cmdTimeline},
    {"freeze", "[--minutes N] [--lock-key N] [--assume-session-pooler]",
     QT_TRANSLATE_NOOP("Cli", "hold the purge lock (no purge runs) until --minutes N pass or "
                              "Ctrl-C / SIGTERM"),
     QT_TRANSLATE_NOOP("Cli", "Evidence freeze: hold the purge lock so that neither this tool nor the "
                              "scheduled job can purge, until N minutes pass or Ctrl-C / SIGTERM (exit 5 "
                              "when another session holds it)."),
     "minutes lock-key assume-session-pooler", 0, true, cmdFreeze},
    {"rule-set",
     "--profile NAME --rule ID [--retention-days N | --retention-hours N] [--allow-short-retention]\n"
     "    [--batch-size N] [--quarantine-days N] [--family-aware on|off] [--json]",
     QT_TRANSLATE_NOOP("Cli", "set a rule's retention, batch size, quarantine or family-aware retention in a "
                             "saved profile"),
     QT_TRANSLATE_NOOP("Cli",
                       "Set one rule's retention, batch size, quarantine (log_sesiones) and family-aware "
                       "retention (refresh_tokens) in a saved profile, checked as the GUI's rule settings "
                       "are. A retention shorter than the ADR's forensic window is refused (exit 4) "
                       "without --allow-short-retention."),
     "profile rule retention-days retention-hours allow-short-retention batch-size quarantine-days "
     "family-aware json",
     0, false, cmdRuleSet},
    {"partition-restore", "NAME [--ddl-lock-timeout-ms N] [--lock-key N] [--json]",
     QT_TRANSLATE_NOOP("Cli", "attach a partition of log_sesiones in quarantine again (exit 4 when it does "
                              "not fit back)"),
     QT_TRANSLATE_NOOP("Cli",
                       "Attach a partition in quarantine (schema identidad_cuarentena) to log_sesiones "
                       "again, under the purge lock (exit 5 while a purge holds it). Refused (exit 4, "
                       "nothing changed) when no partition of that NAME is in quarantine, when an "
                       "attached partition overlaps its bounds, or when the DEFAULT partition holds "
                       "rows inside them."),
     "ddl-lock-timeout-ms lock-key json", 1, true, cmdPartitionRestore},
    {"fleet",
     "status|preview --tag T... [--connections N] [--server-timeout-s N] [--json]\n"
     "    | purge (--tag T... (--rule ID... | --all) | --retry FILE) --yes [--concurrency N] [--canary N]\n"
     "    [--max-failures K] [--keep-order] [--batch-size N] [--pause-ms N] [--nice R] [--max-lag-ms N]\n"
     "    [--abort-lag-ms N] [--throttle-file PATH] [--lock-key N] [--allow-short-retention] [--json]",
     QT_TRANSLATE_NOOP("Cli", "status, preview or purge every profile carrying the --tag(s), one row per "
                              "server"),
     QT_TRANSLATE_NOOP("Cli",
                       "Every saved profile carrying all the --tag(s), each server on its own connection "
                       "with its own profile, TLS and keychain password. status/preview: asked in parallel "
                       "(--connections), a line per server as it answers, totals per rule and drift. purge: "
                       "each server purged by the one-server purge (its lock, pacing, receipt), production "
                       "profiles last; the fleet receipt (--json) lists every server's exit code. Exit 0 "
                       "only when every server ended 0, otherwise the most severe (docs/cli-json.md). "
                       "SIGINT/SIGTERM stop the fleet cleanly (exit 6)."),
     "tag connections server-timeout-s json rule all yes concurrency canary max-failures keep-order retry "
     "batch-size pause-ms nice max-lag-ms abort-lag-ms throttle-file lock-key allow-short-retention",
     1, false, cmdFleet},
    {"fleet-probe", "", "", "", "json lock-key lock-idle-seconds", 0, true, cmdFleetProbe, true},
    {"hold",
     "add (--user EMPRESA_ID:USUARIO_ID | --family FAMILIA_ID | --tenant EMPRESA_ID | --token-hash HEX)\n"
     "    --reason TEXT [--until ISO-TIME] [--json]\n"
     "  | list [--json] [--reveal]\n"
     "  | release ID [--json]",
     QT_TRANSLATE_NOOP("Cli", "legal holds: add one (by user, family, tenant or token), list them, release "
                              "one; no purge removes a held row"),
     QT_TRANSLATE_NOOP(
         "Cli", "Legal holds, kept in the history schema (setup-history) so that every workstation "
                "sees them: every row rule leaves held rows alone in its own SQL, and a session-log "
                "partition's held rows are copied to identidad.purga_retenciones_filas before it is "
                "dropped. A hold holds until it is released or --until passes; a release is "
                "recorded with who and when, never deleted. Here --user (-U) is the hold's scope "
                "EMPRESA_ID:USUARIO_ID, not the role: connect with --profile, --conninfo, --service, "
                "-h/-p/-d or PGUSER. Exit 4 when the history has no holds table (run setup-history) "
                "or the role may not write it; release of an unknown id exits 1, of a released one 4."),
     "family tenant token-hash reason until reveal json", 1, true, cmdHold, false, 2},
    {"completion", "bash | profiles", "", "", "", 1, false, cmdCompletion, true},
};

} // namespace

QStringList CliCommand::optionNames() const
{
    return QString::fromLatin1(options).split(u' ', Qt::SkipEmptyParts);
}

const QList<CliCommand> &cliCommands()
{
    static const QList<CliCommand> list(std::begin(kCommands), std::end(kCommands));
    return list;
}

const CliCommand *findCommand(const QString &name)
{
    for (const CliCommand &c : cliCommands())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

const QList<CliOption> &cliOptions()
{
    static const QList<CliOption> list(std::begin(kOptions), std::end(kOptions));
    return list;
}

QStringList connectionOptionNames()
{
    return QStringList{QStringLiteral("profile"), QStringLiteral("conninfo"), QStringLiteral("service")} +
           psqlOptionNames() + QStringList{QStringLiteral("verbose")};
}

QStringList psqlOptionNames()
{
    return {QStringLiteral("host"), QStringLiteral("port"), QStringLiteral("dbname"), QStringLiteral("user")};
}

QStringList globalOptionNames()
{
    return {QStringLiteral("help"), QStringLiteral("help-all"), QStringLiteral("version"),
            QStringLiteral("verbose")};
}

} // namespace purga::cli
