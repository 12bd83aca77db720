#pragma once

#include "core/pg/connectionprofile.h"
#include "core/preview/preview.h"
#include "core/purge/receipt.h"

#include <QObject>
#include <QThread>

#include <memory>

namespace purga {

// Runs a PurgeEngine on its own thread with its own dedicated connection (for the GUI).
class PurgeController : public QObject
{
    Q_OBJECT
public:
    explicit PurgeController(QObject *parent = nullptr);
    ~PurgeController() override; // cancels and waits if a run is in progress

    bool isRunning() const;

public slots:
    void start(const purga::ConnectionProfile &profile, const QString &password,
               const purga::PreviewPlan &plan, const purga::PurgeOptions &options);
    void stopAfterBatch();
    void cancelNow();

signals:
    void started(const QString &runId);
    void ruleProgress(const purga::RuleProgress &progress);
    void logLine(const QString &line);
    // The run took advisory lock `key` on server backend `serverPid` and holds it until finished.
    void lockTaken(qint64 key, int serverPid);
    void finished(const purga::PurgeReceipt &receipt);

private:
    class Runner;
    struct Control;
    QThread *m_thread = nullptr;
    Runner *m_runner = nullptr;
    // Stop flag and canceller of the current run, shared with its runner: they outlive the
    // engine (a local of the purge thread) and the runner, so the GUI may use them at any time.
    std::shared_ptr<Control> m_control;
};

} // namespace purga
