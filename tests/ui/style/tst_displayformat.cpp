// Display::timestamp: the one format of an instant on every page ("2026-11-29 21:25:39", the
// zone said once by Display::zoneNote), whatever text the core hands out: "…Z", "…+00", an offset.
#include "ui/style/displayformat.h"

#include <QApplication>
#include <QTest>
#include <QTimeZone>

using namespace purga;

class TestDisplayFormat : public QObject
{
    Q_OBJECT
private slots:
    void everyCoreTextGivesTheSameFormat_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("iso Z") << QStringLiteral("2026-11-29T21:25:39Z");
        QTest::newRow("iso Z with micros") << QStringLiteral("2026-11-29T21:25:39.123456Z");
        QTest::newRow("postgres +00") << QStringLiteral("2026-11-29 21:25:39.5+00");
        QTest::newRow("an offset") << QStringLiteral("2026-11-29 16:25:39-05");
        QTest::newRow("no offset") << QStringLiteral("2026-11-29 21:25:39");
    }

    void everyCoreTextGivesTheSameFormat()
    {
        QFETCH(QString, text);
        QCOMPARE(Display::timestamp(text), QStringLiteral("2026-11-29 21:25:39"));
    }

    void aDateTimeInAnyZoneIsShownInTheAppsZone()
    {
        const QDateTime utc(QDate(2026, 11, 29), QTime(21, 25, 39), QTimeZone::utc());
        QCOMPARE(Display::timestamp(utc), QStringLiteral("2026-11-29 21:25:39"));
        QCOMPARE(Display::timestamp(utc.toTimeZone(QTimeZone(QByteArrayLiteral("America/Bogota")))),
                 QStringLiteral("2026-11-29 21:25:39"));
        QCOMPARE(Display::timestamp(utc.toLocalTime()), QStringLiteral("2026-11-29 21:25:39"));
    }

    void emptyAndUnparsedTexts()
    {
        QCOMPARE(Display::timestamp(QString(), QStringLiteral("—")), QStringLiteral("—"));
        QCOMPARE(Display::timestamp(QDateTime(), QStringLiteral("never")), QStringLiteral("never"));
        QCOMPARE(Display::timestamp(QStringLiteral("soon")), QStringLiteral("soon"));
    }

    void instantsInACoreMessageTakeTheOneFormat()
    {
        QCOMPARE(Display::timestampsIn(QStringLiteral("7 removable since 2026-11-18T07:21:31Z (15 days ago), "
                                                      "last ok 2026-11-29T21:25:39.5Z.")),
                 QStringLiteral("7 removable since 2026-11-18 07:21:31 (15 days ago), last ok 2026-11-29 21:25:39."));
        QCOMPARE(Display::timestampsIn(QStringLiteral("no instant here")), QStringLiteral("no instant here"));
    }

    void theZoneIsSaidOnce()
    {
        QVERIFY(Display::zoneNote().contains(QLatin1String("UTC")));
        QVERIFY(!Display::timestamp(QStringLiteral("2026-11-29T21:25:39Z")).contains(QLatin1String("UTC")));
    }
};

QTEST_MAIN(TestDisplayFormat)
#include "tst_displayformat.moc"
