#pragma once

// Preflight checks of what the role's settings and the schema around the tables do to a purge:
// whether the standbys' replay lag is visible to the role (a lag limit needs it), whether the
// role's transactions default to read-only, and foreign keys that make a delete fail. Also the
// verdict on a replica lag limit the role cannot enforce, shared by the CLI and the GUI.

#include <QString>

namespace purga {

class PgConnection;
struct PreflightReport;

// Item "replica_lag": ok when there are no standbys or every standby's replay position is
// readable; warning when some hide it (pg_stat_replication shows another role's walsender
// positions only to pg_monitor / pg_read_all_stats). Sets report->standbys and
// report->standbysLagVisible.
void checkReplicaLag(PgConnection &conn, PreflightReport *report);

// Item "read_only_default" (only when it is on): default_transaction_read_only is on for this
// session (the role, the database, the server's configuration or the connection's options).
// A warning, not a blocker: the purge sets its own session READ WRITE (PurgeEngine::run).
void checkReadOnlyDefault(PgConnection &conn, PreflightReport *report);

// Items "fk:<rule>" (only when there are some): a foreign key of another table (or the same)
// referencing a row rule's table with ON DELETE NO ACTION or RESTRICT. Deleting a referenced row
// then fails the batch (23503) and stops the run. A warning naming the referencing tables.
void checkBlockingForeignKeys(PgConnection &conn, PreflightReport *report);

// A replica lag limit that was asked for (`asked`, in words: "--max-lag-ms 500") and cannot be
// enforced because standbys hide their replay position from the role: the refusal, naming the
// GRANT that fixes it. Empty when the limit can be enforced (or there are no standbys).
QString lagLimitRefusal(const PreflightReport &report, const QString &asked);

// The same situation under the default limit (applied when there are standbys, none asked for):
// the warning to show before the run. Empty when the lag is visible.
QString defaultLagLimitWarning(const PreflightReport &report);

} // namespace purga
