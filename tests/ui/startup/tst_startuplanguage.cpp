// The GUI's language: `--lang en` installs no catalogue (English is the
// source language, there is no purga_en) and keeps English numbers; `--lang es` loads the Spanish
// catalogue that purga_core carries for both executables, Qt's own strings included.
#include "ui/startup/startupoptions.h"

#include <QApplication>
#include <QLocale>
#include <QTest>

using namespace purga;

class TestStartupLanguage : public QObject
{
    Q_OBJECT

private slots:
    // In this order: an installed translator stays for the rest of the process.
    void langEnStaysEnglish()
    {
        StartupOptions options;
        options.language = QStringLiteral("en");
        options.languageExplicit = true;
        installTranslations(*qApp, options);
        QCOMPARE(QCoreApplication::translate("purga::MainWindow", "&Quit"), QStringLiteral("&Quit"));
        QCOMPARE(QCoreApplication::translate("Cli", "Commands:"), QStringLiteral("Commands:"));
        QCOMPARE(QLocale().toString(13251), QStringLiteral("13,251"));
    }

    void langEsIsSpanish()
    {
        StartupOptions options;
        options.language = QStringLiteral("es");
        options.languageExplicit = true;
        installTranslations(*qApp, options);
        QCOMPARE(QCoreApplication::translate("purga::MainWindow", "&Quit"), QStringLiteral("&Salir"));
        QCOMPARE(QCoreApplication::translate("Cli", "Commands:"), QStringLiteral("Comandos:"));
        // Ours override Qt's quote marks; what qtbase_es lacks comes from ours.
        QCOMPARE(QCoreApplication::translate("QCommandLineParser", "Unknown option '%1'."),
                 QStringLiteral("Opción desconocida \"%1\"."));
        QCOMPARE(QLocale().toString(13251), QStringLiteral("13.251"));
    }
};

QTEST_MAIN(TestStartupLanguage)
#include "tst_startuplanguage.moc"
