#pragma once

// Drift across a fleet: which servers differ from the others in what the purge depends on. Each
// probe (`fleet-probe`) reports its server's facts as flat "aspect.key" → text pairs ("drift" in its
// row): the server's major version, the history schema's step, each rule's retention, and per rule
// table which of the columns the rule reads exist and which of them lead an index. A fact on which
// the reachable servers disagree is drift; the value most servers share is the reference, and every
// server with another value is named.
#include "fleetresult.h"

#include <QJsonArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace purga {

struct FleetDriftItem
{
    QString aspect;    // server_major | history_schema | retention | schema
    QString key;       // the fact within it: a rule id, a table; empty for server_major/history_schema
    QString reference; // the value most reachable servers have
    QMap<QString, QString> differing; // profile -> its value
};

// The drift among the rows whose probe answered (a status object with "drift").
QList<FleetDriftItem> fleetDrift(const QList<FleetServerResult> &rows);
QJsonArray driftJson(const QList<FleetDriftItem> &items);

} // namespace purga
