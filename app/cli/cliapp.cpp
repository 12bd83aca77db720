#include "cliapp.h"

#include "dbsession.h"
#include "historystore.h"
#include "passwordstore.h"
#include "profilestore.h"
#include "purga_version.h"

#include <QJsonDocument>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace purga::cli {

namespace {

const char *kUsage = R"(Commands:
  status            connection, preflight checks and per-table overview (exit 4 if purging is refused)
  setup-history     create the purge history tables (idempotent)
  preview           what each rule would remove, at one frozen database instant
  purge             run the batched purge (needs --yes; without it, prints the preview only)
  profile-save NAME save a connection profile (--host --port --dbname --user --sslmode)
  password-store NAME   store the profile's password in the OS keychain (read from stdin)
  password-forget NAME  remove it from the keychain
Exit codes: 0 ok, 1 other error, 2 usage, 3 cannot connect/authenticate, 4 precondition refused,
            5 another purge holds the lock, 6 cancelled or partial.)";

} // namespace

void Context::error(const QString &line)
{
    std::fprintf(stderr, "purga-sesiones-cli: %s\n", line.toLocal8Bit().constData());
    std::fflush(stderr);
}

void Context::info(const QString &line)
{
    std::fprintf(stderr, "%s\n", line.toLocal8Bit().constData());
    std::fflush(stderr);
}

void Context::printJson(const QJsonObject &o)
{
    std::fputs(QJsonDocument(o).toJson(QJsonDocument::Indented).constData(), stdout);
    std::fflush(stdout);
}

void Context::printLine(const QString &line)
{
    std::fprintf(stdout, "%s\n", line.toLocal8Bit().constData());
}

bool Context::connect(PgConnection &conn, ConnectionProfile *profile, int *exitCode)
{
    const QString profileName = parser.value(QStringLiteral("profile"));
    const QString conninfo = parser.value(QStringLiteral("conninfo"));
    const QString service = parser.value(QStringLiteral("service"));
    if (int(!profileName.isEmpty()) + int(!conninfo.isEmpty()) + int(!service.isEmpty()) != 1) {
        error(tr("Say how to connect with exactly one of --profile NAME, --conninfo STRING or --service NAME."));
        *exitCode = Usage;
        return false;
    }
    QString password;
    if (!conninfo.isEmpty()) {
        profile->name = QStringLiteral("conninfo");
        profile->conninfo = conninfo;
        profile->passwordSource = PasswordSource::Libpq;
    } else if (!service.isEmpty()) {
        *profile = profileFromService(service);
    } else {
        ProfileStore store;
        const std::optional<ConnectionProfile> p = store.load(profileName);
        if (!p) {
            error(tr("No profile named \"%1\" (saved profiles: %2).")
                      .arg(profileName, store.names().join(QStringLiteral(", "))));
            *exitCode = Usage;
            return false;
        }
        *profile = *p;
        if (profile->passwordSource == PasswordSource::Keychain) {
            PasswordStore keychain;
            const PasswordResult r = keychain.readSync(profileName);
            if (!r.ok) {
                error(r.message);
                *exitCode = CannotConnect;
                return false;
            }
            password = r.password;
        }
    }
    ConnectError err;
    if (!conn.open(*profile, password, &err)) {
        error(err.message + QStringLiteral(" (") + err.detail + u')');
        *exitCode = CannotConnect;
        return false;
    }
    return true;
}

bool Context::open(const QStringList &ruleIds, Session *s, int *exitCode)
{
    for (const QString &id : ruleIds)
        if (!Rules::ids().contains(id)) {
            error(tr("Unknown rule \"%1\" (rules: %2).").arg(id, Rules::ids().join(QStringLiteral(", "))));
            *exitCode = Usage;
            return false;
        }
    QList<RuleConfig> checked;
    if (!ruleConfigs(ConnectionProfile(), ruleIds, &checked)) {
        *exitCode = Usage;
        return false;
    }
    if (!connect(s->conn, &s->profile, exitCode))
        return false;
    if (!ruleConfigs(s->profile, ruleIds, &s->rules)) {
        *exitCode = Usage;
        return false;
    }
    if (HistoryStore::exists(s->conn)) {
        QString ignored;
        HistoryStore::markInterrupted(s->conn, &ignored);
    }
    QString err;
    if (!runPreflight(s->conn, &s->report, &err)) {
        error(err);
        *exitCode = Other;
        return false;
    }
    return true;
}

bool Context::ruleConfigs(const ConnectionProfile &profile, const QStringList &ids, QList<RuleConfig> *out)
{
    for (const QString &id : ids) {
        RuleConfig c = Rules::fromSettings(id, profile.ruleOverrides);
        auto intOption = [&](const char *name, int *field) {
            const QString v = parser.value(QLatin1String(name));
            if (v.isEmpty())
                return true;
            bool ok = false;
            const int n = v.toInt(&ok);
            if (!ok) {
                error(tr("--%1 takes a whole number, not \"%2\".").arg(QLatin1String(name), v));
                return false;
            }
            *field = n;
            return true;
        };
        if (!intOption("batch-size", &c.batchSize) || !intOption("lock-timeout-ms", &c.lockTimeoutMs) ||
            !intOption("pause-ms", &c.pauseMs) || !intOption("target-batch-ms", &c.targetBatchMs) ||
            !intOption("statement-timeout-ms", &c.statementTimeoutMs))
            return false;
        const QStringList problems = Rules::validate(c);
        if (!problems.isEmpty()) {
            for (const QString &p : problems)
                error(p);
            return false;
        }
        *out << c;
    }
    return true;
}

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(ProfileStore::organizationName());
    QCoreApplication::setApplicationName(ProfileStore::applicationName());
    QCoreApplication::setApplicationVersion(QStringLiteral(PURGA_VERSION));
    registerMetaTypes();

    QCommandLineParser parser;
    parser.setApplicationDescription(QString::fromUtf8(kUsage));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), Context::tr("status | setup-history | preview | purge | "
                                                                        "profile-save | password-store | password-forget"));
    parser.addOptions({
        {QStringLiteral("profile"), Context::tr("Saved profile; its password comes from the OS keychain."), QStringLiteral("NAME")},
        {QStringLiteral("conninfo"), Context::tr("libpq connection string or URI; password from PGPASSWORD/.pgpass."), QStringLiteral("STRING")},
        {QStringLiteral("service"), Context::tr("libpq service name (pg_service.conf)."), QStringLiteral("NAME")},
        {QStringLiteral("json"), Context::tr("Machine-readable output on stdout.")},
        {QStringLiteral("estimates"), Context::tr("status: catalog estimates only (no exact counts).")},
        {QStringLiteral("rule"), Context::tr("Rule to preview/purge (repeatable): refresh_tokens, pre_tokens, log_sesiones."), QStringLiteral("ID")},
        {QStringLiteral("all"), Context::tr("purge: every rule.")},
        {QStringLiteral("yes"), Context::tr("purge: really delete (otherwise only the preview is printed).")},
        {QStringLiteral("batch-size"), Context::tr("Rows per batch (1-100000, default 5000)."), QStringLiteral("N")},
        {QStringLiteral("lock-timeout-ms"), Context::tr("lock_timeout of each batch (default 5000)."), QStringLiteral("N")},
        {QStringLiteral("statement-timeout-ms"), Context::tr("statement_timeout of each batch (default 120000)."), QStringLiteral("N")},
        {QStringLiteral("pause-ms"), Context::tr("Pause between batches (default 0)."), QStringLiteral("N")},
        {QStringLiteral("target-batch-ms"), Context::tr("Adapt the batch size to this duration (default off)."), QStringLiteral("N")},
        {QStringLiteral("vacuum"), Context::tr("purge: VACUUM (ANALYZE) the purged tables afterwards (needs the owner).")},
        {QStringLiteral("detach-only"), Context::tr("purge: keep detached partitions as tables instead of dropping them.")},
        {QStringLiteral("lock-key"), Context::tr("Advisory lock key (default 731001, the ADR's)."), QStringLiteral("N")},
        {QStringLiteral("host"), Context::tr("profile-save: host."), QStringLiteral("HOST")},
        {QStringLiteral("port"), Context::tr("profile-save: port."), QStringLiteral("PORT")},
        {QStringLiteral("dbname"), Context::tr("profile-save: database."), QStringLiteral("DB")},
        {QStringLiteral("user"), Context::tr("profile-save: role."), QStringLiteral("ROLE")},
        {QStringLiteral("sslmode"), Context::tr("profile-save: libpq sslmode."), QStringLiteral("MODE")},
        {QStringLiteral("sslrootcert"), Context::tr("profile-save: root certificate for verify-ca/verify-full."), QStringLiteral("PATH")},
    });
    if (!parser.parse(QCoreApplication::arguments())) {
        Context::error(parser.errorText());
        return Usage;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(Ok);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty()) {
        Context::error(Context::tr("No command given. Try --help."));
        return Usage;
    }
    Context ctx(parser);
    ctx.json = parser.isSet(QStringLiteral("json"));
    const QString command = args.first();
    if (command == QLatin1String("status"))
        return cmdStatus(ctx);
    if (command == QLatin1String("setup-history"))
        return cmdSetupHistory(ctx);
    if (command == QLatin1String("preview"))
        return cmdPreview(ctx);
    if (command == QLatin1String("purge"))
        return cmdPurge(ctx);
    if (command == QLatin1String("profile-save"))
        return cmdProfileSave(ctx);
    if (command == QLatin1String("password-store"))
        return cmdPasswordStore(ctx);
    if (command == QLatin1String("password-forget"))
        return cmdPasswordForget(ctx);
    Context::error(Context::tr("Unknown command \"%1\". Try --help.").arg(command));
    return Usage;
}

} // namespace purga::cli
