// `history --json` written as it streams: byte for byte the output of the version that kept the
// `runs` in memory (tests/data/history_stream_golden.json, taken from that version on this same
// fixture, with the first days of `days` added when the calendar came), the same entries as
// `--csv`, and `days` with every day of the range. Memory is a benchmark (tests/bench/history.sh), not
// an assertion here.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/historyfixtures.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

// Runs at fixed instants in January 2026 covering every shape of an entry: several tables, a
// table without a duration, no metrics at all (lock_ocupado), a run still en_curso, an OS user,
// and a detail with quotes, a backslash, a newline and non-ASCII text.
QString fixtureSql()
{
    QString sql;
    auto add = [&sql](const char *id, const char *origin, const char *status, const char *started,
                      const char *finished, const QMap<QString, qint64> &rows,
                      const QMap<QString, qint64> &ms) {
        KnownRun r;
        r.id = QString::fromLatin1(id);
        r.origin = QString::fromLatin1(origin);
        r.status = QString::fromLatin1(status);
        r.started = QString::fromLatin1(started);
        r.finished = QString::fromLatin1(finished);
        r.rows = rows;
        r.durationsMs = ms;
        sql += knownRunSql(r);
    };
    const QString refresh = QStringLiteral("trx_refresh_tokens"), pre = QStringLiteral("trx_pre_tokens"),
                  log = QStringLiteral("log_sesiones");
    add("00000000-0000-0000-0000-000000000001", "job", "ok", "'2026-01-02 03:00:00Z'",
        "'2026-01-02 03:01:30.250Z'", {{refresh, 500}, {pre, 50}, {log, 120000}},
        {{refresh, 80000}, {pre, 9000}, {log, 1250}});
    add("00000000-0000-0000-0000-000000000002", "job", "lock_ocupado", "'2026-01-03 03:00:00Z'",
        "'2026-01-03 03:00:00.004Z'", {}, {});
    add("00000000-0000-0000-0000-000000000003", "manual", "cancelado", "'2026-01-04 10:15:00.5Z'",
        "'2026-01-04 10:16:00Z'", {{pre, 9}}, {});
    add("00000000-0000-0000-0000-000000000004", "job", "error", "'2026-01-05 03:00:00Z'",
        "'2026-01-05 03:02:00Z'", {{refresh, 0}, {pre, 1234567890123}}, {{refresh, 0}});
    add("00000000-0000-0000-0000-000000000005", "manual", "en_curso", "'2026-01-06 08:00:00Z'", "",
        {{refresh, 7}}, {{refresh, 7}});
    sql += QStringLiteral(
        "UPDATE identidad.purga_corridas SET usuario_so = 'dba', detalle = E'lock \"731001\" \\\\ held\\n"
        "by pid 42 — año' WHERE corrida_id = '00000000-0000-0000-0000-000000000003';\n"
        "UPDATE identidad.purga_corridas SET detalle = NULL"
        " WHERE corrida_id = '00000000-0000-0000-0000-000000000001';\n");
    return sql;
}

// The health object is computed at now(): everything else is fixed.
QByteArray withoutHealth(const QByteArray &out)
{
    QString text = QString::fromUtf8(out);
    static const QRegularExpression health(QStringLiteral("^  \"health\": \\{.*\\},$"),
                                           QRegularExpression::MultilineOption);
    text.replace(health, QStringLiteral("  \"health\": {},"));
    return text.toUtf8();
}

// The `days` run up to today: the golden keeps the first `keep` of them (the fixed part).
QByteArray withFirstDays(const QByteArray &out, int keep)
{
    const QByteArray marker("\n  \"days\": [");
    const qsizetype at = out.indexOf(marker);
    if (at < 0)
        return out;
    QList<QByteArray> days = out.mid(at + marker.size()).split('\n');
    days.removeFirst(); // the empty rest of the marker's line
    QByteArray kept = out.left(at + marker.size());
    for (int i = 0; i < keep && i < days.size() && days.at(i).startsWith("    {"); ++i) {
        QByteArray line = days.at(i);
        if (i == keep - 1 && line.endsWith(','))
            line.chop(1);
        kept += '\n' + line;
    }
    return kept + "\n  ]\n}\n";
}

// Every day from `first` to today (UTC), in order.
void verifyCalendar(const QJsonArray &days, const QDate &first)
{
    const QDate today = QDateTime::currentDateTimeUtc().date();
    QCOMPARE(days.size(), first.daysTo(today) + 1);
    for (int i = 0; i < days.size(); ++i)
        QCOMPARE(days.at(i).toObject().value(QLatin1String("day")).toString(),
                 first.addDays(i).toString(Qt::ISODate));
}

} // namespace

class TestCliHistoryStream : public CliTestCase
{
    Q_OBJECT
private slots:
    void jsonIsByteIdenticalToTheBufferedVersion()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clihiststream"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        QString error;
        QVERIFY2(db.exec(fixtureSql(), &error), qPrintable(error));
        // The run still en_curso belongs to a live session of another role (this test's superuser
        // one), whose start identidad_purga cannot see: the CLI's dead-run sweep leaves it open.
        QVERIFY(db.exec(QStringLiteral("UPDATE identidad.purga_corridas SET backend_pid = pg_backend_pid()"
                                       " WHERE corrida_id = '00000000-0000-0000-0000-000000000005'")));
        const QStringList range = {QStringLiteral("--since"), QStringLiteral("2026-01-01T00:00:00Z")};

        const CliResult r = run(db, QStringList{QStringLiteral("history"), QStringLiteral("--json")} + range);
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QFile golden(qEnvironmentVariable("PURGA_SOURCE_DIR") +
                     QStringLiteral("/tests/data/history_stream_golden.json"));
        QVERIFY2(golden.open(QIODevice::ReadOnly), qPrintable(golden.fileName()));
        const QByteArray actual = withFirstDays(withoutHealth(r.out), 8);
        if (actual != golden.readAll()) {
            QFile dump(QDir::current().filePath(QStringLiteral("history_stream_actual.json")));
            QVERIFY(dump.open(QIODevice::WriteOnly));
            dump.write(actual);
            QFAIL(qPrintable(QStringLiteral("history --json differs from %1; this run's output is in %2")
                                 .arg(golden.fileName(), dump.fileName())));
        }

        // `days`: every day of the range, the days without runs too (2026-01-01, and every one
        // after the 6th), with the rows and runs started that day (UTC).
        QString why;
        const QJsonArray days = r.json(&why).value(QStringLiteral("days")).toArray();
        verifyCalendar(days, QDate(2026, 1, 1));
        const auto day = [&days](int i, const char *key) {
            return days.at(i).toObject().value(QLatin1String(key)).toInteger(-1);
        };
        const qint64 expected[][4] = {{0, 0, 0, 0}, {120550, 1, 1, 0},        {0, 1, 0, 0},
                                      {9, 0, 0, 1}, {1234567890123, 1, 0, 0}, {7, 0, 0, 1},
                                      {0, 0, 0, 0}};
        for (int i = 0; i < 7; ++i) {
            QCOMPARE(day(i, "rows"), expected[i][0]);
            QCOMPARE(day(i, "job_runs"), expected[i][1]);
            QCOMPARE(day(i, "job_ok_runs"), expected[i][2]);
            QCOMPARE(day(i, "manual_runs"), expected[i][3]);
        }
        for (int i = 7; i < days.size(); ++i)
            QCOMPARE(day(i, "rows") + day(i, "job_runs") + day(i, "manual_runs"), 0);

        // An empty range: the whole object with empty lists, and its days all empty.
        const CliResult none = run(db, {QStringLiteral("history"), QStringLiteral("--json"),
                                        QStringLiteral("--since"), QStringLiteral("2026-01-07T00:00:00Z")});
        QVERIFY2(none.finished && none.exitCode == 0, qPrintable(none.describe()));
        QVERIFY2(withoutHealth(none.out).startsWith(
                     "{\n  \"health\": {},\n  \"rows\": [],\n  \"runs\": [],\n  \"days\": [\n"),
                 none.out.left(200).constData());
        verifyCalendar(none.json(&why).value(QStringLiteral("days")).toArray(), QDate(2026, 1, 7));

        // The same entries as the CSV export, in the same order.
        const CliResult csv =
            run(db, QStringList{QStringLiteral("history"), QStringLiteral("--csv")} + range);
        QVERIFY2(csv.finished && csv.exitCode == 0, qPrintable(csv.describe()));
        QStringList lines = QString::fromUtf8(csv.out).split(u'\n', Qt::SkipEmptyParts);
        const QStringList keys = lines.takeFirst().split(u',');
        const QJsonArray rows = r.json(&why).value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), lines.size());
        for (int i = 0; i < rows.size(); ++i) {
            const QJsonObject o = rows.at(i).toObject();
            QStringList fields;
            for (const QString &k : keys) {
                const QJsonValue v = o.value(k);
                fields << (v.isNull()     ? QString()
                           : v.isDouble() ? QString::number(qint64(v.toDouble()))
                                          : v.toString());
            }
            QCOMPARE(fields.join(u','), lines.at(i));
        }
    }

private:
    CliResult run(const TestDatabase &db, const QStringList &args) const
    {
        QProcess p;
        prepareCli(p, m_sandbox, m_home.path(), db.name(), args);
        return runProcess(p);
    }
};

QTEST_GUILESS_MAIN(TestCliHistoryStream)
#include "tst_cli_historystream.moc"
