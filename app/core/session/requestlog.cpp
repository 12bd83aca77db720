#include "requestlog.h"

#include "dbrequest.h"
#include "core/pg/connectionprofile.h"
#include "core/purge/purgestatus.h"
#include "core/purge/receipt.h"

#include <QElapsedTimer>

#include <memory>

namespace purga {

Q_LOGGING_CATEGORY(lcDb, "purga.db", QtWarningMsg)
Q_LOGGING_CATEGORY(lcPurge, "purga.purge", QtWarningMsg)

void logRequestLifecycle(DbRequest *request)
{
    const QString name = QStringLiteral("#%1 \"%2\"").arg(request->id()).arg(request->label());
    qCInfo(lcDb).noquote() << "request" << name << "queued";
    auto clock = std::make_shared<QElapsedTimer>();
    QObject::connect(request, &DbRequest::started, request, [name, clock] {
        clock->start();
        qCInfo(lcDb).noquote() << "request" << name << "started";
    });
    QObject::connect(request, &DbRequest::succeeded, request, [name, clock] {
        qCInfo(lcDb).noquote() << "request" << name << "succeeded in" << clock->elapsed() << "ms";
    });
    QObject::connect(request, &DbRequest::failed, request, [name, clock](const DbFailure &f) {
        qCWarning(lcDb).noquote() << "request" << name << "failed after"
                                  << (clock->isValid() ? clock->elapsed() : 0) << "ms:" << f.kindId()
                                  << f.message << (f.detail.isEmpty() ? QString() : f.detail);
    });
    QObject::connect(request, &DbRequest::cancelled, request,
                     [name] { qCInfo(lcDb).noquote() << "request" << name << "cancelled"; });
}

QString describeForLog(const ConnectionProfile &profile)
{
    return QStringLiteral("profile \"%1\" %2 sslmode=%3")
        .arg(profile.name, profile.displayTarget(),
             profile.sslMode.isEmpty() ? QStringLiteral("-") : profile.sslMode);
}

void logPurgeReceipt(const PurgeReceipt &receipt)
{
    qCInfo(lcPurge).noquote() << "run" << receipt.runId << "ended:" << toId(receipt.status) << "in"
                              << receipt.durationMs << "ms" << receipt.message;
    for (const RuleReceipt &r : receipt.rules)
        qCInfo(lcPurge).noquote() << "run" << receipt.runId << "rule" << r.ruleId << toId(r.status)
                                  << "deleted" << r.deleted << "of" << r.planned << "in" << r.batches
                                  << "batches" << r.message;
}

} // namespace purga
