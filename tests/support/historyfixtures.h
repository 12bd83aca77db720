#pragma once

// Known histories for the history, health and CLI tests: runs written directly (as the superuser,
// with chosen times) or through the job's functions.
#include "pgsandbox.h"

#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace purga::test {

// One run with chosen instants ('2026-11-10 03:00Z', or an SQL expression when `expressions`),
// and identidad_purga_filas / identidad_purga_duracion_ms per bare table name.
struct KnownRun
{
    QString id; // uuid text
    QString origin = QStringLiteral("job");
    QString status = QStringLiteral("ok");
    QString started;  // SQL timestamptz expression, e.g. "'2026-11-10 03:00Z'" or "now() - interval '3 h'"
    QString finished; // empty: NULL (en_curso)
    QMap<QString, qint64> rows;
    QMap<QString, qint64> durationsMs;
    QMap<QString, qint64> tableRows; // identidad_tabla_filas: rows left after the run
    int backendPid = 0;              // 0: NULL
};

// INSERTs for the run and its metrics.
QString knownRunSql(const KnownRun &run);

// A month of the job's daily runs relative to now(), with what the History page must not hide:
// no job run on the 7th, 6th and 5th day before today (a 3-day gap, the last success before it 8
// days ago), a failed and an interrupted job run 10 and 12 days ago, a manual run 20 days ago,
// and the only run of the last 24 hours 2 minutes ago (today), recording 21,493 rows left in
// trx_refresh_tokens. Every run records its rows left (identidad_tabla_filas).
QString gappedMonthSql();
constexpr qint64 kGappedLastRowsLeft = 21493;

// Loads tests/data/purga_historial_v1.sql (the schema as shipped before the job's functions) as
// identidad_purga into `db`.
bool loadHistoryV1(TestDatabase &db, QString *error);

// The job-calls block of docs/job-integration.md (between its markers), for psql.
QString jobCallsFromDoc(QString *error);

// Runs `sql` with the sandbox's psql as identidad_purga over TCP; stdout+stderr in *output.
bool psqlAsPurga(const SandboxInfo &sandbox, const TestDatabase &db, const QString &sql, QString *output);

// Sets `p` up to run $PURGA_CLI with `args` as identidad_purga on database `dbName` (--conninfo,
// PGPASSWORD, USER=tester, a private HOME/XDG_CONFIG_HOME under `home`).
void prepareCli(QProcess &p, const SandboxInfo &sandbox, const QString &home, const QString &dbName,
                const QStringList &args);

} // namespace purga::test
