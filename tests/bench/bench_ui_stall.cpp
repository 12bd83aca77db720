// Measures what a DBA sees on big tables: when the estimates and the exact counts reach the
// Overview page, when a preview reaches the Preview page, and the longest stall of the GUI event
// loop meanwhile (a 5 ms timer probe). Then a purge of refresh_tokens on the Purge page
// for PURGA_BENCH_PURGE_S seconds (default 3; 0 skips it), stopped after its batch so the data
// stays for the next run, with the longest stall from its start to 300 ms after the receipt.
// Not a test: docs/benchmarks.md keeps the numbers.
//   PGPASSWORD=... bench_ui_stall HOST PORT DBNAME USER
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "ui/common/purgeconfirmdialog.h"
#include "ui/overview/overviewpage.h"
#include "ui/preview/previewpage.h"
#include "ui/purge/purgepage.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/style/glyphwarmup.h"
#include "ui/style/runformat.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QStackedWidget>
#include <QTimer>

#include <cstdio>
#include <ctime>

using namespace purga;

namespace {

// With PURGA_BENCH_LIST_GAPS=1: every event delivery from the event loop that takes over 10 ms,
// with its receiver and type, so a stall can be split into slot calls (MetaCall) and paints
// (UpdateRequest / Paint) without a profiler. Nested deliveries count in the outer one; with
// PURGA_BENCH_LIST_GAPS=2 those over 2 ms are listed too (resizes, paints of single widgets).
// The GUI thread's own CPU time: a delivery that took much longer than this waited for a CPU
// (the machine's other work) rather than worked.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// CLOCK_MONOTONIC, the clock of `perf record -k CLOCK_MONOTONIC`: to cut a profile to a moment.
double monotonicS()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

class TimedApplication : public QApplication
{
public:
    using QApplication::QApplication;
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!m_list || m_depth > m_nested)
            return QApplication::notify(receiver, event);
        const int depth = m_depth++;
        QElapsedTimer t;
        t.start();
        const int type = event->type();
        // Read before the delivery: a receiver may delete itself in it (a single-shot timer).
        const char *className = receiver->metaObject()->className();
        // A viewport is named after its scroll area ("purgeLog/qt_scrollarea_viewport").
        QString name = receiver->objectName();
        if (QObject *parent = receiver->parent(); parent && name.startsWith(QLatin1String("qt_")))
            name = parent->objectName() + u'/' + name;
        const double cpu0 = threadCpuMs();
        const bool r = QApplication::notify(receiver, event);
        const double ms = t.nsecsElapsed() / 1e6;
        const double cpu = threadCpuMs() - cpu0;
        --m_depth;
        // Nested deliveries (PURGA_BENCH_LIST_GAPS=2: resizes, shows, layout requests sent from a
        // slot) are listed from 2 ms, indented, before the delivery that contains them, and so are
        // the outer ones.
        if (ms > (depth == 0 && m_nested == 0 ? 10 : 2))
            std::fprintf(stderr,
                         "%*sevent %d to %s \"%s\": %.1f ms, %.1f ms on the CPU (ending at %lld ms)\n",
                         2 + 2 * depth, "", type, className, qPrintable(name), ms, cpu,
                         m_clock ? m_clock->elapsed() : -1);
        return r;
    }
    void listSlowEvents(const QElapsedTimer *clock, int nestedDepth)
    {
        m_list = true;
        m_nested = nestedDepth;
        m_clock = clock;
    }

private:
    bool m_list = false;
    int m_nested = 0; // deepest nested delivery timed
    int m_depth = 0;
    const QElapsedTimer *m_clock = nullptr;
};

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 5) {
        std::fprintf(stderr, "usage: PGPASSWORD=... bench_ui_stall HOST PORT DBNAME USER\n");
        return 2;
    }
    registerMetaTypes();
    ConnectionProfile profile;
    profile.name = QStringLiteral("bench");
    profile.host = args.at(1);
    profile.port = args.at(2).toInt();
    profile.database = args.at(3);
    profile.user = args.at(4);
    profile.sslMode = QStringLiteral("disable");
    profile.passwordSource = PasswordSource::Libpq;

    DbSession session;
    AppState state(&session);
    SessionCoordinator coordinator(&session, &state);
    // One page in view at a time, as in the main window: the Overview, then the Preview page when
    // the preview is taken, then the Purge page when the purge starts, so a state change repaints
    // only the page a user sees.
    QStackedWidget pages;
    auto *previewPtr = new PreviewPage(&state);
    auto *purgePtr = new PurgePage(&state);
    PreviewPage &preview = *previewPtr;
    PurgePage &purge = *purgePtr;
    pages.addWidget(new OverviewPage(&state)); // owned by the stack, like the others
    pages.addWidget(previewPtr);
    pages.addWidget(purgePtr);
    pages.resize(1200, 800);
    pages.show();
    GlyphWarmup::start(&pages); // as the main window does
    const int purgeSeconds = qEnvironmentVariableIsSet("PURGA_BENCH_PURGE_S")
                                 ? qEnvironmentVariableIntValue("PURGA_BENCH_PURGE_S")
                                 : 3;

    const bool listGaps = qEnvironmentVariableIntValue("PURGA_BENCH_LIST_GAPS") > 0;
    QElapsedTimer clock, gap;
    if (listGaps)
        app.listSlowEvents(&clock, qEnvironmentVariableIntValue("PURGA_BENCH_LIST_GAPS") > 1 ? 4 : 0);
    qint64 maxGap = 0, maxGapAt = 0, maxGapAfterStart = 0, estimatesMs = -1, exactMs = -1, previewMs = -1,
           previewStart = -1, maxGapPreview = 0, maxGapPurge = 0, purgeMs = -1, purgeStart = -1,
           maxGapPurgeAt = -1;
    enum class Phase { Start, Preview, Purge, Done } phase = Phase::Start;
    QTimer probe;
    probe.setInterval(5);
    // The GUI thread's CPU time within each gap: a gap far longer than it waited for a CPU (on
    // this 2-core machine the sandbox server and the session's thread run beside the GUI).
    double cpuAtTick = threadCpuMs(), maxGapPreviewCpu = 0, maxGapPurgeCpu = 0;
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 g = gap.restart();
        const double cpuNow = threadCpuMs();
        const double cpu = cpuNow - cpuAtTick;
        cpuAtTick = cpuNow;
        if (g > maxGap) {
            maxGap = g;
            maxGapAt = clock.elapsed();
        }
        // The first paint of the pages (fonts, styles) is start-up, not database work.
        if (estimatesMs >= 0)
            maxGapAfterStart = qMax(maxGapAfterStart, g);
        if (listGaps && g > 15) // where the stalls are, against the events printed below
            std::fprintf(stderr, "gap %lld ms (%.1f ms on the CPU) ending at %lld ms\n", g, cpu,
                         clock.elapsed());
        if (phase == Phase::Preview && g > maxGapPreview) {
            maxGapPreview = g;
            maxGapPreviewCpu = cpu;
        }
        if (phase == Phase::Purge && g > maxGapPurge) {
            maxGapPurge = g;
            maxGapPurgeCpu = cpu;
            maxGapPurgeAt = clock.elapsed() - purgeStart;
        }
    });
    QObject::connect(&state, &AppState::overviewChanged, [&] {
        if (listGaps)
            std::fprintf(stderr, "overview (%s) shown at %lld ms\n",
                         state.overview().exact ? "exact" : "estimates", clock.elapsed());
        if (!state.overview().exact && estimatesMs < 0)
            estimatesMs = clock.elapsed();
        if (state.overview().exact && exactMs < 0) {
            exactMs = clock.elapsed();
            previewStart = clock.elapsed();
            phase = Phase::Preview;
            pages.setCurrentWidget(&preview);
            preview.takePreview(); // as the user's click does
        }
    });
    QObject::connect(&state, &AppState::previewChanged, [&] {
        if (state.previewPlan().isEmpty() || previewMs >= 0)
            return;
        previewMs = clock.elapsed() - previewStart;
        if (listGaps)
            std::fprintf(stderr, "preview shown at %lld ms\n", clock.elapsed());
        QTimer::singleShot(200, &app, [&] { // let the page render it
            if (purgeSeconds <= 0)
                return app.quit();
            phase = Phase::Purge;
            purgeStart = clock.elapsed();
            pages.setCurrentWidget(&purge);
            PurgeRequest request;
            request.ruleIds = {QStringLiteral("refresh_tokens")};
            if (!purge.startPurge(request))
                return app.exit(4);
            QTimer::singleShot(purgeSeconds * 1000, &purge, &PurgePage::stopAfterBatch);
        });
    });
    QObject::connect(&purge, &PurgePage::purgeFinished, &app, [&](const PurgeReceipt &receipt) {
        purgeMs = clock.elapsed() - purgeStart;
        if (listGaps)
            std::fprintf(stderr, "receipt shown at %lld ms (monotonic %.6f s)\n", clock.elapsed(),
                         monotonicS());
        std::fprintf(stderr, "purge: %s, %lld rows\n", qPrintable(RunFormat::statusText(receipt.status)),
                     receipt.rules.isEmpty() ? -1LL : qint64(receipt.rules.first().deleted));
        QTimer::singleShot(300, &app, [&] { // let the page render the receipt
            phase = Phase::Done;
            app.quit();
        });
    });
    // Every request the session takes: a failure ends the benchmark. Listed: when each was queued,
    // started and finished, to split the time before the first data into its requests.
    QObject::connect(&session, &DbSession::requestQueued, &app, [&](DbRequest *request) {
        if (listGaps) {
            const QString label = request->label();
            std::fprintf(stderr, "request queued at %lld ms: %s\n", clock.elapsed(), qPrintable(label));
            QObject::connect(request, &DbRequest::started, &app, [&clock, label] {
                std::fprintf(stderr, "request started at %lld ms: %s\n", clock.elapsed(), qPrintable(label));
            });
            QObject::connect(request, &DbRequest::finished, &app, [&clock, label] {
                std::fprintf(stderr, "request finished at %lld ms: %s\n", clock.elapsed(), qPrintable(label));
            });
        }
        QObject::connect(request, &DbRequest::failed, &app, [&app, request](const DbFailure &f) {
            std::fprintf(stderr, "%s failed: %s\n", qPrintable(request->label()), qPrintable(f.message));
            app.exit(1);
        });
    });
    QTimer::singleShot(300000, &app, [&] { app.exit(3); });
    clock.start();
    gap.start();
    probe.start();
    coordinator.connectTo(profile, QString());
    const int rc = app.exec();
    std::printf(
        "{\"estimates_ms\": %lld, \"exact_overview_ms\": %lld, \"preview_ms\": %lld, "
        "\"max_event_loop_gap_ms\": %lld, \"max_gap_at_ms\": %lld, \"max_gap_after_first_data_ms\": %lld, "
        "\"max_gap_preview_ms\": %lld, \"purge_ms\": %lld, \"max_gap_purge_ms\": %lld, "
        "\"max_gap_purge_at_ms\": %lld, \"max_gap_preview_cpu_ms\": %.1f, \"max_gap_purge_cpu_ms\": %.1f}\n",
        estimatesMs, exactMs, previewMs, maxGap, maxGapAt, maxGapAfterStart, maxGapPreview, purgeMs,
        maxGapPurge, maxGapPurgeAt, maxGapPreviewCpu, maxGapPurgeCpu);
    return rc;
}
