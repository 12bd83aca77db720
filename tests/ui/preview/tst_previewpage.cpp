// PreviewPage: the reason when a preview cannot be taken, the rendering of a frozen plan (cutoffs in
// three zones, counts, ADR warning, charts, sortable sample, CSV, SQL, partitions), and a real
// preview through DbSession against the PostgreSQL sandbox.
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/guitest.h"
#include "support/pgsandbox.h"
#include "ui/charts/barchartview.h"
#include "ui/common/sqlview.h"
#include "ui/preview/partitiontable.h"
#include "ui/preview/previewpage.h"
#include "ui/preview/rulepreviewtab.h"
#include "ui/preview/sampletable.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/style/runformat.h"
#include "ui/style/theme.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace purga;
using test::okPreflight;
using test::shoot;

namespace {

PreviewPlan fabricatedPlan()
{
    PreviewPlan plan;
    plan.takenAtUtc = QStringLiteral("2026-11-27 08:00:00.25+00");
    plan.cutoffBaseUtc = QStringLiteral("2026-11-27 08:00:00.123456+00");
    plan.serverTimeZone = QStringLiteral("America/Guayaquil");

    RulePreview refresh;
    refresh.id = QStringLiteral("refresh_tokens");
    refresh.table = QStringLiteral("identidad.trx_refresh_tokens");
    refresh.config = Rules::defaults(refresh.id);
    refresh.cutoffUtc = QStringLiteral("2026-10-28 08:00:00.123456+00");
    refresh.total = 1234567;
    refresh.eligible = 23456;
    refresh.retained = 1234567 - 23456;
    refresh.retainedByWindow = 3210;
    refresh.adrSampleInWindow = 4321;
    refresh.keyMin = 10;
    refresh.keyMax = 987654;
    refresh.oldest = QStringLiteral("2025-01-02 03:04:05.6+00");
    refresh.newest = QStringLiteral("2026-10-28 07:59:59+00");
    for (int t = 1; t <= 12; ++t)
        refresh.byTenant << CountBucket{QString::number(t), qint64(t) * 100};
    refresh.byAge = {{QStringLiteral("30–45 d"), 20000}, {QStringLiteral("≥ 90 d"), 3456}};
    refresh.sampleColumns = {QStringLiteral("id"), QStringLiteral("empresa_id"), QStringLiteral("token_hash"),
                             QStringLiteral("user_agent")};
    refresh.sample = {
        {qlonglong(30), qlonglong(2), QStringLiteral("abc123…ef01"), QStringLiteral("=cmd()")},
        {qlonglong(1200), qlonglong(1), QStringLiteral("ffeedd…0001"), QStringLiteral("curl, 8")},
        {qlonglong(5), qlonglong(3), QStringLiteral("001122…3344"), QVariant()}};
    refresh.countSql = QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens t WHERE x");
    refresh.deleteSql = QStringLiteral("WITH d AS (DELETE FROM identidad.trx_refresh_tokens t) SELECT 1");

    RulePreview pre;
    pre.id = QStringLiteral("pre_tokens");
    pre.table = QStringLiteral("identidad.trx_pre_tokens");
    pre.config = Rules::defaults(pre.id);
    pre.cutoffUtc = QStringLiteral("2026-11-26 08:00:00.123456+00");
    pre.total = 10;

    RulePreview log;
    log.id = QStringLiteral("log_sesiones");
    log.table = QStringLiteral("identidad.log_sesiones");
    log.config = Rules::defaults(log.id);
    log.total = 300;
    log.eligible = 195;
    PartitionInfo old;
    old.name = QStringLiteral("identidad.log_sesiones_2025_09");
    old.lowerBound = QStringLiteral("2025-09-01 00:00:00+00");
    old.upperBound = QStringLiteral("2025-10-01 00:00:00+00");
    old.removable = true;
    old.rows = 195;
    old.rowsExact = true;
    old.bytes = 65536;
    PartitionInfo def;
    def.name = QStringLiteral("identidad.log_sesiones_default");
    def.bound = QStringLiteral("DEFAULT");
    def.isDefault = true;
    def.rows = 5;
    log.partitions = {old, def};
    plan.rules = {refresh, pre, log};
    return plan;
}

} // namespace

class TestPreviewPage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_tmp.path()));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); // thousands separators
        registerMetaTypes();
    }

    void disabledWithReason()
    {
        DbSession session;
        AppState state(&session);
        PreviewPage page(&state);
        page.show();
        QVERIFY(!page.takePreviewButton()->isEnabled());
        QVERIFY(!page.blockedReason().isEmpty());
        shoot(&page, QStringLiteral("preview-disconnected"));
        auto *reason = page.findChild<QLabel *>(QStringLiteral("previewBlockedReason"));
        QVERIFY(reason && reason->isVisible());
        QVERIFY(reason->text().contains(page.blockedReason()));
        QVERIFY(!page.purgeButton()->isEnabled());

        // Connected but the preflight forbids previews: its own reasons are shown.
        state.setConnected(ConnectionProfile(), QString());
        PreflightReport report = okPreflight();
        PreflightItem bad;
        bad.id = QStringLiteral("bypassrls");
        bad.status = PreflightItem::Status::Failed;
        bad.title = QStringLiteral("Role does not bypass row level security");
        bad.detail = QStringLiteral("Grant BYPASSRLS to the maintenance role.");
        bad.blocksPreview = bad.blocksPurge = true;
        report.items = {bad};
        state.setPreflight(report);
        QVERIFY(!report.canPreview());
        QVERIFY(!page.takePreviewButton()->isEnabled());
        QCOMPARE(page.blockedReason(), report.previewBlockers().join(u'\n'));
        QVERIFY(reason->text().contains(report.previewBlockers().value(0)));

        state.setPreflight(okPreflight());
        QVERIFY(page.takePreviewButton()->isEnabled());
        QVERIFY(reason->isHidden());
        state.setPurgeRunning(true);
        QVERIFY(!page.takePreviewButton()->isEnabled());
        state.setPurgeRunning(false);
    }

    // At the main window's 1240x780 the Preview page gets about 1060x640; both charts,
    // down to their last bar, are on the first screen (not cut by the scroll area).
    void chartsFitTheFirstScreen()
    {
        DbSession session;
        AppState state(&session);
        PreviewPage page(&state);
        page.resize(1060, 640);
        page.show();
        state.setConnected(ConnectionProfile(), QString());
        state.setPreflight(okPreflight());
        state.setPreviewPlan(fabricatedPlan());
        RulePreviewTab *tab = page.tabFor(QStringLiteral("refresh_tokens"));
        QVERIFY(tab);
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QCoreApplication::processEvents();
        auto *scroll = tab->findChild<QScrollArea *>();
        QVERIFY(scroll);
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        for (BarChartView *chart : {tab->tenantChart(), tab->ageChart()}) {
            QVERIFY(chart->isVisible());
            const QRect inViewport(chart->mapTo(scroll->viewport(), QPoint(0, 0)), chart->size());
            QVERIFY2(scroll->viewport()->rect().contains(inViewport),
                     qPrintable(QStringLiteral("%1: %2,%3 %4x%5 in a %6x%7 viewport")
                                    .arg(chart->accessibleDescription())
                                    .arg(inViewport.x())
                                    .arg(inViewport.y())
                                    .arg(inViewport.width())
                                    .arg(inViewport.height())
                                    .arg(scroll->viewport()->width())
                                    .arg(scroll->viewport()->height())));
        }
        shoot(&page, QStringLiteral("preview-first-screen"));
    }

    // One QChart for the view's whole life: new buckets replace its series and axes (a chart per
    // call cost the preview's arrival four charts' construction), and nothing is left behind.
    void chartKeepsOneChartAcrossBuckets()
    {
        BarChartView view(QStringLiteral("By age"));
        QChart *chart = view.chart();
        QVERIFY(chart->series().isEmpty());
        QVERIFY(
            chart->title().contains(BarChartView::tr("%1 — nothing to show").arg(QStringLiteral("By age"))));
        view.setBuckets({{QStringLiteral("a"), 3}, {QStringLiteral("b"), 5}});
        QCOMPARE(view.chart(), chart);
        QCOMPARE(chart->series().size(), 1);
        QCOMPARE(chart->axes().size(), 2);
        QCOMPARE(view.labels(), QStringList({QStringLiteral("a · 3"), QStringLiteral("b · 5")}));
        view.setBuckets({{QStringLiteral("c"), 7}});
        QCOMPARE(view.chart(), chart);
        QCOMPARE(chart->series().size(), 1);
        QCOMPARE(chart->axes().size(), 2);
        QCOMPARE(view.labels(), QStringList({QStringLiteral("c · 7")}));
        QCOMPARE(chart->title(), QStringLiteral("By age"));
        view.setBuckets({});
        QVERIFY(chart->series().isEmpty());
        QVERIFY(chart->axes().isEmpty());
    }

    void rendersFrozenPlan()
    {
        DbSession session;
        AppState state(&session);
        PreviewPage page(&state);
        page.resize(1200, 800);
        page.show();
        state.setConnected(ConnectionProfile(), QString());
        state.setPreflight(okPreflight());
        state.setPreviewPlan(fabricatedPlan());
        QCOMPARE(page.tabs()->count(), 3);
        QVERIFY(page.tabs()->tabText(0).contains(QStringLiteral("23,456")));

        RulePreviewTab *tab = page.tabFor(QStringLiteral("refresh_tokens"));
        QVERIFY(tab);
        shoot(&page, QStringLiteral("preview-fabricated"));
        QCOMPARE(tab->valueText(QStringLiteral("cutoffUtcValue")), QStringLiteral("2026-10-28 08:00:00 UTC"));
        // Guayaquil is UTC-5 all year.
        QVERIFY2(tab->valueText(QStringLiteral("cutoffServerValue"))
                     .startsWith(QStringLiteral("2026-10-28 03:00:00")),
                 qPrintable(tab->valueText(QStringLiteral("cutoffServerValue"))));
        QVERIFY(tab->valueText(QStringLiteral("cutoffServerValue"))
                    .contains(QStringLiteral("America/Guayaquil")));
        QVERIFY(!tab->valueText(QStringLiteral("cutoffLocalValue")).isEmpty());
        QCOMPARE(tab->valueText(QStringLiteral("totalValue")), QStringLiteral("1,234,567"));
        QCOMPARE(tab->valueText(QStringLiteral("eligibleValue")), QStringLiteral("23,456"));
        QCOMPARE(tab->valueText(QStringLiteral("retainedByWindowValue")), QStringLiteral("3,210"));
        // Every count says what it is (the rule's SQL idea) and that it is exact.
        for (const char *name :
             {"totalValue", "eligibleValue", "retainedValue", "retainedByWindowValue", "adrInWindowValue"}) {
            auto *label = tab->findChild<QLabel *>(QLatin1String(name));
            QVERIFY2(label && label->toolTip().contains(QLatin1String("Exact: counted row by row")), name);
        }
        QVERIFY(tab->findChild<QLabel *>(QStringLiteral("eligibleValue"))
                    ->toolTip()
                    .contains(QLatin1String("expiracion before the cutoff")));
        QCOMPARE(tab->valueText(QStringLiteral("keyRangeValue")), QStringLiteral("10 … 987,654"));
        QCOMPARE(tab->valueText(QStringLiteral("oldestValue")), QStringLiteral("2025-01-02 03:04:05 UTC"));
        auto *adr = tab->findChild<QLabel *>(QStringLiteral("adrWarning"));
        QVERIFY(adr);
        QVERIFY(adr->text().contains(QStringLiteral("4,321")));
        QVERIFY(adr->text().startsWith(QStringLiteral("⚠")));
        auto *eligible = tab->findChild<QLabel *>(QStringLiteral("eligibleValue"));
        QVERIFY(eligible->alignment() & Qt::AlignRight);
        // No ADR warning where the ADR's sample deletes nothing inside the window.
        RulePreviewTab *preTab = page.tabFor(QStringLiteral("pre_tokens"));
        preTab->ensureBuilt(); // a hidden tab builds its contents when shown
        QVERIFY(preTab->findChild<QLabel *>(QStringLiteral("eligibleValue")));
        QVERIFY(!preTab->findChild<QLabel *>(QStringLiteral("adrWarning")));

        // Charts: top 7 tenants + "Others", values written in the labels.
        const QStringList tenants = tab->tenantChart()->labels();
        QCOMPARE(tenants.size(), 8);
        QVERIFY2(tenants.first().endsWith(QStringLiteral("1,200")), qPrintable(tenants.join(u'|')));
        QVERIFY(tenants.last().startsWith(QStringLiteral("Others")));
        QVERIFY(tenants.last().endsWith(QStringLiteral("1,500"))); // tenants 1..5
        QCOMPARE(tab->ageChart()->labels().size(), 2);

        // Sample: numbers right-aligned without separators (they are ids a DBA copies into SQL), NULL
        // shown, sortable on the raw value.
        QTableView *view = tab->sampleTable()->view();
        QAbstractItemModel *model = view->model();
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("30"));
        QCOMPARE(model->index(1, 0).data().toString(), QStringLiteral("1200"));
        QVERIFY(model->index(0, 0).data(Qt::TextAlignmentRole).toInt() & Qt::AlignRight);
        QCOMPARE(model->index(2, 3).data().toString(), QStringLiteral("NULL"));
        view->sortByColumn(0, Qt::DescendingOrder);
        QCOMPARE(model->index(0, 0).data(Qt::UserRole).toLongLong(), 1200);
        QCOMPARE(model->index(2, 0).data(Qt::UserRole).toLongLong(), 5);

        // CSV in the order shown, quoted, formula-safe.
        const QString csvPath = m_tmp.filePath(QStringLiteral("sample.csv"));
        QString error;
        QVERIFY2(tab->sampleTable()->exportCsv(csvPath, &error), qPrintable(error));
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines =
            QString::fromUtf8(csv.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines.at(0), QStringLiteral("id,empresa_id,token_hash,user_agent"));
        QCOMPARE(lines.at(1), QStringLiteral("1200,1,ffeedd…0001,\"curl, 8\""));
        QCOMPARE(lines.at(2), QStringLiteral("30,2,abc123…ef01,'=cmd()"));
        QCOMPARE(lines.at(3), QStringLiteral("5,3,001122…3344,"));
        QCOMPARE(tab->sampleTable()->exportButton()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));

        // SQL: both texts, read-only, monospace, copyable.
        SqlView *sql = tab->sqlView();
        QVERIFY(sql->editor()->isReadOnly());
        QVERIFY(sql->sql().contains(fabricatedPlan().rules.first().countSql));
        QVERIFY(sql->sql().contains(fabricatedPlan().rules.first().deleteSql));
        // Fixed pitch as resolved, or as asked where the platform (offscreen) has no monospace font.
        QVERIFY(QFontInfo(sql->editor()->font()).fixedPitch() ||
                sql->editor()->font().styleHint() == QFont::Monospace);
        sql->copyButton()->click();
        QCOMPARE(QApplication::clipboard()->text(), sql->sql());

        // Partitions of log_sesiones: bounds, rows, removable ✓, DEFAULT never removed.
        RulePreviewTab *log = page.tabFor(QStringLiteral("log_sesiones"));
        PartitionTable *parts = log->partitionTable();
        QVERIFY(parts);
        QCOMPARE(parts->rowCount(), 2);
        QCOMPARE(parts->item(0, PartitionTable::FromColumn)->text(),
                 QStringLiteral("2025-09-01 00:00:00 UTC"));
        QCOMPARE(parts->item(0, PartitionTable::RowsColumn)->text(), QStringLiteral("195"));
        QVERIFY(parts->item(0, PartitionTable::ActionColumn)->text().startsWith(QStringLiteral("✓")));
        QVERIFY(parts->item(1, PartitionTable::ActionColumn)->text().contains(QStringLiteral("DEFAULT")));
        QVERIFY(parts->item(1, PartitionTable::RowsColumn)->text().startsWith(QStringLiteral("≈")));

        // "Purge with this preview…" asks the window for the Purge page.
        QSignalSpy pages(&state, &AppState::showPageRequested);
        QVERIFY(page.purgeButton()->isEnabled());
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        QTest::keyClick(&page, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier); // the button's shortcut
        QTRY_COMPARE(pages.count(), 1); // buttons click ~100 ms after their shortcut (animateClick)
        pages.clear();
        page.purgeButton()->click();
        QCOMPARE(pages.count(), 1);
        QCOMPARE(pages.first().first().toString(), QStringLiteral("purge"));

        // Disconnecting clears the preview.
        state.setDisconnected();
        QCOMPARE(page.tabs()->count(), 0);
        QVERIFY(!page.purgeButton()->isEnabled());
    }

    // A retention shorter than the forensic window, here one second short with the
    // settings' override: a findable warning naming the rule, the retention and the window, and a
    // warning icon on its tab; exactly the window (the other rules) shows none.
    void shortRetentionIsWarned()
    {
        DbSession session;
        AppState state(&session);
        PreviewPage page(&state);
        page.resize(1200, 800);
        page.show();
        state.setConnected(ConnectionProfile(), QString());
        state.setPreflight(okPreflight());
        PreviewPlan plan = fabricatedPlan();
        plan.rules[1].config.retentionSeconds = Rules::forensicMinimumSeconds(plan.rules[1].id) - 1;
        plan.rules[1].config.forensicOverride = true;
        state.setPreviewPlan(plan);
        page.tabs()->setCurrentIndex(1);
        shoot(&page, QStringLiteral("preview-short-retention"));
        RulePreviewTab *pre = page.tabFor(QStringLiteral("pre_tokens"));
        QVERIFY(pre);
        auto *warning = pre->findChild<QLabel *>(QStringLiteral("shortRetentionWarning"));
        QVERIFY(warning);
        QVERIFY2(warning->text().contains(QStringLiteral("pre_tokens")) &&
                     warning->text().contains(QStringLiteral("86399 s")) &&
                     warning->text().contains(QStringLiteral("24 h")),
                 qPrintable(warning->text()));
        QVERIFY(warning->text().startsWith(QStringLiteral("⚠")));
        QVERIFY(!page.tabs()->tabIcon(1).isNull());
        for (const QString &id : {QStringLiteral("refresh_tokens"), QStringLiteral("log_sesiones")}) {
            page.tabFor(id)->ensureBuilt();
            QVERIFY(page.tabFor(id)->findChild<QLabel *>(QStringLiteral("eligibleValue")));
            QVERIFY(!page.tabFor(id)->findChild<QLabel *>(QStringLiteral("shortRetentionWarning")));
        }
        QVERIFY(page.tabs()->tabIcon(2).isNull());
    }

    // The refresh-token tab always says how many removable rows belong to live families and what
    // family-aware retention does with them; the other rules have no families.
    void liveFamilyNoteIsShown()
    {
        for (const bool on : {false, true}) {
            DbSession session;
            AppState state(&session);
            PreviewPage page(&state);
            page.resize(1024, 768);
            page.show();
            state.setConnected(ConnectionProfile(), QString());
            state.setPreflight(okPreflight());
            PreviewPlan plan = fabricatedPlan();
            plan.rules[0].liveFamily = 1234;
            plan.rules[0].config.familyAware = on;
            state.setPreviewPlan(plan);
            shoot(&page, on ? QStringLiteral("preview-family-on") : QStringLiteral("preview-family-off"));
            if (on) {
                const QPalette light = QApplication::palette();
                QApplication::setPalette(Theme::darkPalette());
                shoot(&page, QStringLiteral("preview-family-on-dark"));
                QApplication::setPalette(light);
            }
            auto *note = page.tabFor(QStringLiteral("refresh_tokens"))
                             ->findChild<QLabel *>(QStringLiteral("liveFamilyNote"));
            QVERIFY(note);
            QVERIFY2(note->text().contains(QStringLiteral("1,234")), qPrintable(note->text()));
            QVERIFY2(note->text().contains(on ? QStringLiteral("is on: they are kept")
                                              : QStringLiteral("is off: they are removed")),
                     qPrintable(note->text()));
            RulePreviewTab *pre = page.tabFor(QStringLiteral("pre_tokens"));
            pre->ensureBuilt();
            QVERIFY(!pre->findChild<QLabel *>(QStringLiteral("liveFamilyNote")));
        }
    }

    // When a preview arrives only the visible tab is built; another tab builds its
    // contents when first shown, the same as a tab built at once.
    void hiddenTabsAreBuiltWhenShown()
    {
        DbSession session;
        AppState state(&session);
        PreviewPage page(&state);
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        state.setConnected(ConnectionProfile(), QString());
        state.setPreflight(okPreflight());
        const PreviewPlan plan = fabricatedPlan();
        state.setPreviewPlan(plan);
        QCOMPARE(page.tabs()->count(), 3);
        RulePreviewTab *refresh = page.tabFor(QStringLiteral("refresh_tokens"));
        RulePreviewTab *pre = page.tabFor(QStringLiteral("pre_tokens"));
        RulePreviewTab *log = page.tabFor(QStringLiteral("log_sesiones"));
        QCOMPARE(page.tabs()->currentWidget(), refresh);
        // The first screen's words at once; its charts, then the sample, then the SQL each on a
        // later event-loop turn (each step after the paint the previous one asked for).
        QVERIFY(refresh->findChild<QLabel *>(QStringLiteral("eligibleValue")));
        QVERIFY(refresh->findChildren<BarChartView *>().isEmpty());
        QVERIFY(!refresh->findChild<SampleTableWidget *>());
        QTRY_COMPARE(refresh->findChildren<BarChartView *>().size(), 2);
        QTRY_VERIFY(refresh->isBuilt());
        QVERIFY(refresh->findChild<SampleTableWidget *>()->isVisible());
        QVERIFY(refresh->findChild<SqlView *>()->isVisible());
        for (BarChartView *chart : refresh->findChildren<BarChartView *>())
            QVERIFY(chart->isVisible());
        for (RulePreviewTab *hidden : {pre, log}) {
            QVERIFY2(!hidden->isBuilt(), qPrintable(hidden->ruleId()));
            QVERIFY(!hidden->findChild<QLabel *>(QStringLiteral("eligibleValue")));
            QVERIFY(!hidden->findChild<SampleTableWidget *>());
            QVERIFY(!hidden->findChild<SqlView *>());
        }

        page.tabs()->setCurrentWidget(pre); // the user opens the tab
        QVERIFY(pre->findChild<QLabel *>(QStringLiteral("eligibleValue")));
        QTRY_VERIFY(pre->isBuilt());
        QVERIFY(!log->isBuilt());
        RulePreviewTab eager(plan, *plan.rule(QStringLiteral("pre_tokens")));
        eager.ensureBuilt();
        const QList<QLabel *> labels = eager.findChildren<QLabel *>();
        int compared = 0;
        for (const QLabel *label : labels) {
            if (!label->objectName().endsWith(QLatin1String("Value")))
                continue;
            QCOMPARE(pre->valueText(label->objectName()), label->text());
            ++compared;
        }
        QVERIFY(compared >= 10); // cutoff, range and counts
        QCOMPARE(pre->findChild<SampleTableWidget *>()->view()->model()->rowCount(),
                 eager.sampleTable()->view()->model()->rowCount());
        QCOMPARE(pre->sqlView()->sql(), eager.sqlView()->sql());
        QVERIFY(pre->findChild<SampleTableWidget *>()->isVisible());

        // A new preview keeps the open tab open, and builds only that one.
        state.setPreviewPlan(plan);
        QCOMPARE(page.tabs()->currentWidget(), page.tabFor(QStringLiteral("pre_tokens")));
        QTRY_VERIFY(page.tabFor(QStringLiteral("pre_tokens"))->isBuilt());
        QVERIFY(!page.tabFor(QStringLiteral("refresh_tokens"))->isBuilt());
        QVERIFY(!page.tabFor(QStringLiteral("log_sesiones"))->isBuilt());
    }

    void previewFromSandbox()
    {
        PURGA_REQUIRE_SANDBOX(m_sandbox);
        test::TestDatabase db(m_sandbox, QStringLiteral("uipreview"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QString error;
        QVERIFY2(
            db.exec(QStringLiteral(
                        "INSERT INTO identidad.trx_refresh_tokens"
                        " (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, "
                        "revocado_en)"
                        " SELECT 1 + g % 3, g, gen_random_uuid(), md5('a' || g), now() - interval '60 days',"
                        "        now() - interval '39 days', true, now() - interval '40 days'"
                        "   FROM generate_series(1, 1200) g"
                        " UNION ALL SELECT 7, g, gen_random_uuid(), md5('b' || g), now() - interval '6 days',"
                        "        now() + interval '10 days', true, now() - interval '5 days'"
                        "   FROM generate_series(1, 30) g"
                        " UNION ALL SELECT 8, g, gen_random_uuid(), md5('c' || g), now() - interval '1 day',"
                        "        now() + interval '10 days', false, NULL FROM generate_series(1, 20) g;"
                        "INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, "
                        "expiracion, usado_en)"
                        " SELECT 1, g, md5('p' || g), now() - interval '2 days', now() - interval '2 days'"
                        "   FROM generate_series(1, 10) g"
                        " UNION ALL SELECT 1, g, md5('q' || g), now() + interval '1 hour', now() - interval "
                        "'1 hour'"
                        "   FROM generate_series(1, 5) g;"
                        "SELECT identidad.crear_particion_log_sesiones((now() - interval '14 months')::date);"
                        "SELECT identidad.crear_particion_log_sesiones(now()::date);"
                        "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)"
                        " SELECT 1, g, 'login', date_trunc('month', now() - interval '14 months') + interval "
                        "'2 days'"
                        "   FROM generate_series(1, 3) g"
                        " UNION ALL SELECT 1, g, 'login', now() FROM generate_series(1, 2) g"
                        " UNION ALL SELECT 1, 1, 'login', now() - interval '5 months';"),
                    &error),
            qPrintable(error));

        DbSession session;
        AppState state(&session);
        SessionCoordinator coordinator(&session, &state);
        PreviewPage page(&state);
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        coordinator.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(page.takePreviewButton()->isEnabled(), 30000);

        QSignalSpy previews(&state, &AppState::previewChanged);
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        QSignalSpy clicked(page.takePreviewButton(), &QPushButton::clicked);
        QTest::keyClick(&page, Qt::Key_P, Qt::ControlModifier); // the button's shortcut
        QTRY_COMPARE(clicked.count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(previews.count() == 1, 60000);
        QVERIFY(!page.isTakingPreview());
        QCOMPARE(page.tabs()->count(), 3);

        RulePreviewTab *refresh = page.tabFor(QStringLiteral("refresh_tokens"));
        shoot(&page, QStringLiteral("preview-refresh"));
        QCOMPARE(refresh->valueText(QStringLiteral("totalValue")), QStringLiteral("1,250"));
        QCOMPARE(refresh->valueText(QStringLiteral("eligibleValue")), QStringLiteral("1,200"));
        QCOMPARE(refresh->valueText(QStringLiteral("retainedValue")), QStringLiteral("50"));
        QCOMPARE(refresh->valueText(QStringLiteral("retainedByWindowValue")), QStringLiteral("30"));
        auto *adr = refresh->findChild<QLabel *>(QStringLiteral("adrWarning"));
        QVERIFY(adr);
        QVERIFY(adr->text().contains(QStringLiteral(" 30 ")));
        QVERIFY(refresh->valueText(QStringLiteral("cutoffUtcValue")).endsWith(QStringLiteral(" UTC")));
        QCOMPARE(refresh->sampleTable()->view()->model()->rowCount(), 100);
        QCOMPARE(refresh->tenantChart()->labels().size(), 3);
        // Masked hashes only: no full 32-hex md5 in the sample.
        QAbstractItemModel *sample = refresh->sampleTable()->view()->model();
        int hashColumn = -1;
        for (int c = 0; c < sample->columnCount(); ++c)
            if (sample->headerData(c, Qt::Horizontal).toString() == QLatin1String("token_hash"))
                hashColumn = c;
        QVERIFY(hashColumn >= 0);
        const QString hash = sample->index(0, hashColumn).data().toString();
        QVERIFY2(!hash.isEmpty() && hash.size() < 32, qPrintable(hash));
        QVERIFY(refresh->sqlView()->sql().contains(QStringLiteral("trx_refresh_tokens")));

        RulePreviewTab *pre = page.tabFor(QStringLiteral("pre_tokens"));
        QCOMPARE(pre->valueText(QStringLiteral("eligibleValue")), QStringLiteral("10"));
        QCOMPARE(pre->valueText(QStringLiteral("retainedByWindowValue")), QStringLiteral("5"));

        RulePreviewTab *log = page.tabFor(QStringLiteral("log_sesiones"));
        page.tabs()->setCurrentWidget(log);
        shoot(&page, QStringLiteral("preview-log"));
        PartitionTable *parts = log->partitionTable();
        QVERIFY(parts);
        QCOMPARE(parts->rowCount(), 3);
        int removable = 0, defaults = 0;
        for (int r = 0; r < parts->rowCount(); ++r) {
            const QString action = parts->item(r, PartitionTable::ActionColumn)->text();
            removable += action.startsWith(QStringLiteral("✓")) ? 1 : 0;
            defaults += action.contains(QStringLiteral("DEFAULT")) ? 1 : 0;
        }
        QCOMPARE(removable, 1);
        QCOMPARE(defaults, 1);
        QCOMPARE(log->valueText(QStringLiteral("eligibleValue")), QStringLiteral("3"));

        // A second preview, cancelled at once, leaves the first in place.
        page.takePreview();
        page.cancelPreview();
        QTRY_VERIFY_WITH_TIMEOUT(!page.isTakingPreview(), 30000);
        QCOMPARE(page.tabs()->count(), 3);
    }

private:
    QTemporaryDir m_tmp;
    test::SandboxInfo m_sandbox;
};

QTEST_MAIN(TestPreviewPage)
#include "tst_previewpage.moc"
