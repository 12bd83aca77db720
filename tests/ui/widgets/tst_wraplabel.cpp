// WrapLabel: the same heights as a QLabel, computed once per width until the text, the font or
// the margins change.
#include "ui/widgets/wraplabel.h"

#include <QTest>

using namespace purga;

class TestWrapLabel : public QObject
{
    Q_OBJECT

private:
    static QString words()
    {
        return QStringLiteral("identidad.trx_refresh_tokens: 38,525 rows removed in 48 batches, 3.0 s, "
                              "12,769 rows/s; the scheduled job's own SQL would still delete 10,362 rows");
    }

private slots:
    void sameHeightsAsALabel()
    {
        WrapLabel cached(words());
        QLabel plain(words());
        plain.setWordWrap(true);
        QVERIFY(cached.wordWrap());
        for (int width : {80, 200, 420, 900})
            QCOMPARE(cached.heightForWidth(width), plain.heightForWidth(width));
        QVERIFY(cached.heightForWidth(80) > cached.heightForWidth(900)); // it does wrap
    }

    void remembersUntilTheTextChanges()
    {
        WrapLabel label(words());
        const int h = label.heightForWidth(200);
        QCOMPARE(label.layoutsComputed(), 1);
        QCOMPARE(label.heightForWidth(200), h);
        QCOMPARE(label.layoutsComputed(), 1); // remembered
        label.heightForWidth(300);
        QCOMPARE(label.layoutsComputed(), 2);

        label.setText(QStringLiteral("short"));
        const int shorter = label.heightForWidth(200);
        QCOMPARE(label.layoutsComputed(), 3);
        QVERIFY(shorter < h);
    }

    void forgetsOnFontAndMargins()
    {
        WrapLabel label(words());
        const int h = label.heightForWidth(200);
        QFont big = label.font();
        big.setPointSizeF(big.pointSizeF() * 2);
        label.setFont(big);
        QVERIFY(label.heightForWidth(200) > h);
        const int computed = label.layoutsComputed();
        label.setMargin(20);
        QVERIFY(label.heightForWidth(200) > h);
        QCOMPARE(label.layoutsComputed(), computed + 1);
    }
};

QTEST_MAIN(TestWrapLabel)
#include "tst_wraplabel.moc"
