#pragma once

#include "core/rules/rules.h"
#include "core/util/progress.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariantList>

class QSqlQuery;

namespace purga {

class PgConnection;
class QueryCanceller;
struct DbFailure;

// Rows one legal hold keeps from a rule (or a partition) at the preview's instant.
struct HeldCount
{
    qint64 holdId = 0;
    QString reason;     // the hold's reason, e.g. "INC-123"
    QString scope;      // user | family | tenant | token (JSON values)
    qint64 rows = 0;    // rows the rule would remove but for the hold
    qint64 jobRows = 0; // rows the ADR's job's own SQL (it knows no holds) would delete anyway

    QJsonObject toJson() const;
};

struct PartitionInfo
{
    QString name;       // schema-qualified: identidad.log_sesiones_2025_01
    QString bound;      // pg_get_expr(relpartbound) as the catalog says it
    QString lowerBound; // UTC text, empty for DEFAULT / MINVALUE
    QString upperBound; // UTC text, empty for DEFAULT / MAXVALUE
    bool isDefault = false;
    bool removable = false;
    qint64 rows = -1; // exact when rowsExact, else the catalog estimate
    bool rowsExact = false;
    qint64 bytes = 0;
    int leaves = 1;             // tables holding its rows (more than one when sub-partitioned)
    QStringList dependents;     // other objects depending on it (views, foreign keys, ...): DROP refuses
    bool detachPending = false; // an interrupted DETACH ... CONCURRENTLY (finished by the purge)
    // Detached by this app but never dropped (a plain table carrying its marker): the purge drops it.
    bool detachedNotDropped = false;
    QString reason;        // translated: why a detached partition was not dropped
    qint64 oid = 0;        // the table's oid when the preview was taken
    QString qualifiedName; // format('%I.%I', schema, name): what the detach marker records
    QList<HeldCount> held; // held rows in it: copied to the holds' table before its DROP

    QString stateId() const; // attached | detach_pending | detached_not_dropped (JSON)
    // Full: every key the preview writes; Summary: the Overview's (name, bounds, default, rows,
    // rows_exact, bytes, removable).
    enum class JsonDetail { Summary, Full };
    QJsonObject toJson(JsonDetail detail = JsonDetail::Full) const;
};

// A table carrying this app's detach marker that is not (or no longer) the table the marker names:
// moved, renamed, or given a copied marker. Never dropped; every preview and purge lists it.
struct LeftAloneTable
{
    QString name;
    QString reason; // translated
};

// A partition of log_sesiones in quarantine (RuleConfig::quarantineDays): detached, moved to schema
// identidad_cuarentena, recorded in identidad.purga_cuarentena; the first purge after dropAfterUtc
// drops it, partition-restore attaches it again.
struct QuarantinedPartition
{
    qint64 id = 0;                  // identidad.purga_cuarentena.cuarentena_id
    QString name;                   // where it is now: identidad_cuarentena.log_sesiones_2025_01
    QString originalName;           // the partition it was: identidad.log_sesiones_2025_01
    QString bound;                  // its FOR VALUES clause
    QString lowerBound, upperBound; // UTC text, empty for MINVALUE / MAXVALUE
    qint64 rows = 0;                // when it was moved
    qint64 bytes = 0;
    QString quarantinedAtUtc, dropAfterUtc;
    bool due = false;    // its days are over at the preview's frozen instant: this purge drops it
    bool present = true; // the recorded table is still there (same oid); otherwise never dropped
    QJsonObject toJson() const;
};

// The partitions in quarantine at the frozen instant `frozenNowUtc` (empty when the quarantine's
// history table does not exist). False with *error when it could not be read.
bool readQuarantine(PgConnection &conn, const QString &frozenNowUtc, QList<QuarantinedPartition> *out,
                    QString *error);
struct RulePreview;
// takePreview's part of the partition rule, after its partitions: r.quarantine, r.quarantineUntilUtc
// and the quarantine's statements in r.deleteSql.
bool previewQuarantine(PgConnection &conn, RulePreview &r, const QString &frozenNowUtc, QString *error);

struct CountBucket
{
    QString label; // tenant id or age bucket ("30-60 d")
    qint64 rows = 0;
};

// What one rule would remove at a frozen cutoff.
struct RulePreview
{
    QString id;
    QString table;
    RuleConfig config;
    QString cutoffUtc; // frozen: the database's now() at preview time minus the retention
    qint64 total = 0;
    qint64 eligible = 0;
    qint64 retained = 0;
    qint64 revokedOrUsed = 0;      // revoked refresh tokens / used pre-tokens, any age
    qint64 expired = 0;            // expiracion before the frozen now
    qint64 retainedByWindow = 0;   // revoked/used or expired, but younger than the retention
    qint64 adrSampleInWindow = 0;  // what the ADR's sample SQL would delete that this rule keeps
    qint64 keyMin = 0, keyMax = 0; // removable key range (when eligible > 0)
    // Rows removable with family-aware retention off that belong to a family still live at the
    // frozen now: removed while config.familyAware is off, kept (not in eligible) when it is on.
    qint64 liveFamily = 0;
    QString oldest, newest; // removable age range (UTC text)
    QList<CountBucket> byTenant;
    QList<CountBucket> byAge;
    QStringList sampleColumns;
    QList<QVariantList> sample; // first 100 removable rows by key; token hashes already masked
    QList<PartitionInfo> partitions;
    QList<LeftAloneTable> leftAlone; // the partition rule: marked tables that are not left-overs
    // The partition rule: what is in quarantine now, and (quarantineDays > 0) when a partition this
    // purge moves there goes (the frozen instant plus the days).
    QList<QuarantinedPartition> quarantine;
    QString quarantineUntilUtc;
    QString frozenNowUtc;            // the plan's frozen instant: an entry is due when its days end before it
    QString countSql;                // the exact text counted with
    QString deleteSql;               // the exact text the purge runs (batch template / DETACH+DROP list)
    QList<HeldCount> held;           // per active legal hold: the rows it keeps from this rule
    qint64 heldRows() const;         // rows kept by some hold (a row two holds match counts once per hold)

    QJsonObject toJson() const;
    // What family-aware retention does to this preview, in words (translated): how many rows
    // belong to live families and whether they are removed or kept. Empty without families.
    QString liveFamilyNote() const;
};

// A preview frozen at one database instant; the purge runs exactly this plan.
struct PreviewPlan
{
    QString takenAtUtc;
    QString cutoffBaseUtc; // the database's now() when frozen
    QString serverTimeZone;
    QList<RulePreview> rules;

    bool isEmpty() const { return rules.isEmpty(); }
    const RulePreview *rule(const QString &id) const;
    QJsonObject toJson() const;
};

// Full: counts, breakdown by tenant and the 100-row sample. CountsOnly: the count statement and the
// partitions only (what the Overview shows), without the extra scans of the breakdown and sample.
// ForPurge: a purge confirmed before it was shown (`purge --yes`): of the row rules only what the
// engine and the receipt use (total, eligible, key range, what the job's SQL would take), in one
// lighter scan; partitions as always.
enum class PreviewDepth { Full, CountsOnly, ForPurge };

// Freezes the cutoffs from the database clock and computes every requested rule.
bool takePreview(PgConnection &conn, const QList<RuleConfig> &rules, QueryCanceller *canceller,
                 const ProgressFn &progress, PreviewPlan *plan, DbFailure *failure,
                 PreviewDepth depth = PreviewDepth::Full);

// One row of Rules::partitionsSql().
PartitionInfo partitionFromRow(const QSqlQuery &query);

// The words of RulePreview::liveFamilyNote() (also the receipt's note), translated.
QString liveFamilyText(bool familyAware, qint64 liveFamilyRows);

QString cutoffInZone(const QString &utcText, const QString &ianaZone);

} // namespace purga

Q_DECLARE_METATYPE(purga::PreviewPlan)
