// profile-save, password-store, password-forget: set up a workstation from scripts.
#include "cliapp.h"

#include "core/pg/tls.h"
#include "core/profiles/profileenvironment.h"
#include "core/profiles/profilestore.h"
#include "core/profiles/profiletags.h"
#include "core/security/passwordstore.h"
#include "core/security/secrets.h"

#include "clisignals.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

#include <termios.h>
#include <unistd.h>

namespace purga::cli {

namespace {
bool profileName(Context &ctx, QString *name)
{
    const QStringList args = ctx.parser.positionalArguments();
    if (args.size() != 2) {
        Context::error(Context::tr("Name the profile: %1 NAME").arg(args.value(0)));
        return false;
    }
    *name = args.at(1);
    return true;
}

// password-store only stores for a profile that exists: a typo would leave an orphan secret.
bool knownProfile(const QString &name)
{
    ProfileStore store;
    if (store.load(name))
        return true;
    Context::unknownProfile(name, store.names());
    return false;
}
termios s_terminal; // the terminal's settings while the password prompt has echo off

void restoreTerminal()
{
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &s_terminal);
}

// The password: asked for on a terminal with echo off (a signal meanwhile turns echo back on before
// the process ends), else the first line of standard input (a pipe, a file).
QString readPassword(const QString &name)
{
    QTextStream in(stdin);
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &s_terminal) != 0)
        return in.readLine();
    // Echo off before the prompt shows: nothing typed after it can be echoed.
    termios quiet = s_terminal;
    quiet.c_lflag &= ~tcflag_t(ECHO);
    setSignalExitHook(restoreTerminal);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    std::fputs(Context::tr("Password for profile \"%1\": ").arg(name).toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
    const QString password = in.readLine();
    restoreTerminal();
    setSignalExitHook(nullptr);
    std::fputs("\n", stderr); // the Enter typed was not echoed
    return password;
}

// What the saved sslmode means for the password: the CA used, or the risk of a weak mode.
void printTlsNote(const ConnectionProfile &p)
{
    if (p.sslMode.startsWith(QLatin1String("verify-"))) {
        Context::info(Context::tr("TLS: sslmode=%1, server certificate checked against %2.")
                          .arg(p.sslMode, p.sslRootCert.isEmpty()
                                              ? Context::tr("the system CA bundle (%1)").arg(systemCaBundle())
                                              : p.sslRootCert));
    } else if (!isLoopbackHostList(p.host) && sslModeMaySendInClear(p.sslMode)) {
        Context::info(Context::tr("Warning: sslmode=%1 towards %2: the password may be sent to an impostor; "
                                  "use --sslmode verify-full.")
                          .arg(p.sslMode, p.host));
    }
}
} // namespace

int cmdProfileSave(Context &ctx)
{
    QString name;
    if (!profileName(ctx, &name))
        return Exit::Usage;
    ProfileStore store;
    const std::optional<ConnectionProfile> existing = store.load(name);
    ConnectionProfile p = existing.value_or(ConnectionProfile());
    p.name = name;
    auto set = [&](const char *opt, QString *field) {
        if (ctx.parser.isSet(QLatin1String(opt)))
            *field = ctx.parser.value(QLatin1String(opt));
    };
    set("host", &p.host);
    set("dbname", &p.database);
    set("user", &p.user);
    set("sslmode", &p.sslMode);
    set("sslrootcert", &p.sslRootCert);
    if (ctx.parser.isSet(QStringLiteral("port"))) {
        bool ok = false;
        p.port = ctx.parser.value(QStringLiteral("port")).toInt(&ok);
        if (!ok) {
            Context::error(Context::tr("--port takes a whole number, not \"%1\".")
                               .arg(ctx.parser.value(QStringLiteral("port"))));
            return Exit::Usage;
        }
    }
    if (ctx.parser.isSet(QStringLiteral("environment"))) {
        const QString id = ctx.parser.value(QStringLiteral("environment"));
        const std::optional<ProfileEnvironment> environment = environmentFromId(id);
        if (!environment) {
            Context::error(Context::tr("--environment takes one of %1, not \"%2\".")
                               .arg(environmentIds().join(QStringLiteral(", ")), id));
            return Exit::Usage;
        }
        p.environment = *environment;
    } else if (!existing) {
        p.environment = guessEnvironment(p); // "prod" in the name or database: production
    }
    if (ctx.parser.isSet(QStringLiteral("tag"))) // given: the profile's tags are these
        p.tags = ProfileTags::normalized(ctx.parser.values(QStringLiteral("tag")));
    // A safety assertion is never inherited from an earlier save: it is restated or it is off.
    p.assumeSessionPooler = ctx.parser.isSet(QStringLiteral("assume-session-pooler"));
    // A new profile checks the server's certificate unless it stays on this machine; a saved
    // one keeps the sslmode it has (never changed behind its owner's back).
    if (!existing && !ctx.parser.isSet(QStringLiteral("sslmode")))
        p.sslMode = defaultSslMode(p.host);
    // Checked before anything is written: a failure leaves the profiles file as it was.
    const QStringList problems = validateProfile(p);
    if (!problems.isEmpty()) {
        Context::error(problems.join(QStringLiteral(" ")));
        return Exit::Usage;
    }
    QString error;
    if (!store.save(p, &error)) {
        Context::error(error);
        return Exit::Other;
    }
    Context::info(Context::tr("Profile \"%1\" saved: %2").arg(name, p.displayTarget()));
    printTlsNote(p);
    return Exit::Ok;
}

int cmdPasswordStore(Context &ctx)
{
    QString name;
    if (!profileName(ctx, &name))
        return Exit::Usage;
    if (!knownProfile(name))
        return Exit::Usage;
    // Never from argv (visible in ps) or a file named on the command line.
    QString password = readPassword(name);
    if (password.isEmpty()) {
        Context::error(Context::tr("No password on standard input."));
        return Exit::Usage;
    }
    PasswordStore keychain;
    const PasswordResult r = keychain.writeSync(name, password);
    wipe(password);
    if (!r.ok) {
        Context::error(r.message, r.detail);
        return Exit::Other;
    }
    Context::info(Context::tr("Password for profile \"%1\" stored in the OS keychain.").arg(name));
    return Exit::Ok;
}

int cmdPasswordForget(Context &ctx)
{
    QString name;
    if (!profileName(ctx, &name))
        return Exit::Usage;
    PasswordStore keychain;
    // The Secret Service deletes silently whether or not an item was there: ask first, so that
    // the user learns whether there was something to remove.
    PasswordResult before = keychain.readSync(name);
    wipe(before.password);
    if (!before.ok && !before.notFound) {
        Context::error(before.message, before.detail);
        return Exit::Other;
    }
    if (before.notFound) {
        Context::info(Context::tr("No password was stored for profile \"%1\": nothing to remove.").arg(name));
        return Exit::Ok;
    }
    const PasswordResult r = keychain.removeSync(name);
    if (!r.ok) {
        Context::error(r.message, r.detail);
        return Exit::Other;
    }
    Context::info(Context::tr("Password for profile \"%1\" removed from the OS keychain.").arg(name));
    return Exit::Ok;
}

int cmdProfileList(Context &ctx)
{
    ProfileStore store;
    const QStringList wanted = ProfileTags::normalized(ctx.parser.values(QStringLiteral("tag")));
    QJsonArray rows;
    for (const QString &name : store.names()) {
        const std::optional<ConnectionProfile> p = store.load(name);
        if (!p || !ProfileTags::carriesAll(*p, wanted))
            continue;
        rows.append(QJsonObject{{QStringLiteral("name"), p->name},
                                {QStringLiteral("target"), p->displayTarget()},
                                {QStringLiteral("environment"), environmentId(p->environment)},
                                {QStringLiteral("tags"), QJsonArray::fromStringList(p->tags)}});
        if (!ctx.json)
            Context::printLine(
                QStringLiteral("%1\t%2\t%3\t%4")
                    .arg(p->name, p->displayTarget(), environmentId(p->environment), p->tags.join(u' ')));
    }
    if (ctx.json)
        Context::printJson(QJsonObject{{QStringLiteral("profiles"), rows}});
    return Exit::Ok;
}

void Context::unknownProfile(const QString &name, const QStringList &saved)
{
    error(saved.isEmpty() ? tr("No profile named \"%1\" (none saved; see profile-save).").arg(name)
                          : tr("No profile named \"%1\" (saved profiles: %2).")
                                .arg(name, saved.join(QStringLiteral(", "))));
}

} // namespace purga::cli
