#pragma once

// The History page's signed receipts: the chain's state (intact with its head, or broken at
// receipt N and why), "Verify chain" to walk it again, and "Verify receipt" for the run selected
// in the runs table (its signature and form checked on their own). Reads through the session
// (DbSession::readReceiptChain / checkRunReceipt), never on the GUI thread.
#include "core/receipts/receiptchain.h"
#include "core/session/dbrequest.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace purga {

class AppState;

class ReceiptChainPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ReceiptChainPanel(AppState *state, QWidget *parent = nullptr);

    void refresh();                                 // walk the chain again
    void setRun(const QString &runId);              // the run "Verify receipt" checks; empty: none
    void verifyRun();                               // as the button does
    QString stateText() const;                      // what the state line says
    QString verdictText() const;                    // what the last "Verify receipt" said
    void showState(const ReceiptChainState &state); // tests and refresh()
    void showVerdict(const QString &runId, const RunReceiptCheck &check);

signals:
    void chainRead(bool ok);
    void runVerified(bool intact);

private:
    void applyTone(QLabel *label, bool bad);

    AppState *m_state;
    QLabel *m_chain;
    QLabel *m_verdict;
    QPushButton *m_verifyChain;
    QPushButton *m_verifyRun;
    QString m_runId;
    bool m_chainBad = false, m_verdictBad = false;
    Request<ReceiptChainState> m_chainRequest;
    Request<RunReceiptCheck> m_runRequest;
};

} // namespace purga
