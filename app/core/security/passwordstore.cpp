#include "passwordstore.h"

#include <qt6keychain/keychain.h>

#include <QEventLoop>
#include <QTimer>

#include <memory>

namespace purga {

namespace {

QString oneLine(const QString &text)
{
    return text.simplified(); // folds newlines and runs of spaces
}

} // namespace

PasswordStore::PasswordStore(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<PasswordResult>();
}

PasswordStore::~PasswordStore() = default;

QString PasswordStore::serviceName()
{
    return QStringLiteral("purga-sesiones");
}

QString PasswordStore::keyFor(const QString &profileName)
{
    return QStringLiteral("profile/") + profileName;
}

void PasswordStore::read(const QString &profileName)
{
    start(Operation::Read, profileName, QString(),
          [this, profileName](const PasswordResult &r) { emitFinished(Operation::Read, profileName, r); });
}

void PasswordStore::write(const QString &profileName, const QString &password)
{
    start(Operation::Write, profileName, password,
          [this, profileName](const PasswordResult &r) { emitFinished(Operation::Write, profileName, r); });
}

void PasswordStore::remove(const QString &profileName)
{
    start(Operation::Remove, profileName, QString(),
          [this, profileName](const PasswordResult &r) { emitFinished(Operation::Remove, profileName, r); });
}

PasswordResult PasswordStore::readSync(const QString &profileName)
{
    return runSync(Operation::Read, profileName, QString());
}

PasswordResult PasswordStore::writeSync(const QString &profileName, const QString &password)
{
    return runSync(Operation::Write, profileName, password);
}

PasswordResult PasswordStore::removeSync(const QString &profileName)
{
    return runSync(Operation::Remove, profileName, QString());
}

void PasswordStore::emitFinished(Operation op, const QString &profileName, const PasswordResult &result)
{
    switch (op) {
    case Operation::Read:
        emit readFinished(profileName, result);
        break;
    case Operation::Write:
        emit writeFinished(profileName, result);
        break;
    case Operation::Remove:
        emit removeFinished(profileName, result);
        break;
    }
}

PasswordResult PasswordStore::runSync(Operation op, const QString &profileName, const QString &password)
{
    PasswordResult result;
    bool finished = false;
    QEventLoop loop;
    start(op, profileName, password, [&](const PasswordResult &r) {
        result = r;
        finished = true;
        loop.quit();
    });
    if (!finished)
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    return result;
}

namespace {

// A new keychain job for `op` (no parent; auto-deleted once started and finished).
QKeychain::Job *makeJob(PasswordStore::Operation op, const QString &password)
{
    QKeychain::Job *job = nullptr;
    switch (op) {
    case PasswordStore::Operation::Read:
        job = new QKeychain::ReadPasswordJob(PasswordStore::serviceName());
        break;
    case PasswordStore::Operation::Write: {
        auto *writeJob = new QKeychain::WritePasswordJob(PasswordStore::serviceName());
        writeJob->setTextData(password);
        job = writeJob;
        break;
    }
    case PasswordStore::Operation::Remove:
        job = new QKeychain::DeletePasswordJob(PasswordStore::serviceName());
        break;
    }
    return job;
}

// What a finished keychain job means for the user.
PasswordResult resultOf(PasswordStore::Operation op, const QString &profileName, QKeychain::Job *j)
{
    using Operation = PasswordStore::Operation;
    PasswordResult r;
    r.keychainError = int(j->error());
    r.detail = oneLine(j->errorString());
    const QString name = profileName;
    switch (j->error()) {
    case QKeychain::NoError:
        r.ok = true;
        r.detail.clear();
        if (op == Operation::Read) {
            r.password = static_cast<QKeychain::ReadPasswordJob *>(j)->textData();
            r.message = PasswordStore::tr("Password for profile \"%1\" read from the keychain.").arg(name);
        } else if (op == Operation::Write) {
            r.message = PasswordStore::tr("Password for profile \"%1\" saved in the keychain.").arg(name);
        } else {
            r.message = PasswordStore::tr("Password for profile \"%1\" removed from the keychain.").arg(name);
        }
        break;
    case QKeychain::EntryNotFound:
        r.notFound = true;
        r.ok = (op == Operation::Remove); // nothing to forget is not a failure
        r.message = PasswordStore::tr("No password is stored in the keychain for profile \"%1\".").arg(name);
        break;
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        r.denied = true;
        r.message = PasswordStore::tr(
                        "The keychain refused access to the password for profile \"%1\" (is it locked?).")
                        .arg(name);
        break;
    case QKeychain::CouldNotDeleteEntry:
        r.message =
            PasswordStore::tr("The keychain could not remove the password for profile \"%1\".").arg(name);
        break;
    case QKeychain::NotImplemented:
        r.noKeychain = true;
        r.message = PasswordStore::tr("The keychain of this system is not supported.");
        break;
    case QKeychain::NoBackendAvailable:
    case QKeychain::OtherError: // what libsecret reports when there is no D-Bus session at all
    default:
        r.noKeychain = true;
        r.message = PasswordStore::tr(
            "No keychain answered (is a Secret Service such as gnome-keyring running and unlocked?)");
        break;
    }
    return r;
}

} // namespace

void PasswordStore::start(Operation op, const QString &profileName, const QString &password, Callback done)
{
    // Owned by the store: if the store goes away first, nobody is called back. The job itself has
    // no parent and deletes itself when it finishes (QtKeychain calls back into it from libsecret,
    // so an unfinished job must never be deleted).
    auto *guard = new QObject(this);
    auto delivered = std::make_shared<bool>(false);
    auto deliver = [guard, delivered, done = std::move(done)](const PasswordResult &r) {
        if (*delivered)
            return;
        *delivered = true;
        guard->deleteLater(); // drops the timer and the connection to the job
        done(r);
    };

    PasswordResult refused;
    if (profileName.isEmpty())
        refused.message = tr("The profile has no name, so its password has no place in the keychain.");
    else if (op == Operation::Write && password.isEmpty())
        refused.message = tr("Refusing to store an empty password; forget the saved password instead.");
    else if (op == Operation::Write && password.contains(QChar(0)))
        refused.message = tr("The password contains a NUL character, which the keychain cannot store.");
    if (!refused.message.isEmpty()) {
        QTimer::singleShot(0, guard, [deliver, refused] { deliver(refused); });
        return;
    }

    QKeychain::Job *job = makeJob(op, password);
    job->setKey(m_prefix + profileName);
    job->setInsecureFallback(false); // never a plaintext copy in QSettings
    job->setAutoDelete(true);

    connect(job, &QKeychain::Job::finished, guard,
            [op, profileName, deliver](QKeychain::Job *j) { deliver(resultOf(op, profileName, j)); });

    const int timeoutMs = m_timeoutMs;
    QTimer::singleShot(timeoutMs, guard, [deliver, timeoutMs] {
        PasswordResult r;
        r.noKeychain = true;
        r.message = tr("No keychain answered within %1 s (is a Secret Service such as gnome-keyring running "
                       "and unlocked?)")
                        .arg(timeoutMs / 1000.0, 0, 'g', 3);
        r.detail = QStringLiteral("timeout");
        deliver(r);
    });
    job->start();
}

} // namespace purga
