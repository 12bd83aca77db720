#pragma once

#include <QDialog>

class QLabel;

namespace purga {

class AppState;

// Help → About: the app's version and licence, the Qt and libpq it runs with, and the server's
// version while connected (from the last preflight). Plain text, selectable for bug reports.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(const AppState *state, QWidget *parent = nullptr);

    // The version lines as shown, one per line (also what "Copy" puts on the clipboard).
    QString versionsText() const;

private:
    const AppState *m_state;
    QLabel *m_versions;
};

// Shows the folder of the log file in the file manager; false when there is no log file.
bool openLogFolder();

} // namespace purga
