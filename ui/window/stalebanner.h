#pragma once

// The window-wide mark of a lost connection: since when every page's data is stale, how the
// reconnecting goes, and "Reconnect now".
#include <QWidget>

class QLabel;
class QPushButton;

namespace purga {

class AppState;

// Shown while AppState::isConnectionLost(): the pages keep what they show (and what the user
// typed), and this says, in a label a screen reader reads, that all of it was read before the loss.
class StaleBanner : public QWidget
{
    Q_OBJECT
public:
    explicit StaleBanner(AppState *state, QWidget *parent = nullptr);

    QString plainText() const;
    QPushButton *reconnectButton() const { return m_reconnect; }

signals:
    void reconnectRequested();

private:
    void update();

    AppState *m_state;
    QLabel *m_text;
    QPushButton *m_reconnect;
};

} // namespace purga
