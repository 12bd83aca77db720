#pragma once

// What the fleet commands share between clifleet.cpp (parsing, running) and clifleetprint.cpp (the
// lines as servers answer, the totals and drift, the JSON totals).
#include "cliapp.h"

#include "core/fleet/fleetrunner.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace purga::cli {

struct FleetCommand
{
    QString sub; // status | preview | purge
    QStringList tags;
    QStringList rules;    // purge: the rules every server purges
    QStringList passedOn; // purge: the options passed on to each server's purge
    FleetRunOptions options;
    bool productionLast = true;
    QString retryOf;        // --retry FILE
    QStringList retryNames; // the servers of FILE that did not end 0
};

// --retry takes the rules of the receipt: --rule/--all/--tag with it are usage errors (said).
bool retryUsage(const Context &ctx);
// Per rule across the fleet: removable (status, preview) or deleted (purge).
QJsonObject fleetTotals(const FleetCommand &cmd, const QList<FleetServerResult> &rows);
// Without --json, a line per server as it answers (and a purge's progress, prefixed); with it,
// a purge's progress lines only (stderr).
void connectFleetOutput(const Context &ctx, const FleetCommand &cmd, FleetRunner &runner);
// The totals, the drift and the outcome counts after the last server.
void printFleetSummary(const FleetCommand &cmd, const QJsonObject &result);

int cmdFleet(Context &ctx);
int cmdFleetProbe(Context &ctx);

} // namespace purga::cli
