#pragma once

#include "core/pg/connectionprofile.h"
#include "core/pg/connectiontest.h"
#include "core/session/dbrequest.h"

#include <QDialog>

#include <memory>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace purga {

class SessionCoordinator;
class PasswordStore;
class ProfileActions;
class ProfileForm;
class ProfileStore;
struct PasswordResult;

// The connection manager: choose, edit, save, duplicate, rename and delete a profile (with its
// keychain entry: ProfileActions), pick its environment, test the connection, type the password (optionally
// kept in the keychain) and connect. The keychain is only ever asked asynchronously; when it does not answer,
// the typed password still connects. Connection failures are shown here, and nothing typed is lost.
class ConnectDialog : public QDialog
{
    Q_OBJECT
public:
    ConnectDialog(SessionCoordinator *coordinator, QWidget *parent = nullptr);
    ~ConnectDialog() override;

    // Selects a saved profile or libpq service by name; false when there is none.
    bool selectProfile(const QString &name);
    // Selects the profile and connects as soon as its password is known (read from the keychain);
    // shows the dialog instead when something needs the user.
    void connectOnStart(const QString &name);
    void setPassword(const QString &password);
    void setProfile(const ConnectionProfile &profile); // an unsaved profile in the form (tests, CLI)

    ConnectionProfile currentProfile() const;
    bool isConnecting() const { return m_connecting; }
    QString errorText() const;
    QString keychainText() const;
    QString infoText() const; // the last outcome of a test or a profile action, when it went well
    bool isTesting() const { return m_test.handle() != nullptr; }
    bool isManaging() const; // a duplicate, rename or delete is waiting for the keychain
    QPushButton *connectButton() const { return m_connect; }
    QCheckBox *rememberBox() const { return m_remember; }
    PasswordStore *passwordStore() const { return m_passwords; }

public slots:
    void startConnect();
    // Connects with the form's values and password on the session's thread, says what answered or
    // why not, and closes that connection again. Saves nothing.
    void testConnection();
    void duplicateSelected();
    void renameSelected(const QString &newName);
    void deleteSelected(); // asks first (MessageBox)

signals:
    void notice(const QString &text); // keychain outcomes worth the status bar

private:
    void setupWidgets();
    void setupLayout();
    // Refills the list and marks `select` without loading it (what is typed stays).
    void reloadList(const QString &select = QString());
    void onSelectionChanged();
    void onReadFinished(const QString &profileName, const PasswordResult &result);
    void onWriteFinished(const QString &profileName, const PasswordResult &result);
    void onConnectFailed(const QString &message, const QString &kindId, const QString &detail);
    void onConnected(const ConnectionProfile &profile, const QString &password);
    // After the server accepted the password: keep it in (or remove it from) the keychain as asked.
    void updateKeychain(const ConnectionProfile &profile, const QString &password);
    void saveProfile();
    void askRename();
    void onProfileActionFinished(bool ok, const QString &message, const QString &select);
    void updateListButtons();
    QString selectedSavedProfile() const; // empty for a libpq service or nothing
    void newProfile();
    void setConnecting(bool connecting);
    void showError(const QString &text, const QString &detail = QString());
    void showInfo(const QString &text);
    void setKeychainText(const QString &text, bool problem);
    QString keychainProblemText(const PasswordResult &result) const;
    void updatePasswordHint();

    SessionCoordinator *m_coordinator;
    std::unique_ptr<ProfileStore> m_profiles;
    PasswordStore *m_passwords;
    QListWidget *m_list;
    QPushButton *m_new;
    QPushButton *m_save;
    QPushButton *m_delete;
    QPushButton *m_duplicate;
    QPushButton *m_rename;
    QPushButton *m_testButton;
    QLabel *m_info;
    ProfileActions *m_actions;
    Request<ConnectionTestResult> m_test;
    ProfileForm *m_form;
    QLineEdit *m_password;
    QCheckBox *m_remember;
    QLabel *m_keychain;
    QLabel *m_error;
    QLabel *m_errorDetail;
    QProgressBar *m_progress;
    QPushButton *m_connect;
    QDialogButtonBox *m_buttons;
    bool m_connecting = false;
    bool m_autoConnect = false;
    QString m_keychainPassword; // what the keychain held for the selected profile (to skip rewriting it)
    QString m_pendingRead;      // profile whose password is being read
};

} // namespace purga
