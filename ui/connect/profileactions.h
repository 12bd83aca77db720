#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QWidget;

namespace purga {

class PasswordStore;
class ProfileStore;
struct PasswordResult;

// Duplicate, rename and delete of saved profiles, keychain entry included (the connect dialog's
// profile manager). Each operation is asynchronous (the keychain answers from the event loop) and
// ends with exactly one finished(). One operation at a time: a call while busy is refused.
//  - duplicate: "NAME (copy)" (unique); the password is copied only if the user agrees (asked
//    through MessageBox, so tests can answer in advance) and only when one is stored.
//  - rename: refused when the name exists; the password is written under the new key first and the
//    old entry removed after; if the write fails, nothing is renamed and the message says why.
//  - remove: the settings, then the keychain entry; the message says whether a password went.
class ProfileActions : public QObject
{
    Q_OBJECT
public:
    ProfileActions(ProfileStore *store, QWidget *dialogParent);
    ~ProfileActions() override;

    bool isBusy() const { return m_busy; }
    PasswordStore *passwordStore() const { return m_passwords; }

    void duplicate(const QString &name);
    void rename(const QString &from, const QString &to);
    void remove(const QString &name);

signals:
    // ok: everything asked was done. message: translated, for the user. select: the profile to
    // show afterwards (the copy, the new name; empty after a delete).
    void finished(bool ok, const QString &message, const QString &select);

private:
    using Step = std::function<void(const PasswordResult &)>;
    using Signal = void (PasswordStore::*)(const QString &, const PasswordResult &);
    // Calls `next` once, when `signal` reports about `profileName`.
    void then(Signal signal, const QString &profileName, Step next);
    bool begin();
    void finish(bool ok, const QString &message, const QString &select);
    void copyPassword(const QString &from, const QString &to, const QString &password);
    void moveSettings(const QString &from, const QString &to, bool passwordMoved);
    static QString reason(const PasswordResult &result);

    ProfileStore *m_store;
    QPointer<QWidget> m_parent;
    PasswordStore *m_passwords;
    bool m_busy = false;
};

} // namespace purga
