#include "metatypes.h"

#include "connectresult.h"
#include "core/overview/overview.h"
#include "core/pg/connectionprofile.h"
#include "core/pg/dbfailure.h"
#include "core/preflight/preflight.h"
#include "core/preview/preview.h"
#include "core/purge/receipt.h"

#include <QMetaType>

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
    qRegisterMetaType<DbFailure>("purga::DbFailure");
    qRegisterMetaType<ConnectResult>("purga::ConnectResult");
}

} // namespace purga
