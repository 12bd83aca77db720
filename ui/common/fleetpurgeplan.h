#pragma once

// What the confirmation of a fleet purge restates (PurgeConfirmDialog's fleet form), built from the
// Fleet page's last check: the servers in the order they will be purged, what the check found on
// each (rows, or partitions for the partition rule, per rule; what will stop it: unreachable,
// refused, lock held) and how the fleet runs (servers at once, the canary wave, the failure
// budget). The words are the dialog's (its translation context).
#include "core/fleet/fleetresult.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace purga {

struct FleetPurgeServer
{
    FleetMember member;
    int wave = 1;                    // 1: the canary wave (or everything without a canary)
    bool checked = false;            // the check answered with this server's status
    QMap<QString, qint64> removable; // per rule: rows; partitions for the partition rule
    QString blocker;                 // what the check found that will stop it (translated); empty: none
    QMap<QString, QString> refused;  // rule → the check that refuses that rule alone
};

struct FleetPurgePlan
{
    Q_DECLARE_TR_FUNCTIONS(purga::PurgeConfirmDialog)
public:
    QStringList tags;
    QStringList rules;               // the rules asked for, in Rules::ids() order
    QList<FleetPurgeServer> servers; // in purge order
    QString checkedAtUtc;            // when the check's last answer came
    int concurrency = 1;
    int canary = 0;
    int maxFailures = 1;

    // `members` in purge order; `check` the last check's rows (matched by profile).
    static FleetPurgePlan fromCheck(const QList<FleetMember> &members, const QList<FleetServerResult> &check);

    // Across the servers the check saw no blocker on: rows (partitions for the partition rule).
    qint64 total(const QString &rule) const;
    int serversWith(const QString &rule) const; // of those, how many have some to remove
    QStringList productionServers() const;
    // What must be typed to confirm: the fleet's tags.
    QString confirmWord() const { return tags.join(u' '); }
    // "2. d-healthy — user@host:5432/db — production — canary wave", then the counts, then the
    // blocker with a warning symbol.
    QString serverText(int index) const;
    // Servers at once, the canary wave and the failure budget, in words: a line each.
    QString runText() const;
};

} // namespace purga
