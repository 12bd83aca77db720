#pragma once

// What one server of a fleet ended with, as the fleet receipt and `fleet status --json` write it
// (one row of "servers"), and how the rows make the fleet's own exit code: 0 only when every
// server ended 0, otherwise the most severe code (exitSeverity(); docs/cli-json.md).
#include "fleetmembers.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace purga {

struct FleetServerResult
{
    Q_DECLARE_TR_FUNCTIONS(FleetServerResult)
public:
    FleetMember member;
    // The code the one-server command gave (3 unreachable or auth, 4 refused, 5 lock held, 6 cancelled
    // or partial, ...); empty when the server was not run (skipped: see `skipped`).
    std::optional<int> exitCode;
    QString skipped;     // why it was not run (translated); empty when it ran
    QString skippedId;   // canary_failed | failure_budget | stopped (JSON)
    QString error;       // the command's last line on stderr when it did not end ok
    QJsonObject receipt; // fleet purge: the server's purge receipt (`purge --json`)
    QJsonObject status;  // fleet status/preview: the server's probe (`fleet-probe`)
    qint64 durationMs = 0;
    int wave = 0; // 1: the canary wave (or everything without --canary), 2: the rest

    // `error` without the "purga-sesiones-cli: " every row would repeat, for a table or a dialog.
    QString errorText() const;
    bool ran() const { return exitCode.has_value(); }
    bool ok() const { return exitCode == 0; }
    // ok | unreachable | refused | lock_held | cancelled | failed | usage | unhealthy | skipped
    QString outcomeId() const;
    QString outcomeText() const; // translated, for the table
    QJsonObject toJson() const;
    static FleetServerResult fromJson(const QJsonObject &o);
};

// The outcome id of an exit code (see outcomeId()).
QString outcomeIdOf(int exitCode);
// How severe an exit code is, higher first (0 for 0): 6 cancelled/partial > 1 other > 2 usage >
// 3 unreachable/auth > 4 refused > 5 lock held > 7 unhealthy. A server stopped half-way needs a
// look first; a busy lock only needs a later run.
int exitSeverity(int exitCode);
// 0 when every row ran and ended 0; otherwise the most severe code among the rows that ran; 6 when
// rows were skipped because the fleet was stopped by a signal; 1 when rows were skipped otherwise
// and every row that ran ended ok (cannot happen: a skip always follows a failure).
int aggregateExit(const QList<FleetServerResult> &rows, bool stoppedBySignal);
// Per rule across the rows: rows deleted (purge receipts) or removable (status probes).
QMap<QString, double> fleetRuleTotals(const QList<FleetServerResult> &rows, bool purge);

} // namespace purga
