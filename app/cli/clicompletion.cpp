// completion (hidden): `completion bash` prints the bash completion script, drawn from the command
// and option tables (the build writes it to purga-sesiones-cli.bash, the .deb installs it);
// `completion profiles` lists the saved profile names the script offers after --profile.
#include "clicommands.h"

#include "core/profiles/profilestore.h"
#include "core/rules/rules.h"

#include <cstdio>

namespace purga::cli {

namespace {

// The script; @…@ are filled from the tables. Options that take a value are skipped when the
// command word is looked for, and complete their values where they have a fixed set.
const char kScript[] =
    R"bash(# bash completion for purga-sesiones-cli: commands, their options, saved profile names.
# Generated from the CLI's command table by `purga-sesiones-cli completion bash`.
_purga_sesiones_cli()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local takes_value=" @VALUE_OPTIONS@ " cmd= positional=0 word i opts
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ $takes_value == *" $word "* ]]; then
            ((i++))
        elif [[ $word != -* ]]; then
            if [[ -z $cmd ]]; then cmd=$word; else ((positional++)); fi
        fi
    done
    case $prev in
        --profile)
            local IFS=$'\n'
            COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" completion profiles 2>/dev/null)" -- "$cur"))
            return ;;
        --rule) COMPREPLY=($(compgen -W "@RULES@" -- "$cur")); return ;;
        --sync-commit|--family-aware) COMPREPLY=($(compgen -W "on off" -- "$cur")); return ;;
        --strategy) COMPREPLY=($(compgen -W "tid keyset" -- "$cur")); return ;;
        --origin) COMPREPLY=($(compgen -W "job manual all" -- "$cur")); return ;;
        --environment) COMPREPLY=($(compgen -W "none development staging production" -- "$cur")); return ;;
        --sslmode) COMPREPLY=($(compgen -W "disable allow prefer require verify-ca verify-full" -- "$cur")); return ;;
        --throttle-file|--prometheus-textfile|--sslrootcert) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    esac
    [[ $takes_value == *" $prev "* ]] && return
    case $cmd in
@CASES@
        '') if [[ $cur == -* ]]; then opts="@GLOBAL@"; else opts="@COMMANDS@"; fi ;;
        *) opts="@GLOBAL@" ;;
    esac
    if [[ $cur != -* && $positional -eq 0 && " @NAMED@ " == *" $cmd "* ]]; then
        local IFS=$'\n'
        COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" completion profiles 2>/dev/null)" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -F _purga_sesiones_cli purga-sesiones-cli
)bash";

// "--name" (and "-x" when it has a short form) of each option in `names`, in the table's order.
QString optionWords(const QStringList &names, bool valuesOnly = false)
{
    QStringList words;
    for (const CliOption &o : cliOptions()) {
        if (!names.contains(QLatin1String(o.name)) || (valuesOnly && !o.valueName))
            continue;
        words << QStringLiteral("--") + QLatin1String(o.name);
        if (o.shortName)
            words << u'-' + QLatin1String(o.shortName);
    }
    words.removeAll(QStringLiteral("-?")); // a glob to the shell
    return words.join(u' ');
}

QString bashScript()
{
    QStringList all, commands, named, cases;
    for (const CliOption &o : cliOptions())
        all << QLatin1String(o.name);
    const QStringList global = globalOptionNames();
    for (const CliCommand &c : cliCommands()) {
        if (c.hidden)
            continue;
        commands << QLatin1String(c.name);
        if (c.positional > 0 && c.maxPositional < 0)
            named << QLatin1String(c.name);
        QStringList names = c.optionNames() + global;
        if (c.connects)
            names += connectionOptionNames();
        cases << QStringLiteral("        %1) opts=\"%2\" ;;").arg(QLatin1String(c.name), optionWords(names));
    }
    QString script = QString::fromLatin1(kScript);
    script.replace(QStringLiteral("@VALUE_OPTIONS@"), optionWords(all, true))
        .replace(QStringLiteral("@RULES@"), Rules::ids().join(u' '))
        .replace(QStringLiteral("@CASES@"), cases.join(u'\n'))
        .replace(QStringLiteral("@GLOBAL@"), optionWords(global))
        .replace(QStringLiteral("@COMMANDS@"), commands.join(u' '))
        .replace(QStringLiteral("@NAMED@"), named.join(u' '));
    return script;
}

} // namespace

int cmdCompletion(Context &ctx)
{
    const QString what = ctx.parser.positionalArguments().value(1);
    if (what == QLatin1String("bash")) {
        std::fputs(bashScript().toUtf8().constData(), stdout);
        return Exit::Ok;
    }
    if (what == QLatin1String("profiles")) {
        for (const QString &name : ProfileStore().names())
            Context::printLine(name);
        return Exit::Ok;
    }
    Context::error(Context::tr("completion takes bash or profiles, not \"%1\".").arg(what));
    return Exit::Usage;
}

} // namespace purga::cli
