#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace purga {

class AppState;
class TimelineView;
class TokenLookupView;

// "Forensics": for incidents. Token look-up with its rotation chain, a user's timeline, and the
// evidence freeze that holds every purge (this app's and the scheduled job's) while it lasts.
class ForensicsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ForensicsPage(AppState *state, QWidget *parent = nullptr);

    TokenLookupView *lookup() const { return m_lookup; }
    TimelineView *timeline() const { return m_timeline; }
    QPushButton *freezeButton() const { return m_freezeButton; }
    QString freezeStatus() const;

public slots:
    void toggleFreeze();

private:
    void updateFreeze();

    AppState *m_state;
    TokenLookupView *m_lookup;
    TimelineView *m_timeline;
    QPushButton *m_freezeButton;
    QLabel *m_freezeStatus;
    QLabel *m_blocked;
};

} // namespace purga
