#pragma once

#include <QMetaType>
#include <QObject>
#include <QString>

#include <functional>

namespace purga {

// Outcome of one keychain operation. Never logged as a whole: `password` is the secret.
struct PasswordResult
{
    bool ok = false;         // the operation did what was asked
    bool notFound = false;   // no password stored for this profile (read: ok=false; remove: ok=true)
    bool noKeychain = false; // no Secret Service / no D-Bus session answered, or it timed out
    bool denied = false;     // the keychain is locked or refused access
    QString password;        // read only; empty otherwise
    QString message;         // translated, one line, for the user (never contains the password)
    QString detail;          // the backend's own text, one line (never contains the password)
    int keychainError = 0;   // raw QKeychain::Error, for logs
};

// Connection passwords in the OS keychain (QtKeychain: Secret Service via libsecret on Linux,
// KWallet on KDE). Service name "purga-sesiones"; one entry per profile with the key
// "profile/<profile name>" (see keyFor()). Never falls back to plaintext storage
// (setInsecureFallback(false) on every job): without a keychain, operations fail with noKeychain.
//
// Use from the main thread (libsecret answers through the GLib main context that Qt's main
// event loop runs). QtKeychain runs its jobs one at a time per process, so a job that never
// answers (e.g. D-Bus up but the Secret Service hung) also delays the jobs queued after it:
// every operation therefore ends after timeoutMs() with noKeychain, whatever the backend does.
class PasswordStore : public QObject
{
    Q_OBJECT
public:
    enum class Operation { Read, Write, Remove };
    Q_ENUM(Operation)

    explicit PasswordStore(QObject *parent = nullptr);
    ~PasswordStore() override;

    static QString serviceName();                      // "purga-sesiones"
    static QString keyFor(const QString &profileName); // "profile/" + profileName

    // The entries this store reads and writes are prefix + name: "profile/" (keyFor()) unless set.
    // Another prefix is another namespace of the same service: the receipts' signing key
    // (receiptkeystore.h) lives under "receipt-signing/".
    void setEntryPrefix(const QString &prefix) { m_prefix = prefix; }

    static constexpr int DefaultTimeoutMs = 10000;
    int timeoutMs() const { return m_timeoutMs; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    // Asynchronous (GUI): return at once; the matching signal follows from the event loop.
    void read(const QString &profileName);
    void write(const QString &profileName, const QString &password); // save or replace
    void remove(const QString &profileName);                         // forget

    // Synchronous (CLI, tests): spin a local event loop (no user input) for at most timeoutMs().
    // These do not emit the signals.
    PasswordResult readSync(const QString &profileName);
    PasswordResult writeSync(const QString &profileName, const QString &password);
    PasswordResult removeSync(const QString &profileName);

signals:
    void readFinished(const QString &profileName, const purga::PasswordResult &result);
    void writeFinished(const QString &profileName, const purga::PasswordResult &result);
    void removeFinished(const QString &profileName, const purga::PasswordResult &result);

private:
    using Callback = std::function<void(const PasswordResult &)>;
    void start(Operation op, const QString &profileName, const QString &password, Callback done);
    PasswordResult runSync(Operation op, const QString &profileName, const QString &password);
    void emitFinished(Operation op, const QString &profileName, const PasswordResult &result);

    int m_timeoutMs = DefaultTimeoutMs;
    QString m_prefix = QStringLiteral("profile/");
};

} // namespace purga

Q_DECLARE_METATYPE(purga::PasswordResult)
