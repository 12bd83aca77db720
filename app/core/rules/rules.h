#pragma once

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace purga {

// The ids of the three rules: keys of the JSON, the settings and the CLI's --rules, never translated.
namespace RuleId {
constexpr QLatin1String RefreshTokens("refresh_tokens");
constexpr QLatin1String PreTokens("pre_tokens");
constexpr QLatin1String LogSesiones("log_sesiones");
} // namespace RuleId

// The unit a rule's retention is shown and typed in (the settings dialog).
enum class RetentionUnit { Hours, Days, Months };

// Retention and batching settings of one rule, validated before use.
struct RuleConfig
{
    QString id;                    // a RuleId
    qint64 retentionSeconds = 0;   // rows/partitions older than now() - retention are removable
    bool forensicOverride = false; // explicitly allow a retention shorter than the ADR's window
    int batchSize = 5000;
    int lockTimeoutMs = 5000;
    int statementTimeoutMs = 120000;
    int pauseMs = 0;       // pause between batches (politeness to live traffic)
    int targetBatchMs = 0; // 0 = fixed batch size; otherwise adapt the batch to this duration
    int maxLockRetries = 5;
    // DDL (DETACH/DROP of partitions) waits only this long for a lock before it gives way and
    // retries (ddlRetries() times, with backoff): a waiting ACCESS EXCLUSIVE request queues every
    // other session's INSERT behind it.
    int ddlLockTimeoutMs = 300;
    // Refresh tokens only (off: the ADR's table): a revoked or rotated token is kept while any
    // member of its family (familia_id) is still live at the frozen instant (familysql.cpp).
    bool familyAware = false;
    int ddlRetries() const { return qMax(20, maxLockRetries * 4); }
    // log_sesiones only: 0 (the ADR's DETACH/DROP) or the days a detached partition is kept in the
    // quarantine schema (QuarantineSql) before a later purge drops it; partition-restore brings one back.
    int quarantineDays = 0;
};

// The three rules of ADR 0021: what each rule is (rules.cpp: one row of its table per rule) and its
// SQL (rulesql.cpp), produced there and only there: the counts, the preview and the purge all use
// this text.
class Rules
{
    Q_DECLARE_TR_FUNCTIONS(Rules)
public:
    static QStringList ids(); // refresh_tokens, pre_tokens, log_sesiones
    static RuleConfig defaults(const QString &id);
    static qint64 forensicMinimumSeconds(const QString &id); // the ADR's window
    static QString table(const QString &id);                 // "identidad.trx_refresh_tokens", ...
    static QString title(const QString &id);                 // translated
    static QString retentionText(const QString &id);         // translated, the rule in words
    static bool isPartitionRule(const QString &id);          // log_sesiones: partitions, not rows
    static RetentionUnit retentionUnit(const QString &id);   // hours, days or months
    static QStringList requiredColumns(const QString &id);   // the columns the rule's SQL reads

    // Validation: translated errors (blocking) and warnings (e.g. shorter than forensic window).
    static QStringList validate(const RuleConfig &config, QStringList *warnings = nullptr);
    // A retention shorter than the ADR's forensic window (exactly the window is not short).
    static bool isShortRetention(const RuleConfig &config);
    // One translated line naming the rule, its retention and the window; empty when not short.
    static QString shortRetentionWarning(const RuleConfig &config);
    // A duration as the warnings write it: whole days, else whole hours, else seconds.
    static QString durationText(qint64 seconds);
    static RuleConfig fromSettings(const QString &id, const QMap<QString, QString> &overrides);
    static void toSettings(const RuleConfig &config, QMap<QString, QString> *overrides);

    // The SQL (rulesql.cpp).
    // `cutoffLiteral` is a frozen timestamp as an SQL literal: '2026-10-30 23:59:59.123456+00'::timestamptz
    static QString cutoffLiteral(const QString &cutoffUtcText);
    // The retention as an SQL interval expression (calendar months for partitions).
    static QString retentionInterval(const RuleConfig &config);
    // The rule's predicate over alias t (row-rules only). NULL means kept. Held rows (legal holds,
    // holdsql.h) are excluded: this is the predicate every statement uses. The RuleConfig form adds
    // what the rule's settings add (family-aware retention); the id form is the defaults'.
    static QString predicate(const QString &id, const QString &cutoffLiteral);
    static QString predicate(const RuleConfig &rule, const QString &cutoffLiteral);
    // The rule alone, without the holds or the settings: what it would remove if nothing were held.
    static QString rulePredicate(const QString &id, const QString &cutoffLiteral);
    // The ADR sample's predicate (what the scheduled job as written deletes), for comparison only.
    static QString adrSamplePredicate(const QString &id, const QString &cutoffLiteral);
    // The column the removable timestamp range is reported on.
    static QString ageExpression(const QString &id);

    // Each statement below exists with the rule's settings (RuleConfig: what previews and purges
    // run) and, for tests and comparisons, with the defaults of rule `id`.
    // Exact counts: total, eligible, retained, adr_in_window, revoked, expired, key range, age range,
    // then live_family (column 15, liveFamilyCountColumn).
    static QString countSql(const RuleConfig &rule, const QString &cutoffLiteral);
    static QString countSql(const QString &id, const QString &cutoffLiteral, qint64 retentionSeconds)
    {
        RuleConfig rule = defaults(id);
        rule.retentionSeconds = retentionSeconds;
        return countSql(rule, cutoffLiteral);
    }
    // What a purge confirmed on the command line (--yes) needs of its frozen preview, in one
    // statement the server can run with parallel workers: total, eligible, adr_sample_in_window,
    // key_min, key_max, live_family (as countSql's).
    static QString purgeCountSql(const RuleConfig &rule, const QString &cutoffLiteral);
    static QString purgeCountSql(const QString &id, const QString &c)
    {
        return purgeCountSql(defaults(id), c);
    }
    // One purge batch: deletes at most %LIMIT% removable rows in a TID range and key range.
    // Placeholders filled by the engine: %TID_FROM% %TID_TO% %KEY_MIN% %KEY_MAX% %LIMIT%.
    static QString deleteBatchSql(const RuleConfig &rule, const QString &cutoffLiteral);
    static QString deleteBatchSql(const QString &id, const QString &c)
    {
        return deleteBatchSql(defaults(id), c);
    }
    // One TID-range batch in a single pass (batchsql.cpp): every removable row of the range, with
    // no LIMIT; the purge rolls back one that removed more than %LIMIT% rows (the batch size).
    // Placeholders: %TID_FROM% %TID_TO% %KEY_MIN% %KEY_MAX%.
    static QString deleteRangeSql(const RuleConfig &rule, const QString &cutoffLiteral);
    // Both TID-range statements as the preview and the receipt show them, with a comment on when
    // each runs; never executed as such.
    static QString purgeBatchText(const RuleConfig &rule, const QString &cutoffLiteral);
    // One keyset purge batch (--strategy keyset, batchsql.cpp): reads the %SPAN% keys after
    // (%EMPRESA_FROM%, %ID_FROM%) in (empresa_id, id) order and deletes at most %LIMIT% removable
    // rows of them within %KEY_MIN%..%KEY_MAX%. One result row: deleted, picked, spanned, consumed,
    // stop_empresa_id, stop_id (where the next batch starts; NULL after an empty span).
    static QString deleteKeysetBatchSql(const RuleConfig &rule, const QString &cutoffLiteral);
    static QString deleteKeysetBatchSql(const QString &id, const QString &c)
    {
        return deleteKeysetBatchSql(defaults(id), c);
    }
    // First 100 removable rows by key, and the removable rows per tenant.
    static QString sampleSql(const RuleConfig &rule, const QString &cutoffLiteral);
    static QString sampleSql(const QString &id, const QString &c) { return sampleSql(defaults(id), c); }
    static QString tenantSql(const RuleConfig &rule, const QString &cutoffLiteral);
    static QString tenantSql(const QString &id, const QString &c) { return tenantSql(defaults(id), c); }

    // Family-aware retention (familysql.cpp). Whether rule `id` has token families (refresh tokens).
    static bool hasFamilies(const QString &id);
    // The plan's frozen instant as SQL: the cutoff plus the retention.
    static QString frozenNow(const QString &cutoffLiteral, qint64 retentionSeconds);
    // TRUE when row t's family has a member live at `nowLiteral` (not expired, not revoked by then);
    // FALSE for a row without a family (NULL familia_id).
    static QString liveFamilyExpression(const QString &nowLiteral);
    // What the setting adds to the rule's predicate: " AND NOT <live family>", or nothing when off.
    static QString familyClause(const RuleConfig &rule, const QString &cutoffLiteral);
    // The preview count's form (countSql): the live families joined once as
    // alias lf (empty without families), and the predicate testing lf instead of the EXISTS.
    static QString liveFamilyJoin(const RuleConfig &rule, const QString &cutoffLiteral);
    static QString aggregatePredicate(const RuleConfig &rule, const QString &cutoffLiteral);
    // The count column "live_family" (over liveFamilyJoin): rows removable with the setting off
    // that belong to a live family (kept when it is on, removed when off), whatever the setting;
    // 0 without families.
    static QString liveFamilyCountColumn(const RuleConfig &rule, const QString &cutoffLiteral);
    // The FROM of the aggregate statements: the table (and its live families) with each predicate
    // computed once a row as columns purga_ap, purga_p, purga_rp and purga_lf, under alias t.
    static QString aggregateSource(const RuleConfig &rule, const QString &cutoffLiteral);
    // Partitions of log_sesiones with bounds read from the catalog (never from names).
    static QString partitionsSql(const QString &cutoffLiteral);
    // Partitions of log_sesiones left "detach pending" by an interrupted DETACH ... CONCURRENTLY.
    static QString pendingDetachSql();
    // The partition rule's DDL; `partition` is a schema-qualified, quoted name from the catalog.
    enum class DetachMode { Plain, Concurrently, Finalize };
    static QString detachSql(const QString &partition, DetachMode mode);
    static QString dropPartitionSql(const QString &partition);
    // What the preview shows the purge will run for one removable partition.
    static QString partitionPurgeText(const QString &partition);
    // The marker this app writes on a partition (COMMENT ON TABLE) before detaching it, so that a
    // partition detached but never dropped (crash, refused DROP) is recognised later without the
    // history tables: "<prefix> (run R) oid N table schema.name FOR VALUES ...". `bound` is the
    // partition's FOR VALUES clause. A detach-only run writes a "kept" marker instead, which is not
    // a leftover.
    struct TableIdentity
    {
        qint64 oid = 0;
        QString qualifiedName; // format('%I.%I', schema, name)
    };
    static QString detachMarkerPrefix();
    static QString detachMarker(const QString &runId, const TableIdentity &table, const QString &bound,
                                bool keep);
    // The marker with the reason the DROP did not happen appended.
    static QString notDroppedMarker(const QString &marker, const QString &reason);
    static QString commentSql(const QString &partition, const QString &comment);
    // Plain tables carrying the detach marker that still are the table it names (same oid and
    // schema.name; an older marker without them: identidad.log_sesiones_YYYY_MM with one-month
    // bounds): partitions this app detached and did not drop. The same columns as partitionsSql()
    // (bounds from the marker) plus the marker text (column 10), oid and qualified_name.
    static QString leftoverPartitionsSql();
    // Tables carrying the detach marker that are not (or no longer) the table it names: never
    // dropped, listed. name, oid, qualified_name, has_identity, marker_oid, marker_table, run_id,
    // bounds_read.
    static QString leftAloneSql();
    // What `partition` (a catalog name) resolves to now and whether it still is a left-over: oid,
    // bound, lower_bound, upper_bound (NULL unless it is), then leftAloneSql()'s columns about it
    // (from column 4; NULL unless it carries the marker and is not the table it names).
    static QString leftoverCheckSql(const QString &partition);
    // Exact rows per partition of log_sesiones through the parent, leaves of sub-partitioned
    // partitions counted under their top-level partition: name, rows.
    static QString partitionRowsSql();
    // Data-based overdue (health): the instant the oldest removable row of the rule crossed its
    // cutoff at the database's now() (for partitions: the oldest removable partition's upper bound
    // plus the retention), from the same predicate / partition SQL as the preview. One row:
    // removable_since (ISO 8601 UTC text, NULL when nothing is removable), hours_ago, removable.
    static QString removableSinceSql(const RuleConfig &config);
};

} // namespace purga
