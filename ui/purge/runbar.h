#pragma once

#include <QWidget>

class QGridLayout;

namespace purga {

// The line above a run's progress: its status (stretching), the live controls, Stop and Cancel in
// one row while the bar is wide enough for them, else the live controls in a row of their own
// under the others. Its least width is that of the two rows, so that the page can always narrow to
// it (a 1024 px window in Spanish) and the bar then wraps.
class RunBar : public QWidget
{
    Q_OBJECT
public:
    RunBar(QWidget *status, QWidget *liveControls, QWidget *stop, QWidget *cancel, QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    bool isOneRow() const { return m_oneRow; }

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void place(bool oneRow);
    int oneRowWidth() const;

    QWidget *m_status;
    QWidget *m_live;
    QWidget *m_stop;
    QWidget *m_cancel;
    QGridLayout *m_grid;
    bool m_oneRow = false;
};

} // namespace purga
