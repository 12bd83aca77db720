// The CLI's shared machinery (Context: connecting, printing, secrets) and run(), which
// parses the command line and runs the command the table names.
#include "cliapp.h"

#include "clicommands.h"
#include "clisignals.h"
#include "core/history/historystore.h"
#include "core/pg/tls.h"
#include "core/profiles/profilestore.h"
#include "core/security/passwordstore.h"
#include "core/security/secrets.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "core/util/language.h"
#include "core/util/purga_version.h"

#include <QJsonDocument>

#include <cstdio>
#include <mutex>

namespace purga::cli {

namespace {

std::mutex s_mutex; // guards s_secrets
QStringList s_secrets;

void write(FILE *f, const QString &text)
{
    std::fprintf(f, "%s\n", text.toLocal8Bit().constData());
    std::fflush(f);
}

} // namespace

bool Context::verbose = false;

void Context::setSecrets(const QStringList &secrets)
{
    std::lock_guard<std::mutex> lock(s_mutex);
    s_secrets = secrets;
}

QString Context::redacted(const QString &text)
{
    std::lock_guard<std::mutex> lock(s_mutex);
    return redact(text, s_secrets);
}

int Context::signalled()
{
    return lastSignal();
}

void Context::error(const QString &line, const QString &detail)
{
    const QString text = redacted(line).trimmed();
    const qsizetype newline = text.indexOf(u'\n');
    write(stderr,
          QStringLiteral("purga-sesiones-cli: ") + (newline < 0 ? text : text.left(newline).trimmed()));
    if (!verbose)
        return;
    if (newline >= 0)
        write(stderr, text.mid(newline + 1));
    if (!detail.trimmed().isEmpty())
        write(stderr, redacted(detail).trimmed());
}

void Context::info(const QString &line)
{
    write(stderr, redacted(line));
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

bool Context::open(const QStringList &ruleIds, Session *s, int *exitCode)
{
    for (const QString &id : ruleIds)
        if (!Rules::ids().contains(id)) {
            error(tr("Unknown rule \"%1\" (rules: %2).").arg(id, Rules::ids().join(QStringLiteral(", "))));
            *exitCode = Exit::Usage;
            return false;
        }
    QList<RuleConfig> checked;
    if (!ruleConfigs(ConnectionProfile(), ruleIds, &checked)) {
        *exitCode = Exit::Usage;
        return false;
    }
    QString password;
    if (!connect(s->conn, &s->profile, exitCode, &password))
        return false;
    if (!ruleConfigs(s->profile, ruleIds, &s->rules)) {
        *exitCode = Exit::Usage;
        return false;
    }
    DbFailure failure;
    if (!runPreflight(s->conn, &s->report, &failure)) {
        error(failure.message);
        *exitCode = Exit::Other;
        return false;
    }
    // A pooler that kept our session state: prove or rule out transaction pooling.
    probePoolMode(s->conn, s->profile, password, &s->report);
    s->password = password;
    wipe(password);
    return true;
}

Session::~Session()
{
    wipe(password);
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
            !intOption("statement-timeout-ms", &c.statementTimeoutMs) ||
            !intOption("ddl-lock-timeout-ms", &c.ddlLockTimeoutMs) ||
            !intOption("quarantine-days", &c.quarantineDays))
            return false;
        // A retention shorter than the forensic window is the command's decision (purge refuses it
        // without --allow-short-retention, preview warns), not a usage error.
        if (Rules::isShortRetention(c))
            c.forensicOverride = true;
        const QStringList problems = Rules::validate(c);
        if (!problems.isEmpty()) {
            error(problems.join(QStringLiteral(" ")));
            return false;
        }
        *out << c;
    }
    return true;
}

namespace {

// Every option, the commands under "Commands:" and the exit codes: all from the command table.
void setUpParser(QCommandLineParser &parser)
{
    parser.setApplicationDescription(usageSummary());
    // psql's habits: -h is the host, so help is --help and -? (the table's own options, as -V).
    parser.addPositionalArgument(Context::tr("command"), commandList());
    addOptions(parser);
}

} // namespace

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(ProfileStore::organizationName());
    QCoreApplication::setApplicationName(ProfileStore::applicationName());
    QCoreApplication::setApplicationVersion(QStringLiteral(PURGA_VERSION));
    registerMetaTypes();
    watchCliSignals();
    // Human-readable messages follow LANGUAGE/LC_ALL/LC_MESSAGES/LANG (gettext's order) and numbers
    // QLocale::system(); JSON keys and enum values, CSV headers and exit codes never change.
    installCatalogues(app, messagesLanguage());

    QCommandLineParser parser;
    setUpParser(parser);
    if (!parser.parse(QCoreApplication::arguments())) {
        Context::error(parser.errorText());
        return Exit::Usage;
    }
    const QStringList args = parser.positionalArguments();
    const CliCommand *command = args.isEmpty() ? nullptr : findCommand(args.first());
    if (parser.isSet(QStringLiteral("help-all"))) {
        std::fputs(helpAll(parser).toLocal8Bit().constData(), stdout);
        return Exit::Ok;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        if (command && !command->hidden) {
            std::fputs(commandHelp(*command).toLocal8Bit().constData(), stdout);
            return Exit::Ok;
        }
        parser.showHelp(Exit::Ok);
    }
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    if (args.isEmpty()) {
        Context::error(Context::tr("No command given. Try --help."));
        return Exit::Usage;
    }
    Context::verbose = parser.isSet(QStringLiteral("verbose"));
    if (parser.isSet(QStringLiteral("conninfo")))
        Context::setSecrets(conninfoSecrets(parser.value(QStringLiteral("conninfo"))));
    else if (parser.isSet(QStringLiteral("dbname")))
        Context::setSecrets(conninfoSecrets(parser.value(QStringLiteral("dbname")))); // -d may be a conninfo
    if (!command) {
        Context::error(Context::tr("Unknown command \"%1\". Try --help.").arg(args.first()));
        return Exit::Usage;
    }
    if (!checkUsage(parser, *command))
        return Exit::Usage;
    Context ctx(parser);
    ctx.json = parser.isSet(QStringLiteral("json"));
    return command->run(ctx);
}

} // namespace purga::cli
