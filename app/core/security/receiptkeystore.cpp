#include "receiptkeystore.h"

#include "ed25519.h"
#include "secrets.h"

namespace purga {

void SigningKey::wipe()
{
    purga::wipe(seed);
}

ReceiptKeyStore::ReceiptKeyStore(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<SigningKey>();
    m_store.setEntryPrefix(QStringLiteral("receipt-signing/"));
}

QString ReceiptKeyStore::entryName()
{
    return QStringLiteral("ed25519");
}

namespace {

SigningKey freshKey()
{
    SigningKey key;
    key.seed = ed25519::generateSeed();
    key.publicKey = ed25519::publicKey(key.seed);
    key.created = true;
    return key;
}

} // namespace

SigningKey ReceiptKeyStore::fromRead(const PasswordResult &read, bool *create)
{
    *create = false;
    SigningKey key;
    if (read.ok) {
        QString text = read.password;
        key.seed = QByteArray::fromBase64(text.toLatin1());
        purga::wipe(text);
        key.publicKey = ed25519::publicKey(key.seed);
        if (!key.isValid()) {
            key.wipe();
            key.problem = tr("The keychain's receipt-signing key is not a valid Ed25519 key.");
        }
        return key;
    }
    if (read.notFound) {
        *create = true;
        return key;
    }
    key.problem = read.denied
                      ? tr("The keychain refused the receipt-signing key (is it locked?).")
                      : tr("No keychain answered for the receipt-signing key (%1).").arg(read.message);
    return key;
}

SigningKey ReceiptKeyStore::afterWrite(const PasswordResult &written, SigningKey fresh)
{
    if (written.ok && fresh.isValid())
        return fresh;
    fresh.wipe();
    SigningKey none;
    none.problem =
        tr("The new receipt-signing key could not be stored in the keychain: %1").arg(written.message);
    return none;
}

SigningKey ReceiptKeyStore::loadOrCreateSync()
{
    bool create = false;
    SigningKey key = fromRead(m_store.readSync(entryName()), &create);
    if (!create)
        return key;
    SigningKey fresh = freshKey();
    QString text = QString::fromLatin1(fresh.seed.toBase64());
    const PasswordResult written = m_store.writeSync(entryName(), text);
    purga::wipe(text);
    return afterWrite(written, fresh);
}

void ReceiptKeyStore::loadOrCreate()
{
    // One read, and a write only when the keychain has no key yet; each answer comes once.
    auto onRead = std::make_shared<QMetaObject::Connection>();
    *onRead = connect(&m_store, &PasswordStore::readFinished, this,
                      [this, onRead](const QString &, const PasswordResult &read) {
                          disconnect(*onRead);
                          bool create = false;
                          SigningKey key = fromRead(read, &create);
                          if (!create) {
                              emit loaded(key);
                              return;
                          }
                          auto onWrite = std::make_shared<QMetaObject::Connection>();
                          SigningKey fresh = freshKey();
                          *onWrite =
                              connect(&m_store, &PasswordStore::writeFinished, this,
                                      [this, onWrite, fresh](const QString &, const PasswordResult &w) {
                                          disconnect(*onWrite);
                                          emit loaded(afterWrite(w, fresh));
                                      });
                          QString text = QString::fromLatin1(fresh.seed.toBase64());
                          m_store.write(entryName(), text);
                          purga::wipe(text);
                      });
    m_store.read(entryName());
}

} // namespace purga
