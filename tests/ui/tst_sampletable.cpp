// SampleTableWidget: the mouse wheel over the preview's sample table scrolls the page until the
// table is clicked (issue 12: the wheel was trapped by the table).
#include "sampletable.h"

#include <QApplication>
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
};

QTEST_MAIN(TestSampleTable)
#include "tst_sampletable.moc"
