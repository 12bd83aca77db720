#include "dbsession.h"

#include "historystore.h"
#include "maintenance.h"
#include "purgecontroller.h"

#include <QMetaObject>

namespace purga {

void registerMetaTypes()
{
    qRegisterMetaType<ConnectionProfile>("purga::ConnectionProfile");
    qRegisterMetaType<PreflightReport>("purga::PreflightReport");
    qRegisterMetaType<Overview>("purga::Overview");
    qRegisterMetaType<PreviewPlan>("purga::PreviewPlan");
    qRegisterMetaType<QList<RuleConfig>>("QList<purga::RuleConfig>");
    qRegisterMetaType<RuleProgress>("purga::RuleProgress");
    qRegisterMetaType<PurgeReceipt>("purga::PurgeReceipt");
    qRegisterMetaType<PurgeOptions>("purga::PurgeOptions");
}

// Lives in the session's thread; owns the connection. Its slots run one at a time.
class DbSession::Worker : public QObject
{
public:
    Worker(DbSession *owner, std::shared_ptr<QueryCanceller> canceller)
        : m_owner(owner)
        , m_canceller(std::move(canceller))
    {
    }
    ~Worker() override { closeConnection(); }

    void closeConnection()
    {
        m_canceller->disarm();
        m_conn.reset();
    }

    // Runs `body` as one operation: busy accounting, cancel flag, failure/cancel reporting.
    template <typename Fn> void operation(const QString &name, Fn body)
    {
        m_canceller->reset();
        QString error;
        bool ok = false;
        if (!m_conn && name != QLatin1String("connect")) {
            error = DbSession::tr("Not connected.");
        } else {
            ok = body(&error);
        }
        if (!ok) {
            if (m_canceller->isCancelled())
                emit m_owner->operationCancelled(name);
            else
                emit m_owner->operationFailed(name, error);
        }
        if (--m_owner->m_pending == 0)
            emit m_owner->busyChanged(false);
    }

    ProgressFn progressFn()
    {
        return [this](const QString &stage, int done, int total) { emit m_owner->progress(stage, done, total); };
    }

    DbSession *m_owner;
    std::shared_ptr<QueryCanceller> m_canceller;
    std::unique_ptr<PgConnection> m_conn;
    ConnectionProfile m_profile;
};

DbSession::DbSession(QObject *parent)
    : QObject(parent)
    , m_canceller(std::make_shared<QueryCanceller>())
{
    registerMetaTypes();
    m_worker = new Worker(this, m_canceller);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("purga-db-session"));
    m_thread.start();
}

DbSession::~DbSession()
{
    m_canceller->cancel();
    // The connection must be closed in the thread that opened it.
    QMetaObject::invokeMethod(m_worker, [w = m_worker] { w->closeConnection(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

bool DbSession::isBusy() const
{
    return m_pending.load() > 0;
}

namespace {
template <typename Fn> void post(QObject *worker, std::atomic<int> &pending, DbSession *s, Fn fn)
{
    if (pending.fetch_add(1) == 0)
        emit s->busyChanged(true);
    QMetaObject::invokeMethod(worker, std::move(fn), Qt::QueuedConnection);
}
} // namespace

void DbSession::connectTo(const ConnectionProfile &profile, const QString &password)
{
    post(m_worker, m_pending, this, [w = m_worker, profile, password] {
        w->operation(QStringLiteral("connect"), [&](QString *) {
            w->closeConnection();
            auto conn = std::make_unique<PgConnection>();
            ConnectError err;
            if (!conn->open(profile, password, &err)) {
                emit w->m_owner->connectFailed(profile, err.message, ConnectError::kindId(err.kind), err.detail);
                return true; // reported through connectFailed
            }
            w->m_canceller->arm(conn->handle());
            w->m_conn = std::move(conn);
            w->m_profile = profile;
            // A purge that died with its process left its run 'en_curso': close it now.
            if (HistoryStore::exists(*w->m_conn)) {
                QString ignored;
                HistoryStore::markInterrupted(*w->m_conn, &ignored);
            }
            emit w->m_owner->connected(profile, w->m_conn->backendPid());
            return true;
        });
    });
}

void DbSession::disconnectFromServer()
{
    post(m_worker, m_pending, this, [w = m_worker] {
        w->operation(QStringLiteral("disconnect"), [&](QString *) {
            w->closeConnection();
            emit w->m_owner->disconnected();
            return true;
        });
    });
}

void DbSession::runPreflight()
{
    post(m_worker, m_pending, this, [w = m_worker] {
        w->operation(QStringLiteral("preflight"), [&](QString *error) {
            PreflightReport report;
            if (!purga::runPreflight(*w->m_conn, &report, error))
                return false;
            emit w->m_owner->preflightReady(report);
            return true;
        });
    });
}

void DbSession::setupHistory()
{
    post(m_worker, m_pending, this, [w = m_worker] {
        w->operation(QStringLiteral("setup-history"), [&](QString *error) {
            const bool ok = HistoryStore::setup(*w->m_conn, error);
            emit w->m_owner->historySetupDone(ok, ok ? DbSession::tr("History tables are ready.") : *error);
            return true;
        });
    });
}

void DbSession::refreshOverview(const QList<RuleConfig> &rules, bool exact)
{
    post(m_worker, m_pending, this, [w = m_worker, rules, exact] {
        w->operation(QStringLiteral("overview"), [&](QString *error) {
            Overview ov;
            const bool ok = exact ? fetchOverviewExact(*w->m_conn, rules, 30000, w->m_canceller.get(),
                                                       w->progressFn(), &ov, error)
                                  : fetchOverviewEstimates(*w->m_conn, rules, &ov, error);
            if (ok)
                emit w->m_owner->overviewReady(ov);
            return ok;
        });
    });
}

void DbSession::preview(const QList<RuleConfig> &rules)
{
    post(m_worker, m_pending, this, [w = m_worker, rules] {
        w->operation(QStringLiteral("preview"), [&](QString *error) {
            PreviewPlan plan;
            if (!takePreview(*w->m_conn, rules, w->m_canceller.get(), w->progressFn(), &plan, error))
                return false;
            emit w->m_owner->previewReady(plan);
            return true;
        });
    });
}

void DbSession::vacuumAnalyze(const QStringList &tables)
{
    post(m_worker, m_pending, this, [w = m_worker, tables] {
        w->operation(QStringLiteral("vacuum"), [&](QString *error) {
            const bool ok = purga::vacuumAnalyze(*w->m_conn, tables, w->m_canceller.get(), w->progressFn(), error);
            if (ok)
                emit w->m_owner->vacuumDone(true, DbSession::tr("VACUUM (ANALYZE) done: %1.")
                                                      .arg(tables.join(QStringLiteral(", "))));
            return ok;
        });
    });
}

void DbSession::cancel()
{
    m_canceller->cancel();
}

} // namespace purga
