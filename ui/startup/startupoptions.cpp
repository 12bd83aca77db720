#include "startupoptions.h"

#include "core/util/language.h"
#include "screenshotter.h"
#include "ui/fleet/fleetpage.h"
#include "ui/style/theme.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLocale>

namespace purga {

bool wantsHelpOrVersionOnly(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--help" || a == "-h" || a == "-?" || a == "--help-all" || a == "--version" || a == "-v")
            return true;
    }
    return false;
}

bool parseStartupOptions(QCoreApplication &app, StartupOptions *options, QString *error)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "StartupOptions", "Preview and purge expired session tokens in PostgreSQL."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption lang(
        QStringLiteral("lang"),
        QCoreApplication::translate("StartupOptions", "Language of the interface: es or en."),
        QStringLiteral("es|en"));
    const QCommandLineOption profile(
        QStringLiteral("profile"),
        QCoreApplication::translate("StartupOptions",
                                    "Connect on start with this profile (password from the keychain)."),
        QStringLiteral("NAME"));
    const QCommandLineOption shots(
        QStringLiteral("screenshots"),
        QCoreApplication::translate(
            "StartupOptions", "Once connected and the data has arrived, save every page as a PNG in DIR."),
        QStringLiteral("DIR"));
    const QCommandLineOption quit(
        QStringLiteral("quit-after-screenshots"),
        QCoreApplication::translate("StartupOptions", "Quit once the screenshots are saved."));
    const QCommandLineOption verbose(
        QStringLiteral("verbose"),
        QCoreApplication::translate("StartupOptions",
                                    "Also write the log (database requests, purge lines) to stderr. "
                                    "The log file is always written; Help > About says where."));
    const QCommandLineOption dark(
        QStringLiteral("dark"),
        QCoreApplication::translate("StartupOptions",
                                    "Use a dark palette (Fusion style) whatever the system's theme; "
                                    "without it the system's light or dark palette is followed."));
    const QCommandLineOption fleetTag(
        QStringLiteral("fleet-tag"),
        QCoreApplication::translate("StartupOptions",
                                    "Open the Fleet page and check the profiles carrying this tag "
                                    "(repeatable: every tag given)."),
        QStringLiteral("T"));
    parser.addOptions({lang, profile, shots, quit, verbose, dark, fleetTag});
    parser.process(app);

    if (parser.isSet(lang)) {
        options->language = parser.value(lang).toLower();
        options->languageExplicit = true;
        if (options->language != QLatin1String("es") && options->language != QLatin1String("en")) {
            *error = QCoreApplication::translate("StartupOptions", "--lang takes es or en, not \"%1\".")
                         .arg(parser.value(lang));
            return false;
        }
    } else {
        options->language = messagesLanguage(); // LANGUAGE, LC_ALL, LC_MESSAGES, LANG as gettext reads them
    }
    options->profile = parser.value(profile);
    options->screenshotDir = parser.value(shots);
    options->quitAfterScreenshots = parser.isSet(quit);
    options->verbose = parser.isSet(verbose);
    options->dark = parser.isSet(dark);
    options->fleetTags = parser.values(fleetTag);
    if (options->quitAfterScreenshots && options->screenshotDir.isEmpty()) {
        *error = QCoreApplication::translate("StartupOptions",
                                             "--quit-after-screenshots needs --screenshots DIR.");
        return false;
    }
    return true;
}

void installTranslations(QApplication &app, const StartupOptions &options)
{
    const bool spanish = options.language == QLatin1String("es");
    const QLocale system = QLocale::system();
    if (system.language() == QLocale::C ||
        (options.languageExplicit && system.language() != (spanish ? QLocale::Spanish : QLocale::English)))
        QLocale::setDefault(spanish ? QLocale(QLocale::Spanish, QLocale::Ecuador)
                                    : QLocale(QLocale::English, QLocale::UnitedStates));

    // English is the source language: nothing to load for it (the CLI shares this).
    if (!installCatalogues(app, options.language))
        qWarning("purga-sesiones: no translation for language %s", qPrintable(options.language));
}

void applyColourScheme(const StartupOptions &options)
{
    if (!options.dark)
        return;
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(Theme::darkPalette());
}

void applyStartupOptions(MainWindow *window, const StartupOptions &options)
{
    if (!options.screenshotDir.isEmpty())
        new Screenshotter(window, options.screenshotDir, options.quitAfterScreenshots);
    if (!options.fleetTags.isEmpty()) { // a fleet needs no connection of the window's
        window->showPage(QStringLiteral("fleet"));
        window->fleetPage()->checkFleet(options.fleetTags);
        if (options.profile.isEmpty())
            return;
    }
    if (!options.profile.isEmpty())
        window->connectOnStart(options.profile);
    else
        window->openConnectDialog(); // nothing to show before a connection
}

} // namespace purga
