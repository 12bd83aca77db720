#pragma once

// After a purge in the GUI: the workstation's receipt-signing key from the OS keychain (on the GUI
// thread, as libsecret wants; created on first use), then the receipt signed and appended to the
// database's chain by the session's worker (DbSession::appendReceipt). Says how it went in one line.
#include "core/purge/receipt.h"

#include <QObject>
#include <QString>

namespace purga {

class AppState;
class ReceiptKeyStore;
struct SigningKey;

class ReceiptSigner : public QObject
{
    Q_OBJECT
public:
    explicit ReceiptSigner(AppState *state, QObject *parent = nullptr);

    // Nothing for a run that never took the lock (lock_ocupado): it did nothing to receipt.
    void sign(const PurgeReceipt &receipt);

signals:
    // `ok`: the receipt is signed and chained; `line` says so, or why not (translated).
    void finished(bool ok, const QString &line);

private:
    void append(SigningKey key);

    AppState *m_state;
    ReceiptKeyStore *m_keys;
    PurgeReceipt m_pending;
    bool m_busy = false;
};

} // namespace purga
