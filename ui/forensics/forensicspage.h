#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTabWidget;

namespace purga {

class AppState;
class HoldsView;
class TimelineView;
class TokenLookupView;

// "Forensics": for incidents. Token look-up with its rotation chain and a user's timeline, each on
// a tab of its own so that its table has the page's height, linked both ways (a found token opens
// its owner's timeline, a token's row in the timeline looks it up); and the evidence freeze that
// holds every purge (this app's and the scheduled job's) while it lasts; and the legal holds that
// keep chosen rows out of every purge (a tab of its own).
class ForensicsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ForensicsPage(AppState *state, QWidget *parent = nullptr);

    TokenLookupView *lookup() const { return m_lookup; }
    TimelineView *timeline() const { return m_timeline; }
    HoldsView *holds() const { return m_holds; }
    QTabWidget *tabs() const { return m_tabs; }
    QPushButton *freezeButton() const { return m_freezeButton; }
    QString freezeStatus() const;

public slots:
    void toggleFreeze();
    void showLookup(); // the look-up tab, its field focused
    void showTimelineOf(qint64 empresaId, qint64 usuarioId);
    void lookUpToken(const QString &tokenHash);

private:
    void setupLayout();
    void connectSignals();
    void updateFreeze();
    void freezeLost(const QString &message);

    AppState *m_state;
    TokenLookupView *m_lookup;
    TimelineView *m_timeline;
    HoldsView *m_holds;
    QTabWidget *m_tabs;
    QPushButton *m_freezeButton;
    QLabel *m_freezeStatus;
    QLabel *m_blocked;
    bool m_lost = false; // the last freeze was lost, not released: the button offers it again
};

} // namespace purga
