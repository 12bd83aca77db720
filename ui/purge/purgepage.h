#pragma once

#include "core/purge/purgeengine.h"
#include "previewleft.h"
#include "ui/common/purgeconfirmdialog.h"

#include <QMap>
#include <QWidget>

class QLabel;
class QPushButton;
class QSplitter;

namespace purga {

class AppState;
class LockHolderPanel;
class LiveControls;
class PurgeController;
class ReceiptView;
class RuleProgressWidget;
class ReceiptSigner;
class RunProgressView;
class VacuumOffer;

// "Purge": restates the frozen preview, asks for confirmation, runs the purge on PurgeController's
// own thread and connection, shows per-rule progress and the log, and ends with the receipt.
// The window never waits on the database: progress arrives as queued signals and is painted at
// most every 100 ms.
class PurgePage : public QWidget
{
    Q_OBJECT
public:
    explicit PurgePage(AppState *state, QWidget *parent = nullptr);
    ~PurgePage() override;

    // Why a purge cannot start now (empty when it can).
    QStringList startBlockers() const;
    // The previewed rules the preflight refuses for this role, with the reason (the others may run).
    QMap<QString, QString> refusedRules() const;
    // What the next run runs: the preview, less what this page's runs already removed from it.
    const PreviewPlan &planToRun() const;
    bool isRunning() const { return m_running; }
    // Closing the window during a purge: asks; on yes cancels and waits (bounded) for the receipt.
    bool confirmClose();

    PurgeController *controller() const { return m_controller; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }
    QPushButton *cancelButton() const { return m_cancel; }
    LiveControls *liveControls() const { return m_liveControls; }
    ReceiptView *receiptView() const { return m_receipt; }
    VacuumOffer *vacuumOffer() const { return m_vacuum; }
    LockHolderPanel *lockPanel() const { return m_lock; }
    QLabel *runIdLabel() const { return m_runId; }
    RuleProgressWidget *progressFor(const QString &ruleId) const;
    QString logText() const;
    QString runStatusText() const; // the line above the rules
    const PurgeReceipt &lastReceipt() const { return m_lastReceipt; }

    static constexpr int CloseWaitMs = 15000;

public slots:
    // Opens the confirmation dialog and starts the purge if confirmed.
    void requestPurge();
    // Starts with an already confirmed request (the dialog's result; tests call it directly).
    bool startPurge(const purga::PurgeRequest &request);
    void stopAfterBatch();
    void cancelNow();

signals:
    void purgeFinished(const purga::PurgeReceipt &receipt);

private:
    void saveMaxLag(int ms);
    void updateSummary();
    void updateActions();
    void onStarted(const QString &runId);
    void onFinished(const PurgeReceipt &receipt);
    void showFinalStates(const PurgeReceipt &receipt);
    void showReceipt();   // fills the receipt (hidden the first time)
    void revealReceipt(); // a turn later: shows it, then its vacuum offer, then its SQL
    void endRun();        // the receipt is whole: the page takes new runs
    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void showActiveRule(const RuleProgress &progress); // the line above the rules, while it runs
    void showIdleBatchSize();                          // the live batch field before a run
    QString finalStatusLine(const PurgeReceipt &receipt) const;
    void appendLog(const QString &line);

    AppState *m_state;
    PurgeController *m_controller;
    ReceiptSigner *m_signer; // signs each finished run's receipt into the chain
    bool m_running = false;
    bool m_stopRequested = false;
    bool m_cancelRequested = false;
    QString m_runningPreview; // takenAtUtc of the preview the current/last run uses
    QString m_purgedPreview;  // takenAtUtc of the preview a run completed with ("ok")
    PurgeReceipt m_lastReceipt;
    PreviewLeft m_left;    // what is left of the preview after this page's runs
    PreviewPlan m_runBase; // planToRun() at the current/last run's start, before the dialog's options
    PreviewPlan m_runPlan; // what the current/last run runs (the dialog's batch size and pause applied)

    QLabel *m_summary;
    QLabel *m_blockers;
    QPushButton *m_start;
    QPushButton *m_toPreview;
    QLabel *m_runStatus;
    QLabel *m_runId;
    QPushButton *m_stop;
    QPushButton *m_cancel;
    LiveControls *m_liveControls;
    RunProgressView *m_run;
    QSplitter *m_split = nullptr;
    QWidget *m_receiptBox;
    VacuumOffer *m_vacuum;
    ReceiptView *m_receipt;
    LockHolderPanel *m_lock;
};

} // namespace purga
