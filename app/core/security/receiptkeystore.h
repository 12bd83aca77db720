#pragma once

// The workstation's receipt-signing key: an Ed25519 seed in the OS keychain (service
// "purga-sesiones", entry "receipt-signing/ed25519", base64), created on first use, never written
// anywhere else (no insecure fallback: PasswordStore's rules). Without a keychain there is no key
// and purges go on with an unsigned, unchained receipt (said once).
#include "passwordstore.h"

#include <QByteArray>
#include <QMetaType>
#include <QObject>
#include <QString>

namespace purga {

struct SigningKey
{
    QByteArray seed;      // 32 bytes, secret: wipe() when done
    QByteArray publicKey; // 32 bytes
    bool created = false; // made and stored by this load (first use on this workstation)
    QString problem;      // translated, when there is no key
    bool isValid() const { return seed.size() == 32 && publicKey.size() == 32; }
    void wipe();
};

class ReceiptKeyStore : public QObject
{
    Q_OBJECT
public:
    explicit ReceiptKeyStore(QObject *parent = nullptr);
    static QString entryName(); // "ed25519", under the prefix "receipt-signing/"

    void setTimeoutMs(int ms) { m_store.setTimeoutMs(ms); }
    // CLI: a local event loop on the calling (main) thread.
    SigningKey loadOrCreateSync();
    // GUI: returns at once; loaded() follows.
    void loadOrCreate();

signals:
    void loaded(const purga::SigningKey &key);

private:
    SigningKey fromRead(const PasswordResult &read, bool *create);
    SigningKey afterWrite(const PasswordResult &written, SigningKey fresh);
    PasswordStore m_store;
};

} // namespace purga

Q_DECLARE_METATYPE(purga::SigningKey)
