#include "connectdialog.h"

#include "ui/state/appstate.h"

#include "environmentstyle.h"
#include "profileactions.h"
#include "profileform.h"
#include "core/pg/connectiontest.h"
#include "core/profiles/profilestore.h"
#include "core/security/passwordstore.h"
#include "core/session/dbsession.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/style/displayformat.h"
#include "ui/style/theme.h"
#include "ui/widgets/messagebox.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace purga {

namespace {
constexpr int NameRole = Qt::UserRole;
constexpr int ServiceRole = Qt::UserRole + 1;
} // namespace

ConnectDialog::ConnectDialog(SessionCoordinator *coordinator, QWidget *parent)
    : QDialog(parent)
    , m_coordinator(coordinator)
    , m_profiles(std::make_unique<ProfileStore>())
    , m_passwords(new PasswordStore(this))
    , m_list(new QListWidget(this))
    , m_new(new QPushButton(tr("&New"), this))
    , m_save(new QPushButton(tr("&Save"), this))
    , m_delete(new QPushButton(tr("De&lete"), this))
    , m_duplicate(new QPushButton(tr("D&uplicate"), this))
    , m_rename(new QPushButton(tr("Ren&ame…"), this))
    , m_testButton(new QPushButton(tr("&Test connection"), this))
    , m_info(new QLabel(this))
    , m_actions(nullptr)
    , m_form(new ProfileForm(this))
    , m_password(new QLineEdit(this))
    , m_remember(new QCheckBox(tr("&Remember the password in the keychain"), this))
    , m_keychain(new QLabel(this))
    , m_error(new QLabel(this))
    , m_errorDetail(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_connect(new QPushButton(tr("C&onnect"), this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this))
{
    setObjectName(QStringLiteral("connectDialog"));
    setWindowTitle(tr("Connect to a database"));
    m_actions = new ProfileActions(m_profiles.get(), this);
    setupWidgets();
    setupLayout();

    connect(m_list, &QListWidget::currentItemChanged, this, &ConnectDialog::onSelectionChanged);
    connect(m_new, &QPushButton::clicked, this, &ConnectDialog::newProfile);
    connect(m_save, &QPushButton::clicked, this, &ConnectDialog::saveProfile);
    connect(m_delete, &QPushButton::clicked, this, &ConnectDialog::deleteSelected);
    connect(m_duplicate, &QPushButton::clicked, this, &ConnectDialog::duplicateSelected);
    connect(m_rename, &QPushButton::clicked, this, &ConnectDialog::askRename);
    connect(m_testButton, &QPushButton::clicked, this, &ConnectDialog::testConnection);
    connect(m_actions, &ProfileActions::finished, this, &ConnectDialog::onProfileActionFinished);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // The Connect button is in the accept role: connect instead of closing.
    disconnect(m_buttons, &QDialogButtonBox::accepted, nullptr, nullptr);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::startConnect);
    connect(m_passwords, &PasswordStore::readFinished, this, &ConnectDialog::onReadFinished);
    connect(m_passwords, &PasswordStore::writeFinished, this, &ConnectDialog::onWriteFinished);

    showError(QString());
    showInfo(QString());
    setConnecting(false);
    reloadList(QSettings().value(QStringLiteral("ui/lastProfile")).toString());
    if (m_list->count() == 0)
        newProfile();
    else if (!m_list->currentItem())
        m_list->setCurrentRow(0);
    else
        onSelectionChanged();
    resize(860, 520);
}

ConnectDialog::~ConnectDialog() = default;

void ConnectDialog::setupWidgets()
{
    m_list->setObjectName(QStringLiteral("profileList"));
    m_new->setObjectName(QStringLiteral("newProfileButton"));
    m_save->setObjectName(QStringLiteral("saveProfileButton"));
    m_delete->setObjectName(QStringLiteral("deleteProfileButton"));
    m_duplicate->setObjectName(QStringLiteral("duplicateProfileButton"));
    m_duplicate->setToolTip(
        tr("Copies the selected profile under a new name; asks before copying its password."));
    m_rename->setObjectName(QStringLiteral("renameProfileButton"));
    m_rename->setToolTip(tr("Renames the selected profile; its password in the keychain follows it."));
    m_password->setObjectName(QStringLiteral("password"));
    m_password->setEchoMode(QLineEdit::Password);
    m_remember->setObjectName(QStringLiteral("rememberPassword"));
    m_keychain->setObjectName(QStringLiteral("keychainStatus"));
    m_keychain->setWordWrap(true);
    m_info->setObjectName(QStringLiteral("connectInfo"));
    m_info->setWordWrap(true);
    m_info->setTextFormat(Qt::PlainText);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setObjectName(QStringLiteral("connectError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    Theme::follow(m_error, [this] {
        m_error->setStyleSheet(
            QStringLiteral("QLabel { %1 padding: 6px; }").arg(Theme::noteCss(Theme::Tone::Danger)));
    });
    m_errorDetail->setObjectName(QStringLiteral("connectErrorDetail"));
    m_errorDetail->setWordWrap(true);
    m_errorDetail->setTextFormat(Qt::PlainText);
    m_errorDetail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setRange(0, 0);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(10);
    m_testButton->setObjectName(QStringLiteral("testConnectionButton"));
    m_testButton->setToolTip(tr("Connects with the values and password above and says what answered; "
                                "saves nothing."));
    m_connect->setObjectName(QStringLiteral("connectButton"));
    m_connect->setDefault(true);
    m_connect->setToolTip(tr("Saves the profile (never the password) and connects."));
    m_buttons->addButton(m_testButton, QDialogButtonBox::ActionRole);
    m_buttons->addButton(m_connect, QDialogButtonBox::AcceptRole);
}

void ConnectDialog::setupLayout()
{
    auto *listButtons = new QGridLayout;
    listButtons->addWidget(m_new, 0, 0);
    listButtons->addWidget(m_save, 0, 1);
    listButtons->addWidget(m_duplicate, 0, 2);
    listButtons->addWidget(m_rename, 1, 0);
    listButtons->addWidget(m_delete, 1, 1);
    auto *left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("Profiles and libpq services:"), this));
    left->addWidget(m_list, 1);
    left->addLayout(listButtons);

    m_form->addRow(tr("Pass&word:"), m_password);
    m_form->addRow(QString(), m_remember);
    m_form->addRow(QString(), m_keychain);
    auto *right = new QVBoxLayout;
    right->addWidget(m_form);
    right->addStretch(1);

    auto *top = new QHBoxLayout;
    top->addLayout(left, 2);
    top->addLayout(right, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top, 1);
    layout->addWidget(m_info);
    layout->addWidget(m_error);
    layout->addWidget(m_errorDetail);
    layout->addWidget(m_progress);
    layout->addWidget(m_buttons);
}

void ConnectDialog::reloadList(const QString &select)
{
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    for (const QString &name : m_profiles->names()) {
        auto *item = new QListWidgetItem(name, m_list);
        item->setData(NameRole, name);
        item->setData(ServiceRole, false);
        const ProfileEnvironment environment =
            m_profiles->load(name).value_or(ConnectionProfile()).environment;
        item->setIcon(EnvironmentStyle::swatch(environment));
        item->setToolTip(EnvironmentStyle::name(environment));
    }
    for (const QString &service : libpqServices()) {
        auto *item = new QListWidgetItem(tr("%1 (libpq service)").arg(service), m_list);
        item->setData(NameRole, service);
        item->setData(ServiceRole, true);
        item->setIcon(EnvironmentStyle::swatch(profileFromService(service).environment));
        QFont f = item->font();
        f.setItalic(true);
        item->setFont(f);
    }
    for (int i = 0; i < m_list->count(); ++i) {
        if (!select.isEmpty() && m_list->item(i)->data(NameRole).toString() == select) {
            m_list->setCurrentRow(i);
            break;
        }
    }
}

bool ConnectDialog::selectProfile(const QString &name)
{
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(NameRole).toString() == name) {
            if (m_list->currentRow() == i)
                onSelectionChanged();
            else
                m_list->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

void ConnectDialog::connectOnStart(const QString &name)
{
    if (!selectProfile(name)) {
        showError(tr("There is no profile or libpq service named \"%1\".").arg(name));
        show();
        return;
    }
    if (currentProfile().passwordSource == PasswordSource::Libpq || !m_pendingRead.isEmpty())
        m_autoConnect = true; // connect when the keychain answers
    if (m_autoConnect && m_pendingRead.isEmpty()) {
        m_autoConnect = false;
        startConnect();
    }
}

void ConnectDialog::setProfile(const ConnectionProfile &profile)
{
    const QSignalBlocker blocker(m_list);
    m_list->setCurrentRow(-1);
    m_pendingRead.clear();
    m_form->setProfile(profile);
    updatePasswordHint();
}

void ConnectDialog::setPassword(const QString &password)
{
    m_password->setText(password);
}

ConnectionProfile ConnectDialog::currentProfile() const
{
    return m_form->profile();
}

QString ConnectDialog::errorText() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : QString();
}

QString ConnectDialog::keychainText() const
{
    return m_keychain->text();
}

void ConnectDialog::onSelectionChanged()
{
    QListWidgetItem *item = m_list->currentItem();
    if (!item)
        return;
    const QString name = item->data(NameRole).toString();
    const bool service = item->data(ServiceRole).toBool();
    ConnectionProfile p =
        service ? profileFromService(name) : m_profiles->load(name).value_or(ConnectionProfile());
    m_form->setProfile(p);
    updateListButtons();
    m_password->clear();
    m_keychainPassword.clear();
    showError(QString());
    showInfo(QString());
    updatePasswordHint();
    if (p.passwordSource == PasswordSource::Keychain) {
        m_pendingRead = p.name;
        setKeychainText(tr("Reading the password from the keychain…"), false);
        m_passwords->read(p.name);
    }
}

void ConnectDialog::updatePasswordHint()
{
    const bool keychain = m_form->profile().passwordSource == PasswordSource::Keychain;
    m_remember->setEnabled(keychain);
    m_remember->setChecked(keychain);
    m_pendingRead.clear();
    if (keychain)
        setKeychainText(QString(), false);
    else
        setKeychainText(
            tr("libpq finds the password (PGPASSWORD, ~/.pgpass or the service file); type one here "
               "only to override it."),
            false);
}

QString ConnectDialog::keychainProblemText(const PasswordResult &r) const
{
    if (r.noKeychain)
        return tr("No keychain answered, so the password cannot be read or remembered. Type it: connecting "
                  "works without the keychain.");
    if (r.denied)
        return tr("The keychain is locked or refused access. Unlock it and select the profile again, or type "
                  "the password.");
    return r.message.isEmpty() ? tr("The keychain failed.") : r.message;
}

void ConnectDialog::onReadFinished(const QString &profileName, const PasswordResult &r)
{
    if (profileName != m_pendingRead)
        return; // the user moved on to another profile
    m_pendingRead.clear();
    const bool autoConnect = m_autoConnect;
    m_autoConnect = false;
    if (r.ok) {
        m_keychainPassword = r.password;
        if (m_password->text().isEmpty()) // never overwrite what the user typed meanwhile
            m_password->setText(r.password);
        m_remember->setChecked(true);
        setKeychainText(tr("Password read from the keychain."), false);
        if (autoConnect)
            startConnect();
        return;
    }
    if (r.notFound) {
        setKeychainText(tr("No password stored in the keychain for this profile: type it."), false);
    } else {
        m_remember->setChecked(false);
        QString text = keychainProblemText(r);
        if (!r.detail.isEmpty())
            text += u'\n' + r.detail;
        setKeychainText(text, true);
    }
    if (autoConnect) {
        show();
        m_password->setFocus();
    }
}

void ConnectDialog::onWriteFinished(const QString &profileName, const PasswordResult &r)
{
    const QString text =
        r.ok ? tr("The server accepted the password; it is saved in the keychain for profile %1.")
                   .arg(profileName)
             : tr("The password was not saved in the keychain: %1").arg(keychainProblemText(r));
    setKeychainText(text, !r.ok);
    emit notice(text);
}

void ConnectDialog::startConnect()
{
    if (m_connecting)
        return;
    const ConnectionProfile profile = m_form->profile();
    const QStringList problems = validateProfile(profile);
    if (!problems.isEmpty()) {
        showError(problems.join(u'\n'));
        m_form->focusField(profile.name.isEmpty() ? QStringLiteral("name") : QStringLiteral("host"));
        return;
    }
    const QString password = m_password->text();
    if (profile.passwordSource == PasswordSource::Keychain) {
        QString error; // a profile that cannot be saved can still be connected with
        if (!m_profiles->save(profile, &error))
            emit notice(tr("The profile could not be saved: %1").arg(error));
    }
    showError(QString());
    showInfo(QString());
    setConnecting(true);
    // The keychain is written only once the server has accepted the password: a typo must never
    // replace a good stored password.
    const Request<ConnectResult> request = m_coordinator->connectTo(profile, password);
    request.onSucceeded(this, [this, password](const ConnectResult &r) { onConnected(r.profile, password); })
        .onFailed(this, [this](const DbFailure &f) { onConnectFailed(f.message, f.kindId(), f.detail); });
    connect(request, &DbRequest::cancelled, this, [this] { setConnecting(false); });
}

void ConnectDialog::updateKeychain(const ConnectionProfile &profile, const QString &password)
{
    if (profile.passwordSource != PasswordSource::Keychain)
        return;
    if (m_remember->isChecked() && !password.isEmpty() && password != m_keychainPassword) {
        setKeychainText(tr("The server accepted the password; saving it in the keychain…"), false);
        m_passwords->write(profile.name, password);
        m_keychainPassword = password;
    } else if (!m_remember->isChecked() && !m_keychainPassword.isEmpty()) {
        m_passwords->remove(profile.name);
        m_keychainPassword.clear();
        setKeychainText(tr("The password is removed from the keychain."), false);
    }
}

void ConnectDialog::onConnected(const ConnectionProfile &profile, const QString &password)
{
    if (!m_connecting)
        return;
    setConnecting(false);
    updateKeychain(profile, password);
    QSettings().setValue(QStringLiteral("ui/lastProfile"), profile.name);
    accept();
}

void ConnectDialog::onConnectFailed(const QString &message, const QString &kindId, const QString &detail)
{
    if (!m_connecting)
        return;
    setConnecting(false);
    showError(message, detail);
    if (kindId == QLatin1String("wrong_password") || kindId == QLatin1String("password_missing")) {
        m_password->setFocus();
        m_password->selectAll();
    } else if (kindId == QLatin1String("unreachable") || kindId == QLatin1String("timeout")) {
        m_form->focusField(QStringLiteral("host"));
    } else if (kindId == QLatin1String("database_missing")) {
        m_form->focusField(QStringLiteral("database"));
    } else if (kindId == QLatin1String("ssl")) {
        m_form->focusField(QStringLiteral("ssl"));
    }
    if (!isVisible())
        show();
}

void ConnectDialog::setConnecting(bool connecting)
{
    m_connecting = connecting;
    m_progress->setVisible(connecting);
    m_connect->setEnabled(!connecting);
    m_connect->setText(connecting ? tr("Connecting…") : tr("C&onnect"));
    m_form->setEnabled(!connecting);
    m_list->setEnabled(!connecting);
    m_testButton->setEnabled(!connecting && !isTesting());
    updateListButtons();
}

void ConnectDialog::showInfo(const QString &text)
{
    m_info->setText(text);
    m_info->setVisible(!text.isEmpty());
}

void ConnectDialog::showError(const QString &text, const QString &detail)
{
    m_error->setText(text.isEmpty() ? QString()
                                    : Display::statusSymbol(Display::Status::Failed) + u' ' + text);
    m_error->setVisible(!text.isEmpty());
    m_errorDetail->setText(detail);
    m_errorDetail->setVisible(!detail.isEmpty());
}

void ConnectDialog::setKeychainText(const QString &text, bool problem)
{
    m_keychain->setText(
        text.isEmpty() ? QString()
                       : Display::statusSymbol(problem ? Display::Status::Warning : Display::Status::Info) +
                             u' ' + text);
    m_keychain->setVisible(!text.isEmpty());
}

void ConnectDialog::saveProfile()
{
    const ConnectionProfile profile = m_form->profile();
    if (m_form->isService()) {
        showError(tr("A libpq service is edited in its service file, not here."));
        return;
    }
    QString error;
    if (!m_profiles->save(profile, &error)) {
        showError(error);
        return;
    }
    showError(QString());
    reloadList(profile.name);
    emit notice(tr("Profile %1 saved.").arg(profile.name));
}

void ConnectDialog::newProfile()
{
    const QSignalBlocker blocker(m_list);
    m_list->setCurrentRow(-1);
    m_form->setNewProfile(ConnectionProfile());
    m_password->clear();
    m_keychainPassword.clear();
    updateListButtons();
    showError(QString());
    showInfo(QString());
    updatePasswordHint();
    m_form->focusField(QStringLiteral("name"));
}

QString ConnectDialog::infoText() const
{
    return m_info->isVisibleTo(this) ? m_info->text() : QString();
}

bool ConnectDialog::isManaging() const
{
    return m_actions->isBusy();
}

QString ConnectDialog::selectedSavedProfile() const
{
    const QListWidgetItem *item = m_list->currentItem();
    if (!item || item->data(ServiceRole).toBool())
        return QString();
    return item->data(NameRole).toString();
}

void ConnectDialog::updateListButtons()
{
    const bool idle = !m_connecting && !m_actions->isBusy();
    const bool saved = !selectedSavedProfile().isEmpty();
    for (QPushButton *b : {m_delete, m_duplicate, m_rename})
        b->setEnabled(idle && saved);
    m_new->setEnabled(idle);
    m_save->setEnabled(idle);
}

void ConnectDialog::testConnection()
{
    if (m_connecting || isTesting())
        return;
    const ConnectionProfile profile = m_form->profile();
    QStringList problems = validateProfile(profile);
    if (profile.name.isEmpty()) // a test needs no name: nothing is saved
        problems.removeFirst();
    if (!problems.isEmpty()) {
        showError(problems.join(u'\n'));
        return;
    }
    showError(QString());
    showInfo(tr("Testing the connection to %1…").arg(profile.displayTarget()));
    m_test = m_coordinator->testConnection(profile, m_password->text());
    m_testButton->setEnabled(false);
    m_progress->setVisible(true);
    auto done = [this] {
        m_test = {};
        m_progress->setVisible(m_connecting);
        m_testButton->setEnabled(!m_connecting);
    };
    m_test
        .onSucceeded(this,
                     [this, done](const ConnectionTestResult &r) {
                         done();
                         showInfo(Display::statusSymbol(Display::Status::Ok) + u' ' + r.summary());
                     })
        .onFailed(this, [this, done](const DbFailure &f) {
            done();
            showInfo(QString());
            showError(f.message, f.detail);
        });
    connect(m_test, &DbRequest::cancelled, this, [this, done] {
        done();
        showInfo(tr("The connection test was cancelled."));
    });
}

void ConnectDialog::duplicateSelected()
{
    const QString name = selectedSavedProfile();
    if (name.isEmpty() || m_actions->isBusy())
        return;
    showError(QString());
    showInfo(tr("Copying profile %1…").arg(name));
    m_actions->duplicate(name);
    updateListButtons();
}

void ConnectDialog::askRename()
{
    const QString name = selectedSavedProfile();
    if (name.isEmpty())
        return;
    bool ok = false;
    const QString to = QInputDialog::getText(
        this, tr("Rename profile"), tr("New name for profile %1:").arg(name), QLineEdit::Normal, name, &ok);
    if (ok && to.trimmed() != name)
        renameSelected(to.trimmed());
}

void ConnectDialog::renameSelected(const QString &newName)
{
    const QString name = selectedSavedProfile();
    if (name.isEmpty() || m_actions->isBusy())
        return;
    // The session, its rule settings and the window's colours follow the connected profile by name.
    if (m_coordinator->state()->isConnected() && m_coordinator->state()->profile().name == name) {
        showError(tr("Profile %1 is the one connected: disconnect first, then rename it.").arg(name));
        return;
    }
    showError(QString());
    showInfo(tr("Renaming profile %1…").arg(name));
    m_actions->rename(name, newName);
    updateListButtons();
}

void ConnectDialog::deleteSelected()
{
    const QString name = selectedSavedProfile();
    if (name.isEmpty() || m_actions->isBusy())
        return;
    if (MessageBox::question(
            this, tr("Delete profile"),
            tr("Delete the profile %1 and forget its password in the keychain?").arg(name)) !=
        QMessageBox::Yes)
        return;
    showError(QString());
    showInfo(tr("Deleting profile %1…").arg(name));
    m_actions->remove(name);
    updateListButtons();
}

void ConnectDialog::onProfileActionFinished(bool ok, const QString &message, const QString &select)
{
    reloadList(select);
    if (select.isEmpty() || !selectProfile(select))
        newProfile();
    // After the selection: selecting a profile clears the messages.
    showInfo(ok ? Display::statusSymbol(Display::Status::Ok) + u' ' + message : QString());
    if (!ok)
        showError(message);
    updateListButtons();
    emit notice(message);
}

} // namespace purga
