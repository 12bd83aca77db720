#include "profilestore.h"

#include "core/pg/libpqinfo.h"
#include "core/pg/tls.h"
#include "profileenvironment.h"
#include "profiletags.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>

namespace purga {

namespace {

const QLatin1String kProfilesGroup("profiles");

QString groupFor(const QString &name)
{
    return kProfilesGroup + u'/' + name;
}

QString passwordSourceId(PasswordSource s)
{
    return s == PasswordSource::Libpq ? QStringLiteral("libpq") : QStringLiteral("keychain");
}

PasswordSource passwordSourceFromId(const QString &id)
{
    return id == QLatin1String("libpq") ? PasswordSource::Libpq : PasswordSource::Keychain;
}

// One libpq service file: section name -> its key/value lines (libpq's parseServiceFile rules).
QMap<QString, QMap<QString, QString>> parseServiceFile(const QString &path)
{
    QMap<QString, QMap<QString, QString>> sections;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return sections;
    QString current;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        if (line.startsWith(u'[')) {
            const qsizetype end = line.indexOf(u']');
            current = end > 1 ? line.mid(1, end - 1) : QString(); // libpq does not trim inside []
            if (!current.isEmpty() && !sections.contains(current))
                sections.insert(current, {});
            continue;
        }
        const qsizetype eq = line.indexOf(u'=');
        if (!current.isEmpty() && eq > 0)
            sections[current].insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    return sections;
}

} // namespace

ProfileStore::ProfileStore()
    : m_settings(std::make_unique<QSettings>(QSettings::NativeFormat, QSettings::UserScope,
                                             organizationName(), applicationName()))
{
}

ProfileStore::~ProfileStore() = default;

QString ProfileStore::organizationName()
{
    return QStringLiteral("purga-sesiones");
}

QString ProfileStore::applicationName()
{
    return QStringLiteral("purga-sesiones");
}

QString ProfileStore::fileName() const
{
    return m_settings->fileName();
}

QStringList ProfileStore::names() const
{
    m_settings->beginGroup(kProfilesGroup);
    QStringList list = m_settings->childGroups();
    m_settings->endGroup();
    list.sort();
    return list;
}

bool ProfileStore::contains(const QString &name) const
{
    return !name.isEmpty() && names().contains(name);
}

std::optional<ConnectionProfile> ProfileStore::load(const QString &name) const
{
    if (!contains(name))
        return std::nullopt;
    ConnectionProfile p;
    p.name = name;
    QSettings &s = *m_settings;
    s.beginGroup(groupFor(name));
    p.host = s.value(QStringLiteral("host"), p.host).toString();
    p.port = s.value(QStringLiteral("port"), p.port).toInt();
    p.database = s.value(QStringLiteral("database"), p.database).toString();
    p.user = s.value(QStringLiteral("user"), p.user).toString();
    p.sslMode = s.value(QStringLiteral("sslMode"), p.sslMode).toString();
    p.sslRootCert = s.value(QStringLiteral("sslRootCert")).toString();
    p.connectTimeoutSec = s.value(QStringLiteral("connectTimeoutSec"), p.connectTimeoutSec).toInt();
    p.applicationName = s.value(QStringLiteral("applicationName"), p.applicationName).toString();
    p.service = s.value(QStringLiteral("service")).toString();
    p.conninfo = s.value(QStringLiteral("conninfo")).toString();
    p.passwordSource = passwordSourceFromId(s.value(QStringLiteral("passwordSource")).toString());
    // Saved before the environment was a field: the old name heuristic, until the owner picks one.
    const std::optional<ProfileEnvironment> environment =
        environmentFromId(s.value(QStringLiteral("environment")).toString());
    p.environment = environment.value_or(guessEnvironment(p));
    p.assumeSessionPooler = s.value(QStringLiteral("assumeSessionPooler"), false).toBool();
    p.tags = normalizedTags(s.value(QStringLiteral("tags")).toStringList());
    s.beginGroup(QStringLiteral("rules"));
    const QStringList keys = s.allKeys(); // rule keys are "<rule>/<setting>": nested groups
    for (const QString &key : keys)
        p.ruleOverrides.insert(key, s.value(key).toString());
    s.endGroup();
    s.endGroup();
    return p;
}

bool ProfileStore::saveOverrides(const QString &name, const QMap<QString, QString> &overrides, QString *error)
{
    std::optional<ConnectionProfile> stored = load(name);
    if (!stored)
        return true;
    stored->ruleOverrides = overrides;
    return save(*stored, error);
}

bool ProfileStore::save(const ConnectionProfile &p, QString *error)
{
    const QStringList problems = validateProfile(p);
    if (!problems.isEmpty()) {
        if (error)
            *error = problems.join(u'\n');
        return false;
    }
    QSettings &s = *m_settings;
    s.remove(groupFor(p.name)); // no stale keys (old rule overrides) survive a replace
    s.beginGroup(groupFor(p.name));
    s.setValue(QStringLiteral("host"), p.host);
    s.setValue(QStringLiteral("port"), p.port);
    s.setValue(QStringLiteral("database"), p.database);
    s.setValue(QStringLiteral("user"), p.user);
    s.setValue(QStringLiteral("sslMode"), p.sslMode);
    s.setValue(QStringLiteral("sslRootCert"), p.sslRootCert);
    s.setValue(QStringLiteral("connectTimeoutSec"), p.connectTimeoutSec);
    s.setValue(QStringLiteral("applicationName"), p.applicationName);
    s.setValue(QStringLiteral("service"), p.service);
    s.setValue(QStringLiteral("conninfo"), p.conninfo);
    s.setValue(QStringLiteral("passwordSource"), passwordSourceId(p.passwordSource));
    s.setValue(QStringLiteral("environment"), environmentId(p.environment));
    if (p.assumeSessionPooler) // absent means false: profiles saved before the setting read the same
        s.setValue(QStringLiteral("assumeSessionPooler"), true);
    if (!p.tags.isEmpty()) // absent means none: profiles saved before tags read the same
        s.setValue(QStringLiteral("tags"), normalizedTags(p.tags));
    for (auto it = p.ruleOverrides.cbegin(); it != p.ruleOverrides.cend(); ++it)
        s.setValue(QStringLiteral("rules/") + it.key(), it.value());
    s.endGroup();
    s.sync();
    if (s.status() != QSettings::NoError) {
        if (error)
            *error = tr("Could not write the profiles file %1.").arg(s.fileName());
        return false;
    }
    return true;
}

bool ProfileStore::remove(const QString &name)
{
    if (!contains(name))
        return false;
    m_settings->remove(groupFor(name));
    m_settings->sync();
    return m_settings->status() == QSettings::NoError;
}

bool ProfileStore::rename(const QString &from, const QString &to, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    std::optional<ConnectionProfile> profile = load(from);
    if (!profile)
        return fail(tr("There is no profile named \"%1\".").arg(from));
    if (to == from)
        return fail(tr("The profile is already named \"%1\".").arg(to));
    if (contains(to))
        return fail(tr("A profile named \"%1\" exists already: choose another name.").arg(to));
    profile->name = to;
    if (!save(*profile, error))
        return false;
    if (!remove(from))
        return fail(tr("The profile was copied to \"%1\" but \"%2\" could not be removed from %3.")
                        .arg(to, from, fileName()));
    return true;
}

QString ProfileStore::unusedCopyName(const QString &name) const
{
    QString candidate = tr("%1 (copy)").arg(name);
    for (int n = 2; contains(candidate); ++n)
        candidate = tr("%1 (copy %2)").arg(name).arg(n);
    return candidate;
}

QStringList validateProfile(const ConnectionProfile &p)
{
    QStringList problems;
    if (p.name.trimmed().isEmpty())
        problems << ProfileStore::tr("The profile needs a name.");
    else if (p.name.contains(u'/') || p.name.contains(u'\\'))
        problems << ProfileStore::tr("The profile name cannot contain \"/\" or \"\\\".");
    else if (p.name != p.name.trimmed())
        problems << ProfileStore::tr("The profile name cannot start or end with spaces.");

    for (const QString &tag : p.tags)
        if (const QString why = ProfileTags::problem(tag.trimmed()); !why.isEmpty())
            problems << why;

    if (p.connectTimeoutSec < 1 || p.connectTimeoutSec > 120)
        problems << ProfileStore::tr("The connect timeout must be between 1 and 120 seconds (it is %1).")
                        .arg(p.connectTimeoutSec);

    if (!p.conninfo.isEmpty()) {
        ConnParams options;
        QString reason;
        if (!parseConninfo(p.conninfo, &options, &reason)) {
            problems << ProfileStore::tr("The connection string is not valid: %1").arg(reason.simplified());
        } else {
            for (const auto &o : std::as_const(options)) {
                if (o.first == "password")
                    problems << ProfileStore::tr("The connection string contains a password; profiles never "
                                                 "store passwords (use the keychain or ~/.pgpass).");
            }
        }
        return problems;
    }

    if (!p.service.isEmpty()) {
        if (!libpqServices().contains(p.service))
            problems << ProfileStore::tr("The libpq service \"%1\" is not defined in %2.")
                            .arg(p.service, libpqServiceFiles().join(QLatin1String(", ")));
        return problems;
    }

    if (p.port < 1 || p.port > 65535)
        problems << ProfileStore::tr("The port must be between 1 and 65535 (it is %1).").arg(p.port);
    static const QStringList sslModes = {QStringLiteral("disable"),   QStringLiteral("allow"),
                                         QStringLiteral("prefer"),    QStringLiteral("require"),
                                         QStringLiteral("verify-ca"), QStringLiteral("verify-full")};
    if (!sslModes.contains(p.sslMode)) {
        problems << ProfileStore::tr("Unknown SSL mode \"%1\" (use one of: %2).")
                        .arg(p.sslMode, sslModes.join(QLatin1String(", ")));
    } else if (p.sslMode.startsWith(QLatin1String("verify-"))) {
        const QFileInfo cert(p.sslRootCert);
        if (p.sslRootCert.isEmpty()) {
            // Without a file of its own the profile trusts the system's CA bundle.
            if (systemCaBundle().isEmpty())
                problems << ProfileStore::tr("SSL mode %1 needs the root certificate (CA) file: no system "
                                             "CA bundle was found.")
                                .arg(p.sslMode);
        } else if (!cert.isFile() || !cert.isReadable())
            problems << ProfileStore::tr("The root certificate file %1 does not exist or cannot be read.")
                            .arg(p.sslRootCert);
    }
    return problems;
}

QStringList libpqServiceFiles()
{
    QStringList files;
    const QString userFile = qEnvironmentVariable("PGSERVICEFILE");
    files << (userFile.isEmpty() ? QDir::homePath() + QStringLiteral("/.pg_service.conf") : userFile);
    const QString sysconf = qEnvironmentVariable("PGSYSCONFDIR");
    files << (sysconf.isEmpty() ? QStringLiteral("/etc/postgresql-common") : sysconf) +
                 QStringLiteral("/pg_service.conf");
    return files;
}

QStringList libpqServices()
{
    QStringList names;
    const QStringList files = libpqServiceFiles();
    for (const QString &file : files)
        names << parseServiceFile(file).keys();
    names.sort();
    names.removeDuplicates();
    return names;
}

ConnectionProfile profileFromService(const QString &name)
{
    ConnectionProfile p;
    p.name = name;
    p.service = name;
    p.passwordSource = PasswordSource::Libpq;
    p.environment = guessEnvironment(p);
    const QStringList files = libpqServiceFiles();
    for (const QString &file : files) {
        const auto sections = parseServiceFile(file);
        if (!sections.contains(name))
            continue;
        const QMap<QString, QString> &kv = sections[name];
        p.host = kv.value(QStringLiteral("host"), p.host);
        p.port = kv.value(QStringLiteral("port"), QString::number(p.port)).toInt();
        p.database = kv.value(QStringLiteral("dbname"), p.database);
        p.user = kv.value(QStringLiteral("user"), p.user);
        break; // libpq uses the first file that defines the service
    }
    return p;
}

} // namespace purga
