// The Fleet page: tags, the check and purge controls, the table that fills as servers answer.
#include "fleetpage.h"

#include "fleetmodel.h"

#include "core/fleet/fleetdrift.h"
#include "core/profiles/profilestore.h"
#include "core/rules/rules.h"
#include "core/util/language.h"
#include "ui/common/purgeconfirmdialog.h"
#include "ui/style/displayformat.h"
#include "ui/widgets/messagebox.h"
#include "ui/widgets/wraplabel.h"

#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

namespace purga {

namespace {
constexpr int kMaxColumnWidth = 220;
} // namespace

FleetPage::FleetPage(QWidget *parent)
    : QWidget(parent)
    , m_model(new FleetModel(this))
    , m_tags(new QLineEdit(this))
    , m_connections(new QSpinBox(this))
    , m_check(new QPushButton(tr("&Check fleet"), this))
    , m_rule(new QComboBox(this))
    , m_concurrency(new QSpinBox(this))
    , m_canary(new QSpinBox(this))
    , m_maxFailures(new QSpinBox(this))
    , m_purge(new QPushButton(tr("Purge fleet…"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_table(new QTableView(this))
    , m_members(new QLabel(this))
    , m_summary(new WrapLabel(this))
{
    setupWidgets();
    setupLayout();
    connectSignals();
    updateButtons();
}

void FleetPage::setupWidgets()
{
    setObjectName(QStringLiteral("fleetPage"));
    m_tags->setObjectName(QStringLiteral("fleetTags"));
    m_tags->setPlaceholderText(tr("tags, e.g. region:eu prod"));
    m_tags->setToolTip(tr("The profiles carrying every one of these tags (profile-save --tag)."));
    m_connections->setRange(1, 64);
    m_connections->setValue(8);
    m_connections->setToolTip(tr("Servers asked at once; each has its own connection and timeout."));
    m_rule->setObjectName(QStringLiteral("fleetRule"));
    m_rule->setAccessibleName(tr("Rules to purge"));
    m_tags->setAccessibleName(tr("Fleet tags"));
    m_rule->addItem(tr("All rules"), QString());
    for (const QString &id : Rules::ids())
        m_rule->addItem(Rules::title(id), id);
    m_connections->setObjectName(QStringLiteral("fleetConnections"));
    m_concurrency->setObjectName(QStringLiteral("fleetConcurrency"));
    m_canary->setObjectName(QStringLiteral("fleetCanary"));
    m_maxFailures->setObjectName(QStringLiteral("fleetMaxFailures"));
    m_purge->setObjectName(QStringLiteral("fleetPurge"));
    m_concurrency->setRange(1, 64);
    m_concurrency->setValue(1);
    m_concurrency->setToolTip(tr("Servers purged at once (1: one by one)."));
    m_canary->setRange(0, 1000);
    m_canary->setSpecialValueText(tr("none"));
    m_canary->setToolTip(tr("Purge these first servers, and the rest only if every one of them ended ok."));
    m_maxFailures->setRange(1, 1000);
    m_maxFailures->setValue(1);
    m_maxFailures->setToolTip(tr("After this many servers did not end ok, start no other."));
    m_table->setObjectName(QStringLiteral("fleetTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_summary->setObjectName(QStringLiteral("fleetSummary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void FleetPage::setupLayout()
{
    auto *title = new QLabel(tr("<b>Fleet</b> — every profile carrying the tags, one row per server"), this);
    auto *checkRow = new QHBoxLayout;
    checkRow->addWidget(new QLabel(tr("Tags:"), this));
    checkRow->addWidget(m_tags, 1);
    checkRow->addWidget(new QLabel(tr("Connections:"), this));
    checkRow->addWidget(m_connections);
    checkRow->addWidget(m_check);
    auto *purgeRow = new QHBoxLayout;
    purgeRow->addWidget(m_rule);
    purgeRow->addWidget(new QLabel(tr("At once:"), this));
    purgeRow->addWidget(m_concurrency);
    purgeRow->addWidget(new QLabel(tr("Canary:"), this));
    purgeRow->addWidget(m_canary);
    purgeRow->addWidget(new QLabel(tr("Stop after failures:"), this));
    purgeRow->addWidget(m_maxFailures);
    purgeRow->addStretch(1);
    purgeRow->addWidget(m_purge);
    purgeRow->addWidget(m_stop);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addLayout(checkRow);
    layout->addLayout(purgeRow);
    layout->addWidget(m_members);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_summary);
}

void FleetPage::connectSignals()
{
    connect(m_check, &QPushButton::clicked, this, &FleetPage::startStatus);
    connect(m_tags, &QLineEdit::returnPressed, this, &FleetPage::startStatus);
    connect(m_purge, &QPushButton::clicked, this, &FleetPage::startPurge);
    connect(m_stop, &QPushButton::clicked, this, [this] {
        if (m_runner)
            m_runner->stop();
    });
}

void FleetPage::setSwatch(const std::function<QIcon(ProfileEnvironment)> &swatch)
{
    m_model->setSwatch(swatch);
}

QStringList FleetPage::tags() const
{
    return m_tags->text().split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
}

void FleetPage::checkFleet(const QStringList &tags)
{
    m_tags->setText(tags.join(u' '));
    startStatus();
}

void FleetPage::updateButtons()
{
    const bool busy = isRunning();
    m_check->setEnabled(!busy);
    m_purge->setEnabled(!busy && !m_checked.isEmpty());
    m_purge->setToolTip(m_checked.isEmpty()
                            ? tr("Check the fleet first: the confirmation restates what the "
                                 "check found on each server.")
                            : tr("Restate the servers and rules of the last check and confirm "
                                 "before anything is deleted."));
    m_tags->setEnabled(!busy);
    m_stop->setEnabled(busy);
}

void FleetPage::startStatus()
{
    const QList<FleetMember> members = fleetMembers(ProfileStore(), tags());
    FleetRunOptions options;
    options.concurrency = m_connections->value();
    options.timeoutMs = 60000;
    m_purging = false;
    m_checked.clear();
    run(
        members,
        [](const FleetMember &m) {
            return QStringList{QStringLiteral("fleet-probe"), QStringLiteral("--profile"), m.profile,
                               QStringLiteral("--json")};
        },
        options);
}

// The members as the check saw them, in the purge order; the confirmation restates that check. A
// purge consumes it: another purge asks for a new check first, as a purged preview does.
void FleetPage::startPurge()
{
    const QList<FleetMember> members = purgeOrder(fleetMembers(ProfileStore(), tags()), true);
    if (members.isEmpty())
        return;
    QStringList names, checked;
    for (const FleetMember &m : members)
        names << m.profile;
    for (const FleetServerResult &r : std::as_const(m_checked))
        checked << r.member.profile;
    names.sort();
    checked.sort();
    if (names != checked) {
        MessageBox::warning(
            this, tr("Purge the fleet"),
            tr("Check the fleet first: the confirmation restates what the check found on each "
               "server, and these tags name servers it did not check."));
        return;
    }
    const QString rule = m_rule->currentData().toString();
    FleetPurgePlan plan = FleetPurgePlan::fromCheck(members, m_checked);
    plan.tags = tags();
    plan.rules = rule.isEmpty() ? Rules::ids() : QStringList{rule};
    plan.checkedAtUtc = m_checkedAtUtc;
    plan.concurrency = m_concurrency->value();
    plan.canary = m_canary->value();
    plan.maxFailures = m_maxFailures->value();
    for (int i = 0; i < plan.servers.size(); ++i)
        plan.servers[i].wave = plan.canary > 0 && i >= plan.canary ? 2 : 1;
    PurgeConfirmDialog dialog(plan, this);
    if (dialog.exec() != QDialog::Accepted || dialog.request().ruleIds.isEmpty())
        return;
    const PurgeRequest request = dialog.request();
    FleetRunOptions options;
    options.purge = true;
    options.concurrency = plan.concurrency;
    options.canary = plan.canary;
    options.maxFailures = plan.maxFailures;
    m_purging = true;
    m_purgeRules = request.ruleIds;
    m_checked.clear();
    run(
        members, [request](const FleetMember &m) { return purgeArgs(m, request); }, options);
}

// One server's `purge` command line: the rules confirmed, and the dialog's options when they were
// changed (left as offered, each server keeps its profile's rule settings).
QStringList FleetPage::purgeArgs(const FleetMember &member, const PurgeRequest &request)
{
    QStringList args{QStringLiteral("purge"), QStringLiteral("--profile"), member.profile,
                     QStringLiteral("--yes"), QStringLiteral("--json")};
    for (const QString &r : request.ruleIds)
        args << QStringLiteral("--rule") << r;
    if (!request.useRuleSettings)
        args << QStringLiteral("--batch-size") << QString::number(request.batchSize)
             << QStringLiteral("--pause-ms") << QString::number(request.pauseMs);
    if (request.parallel > 1)
        args << QStringLiteral("--parallel") << QString::number(request.parallel);
    if (request.detachOnly)
        args << QStringLiteral("--detach-only");
    return args;
}

void FleetPage::run(const QList<FleetMember> &members, const FleetRunner::ArgsFor &args,
                    const FleetRunOptions &options)
{
    m_model->reset(members, options.purge);
    showColumns(options.purge ? m_purgeRules : QStringList());
    m_summary->clear();
    if (members.isEmpty()) {
        m_members->setText(tags().isEmpty()
                               ? tr("Type the tags of a fleet.")
                               : tr("No saved profile carries every tag of \"%1\".").arg(m_tags->text()));
        return;
    }
    m_members->setText(tr("%n server(s) carry these tags.", nullptr, int(members.size())));
    delete m_runner;
    m_runner = new FleetRunner(FleetRunner::cliProgram(), this);
    // The servers' messages in the window's language, also when --lang chose it.
    m_runner->setEnvironment(
        withMessagesLanguage(QProcessEnvironment::systemEnvironment(), installedLanguage()));
    connect(m_runner, &FleetRunner::serverStarted, m_model, &FleetModel::setRunning);
    connect(m_runner, &FleetRunner::serverFinished, this,
            [this](int i) { m_model->setRow(i, m_runner->results().at(i)); });
    connect(m_runner, &FleetRunner::finished, this, &FleetPage::onFinished);
    m_runner->start(members, args, options);
    updateButtons();
}

void FleetPage::onFinished()
{
    const QList<FleetServerResult> &rows = m_runner->results();
    if (!m_purging) {
        m_checked = rows;
        m_checkedAtUtc = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    }
    int ok = 0;
    for (const FleetServerResult &r : rows)
        ok += r.ok() ? 1 : 0;
    const QMap<QString, double> totals = fleetRuleTotals(rows, m_purging);
    QStringList parts; // in the rules' order; a check counts the partition rule in partitions
    for (const QString &id : Rules::ids())
        if (totals.contains(id))
            parts << (!m_purging && Rules::isPartitionRule(id)
                          ? tr("%1 %n partition(s)", nullptr, int(totals.value(id))).arg(Rules::title(id))
                          : QStringLiteral("%1 %2").arg(Rules::title(id),
                                                        Display::number(qint64(totals.value(id)))));
    QStringList lines{tr("%1 of %n server(s) ended ok.", nullptr, int(rows.size())).arg(ok)};
    if (!parts.isEmpty())
        lines << (m_purging ? tr("Deleted across the fleet: %1") : tr("Removable across the fleet: %1"))
                     .arg(parts.join(QStringLiteral(", ")));
    for (const FleetDriftItem &d : fleetDrift(rows)) {
        QStringList servers;
        for (auto it = d.differing.cbegin(); it != d.differing.cend(); ++it)
            servers << tr("%1 has %2").arg(it.key(), it.value());
        lines << tr("Drift in %1 %2: most servers have %3; %4.")
                     .arg(d.aspect, d.key, d.reference, servers.join(QStringLiteral(", ")));
    }
    m_summary->setText(lines.join(u'\n'));
    m_table->resizeColumnsToContents();
    // A long verdict or error takes no more than its share of a 1024-pixel screen: elided, whole in
    // its tooltip.
    for (int c = 0; c + 1 < m_model->columnCount(); ++c)
        m_table->setColumnWidth(c, qMin(m_table->columnWidth(c), kMaxColumnWidth));
    updateButtons();
    emit fleetFinished();
}

// A check shows every column; a purge only what its receipts fill (the outcome, the rules it ran, the
// detail), so that why a server did not end ok stays in view on a 1024-pixel screen.
void FleetPage::showColumns(const QStringList &purgedRules)
{
    const bool purge = !purgedRules.isEmpty();
    for (int c = 0; c < m_model->columnCount(); ++c) {
        const QString rule = FleetModel::ruleOf(c);
        m_table->setColumnHidden(
            c, purge && (FleetModel::isStatusColumn(c) || (!rule.isEmpty() && !purgedRules.contains(rule))));
    }
}

QString FleetPage::summaryText() const
{
    return m_summary->text();
}

} // namespace purga
