#pragma once

// Internal to the partition purge: the session log's quarantine (RuleConfig::quarantineDays > 0).
// Instead of its DROP, a detached partition is recorded in identidad.purga_cuarentena and moved to
// schema identidad_cuarentena in the same transaction; before the rule's partitions, the entries
// whose days are over at the preview's frozen instant are dropped, each under its row lock and the
// table's ACCESS EXCLUSIVE lock, and only while it still is the table recorded (same oid).
#include "partitionddl.h"

namespace purga::detail {

class PartitionQuarantine
{
public:
    PartitionQuarantine(RuleRun &run, PurgeContext &ctx, const RulePreview &preview, PartitionDdl &ddl);

    // Partitions go to quarantine instead of being dropped (days > 0 and not detach-only).
    bool active() const;
    // When active: false with *why when the schema or its history table is missing or not usable
    // (setup-history creates them); nothing may be detached then.
    bool ready(QString *why);
    // Inside the DDL transaction, instead of the DROP: records and moves `part` (`rows` counted
    // under its lock). The entry is kept for recordMoved() after the COMMIT.
    bool moveInTransaction(const PartitionInfo &part, qint64 rows, DdlOutcome *failed);
    // After the COMMIT of moveInTransaction(): into the receipt; the translated log line.
    QString recordMoved();
    // The due entries of the preview, dropped. False with *status and *message when the run stops.
    bool dropDue(RuleStatus *status, QString *message);

private:
    enum class DueOutcome { Dropped, Skipped, Stop };
    DueOutcome dropOne(const QuarantinedPartition &q, QString *message);

    RuleRun &m_run;
    PurgeContext &m_ctx;
    const RulePreview &m_preview;
    PartitionDdl &m_ddl;
    QuarantineEntry m_pending; // moved in the transaction not yet committed
};

} // namespace purga::detail
