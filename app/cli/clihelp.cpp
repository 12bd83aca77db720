// The help texts and the usage checks common to all commands, drawn from the command and option
// tables (clicommands.cpp).
#include "clicommands.h"

namespace purga::cli {

namespace {

QString exitCodes()
{
    return Context::tr(
        "Exit codes: 0 ok, 1 other error, 2 usage, 3 cannot connect/authenticate, "
        "4 precondition refused, 5 another purge holds the lock, 6 cancelled or partial, 7 unhealthy or "
        "verification failed.");
}

QCommandLineOption toOption(const CliOption &o)
{
    QStringList names;
    if (o.shortName)
        names << QLatin1String(o.shortName);
    names << QLatin1String(o.name);
    return o.valueName ? QCommandLineOption(names, Context::tr(o.help), QLatin1String(o.valueName))
                       : QCommandLineOption(names, Context::tr(o.help));
}

// "-h/--host", as messages name an option.
QString optionText(const CliOption &o)
{
    return (o.shortName ? u'-' + QLatin1String(o.shortName) + u'/' : QString()) + QStringLiteral("--") +
           QLatin1String(o.name);
}

// The synopsis' lines, the continuation lines indented under the first one's text.
QString synopsisText(const CliCommand &c, const QString &prefix)
{
    const QStringList lines = QString::fromLatin1(c.synopsis).split(u'\n');
    QStringList out;
    for (const QString &line : lines)
        out << line.trimmed();
    return QString(prefix + out.join(u'\n' + QString(prefix.size(), u' '))).trimmed();
}

// The commands (listed ones) that take option `name`.
QStringList commandsTaking(const QString &name)
{
    QStringList out;
    for (const CliCommand &c : cliCommands())
        if (!c.hidden &&
            (c.optionNames().contains(name) || (c.connects && connectionOptionNames().contains(name))))
            out << QLatin1String(c.name);
    return out;
}

// An option given to a command that does not take it: said, naming the commands it belongs to.
bool optionsBelong(const QCommandLineParser &parser, const CliCommand &c)
{
    QStringList allowed = c.optionNames() + globalOptionNames();
    if (c.connects)
        allowed += connectionOptionNames();
    for (const CliOption &o : cliOptions()) {
        const QString name = QLatin1String(o.name);
        if (allowed.contains(name) || !parser.isSet(name))
            continue;
        Context::error(
            Context::tr("%1 is an option of %2, not of %3 (see %3 --help).")
                .arg(optionText(o), commandsTaking(name).join(QStringLiteral(", ")), QLatin1String(c.name)));
        return false;
    }
    return true;
}

// One way to connect at a time: a profile, a connection string, a service, or psql's flags.
bool oneConnectionWay(const QCommandLineParser &parser)
{
    QStringList ways;
    for (const char *way : {"profile", "conninfo", "service"})
        if (parser.isSet(QLatin1String(way)))
            ways << QStringLiteral("--") + QLatin1String(way);
    QStringList psql;
    for (const CliOption &o : cliOptions())
        if (psqlOptionNames().contains(QLatin1String(o.name)) && parser.isSet(QLatin1String(o.name)) &&
            !(userIsHoldScope(parser) && qstrcmp(o.name, "user") == 0))
            psql << optionText(o);
    if (!psql.isEmpty())
        ways << psql.join(u' ');
    if (ways.size() < 2)
        return true;
    Context::error(Context::tr("Connect one way at a time: %1 were given together (a profile, a connection "
                               "string, a service, or -h/-p/-d/-U with libpq's PG* environment).")
                       .arg(ways.join(Context::tr(" and "))));
    return false;
}

// The lines of the options in `names`, in the option table's order.
QString optionLines(const QStringList &names)
{
    QString out;
    for (const CliOption &o : cliOptions()) {
        const QString name = QLatin1String(o.name);
        if (!names.contains(name))
            continue;
        QString left = QStringLiteral("  ") +
                       (o.shortName ? u'-' + QLatin1String(o.shortName) + QStringLiteral(", ") : QString()) +
                       QStringLiteral("--") + name;
        if (o.valueName)
            left += u' ' + QLatin1String(o.valueName);
        out += left.leftJustified(26) + u' ' + Context::tr(o.help) + u'\n';
    }
    return out;
}

} // namespace

bool userIsHoldScope(const QCommandLineParser &parser)
{
    return parser.positionalArguments().value(0) == QLatin1String("hold");
}

void addOptions(QCommandLineParser &parser)
{
    for (const CliOption &o : cliOptions())
        parser.addOption(toOption(o));
}

QString commandList()
{
    // Commands are typed as they are: the list is not translated.
    QStringList names;
    for (const CliCommand &c : cliCommands())
        if (!c.hidden)
            names << QLatin1String(c.name);
    return names.join(QStringLiteral(" | "));
}

QString commandHelp(const CliCommand &c)
{
    const QString usage =
        Context::tr("Usage: %1").arg(QStringLiteral("purga-sesiones-cli ") + QLatin1String(c.name) + u' ');
    QString out = synopsisText(c, usage) + QStringLiteral("\n\n") + Context::tr(c.description) + u'\n';
    const QStringList options = c.optionNames();
    if (!options.isEmpty())
        out += u'\n' + Context::tr("Options:") + u'\n' + optionLines(options);
    if (c.connects)
        out +=
            u'\n' +
            Context::tr("Connection (one way: --profile, --conninfo, --service or -h/-p/-d/-U; none given: "
                        "libpq's PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE, PGSSLMODE and ~/.pgpass, as "
                        "psql):") +
            u'\n' + optionLines(connectionOptionNames());
    return out + u'\n' + exitCodes() + u'\n';
}

QString usageSummary()
{
    // The name column is not translated: commands and NAME are typed as they are.
    QString out = Context::tr("Commands:") + u'\n';
    for (const CliCommand &c : cliCommands()) {
        if (c.hidden)
            continue;
        QString name = QLatin1String(c.name);
        if (c.positional > 0 && c.maxPositional < 0)
            name += QStringLiteral(" NAME");
        out += QStringLiteral("  ") + name.leftJustified(21) + u' ' + Context::tr(c.summary) + u'\n';
    }
    return out + Context::tr("`purga-sesiones-cli COMMAND --help` shows the options of one command.") +
           u'\n' + exitCodes();
}

QString helpAll(const QCommandLineParser &parser)
{
    QString out = parser.helpText();
    for (const CliCommand &c : cliCommands())
        if (!c.hidden)
            out += u'\n' + commandHelp(c);
    return out;
}

bool checkUsage(const QCommandLineParser &parser, const CliCommand &c)
{
    const QString command = QLatin1String(c.name);
    const QStringList args = parser.positionalArguments();
    if (args.size() - 1 < c.positional) {
        Context::error(QLatin1String(c.synopsis).startsWith(QLatin1String("NAME"))
                           ? Context::tr("Name the profile: %1 NAME").arg(command)
                           : Context::tr("Usage: %1").arg(synopsisText(c, command + u' ')));
        return false;
    }
    if (args.size() - 1 > qMax(c.positional, c.maxPositional)) {
        Context::error(Context::tr("Unexpected argument \"%1\" after %2 (see %2 --help).")
                           .arg(args.at(c.positional + 1), command));
        return false;
    }
    if (!optionsBelong(parser, c) || (c.connects && !oneConnectionWay(parser)))
        return false;
    if (parser.isSet(QStringLiteral("yes")) && parser.isSet(QStringLiteral("dry-run"))) {
        Context::error(
            Context::tr("--yes and --dry-run exclude each other: delete, or only show what would be "
                        "deleted."));
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
