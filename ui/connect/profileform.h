#pragma once

#include "core/pg/connectionprofile.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace purga {

// The editable fields of one connection profile (never a password).
class ProfileForm : public QWidget
{
    Q_OBJECT
public:
    explicit ProfileForm(QWidget *parent = nullptr);

    void setProfile(const ConnectionProfile &profile);
    // A profile not saved yet: its SSL mode follows the host (defaultSslMode(): verify-full, or
    // prefer on loopback) and its environment the name and database (guessEnvironment(), as the
    // CLI's profile-save guesses it), each until the user picks one.
    void setNewProfile(const ConnectionProfile &profile);
    // The fields as a profile; settings the form does not show (rules, conninfo) are kept.
    ConnectionProfile profile() const;
    bool isService() const { return !m_base.service.isEmpty(); }

    // Appends a row below the profile's fields (the dialog's password), aligned with them.
    void addRow(const QString &label, QWidget *field);

    // Moves the keyboard focus to a field: "name", "environment", "host", "port", "database", "user", "ssl".
    void focusField(const QString &field);

signals:
    void edited();

private:
    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void updateSslCertEnabled();
    void updateSslWarning();
    void updateGuessedEnvironment();

    ConnectionProfile m_base;
    QFormLayout *m_layout = nullptr;
    QLineEdit *m_name;
    QComboBox *m_environment;
    QLabel *m_service;
    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_database;
    QLineEdit *m_user;
    QComboBox *m_sslMode;
    QLineEdit *m_sslRootCert;
    QToolButton *m_browseCert;
    QSpinBox *m_timeout;
    QLabel *m_sslWarning;
    QCheckBox *m_sessionPooler;
    bool m_sslFollowsHost = false;
    bool m_environmentFollowsName = false;
};

} // namespace purga
