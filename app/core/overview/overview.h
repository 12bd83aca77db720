#pragma once

#include "core/preview/preview.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace purga {

struct TableOverview
{
    QString ruleId;
    QString table;
    bool exact = false; // false: counts are catalog estimates (shown with ≈)
    qint64 total = 0;
    qint64 revoked = -1; // -1 when unknown yet / not applicable
    qint64 expired = -1;
    qint64 removable = -1;
    qint64 keptByWindow = -1;
    qint64 tableBytes = 0;
    qint64 indexBytes = 0;
    qint64 deadTuples = 0;
    QString lastVacuum, lastAutovacuum, lastAnalyze, lastAutoanalyze; // UTC text or empty
    QList<PartitionInfo> partitions;                                  // log_sesiones only
    QList<QuarantinedPartition> quarantine; // log_sesiones: its partitions in quarantine, and until when
};

struct Overview
{
    bool exact = false;
    QString takenAtUtc;
    QString cutoffBaseUtc;
    QList<TableOverview> tables;
    QJsonObject toJson() const;
};

// Fast numbers from the catalog (reltuples, pg_stat_user_tables, sizes): milliseconds.
// On failure, *failure holds the failed statement's kind (from its SQLSTATE) and message.
bool fetchOverviewEstimates(PgConnection &conn, const QList<RuleConfig> &rules, Overview *out,
                            DbFailure *failure);
// Exact counts with the rules' own SQL, cancellable, under a per-statement timeout.
bool fetchOverviewExact(PgConnection &conn, const QList<RuleConfig> &rules, int statementTimeoutMs,
                        QueryCanceller *canceller, const ProgressFn &progress, Overview *out,
                        DbFailure *failure);

} // namespace purga

Q_DECLARE_METATYPE(purga::Overview)
