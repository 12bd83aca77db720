#pragma once

// Fixtures shared by the purge tests (tst_purgeengine, tst_purgepartitions, tst_cli_purge):
// seed data, the slow-row trigger, the history tables, plans and id-set arithmetic.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "pgsandbox.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>

namespace purga::test {

inline const QString kRefresh = QStringLiteral("refresh_tokens");
inline const QString kPre = QStringLiteral("pre_tokens");
inline const QString kLog = QStringLiteral("log_sesiones");
// The batch size every purge test plans with.
constexpr int kBatch = 500;
// Filler rows of a "large" token table: enough for many batches.
constexpr int kFiller = 20000;

using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------- seed data

// Refresh tokens: one boundary row per case on both sides of now() - 30 days (tags "edge:..." in
// token_hash), then refreshFillerSql(filler).
QString refreshSeedSql(int filler);
// Pre-tokens: the same around now() - 24 hours.
QString preSeedSql(int filler);

// Refresh tokens of two tenants: `removable` expired 45 days ago (tenant 1), `kept` expiring
// tomorrow (tenant 2), for tests that only count.
QString refreshExpiredAndLiveSql(int removable, int kept);

// Refresh-token filler in creation order: an old region (the first 70 %) that is mostly removable
// at now() - 30 days, then a young one; ends with ANALYZE. Boundary rows are the caller's.
QString refreshFillerSql(int filler);

// log_sesiones: monthly partitions 16, 15, 14, 13, 12, 1 and 0 months back (kLogMonthsBack, 100
// rows each), and two rows in the DEFAULT partition (outside every monthly range) when it exists.
inline const QList<int> kLogMonthsBack{16, 15, 14, 13, 12, 1, 0};
QString logSeedSql(bool defaultRows);

// A copy of `table` (schema-qualified) in public.snap_<bare name>, and the table put back as that copy
// was (ids kept, ANALYZEd): to run two purges over the very same rows.
QString snapshotSql(const QString &table);
QString restoreSql(const QString &table);

// A BEFORE DELETE trigger that sleeps `seconds` on the row with this id: a slow batch to act on.
QString slowTriggerSql(const QString &table, qint64 id, const QString &seconds);

// public.delete_sizes (n bigint, q text) and an AFTER DELETE statement trigger on `table` recording
// there the rows of every committed DELETE, checked at the server (the batch bound), and the client
// request it came in (current_query(): the statements sent with it in one round trip).
QString deleteSizesSql(const QString &table);

// '<utc>'::timestamptz
QString tsLiteral(const QString &utc);
// The rule (kRefresh or kPre) written independently of Rules::predicate, from its wording.
QString eligibleWhere(const QString &rule, const QString &cutoffUtc);

// ---------------------------------------------------------------- connections and history

// Opens `c` as identidad_purga over TCP (optionally with another application_name).
bool openPurga(const TestDatabase &db, PgConnection &c, const QString &app = QString());
// Opens `c` as the sandbox superuser on the test database.
bool openAdmin(const SandboxInfo &sandbox, const TestDatabase &db, PgConnection &c);
// HistoryStore::setup on `c`, or on a fresh identidad_purga connection to `db`.
bool setupHistory(PgConnection &c);
bool setupHistory(const TestDatabase &db);

// The session log's months seeded in `db` (with DEFAULT rows, or with its DEFAULT partition dropped
// first), `c` open as the maintenance role and the history set up: where every partition test starts.
bool seedLogDatabase(TestDatabase &db, PgConnection &c, bool withDefault);

// A legal hold of `kind` (user, family, tenant, token) on `value` (as the CLI takes them), added by
// OS user "tester": its id, 0 when refused (said on the test's log).
qint64 addHold(PgConnection &conn, const QString &kind, const QString &value, const QString &reason,
               const QString &until = QString());

// A preview of the default rules `ids` at kBatch, each config passed through `tweak`.
bool plan(PgConnection &c, const QStringList &ids, PreviewPlan *out,
          const std::function<void(RuleConfig &)> &tweak = {});
// Purge options for `ids` run by operator "tester".
PurgeOptions options(const QStringList &ids);

// ---------------------------------------------------------------- reading results

// The run's estado in identidad.purga_corridas, or "<no run row>".
QString runState(TestDatabase &db, const QString &runId);
// One metric of a run (NULL when absent).
QVariant metric(TestDatabase &db, const QString &runId, const QString &name, const QString &table);
// The single column of `sql` as sorted text.
QStringList strings(TestDatabase &db, const QString &sql);
// Every id of `table` in key order.
QList<qint64> allIds(TestDatabase &db, const QString &table);
// Removable log_sesiones partitions among those seeded `monthsBack` (upper bound <= cutoff),
// by the test's own arithmetic; `cutoffSql` is an SQL timestamptz expression.
QStringList removableLogPartitions(TestDatabase &db, const QList<int> &monthsBack, const QString &cutoffSql);

// First value of `sql` on `c` (invalid on error or no row).
QVariant valueOn(PgConnection &c, const QString &sql);
// Polls `sql` (a boolean) on `c` until true, the timeout, or `abort`.
bool pollUntil(PgConnection &c, const QString &sql, int timeoutMs, const std::atomic<bool> *abort = nullptr);
qint64 msBetween(Clock::time_point a, Clock::time_point b);
// A thread that cancels `canceller` once backend `pid` sleeps (the slow-row trigger), watching from a
// superuser session of database `dbName` for 30 s or until `done`; `saw` turns true and `at` (when
// given) holds the instant when it cancelled. Join it after the run.
std::thread cancelWhenSleeping(const SandboxInfo &sandbox, const QString &dbName, int pid,
                               QueryCanceller &canceller, const std::atomic<bool> &done,
                               std::atomic<bool> &saw, Clock::time_point *at = nullptr);

// ---------------------------------------------------------------- id sets

// a \ b, sorted.
QList<qint64> minus(const QList<qint64> &a, const QList<qint64> &b);
QList<qint64> sorted(QList<qint64> v);
// "[1,2,3]", for messages and for comparing id lists as text.
QString listText(const QList<qint64> &ids);

// A preview of one rule.
bool takeOne(PgConnection &conn, const RuleConfig &config, PreviewPlan *plan, QString *error);

// ---------------------------------------------------------------- observer

// Records what the engine reports, from any thread; onProgress runs on each progress report,
// onLog on each log line (on the engine's thread, e.g. to cancel at an exact point).
class Recorder : public PurgeObserver
{
public:
    std::function<void(const RuleProgress &)> onProgress;
    std::function<void(const QString &)> onLog;

    void ruleProgress(const RuleProgress &p) override;
    void log(const QString &line) override;
    QList<RuleProgress> progress();
    QString logText();

private:
    std::mutex m_mutex;
    QList<RuleProgress> m_progress;
    QStringList m_lines;
};

} // namespace purga::test
