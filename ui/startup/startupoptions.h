#pragma once

#include <QString>
#include <QStringList>

class QApplication;
class QCoreApplication;

namespace purga {

class MainWindow;

// Command line of the GUI: --lang es|en, --profile NAME, --screenshots DIR, --quit-after-screenshots,
// --verbose, --dark.
struct StartupOptions
{
    QString language; // "es" or "en" (from --lang or the system locale)
    bool languageExplicit = false;
    QString profile;       // connect on start, password from the keychain
    QString screenshotDir; // save the pages as PNG once the data has arrived
    bool quitAfterScreenshots = false;
    bool verbose = false;  // --verbose: the log file's lines on stderr too
    bool dark = false;     // --dark: a dark Fusion palette whatever the system's theme
    QStringList fleetTags; // --fleet-tag T (repeatable): open the Fleet page and check that fleet
};

// Parses the application's arguments (--help and --version exit here). False on a bad option,
// with the reason in *error.
bool parseStartupOptions(QCoreApplication &app, StartupOptions *options, QString *error);

// True when the arguments only ask for --help or --version: main() then answers them with a
// QCoreApplication, so that they work without a display.
bool wantsHelpOrVersionOnly(int argc, char **argv);

// Spanish: loads :/i18n/purga_es.qm and Qt's own translations; picks the number format of that language
// when the system gives none (C locale) or another language was asked for.
void installTranslations(QApplication &app, const StartupOptions &options);

// --dark: the Fusion style with a dark palette (else the system's palette, light or dark, is followed).
void applyColourScheme(const StartupOptions &options);

// After the window is shown: connect with --profile and arm --screenshots.
void applyStartupOptions(MainWindow *window, const StartupOptions &options);

} // namespace purga
