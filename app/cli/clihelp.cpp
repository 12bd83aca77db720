// The help texts and the usage checks common to all commands, drawn from the command and option
// tables (clicommands.cpp).
#include "clicommands.h"

namespace purga::cli {

namespace {

QString exitCodes()
{
    return Context::tr(
        "Exit codes: 0 ok, 1 other error, 2 usage, 3 cannot connect/authenticate, "
        "4 precondition refused, 5 another purge holds the lock, 6 cancelled or partial, 7 unhealthy.");
}

QCommandLineOption toOption(const CliOption &o)
{
    return o.valueName
               ? QCommandLineOption(QLatin1String(o.name), Context::tr(o.help), QLatin1String(o.valueName))
               : QCommandLineOption(QLatin1String(o.name), Context::tr(o.help));
}

// The lines of the options in `names`, in the option table's order.
QString optionLines(const QStringList &names)
{
    QString out;
    for (const CliOption &o : cliOptions()) {
        const QString name = QLatin1String(o.name);
        if (!names.contains(name))
            continue;
        QString left = QStringLiteral("  --") + name;
        if (o.valueName)
            left += u' ' + QLatin1String(o.valueName);
        out += left.leftJustified(26) + u' ' + Context::tr(o.help) + u'\n';
    }
    return out;
}

} // namespace

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
        names << QLatin1String(c.name);
    return names.join(QStringLiteral(" | "));
}

QString commandHelp(const CliCommand &c)
{
    const QString usage =
        QStringLiteral("purga-sesiones-cli ") + QLatin1String(c.name) + u' ' + QLatin1String(c.synopsis);
    QString out = Context::tr("Usage: %1").arg(usage.trimmed()) + QStringLiteral("\n\n") +
                  Context::tr(c.description) + u'\n';
    const QStringList options = c.optionNames();
    if (!options.isEmpty())
        out += u'\n' + Context::tr("Options:") + u'\n' + optionLines(options);
    if (c.connects)
        out += u'\n' + Context::tr("Connection (exactly one of the first three):") + u'\n' +
               optionLines(connectionOptionNames());
    return out + u'\n' + exitCodes() + u'\n';
}

QString usageSummary()
{
    // The name column is not translated: commands and NAME are typed as they are.
    QString out = Context::tr("Commands:") + u'\n';
    for (const CliCommand &c : cliCommands()) {
        QString name = QLatin1String(c.name);
        if (c.positional > 0)
            name += QStringLiteral(" NAME");
        out += QStringLiteral("  ") + name.leftJustified(21) + u' ' + Context::tr(c.summary) + u'\n';
    }
    return out + Context::tr("`purga-sesiones-cli COMMAND --help` shows the options of one command.") +
           u'\n' + exitCodes();
}

bool checkUsage(const QCommandLineParser &parser, const CliCommand &c)
{
    const QString command = QLatin1String(c.name);
    const QStringList args = parser.positionalArguments();
    if (args.size() - 1 < c.positional) {
        Context::error(Context::tr("Name the profile: %1 NAME").arg(command));
        return false;
    }
    if (args.size() - 1 > c.positional) {
        Context::error(Context::tr("Unexpected argument \"%1\" after %2 (see %2 --help).")
                           .arg(args.at(c.positional + 1), command));
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
