// SampleTableWidget: the mouse wheel over the preview's sample table scrolls the page until the
// table is clicked (the wheel must not be trapped by the table); in the real preview tab, over
// the sample and over the SQL alike.
#include "core/rules/rules.h"
#include "ui/common/sqlview.h"
#include "ui/preview/rulepreviewtab.h"
#include "ui/preview/sampletable.h"

#include <QApplication>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>

using namespace purga;

class TestSampleTable : public QObject
{
    Q_OBJECT

    static void wheelDown(QWidget *target)
    {
        const QPointF pos(target->width() / 2.0, target->height() / 2.0);
        QWheelEvent e(pos, target->mapToGlobal(pos), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(target, &e);
    }

private slots:
    void idsAreNotGroupedLikeCounts()
    {
        // A sample shows database values: usuario_id 60271 is an id, not "60,271".
        QCOMPARE(SampleTableModel::displayText(QVariant(qint64(60271))), QStringLiteral("60271"));
        QCOMPARE(SampleTableModel::displayText(QVariant(900001)), QStringLiteral("900001"));
        QCOMPARE(SampleTableModel::displayText(QVariant()), QStringLiteral("NULL"));
    }

    void wheelScrollsThePageUntilTheTableIsClicked()
    {
        QScrollArea page;
        page.resize(600, 400);
        auto *content = new QWidget;
        auto *layout = new QVBoxLayout(content);
        layout->addSpacing(100);
        auto *sample = new SampleTableWidget;
        layout->addWidget(sample);
        layout->addSpacing(1500);
        page.setWidget(content);
        page.setWidgetResizable(true);
        QList<QVariantList> rows;
        for (int i = 0; i < 300; ++i)
            rows << QVariantList{i, QStringLiteral("row %1").arg(i)};
        sample->setSample(QStringLiteral("refresh_tokens"), {QStringLiteral("id"), QStringLiteral("hash")},
                          rows, 300);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QScrollBar *pageBar = page.verticalScrollBar();
        QScrollBar *tableBar = sample->view()->verticalScrollBar();
        QVERIFY(pageBar->maximum() > 0 && tableBar->maximum() > 0);

        wheelDown(sample->view()->viewport());
        QVERIFY(pageBar->value() > 0);
        QCOMPARE(tableBar->value(), 0);

        const int pageAt = pageBar->value();
        sample->view()->setFocus(Qt::MouseFocusReason);
        QVERIFY(sample->view()->hasFocus());
        wheelDown(sample->view()->viewport());
        QVERIFY(tableBar->value() > 0);
        QCOMPARE(pageBar->value(), pageAt);
    }

    // The preview's own page: a rule tab scrolled as a whole, its sample of 100 rows scrollable on
    // its own, its SQL shown whole. The wheel over the sample scrolls the tab.
    void wheelScrollsThePreviewTab()
    {
        PreviewPlan plan;
        plan.takenAtUtc = plan.cutoffBaseUtc = QStringLiteral("2026-11-27 08:00:00+00");
        plan.serverTimeZone = QStringLiteral("UTC");
        RulePreview rule;
        rule.id = QStringLiteral("refresh_tokens");
        rule.table = QStringLiteral("identidad.trx_refresh_tokens");
        rule.config = Rules::defaults(rule.id);
        rule.eligible = 5000;
        rule.keyMin = 1;
        rule.keyMax = 5000;
        rule.sampleColumns = {QStringLiteral("id"), QStringLiteral("hash")};
        for (int i = 1; i <= 100; ++i)
            rule.sample << QVariantList{i, QStringLiteral("ab…%1").arg(i)};
        rule.countSql = QStringList(40, QStringLiteral("SELECT 1")).join(u'\n');
        rule.deleteSql = QStringLiteral("DELETE FROM identidad.trx_refresh_tokens");
        plan.rules = {rule};
        RulePreviewTab tab(plan, plan.rules.first());
        tab.ensureBuilt(); // all of it now, not the sample and SQL on a later turn
        tab.resize(900, 500);
        tab.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tab));
        auto *page = tab.findChild<QScrollArea *>();
        QVERIFY(page);
        QScrollBar *pageBar = page->verticalScrollBar();
        QVERIFY(pageBar->maximum() > 0);

        // The SQL shows all of its lines: it has nothing to scroll, so it cannot trap the wheel.
        QCOMPARE(tab.sqlView()->findChild<QPlainTextEdit *>()->verticalScrollBar()->maximum(), 0);
        const QList<QAbstractScrollArea *> views{tab.sampleTable()->view()};
        for (QAbstractScrollArea *view : views) {
            QVERIFY(view);
            QScrollBar *own = view->verticalScrollBar();
            QVERIFY2(own->maximum() > 0, qPrintable(view->objectName())); // it could trap the wheel
            page->ensureWidgetVisible(view, 0, 0);
            pageBar->setValue(qMin(pageBar->value(), pageBar->maximum() - 1));
            const int before = pageBar->value();
            wheelDown(view->viewport());
            QVERIFY2(pageBar->value() > before, qPrintable(view->objectName()));
            QCOMPARE(own->value(), 0);
        }
    }
};

QTEST_MAIN(TestSampleTable)
#include "tst_sampletable.moc"
