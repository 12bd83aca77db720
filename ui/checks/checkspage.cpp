#include "checkspage.h"

#include "core/session/dbsession.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/theme.h"
#include "ui/widgets/wraplabel.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace purga {

namespace {

Display::Status toDisplay(PreflightItem::Status status)
{
    switch (status) {
    case PreflightItem::Status::Ok:
        return Display::Status::Ok;
    case PreflightItem::Status::Warning:
        return Display::Status::Warning;
    case PreflightItem::Status::Failed:
        break;
    }
    return Display::Status::Failed;
}

QString bannerStyle(Display::Status status)
{
    return QStringLiteral("QLabel { %1 padding: 8px; }").arg(Theme::noteCss(Theme::toneOf(status)));
}

} // namespace

ChecksPage::ChecksPage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_verdict(new QLabel(this))
    , m_serverInfo(new WrapLabel(this))
    , m_connectButton(new QPushButton(tr("&Connect…"), this))
    , m_rerunButton(new QPushButton(tr("&Run the checks again"), this))
    , m_historyButton(new QPushButton(tr("Create &history tables"), this))
    , m_historyNote(new QLabel(this))
    , m_itemsLayout(nullptr)
    , m_itemsHost(new QWidget(this))
{
    setObjectName(QStringLiteral("checksPage"));
    m_verdict->setObjectName(QStringLiteral("verdictBanner"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::PlainText);
    m_serverInfo->setObjectName(QStringLiteral("serverInfo"));
    m_serverInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_serverInfo->setWordWrap(true); // a long database name and zone wrap instead of widening the window
    m_historyButton->setObjectName(QStringLiteral("createHistoryButton"));
    m_historyButton->setToolTip(
        tr("Creates identidad.purga_corridas and identidad.purga_metricas, where every "
           "purge run is recorded."));
    m_historyNote->setWordWrap(true);
    m_rerunButton->setObjectName(QStringLiteral("rerunChecksButton"));

    auto *title = new QLabel(tr("Connection checks"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    title->setFont(f);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_connectButton);
    buttons->addWidget(m_rerunButton);
    buttons->addWidget(m_historyButton);
    buttons->addStretch(1);

    m_itemsLayout = new QVBoxLayout(m_itemsHost);
    m_itemsLayout->setContentsMargins(0, 0, 0, 0);
    m_itemsLayout->setSpacing(10);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *scrollBody = new QWidget(scroll);
    auto *bodyLayout = new QVBoxLayout(scrollBody);
    bodyLayout->addWidget(m_itemsHost);
    bodyLayout->addStretch(1);
    scroll->setWidget(scrollBody);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(m_verdict);
    layout->addWidget(m_serverInfo);
    layout->addLayout(buttons);
    layout->addWidget(m_historyNote);
    layout->addWidget(scroll, 1);

    connect(m_connectButton, &QPushButton::clicked, this, &ChecksPage::connectRequested);
    connect(m_rerunButton, &QPushButton::clicked, this, &ChecksPage::rerunRequested);
    connect(m_historyButton, &QPushButton::clicked, this, &ChecksPage::createHistory);
    connect(m_state, &AppState::connectionChanged, this, [this] {
        m_historyMessage.clear();
        rebuild();
    });
    connect(m_state, &AppState::preflightChanged, this, &ChecksPage::rebuild);
    connect(m_state, &AppState::connectionLostChanged, this, &ChecksPage::rebuild);
    Theme::follow(this, [this] { rebuild(); });
}

QString ChecksPage::verdictText() const
{
    return m_verdict->text();
}

void ChecksPage::createHistory()
{
    m_historyButton->setEnabled(false);
    m_historyMessage = tr("Creating the history tables…");
    m_historyNote->setText(m_historyMessage);
    m_historyNote->setVisible(true);
    const Request<QString> request = m_state->session()->setupHistory();
    request.onSucceeded(this, [this](const QString &) { onHistorySetup(true, QString()); })
        .onFailed(this, [this](const DbFailure &f) { onHistorySetup(false, f.message); });
    connect(request, &DbRequest::cancelled, this, [this] { onHistorySetup(false, tr("cancelled")); });
}

void ChecksPage::onHistorySetup(bool ok, const QString &message)
{
    m_historyButton->setEnabled(true);
    if (ok)
        m_historyMessage = Display::statusSymbol(Display::Status::Ok) + u' ' +
                           tr("History tables created. The checks run again.");
    else
        m_historyMessage = Display::statusSymbol(Display::Status::Failed) + u' ' +
                           tr("Creating the history tables failed: %1").arg(message);
    rebuild();
    if (ok)
        emit rerunRequested(); // success changes what the checks say
}

void ChecksPage::clearItems()
{
    while (QLayoutItem *item = m_itemsLayout->takeAt(0)) {
        if (QWidget *w = item->widget())
            w->deleteLater();
        delete item;
    }
    m_itemCount = 0;
}

void ChecksPage::addItem(Display::Status s, const QString &title, const QString &detail, bool blocksPreview,
                         bool blocksPurge)
{
    auto *row = new QWidget(m_itemsHost);
    row->setObjectName(QStringLiteral("checkItem"));
    auto *grid = new QGridLayout(row);
    grid->setContentsMargins(0, 0, 0, 0);
    auto *icon = new QLabel(row);
    icon->setPixmap(Display::statusIcon(s).pixmap(20, 20));
    icon->setAlignment(Qt::AlignTop);
    // The icon's shape carries the status; the words are in the tooltip and the accessible name.
    const QString word = s == Display::Status::Ok        ? tr("Passed")
                         : s == Display::Status::Warning ? tr("Warning")
                                                         : tr("Failed");
    icon->setToolTip(word);
    icon->setAccessibleName(word);
    auto *head = new QLabel(title, row);
    head->setAccessibleName(word + QStringLiteral(": ") + title);
    QFont bold = head->font();
    bold.setBold(true);
    head->setFont(bold);
    head->setWordWrap(true);
    QString body = detail;
    if (blocksPreview)
        body += (body.isEmpty() ? QString() : QStringLiteral("\n")) + tr("Blocks preview and purge.");
    else if (blocksPurge)
        body += (body.isEmpty() ? QString() : QStringLiteral("\n")) + tr("Blocks purge.");
    auto *text = new QLabel(body, row);
    text->setWordWrap(true);
    text->setTextFormat(Qt::PlainText);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    grid->addWidget(icon, 0, 0, 2, 1);
    grid->addWidget(head, 0, 1);
    grid->addWidget(text, 1, 1);
    grid->setColumnStretch(1, 1);
    text->setVisible(!body.isEmpty());
    m_itemsLayout->addWidget(row);
    ++m_itemCount;
}

void ChecksPage::rebuild()
{
    clearItems();
    const bool connected = m_state->isConnected();
    const PreflightReport &r = m_state->preflight();
    const bool checked = connected && !r.items.isEmpty();

    m_connectButton->setVisible(!connected);
    m_rerunButton->setVisible(connected);
    m_rerunButton->setText(m_state->isConnectionLost() ? tr("&Reconnect and run the checks")
                                                       : tr("&Run the checks again"));
    m_serverInfo->setVisible(checked);
    m_historyButton->setVisible(checked && !r.historyExists && r.canCreateHistory);
    m_historyNote->setVisible(checked && (!r.historyExists || !m_historyMessage.isEmpty()));
    if (!m_historyMessage.isEmpty())
        m_historyNote->setText(m_historyMessage);
    else if (checked && !r.historyExists)
        m_historyNote->setText(
            r.canCreateHistory ? tr("The history tables do not exist yet: purges will run without a record "
                                    "until you create them.")
                               : tr("The history tables do not exist and this role cannot create them."));

    Display::Status verdict = Display::Status::Info;
    QString text;
    if (!connected) {
        text = tr("Not connected. Connect to a database (Ctrl+K) to check what the role may do.");
    } else if (m_state->isConnectionLost()) { // what is below was true before, not necessarily now
        verdict = Display::Status::Warning;
        text = tr("Connection lost at %1: the checks below ran before then. They run again when the "
                  "connection is back.")
                   .arg(Display::timestamp(m_state->lostSince()));
    } else if (!checked) {
        text = tr("Checking what %1 may do on %2…")
                   .arg(m_state->profile().user, m_state->profile().displayTarget());
    } else if (r.previewableRules().isEmpty()) {
        verdict = Display::Status::Failed;
        text = tr("Preview and purge are refused with this connection:") + u'\n' + u'•' + u' ' +
               r.previewBlockers().join(QStringLiteral("\n• "));
    } else if (!r.canPreview()) { // a blocker of some rules only (a missing table): the others go on
        verdict = Display::Status::Warning;
        QStringList lines;
        for (const PreflightRefusal &refusal : r.refusals())
            lines << refusal.text();
        text = tr("Some rules are refused with this connection; the others may be previewed and purged:") +
               u'\n' + u'•' + u' ' + lines.join(QStringLiteral("\n• "));
    } else if (!r.canPurge()) {
        verdict = Display::Status::Warning;
        text = tr("Preview is allowed; purge is refused with this connection:") + u'\n' + u'•' + u' ' +
               r.purgeBlockers().join(QStringLiteral("\n• "));
    } else {
        verdict = Display::Status::Ok;
        int warnings = 0;
        for (const PreflightItem &item : r.items)
            warnings += item.status == PreflightItem::Status::Warning ? 1 : 0;
        text = warnings == 0 ? tr("All checks passed: preview and purge are allowed.")
                             : tr("Preview and purge are allowed; read the warnings below.");
    }
    m_verdict->setText(Display::statusSymbol(verdict) + u' ' + text);
    m_verdict->setStyleSheet(bannerStyle(verdict));

    if (!checked)
        return;
    m_serverInfo->setText(tr("Role %1 on database %2 · PostgreSQL %3 · server time zone %4")
                              .arg(r.role, r.database, r.serverVersion, r.serverTimeZone));
    for (const PreflightItem &item : r.items)
        addItem(toDisplay(item.status), item.title, item.detail, item.blocksPreview, item.blocksPurge);
}

} // namespace purga
