#pragma once

#include "core/pg/dbfailure.h"

#include <QCoreApplication>
#include <QString>

namespace purga {

class PgConnection;

// An evidence freeze: the purge's advisory lock (731001 unless configured otherwise) held on a
// connection of its own, so that neither this app nor the scheduled job of ADR 0021 can purge
// while an investigation runs. The lock is a session lock: it ends with its connection, whatever
// happens to the process. The freeze is recorded in the history (origin 'manual', estado
// 'congelado', start and end) so the History page shows the gap the job could not fill. A freeze
// whose connection ended without a release (the process killed, the connection cut) is closed by
// the next connect's HistoryStore::markInterrupted: 'interrumpido', with its end.
struct FreezeInfo
{
    qint64 lockKey = 0;
    QString takenAtUtc;
    QString role;   // database role holding it
    QString osUser; // who asked, as the OS says
    int backendPid = 0;
    QString runId; // its history row; empty when not recorded
    QString note;  // why it was not recorded, if so
};

class EvidenceFreeze
{
    Q_DECLARE_TR_FUNCTIONS(EvidenceFreeze)
public:
    // False with `holder` set when another session holds the lock (nothing is changed then).
    static bool take(PgConnection &conn, qint64 lockKey, const QString &osUser, FreezeInfo *info,
                     QString *holder, DbFailure *failure);
    static bool release(PgConnection &conn, const FreezeInfo &info, DbFailure *failure);
    // True while the connection answers and still holds the lock.
    static bool isHeld(PgConnection &conn, qint64 lockKey);
    static QString osUserName();
};

} // namespace purga
