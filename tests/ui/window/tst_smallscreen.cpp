// The window on a small screen (1024×768) in English and then in Spanish, against the sandbox with
// the demo data: the window's least width stays under 1000 px with every page filled, each Overview
// card's numbers can be reached, and the Preview shows its sample, SQL, charts and Export CSV
// inside the window without a scroller nested in another.
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/guitest.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/overview/overviewpage.h"
#include "ui/overview/tablecard.h"
#include "ui/preview/previewpage.h"
#include "ui/preview/rulepreviewtab.h"
#include "ui/preview/sampletable.h"
#include "ui/charts/barchartview.h"
#include "ui/common/sqlview.h"
#include "ui/startup/startupoptions.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/window/mainwindow.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QTest>

using namespace purga;

namespace {

// The demo data of the screenshots, smaller: 15 months of session log, tokens of many tenants,
// a history of job runs.
bool seedDemo(test::TestDatabase &db)
{
    QFile file(qEnvironmentVariable("PURGA_SOURCE_DIR") + QStringLiteral("/resources/sql/demo_data.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    return test::setupHistory(db) && db.exec(QString::fromUtf8(file.readAll())) &&
           db.exec(QStringLiteral("SELECT identidad.generar_demo(3000, 1000, 60, 15, 30)")) &&
           db.exec(QStringLiteral("SELECT identidad.demo_historial()"));
}

// True when `w` lies inside `area`'s viewport, or the area can scroll to it (its scroll range
// covers the widget's position).
bool reachable(const QWidget *w, const QAbstractScrollArea *area)
{
    const QWidget *viewport = area->viewport();
    const QRect inViewport(w->mapTo(viewport, QPoint(0, 0)), w->size());
    const QScrollBar *h = area->horizontalScrollBar();
    const QScrollBar *v = area->verticalScrollBar();
    const bool hScroll = area->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff;
    const bool vScroll = area->verticalScrollBarPolicy() != Qt::ScrollBarAlwaysOff;
    const int hRoom = hScroll ? h->maximum() - h->value() : 0;
    const int vRoom = vScroll ? v->maximum() - v->value() : 0;
    return inViewport.left() >= 0 && inViewport.top() >= 0 &&
           inViewport.right() < viewport->width() + hRoom && inViewport.bottom() < viewport->height() + vRoom;
}

// True when `w` lies between the left and right edges of the window `top` (not cut at its right).
bool insideWindowWidth(const QWidget *w, const QWidget *top)
{
    const int left = w->mapTo(top, QPoint(0, 0)).x();
    return left >= 0 && left + w->width() <= top->width();
}

// Scroll areas that hold `w` (innermost first), the preview page's own tab scroller included.
QList<QAbstractScrollArea *> scrollersAround(QWidget *w)
{
    QList<QAbstractScrollArea *> out;
    for (QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (auto *a = qobject_cast<QAbstractScrollArea *>(p))
            out << a;
    return out;
}

} // namespace

class TestSmallScreen : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        QString why;
        test::useKeyringSandbox(&why);
    }

    // In this order: the Spanish catalogue stays installed for the rest of the process.
    void englishFitsA1024Screen() { checkLanguage(QStringLiteral("en")); }
    void spanishFitsA1024Screen() { checkLanguage(QStringLiteral("es")); }

private:
    void checkLanguage(const QString &language);
    void checkMinimumWidth(MainWindow &w, const QString &language);
    void checkOverview(MainWindow &w);
    void checkPreview(MainWindow &w);
};

void TestSmallScreen::checkLanguage(const QString &language)
{
    StartupOptions options;
    options.language = language;
    options.languageExplicit = true;
    installTranslations(*qApp, options);

    test::TempSettings settings;
    test::SandboxInfo sandbox;
    PURGA_REQUIRE_SANDBOX(sandbox);
    test::TestDatabase db(sandbox, QStringLiteral("uismall"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(seedDemo(db));

    MainWindow w;
    w.show();
    w.coordinator()->connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
    QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(w.state()->overview().exact, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(w.previewPage()->takePreviewButton()->isEnabled(), 30000);
    w.previewPage()->takePreview();
    QTRY_VERIFY_WITH_TIMEOUT(!w.state()->previewPlan().isEmpty(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);

    checkMinimumWidth(w, language);
    if (QTest::currentTestFailed())
        return;
    w.resize(1024, 768);
    checkOverview(w);
    if (QTest::currentTestFailed())
        return;
    checkPreview(w);
}

void TestSmallScreen::checkMinimumWidth(MainWindow &w, const QString &language)
{
    // Every page once shown (a preview tab builds its parts when first shown), then measured: at
    // 1024 px each page fits the room the window gives it, without scrolling sideways.
    w.resize(1024, 768);
    QStringList tooWide;
    for (const QString &id : w.pageIds()) {
        w.showPage(id);
        QTest::qWait(50);
        if (id == QLatin1String("preview"))
            for (const QString &rule : {test::kRefresh, test::kPre, test::kLog})
                if (RulePreviewTab *tab = w.previewPage()->tabFor(rule))
                    tab->sqlView();
        QCoreApplication::sendPostedEvents();
        QWidget *page = w.page(id);
        const int room = page->parentWidget()->width(); // the viewport of the page's scroller
        if (page->minimumSizeHint().width() > room)
            tooWide << QStringLiteral("%1 needs %2 px of %3")
                           .arg(id)
                           .arg(page->minimumSizeHint().width())
                           .arg(room);
    }
    QVERIFY2(tooWide.isEmpty(),
             qPrintable(language + QStringLiteral(": ") + tooWide.join(QStringLiteral(", "))));
    const int least = w.minimumSizeHint().width();
    QVERIFY2(least < 1000, qPrintable(QStringLiteral("%1: the window needs %2 px").arg(language).arg(least)));
    w.resize(900, 700);
    QTRY_VERIFY2(w.width() < 1000, qPrintable(QStringLiteral("%1: %2 px wide").arg(language).arg(w.width())));
}

void TestSmallScreen::checkOverview(MainWindow &w)
{
    w.showPage(QStringLiteral("overview"));
    QTest::qWait(100);
    auto *scroll = w.overviewPage()->findChild<QScrollArea *>();
    QVERIFY(scroll);
    test::shoot(&w, QStringLiteral("smallscreen-overview-") + QLocale().name());
    for (const QString &rule : {test::kRefresh, test::kPre, test::kLog}) {
        TableCard *card = w.overviewPage()->card(rule);
        QVERIFY(card);
        for (const char *key : {"total", "removable", "tableSize", "indexSize"}) {
            auto *value = card->findChild<QLabel *>(QStringLiteral("value_") + QLatin1String(key));
            QVERIFY(value);
            QVERIFY2(reachable(value, scroll) && reachable(card, scroll),
                     qPrintable(QStringLiteral("%1 %2 cannot be reached: at %3,%4 in a %5x%6 view")
                                    .arg(rule, QLatin1String(key))
                                    .arg(value->mapTo(scroll->viewport(), QPoint()).x())
                                    .arg(value->mapTo(scroll->viewport(), QPoint()).y())
                                    .arg(scroll->viewport()->width())
                                    .arg(scroll->viewport()->height())));
        }
    }
}

void TestSmallScreen::checkPreview(MainWindow &w)
{
    w.showPage(QStringLiteral("preview"));
    RulePreviewTab *tab = w.previewPage()->tabFor(test::kRefresh);
    QVERIFY(tab);
    SampleTableWidget *sample = tab->sampleTable();
    QVERIFY(sample);
    QTest::qWait(100);
    auto *view = sample->findChild<QTableView *>(QStringLiteral("sampleView"));
    QVERIFY(view);
    const int rowHeight = view->verticalHeader()->defaultSectionSize();
    const int shownRows = view->viewport()->height() / qMax(1, rowHeight);
    QVERIFY2(shownRows > 1, qPrintable(QStringLiteral("the sample shows %1 rows").arg(shownRows)));

    // The SQL grows with its text inside the tab's scroll area instead of scrolling on its own.
    auto *sqlText = tab->sqlView()->findChild<QAbstractScrollArea *>(QStringLiteral("sqlText"));
    QVERIFY(sqlText);
    QVERIFY(!scrollersAround(sqlText).isEmpty());
    QCOMPARE(sqlText->verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    QCOMPARE(sqlText->horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    QVERIFY2(sqlText->verticalScrollBar()->maximum() == 0 && sqlText->horizontalScrollBar()->maximum() == 0,
             qPrintable(QStringLiteral("the SQL hides %1 lines and %2 px")
                            .arg(sqlText->verticalScrollBar()->maximum())
                            .arg(sqlText->horizontalScrollBar()->maximum())));

    auto *exportButton = sample->findChild<QPushButton *>(QStringLiteral("exportCsvButton"));
    QVERIFY(exportButton);
    QVERIFY2(insideWindowWidth(exportButton, &w), "Export CSV is cut at the window's edge");
    // PURGA_UI_SHOTS=DIR: the window, and the whole tab as it scrolls.
    test::shoot(&w, QStringLiteral("smallscreen-preview-") + QLocale().name());
    test::shoot(tab->findChild<QScrollArea *>()->widget(),
                QStringLiteral("smallscreen-preview-tab-") + QLocale().name());
    BarChartView *age = tab->ageChart();
    QVERIFY(age);
    QVERIFY2(insideWindowWidth(age, &w),
             qPrintable(QStringLiteral("the by-age chart is cut: at x %1, %2 wide, "
                                       "in a %3 px window")
                            .arg(age->mapTo(&w, QPoint()).x())
                            .arg(age->width())
                            .arg(w.width())));
}

QTEST_MAIN(TestSmallScreen)
#include "tst_smallscreen.moc"
