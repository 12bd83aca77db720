// Where the GUI's log goes: the XDG state folder ($XDG_STATE_HOME, else ~/.local/state), one
// purga-sesiones level deep, and never the data folder ($XDG_DATA_HOME) that backups and sync
// tools copy.
#include "core/session/applog.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace purga;

class TestLogDirectory : public QObject
{
    Q_OBJECT
private slots:
    void cleanup()
    {
        uninstallAppLog();
        qunsetenv("XDG_STATE_HOME");
        qunsetenv("XDG_DATA_HOME");
    }

    void stateHomeWhenAbsolute()
    {
        QCOMPARE(stateLogDirectory(QStringLiteral("/srv/state"), QStringLiteral("/home/ana")),
                 QStringLiteral("/srv/state/purga-sesiones/logs"));
        QCOMPARE(stateLogDirectory(QStringLiteral("/srv/state/"), QStringLiteral("/home/ana")),
                 QStringLiteral("/srv/state/purga-sesiones/logs"));
    }

    void localStateWhenUnsetOrRelative()
    {
        const QString fallback = QStringLiteral("/home/ana/.local/state/purga-sesiones/logs");
        QCOMPARE(stateLogDirectory(QString(), QStringLiteral("/home/ana")), fallback);
        QCOMPARE(stateLogDirectory(QStringLiteral("state"), QStringLiteral("/home/ana")), fallback);
    }

#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    // What the demo relies on: with XDG_STATE_HOME pointed at its temp folder, the log of a run
    // lands there and nothing is written under XDG_DATA_HOME.
    void theInstalledLogFollowsXdgStateHome()
    {
        QTemporaryDir state;
        QTemporaryDir data;
        QVERIFY(state.isValid() && data.isValid());
        qputenv("XDG_STATE_HOME", state.path().toUtf8());
        qputenv("XDG_DATA_HOME", data.path().toUtf8());
        QCOMPARE(defaultLogDirectory(), state.filePath(QStringLiteral("purga-sesiones/logs")));

        QString error;
        QVERIFY2(installAppLog(AppLogOptions(), &error), qPrintable(error));
        qWarning("a line for the file");
        const QString file = appLogFilePath();
        QCOMPARE(file, state.filePath(QStringLiteral("purga-sesiones/logs/purga-sesiones.log")));
        QVERIFY(QFileInfo(file).size() > 0);
        QVERIFY(!file.contains(QLatin1String("purga-sesiones/purga-sesiones")));
        QVERIFY2(QDir(data.path()).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 "something was written under XDG_DATA_HOME");
    }
#endif
};

QTEST_GUILESS_MAIN(TestLogDirectory)
#include "tst_logdirectory.moc"
