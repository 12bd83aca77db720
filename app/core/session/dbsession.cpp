#include "dbsession.h"

#include "applog.h"
#include "dbworker.h"
#include "metatypes.h"
#include "requestlog.h"
#include "core/history/historystore.h"
#include "core/pg/pgconnection.h"
#include "core/purge/receipt.h"
#include "core/purge/vacuum.h"
#include "core/security/receiptkeystore.h"
#include "core/security/secrets.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QLoggingCategory>

namespace purga {

Q_LOGGING_CATEGORY(lcSession, "purga.session")

DbSession::DbSession(QObject *parent)
    : QObject(parent)
    , m_canceller(std::make_shared<QueryCanceller>())
    , m_worker(new detail::DbWorker(m_canceller))
{
    registerMetaTypes();
    // Queued to this thread; once shutdown() has cleared it, the worker reports nothing more.
    m_worker->setLostHandler([this](const DbFailure &failure) {
        QMetaObject::invokeMethod(
            this,
            [this, failure] {
                qCWarning(lcSession).noquote() << "the connection was lost:" << failure.detail;
                emit connectionLost(failure);
            },
            Qt::QueuedConnection);
    });
    m_worker->start();
}

DbSession::~DbSession()
{
    shutdown();
}

QList<DbRequest *> DbSession::activeRequests() const
{
    QList<DbRequest *> out;
    for (const QPointer<DbRequest> &r : m_live) {
        if (r && r->isActive())
            out << r.data();
    }
    return out;
}

DbRequest *DbSession::runningRequest() const
{
    for (const QPointer<DbRequest> &r : m_live) {
        if (r && r->state() == DbRequest::State::Running)
            return r.data();
    }
    return nullptr;
}

DbRequest *DbSession::enqueue(const QString &label,
                              std::function<bool(DbContext &, std::any *, DbFailure *)> work,
                              bool needsConnection)
{
    auto core = std::make_shared<detail::RequestCore>();
    core->id = m_nextId++;
    core->needsConnection = needsConnection;
    core->work = std::move(work);
    auto *request = new DbRequest(core->id, label, m_canceller, this);
    request->attach(core);
    logRequestLifecycle(request);
    connect(request, &DbRequest::started, this, [this, request] { emit requestStarted(request); });
    connect(request, &DbRequest::finished, this, [this, request] { forget(request); });
    const bool wasBusy = isBusy();
    m_live << request;
    emit requestQueued(request);
    if (!wasBusy)
        emit busyChanged(true);
    if (m_worker)
        m_worker->enqueue(std::move(core));
    else
        request->cancel(); // after shutdown nothing runs
    return request;
}

void DbSession::forget(DbRequest *request)
{
    m_live.removeAll(QPointer<DbRequest>(request));
    m_live.removeAll(QPointer<DbRequest>());
    request->deleteLater();
    if (m_live.isEmpty())
        emit busyChanged(false);
}

void DbSession::cancelAll()
{
    // Queued ones first, so that none of them starts when the running one stops.
    const QList<DbRequest *> active = activeRequests();
    for (DbRequest *r : active) {
        if (r->state() == DbRequest::State::Queued)
            r->cancel();
    }
    for (DbRequest *r : active) {
        if (r && r->isActive())
            r->cancel();
    }
}

void DbSession::setKeepAliveInterval(std::chrono::milliseconds interval)
{
    if (m_worker)
        m_worker->setKeepAliveInterval(interval);
}

bool DbSession::shutdown(std::chrono::milliseconds budget)
{
    if (!m_worker)
        return true;
    detail::DbWorker *worker = m_worker;
    m_worker = nullptr;
    worker->setLostHandler({});
    // From here on nothing is delivered: the receivers may be half destroyed already.
    for (const QPointer<DbRequest> &r : std::as_const(m_live)) {
        if (r)
            r->blockSignals(true);
    }
    cancelAll();
    m_canceller->cancel();
    worker->stop();
    QDeadlineTimer deadline(budget);
    // Most of the budget for a polite cancel; then cut the connection's socket, which ends even a
    // statement whose backend is stopped or whose network black-holes.
    if (!worker->wait(QDeadlineTimer(budget * 6 / 10))) {
        qCInfo(lcSession) << "the database did not answer the cancel; closing the connection's socket";
        m_canceller->abort();
        if (!worker->wait(deadline)) {
            // Still inside libpq (a connection attempt to a host that does not answer): it ends by
            // its connect_timeout. Its results reach no one; it deletes itself when done.
            qCWarning(lcSession) << "the database thread is still busy; leaving it to end on its own";
            connect(worker, &QThread::finished, worker, &QObject::deleteLater);
            if (worker->isFinished())
                worker->deleteLater();
            return false;
        }
    }
    delete worker;
    return true;
}

Request<ConnectResult> DbSession::connectTo(const ConnectionProfile &profile, const QString &password)
{
    addLogSecret(password);
    qCInfo(lcDb).noquote() << "connecting to" << describeForLog(profile);
    auto work = [profile, password](DbContext &ctx, ConnectResult *out, DbFailure *failure) {
        ctx.setConnection(nullptr);
        auto conn = std::make_unique<PgConnection>();
        if (!conn->open(profile, password, failure))
            return false;
        // A purge that died with its process left its run 'en_curso': close it now.
        if (HistoryStore::exists(*conn)) {
            QString ignored;
            HistoryStore::markInterrupted(*conn, &ignored);
        }
        out->profile = profile;
        out->backendPid = conn->backendPid();
        ctx.setConnection(std::move(conn));
        return true;
    };
    return request<ConnectResult>(tr("Connecting to %1").arg(profile.displayTarget()), std::move(work), false);
}

Request<bool> DbSession::disconnectFromServer()
{
    return request<bool>(
        tr("Disconnecting"),
        [](DbContext &ctx, bool *out, DbFailure *) {
            ctx.setConnection(nullptr);
            *out = true;
            return true;
        },
        false);
}

namespace {
// Adapts core functions that report a QString error.
template <typename Fn> bool withError(DbFailure *failure, Fn fn)
{
    QString error;
    const bool ok = fn(&error);
    if (!ok)
        failure->message = error;
    return ok;
}
} // namespace

Request<PreflightReport> DbSession::runPreflight()
{
    return request<PreflightReport>(
        tr("Preflight checks"), [](DbContext &ctx, PreflightReport *out, DbFailure *f) {
            return purga::runPreflight(*ctx.connection(), out, f);
        });
}

Request<PreflightReport> DbSession::runPreflight(const ConnectionProfile &profile, const QString &password)
{
    return request<PreflightReport>(tr("Preflight checks"),
                                   [profile, password](DbContext &ctx, PreflightReport *out, DbFailure *f) {
                                       if (!purga::runPreflight(*ctx.connection(), out, f))
                                           return false;
                                       probePoolMode(*ctx.connection(), profile, password, out);
                                       return true;
                                   });
}

Request<QString> DbSession::setupHistory()
{
    return request<QString>(tr("Creating the history tables"), [](DbContext &ctx, QString *out, DbFailure *f) {
        return withError(f, [&](QString *e) {
            if (!HistoryStore::setup(*ctx.connection(), e))
                return false;
            *out = DbSession::tr("History tables are ready.");
            return true;
        });
    });
}

Request<Overview> DbSession::refreshOverview(const QList<RuleConfig> &rules, bool exact)
{
    auto work = [rules, exact](DbContext &ctx, Overview *out, DbFailure *f) {
        return exact ? fetchOverviewExact(*ctx.connection(), rules, 30000, ctx.canceller(), ctx.progress(),
                                          out, f)
                     : fetchOverviewEstimates(*ctx.connection(), rules, out, f);
    };
    return request<Overview>(exact ? tr("Exact counts") : tr("Estimates"), std::move(work));
}

Request<PreviewPlan> DbSession::preview(const QList<RuleConfig> &rules)
{
    return request<PreviewPlan>(tr("Preview"), [rules](DbContext &ctx, PreviewPlan *out, DbFailure *f) {
        return takePreview(*ctx.connection(), rules, ctx.canceller(), ctx.progress(), out, f);
    });
}

Request<QString> DbSession::vacuumAnalyze(const QStringList &tables)
{
    return request<QString>(tr("VACUUM (ANALYZE)"), [tables](DbContext &ctx, QString *out, DbFailure *f) {
        if (!purga::vacuumAnalyze(*ctx.connection(), tables, ctx.canceller(), ctx.progress(), f))
            return false;
        *out = DbSession::tr("VACUUM (ANALYZE) done: %1.").arg(tables.join(QStringLiteral(", ")));
        return true;
    });
}

// The requests below are labelled in the translation context of the page that first made them,
// where their Spanish is filed.

Request<ConnectionTestResult> DbSession::testConnection(const ConnectionProfile &profile, const QString &password)
{
    addLogSecret(password);
    return request<ConnectionTestResult>(
        QCoreApplication::translate("purga::SessionCoordinator", "Testing the connection to %1")
            .arg(profile.displayTarget()),
        [profile, password](DbContext &, ConnectionTestResult *out, DbFailure *failure) {
            return purga::testConnection(profile, password, out, failure);
        },
        false);
}

Request<HealthReport> DbSession::checkHealth(const QList<RuleConfig> &rules, const HealthOptions &options)
{
    return request<HealthReport>(QCoreApplication::translate("purga::SessionCoordinator", "Check the purge health"),
                                 [rules, options](DbContext &ctx, HealthReport *out, DbFailure *failure) {
                                     return Health::compute(*ctx.connection(), rules, options, out, failure);
                                 });
}

Request<LockHolders> DbSession::readLockHolders(const LockWatchOptions &options)
{
    return request<LockHolders>(
        QCoreApplication::translate("purga::LockHolderPanel", "Read who holds the purge lock"),
        [options](DbContext &ctx, LockHolders *out, DbFailure *failure) {
            return LockHolders::fetch(*ctx.connection(), options, out, failure);
        });
}

Request<bool> DbSession::terminateLockHolder(qint64 key, const LockSession &target)
{
    return request<bool>(QCoreApplication::translate("purga::LockHolderPanel", "Terminate pid %1").arg(target.pid),
                         [target, key](DbContext &ctx, bool *out, DbFailure *failure) {
                             *out = LockHolders::terminate(*ctx.connection(), key, target, failure);
                             return *out;
                         });
}

Request<HistoryData> DbSession::readHistory(const HistoryRange &range, const QString &zone, int maxPoints,
                                            int maxRuns)
{
    return request<HistoryData>(
        QCoreApplication::translate("purga::HistoryPage", "Read the purge history"),
        [range, zone, maxPoints, maxRuns](DbContext &ctx, HistoryData *out, DbFailure *failure) {
            PgConnection &conn = *ctx.connection();
            const QString z = zone.isEmpty() ? HistoryQuery::serverTimeZone(conn) : zone;
            return HistoryQuery::load(conn, range, z, maxPoints, out, failure, maxRuns);
        });
}

Request<QList<TokenMatch>> DbSession::lookUpToken(const QList<RuleConfig> &rules, const QString &tokenHash)
{
    return request<QList<TokenMatch>>(
        QCoreApplication::translate("purga::TokenLookupView", "Token lookup"),
        [rules, tokenHash](DbContext &ctx, QList<TokenMatch> *out, DbFailure *f) {
            return Forensics::lookup(*ctx.connection(), rules, tokenHash, out, f);
        });
}

Request<UserTimeline> DbSession::readTimeline(const TimelineQuery &query)
{
    return request<UserTimeline>(QCoreApplication::translate("purga::TimelineView", "User timeline"),
                                 [query](DbContext &ctx, UserTimeline *out, DbFailure *f) {
                                     if (!Forensics::timeline(*ctx.connection(), query, &out->events,
                                                              &out->truncated, f))
                                         return false;
                                     // Advice is extra: a failure to read it does not fail the timeline.
                                     DbFailure ignored;
                                     Forensics::indexAdvice(*ctx.connection(), &out->advice, &ignored);
                                     return true;
                                 });
}

Request<QList<LegalHold>> DbSession::listHolds()
{
    return request<QList<LegalHold>>(QCoreApplication::translate("purga::HoldsView", "Legal holds"),
                                     [](DbContext &ctx, QList<LegalHold> *out, DbFailure *f) {
                                         return LegalHolds::list(*ctx.connection(), out, f);
                                     });
}

Request<qint64> DbSession::addHold(const HoldScope &scope, const QString &reason, const QString &untilIso)
{
    return request<qint64>(QCoreApplication::translate("purga::HoldsView", "Add a legal hold"),
                           [scope, reason, untilIso](DbContext &ctx, qint64 *id, DbFailure *f) {
                               return LegalHolds::add(*ctx.connection(), scope, reason, untilIso,
                                                      osUserName(), id, f);
                           });
}

Request<bool> DbSession::releaseHold(qint64 id)
{
    return request<bool>(QCoreApplication::translate("purga::HoldsView", "Release a legal hold"),
                         [id](DbContext &ctx, bool *released, DbFailure *f) {
                             bool found = false, already = false;
                             if (!LegalHolds::release(*ctx.connection(), id, &found, &already, f))
                                 return false;
                             if (!found) {
                                 f->kind = DbFailure::Kind::Other;
                                 f->message =
                                     QCoreApplication::translate("purga::HoldsView", "No hold #%1.").arg(id);
                                 return false;
                             }
                             *released = !already;
                             return true;
                         });
}

Request<int> DbSession::closeEndedRuns()
{
    return request<int>(QCoreApplication::translate("purga::ForensicsPage", "Closing the lost freeze's history"),
                        [](DbContext &ctx, int *out, DbFailure *f) {
                            *out = 0;
                            if (!HistoryStore::exists(*ctx.connection()))
                                return true;
                            QString error;
                            *out = HistoryStore::markInterrupted(*ctx.connection(), &error);
                            if (*out < 0)
                                *f = {DbFailure::Kind::Other, error, {}, {}};
                            return *out >= 0;
                        });
}

Request<ReceiptChainState> DbSession::readReceiptChain()
{
    return request<ReceiptChainState>(
        tr("Receipt chain"), [](DbContext &ctx, ReceiptChainState *out, DbFailure *f) {
            return withError(f, [&](QString *e) { return ReceiptChain::state(*ctx.connection(), out, e); });
        });
}

Request<RunReceiptCheck> DbSession::checkRunReceipt(const QString &runId)
{
    return request<RunReceiptCheck>(tr("Verifying a receipt"),
                                    [runId](DbContext &ctx, RunReceiptCheck *out, DbFailure *f) {
                                        return withError(f, [&](QString *e) {
                                            return ReceiptChain::checkRun(*ctx.connection(), runId, out, e);
                                        });
                                    });
}

Request<AppendedReceipt> DbSession::appendReceipt(const PurgeReceipt &receipt, const SigningKey &key)
{
    // The key travels in the request's closure only, and is wiped once the request ran.
    auto held = std::make_shared<SigningKey>(key);
    auto work = [receipt, held](DbContext &ctx, AppendedReceipt *out, DbFailure *f) {
        const bool ok = withError(
            f, [&](QString *e) { return ReceiptChain::append(*ctx.connection(), receipt, *held, out, e); });
        held->wipe();
        return ok;
    };
    return request<AppendedReceipt>(tr("Signing the receipt"), std::move(work));
}

} // namespace purga
