// The History page's series for a known history, offscreen: stacked bars per day and
// table with job and manual apart, durations with problem runs marked, sizes, the runs table.
#include "ui/history/historypage.h"
#include "ui/history/rundetaildialog.h"
#include "ui/state/appstate.h"

#include <QAbstractItemModel>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSet>
#include <QStackedBarSeries>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace purga;

namespace {

HistoryData knownHistory()
{
    HistoryData d;
    d.zone = QStringLiteral("America/Guayaquil");
    const QString r = QStringLiteral("identidad.trx_refresh_tokens"),
                  p = QStringLiteral("identidad.trx_pre_tokens");
    // The calendar: 11-09 and 11-10 in Guayaquil (HistoryDays's tally of the runs below).
    HistoryDay nine;
    nine.day = QDate(2026, 11, 9);
    nine.rowsByOrigin = {{QStringLiteral("job"), {{r, 100}, {p, 10}}}, {QStringLiteral("manual"), {{r, 5}}}};
    nine.rows = 115;
    nine.jobRuns = 1;
    nine.jobOkRuns = 1;
    nine.manualRuns = 1;
    HistoryDay ten;
    ten.day = QDate(2026, 11, 10);
    ten.rowsByOrigin = {{QStringLiteral("job"), {{r, 7}}}};
    ten.rows = 7;
    ten.jobRuns = 1;
    d.days = {nine, ten};
    d.durations = {{QStringLiteral("2026-11-10T03:00:00.000Z"),
                    QStringLiteral("2026-11-10T03:00:00.000Z"),
                    QStringLiteral("job"),
                    1,
                    600000,
                    600000,
                    {{QStringLiteral("ok"), 1}}},
                   {QStringLiteral("2026-11-10T04:50:00.000Z"),
                    QStringLiteral("2026-11-10T04:50:00.000Z"),
                    QStringLiteral("manual"),
                    1,
                    1800000,
                    1800000,
                    {{QStringLiteral("ok"), 1}}},
                   {QStringLiteral("2026-11-10T05:10:00.000Z"),
                    QStringLiteral("2026-11-10T05:10:00.000Z"),
                    QStringLiteral("job"),
                    2,
                    60000,
                    30000,
                    {{QStringLiteral("error"), 1}, {QStringLiteral("lock_ocupado"), 1}}}};
    d.sizes = {{QStringLiteral("2026-11-10T03:10:00.000Z"), r, 900, 81920},
               {QStringLiteral("2026-11-10T05:11:00.000Z"), r, 893, 81920}};
    HistoryRun a;
    a.runId = QStringLiteral("a");
    a.origin = QStringLiteral("job");
    a.operatorName = QStringLiteral("purga_sesiones.py");
    a.status = QStringLiteral("ok");
    a.startedUtc = QStringLiteral("2026-11-10T03:00:00.000Z");
    a.durationMs = 600000;
    a.rows = {{r, 100}, {p, 10}};
    HistoryRun b = a;
    b.runId = QStringLiteral("b");
    b.origin = QStringLiteral("manual");
    b.operatorName = QStringLiteral("dba");
    b.durationMs = 1800000;
    b.rows = {{r, 5}};
    HistoryRun c = a;
    c.runId = QStringLiteral("c");
    c.status = QStringLiteral("error");
    c.durationMs = 60000;
    c.rows = {{r, 7}};
    c.detail = QStringLiteral("canceling statement due to lock timeout");
    d.runs = {a, b, c};
    return d;
}

} // namespace

class TestHistoryPage : public QObject
{
    Q_OBJECT
private slots:
    void seriesOfAKnownHistory()
    {
        AppState state(nullptr);
        HistoryPage page(&state);
        page.resize(1000, 900);
        page.show();
        page.showData(knownHistory());

        // Stacked bars: one set per table and origin, one value per day.
        const auto bars = qobject_cast<QStackedBarSeries *>(page.rowsChart()->series().value(0));
        QVERIFY(bars);
        QMap<QString, QList<double>> sets;
        for (QBarSet *s : bars->barSets()) {
            QList<double> v;
            for (int i = 0; i < s->count(); ++i)
                v << s->at(i);
            sets.insert(s->label(), v);
        }
        QCOMPARE(sets.value(QStringLiteral("refresh_tokens · job")), (QList<double>{100, 7}));
        QCOMPARE(sets.value(QStringLiteral("refresh_tokens · manual")), (QList<double>{5, 0}));
        QCOMPARE(sets.value(QStringLiteral("pre_tokens · job")), (QList<double>{10, 0}));
        QCOMPARE(sets.size(), 3);

        // Durations: a line per origin, problem runs marked on their own series.
        QMap<QString, int> points;
        for (QAbstractSeries *s : page.durationChart()->series())
            points.insert(s->name(), int(static_cast<QXYSeries *>(s)->count()));
        QCOMPARE(points.value(QStringLiteral("job runs (longest)")), 2);
        QCOMPARE(points.value(QStringLiteral("manual runs (longest)")), 1);
        QCOMPARE(points.value(QStringLiteral("✗ Failed")), 1);
        QCOMPARE(points.value(QStringLiteral("✗ Another purge holds the lock")), 1);
        QCOMPARE(points.value(QStringLiteral("⚠ Cancelled")), 0);
        QCOMPARE(points.value(QStringLiteral("⚠ Interrupted")), 0);
        // The marks sit in rows above the longest run, each status on its own: they never cover
        // the lines (over a year nearly every bucket has a failure).
        double lineTop = 0, lowestMark = 1e300;
        QSet<double> markRows;
        for (QAbstractSeries *s : page.durationChart()->series()) {
            const auto *xy = static_cast<QXYSeries *>(s);
            const bool mark = !s->name().contains(QLatin1String("runs (longest)"));
            for (const QPointF &p : xy->points()) {
                if (mark) {
                    lowestMark = qMin(lowestMark, p.y());
                    markRows.insert(p.y());
                } else {
                    lineTop = qMax(lineTop, p.y());
                }
            }
        }
        QVERIFY2(lowestMark > lineTop, qPrintable(QStringLiteral("%1 vs %2").arg(lowestMark).arg(lineTop)));
        QCOMPARE(markRows.size(), 2); // error and lock_ocupado, one row each

        const auto sizes = qobject_cast<QLineSeries *>(page.sizesChart()->series().value(0));
        QVERIFY(sizes);
        QCOMPARE(sizes->count(), 2);
        QCOMPARE(sizes->at(1).y(), 893.0);
        const auto bytes = qobject_cast<QLineSeries *>(page.bytesChart()->series().value(0));
        QVERIFY(bytes);
        QCOMPARE(bytes->count(), 2);
        QCOMPARE(bytes->at(0).y(), 80.0); // KiB: the unit that keeps the number short
        // Axis labels use the app's locale (grouped: "80,000"), not printf's bare "80000".
        for (QChart *chart : {page.rowsChart(), page.durationChart(), page.sizesChart(), page.bytesChart()}) {
            QVERIFY(chart->localizeNumbers());
            QCOMPARE(chart->locale(), QLocale());
        }

        // The runs: sortable, filterable, the message as tooltip.
        QTableView *runs = page.runsTable();
        const QAbstractItemModel *model = runs->model();
        QCOMPARE(model->rowCount(), 3);
        // Newest first by default (a and c start together: the history's order stays).
        QCOMPARE(model->index(0, 4).data().toString(), QStringLiteral("2026-11-10 03:00:00"));
        runs->sortByColumn(5, Qt::DescendingOrder); // by duration, as a header click does
        QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("dba"));
        QCOMPARE(model->index(2, 5).data().toString(), QStringLiteral("1 min 00 s"));
        runs->sortByColumn(5, Qt::AscendingOrder);
        QCOMPARE(model->index(0, 5).data().toString(), QStringLiteral("1 min 00 s"));
        QCOMPARE(model->index(1, 6).data().toString(),
                 QStringLiteral("trx_pre_tokens: 10, trx_refresh_tokens: 100"));
        // The filter applies once typing pauses (debounced), not on every key.
        auto *filter = page.findChild<QLineEdit *>(QStringLiteral("runFilter"));
        filter->setText(QStringLiteral("failed"));
        QCOMPARE(model->rowCount(), 3); // not yet: still typing, as far as the page knows
        QTRY_COMPARE(model->rowCount(), 1);
        QCOMPARE(model->index(0, 2).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("canceling statement due to lock timeout"));
        // Numbers shown in the table filter too (rows per table, duration).
        filter->setText(QStringLiteral("tokens: 5"));
        QTRY_COMPARE(model->index(0, 1).data().toString(), QStringLiteral("dba"));
        QCOMPARE(model->rowCount(), 1);
        filter->setText(QStringLiteral("error"));
        QTRY_COMPARE(model->index(0, 1).data().toString(), QStringLiteral("purga_sesiones.py"));
        QVERIFY(page.capNote().isEmpty()); // every run of the range is listed
        QVERIFY(page.statusText().contains(QLatin1String("America/Guayaquil")));

        // CSV of what is shown (the filter applies) and a PNG per chart.
        QTemporaryDir dir;
        QString error;
        QVERIFY2(page.exportCsv(dir.filePath(QStringLiteral("runs.csv")), &error), qPrintable(error));
        QFile csv(dir.filePath(QStringLiteral("runs.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split(u'\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines.at(1).startsWith(QLatin1String("c,job,purga_sesiones.py,")) &&
                     lines.at(1).endsWith(QLatin1String(",error,identidad.trx_refresh_tokens,7,")),
                 qPrintable(lines.at(1)));
        for (int i = 0; i < 5; ++i) {
            const QString png = dir.filePath(QStringLiteral("c%1.png").arg(i));
            QVERIFY(page.saveChartPng(i, png));
            QVERIFY(!QImage(png).isNull());
        }
    }

    // More runs in the range than the table lists: the table says so, the status counts them all.
    void cappedRunsTableSaysSo()
    {
        AppState state(nullptr);
        HistoryPage page(&state);
        page.show();
        HistoryData d = knownHistory();
        d.totalRuns = 105120; // the charts' count; the runs are the newest HistoryPage::kMaxRuns
        page.showData(d);
        QCOMPARE(page.runsTable()->model()->rowCount(), 3);
        const QString note = page.capNote();
        QVERIFY2(note.contains(QLocale().toString(3)) && note.contains(QLocale().toString(105120)) &&
                     note.contains(QLatin1String("narrow the range")),
                 qPrintable(note));
        QVERIFY2(page.statusText().contains(QLocale().toString(105120)) ||
                     page.statusText().contains(QStringLiteral("105120")),
                 qPrintable(page.statusText()));
        d.totalRuns = 3;
        page.showData(d);
        QVERIFY(page.capNote().isEmpty());
    }

    void runDetailTellsRoleAndOsUserApart()
    {
        AppState state(nullptr);
        HistoryPage page(&state);
        HistoryData d = knownHistory();
        d.runs[1].osUser = QStringLiteral("maria");
        d.runs[1].finishedUtc = QStringLiteral("2026-11-10T05:20:00.000Z");
        d.runs[1].durationsMs = {{d.runs[1].rows.firstKey(), 1234}};
        page.showData(d);
        const QAbstractItemModel *runs = page.runsTable()->model();
        QCOMPARE(runs->headerData(1, Qt::Horizontal).toString(), HistoryPage::tr("Database role"));
        QCOMPARE(runs->headerData(2, Qt::Horizontal).toString(), HistoryPage::tr("OS user"));
        int row = -1;
        for (int i = 0; i < runs->rowCount(); ++i)
            if (runs->index(i, 2).data().toString() == QLatin1String("maria"))
                row = i;
        QVERIFY(row >= 0);
        QCOMPARE(runs->index(row, 1).data().toString(), QStringLiteral("dba"));
        RunDetailDialog *detail = page.openRunDetail(row);
        QVERIFY(detail);
        const QString text = detail->plainText();
        QVERIFY2(text.contains(RunDetailDialog::tr("Database role (operador)") + QStringLiteral(": dba")),
                 qPrintable(text));
        QVERIFY2(text.contains(RunDetailDialog::tr("OS user (usuario_so)") + QStringLiteral(": maria")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("identidad.trx_refresh_tokens: 5 rows, 1234 ms")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("2026-11-10 05:20:00")), qPrintable(text));
        detail->close();
        // A run without an OS user says so instead of showing a blank.
        RunDetailDialog *other = page.openRunDetail(row == 0 ? 1 : 0);
        QVERIFY(other->plainText().contains(RunDetailDialog::tr("not recorded")));
    }

    void customRangeAndZoomReset()
    {
        AppState state(nullptr);
        HistoryPage page(&state);
        page.resize(1000, 900);
        page.show();
        const QDateTime from = QDateTime(QDate(2026, 11, 1), QTime(0, 0), QTimeZone::utc());
        const QDateTime to = QDateTime(QDate(2026, 11, 15), QTime(12, 0), QTimeZone::utc());
        page.setCustomRange(from, to);
        const HistoryRange r = page.selectedRange();
        QCOMPARE(r.since, from);
        QCOMPARE(r.until, to);
        page.showData(knownHistory());
        auto *axis = qobject_cast<QBarCategoryAxis *>(page.durationChart()->axes(Qt::Horizontal).value(0));
        QVERIFY(axis);
        const QString wholeMin = axis->min();
        page.durationChart()->zoomIn(QRectF(page.durationChart()->plotArea().center().x(),
                                            page.durationChart()->plotArea().top(), 20,
                                            page.durationChart()->plotArea().height()));
        QVERIFY(axis->min() != wholeMin);
        page.resetZoom();
        QCOMPARE(axis->min(), wholeMin);
    }

    void presetsAreRanges()
    {
        AppState state(nullptr);
        HistoryPage page(&state);
        const HistoryRange month = page.selectedRange(); // default: 30 days
        QVERIFY(month.since.isValid());
        QCOMPARE(month.since.daysTo(QDateTime::currentDateTimeUtc()), 30);
        QVERIFY(!page.selectedZone().isEmpty()); // the client's own zone
        page.refresh();                          // no session: nothing to ask, nothing breaks
    }
};

QTEST_MAIN(TestHistoryPage)
#include "tst_historypage.moc"
