#pragma once

#include "core/rules/rules.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace purga {

struct DbFailure;
class PgConnection;

enum class HealthLevel { Ok = 0, Info = 1, Warning = 2, Alarm = 3 };

struct HealthOptions
{
    double maxHours = 48;  // ADR 0021 §4: nobody purged / the job did not succeed for this long
    double stuckHours = 6; // a run en_curso for longer than this is stuck even if its backend lives
    // Per profile: key "health/max_hours" in the profile's rule overrides (default 48).
    static HealthOptions fromProfile(const QMap<QString, QString> &overrides);
    static void toProfile(const HealthOptions &options, QMap<QString, QString> *overrides);
};

// One reason, in words (translated).
struct HealthReason
{
    QString id; // overdue:<rule> | job_overdue | job_never_ok | last_run | stuck_run | no_job_runs |
                // no_history | check_failed:<rule>
    HealthLevel level = HealthLevel::Info;
    QString text;
};

// "Removable since" of one rule, measured from the data with the preview's SQL.
struct RuleOverdue
{
    QString ruleId;
    QString table;
    QString removableSinceUtc; // empty: nothing removable
    double hoursAgo = -1;
    qint64 removable = 0; // rows (partitions for log_sesiones) removable now
    bool overdue = false;
};

struct HealthReport
{
    HealthLevel level = HealthLevel::Ok; // the worst reason's
    QList<HealthReason> reasons;
    QList<RuleOverdue> rules;
    double maxHours = 48;
    bool historyExists = false;
    qint64 jobRuns = 0;
    QString lastJobOkUtc;
    double hoursSinceJobOk = -1;
    QString lastOkUtc; // last successful run of any origin

    bool healthy() const { return level < HealthLevel::Warning; }
    QString levelName() const { return nameOf(level); }
    static QString nameOf(HealthLevel level); // ok | info | warning | alarm
    QJsonObject toJson() const;
};

// The overdue alarm and the history's state, shared by `health`, `history` and the GUI banner.
// Read-only (works on a standby). Overdue = the data says nobody purged for maxHours, OR the
// history says so (job runs exist but none succeeded for maxHours); a stuck run and a last run
// that failed or did not get the lock are warnings; "no job runs recorded" is information.
class Health
{
    Q_DECLARE_TR_FUNCTIONS(Health)
public:
    static bool compute(PgConnection &conn, const QList<RuleConfig> &rules, const HealthOptions &options,
                        HealthReport *out, DbFailure *failure);

private:
    static void checkRules(PgConnection &conn, const QList<RuleConfig> &rules, HealthReport *r);
    static bool checkHistory(PgConnection &conn, const HealthOptions &options, HealthReport *r,
                             DbFailure *failure);
    static void checkRuns(PgConnection &conn, const HealthOptions &options, HealthReport *r);
};

} // namespace purga
