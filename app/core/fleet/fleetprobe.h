#pragma once

// One server's row of `fleet status` / `fleet preview`, measured on its own connection by the
// hidden one-server command `fleet-probe` (each member in a process of its own: fleetrunner.h):
// reachable, the preflight verdict and the check that blocks, the pooler mode, the lock 731001's
// holder, removable rows per rule with the oldest removable age and the overdue verdict (from the
// data, as `health`), the scheduled job's last good run, and the facts drift compares
// (fleetdrift.h).
#include "core/history/health.h"
#include "core/locks/lockholders.h"
#include "core/preflight/preflight.h"
#include "core/rules/rules.h"

#include <QJsonObject>
#include <QList>

namespace purga {

class PgConnection;
struct DbFailure;

// The drift facts: "server_major", "history_schema" (absent | 1 tables | 2 functions | 3 freeze),
// "retention.<rule>" (seconds), "schema.<table>" ("columns=a,b;indexed=b" over the columns the rule
// reads, or "absent"). False when the catalog could not be read.
bool readFleetFacts(PgConnection &conn, const PreflightReport &report, const QList<RuleConfig> &rules,
                    QJsonObject *facts, DbFailure *failure);

// The probe's row (the "status" object of a fleet row; docs/cli-json.md).
QJsonObject fleetProbeJson(const PreflightReport &report, const LockHolders &lock, const HealthReport &health,
                           const QJsonObject &facts);

} // namespace purga
