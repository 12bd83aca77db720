#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace purga {

class PgConnection;

// One line of the preflight checklist.
struct PreflightItem
{
    enum class Status { Ok, Warning, Failed };
    QString id;      // stable: "server", "bypassrls", "superuser", "standby", "table:<name>", ...
    Status status = Status::Ok;
    QString title;   // translated, short: "Role bypasses row level security"
    QString detail;  // translated explanation, especially of a failure and what to do about it
    bool blocksPreview = false;
    bool blocksPurge = false;
};

QString toId(PreflightItem::Status status); // ok | warning | failed (JSON)

// What the connected role and server allow, checked from attributes and privileges (never names).
struct PreflightReport
{
    Q_DECLARE_TR_FUNCTIONS(PreflightReport)
public:
    QString serverVersion; // "15.18"
    int serverVersionNum = 0;
    QString role;
    QString database;
    QString serverTimeZone;
    bool bypassRls = false;
    bool superuser = false;
    bool inRecovery = false;
    bool canDetachPartitions = false;
    bool historyExists = false;
    bool historyWritable = false;
    bool canCreateHistory = false;
    bool canVacuum = false;
    QString lastJobOkUtc;        // last successful run of the scheduled job (history), empty if none
    double hoursSinceJobOk = -1; // -1: never / unknown
    QList<PreflightItem> items;

    bool canPreview() const;
    bool canPurge() const;
    QStringList previewBlockers() const; // translated reasons
    QStringList purgeBlockers() const;
    QJsonObject toJson() const;
};

// Runs every check on an open connection. False only when the checks themselves could not run.
bool runPreflight(PgConnection &conn, PreflightReport *report, QString *error);

} // namespace purga

Q_DECLARE_METATYPE(purga::PreflightReport)
