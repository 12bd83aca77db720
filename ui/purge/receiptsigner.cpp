#include "receiptsigner.h"

#include "core/receipts/receiptchain.h"
#include "core/security/receiptkeystore.h"
#include "core/session/dbsession.h"
#include "ui/state/appstate.h"

namespace purga {

ReceiptSigner::ReceiptSigner(AppState *state, QObject *parent)
    : QObject(parent)
    , m_state(state)
    , m_keys(new ReceiptKeyStore(this))
{
    connect(m_keys, &ReceiptKeyStore::loaded, this, [this](const SigningKey &key) { append(key); });
}

void ReceiptSigner::sign(const PurgeReceipt &receipt)
{
    if (receipt.status == RunStatus::LockBusy || m_busy)
        return;
    m_busy = true;
    m_pending = receipt;
    m_keys->loadOrCreate();
}

void ReceiptSigner::append(SigningKey key)
{
    if (!key.isValid()) {
        m_busy = false;
        emit finished(false, tr("The receipt is not signed nor chained: %1").arg(key.problem));
        return;
    }
    const QString created =
        key.created ? tr(" A receipt-signing key was made for this workstation and stored in the keychain.")
                    : QString();
    auto request = m_state->session()->appendReceipt(m_pending, key);
    key.wipe();
    if (!request.handle()) {
        m_busy = false;
        return;
    }
    // Whatever the end (a cancelled request says nothing else), the next receipt may be signed.
    connect(request.handle(), &DbRequest::finished, this, [this] { m_busy = false; });
    request.onSucceeded(this, [this, created](const AppendedReceipt &a) {
        emit finished(true, tr("Signed receipt %1 chained (sha256 %2…, key %3…).%4")
                                .arg(a.sequence)
                                .arg(QString::fromLatin1(a.sha256.left(16)), a.keyId.left(16), created));
    });
    request.onFailed(this, [this](const DbFailure &f) {
        emit finished(false, tr("The signed receipt could not be recorded: %1").arg(f.reason()));
    });
}

} // namespace purga
