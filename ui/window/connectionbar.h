#pragma once

#include "core/pg/connectionprofile.h"

#include <QFrame>

class QLabel;
class QToolButton;
class QAction;

namespace purga {

class AppState;

// The always-visible strip on top: environment (the profile's, coloured by EnvironmentStyle),
// role@host:port/db, server version, BYPASSRLS, standby, TLS. Colour is never alone: every state is also
// spelled out in text and an icon.
class ConnectionBar : public QFrame
{
    Q_OBJECT
public:
    explicit ConnectionBar(AppState *state, QWidget *parent = nullptr);

    // The "Connect ▾" button: its click opens the dialog, its menu also offers disconnect.
    void setActions(QAction *connectAction, QAction *disconnectAction);

    // The connected profile's environment; None when not connected.
    ProfileEnvironment environment() const { return m_environment; }
    QString environmentText() const;

private:
    void refresh();
    void applyColours();
    void refreshTls(bool checked);
    void refreshLost();

    AppState *m_state;
    ProfileEnvironment m_environment = ProfileEnvironment::None;
    QLabel *m_envLabel;
    QLabel *m_profileLabel;
    QLabel *m_targetLabel;
    QLabel *m_versionLabel;
    QFrame *m_bypassChip;
    QLabel *m_bypassIcon;
    QLabel *m_bypassLabel;
    QLabel *m_standbyLabel;
    QLabel *m_tlsLabel;  // TLS in use, or amber when the sslmode may give the password to an impostor
    QLabel *m_lostLabel; // "Connection lost — reconnecting…" while the session gets it back
    QToolButton *m_connectButton;
};

} // namespace purga
