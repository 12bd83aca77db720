#include "dbsession.h"
#include "mainwindow.h"
#include "processguard.h"
#include "startupoptions.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

int main(int argc, char **argv)
{
    // Before any thread exists (QtKeychain's D-Bus, QThreadPool): SIGINT/SIGTERM are blocked in
    // every thread and taken by one watcher, which closes the window as the user would (asking
    // first while a purge runs) instead of killing the process mid-batch. No core dumps.
    purga::blockTerminationSignals();
    purga::hardenProcess();
    QApplication app(argc, argv);
    purga::watchTerminationSignals([](int) {
        QMetaObject::invokeMethod(qApp, &QApplication::closeAllWindows, Qt::QueuedConnection);
    });
    QApplication::setOrganizationName(QStringLiteral("purga-sesiones"));
    QApplication::setApplicationName(QStringLiteral("purga-sesiones"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    purga::StartupOptions options;
    QString error;
    if (!purga::parseStartupOptions(app, &options, &error)) {
        std::fprintf(stderr, "purga-sesiones: %s\n", qPrintable(error));
        return 2;
    }
    purga::installTranslations(app, options);
    purga::registerMetaTypes();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/purga-sesiones.svg")));

    purga::MainWindow window;
    window.show();
    purga::applyStartupOptions(&window, options);
    return app.exec();
}
