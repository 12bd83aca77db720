// How a command connects, by psql's habits: one way at a time (a saved profile, a connection
// string, a service, or -h/-p/-d/-U), and with none of them libpq's own environment (PGHOST,
// PGPORT, PGDATABASE, PGUSER, PGSERVICE, PGSSLMODE, ~/.pgpass) as psql does. A profile whose
// password the keychain does not hold takes libpq's (PGPASSWORD, ~/.pgpass) and says which.
#include "cliapp.h"
#include "clicommands.h"

#include "core/history/historystore.h"
#include "core/pg/libpqinfo.h"
#include "core/pg/tls.h"
#include "core/profiles/profilestore.h"
#include "core/security/passwordstore.h"
#include "core/security/secrets.h"

#include <QDir>

namespace purga::cli {

namespace {

// A conninfo value inside '...', with \ and ' escaped (every character reaches libpq).
QString quoted(QString v)
{
    v.replace(u'\\', QStringLiteral("\\\\"));
    v.replace(u'\'', QStringLiteral("\\'"));
    return u'\'' + v + u'\'';
}

// psql's -d also takes a whole connection string or URI (libpq's expand_dbname).
bool isConninfo(const QString &v)
{
    return v.contains(u'=') || v.startsWith(QLatin1String("postgresql://")) ||
           v.startsWith(QLatin1String("postgres://"));
}

// -h/-p/-d/-U as one connection string; libpq fills in what they leave out from its environment.
// Later keywords win in libpq, so -h/-p/-U override what a -d connection string says.
QString psqlConninfo(const QCommandLineParser &parser)
{
    QStringList parts;
    const QString db = parser.value(QStringLiteral("dbname"));
    ConnParams expanded;
    QString ignored;
    if (isConninfo(db) && parseConninfo(db, &expanded, &ignored)) {
        for (const auto &kv : expanded)
            parts << QString::fromUtf8(kv.first) + u'=' + quoted(QString::fromUtf8(kv.second));
    } else if (isConninfo(db)) {
        parts << db; // libpq's own reason is quoted when the connect parses it
    } else if (!db.isEmpty()) {
        parts << QStringLiteral("dbname=") + quoted(db);
    }
    for (const char *key : {"host", "port", "user"}) {
        if (userIsHoldScope(parser) && qstrcmp(key, "user") == 0)
            continue; // `hold add --user E:U` names the hold's scope, not the role
        const QString v = parser.value(QLatin1String(key));
        if (!v.isEmpty())
            parts << QLatin1String(key) + u'=' + quoted(v);
    }
    return parts.join(u' ');
}

// The keychain's password for the profile. Without one (none stored, no keychain at all) the
// password is left to libpq: *fromLibpq. False (exit 3) when the keychain failed otherwise.
bool keychainPassword(const QString &name, QString *password, bool *fromLibpq, int *exitCode)
{
    PasswordStore keychain;
    PasswordResult r = keychain.readSync(name);
    if (r.ok) {
        *password = r.password;
        wipe(r.password);
        return true;
    }
    if (r.notFound || r.noKeychain) {
        *fromLibpq = true;
        if (Context::verbose)
            Context::info(r.message);
        return true;
    }
    Context::error(r.message, r.detail);
    *exitCode = Exit::CannotConnect;
    return false;
}

// Where the password of a profile the keychain had none for came from (never the password).
void sayPasswordSource(const QString &profile, const PgConnection &conn)
{
    QString source;
    if (!conn.usedPassword())
        source = Context::tr("the server asked for no password");
    else if (!qEnvironmentVariable("PGPASSWORD").isEmpty())
        source = Context::tr("password from PGPASSWORD");
    else
        source = Context::tr("password from %1")
                     .arg(qEnvironmentVariable("PGPASSFILE", QDir::homePath() + QStringLiteral("/.pgpass")));
    Context::info(Context::tr("Profile \"%1\": no password in the OS keychain; %2.").arg(profile, source));
}

// A --conninfo profile, warned about a password in it and about the TLS default it gets.
ConnectionProfile conninfoProfile(const QString &conninfo)
{
    ConnectionProfile profile;
    profile.name = QStringLiteral("conninfo");
    profile.conninfo = conninfo;
    profile.passwordSource = PasswordSource::Libpq;
    if (conninfoHasPassword(conninfo))
        Context::info(
            Context::tr("Warning: the password in --conninfo is visible to every user in the process "
                        "list and stays in the shell history; use PGPASSWORD, ~/.pgpass or a profile "
                        "(password-store)."));
    Context::announceTlsDefault(conninfo);
    return profile;
}

// psql's way: -h/-p/-d/-U, or nothing, over libpq's environment.
ConnectionProfile psqlProfile(const QCommandLineParser &parser)
{
    ConnectionProfile profile;
    profile.name = QStringLiteral("libpq");
    profile.conninfo = psqlConninfo(parser);
    profile.libpqEnvironment = true;
    profile.passwordSource = PasswordSource::Libpq;
    if (conninfoHasPassword(profile.conninfo))
        Context::info(Context::tr("Warning: the password in -d is visible to every user in the process list "
                                  "and stays in the shell history; use PGPASSWORD, ~/.pgpass or a profile "
                                  "(password-store)."));
    Context::announceTlsDefault(profile.conninfo, Context::tr("the connection (-h/-d, PGHOST, PGSERVICE…)"));
    return profile;
}

} // namespace

void Context::announceTlsDefault(const QString &conninfo, const QString &given)
{
    const ConninfoTlsDefault tls = conninfoTlsDefault(conninfo);
    if (!tls.applies)
        return;
    const QString root = tls.rootCertGiven ? tls.rootCert
                         : tls.rootCert.isEmpty()
                             ? tr("libpq's own root certificate (~/.postgresql/root.crt)")
                             : tr("the system CA bundle (%1)").arg(tls.rootCert);
    info(tr("Note: %4 names no sslmode and %1 is not a loopback host: connecting with sslmode=%2, "
            "the saved profiles' default, checked against %3, so that no password reaches a server that "
            "cannot prove it is %1. Write sslmode=… in the string (or PGSSLMODE) to choose another mode.")
             .arg(tls.host, tls.sslMode, root, given.isEmpty() ? QStringLiteral("--conninfo") : given));
}

bool Context::target(ConnectionProfile *profile, QString *password, bool *fromLibpq, int *exitCode)
{
    const QString profileName = parser.value(QStringLiteral("profile"));
    if (parser.isSet(QStringLiteral("conninfo"))) {
        *profile = conninfoProfile(parser.value(QStringLiteral("conninfo")));
    } else if (parser.isSet(QStringLiteral("service"))) {
        *profile = profileFromService(parser.value(QStringLiteral("service")));
    } else if (profileName.isEmpty()) {
        *profile = psqlProfile(parser);
    } else {
        ProfileStore store;
        const std::optional<ConnectionProfile> p = store.load(profileName);
        if (!p) {
            unknownProfile(profileName, store.names());
            *exitCode = Exit::Usage;
            return false;
        }
        *profile = *p;
        if (profile->passwordSource == PasswordSource::Keychain &&
            !keychainPassword(profileName, password, fromLibpq, exitCode))
            return false;
    }
    if (parser.isSet(QStringLiteral("assume-session-pooler")))
        profile->assumeSessionPooler = true;
    return true;
}

bool Context::connect(PgConnection &conn, ConnectionProfile *profile, int *exitCode, QString *passwordOut)
{
    QString password;
    bool fromLibpq = false;
    if (!target(profile, &password, &fromLibpq, exitCode))
        return false;
    DbFailure err;
    const bool opened = conn.open(*profile, password, &err);
    // libpq has its own copy now; a caller that opens a second session (the pool-mode probe) gets
    // one before this one is wiped.
    if (opened && passwordOut)
        *passwordOut = password;
    wipe(password);
    if (!opened) {
        error(err.message, err.detail);
        *exitCode = Exit::CannotConnect;
        return false;
    }
    if (fromLibpq)
        sayPasswordSource(profile->name, conn);
    // Whatever this command is, runs and freezes that died with their process are closed first,
    // so that status, health and history never show them as still running.
    if (HistoryStore::exists(conn)) {
        QString ignored;
        HistoryStore::markInterrupted(conn, &ignored);
    }
    return true;
}

} // namespace purga::cli
