#pragma once

#include "core/purge/purgeengine.h"

#include <QStringList>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace purga {

class AppState;

// After a purge that deleted many rows from a row table (purga::vacuumWorthOffering), offers a
// VACUUM (ANALYZE) of those tables when the role may run it (PreflightReport::canVacuum), or says
// that autovacuum will reclaim the space. Never runs anything unasked: only the button does, through
// DbSession (its worker thread), with progress in place; Shift+Esc cancels like any DbSession work.
class VacuumOffer : public QWidget
{
    Q_OBJECT
public:
    explicit VacuumOffer(AppState *state, QWidget *parent = nullptr);

    // The row tables of `receipt` worth a VACUUM (never log_sesiones: its partitions are dropped).
    static QStringList tablesWorthVacuum(const PurgeReceipt &receipt);

    // Shows the offer (or the autovacuum note) for this receipt; hides itself when not worth it.
    void offerFor(const PurgeReceipt &receipt);
    void clear();

    QStringList tables() const { return m_tables; }
    bool isRunning() const { return m_running; }
    bool isDone() const { return m_done; }
    QPushButton *vacuumButton() const { return m_button; }
    QLabel *textLabel() const { return m_text; }
    QLabel *resultLabel() const { return m_result; }

public slots:
    void runVacuum();

signals:
    void vacuumFinished(bool ok, const QString &message);

private:
    void finish(bool ok, const QString &message, bool cancelled);
    void updateView();

    AppState *m_state;
    QStringList m_tables;
    qint64 m_rows = 0;
    bool m_running = false;
    bool m_done = false;
    QLabel *m_icon;
    QLabel *m_text;
    QPushButton *m_button;
    QProgressBar *m_progress;
    QLabel *m_result;
};

} // namespace purga
