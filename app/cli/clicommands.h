#pragma once

// The command table of purga-sesiones-cli: every command with its synopsis, help, options and the
// function that runs it, and every option once. The help texts, the usage checks and run()'s
// dispatch are all drawn from it: adding a command is one row in clicommands.cpp and its function.
#include "cliapp.h"

#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QStringList>

namespace purga::cli {

// One option: --name, or --name VALUE when valueName is set. help is a "Cli" source string.
struct CliOption
{
    const char *name;
    const char *valueName; // nullptr: a flag
    const char *help;
    const char *shortName = nullptr; // "h" for -h (psql's short forms), nullptr: none
};

// One command. The texts are "Cli" source strings (translated where shown); name and synopsis
// are typed as they are and never translated.
struct CliCommand
{
    const char *name;
    const char *synopsis;    // after "purga-sesiones-cli NAME" in `NAME --help`
    const char *summary;     // its line under "Commands:" in the top-level --help
    const char *description; // the paragraph of `NAME --help`
    const char *options;     // its own options, space-separated; the connection ones come with connects
    int positional;          // arguments after the command name (1: the profile's NAME)
    bool connects;           // takes --profile / --conninfo / --service / -h -p -d -U (and --verbose)
    int (*run)(Context &ctx);
    bool hidden = false;    // left out of --help, the README and the completion (completion itself)
    int maxPositional = -1; // more arguments it may take (hold: add | list | release ID); -1: positional

    QStringList optionNames() const;
};

// Every command, in the order the top-level --help lists them.
const QList<CliCommand> &cliCommands();
// The command called `name`, or nullptr.
const CliCommand *findCommand(const QString &name);
// Every option, in the order --help lists them (and a command's --help lists its own).
const QList<CliOption> &cliOptions();
// The options every connecting command takes, in their --help order.
QStringList connectionOptionNames();
// psql's -h/-p/-d/-U: the connection way that names its target on the command line.
QStringList psqlOptionNames();
// The options every command takes (--help, -?, --help-all, -V/--version, --verbose).
QStringList globalOptionNames();

// clihelp.cpp: the help texts and usage checks drawn from the tables.
// `hold add --user EMPRESA_ID:USUARIO_ID`: there --user (-U) is the hold's scope, never the role.
bool userIsHoldScope(const QCommandLineParser &parser);
void addOptions(QCommandLineParser &parser);
QString commandList();                             // "status | setup-history | …", the positional's help
QString commandHelp(const CliCommand &command);    // synopsis and options of one command
QString usageSummary();                            // the commands and exit codes, for the top-level --help
QString helpAll(const QCommandLineParser &parser); // --help-all: the top-level help and every command's
// Usage errors common to all commands (positional arguments, incompatible flags, an option of
// another command, two ways to connect); false after printing one line.
bool checkUsage(const QCommandLineParser &parser, const CliCommand &command);

} // namespace purga::cli
