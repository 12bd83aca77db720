#pragma once

#include <QMap>
#include <QWidget>

class QGridLayout;
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
// the months of log_sesiones. Refresh (F5) and an optional auto-refresh, off by default. The cards
// stand side by side while the page is wide enough for all of them, else in rows of two or one.
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

    int cardColumns() const { return m_columns; }

signals:
    // The window runs the refresh (estimates, then exact counts) through the session.
    void refreshRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void rebuild();
    void onAutoRefresh();
    // Places the cards in as many columns as the scroll area's width holds at their least width.
    void reflowCards();

    AppState *m_state;
    QLabel *m_status;
    QLabel *m_placeholder;
    QPushButton *m_refreshButton;
    QSpinBox *m_autoRefresh;
    QTimer *m_timer;
    QWidget *m_content;
    QScrollArea *m_scroll;
    QMap<QString, TableCard *> m_cards;
    QGridLayout *m_cardGrid = nullptr;
    int m_columns = 0;
    QLabel *m_stripTitle;
    PartitionStrip *m_strip;
    LockHolderPanel *m_lock;
};

} // namespace purga
