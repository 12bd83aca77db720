#pragma once

#include "core/purge/pacer.h"

#include <QWidget>

#include <memory>

class QDoubleSpinBox;
class QPushButton;
class QSpinBox;

namespace purga {

// Batch size, nice ratio, replica lag limit and Pause/Resume of a running purge: each
// change goes to the run's LiveSettings at once and the engine applies it before its next batch
// (and logs it). Disabled when no run is attached, except the replica lag limit: it is the
// profile's setting (maxLagEdited), editable before a run too.
class LiveControls : public QWidget
{
    Q_OBJECT
public:
    explicit LiveControls(QWidget *parent = nullptr);

    // A run starts with these settings; the controls act on `live` until detach().
    void attach(std::shared_ptr<LiveSettings> live, int batchSize, double nice);
    void detach();
    // The batch size the running rule uses (or, between runs, the one the next run starts with):
    // shown unless a change typed during this run overrides it. Not a change, not signalled.
    void showBatchSize(int rows);
    // The replica lag limit shown (0: off); not a change, not signalled.
    void setMaxLag(int ms);
    int maxLag() const;

    QSpinBox *batchSpin() const { return m_batch; }
    QDoubleSpinBox *niceSpin() const { return m_nice; }
    QPushButton *pauseButton() const { return m_pause; }
    QSpinBox *maxLagSpin() const { return m_maxLag; }

signals:
    // The user set the replica lag limit (ms, 0: off): the page saves it in the profile.
    void maxLagEdited(int ms);

private:
    void setRunControlsEnabled(bool enabled);
    void updatePauseText();

    std::shared_ptr<LiveSettings> m_live;
    QSpinBox *m_batch;
    QDoubleSpinBox *m_nice;
    QPushButton *m_pause;
    QSpinBox *m_maxLag;
};

} // namespace purga
