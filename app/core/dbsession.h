#pragma once

#include "connectionprofile.h"
#include "overview.h"
#include "pgconnection.h"
#include "preflight.h"
#include "preview.h"

#include <QObject>
#include <QThread>

#include <memory>

namespace purga {

// The GUI's database session: one connection owned by one worker thread. Every method returns at
// once; results come back as queued signals in the caller's thread. One operation at a time runs;
// cancel() interrupts the one in flight (PQcancel) and it then reports operationCancelled.
class DbSession : public QObject
{
    Q_OBJECT
public:
    explicit DbSession(QObject *parent = nullptr);
    ~DbSession() override;

    bool isBusy() const;

public slots:
    void connectTo(const purga::ConnectionProfile &profile, const QString &password);
    void disconnectFromServer();
    void runPreflight();
    void setupHistory();
    void refreshOverview(const QList<purga::RuleConfig> &rules, bool exact);
    void preview(const QList<purga::RuleConfig> &rules);
    // VACUUM (ANALYZE) of the given rule tables (after a purge, only when the user asks).
    void vacuumAnalyze(const QStringList &tables);
    void cancel();

signals:
    void connected(const purga::ConnectionProfile &profile, int backendPid);
    void connectFailed(const purga::ConnectionProfile &profile, const QString &message, const QString &kindId,
                       const QString &detail);
    void disconnected();
    void preflightReady(const purga::PreflightReport &report);
    void historySetupDone(bool ok, const QString &message);
    void overviewReady(const purga::Overview &overview);
    void previewReady(const purga::PreviewPlan &plan);
    void vacuumDone(bool ok, const QString &message);
    void progress(const QString &stage, int done, int total);
    void operationFailed(const QString &operation, const QString &message);
    void operationCancelled(const QString &operation);
    void busyChanged(bool busy);

private:
    class Worker;
    QThread m_thread;
    Worker *m_worker = nullptr;
    std::shared_ptr<QueryCanceller> m_canceller;
    std::atomic<int> m_pending{0};
};

void registerMetaTypes();

} // namespace purga
