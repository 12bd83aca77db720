// Numbers and spans as both executables write them: the locale's separators, and
// hours over 48 in days ("3 days 4 h"), which a DBA reads faster than "76 h".
#include "core/util/textformat.h"

#include <QLocale>
#include <QTest>

using namespace purga;

class TestTextFormat : public QObject
{
    Q_OBJECT
private slots:
    void cleanup() { QLocale::setDefault(QLocale::c()); }

    void hours_data()
    {
        QTest::addColumn<double>("hours");
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("spanish");
        QTest::newRow("under ten: a decimal") << 5.5 << QStringLiteral("5.5 h") << QStringLiteral("5,5 h");
        QTest::newRow("whole hours") << 30.2 << QStringLiteral("30 h") << QStringLiteral("30 h");
        QTest::newRow("48 h is still hours") << 48.0 << QStringLiteral("48 h") << QStringLiteral("48 h");
        QTest::newRow("days and hours")
            << 76.1 << QStringLiteral("3 days 4 h") << QStringLiteral("3 days 4 h");
        QTest::newRow("whole days") << 72.2 << QStringLiteral("3 days") << QStringLiteral("3 days");
        QTest::newRow("rounds up to the day") << 71.9 << QStringLiteral("3 days") << QStringLiteral("3 days");
        QTest::newRow("many days, grouped")
            << 24.0 * 12345 + 2 << QStringLiteral("12,345 days 2 h") << QStringLiteral("12.345 days 2 h");
    }

    // The words stay English without a translator (the test loads none); the digits follow the locale.
    void hours()
    {
        QFETCH(double, hours);
        QFETCH(QString, english);
        QFETCH(QString, spanish);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(formatHours(hours), english);
        QLocale::setDefault(QLocale(QLocale::Spanish, QLocale::Spain));
        QCOMPARE(formatHours(hours), spanish);
    }

    void countsAreGrouped()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(formatCount(38438), QStringLiteral("38,438"));
        QLocale::setDefault(QLocale(QLocale::Spanish, QLocale::Ecuador));
        QCOMPARE(formatCount(38438), QStringLiteral("38.438"));
    }
};

QTEST_GUILESS_MAIN(TestTextFormat)
#include "tst_textformat.moc"
