#pragma once

// partition-restore: a partition of log_sesiones in quarantine (identidad.purga_cuarentena) attached
// again, under the purge's advisory lock (it is DDL on the same table) and its short DDL lock
// timeout, retried with backoff. It must still fit: it is the table put in quarantine (same oid), no
// table holds its old name, no attached partition overlaps its bounds and the DEFAULT partition
// holds no row in them (ATTACH would fail: those rows would belong to it). When it does not fit
// nothing changes and the result says why; the entry stays in quarantine.
#include "core/pg/pgconnection.h"

#include <QJsonObject>
#include <QStringList>

namespace purga {

struct RestoreRequest
{
    QString name; // as it is in quarantine, as it was, or its bare table name
    qint64 lockKey = 731001;
    int ddlLockTimeoutMs = 300;
    int statementTimeoutMs = 120000;
    int retries = 20; // after a lock timeout
};

struct RestoreResult
{
    enum class Outcome { Restored, NotFound, Refused, LockBusy, Error };
    Outcome outcome = Outcome::Error;
    QString message;                // translated, one line
    QString name;                   // in quarantine: identidad_cuarentena.log_sesiones_2025_01
    QString restoredAs;             // attached as: identidad.log_sesiones_2025_01
    QString bound;                  // FOR VALUES ...
    QString lowerBound, upperBound; // UTC text
    qint64 rowsRecorded = -1;       // when it was put in quarantine
    qint64 rows = -1;               // attached now (counted in the restore's transaction)
    QStringList overlapping;        // attached partitions whose bounds overlap it ("name FOR VALUES ...")
    QString defaultPartition;       // the DEFAULT partition, when it holds rows in the bounds
    qint64 defaultRows = 0;
    QString lockHolder;        // LockBusy: who holds the advisory lock
    int retries = 0;           // lock timeouts given way to
    QString outcomeId() const; // restored | not_found | refused | lock_busy | error
    QJsonObject toJson() const;
};

RestoreResult restorePartition(PgConnection &conn, const RestoreRequest &request);

} // namespace purga
