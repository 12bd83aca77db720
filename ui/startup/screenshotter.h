#pragma once

#include <QObject>
#include <QString>

class QTimer;

namespace purga {

class MainWindow;

// --screenshots DIR: once connected, with the exact overview counts and a preview in (or refused),
// saves each page of the window: 00-checks.png, 01-overview.png, 02-preview.png, 03-purge.png, and
// 04-forensics.png with the demo incident (identidad.demo_incidente) looked up and purges frozen,
// 05-history.png (the demo's 90 days of runs, identidad.demo_historial), then the Purge page during
// and after a real purge of the preview: 06-purge-running.png, 07-purge-done.png (PurgeShots).
class Screenshotter : public QObject
{
    Q_OBJECT
public:
    Screenshotter(MainWindow *window, const QString &dir, bool quitAfter, int timeoutMs = 300000);

signals:
    void finished(bool ok);

private:
    void check();
    void shoot();
    void shootForensics();
    void shootHistory();
    void shootPurge();
    void finish(bool ok);

    MainWindow *m_window;
    QString m_dir;
    bool m_quitAfter;
    bool m_previewRequested = false;
    bool m_previewFailed = false;
    bool m_overviewFailed = false;
    bool m_done = false;
    bool m_ok = false;
    bool m_scheduled = false;
    QTimer *m_timeout;
};

} // namespace purga
