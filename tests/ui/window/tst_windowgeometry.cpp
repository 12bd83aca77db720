// Where the main window opens: WindowGeometry::fit() on a table of saved rectangles and screens,
// then the real window on an offscreen screen of 1024×768, and (in a second run of this program)
// on a 1280×800 screen with QT_SCALE_FACTOR=2, i.e. 640×400 logical pixels.
#include "core/session/metatypes.h"
#include "support/keyringsandbox.h"
#include "ui/window/mainwindow.h"
#include "ui/window/windowgeometry.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScreen>
#include <QSettings>
#include <QTest>

using namespace purga;

namespace {

// The offscreen screen of this run: PURGA_TEST_SCREEN (WxH, physical pixels), else 1024x768.
QSize screenSize()
{
    const QStringList wh = qEnvironmentVariable("PURGA_TEST_SCREEN", QStringLiteral("1024x768")).split(u'x');
    return wh.size() == 2 ? QSize(wh.at(0).toInt(), wh.at(1).toInt()) : QSize(1024, 768);
}

// The platform plugin's configuration with that one screen, written next to the temp files.
QByteArray offscreenPlatform()
{
    const QSize size = screenSize();
    const QString path = QDir::temp().filePath(QStringLiteral("purga-offscreen-%1-%2x%3.json")
                                                   .arg(QCoreApplication::applicationPid())
                                                   .arg(size.width())
                                                   .arg(size.height()));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QStringLiteral(R"({"screens": [{"name": "test", "x": 0, "y": 0, "width": %1, "height": %2,
                                     "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}],
                                     "windowFrameMargins": false})")
                       .arg(size.width())
                       .arg(size.height())
                       .toUtf8());
    return "offscreen:configfile=" + QFile::encodeName(path);
}

} // namespace

class TestWindowGeometry : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { registerMetaTypes(); }

    void fit_data()
    {
        QTest::addColumn<QRect>("wanted");
        QTest::addColumn<bool>("placed");
        QTest::addColumn<QRect>("available");
        QTest::addColumn<QRect>("expected");
        QTest::newRow("saved 1240 wide on a 1024x768 screen")
            << QRect(100, 50, 1240, 780) << true << QRect(0, 0, 1024, 768) << QRect(0, 0, 1024, 768);
        // 1280x800 at QT_SCALE_FACTOR=2 is 640x400 logical: 1280x800 device pixels, not 2480x1560.
        QTest::newRow("1240x780 on 1280x800 at scale 2")
            << QRect(0, 0, 1240, 780) << false << QRect(0, 0, 640, 400) << QRect(0, 0, 640, 400);
        QTest::newRow("fits: kept as saved")
            << QRect(100, 80, 800, 600) << true << QRect(0, 0, 1920, 1080) << QRect(100, 80, 800, 600);
        QTest::newRow("hanging over the right edge: pulled in")
            << QRect(1500, 100, 800, 600) << true << QRect(0, 0, 1920, 1080) << QRect(1120, 100, 800, 600);
        QTest::newRow("on a screen that is gone: centred")
            << QRect(3000, 100, 800, 600) << true << QRect(0, 0, 1920, 1080) << QRect(560, 240, 800, 600);
        QTest::newRow("never saved: centred")
            << QRect(0, 0, 1240, 780) << false << QRect(0, 0, 1920, 1080) << QRect(340, 150, 1240, 780);
        QTest::newRow("a panel at the top, a screen to the right")
            << QRect(1900, 0, 1240, 780) << true << QRect(1920, 32, 1366, 736) << QRect(1920, 32, 1240, 736);
        QTest::newRow("no screen: as wanted")
            << QRect(10, 10, 1240, 780) << true << QRect() << QRect(10, 10, 1240, 780);
    }

    void fit()
    {
        QFETCH(QRect, wanted);
        QFETCH(bool, placed);
        QFETCH(QRect, available);
        QFETCH(QRect, expected);
        QCOMPARE(WindowGeometry::fit(wanted, available, placed), expected);
    }

    // The real window, first run and with a saved 1240 px rectangle, inside this run's screen.
    void windowFitsTheScreen()
    {
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        const QString logical = qEnvironmentVariable("PURGA_TEST_LOGICAL_SCREEN");
        if (!logical.isEmpty()) // the scaled run: Qt's logical pixels are what the window fits
            QCOMPARE(QStringLiteral("%1x%2").arg(available.width()).arg(available.height()), logical);
        else
            QCOMPARE(available.size(), screenSize());

        for (const bool saved : {false, true}) {
            test::TempSettings settings;
            if (saved)
                QSettings().setValue(QStringLiteral("ui/windowGeometry"), QRect(40, 30, 1240, 780));
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QCoreApplication::processEvents();
            const QRect g = w.frameGeometry();
            QVERIFY2(available.contains(g),
                     qPrintable(QStringLiteral("saved %1: %2,%3 %4x%5 on a %6x%7 screen")
                                    .arg(saved)
                                    .arg(g.x())
                                    .arg(g.y())
                                    .arg(g.width())
                                    .arg(g.height())
                                    .arg(available.width())
                                    .arg(available.height())));
        }
    }

    // Closing keeps the rectangle; the next window opens there.
    void closedWindowReopensWhereItWas()
    {
        test::TempSettings settings;
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.setGeometry(20, 10, 900, 640);
            QCoreApplication::processEvents();
            QVERIFY(w.close());
        }
        QCOMPARE(QSettings().value(QStringLiteral("ui/windowGeometry")).toRect(), QRect(20, 10, 900, 640));
        MainWindow again;
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QCOMPARE(again.geometry(), QRect(20, 10, 900, 640));
    }

    // This program once more, on a 1280x800 screen at QT_SCALE_FACTOR=2.
    void windowFitsAScaledLaptopScreen()
    {
        if (qEnvironmentVariableIsSet("PURGA_TEST_SCREEN"))
            QSKIP("this is the scaled run itself");
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PURGA_TEST_SCREEN"), QStringLiteral("1280x800"));
        env.insert(QStringLiteral("PURGA_TEST_LOGICAL_SCREEN"), QStringLiteral("640x400"));
        env.insert(QStringLiteral("QT_SCALE_FACTOR"), QStringLiteral("2"));
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::MergedChannels);
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("windowFitsTheScreen")});
        QVERIFY(child.waitForFinished(120000));
        const QString out = QString::fromUtf8(child.readAll());
        QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0, qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("PASS   : TestWindowGeometry::windowFitsTheScreen()")),
                 qPrintable(out));
    }
};

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", offscreenPlatform());
    QApplication app(argc, argv);
    TestWindowGeometry test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowgeometry.moc"
