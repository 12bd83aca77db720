#pragma once

#include <QCoreApplication>
#include <QDate>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>

namespace purga {

struct DbFailure;
class PgConnection;

// What part of the history to read. Times are instants (UTC); an invalid bound is open.
struct HistoryRange
{
    QDateTime since;
    QDateTime until;
    QString origin; // "job" | "manual" | empty = all
    QString table;  // qualified or bare table name; empty = all
};

// One run, with the rows removed and the duration per table (qualified names).
struct HistoryRun
{
    QString runId;
    QString origin;
    QString operatorName; // operador: the database role that ran it
    QString osUser;       // usuario_so: the client's OS account as the OS reported it; empty if unknown
    QString startedUtc;   // ISO 8601, "…Z"
    QString finishedUtc;  // empty while en_curso
    QString status;       // en_curso|ok|cancelado|error|lock_ocupado|interrumpido|congelado
    QString detail;
    qint64 durationMs = -1;            // finished - started; -1 while en_curso
    QMap<QString, qint64> rows;        // table -> rows removed
    QMap<QString, qint64> durationsMs; // table -> identidad_purga_duracion_ms
    QJsonObject toJson() const;
};

// One calendar day of a range, in the zone of its tally (HistoryDays).
struct HistoryDay
{
    QDate day;
    qint64 rows = 0; // rows removed by the runs started that day, over all tables
    int jobRuns = 0;
    int jobOkRuns = 0;
    int manualRuns = 0;
    QMap<QString, QMap<QString, qint64>> rowsByOrigin; // origin -> qualified table -> rows
    QJsonObject toJson() const; // day (YYYY-MM-DD), rows, job_runs, job_ok_runs, manual_runs
};

// A vertex of "time since the scheduled job last succeeded" (JobGap): at `atMs` (Unix ms) the last
// successful job run was `hours` ago.
struct JobGapPoint
{
    qint64 atMs = 0;
    double hours = 0;
};

// Rows removed per day (in `zone`), table and origin: one stacked-bar segment.
struct DailyRows
{
    QString day;         // YYYY-MM-DD in the zone
    QString dayStartUtc; // the zone's midnight (or first instant) as an instant
    QString table;       // qualified
    QString origin;
    qint64 rows = 0;
    int runs = 0;
};

// Runs of one origin in one time bucket (decimated server-side to at most maxPoints buckets).
struct DurationBucket
{
    QString startUtc;
    QString longestUtc; // the start of the bucket's longest run: where its point is drawn
    QString origin;
    int runs = 0;
    qint64 maxMs = 0;
    qint64 avgMs = 0;
    QMap<QString, int> statuses; // status -> runs in the bucket
};

// Rows left and bytes of a table after the last run of a bucket, as that run recorded them.
struct SizePoint
{
    QString atUtc; // the start of that run
    QString table; // qualified
    qint64 rows = -1;
    qint64 bytes = -1;
};

// What the History page shows for one range: the calendar, decimated durations and sizes, the
// job's gaps, the runs.
struct HistoryData
{
    QString zone;              // the zone the days are cut in
    QDateTime from, to;        // the instants the range covers: its start (or first run) and its end (or now)
    QList<HistoryDay> days;    // every day of the range (HistoryDays), empty days included
    QList<JobGapPoint> jobGap; // hours since the last successful job run, in time order (JobGap)
    double jobGapHoursNow = -1; // at `to`; -1 when no job run ever succeeded up to then
    QList<DurationBucket> durations;
    QList<SizePoint> sizes;
    QList<HistoryRun> runs; // the newest ones only when load() was given maxRuns
    qint64 totalRuns = 0;   // every run in the range (the durations' count), shown or not
};

// Reads identidad.purga_corridas / purga_metricas, aggregated in the database so 100,000 runs
// come back as at most a few thousand rows. Read-only: works on a standby.
class HistoryQuery
{
    Q_DECLARE_TR_FUNCTIONS(HistoryQuery)
public:
    // The runs of `range` by start, each with its rows and duration per table (aggregated in the
    // database: one row per run). maxRuns > 0: only the newest maxRuns of them.
    static bool runs(PgConnection &conn, const HistoryRange &range, QList<HistoryRun> *out,
                     DbFailure *failure, int maxRuns = 0);
    // The same, one run at a time as the rows arrive, for output that streams (the CLI's JSON).
    static bool forEachRun(PgConnection &conn, const HistoryRange &range, int maxRuns,
                           const std::function<void(const HistoryRun &)> &each, DbFailure *failure);
    // Every run of `range` handed to `first` one at a time, then the same runs again to `second`,
    // in one snapshot (a read-only transaction of its own: call it outside one), never all in
    // memory: for output that lists the runs twice (the CLI's JSON: `rows`, then `runs`). The
    // callbacks must not run SQL on `conn`: a forward-only
    // QSqlQuery reads its rows as they arrive (libpq's single-row mode), and a second statement on
    // the connection would discard the rest.
    static bool forEachRunTwice(PgConnection &conn, const HistoryRange &range,
                                const std::function<void(const HistoryRun &)> &first,
                                const std::function<void(const HistoryRun &)> &second, DbFailure *failure);
    // `zone`: an IANA zone name the server knows ("UTC", "America/Guayaquil", the client's zone).
    static bool daily(PgConnection &conn, const HistoryRange &range, const QString &zone,
                      QList<DailyRows> *out, DbFailure *failure);
    static bool durations(PgConnection &conn, const HistoryRange &range, int maxPoints,
                          QList<DurationBucket> *out, DbFailure *failure);
    static bool sizes(PgConnection &conn, const HistoryRange &range, int maxPoints, QList<SizePoint> *out,
                      DbFailure *failure);
    // Everything the History page needs (maxPoints per series): durations and sizes aggregated in
    // the database, every run of the range streamed once through the calendar (HistoryDays) and
    // the job's gaps (JobGap), the runs kept for the table capped at the newest maxRuns when > 0
    // (totalRuns still counts them all). `now` ends a range without an end.
    static bool load(PgConnection &conn, const HistoryRange &range, const QString &zone, int maxPoints,
                     HistoryData *out, DbFailure *failure, int maxRuns = 0,
                     const QDateTime &now = QDateTime::currentDateTimeUtc());
    // When the scheduled job last succeeded (its end, or its start without one) before `before`;
    // invalid when never (or no history).
    static QDateTime lastJobOkBefore(PgConnection &conn, const QDateTime &before);
    // The flat export, one line per run and table: the columns of rowColumns() (the CLI's JSON keys).
    static QStringList rowColumns();
    static QList<QStringList> flatRows(const QList<HistoryRun> &runs);
    static QString csv(const QList<QStringList> &rows);      // header line, then the rows
    static QString csvLines(const QList<QStringList> &rows); // the rows only
    // When a run last finished 'ok' (Unix seconds), -1 when none did or there is no history.
    static double lastOkEpochSeconds(PgConnection &conn);
    // The server's configured TimeZone (not this session's, which is UTC).
    static QString serverTimeZone(PgConnection &conn);
    static QString qualified(const QString &table); // "trx_pre_tokens" -> "identidad.trx_pre_tokens"
};

} // namespace purga
