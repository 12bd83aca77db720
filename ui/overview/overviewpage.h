#pragma once

#include <QMap>
#include <QWidget>

class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTimer;

namespace purga {

class AppState;
class LockHolderPanel;
class PartitionStrip;
class TableCard;

// One card per table with counts (≈ until the exact ones arrive), sizes and maintenance times, and
// the months of log_sesiones. Refresh (F5) and an optional auto-refresh, off by default.
class OverviewPage : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewPage(AppState *state, QWidget *parent = nullptr);

    TableCard *card(const QString &ruleId) const { return m_cards.value(ruleId); }
    PartitionStrip *partitionStrip() const { return m_strip; }
    LockHolderPanel *lockPanel() const { return m_lock; }
    QString statusText() const;
    int autoRefreshMinutes() const;
    void setAutoRefreshMinutes(int minutes);

signals:
    // The window runs the refresh (estimates, then exact counts) through the session.
    void refreshRequested();

private:
    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void rebuild();
    void onAutoRefresh();

    AppState *m_state;
    QLabel *m_status;
    QLabel *m_placeholder;
    QPushButton *m_refreshButton;
    QSpinBox *m_autoRefresh;
    QTimer *m_timer;
    QWidget *m_content;
    QScrollArea *m_scroll;
    QMap<QString, TableCard *> m_cards;
    QLabel *m_stripTitle;
    PartitionStrip *m_strip;
    LockHolderPanel *m_lock;
};

} // namespace purga
