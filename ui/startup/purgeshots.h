#pragma once

#include <QObject>
#include <QString>

class QTimer;

namespace purga {

class MainWindow;
struct PurgeReceipt;

// The last two screenshots of --screenshots: the Purge page during a real purge of the frozen
// preview (06-purge-running.png, taken once the first rule is a quarter done, so the run is
// visibly in progress) and after it, with its receipt (07-purge-done.png). Small batches with a
// pause between them keep the run on screen long enough to be caught. Only on a connection whose
// preflight allows a purge (the demo's throwaway database).
class PurgeShots : public QObject
{
    Q_OBJECT
public:
    static constexpr int BatchSize = 1000;
    static constexpr int PauseMs = 60;

    PurgeShots(MainWindow *window, const QString &dir);
    // Starts the purge; finished() follows (at once when there is nothing to purge).
    void start();

signals:
    void finished(bool ok);

private:
    void pollProgress();
    void onPurgeFinished(const PurgeReceipt &receipt);
    bool save(const QString &fileName);

    MainWindow *m_window;
    QString m_dir;
    QString m_firstRule;
    QTimer *m_poll;
    bool m_runningShot = false;
    bool m_ok = true;
};

} // namespace purga
