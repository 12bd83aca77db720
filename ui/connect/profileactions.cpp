#include "profileactions.h"

#include "core/profiles/profilestore.h"
#include "core/security/passwordstore.h"
#include "ui/widgets/messagebox.h"

#include <QSettings>

#include <memory>

namespace purga {

namespace {
const QLatin1String kLastProfile("ui/lastProfile");
} // namespace

ProfileActions::ProfileActions(ProfileStore *store, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_store(store)
    , m_parent(dialogParent)
    , m_passwords(new PasswordStore(this))
{
}

ProfileActions::~ProfileActions() = default;

void ProfileActions::then(Signal signal, const QString &profileName, Step next)
{
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(m_passwords, signal, this,
                          [connection, profileName, next](const QString &name, const PasswordResult &r) {
                              if (name != profileName)
                                  return;
                              QObject::disconnect(*connection);
                              next(r);
                          });
}

bool ProfileActions::begin()
{
    if (m_busy)
        return false;
    m_busy = true;
    return true;
}

void ProfileActions::finish(bool ok, const QString &message, const QString &select)
{
    m_busy = false;
    emit finished(ok, message, select);
}

QString ProfileActions::reason(const PasswordResult &r)
{
    return r.detail.isEmpty() ? r.message : r.message + QStringLiteral(" (") + r.detail + u')';
}

void ProfileActions::duplicate(const QString &name)
{
    std::optional<ConnectionProfile> source = m_store->load(name);
    if (!source || !begin())
        return;
    ConnectionProfile copy = *source;
    copy.name = m_store->unusedCopyName(name);
    QString error;
    if (!m_store->save(copy, &error)) {
        finish(false, error, name);
        return;
    }
    const QString to = copy.name;
    if (source->passwordSource != PasswordSource::Keychain) {
        finish(true, tr("Profile %1 copied to %2.").arg(name, to), to); // libpq finds its password
        return;
    }
    then(&PasswordStore::readFinished, name, [this, name, to](const PasswordResult &r) {
        if (r.ok) {
            copyPassword(name, to, r.password);
        } else if (r.notFound) {
            finish(true, tr("Profile %1 copied to %2 (%1 has no password in the keychain).").arg(name, to),
                   to);
        } else {
            finish(false,
                   tr("Profile %1 copied to %2 without its password: the keychain could not read it. %3")
                       .arg(name, to, reason(r)),
                   to);
        }
    });
    m_passwords->read(name);
}

void ProfileActions::copyPassword(const QString &from, const QString &to, const QString &password)
{
    const auto answer = MessageBox::question(
        m_parent, tr("Copy the password?"),
        tr("Profile %1 has a password in the keychain. Copy it to %2 as well?\n\nNo: %2 asks for its "
           "password when it connects.")
            .arg(from, to),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes) {
        finish(true, tr("Profile %1 copied to %2 without its password.").arg(from, to), to);
        return;
    }
    then(&PasswordStore::writeFinished, to, [this, from, to](const PasswordResult &r) {
        if (r.ok)
            finish(true, tr("Profile %1 copied to %2 with its password.").arg(from, to), to);
        else
            finish(false,
                   tr("Profile %1 copied to %2, but its password could not be stored for the copy: %3")
                       .arg(from, to, reason(r)),
                   to);
    });
    m_passwords->write(to, password);
}

void ProfileActions::rename(const QString &from, const QString &to)
{
    std::optional<ConnectionProfile> source = m_store->load(from);
    if (!source || !begin())
        return;
    ConnectionProfile renamed = *source;
    renamed.name = to;
    QStringList problems = validateProfile(renamed);
    if (to != from && m_store->contains(to))
        problems.prepend(
            ProfileStore::tr("A profile named \"%1\" exists already: choose another name.").arg(to));
    else if (to == from)
        problems.prepend(ProfileStore::tr("The profile is already named \"%1\".").arg(to));
    if (!problems.isEmpty()) {
        finish(false, tr("The profile was not renamed: %1").arg(problems.join(u' ')), from);
        return;
    }
    const bool keychainProfile = source->passwordSource == PasswordSource::Keychain;
    then(&PasswordStore::readFinished, from, [this, from, to, keychainProfile](const PasswordResult &r) {
        if (r.notFound || (!r.ok && !keychainProfile)) {
            moveSettings(from, to, false); // nothing (reachable) to move
            return;
        }
        if (!r.ok) {
            finish(false,
                   tr("The profile was not renamed: its password could not be read from the keychain to move "
                      "it. %1")
                       .arg(reason(r)),
                   from);
            return;
        }
        then(&PasswordStore::writeFinished, to, [this, from, to](const PasswordResult &w) {
            if (!w.ok) {
                finish(false,
                       tr("The profile was not renamed: the keychain could not store its password under the "
                          "new name. %1")
                           .arg(reason(w)),
                       from);
                return;
            }
            moveSettings(from, to, true);
        });
        m_passwords->write(to, r.password);
    });
    m_passwords->read(from);
}

void ProfileActions::moveSettings(const QString &from, const QString &to, bool passwordMoved)
{
    QString error;
    if (!m_store->rename(from, to, &error)) {
        if (passwordMoved)
            m_passwords->remove(to); // undo the copy: the profile keeps its old name
        finish(false, tr("The profile was not renamed: %1").arg(error), from);
        return;
    }
    QSettings settings;
    if (settings.value(kLastProfile).toString() == from)
        settings.setValue(kLastProfile, to);
    if (!passwordMoved) {
        finish(true, tr("Profile %1 renamed to %2 (no password in the keychain to move).").arg(from, to), to);
        return;
    }
    then(&PasswordStore::removeFinished, from, [this, from, to](const PasswordResult &r) {
        if (r.ok)
            finish(true,
                   tr("Profile %1 renamed to %2; its password moved with it in the keychain.").arg(from, to),
                   to);
        else
            finish(
                false,
                tr("Profile %1 renamed to %2 and its password copied, but the old keychain entry could not "
                   "be removed: %3")
                    .arg(from, to, reason(r)),
                to);
    });
    m_passwords->remove(from);
}

void ProfileActions::remove(const QString &name)
{
    if (!m_store->contains(name) || !begin())
        return;
    if (!m_store->remove(name)) {
        finish(false, tr("Profile %1 could not be removed from %2.").arg(name, m_store->fileName()), name);
        return;
    }
    QSettings settings;
    if (settings.value(kLastProfile).toString() == name)
        settings.remove(kLastProfile);
    // The Secret Service deletes silently whether or not an item was there: read first, so that the
    // message can say whether a password went (as password-forget does).
    then(&PasswordStore::readFinished, name, [this, name](const PasswordResult &before) {
        if (before.notFound) {
            finish(true, tr("Profile %1 deleted; the keychain held no password for it.").arg(name),
                   QString());
            return;
        }
        then(&PasswordStore::removeFinished, name, [this, name](const PasswordResult &r) {
            if (r.ok)
                finish(true, tr("Profile %1 deleted; its password was removed from the keychain.").arg(name),
                       QString());
            else
                finish(false,
                       tr("Profile %1 deleted, but its password could not be removed from the keychain: %2")
                           .arg(name, reason(r)),
                       QString());
        });
        m_passwords->remove(name);
    });
    m_passwords->read(name);
}

} // namespace purga
