#pragma once

// The GUI's log file: every Qt message (database requests, purge lines, warnings) written, with
// its secrets removed, to a file under the platform's state (or app-data) location that rotates
// at a bound.
#include <QString>
#include <QtGlobal>

namespace purga {

struct AppLogOptions
{
    QString directory;             // empty: defaultLogDirectory()
    qint64 maxBytes = 1024 * 1024; // a file is rotated before it grows past this
    int files = 4;                 // purga-sesiones.log and .1 … .(files-1); older ones are deleted
    bool verbose = false;          // also every line on stderr (otherwise only warnings and worse)
};

// Where the log goes. Linux and other XDG systems: stateLogDirectory() of $XDG_STATE_HOME and the
// home folder (a log is state, not data: ~/.local/state/purga-sesiones/logs by default). Windows
// and macOS: <AppLocalDataLocation>/logs (%LOCALAPPDATA%\purga-sesiones\purga-sesiones\logs,
// ~/Library/Application Support/purga-sesiones/purga-sesiones/logs).
QString defaultLogDirectory();
// <xdgStateHome>/purga-sesiones/logs when xdgStateHome is an absolute path, otherwise
// <home>/.local/state/purga-sesiones/logs (the XDG base-directory specification's rule).
QString stateLogDirectory(const QString &xdgStateHome, const QString &home);

// Installs the message handler and enables the purga.* info messages. False with the reason when
// the directory or file cannot be made (the GUI still runs, logging to stderr as before).
bool installAppLog(const AppLogOptions &options, QString *error = nullptr);
// Restores Qt's own handler and closes the file (tests; harmless when not installed).
void uninstallAppLog();
// The file being written, empty when no log is installed.
QString appLogFilePath();

// A secret the process holds (a password typed in the connect dialog): from now on replaced by
// "***" wherever it would appear in the log. Ignored when no log is installed.
void addLogSecret(const QString &secret);

// `line` as it may be written: known secrets, conninfo passwords and postgres:// URI passwords
// replaced by "***", strings that look like token hashes (32+ hex or 40+ base64url characters)
// masked as the GUI shows them (first 6 … last 4).
QString sanitizeLogLine(const QString &line);

} // namespace purga
