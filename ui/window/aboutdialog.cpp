#include "aboutdialog.h"

#include "core/pg/libpqinfo.h"
#include "core/session/applog.h"
#include "core/util/buildinfo.h"
#include "ui/state/appstate.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

namespace purga {

namespace {

QString licenseText(const QString &spdx)
{
    if (spdx == QLatin1String("LicenseRef-proprietary"))
        return AboutDialog::tr("Proprietary: for internal use only, no licence granted to others.");
    return spdx;
}

} // namespace

bool openLogFolder()
{
    const QString file = appLogFilePath();
    return !file.isEmpty() && QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(file).absolutePath()));
}

AboutDialog::AboutDialog(const AppState *state, QWidget *parent)
    : QDialog(parent)
    , m_state(state)
    , m_versions(new QLabel(this))
{
    setWindowTitle(tr("About purga-sesiones"));
    setObjectName(QStringLiteral("aboutDialog"));

    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/purga-sesiones.svg")).pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);

    auto *title = new QLabel(QStringLiteral("<b>purga-sesiones %1</b>").arg(buildinfo::appVersion()), this);
    title->setObjectName(QStringLiteral("aboutTitle"));
    auto *summary = new QLabel(tr("Previews and purges expired session tokens of the identity service "
                                  "(ADR 0021) in PostgreSQL, in batches, with a receipt for every run."),
                               this);
    summary->setWordWrap(true);
    m_versions->setObjectName(QStringLiteral("aboutVersions"));
    m_versions->setTextFormat(Qt::PlainText);
    m_versions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_versions->setText(versionsText());
    auto *license = new QLabel(tr("Licence: %1").arg(licenseText(buildinfo::licenseId())), this);
    license->setObjectName(QStringLiteral("aboutLicense"));
    license->setWordWrap(true);

    const QString logFile = appLogFilePath();
    auto *log = new QLabel(logFile.isEmpty() ? tr("Log file: none (messages go to the terminal only).")
                                             : tr("Log file: %1").arg(QDir::toNativeSeparators(logFile)),
                           this);
    log->setObjectName(QStringLiteral("aboutLogFile"));
    log->setTextFormat(Qt::PlainText);
    log->setWordWrap(true);
    log->setTextInteractionFlags(Qt::TextSelectableByMouse);
    log->setToolTip(tr("Database requests and purge lines, without passwords or token hashes. "
                       "Start with --verbose to see them on the terminal too."));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy versions"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(versionsText()); });
    QPushButton *openLog = buttons->addButton(tr("Open &log folder"), QDialogButtonBox::ActionRole);
    openLog->setObjectName(QStringLiteral("aboutOpenLogFolder"));
    openLog->setEnabled(!logFile.isEmpty());
    connect(openLog, &QPushButton::clicked, this, [] { openLogFolder(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *text = new QVBoxLayout;
    text->addWidget(title);
    text->addWidget(summary);
    text->addWidget(m_versions);
    text->addWidget(license);
    text->addWidget(log);
    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addLayout(text, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    setMinimumWidth(460);
}

QString AboutDialog::versionsText() const
{
    QStringList lines;
    lines << tr("Version: %1").arg(buildinfo::appVersion());
    lines << tr("Qt: %1").arg(buildinfo::qtVersion());
    lines << tr("libpq: %1").arg(libpqVersion());
    if (m_state && m_state->isConnected() && !m_state->preflight().serverVersion.isEmpty())
        lines << tr("PostgreSQL server: %1").arg(m_state->preflight().serverVersion);
    else
        lines << tr("PostgreSQL server: not connected");
    return lines.join(u'\n');
}

} // namespace purga
