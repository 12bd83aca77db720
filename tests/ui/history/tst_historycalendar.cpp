// The History page against the sandbox, on a month with a 3-day gap in the job's runs: every
// calendar day on the axis (empty days empty), the time since the job last succeeded with the
// 48 h line, the only run of the last 24 hours drawn on today, English status names, readable
// dark-mode swatches, the text alternative of each chart, the runs table's formats.
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/guitest.h"
#include "support/historyfixtures.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/charts/chartcolours.h"
#include "ui/charts/chartpanel.h"
#include "ui/history/historypage.h"
#include "ui/history/historyrunsmodel.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/style/theme.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace purga;
using namespace purga::test;

namespace {

QXYSeries *seriesNamed(QChart *chart, const QString &name)
{
    for (QAbstractSeries *s : chart->series())
        if (s->name() == name)
            return qobject_cast<QXYSeries *>(s);
    return nullptr;
}

QBarCategoryAxis *calendarOf(QChart *chart)
{
    return qobject_cast<QBarCategoryAxis *>(chart->axes(Qt::Horizontal).value(0));
}

// The stacked total of each category.
QList<double> barTotals(QChart *chart)
{
    const auto *bars = qobject_cast<QStackedBarSeries *>(chart->series().value(0));
    QList<double> totals(calendarOf(chart)->count());
    for (QBarSet *set : bars ? bars->barSets() : QList<QBarSet *>())
        for (int i = 0; i < set->count() && i < totals.size(); ++i)
            totals[i] += set->at(i);
    return totals;
}

// A colour as drawn over `background` (its alpha blended in).
QColor over(const QColor &c, const QColor &background)
{
    const double a = c.alphaF();
    return QColor::fromRgbF(float(c.redF() * a + background.redF() * (1 - a)),
                            float(c.greenF() * a + background.greenF() * (1 - a)),
                            float(c.blueF() * a + background.blueF() * (1 - a)));
}

// A day's label on the axis: "MM-dd" up to 10 days, the day of the month beyond (a repeated day
// number carries invisible zero-width spaces).
QString dayLabel(int daysAgo, bool month = false)
{
    return QDate::currentDate().addDays(-daysAgo).toString(month ? QStringLiteral("MM-dd")
                                                                 : QStringLiteral("dd"));
}

QString bare(QString label)
{
    return label.remove(QChar(0x200B));
}

} // namespace

class TestHistoryCalendar : public QObject
{
    Q_OBJECT

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbSession> m_session;
    std::unique_ptr<AppState> m_state;
    std::unique_ptr<SessionCoordinator> m_coordinator;
    std::unique_ptr<HistoryPage> m_page;

    // Reads preset `index` (0: 24 h, 1: 7 days, 2: 30 days) through the session, as a user does.
    bool show(int index)
    {
        QSignalSpy loaded(m_page.get(), &HistoryPage::loaded);
        m_page->setPresetRange(index);
        m_page->refresh();
        if (!loaded.wait(60000) || !loaded.first().first().toBool())
            return false;
        QTest::qWait(50); // refresh() fills the charts one per event-loop turn, after loaded
        return true;
    }

private slots:
    void initTestCase()
    {
        registerMetaTypes();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); // grouped numbers
        SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        m_db = std::make_unique<TestDatabase>(sandbox, QStringLiteral("uihistcal"));
        QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
        QVERIFY(setupHistory(*m_db));
        QString error;
        QVERIFY2(m_db->exec(gappedMonthSql(), &error), qPrintable(error));
        m_session = std::make_unique<DbSession>();
        m_state = std::make_unique<AppState>(m_session.get());
        m_coordinator = std::make_unique<SessionCoordinator>(m_session.get(), m_state.get());
        m_coordinator->connectTo(m_db->profile(), m_db->passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(m_state->isConnected(), 60000);
        m_page = std::make_unique<HistoryPage>(m_state.get());
        m_page->resize(1280, 2400);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    }

    void cleanupTestCase()
    {
        m_page.reset();
        m_coordinator.reset();
        m_state.reset();
        m_session.reset();
        m_db.reset();
    }

    // 30 days: 31 categories (the partial first day to today), the gap's three days empty.
    void everyDayOfTheMonthIsOnTheAxis()
    {
        QVERIFY(show(2));
        for (QChart *chart : {m_page->jobGapChart(), m_page->rowsChart(), m_page->durationChart(),
                              m_page->sizesChart(), m_page->bytesChart()}) {
            QBarCategoryAxis *axis = calendarOf(chart);
            QVERIFY2(axis, qPrintable(chart->title()));
            QCOMPARE(axis->count(), 31);
            QCOMPARE(bare(axis->categories().first()), dayLabel(30));
            QCOMPARE(bare(axis->categories().last()), dayLabel(0)); // the axis reaches today
            QVERIFY2(axis->titleText().contains(QDate::currentDate().toString(Qt::ISODate)),
                     qPrintable(axis->titleText()));
            QVERIFY(!axis->categories().join(u' ').contains(QLatin1String("1970")));
        }
        const QList<double> totals = barTotals(m_page->rowsChart());
        const QStringList days = calendarOf(m_page->rowsChart())->categories();
        for (int ago : {5, 6, 7})
            QCOMPARE(totals.at(30 - ago), 0.0);
        QCOMPARE(totals.at(30 - 8), 1008.0);
        QCOMPARE(totals.at(30), 77.0);
        QCOMPARE(bare(days.at(30 - 8)), dayLabel(8));
        // The text alternative lists the same 31 days, job runs included.
        QTableWidget *table = m_page->chartPanel(0)->table();
        QCOMPARE(table->rowCount(), 31);
        QCOMPARE(table->item(30 - 6, 1)->text(), QStringLiteral("0"));
        QCOMPARE(table->item(30 - 8, 1)->text(), QStringLiteral("1"));
    }

    // The gap climbs past the 48 h line to 96 h (the 8th day's success to the 4th's); now it is
    // a minute or so.
    void timeSinceTheLastSuccessShowsTheGapAgainst48Hours()
    {
        QVERIFY(show(2));
        QChart *chart = m_page->jobGapChart();
        QXYSeries *limit = nullptr;
        QXYSeries *gap = nullptr;
        for (QAbstractSeries *s : chart->series())
            (s->name().contains(QLatin1String("48")) ? limit : gap) = qobject_cast<QXYSeries *>(s);
        QVERIFY(limit && gap);
        QCOMPARE(limit->count(), 2);
        QCOMPARE(limit->at(0).y(), 48.0);
        QCOMPARE(limit->at(1).y(), 48.0);
        double top = 0;
        for (const QPointF &p : gap->points())
            top = qMax(top, p.y());
        QVERIFY2(qAbs(top - 96.0) < 0.1, qPrintable(QString::number(top)));
        QVERIFY2(gap->points().last().y() < 0.2, qPrintable(QString::number(gap->points().last().y())));
        QVERIFY2(chart->title().contains(QLatin1String("0.0 h")), qPrintable(chart->title()));
        QVERIFY(m_page->chartPanel(4)->table()->rowCount() >= 5);
    }

    // 24 hours: one run, drawn on today (not an empty chart over 1970-01-01).
    void theOnlyRunOfTheLastDayIsDrawnOnToday()
    {
        QVERIFY(show(0));
        QBarCategoryAxis *axis = calendarOf(m_page->durationChart());
        QVERIFY(axis);
        QCOMPARE(axis->count(), 2); // yesterday (the range's first hours) and today
        QCOMPARE(axis->categories().last(), dayLabel(0, true));
        QXYSeries *job = seriesNamed(m_page->durationChart(), HistoryPage::tr("job runs (longest)"));
        QVERIFY(job);
        QCOMPARE(job->count(), 1);
        QVERIFY2(job->at(0).x() > 0.5 && job->at(0).x() <= 1.5, qPrintable(QString::number(job->at(0).x())));
        QCOMPARE(job->at(0).y(), 60.0); // 1 min, in seconds: the axis says its unit
        QVERIFY(m_page->durationChart()->axes(Qt::Vertical).value(0)->titleText() == HistoryPage::tr("s"));
        // The sizes chart reads the rows left that the run recorded.
        QXYSeries *left = seriesNamed(m_page->sizesChart(), QStringLiteral("trx_refresh_tokens"));
        QVERIFY(left);
        QCOMPARE(left->count(), 1);
        QCOMPARE(left->at(0).y(), double(kGappedLastRowsLeft));
        QVERIFY(left->pointsVisible());
    }

    // 7 days: 8 categories, today's run drawn, the recorded sizes as they are.
    void aWeekEndsToday()
    {
        QVERIFY(show(1));
        QBarCategoryAxis *axis = calendarOf(m_page->durationChart());
        QCOMPARE(axis->count(), 8);
        QXYSeries *job = seriesNamed(m_page->durationChart(), HistoryPage::tr("job runs (longest)"));
        QVERIFY(job);
        double last = -1;
        for (const QPointF &p : job->points())
            last = qMax(last, p.x());
        QVERIFY2(last > 6.5 && last <= 7.5, qPrintable(QString::number(last)));
        QXYSeries *left = seriesNamed(m_page->sizesChart(), QStringLiteral("trx_refresh_tokens"));
        QCOMPARE(left->points().last().y(), double(kGappedLastRowsLeft));
    }

    void statusesInEnglishAndTheRunsTableFormatted()
    {
        QVERIFY(show(2));
        QStringList names;
        for (QAbstractSeries *s : m_page->durationChart()->series())
            names << s->name();
        for (const char *spanish : {"error", "cancelado", "interrumpido", "lock_ocupado"})
            QVERIFY2(!names.contains(QLatin1String(spanish)), qPrintable(names.join(u'|')));
        QVERIFY2(names.contains(QStringLiteral("✗ Failed")), qPrintable(names.join(u'|')));

        QTableView *runs = m_page->runsTable();
        const QAbstractItemModel *model = runs->model();
        QCOMPARE(model->rowCount(), 28);
        QStringList statuses;
        for (int r = 0; r < model->rowCount(); ++r)
            statuses << model->index(r, HistoryRunsModel::Status).data().toString();
        QVERIFY2(statuses.contains(QStringLiteral("✗ Failed")) &&
                     statuses.contains(QStringLiteral("⚠ Interrupted")),
                 qPrintable(statuses.join(u'|')));
        // Newest first: the run of 2 minutes ago.
        static const QRegularExpression stamp(QStringLiteral("^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d$"));
        QVERIFY2(stamp.match(model->index(0, HistoryRunsModel::Started).data().toString()).hasMatch(),
                 qPrintable(model->index(0, HistoryRunsModel::Started).data().toString()));
        QCOMPARE(model->index(0, HistoryRunsModel::Duration).data().toString(), QStringLiteral("1 min 00 s"));
        QVERIFY2(model->index(1, HistoryRunsModel::RowsPerTable)
                     .data()
                     .toString()
                     .contains(QLatin1String("1,002")),
                 qPrintable(model->index(1, HistoryRunsModel::RowsPerTable).data().toString()));
        // The start column shows the whole time; some fifteen runs fit at once.
        const QString first = model->index(0, HistoryRunsModel::Started).data().toString();
        QVERIFY(runs->columnWidth(HistoryRunsModel::Started) >= runs->fontMetrics().horizontalAdvance(first));
        QVERIFY2(runs->viewport()->height() / runs->rowHeight(0) >= 12,
                 qPrintable(QString::number(runs->viewport()->height())));
    }

    // An open freeze reads "running", a run without an end and no longer open "—", never -1.
    void runsWithoutAnEndSayWhy()
    {
        QVERIFY(m_db->exec(QStringLiteral(
            "INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, iniciada_en, estado) VALUES"
            " ('00000000-0000-0000-0000-0000000000f1', 'manual', 'tester', now() - interval '3 minutes', "
            "'congelado'),"
            " ('00000000-0000-0000-0000-0000000000f2', 'manual', 'tester', now() - interval '4 minutes', "
            "'error')")));
        QVERIFY(show(0));
        const QAbstractItemModel *model = m_page->runsTable()->model();
        QMap<QString, QString> byId;
        for (int r = 0; r < model->rowCount(); ++r)
            byId.insert(model->index(r, 0).data(HistoryRunsModel::RunIdRole).toString(),
                        model->index(r, HistoryRunsModel::Duration).data().toString());
        QCOMPARE(byId.value(QStringLiteral("00000000-0000-0000-0000-0000000000f1")),
                 HistoryPage::tr("running"));
        QCOMPARE(byId.value(QStringLiteral("00000000-0000-0000-0000-0000000000f2")), QStringLiteral("—"));
        QVERIFY(m_db->exec(QStringLiteral("DELETE FROM identidad.purga_corridas WHERE corrida_id IN "
                                          "('00000000-0000-0000-0000-0000000000f1',"
                                          " '00000000-0000-0000-0000-0000000000f2')")));
    }

    // Each chart is named and has its data as a table; the range and zone combos have labels.
    void chartsAndControlsAreNamed()
    {
        QVERIFY(show(2));
        for (int i = 0; i < 5; ++i) {
            ChartPanel *panel = m_page->chartPanel(i);
            QVERIFY(panel);
            QCOMPARE(panel->view()->accessibleName(), panel->chart()->title());
            QVERIFY(!panel->view()->accessibleDescription().isEmpty());
            QVERIFY(!panel->tableToggle()->accessibleName().isEmpty());
            QVERIFY(!panel->table()->isVisible());
            panel->tableToggle()->click();
            QVERIFY(panel->table()->isVisible());
            QVERIFY(panel->table()->columnCount() > 0);
            QVERIFY(i == 3 || panel->table()->rowCount() > 0); // the fixture records no bytes
        }
        QVERIFY(!m_page->findChild<QLineEdit *>(QStringLiteral("runFilter"))->accessibleName().isEmpty());
        QVERIFY(!m_page->runsTable()->accessibleName().isEmpty());
        const QList<QComboBox *> combos = m_page->findChildren<QComboBox *>();
        for (QComboBox *combo : combos) {
            bool labelled = false;
            for (QLabel *label : m_page->findChildren<QLabel *>())
                labelled = labelled || label->buddy() == combo;
            QVERIFY2(labelled, qPrintable(combo->accessibleName()));
        }
    }

    // Under a dark palette every status and origin swatch stands out from the chart's background.
    void darkSwatchesAreReadable()
    {
        const QPalette before = QApplication::palette();
        QApplication::setPalette(Theme::darkPalette());
        QVERIFY(Theme::isDark());
        QVERIFY(show(2));
        QChart *chart = m_page->durationChart();
        // As drawn: the dark theme paints a gradient (its brush's colour says black).
        QChartView *view = m_page->chartPanel(1)->view();
        const QImage shot = view->grab().toImage();
        const QColor background = shot.pixelColor(view->width() / 2, 6);
        QVERIFY2(background.lightness() < 128, qPrintable(background.name()));
        int checked = 0;
        for (QAbstractSeries *s : chart->series()) {
            const auto *scatter = qobject_cast<QScatterSeries *>(s);
            QVERIFY(scatter);
            const double ratio = Theme::contrastRatio(over(scatter->color(), background), background);
            QVERIFY2(ratio >= 3.0, qPrintable(QStringLiteral("%1 %2 on %3: %4")
                                                  .arg(s->name(), scatter->color().name(), background.name())
                                                  .arg(ratio)));
            qInfo("%s %s on %s: %.2f", qPrintable(s->name()), qPrintable(scatter->color().name()),
                  qPrintable(background.name()), ratio);
            ++checked;
        }
        QVERIFY(checked >= 6); // job, manual and the four statuses
        for (QAbstractSeries *s : m_page->sizesChart()->series())
            QVERIFY(Theme::contrastRatio(over(static_cast<QXYSeries *>(s)->color(), background),
                                         background) >= 3.0);
        QApplication::setPalette(before);
    }

    // PURGA_UI_SHOTS=DIR: the page at 1280x800 and 1024x768, light and dark, 24 h / 7 d / 30 d.
    void screenshots()
    {
        if (qEnvironmentVariableIsEmpty("PURGA_UI_SHOTS"))
            QSKIP("PURGA_UI_SHOTS not set");
        const QPalette before = QApplication::palette();
        for (const bool dark : {false, true}) {
            QApplication::setPalette(dark ? Theme::darkPalette() : before);
            for (const QSize size : {QSize(1280, 800), QSize(1024, 768)})
                for (int preset : {0, 1, 2}) {
                    m_page->resize(size);
                    for (int i = 0; i < 5; ++i)
                        m_page->chartPanel(i)->tableToggle()->setChecked(false);
                    QVERIFY(show(preset));
                    const QString name = QStringLiteral("history-%1x%2-%3-%4")
                                             .arg(size.width())
                                             .arg(size.height())
                                             .arg(QString::fromLatin1(preset == 0   ? "24h"
                                                                      : preset == 1 ? "7d"
                                                                                    : "30d"),
                                                  QLatin1String(dark ? "dark" : "light"));
                    shoot(m_page.get(), name);
                    shoot(m_page->chartPanel(4)->parentWidget(), name + QStringLiteral("-all"));
                }
        }
        QApplication::setPalette(before);
        m_page->resize(1280, 2400);
    }
};

QTEST_MAIN(TestHistoryCalendar)
#include "tst_historycalendar.moc"
