#include "purgecontroller.h"

#include "applog.h"
#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "core/purge/purgeengine.h"
#include "metatypes.h"
#include "requestlog.h"

#include <QMetaObject>
#include <QPointer>
#include <QUuid>

namespace purga {

struct PurgeController::Control
{
    StopRequest stop;
    QueryCanceller canceller;
};

// Lives on the purge thread: opens the dedicated connection, runs the engine, reports through
// the controller's signals (queued to the GUI thread).
class PurgeController::Runner : public QObject, public PurgeObserver
{
public:
    Runner(PurgeController *owner, std::shared_ptr<Control> control)
        : m_owner(owner)
        , m_control(std::move(control))
    {
    }

    void run(const ConnectionProfile &profile, const QString &password, const PreviewPlan &plan,
             const PurgeOptions &options)
    {
        PgConnection conn;
        DbFailure err;
        if (!conn.open(profile, password, &err)) {
            PurgeReceipt receipt;
            receipt.runId = options.runId;
            receipt.status = RunStatus::Error;
            receipt.message = err.message;
            emit m_owner->finished(receipt);
            return;
        }
        // The GUI's preflight ran on another connection: the pooler check is repeated on this one.
        PreflightReport pooled;
        DbFailure ignored;
        if (runPreflight(conn, &pooled, &ignored))
            probePoolMode(conn, profile, password, &pooled);
        if (const QString refusal = pooled.poolerRefusal(); !refusal.isEmpty()) {
            PurgeReceipt receipt;
            receipt.runId = options.runId;
            receipt.status = RunStatus::Error;
            receipt.message = refusal;
            emit m_owner->finished(receipt);
            return;
        }
        // Each worker (--parallel) connects as this run did, and so does the history's last
        // word when the run's own session was lost.
        PurgeOptions withWorkers = options;
        withWorkers.openConnection = [profile, password](PgConnection &c, QString *error) {
            DbFailure failure;
            if (c.open(profile, password, &failure))
                return true;
            *error = failure.message;
            return false;
        };
        PurgeEngine engine(conn, m_control->canceller, &m_control->stop);
        const PurgeReceipt receipt = engine.run(plan, withWorkers, this);
        m_control->canceller.disarm();
        emit m_owner->finished(receipt);
    }

    void ruleProgress(const RuleProgress &progress) override { emit m_owner->ruleProgress(progress); }
    void log(const QString &line) override
    {
        qCInfo(lcPurge).noquote() << line;
        emit m_owner->logLine(line);
    }
    void lockTaken(qint64 key, int serverPid) override { emit m_owner->lockTaken(key, serverPid); }

private:
    PurgeController *m_owner;
    std::shared_ptr<Control> m_control;
};

PurgeController::PurgeController(QObject *parent)
    : QObject(parent)
{
    registerMetaTypes();
    connect(this, &PurgeController::finished, this,
            [](const PurgeReceipt &receipt) { logPurgeReceipt(receipt); });
}

PurgeController::~PurgeController()
{
    if (m_thread) {
        cancelNow();
        m_thread->quit();
        m_thread->wait();
        delete m_thread;
    }
}

bool PurgeController::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

void PurgeController::start(const ConnectionProfile &profile, const QString &password,
                            const PreviewPlan &plan, const PurgeOptions &options)
{
    if (isRunning())
        return;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("purga-purge"));
    m_control = std::make_shared<Control>();
    m_runner = new Runner(this, m_control);
    m_runner->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_runner, &QObject::deleteLater);
    connect(this, &PurgeController::finished, m_thread, &QThread::quit, Qt::DirectConnection);
    m_thread->start();
    PurgeOptions withId = options;
    if (withId.runId.isEmpty())
        withId.runId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    addLogSecret(password);
    qCInfo(lcPurge).noquote() << "run" << withId.runId << "starting on" << describeForLog(profile);
    emit started(withId.runId);
    QMetaObject::invokeMethod(m_runner, [r = m_runner, profile, password, plan, withId] {
        r->run(profile, password, plan, withId);
    });
}

void PurgeController::stopAfterBatch()
{
    if (m_control && isRunning())
        m_control->stop.request();
}

void PurgeController::cancelNow()
{
    if (!m_control || !isRunning())
        return;
    m_control->stop.request();
    m_control->canceller.cancel();
}

} // namespace purga
