#include "profileform.h"

#include "core/pg/tls.h"
#include "core/profiles/profileenvironment.h"
#include "environmentstyle.h"
#include "ui/style/displayformat.h"
#include "ui/style/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>

namespace purga {

ProfileForm::ProfileForm(QWidget *parent)
    : QWidget(parent)
    , m_name(new QLineEdit(this))
    , m_environment(new QComboBox(this))
    , m_service(new QLabel(this))
    , m_host(new QLineEdit(this))
    , m_port(new QSpinBox(this))
    , m_database(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_sslMode(new QComboBox(this))
    , m_sslRootCert(new QLineEdit(this))
    , m_browseCert(new QToolButton(this))
    , m_timeout(new QSpinBox(this))
    , m_sslWarning(new QLabel(this))
    , m_sessionPooler(new QCheckBox(tr("A pooler in &between is in session mode"), this))
{
    setupWidgets();
    setupLayout();
    connectSignals();
    setProfile(ConnectionProfile());
}

void ProfileForm::setupWidgets()
{
    m_name->setObjectName(QStringLiteral("profileName"));
    m_environment->setObjectName(QStringLiteral("environment"));
    m_environment->setAccessibleName(tr("Environment"));
    for (ProfileEnvironment e : {ProfileEnvironment::None, ProfileEnvironment::Development,
                                 ProfileEnvironment::Staging, ProfileEnvironment::Production})
        m_environment->addItem(EnvironmentStyle::swatch(e), EnvironmentStyle::name(e), int(e));
    m_environment->setToolTip(tr("Colours the main window while connected: production red, staging amber, "
                                 "development green."));
    m_host->setObjectName(QStringLiteral("host"));
    m_port->setObjectName(QStringLiteral("port"));
    m_database->setObjectName(QStringLiteral("database"));
    m_user->setObjectName(QStringLiteral("user"));
    m_sslMode->setObjectName(QStringLiteral("sslMode"));
    m_sslMode->setAccessibleName(tr("SSL mode"));
    m_sslRootCert->setObjectName(QStringLiteral("sslRootCert"));
    m_timeout->setObjectName(QStringLiteral("connectTimeout"));
    m_service->setObjectName(QStringLiteral("serviceLabel"));
    m_service->setWordWrap(true);
    m_sslWarning->setObjectName(QStringLiteral("sslWarning"));
    m_sslWarning->setWordWrap(true);
    Theme::follow(m_sslWarning, [this] {
        m_sslWarning->setStyleSheet(
            QStringLiteral("QLabel { %1 padding: 4px; }").arg(Theme::noteCss(Theme::Tone::Warning)));
    });

    m_name->setPlaceholderText(tr("e.g. core-prod"));
    m_port->setRange(1, 65535);
    m_port->setAlignment(Qt::AlignRight);
    m_port->setGroupSeparatorShown(false);
    m_timeout->setRange(1, 120);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setAlignment(Qt::AlignRight);
    for (const char *mode : {"disable", "allow", "prefer", "require", "verify-ca", "verify-full"})
        m_sslMode->addItem(QString::fromLatin1(mode));
    m_sessionPooler->setObjectName(QStringLiteral("assumeSessionPooler"));
    m_sessionPooler->setToolTip(
        tr("Behind a connection pooler (pgbouncer) purges and evidence freezes are refused, because in "
           "transaction mode the purge lock excludes no one. Tick this only when the pool keeps one server "
           "connection per client (pool_mode=session): every batch then checks that its server "
           "connection holds the lock."));
    m_browseCert->setText(QStringLiteral("…"));
    m_browseCert->setToolTip(tr("Choose the root certificate (CA) file"));
}

void ProfileForm::setupLayout()
{
    auto *certBox = new QWidget(this); // a widget, not a layout: the row's label then gets its buddy
    auto *certRow = new QHBoxLayout(certBox);
    certRow->setContentsMargins(0, 0, 0, 0);
    certRow->addWidget(m_sslRootCert, 1);
    certRow->addWidget(m_browseCert);

    auto *form = m_layout = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Pro&file name:"), m_name);
    form->addRow(tr("En&vironment:"), m_environment);
    form->addRow(QString(), m_service);
    form->addRow(tr("&Host:"), m_host);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&Database:"), m_database);
    form->addRow(tr("Us&er:"), m_user);
    form->addRow(tr("SSL &mode:"), m_sslMode);
    form->addRow(QString(), m_sslWarning);
    form->addRow(tr("Root &certificate:"), certBox);
    certBox->setFocusProxy(m_sslRootCert);
    form->addRow(tr("Connect t&imeout:"), m_timeout);
    form->addRow(tr("Pooler:"), m_sessionPooler);
}

void ProfileForm::connectSignals()
{
    for (QLineEdit *e : {m_name, m_host, m_database, m_user, m_sslRootCert})
        connect(e, &QLineEdit::textEdited, this, &ProfileForm::edited);
    connect(m_port, &QSpinBox::valueChanged, this, &ProfileForm::edited);
    connect(m_environment, &QComboBox::activated, this, [this] {
        m_environmentFollowsName = false; // picked: kept whatever the name becomes
        emit edited();
    });
    for (QLineEdit *e : {m_name, m_database})
        connect(e, &QLineEdit::textEdited, this, &ProfileForm::updateGuessedEnvironment);
    connect(m_timeout, &QSpinBox::valueChanged, this, &ProfileForm::edited);
    connect(m_sessionPooler, &QCheckBox::toggled, this, &ProfileForm::edited);
    connect(m_sslMode, &QComboBox::currentTextChanged, this, [this] {
        updateSslCertEnabled();
        updateSslWarning();
        emit edited();
    });
    // A mode the user picked is kept whatever the host becomes.
    connect(m_sslMode, &QComboBox::activated, this, [this] { m_sslFollowsHost = false; });
    connect(m_host, &QLineEdit::textEdited, this, [this](const QString &host) {
        if (m_sslFollowsHost)
            m_sslMode->setCurrentText(defaultSslMode(host.trimmed()));
        updateSslWarning();
    });
    connect(m_browseCert, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Root certificate"), m_sslRootCert->text(),
                                                          tr("Certificates (*.crt *.pem);;All files (*)"));
        if (!path.isEmpty()) {
            m_sslRootCert->setText(path);
            emit edited();
        }
    });
}

void ProfileForm::setNewProfile(const ConnectionProfile &p)
{
    setProfile(p);
    m_sslFollowsHost = !isService();
    if (m_sslFollowsHost)
        m_sslMode->setCurrentText(defaultSslMode(p.host));
    m_environmentFollowsName = !isService();
    updateGuessedEnvironment();
}

void ProfileForm::updateGuessedEnvironment()
{
    if (!m_environmentFollowsName)
        return;
    const ProfileEnvironment guess = guessEnvironment(profile());
    m_environment->setCurrentIndex(qMax(0, m_environment->findData(int(guess))));
}

void ProfileForm::setProfile(const ConnectionProfile &p)
{
    m_base = p;
    m_sslFollowsHost = false;
    m_environmentFollowsName = false;
    const QSignalBlocker b1(m_port), b2(m_timeout), b3(m_sslMode), b4(m_sessionPooler);
    m_name->setText(p.name);
    m_environment->setCurrentIndex(qMax(0, m_environment->findData(int(p.environment))));
    m_host->setText(p.host);
    m_port->setValue(p.port);
    m_database->setText(p.database);
    m_user->setText(p.user);
    m_sslMode->setCurrentText(p.sslMode);
    m_sslRootCert->setText(p.sslRootCert);
    m_timeout->setValue(p.connectTimeoutSec);
    m_sessionPooler->setChecked(p.assumeSessionPooler);

    const bool service = !p.service.isEmpty();
    m_service->setVisible(service);
    m_service->setText(
        tr("libpq service \"%1\": host, port, database, user and SSL come from the service file; "
           "the values below are shown for information.")
            .arg(p.service));
    m_name->setReadOnly(service);
    for (QLineEdit *e : {m_host, m_database, m_user, m_sslRootCert})
        e->setReadOnly(service);
    m_port->setReadOnly(service);
    m_sslMode->setEnabled(!service);
    updateSslCertEnabled();
    updateSslWarning();
}

ConnectionProfile ProfileForm::profile() const
{
    ConnectionProfile p = m_base;
    p.name = m_name->text().trimmed();
    p.connectTimeoutSec = m_timeout->value();
    p.environment = static_cast<ProfileEnvironment>(m_environment->currentData().toInt());
    p.assumeSessionPooler = m_sessionPooler->isChecked();
    if (!isService()) {
        p.host = m_host->text().trimmed();
        p.port = m_port->value();
        p.database = m_database->text().trimmed();
        p.user = m_user->text().trimmed();
        p.sslMode = m_sslMode->currentText();
        p.sslRootCert = m_sslRootCert->text().trimmed();
    }
    return p;
}

void ProfileForm::addRow(const QString &label, QWidget *field)
{
    m_layout->addRow(label, field);
}

void ProfileForm::focusField(const QString &field)
{
    QWidget *w = m_name;
    if (field == QLatin1String("environment"))
        w = m_environment;
    else if (field == QLatin1String("host"))
        w = m_host;
    else if (field == QLatin1String("port"))
        w = m_port;
    else if (field == QLatin1String("database"))
        w = m_database;
    else if (field == QLatin1String("user"))
        w = m_user;
    else if (field == QLatin1String("ssl"))
        w = m_sslMode;
    w->setFocus();
    if (auto *e = qobject_cast<QLineEdit *>(w))
        e->selectAll();
}

void ProfileForm::updateSslCertEnabled()
{
    const bool verify = m_sslMode->currentText().startsWith(QLatin1String("verify-"));
    m_sslRootCert->setEnabled(verify && !isService());
    m_browseCert->setEnabled(verify && !isService());
    const QString bundle = systemCaBundle();
    m_sslRootCert->setPlaceholderText(!verify            ? QString()
                                      : bundle.isEmpty() ? tr("required: no system CA bundle found")
                                                         : tr("system CA bundle (%1)").arg(bundle));
}

void ProfileForm::updateSslWarning()
{
    const QString mode = m_sslMode->currentText();
    const QString host = m_host->text().trimmed();
    const bool atRisk = !isService() && sslModeMaySendInClear(mode) && !isLoopbackHostList(host);
    m_sslWarning->setVisible(atRisk);
    m_sslWarning->setText(Display::statusSymbol(Display::Status::Warning) + u' ' +
                          tr("With sslmode=%1 towards %2 the password may be sent to an impostor: "
                             "nothing checks who answers. Use verify-full.")
                              .arg(mode, host));
}

} // namespace purga
