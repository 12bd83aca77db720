// `history`, `health` and `purge --prometheus-textfile` of the real purga-sesiones-cli:
// exact JSON keys and CSV columns, usage errors, exit 0 / 7, and the textfile written atomically.
#include "core/history/prometheustextfile.h"
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
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace purga;
using namespace purga::test;

namespace {

QStringList keysOf(const QJsonObject &o)
{
    QStringList k = o.keys();
    k.sort();
    return k;
}

QString jobRun(const char *status, int hoursAgo, qint64 rows)
{
    KnownRun r;
    r.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    r.status = QString::fromLatin1(status);
    r.started = QStringLiteral("now() - interval '%1 hours'").arg(hoursAgo);
    r.finished = r.started + QStringLiteral(" + interval '90 seconds'");
    r.rows.insert(QStringLiteral("trx_refresh_tokens"), rows);
    r.rows.insert(QStringLiteral("trx_pre_tokens"), rows / 10);
    r.durationsMs.insert(QStringLiteral("trx_refresh_tokens"), 80000);
    return knownRunSql(r);
}

// The example under "## `history --json`" in docs/cli-json.md.
QJsonObject documentedHistoryJson(QString *why)
{
    QFile f(qEnvironmentVariable("PURGA_SOURCE_DIR") + QStringLiteral("/docs/cli-json.md"));
    if (!f.open(QIODevice::ReadOnly)) {
        *why = f.errorString();
        return {};
    }
    const QString text = QString::fromUtf8(f.readAll());
    const qsizetype section = text.indexOf(QLatin1String("## `history --json`"));
    const qsizetype from = text.indexOf(QLatin1String("```json\n"), section);
    const qsizetype to = text.indexOf(QLatin1String("\n```"), from + 8);
    if (section < 0 || from < 0 || to < 0) {
        *why = QStringLiteral("no history --json example in docs/cli-json.md");
        return {};
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.mid(from + 8, to - from - 8).toUtf8(), &error);
    *why = error.errorString();
    return doc.object();
}

// `days` of a default (30-day) history: 31 days, today's last, the days without runs listed with
// zero counts, and each day's counts those of the `runs` started on it (UTC).
void verifyDays(const QJsonObject &o)
{
    struct Counts
    {
        qint64 rows = 0;
        qint64 job = 0;
        qint64 jobOk = 0;
        qint64 manual = 0;
    };
    QMap<QString, Counts> expected;
    for (const QJsonValue &v : o.value(QLatin1String("runs")).toArray()) {
        const QJsonObject run = v.toObject();
        Counts &c = expected[run.value(QLatin1String("started_utc")).toString().left(10)];
        c.rows += run.value(QLatin1String("rows")).toInteger();
        const bool job = run.value(QLatin1String("origin")).toString() == QLatin1String("job");
        (job ? c.job : c.manual) += 1;
        c.jobOk += job && run.value(QLatin1String("status")).toString() == QLatin1String("ok") ? 1 : 0;
    }
    const QJsonArray days = o.value(QLatin1String("days")).toArray();
    QCOMPARE(days.size(), 31);
    QCOMPARE(days.last().toObject().value(QLatin1String("day")).toString(),
             QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate));
    int empty = 0;
    for (qsizetype i = 0; i < days.size(); ++i) {
        const QJsonObject d = days.at(i).toObject();
        const QDate day = QDate::fromString(d.value(QLatin1String("day")).toString(), Qt::ISODate);
        if (i > 0)
            QCOMPARE(QDate::fromString(days.at(i - 1).toObject().value(QLatin1String("day")).toString(),
                                       Qt::ISODate)
                         .addDays(1),
                     day);
        const Counts c = expected.value(day.toString(Qt::ISODate));
        empty += expected.contains(day.toString(Qt::ISODate)) ? 0 : 1;
        QCOMPARE(d.value(QLatin1String("rows")).toInteger(), c.rows);
        QCOMPARE(d.value(QLatin1String("job_runs")).toInteger(), c.job);
        QCOMPARE(d.value(QLatin1String("job_ok_runs")).toInteger(), c.jobOk);
        QCOMPARE(d.value(QLatin1String("manual_runs")).toInteger(), c.manual);
    }
    QVERIFY(empty >= 31 - 4); // at most one day per run has any
}

} // namespace

class TestCliHistory : public CliTestCase
{
    Q_OBJECT
private slots:
    void historyJsonHasTheIssuesKeys()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clihist"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        KnownRun manual;
        manual.id = QStringLiteral("00000000-0000-0000-0000-0000000000aa");
        manual.origin = QStringLiteral("manual");
        manual.started = QStringLiteral("now() - interval '3 hours'");
        manual.finished = QStringLiteral("now() - interval '2 hours'");
        manual.rows.insert(QStringLiteral("trx_pre_tokens"), 9);
        QVERIFY(db.exec(jobRun("ok", 10, 500) + jobRun("error", 80, 30) + jobRun("ok", 24 * 20, 7) +
                        knownRunSql(manual)));

        const CliResult all = run(db, {QStringLiteral("history"), QStringLiteral("--json")});
        QVERIFY2(all.finished && all.exitCode == 0, qPrintable(all.describe()));
        QString why;
        const QJsonObject o = all.json(&why);
        QCOMPARE(keysOf(o), (QStringList{QStringLiteral("days"), QStringLiteral("health"),
                                         QStringLiteral("rows"), QStringLiteral("runs")}));
        const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 7); // 3 job runs x 2 tables + 1 manual run x 1 table (default: 30 days)
        QCOMPARE(keysOf(rows.at(0).toObject()),
                 (QStringList{QStringLiteral("duration_ms"), QStringLiteral("finished_utc"),
                              QStringLiteral("operator"), QStringLiteral("origin"), QStringLiteral("rows"),
                              QStringLiteral("run_id"), QStringLiteral("started_utc"),
                              QStringLiteral("status"), QStringLiteral("table")}));
        const QJsonObject first = rows.at(0).toObject(); // oldest run, tables in name order
        QCOMPARE(first.value(QStringLiteral("table")).toString(), QStringLiteral("identidad.trx_pre_tokens"));
        QVERIFY(first.value(QStringLiteral("started_utc")).toString().endsWith(u'Z'));
        QCOMPARE(o.value(QStringLiteral("runs")).toArray().size(), 4);
        verifyDays(o);
        QCOMPARE(o.value(QStringLiteral("health")).toObject().value(QStringLiteral("healthy")).toBool(),
                 true);

        const CliResult manualOnly = run(db, {QStringLiteral("history"), QStringLiteral("--json"),
                                              QStringLiteral("--origin"), QStringLiteral("manual")});
        const QJsonArray manualRows = manualOnly.json(&why).value(QStringLiteral("rows")).toArray();
        QCOMPARE(manualRows.size(), 1);
        QCOMPARE(manualRows.at(0).toObject().value(QStringLiteral("run_id")).toString(), manual.id);
        QCOMPARE(manualRows.at(0).toObject().value(QStringLiteral("rows")).toInt(), 9);
        QVERIFY(manualRows.at(0).toObject().value(QStringLiteral("duration_ms")).isNull()); // not recorded

        const CliResult recent =
            run(db, {QStringLiteral("history"), QStringLiteral("--csv"), QStringLiteral("--days"),
                     QStringLiteral("2"), QStringLiteral("--table"),
                     QStringLiteral("identidad.trx_refresh_tokens")});
        QVERIFY2(recent.finished && recent.exitCode == 0, qPrintable(recent.describe()));
        const QStringList lines = QString::fromUtf8(recent.out).trimmed().split(u'\n');
        QCOMPARE(
            lines.first(),
            QStringLiteral("run_id,origin,operator,started_utc,finished_utc,status,table,rows,duration_ms"));
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines.at(1).contains(QLatin1String(",job,tester,")) &&
                     lines.at(1).endsWith(QLatin1String(",ok,identidad.trx_refresh_tokens,500,80000")),
                 qPrintable(lines.at(1)));

        const QString since = QDateTime::currentDateTimeUtc().addDays(-4).toString(Qt::ISODate);
        const CliResult fromDate =
            run(db, {QStringLiteral("history"), QStringLiteral("--json"), QStringLiteral("--since"), since});
        QCOMPARE(fromDate.json(&why).value(QStringLiteral("runs")).toArray().size(), 3);
    }

    // The JSON is written as the runs arrive (no document of every run in memory), and is still
    // what docs/cli-json.md shows: the same keys at every level, one line per entry.
    void historyJsonIsTheDocumentedSchema()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clihist"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        KnownRun busy; // nothing deleted, no metrics
        busy.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        busy.status = QStringLiteral("lock_ocupado");
        busy.started = QStringLiteral("now() - interval '12 hours'");
        busy.finished = QStringLiteral("now() - interval '12 hours'");
        QVERIFY(db.exec(jobRun("ok", 10, 500) + knownRunSql(busy) + jobRun("ok", 30, 70)));
        QString why;
        const QJsonObject doc = documentedHistoryJson(&why);
        QVERIFY2(!doc.isEmpty(), qPrintable(why));

        const CliResult r = run(db, {QStringLiteral("history"), QStringLiteral("--json")});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        const QJsonObject o = r.json(&why);
        QVERIFY2(!o.isEmpty(), qPrintable(why));
        QCOMPARE(keysOf(o), keysOf(doc));
        const auto firstOf = [](const QJsonObject &x, const char *key) {
            return x.value(QLatin1String(key)).toArray().at(0).toObject();
        };
        QCOMPARE(keysOf(o.value(QStringLiteral("health")).toObject()),
                 keysOf(doc.value(QStringLiteral("health")).toObject()));
        QCOMPARE(keysOf(firstOf(o.value(QStringLiteral("health")).toObject(), "rules")),
                 keysOf(firstOf(doc.value(QStringLiteral("health")).toObject(), "rules")));
        QCOMPARE(keysOf(firstOf(o, "rows")), keysOf(firstOf(doc, "rows")));
        QCOMPARE(keysOf(firstOf(o, "runs")), keysOf(firstOf(doc, "runs")));
        QCOMPARE(keysOf(firstOf(o, "days")), keysOf(firstOf(doc, "days")));
        const QJsonArray rows = o.value(QStringLiteral("rows")).toArray();
        const QJsonArray runs = o.value(QStringLiteral("runs")).toArray();
        QCOMPARE(rows.size(), 4); // two runs x two tables; the lock_ocupado run has no table
        QCOMPARE(runs.size(), 3);
        // Oldest first in both lists, the same runs.
        QCOMPARE(runs.at(0).toObject().value(QStringLiteral("rows")).toInt(), 77);
        QCOMPARE(runs.at(1).toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("lock_ocupado"));
        QVERIFY(runs.at(1).toObject().value(QStringLiteral("tables")).toObject().isEmpty());
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("run_id")),
                 runs.at(0).toObject().value(QStringLiteral("run_id")));
        QCOMPARE(rows.at(3).toObject().value(QStringLiteral("run_id")),
                 runs.at(2).toObject().value(QStringLiteral("run_id")));
        QCOMPARE(rows.at(3).toObject().value(QStringLiteral("rows")).toInt(), 500);
        // One entry per line: written as they come.
        int entryLines = 0;
        for (const QByteArray &line : r.out.split('\n'))
            entryLines += line.trimmed().startsWith("{\"") ? 1 : 0;
        QCOMPARE(entryLines,
                 int(rows.size() + runs.size() + o.value(QStringLiteral("days")).toArray().size()));

        // An empty range is still the whole object, with empty lists.
        const CliResult none = run(db, {QStringLiteral("history"), QStringLiteral("--json"),
                                        QStringLiteral("--origin"), QStringLiteral("manual")});
        const QJsonObject e = none.json(&why);
        QCOMPARE(keysOf(e), keysOf(doc));
        QVERIFY(e.value(QStringLiteral("rows")).isArray() &&
                e.value(QStringLiteral("rows")).toArray().isEmpty());
        QVERIFY(e.value(QStringLiteral("runs")).isArray() &&
                e.value(QStringLiteral("runs")).toArray().isEmpty());
    }

    void usageErrorsExit2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no format") << QStringList{QStringLiteral("history")};
        QTest::newRow("both formats")
            << QStringList{QStringLiteral("history"), QStringLiteral("--json"), QStringLiteral("--csv")};
        QTest::newRow("days and since") << QStringList{
            QStringLiteral("history"), QStringLiteral("--json"),  QStringLiteral("--days"),
            QStringLiteral("3"),       QStringLiteral("--since"), QStringLiteral("2026-01-01")};
        QTest::newRow("bad since") << QStringList{QStringLiteral("history"), QStringLiteral("--json"),
                                                  QStringLiteral("--since"), QStringLiteral("yesterday")};
        QTest::newRow("bad origin") << QStringList{QStringLiteral("history"), QStringLiteral("--csv"),
                                                   QStringLiteral("--origin"), QStringLiteral("cron")};
        QTest::newRow("bad max-hours")
            << QStringList{QStringLiteral("health"), QStringLiteral("--max-hours"), QStringLiteral("-3")};
    }
    void usageErrorsExit2()
    {
        QFETCH(QStringList, args);
        QProcess p;
        prepare(p, QStringLiteral("nodb"), args);
        const CliResult r = runProcess(p);
        QVERIFY2(r.finished && r.exitCode == 2, qPrintable(r.describe()));
        QCOMPARE(r.errLines().size(), 1);
    }

    void healthExits0Or7()
    {
        TestDatabase db(m_sandbox, QStringLiteral("clihealth"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        QVERIFY(db.exec(jobRun("ok", 60, 5)));
        const CliResult stale = run(db, {QStringLiteral("health"), QStringLiteral("--json")});
        QVERIFY2(stale.finished && stale.exitCode == 7, qPrintable(stale.describe()));
        QString why;
        const QJsonObject o = stale.json(&why);
        QCOMPARE(o.value(QStringLiteral("healthy")).toBool(true), false);
        QCOMPARE(o.value(QStringLiteral("reasons"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("id"))
                     .toString(),
                 QStringLiteral("job_overdue"));
        const CliResult lenient =
            run(db, {QStringLiteral("health"), QStringLiteral("--max-hours"), QStringLiteral("72")});
        QVERIFY2(lenient.finished && lenient.exitCode == 0, qPrintable(lenient.describe()));
        QVERIFY(lenient.out.startsWith("healthy"));
        QVERIFY(db.exec(jobRun("ok", 1, 5)));
        const CliResult fresh = run(db, {QStringLiteral("health")});
        QVERIFY2(fresh.finished && fresh.exitCode == 0, qPrintable(fresh.describe()));
    }

    void purgeWritesThePrometheusTextfileAtomically()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cliprom"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(2000)));
        QVERIFY(setupHistory(db));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("purga.prom"));
        QFile stale(path);
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write("identidad_purga_filas{tabla=\"old\"} 1\n");
        stale.close();
        const double before =
            db.scalar(QStringLiteral("SELECT extract(epoch FROM now())::float8")).toDouble();
        const CliResult r =
            run(db, {QStringLiteral("purge"), QStringLiteral("--rule"), QStringLiteral("refresh_tokens"),
                     QStringLiteral("--yes"), QStringLiteral("--json"),
                     QStringLiteral("--prometheus-textfile"), path});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QString why;
        const QJsonObject receipt = r.json(&why);
        const QJsonObject rule = receipt.value(QStringLiteral("rules")).toArray().at(0).toObject();
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(
            text.contains(QStringLiteral("identidad_purga_filas{tabla=\"identidad.trx_refresh_tokens\"} %1\n")
                              .arg(qint64(rule.value(QStringLiteral("deleted")).toDouble()))),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(
                                   "identidad_purga_duracion_ms{tabla=\"identidad.trx_refresh_tokens\"} %1\n")
                                   .arg(qint64(rule.value(QStringLiteral("duration_ms")).toDouble()))),
                 qPrintable(text));
        QVERIFY(!text.contains(QLatin1String("\"old\"")));
        QVERIFY(text.contains(QLatin1String("# TYPE identidad_purga_ultima_ok_timestamp_seconds gauge")));
        const QString last =
            text.section(QStringLiteral("identidad_purga_ultima_ok_timestamp_seconds "), -1).trimmed();
        QVERIFY2(last.toDouble() >= before - 1 && last.toDouble() <= before + 3600, qPrintable(last));
        // Temp file + rename: nothing but the target is left in the directory.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("purga.prom")});
    }

    void textFormatEscapesLabels()
    {
        const QString t = prometheusText({{QStringLiteral("a\"b\\c"), 3, 4}}, -1);
        QVERIFY2(t.contains(QLatin1String("identidad_purga_filas{tabla=\"a\\\"b\\\\c\"} 3\n")),
                 qPrintable(t));
        QVERIFY(!t.contains(QLatin1String("ultima_ok")));
        QVERIFY(t.endsWith(u'\n'));
    }

private:
    void prepare(QProcess &p, const QString &dbName, const QStringList &args) const
    {
        prepareCli(p, m_sandbox, m_home.path(), dbName, args);
    }
    CliResult run(const TestDatabase &db, const QStringList &args) const
    {
        QProcess p;
        prepare(p, db.name(), args);
        return runProcess(p);
    }
};

QTEST_GUILESS_MAIN(TestCliHistory)
#include "tst_cli_history.moc"
