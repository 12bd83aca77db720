#include "purgestatus.h"

namespace purga {

QString toId(RunStatus status)
{
    switch (status) {
    case RunStatus::Ok:
        return QStringLiteral("ok");
    case RunStatus::Cancelled:
        return QStringLiteral("cancelado");
    case RunStatus::Error:
        return QStringLiteral("error");
    case RunStatus::LockBusy:
        return QStringLiteral("lock_ocupado");
    }
    return QStringLiteral("error");
}

QString toId(RuleStatus status)
{
    switch (status) {
    case RuleStatus::Ok:
        return QStringLiteral("ok");
    case RuleStatus::Cancelled:
        return QStringLiteral("cancelado");
    case RuleStatus::Error:
        return QStringLiteral("error");
    case RuleStatus::Skipped:
        return QStringLiteral("omitido");
    case RuleStatus::Running:
        return QStringLiteral("running");
    case RuleStatus::WaitingLock:
        return QStringLiteral("waiting_lock");
    case RuleStatus::Throttled:
        return QStringLiteral("throttled");
    }
    return QStringLiteral("error");
}

bool fromId(const QString &id, RunStatus *status)
{
    for (RunStatus s : {RunStatus::Ok, RunStatus::Cancelled, RunStatus::Error, RunStatus::LockBusy}) {
        if (toId(s) == id) {
            *status = s;
            return true;
        }
    }
    return false;
}

bool fromId(const QString &id, RuleStatus *status)
{
    for (RuleStatus s : {RuleStatus::Ok, RuleStatus::Cancelled, RuleStatus::Error, RuleStatus::Skipped,
                         RuleStatus::Running, RuleStatus::WaitingLock, RuleStatus::Throttled}) {
        if (toId(s) == id) {
            *status = s;
            return true;
        }
    }
    return false;
}

RunStatus runStatusOf(RuleStatus status)
{
    switch (status) {
    case RuleStatus::Cancelled:
        return RunStatus::Cancelled;
    case RuleStatus::Error:
        return RunStatus::Error;
    default:
        return RunStatus::Ok;
    }
}

} // namespace purga
