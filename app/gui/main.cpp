#include "dbsession.h"
#include "mainwindow.h"
#include "startupoptions.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
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
