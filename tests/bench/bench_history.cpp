// The History page on a big history (100,000 runs, a job run every 5 minutes for a
// year): for each range preset, the query time (refresh() → the request's data back), the time
// from the data back to the page painted (showData, then the posted events and a full repaint),
// the longest stall of the GUI event loop meanwhile (a 1 ms precise timer probe), and how much
// came back and was drawn. Then a sort of the runs table and a filter over it, with their stalls.
// Not a test: tests/bench/history.sh runs it and docs/benchmarks.md keeps the numbers.
//   PGPASSWORD=... purga-bench-history HOST PORT DBNAME USER [ROUNDS]
// BENCH_HISTORY_SHOTS=DIR also saves PNGs of the page and of its runs table per preset (after the measured
// paint).
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "ui/history/historypage.h"
#include "ui/state/appstate.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QStackedBarSeries>
#include <QTableView>
#include <QTimer>
#include <QXYSeries>

#include <cstdio>
#include <functional>

using namespace purga;

namespace {

// The longest gap between two ticks of a 1 ms timer since the last reset().
struct StallProbe
{
    QTimer timer;
    QElapsedTimer gap;
    qint64 maxGap = 0;
    void start()
    {
        timer.setTimerType(Qt::PreciseTimer);
        timer.setInterval(1);
        QObject::connect(&timer, &QTimer::timeout, [this] { maxGap = qMax(maxGap, gap.restart()); });
        gap.start();
        timer.start();
    }
    qint64 take() // the longest gap so far, counting the one still open; then start over
    {
        const qint64 g = qMax(maxGap, gap.elapsed());
        maxGap = 0;
        return g;
    }
};

int chartPoints(QChart *chart)
{
    int n = 0;
    for (QAbstractSeries *s : chart->series()) {
        if (auto *xy = qobject_cast<QXYSeries *>(s))
            n += int(xy->count());
        else if (auto *bars = qobject_cast<QStackedBarSeries *>(s))
            for (const QBarSet *set : bars->barSets())
                n += int(set->count());
    }
    return n;
}

ConnectionProfile profileFrom(const QStringList &args)
{
    ConnectionProfile profile;
    profile.name = QStringLiteral("bench");
    profile.host = args.at(1);
    profile.port = args.at(2).toInt();
    profile.database = args.at(3);
    profile.user = args.at(4);
    profile.sslMode = QStringLiteral("disable");
    profile.passwordSource = PasswordSource::Libpq;
    return profile;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 5 && args.size() != 6) {
        std::fprintf(stderr, "usage: PGPASSWORD=... purga-bench-history HOST PORT DBNAME USER [ROUNDS]\n");
        return 2;
    }
    const int rounds = args.size() == 6 ? qMax(1, args.at(5).toInt()) : 2;
    registerMetaTypes();
    DbSession session;
    AppState state(&session);
    HistoryPage page(&state);
    page.resize(1280, 1000);
    page.setPresetRange(0);
    page.show(); // not connected yet: no read; the first paint (fonts, styles) is start-up
    page.repaint();

    StallProbe probe;
    QElapsedTimer clock;
    clock.start();
    probe.start();
    static const char *const names[] = {"24h", "7d", "30d", "90d", "1y", "all"};
    int step = 0; // preset index + 6 * round
    qint64 submitted = 0, dataAt = 0, loadedAt = 0, started = 0;
    HistoryData last;

    // Each request the session takes: when it starts, when its data is back, and a failure ends it.
    QObject::connect(&session, &DbSession::requestQueued, &app, [&](DbRequest *request) {
        QObject::connect(request, &DbRequest::started, &app, [&] { started = clock.elapsed(); });
        QObject::connect(request, &DbRequest::succeeded, &app, [&, request] {
            dataAt = clock.elapsed();
            if (request->label() == HistoryPage::tr("Read the purge history"))
                last = request->result<HistoryData>();
        });
        QObject::connect(request, &DbRequest::failed, &app, [&app, request](const DbFailure &f) {
            std::fprintf(stderr, "%s failed: %s\n", qPrintable(request->label()), qPrintable(f.message));
            app.exit(1);
        });
    });

    std::function<void()> next;
    std::function<void()> sortAndFilter;
    QObject::connect(&page, &HistoryPage::loaded, &app, [&](bool ok) {
        if (!ok)
            return app.exit(1);
        loadedAt = clock.elapsed();
        // The page is shown once the events showData posted (chart layouts, scene updates) ran
        // and the whole window was painted.
        QTimer::singleShot(0, &app, [&] {
            page.repaint();
            const qint64 paintedAt = clock.elapsed();
            if (const QString dir = qEnvironmentVariable("BENCH_HISTORY_SHOTS"); !dir.isEmpty()) {
                const QString name = QLatin1String(names[step % 6]);
                page.grab().save(QStringLiteral("%1/history-%2.png").arg(dir, name));
                page.runsTable()->grab().save(QStringLiteral("%1/history-%2-runs.png").arg(dir, name));
            }
            QTimer::singleShot(300, &app, [&, paintedAt] { // let late work show up in the probe
                std::printf(
                    "{\"preset\": \"%s\", \"round\": %d, \"queue_wait_ms\": %lld, \"query_ms\": %lld, "
                    "\"show_data_ms\": %lld, \"data_to_painted_ms\": %lld, \"max_stall_ms\": %lld, "
                    "\"runs\": %lld, \"day_rows\": %lld, \"duration_buckets\": %lld, \"size_points\": %lld, "
                    "\"total_runs\": %lld, \"chart_points\": %d, \"table_rows\": %d}\n",
                    names[step % 6], step / 6 + 1, started - submitted, dataAt - started, loadedAt - dataAt,
                    paintedAt - dataAt, probe.take(), qint64(last.runs.size()), qint64(last.days.size()),
                    qint64(last.durations.size()), qint64(last.sizes.size()), last.totalRuns,
                    chartPoints(page.rowsChart()) + chartPoints(page.durationChart()) +
                        chartPoints(page.sizesChart()) + chartPoints(page.bytesChart()),
                    page.runsTable()->model()->rowCount());
                std::fflush(stdout);
                ++step;
                step < 6 * rounds ? next() : sortAndFilter();
            });
        });
    });
    next = [&] {
        page.setPresetRange(step % 6);
        probe.take();
        submitted = clock.elapsed();
        page.refresh();
    };
    // With the last preset ("all") shown: a click on the duration header, then a filter typed.
    sortAndFilter = [&] {
        probe.take();
        QElapsedTimer t;
        t.start();
        page.runsTable()->sortByColumn(5, Qt::DescendingOrder);
        const qint64 sortMs = t.elapsed();
        page.repaint();
        const qint64 sortStall = probe.take();
        page.findChild<QLineEdit *>(QStringLiteral("runFilter"))->setText(QStringLiteral("error"));
        QTimer::singleShot(1000, &app, [&app, &probe, &page, sortMs, sortStall] {
            page.repaint();
            int shown = 0;
            const QAbstractItemView *view = page.runsTable();
            for (int i = 0; i < view->model()->rowCount(); ++i)
                shown += page.runsTable()->isRowHidden(i) ? 0 : 1;
            std::printf("{\"sort_by_duration_ms\": %lld, \"sort_stall_ms\": %lld, \"filter_stall_ms\": %lld, "
                        "\"rows_after_filter\": %d}\n",
                        sortMs, sortStall, probe.take(), shown);
            app.quit();
        });
    };

    QObject::connect(session.connectTo(profileFrom(args), QString()), &DbRequest::succeeded, &app, [&] {
        state.setConnected(profileFrom(args), QString());
        next();
    });
    QTimer::singleShot(1800000, &app, [&] { app.exit(3); });
    return app.exec();
}
