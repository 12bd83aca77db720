#include "core/session/applog.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "core/util/buildinfo.h"
#include "core/util/processguard.h"
#include "ui/startup/startupoptions.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

namespace {

void setNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("purga-sesiones"));
    QCoreApplication::setApplicationName(QStringLiteral("purga-sesiones"));
    QCoreApplication::setApplicationVersion(purga::buildinfo::appVersion());
}

// Parses the command line; false (after saying why on stderr) on a bad option.
bool parse(QCoreApplication &app, purga::StartupOptions *options)
{
    QString error;
    if (purga::parseStartupOptions(app, options, &error))
        return true;
    std::fprintf(stderr, "purga-sesiones: %s\n", qPrintable(error));
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    // Before any thread exists (QtKeychain's D-Bus, QThreadPool): SIGINT/SIGTERM are blocked in
    // every thread and taken by one watcher, which closes the window as the user would (asking
    // first while a purge runs) instead of killing the process mid-batch. No core dumps.
    purga::blockTerminationSignals();
    purga::hardenProcess();
    purga::StartupOptions options;
    // --help and --version print and exit without opening a display (over ssh, in CI).
    if (purga::wantsHelpOrVersionOnly(argc, argv)) {
        QCoreApplication app(argc, argv);
        setNames();
        return parse(app, &options) ? 0 : 2;
    }

    QApplication app(argc, argv);
    purga::watchTerminationSignals(
        [](int) { QMetaObject::invokeMethod(qApp, &QApplication::closeAllWindows, Qt::QueuedConnection); });
    setNames();
    // The installed .desktop file's name: the desktop shows the window with its icon and name.
    QGuiApplication::setDesktopFileName(purga::buildinfo::appId());
    if (!parse(app, &options))
        return 2;
    purga::AppLogOptions logOptions;
    logOptions.verbose = options.verbose;
    QString logError;
    if (!purga::installAppLog(logOptions, &logError))
        std::fprintf(stderr, "purga-sesiones: no log file (%s)\n", qPrintable(logError));
    qInfo("purga-sesiones %s started", qPrintable(purga::buildinfo::appVersion()));
    purga::installTranslations(app, options);
    purga::applyColourScheme(options);
    purga::registerMetaTypes();
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("purga-sesiones"),
                                                 QIcon(QStringLiteral(":/icons/purga-sesiones.svg"))));

    purga::MainWindow window;
    window.show();
    purga::applyStartupOptions(&window, options);
    return app.exec();
}
