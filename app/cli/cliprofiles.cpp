// profile-save, password-store, password-forget: set up a workstation from scripts.
#include "cliapp.h"

#include "passwordstore.h"
#include "profilestore.h"

#include <QTextStream>

#include <cstdio>

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
} // namespace

int cmdProfileSave(Context &ctx)
{
    QString name;
    if (!profileName(ctx, &name))
        return Usage;
    ProfileStore store;
    ConnectionProfile p = store.load(name).value_or(ConnectionProfile());
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
    if (ctx.parser.isSet(QStringLiteral("port")))
        p.port = ctx.parser.value(QStringLiteral("port")).toInt();
    QString error;
    if (!store.save(p, &error)) {
        Context::error(error);
        return Usage;
    }
    Context::info(Context::tr("Profile \"%1\" saved: %2").arg(name, p.displayTarget()));
    return Ok;
}

int cmdPasswordStore(Context &ctx)
{
    QString name;
    if (!profileName(ctx, &name))
        return Usage;
    // The password comes from stdin only: never from argv (visible in ps) or a file.
    QTextStream in(stdin);
    const QString password = in.readLine();
    if (password.isEmpty()) {
        Context::error(Context::tr("No password on standard input."));
        return Usage;
    }
    PasswordStore keychain;
    const PasswordResult r = keychain.writeSync(name, password);
    if (!r.ok) {
        Context::error(r.message);
        return Other;
    }
    Context::info(Context::tr("Password for profile \"%1\" stored in the OS keychain.").arg(name));
    return Ok;
}

int cmdPasswordForget(Context &ctx)
{
    QString name;
    if (!profileName(ctx, &name))
        return Usage;
    PasswordStore keychain;
    const PasswordResult r = keychain.removeSync(name);
    if (!r.ok) {
        Context::error(r.message);
        return Other;
    }
    Context::info(Context::tr("Password for profile \"%1\" removed from the OS keychain.").arg(name));
    return Ok;
}

} // namespace purga::cli
