#include "overviewpage.h"

#include "core/rules/rules.h"
#include "core/session/dbsession.h"
#include "partitionstrip.h"
#include "tablecard.h"
#include "ui/common/lockholderpanel.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/widgets/wraplabel.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace purga {

OverviewPage::OverviewPage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_status(new WrapLabel(this))
    , m_placeholder(new WrapLabel(this))
    , m_refreshButton(new QPushButton(tr("&Refresh"), this))
    , m_autoRefresh(new QSpinBox(this))
    , m_timer(new QTimer(this))
    , m_content(new QWidget(this))
    , m_scroll(new QScrollArea(this))
    , m_stripTitle(new WrapLabel(this))
    , m_strip(new PartitionStrip(this))
    , m_lock(new LockHolderPanel(state, this))
{
    setupWidgets();
    setupLayout();
    connectSignals();
    rebuild();
}

void OverviewPage::setupWidgets()
{
    setObjectName(QStringLiteral("overviewPage"));
    m_status->setObjectName(QStringLiteral("overviewStatus"));
    m_status->setWordWrap(true);
    m_placeholder->setObjectName(QStringLiteral("overviewPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_refreshButton->setObjectName(QStringLiteral("refreshButton"));
    m_refreshButton->setToolTip(tr("Refresh the counts (F5)"));
    m_refreshButton->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));

    m_autoRefresh->setObjectName(QStringLiteral("autoRefreshSpin"));
    m_autoRefresh->setRange(0, 240);
    m_autoRefresh->setSingleStep(5);
    m_autoRefresh->setValue(0);
    m_autoRefresh->setSpecialValueText(tr("off"));
    m_autoRefresh->setSuffix(tr(" min"));
    m_autoRefresh->setAlignment(Qt::AlignRight);
    m_autoRefresh->setToolTip(tr("Refresh the overview every so many minutes (off by default). Skipped while "
                                 "another database operation or a purge runs."));
}

void OverviewPage::setupLayout()
{
    auto *autoLabel = new QLabel(tr("&Auto-refresh every"), this);
    autoLabel->setBuddy(m_autoRefresh);

    auto *title = new QLabel(tr("Overview"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    title->setFont(f);

    auto *header = new QHBoxLayout;
    header->addWidget(title);
    header->addStretch(1);
    header->addWidget(autoLabel);
    header->addWidget(m_autoRefresh);
    header->addWidget(m_refreshButton);

    m_cardGrid = new QGridLayout;
    for (const QString &id : Rules::ids())
        m_cards.insert(id, new TableCard(id, m_content));
    QFont bold = m_stripTitle->font();
    bold.setBold(true);
    m_stripTitle->setFont(bold);
    m_stripTitle->setWordWrap(true);

    auto *contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addLayout(m_cardGrid);
    contentLayout->addWidget(m_stripTitle);
    contentLayout->addWidget(m_strip);
    contentLayout->addStretch(1);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the cards reflow, the months wrap
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidget(m_content);
    m_scroll->installEventFilter(this);
    reflowCards();

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(m_status);
    layout->addWidget(m_lock); // who holds the purge lock, before anyone presses Purge
    layout->addWidget(m_placeholder, 1);
    layout->addWidget(m_scroll, 1);
}

void OverviewPage::connectSignals()
{
    connect(m_refreshButton, &QPushButton::clicked, this, &OverviewPage::refreshRequested);
    connect(m_autoRefresh, &QSpinBox::valueChanged, this, [this](int minutes) {
        if (minutes > 0)
            m_timer->start(minutes * 60 * 1000);
        else
            m_timer->stop();
    });
    connect(m_timer, &QTimer::timeout, this, &OverviewPage::onAutoRefresh);
    connect(m_state, &AppState::connectionChanged, this, &OverviewPage::rebuild);
    connect(m_state, &AppState::preflightChanged, this, &OverviewPage::rebuild);
    connect(m_state, &AppState::overviewChanged, this, &OverviewPage::rebuild);
}

bool OverviewPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_scroll && event->type() == QEvent::Resize)
        reflowCards();
    return QWidget::eventFilter(watched, event);
}

void OverviewPage::reflowCards()
{
    // Measured as if the vertical scroll bar were shown: whether it is shown then never changes
    // the number of columns, which could otherwise flip back and forth.
    const QMargins margins = m_content->layout()->contentsMargins();
    const int room = m_scroll->width() - style()->pixelMetric(QStyle::PM_ScrollBarExtent) - margins.left() -
                     margins.right();
    int least = 0;
    for (const TableCard *card : std::as_const(m_cards))
        least = qMax(least, card->minimumSizeHint().width());
    const int spacing = qMax(0, m_cardGrid->horizontalSpacing());
    const int count = int(Rules::ids().size());
    const int columns = qBound(1, (room + spacing) / qMax(1, least + spacing), count);
    if (columns == m_columns)
        return;
    m_columns = columns;
    for (TableCard *card : std::as_const(m_cards))
        m_cardGrid->removeWidget(card);
    int i = 0;
    for (const QString &id : Rules::ids()) {
        m_cardGrid->addWidget(m_cards.value(id), i / columns, i % columns);
        ++i;
    }
    for (int c = 0; c < count; ++c)
        m_cardGrid->setColumnStretch(c, c < columns ? 1 : 0);
}

QString OverviewPage::statusText() const
{
    return m_status->text();
}

int OverviewPage::autoRefreshMinutes() const
{
    return m_autoRefresh->value();
}

void OverviewPage::setAutoRefreshMinutes(int minutes)
{
    m_autoRefresh->setValue(minutes);
}

void OverviewPage::onAutoRefresh()
{
    if (!m_state->isConnected() || m_state->isPurgeRunning() || m_state->session()->isBusy())
        return; // try again at the next tick
    emit refreshRequested();
}

void OverviewPage::rebuild()
{
    const bool connected = m_state->isConnected();
    const Overview &ov = m_state->overview();
    const bool hasData = connected && !ov.tables.isEmpty();
    m_placeholder->setVisible(!hasData);
    m_scroll->setVisible(hasData);
    m_refreshButton->setEnabled(connected);

    if (!connected) {
        m_status->clear();
        m_placeholder->setText(
            tr("Not connected. Connect to a database (Ctrl+K) to see its session tables."));
        return;
    }
    if (!hasData) {
        m_status->clear();
        m_placeholder->setText(tr("Reading the catalog statistics…"));
        return;
    }

    const PreflightReport &report = m_state->preflight();
    const bool exactAllowed = !report.previewableRules().isEmpty(); // a missing table leaves its rule out
    const bool pending = !ov.exact && exactAllowed;
    const QString taken = Display::timestamp(ov.takenAtUtc);
    QString status;
    if (ov.exact)
        status = Display::statusSymbol(Display::Status::Ok) + u' ' +
                 tr("Exact counts, taken %1 with the rules' own SQL.").arg(taken);
    else if (pending)
        status =
            QStringLiteral("≈ ") + tr("Estimates from the catalog statistics (%1); exact counts are being "
                                      "computed in the background.")
                                       .arg(taken);
    else
        status =
            QStringLiteral("≈ ") + tr("Estimates from the catalog statistics (%1). Exact counts need a role "
                                      "that may preview: see Checks.")
                                       .arg(taken);
    for (const QString &id : Rules::ids())
        if (ov.exact && !report.canPreview({id}))
            status +=
                u' ' + tr("%1: estimates only, its preview is refused (see Checks).").arg(Rules::title(id));
    if (!ov.cutoffBaseUtc.isEmpty())
        status +=
            u' ' +
            tr("Retention measured from the database clock at %1.").arg(Display::timestamp(ov.cutoffBaseUtc));
    m_status->setText(status);

    QList<PartitionInfo> partitions;
    QList<QuarantinedPartition> quarantine;
    for (const TableOverview &t : ov.tables) {
        if (TableCard *c = m_cards.value(t.ruleId))
            c->setTable(t, t.exact, pending && report.canPreview({t.ruleId}));
        if (Rules::isPartitionRule(t.ruleId)) {
            partitions = t.partitions;
            quarantine = t.quarantine;
        }
    }
    m_stripTitle->setText(
        quarantine.isEmpty()
            ? tr("Months of %1 (partitions, oldest first)").arg(Rules::table(RuleId::LogSesiones))
            : tr("Months of %1 (partitions, oldest first; %n in quarantine)", nullptr, int(quarantine.size()))
                  .arg(Rules::table(RuleId::LogSesiones)));
    m_strip->setPartitions(partitions, quarantine);
    const bool any = !partitions.isEmpty() || !quarantine.isEmpty();
    m_stripTitle->setVisible(any);
    m_strip->setVisible(any);
    reflowCards(); // the numbers may have made a card wider
}

} // namespace purga
