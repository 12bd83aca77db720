#include "receipt.h"

#include "core/rules/rules.h"
#include "core/util/textformat.h"

#include <QJsonArray>

namespace purga {

namespace {

// What a receipt says besides the rows (receiptnotes.h puts them in words): job_would_delete,
// short_retention, family_retention, lock_waiters and keyset_without_index.
void insertNotes(const PurgeReceipt &receipt, QJsonObject *json)
{
    QJsonObject job;
    for (auto it = receipt.jobWouldDelete.cbegin(); it != receipt.jobWouldDelete.cend(); ++it)
        job.insert(it.key(), double(it.value()));
    json->insert(QStringLiteral("job_would_delete"), job);
    json->insert(QStringLiteral("held"), receipt.held);
    json->insert(QStringLiteral("short_retention"), QJsonArray::fromStringList(receipt.shortRetention));
    QJsonObject family;
    for (auto it = receipt.familyRetention.cbegin(); it != receipt.familyRetention.cend(); ++it)
        family.insert(it.key(),
                      QJsonObject{{QStringLiteral("family_aware"), it->familyAware},
                                  {QStringLiteral("live_family_rows"), double(it->liveFamilyRows)}});
    json->insert(QStringLiteral("family_retention"), family);
    json->insert(QStringLiteral("lock_waiters"), lockWaitersJson(receipt.lockWaiters));
    QStringList unindexed; // keyset batches that scanned and sorted their table
    for (const RuleReceipt &r : receipt.rules)
        if (r.keysetUnindexed)
            unindexed << r.table;
    json->insert(QStringLiteral("keyset_without_index"), QJsonArray::fromStringList(unindexed));
}

} // namespace

QJsonObject QuarantineEntry::toJson() const
{
    return QJsonObject{{QStringLiteral("name"), name},
                       {QStringLiteral("original_name"), originalName},
                       {QStringLiteral("rows"), double(rows)},
                       {QStringLiteral("drop_after_utc"), jsonText(dropAfterUtc)}};
}

QJsonObject RuleReceipt::toJson() const
{
    QJsonObject o{{QStringLiteral("id"), ruleId},
                  {QStringLiteral("table"), table},
                  {QStringLiteral("status"), toId(status)},
                  {QStringLiteral("deleted"), double(deleted)},
                  {QStringLiteral("largest_batch"), double(largestBatch)},
                  {QStringLiteral("planned"), double(planned)},
                  {QStringLiteral("batches"), batches},
                  {QStringLiteral("retries"), retries},
                  {QStringLiteral("duration_ms"), double(durationMs)},
                  {QStringLiteral("throttled_ms"), double(throttledMs)},
                  {QStringLiteral("batch_p50_ms"), batchP50Ms},
                  {QStringLiteral("batch_p95_ms"), batchP95Ms},
                  {QStringLiteral("batch_max_ms"), batchMaxMs},
                  {QStringLiteral("sql"), sql},
                  {QStringLiteral("message"), message}};
    // Absent values are null (docs/cli-json.md): no key range when nothing was deleted.
    const bool range = deleted > 0 && !Rules::isPartitionRule(ruleId);
    o.insert(QStringLiteral("key_min"), range ? QJsonValue(double(keyMin)) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("key_max"), range ? QJsonValue(double(keyMax)) : QJsonValue(QJsonValue::Null));
    if (!Rules::isPartitionRule(ruleId)) {
        // The LIMITs the batches ran with (--target-batch-ms adapts them under the batch size).
        const auto size = [&](int v) { return batches > 0 ? QJsonValue(v) : QJsonValue(QJsonValue::Null); };
        o.insert(QStringLiteral("batch_size_min"), size(limitMin));
        o.insert(QStringLiteral("batch_size_max"), size(limitMax));
        o.insert(QStringLiteral("batch_size_last"), size(limitLast));
        o.insert(QStringLiteral("target_batch_ms"),
                 targetBatchMs > 0 ? QJsonValue(targetBatchMs) : QJsonValue(QJsonValue::Null));
        QJsonArray perWorker;
        for (int n : workerBatches)
            perWorker.append(n);
        o.insert(QStringLiteral("worker_batches"), perWorker);
        o.insert(QStringLiteral("batches_redone"), redone);
    }
    if (Rules::isPartitionRule(ruleId)) {
        o.insert(QStringLiteral("dropped_partitions"), QJsonArray::fromStringList(droppedPartitions));
        o.insert(QStringLiteral("detached_partitions"), QJsonArray::fromStringList(detachedPartitions));
        QJsonArray notDropped;
        for (const auto &k : notDroppedPartitions)
            notDropped.append(
                QJsonObject{{QStringLiteral("name"), k.first}, {QStringLiteral("reason"), k.second}});
        o.insert(QStringLiteral("not_dropped_partitions"), notDropped);
        QJsonArray quarantined, quarantineGone;
        for (const QuarantineEntry &q : quarantinedPartitions)
            quarantined.append(q.toJson());
        for (const QuarantineEntry &q : quarantineDropped)
            quarantineGone.append(q.toJson());
        o.insert(QStringLiteral("quarantined_partitions"), quarantined);
        o.insert(QStringLiteral("quarantine_dropped"), quarantineGone);
    }
    return o;
}

QJsonObject PurgeReceipt::toJson() const
{
    QJsonArray arr;
    for (const RuleReceipt &r : rules)
        arr.append(r.toJson());
    QJsonObject o{{QStringLiteral("run_id"), runId},
                  {QStringLiteral("status"), toId(status)},
                  {QStringLiteral("message"), message},
                  {QStringLiteral("cutoff_base_utc"), cutoffBaseUtc},
                  {QStringLiteral("started_utc"), startedUtc},
                  {QStringLiteral("finished_utc"), finishedUtc},
                  {QStringLiteral("duration_ms"), double(durationMs)},
                  {QStringLiteral("throttled_ms"), double(throttledMs)},
                  {QStringLiteral("lag_waits"), lagWaits},
                  {QStringLiteral("sync_commit"), syncCommit ? QStringLiteral("on") : QStringLiteral("off")},
                  {QStringLiteral("parallel"), parallel},
                  {QStringLiteral("batch_strategy"), toId(batchStrategy)},
                  {QStringLiteral("rules"), arr}};
    o.insert(QStringLiteral("lock_holder"), jsonText(lockHolder));
    insertNotes(*this, &o);
    return o;
}

int PurgeReceipt::exitCode() const
{
    switch (status) {
    case RunStatus::Ok:
        return 0;
    case RunStatus::LockBusy:
        return 5;
    case RunStatus::Cancelled:
        return 6;
    case RunStatus::Error:
        return 1;
    }
    return 1;
}

} // namespace purga
