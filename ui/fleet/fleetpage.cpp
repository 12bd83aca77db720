// The Fleet page: tags, the check and purge controls, the table that fills as servers answer.
#include "fleetpage.h"

#include "fleetmodel.h"

#include "core/fleet/fleetdrift.h"
#include "core/profiles/profilestore.h"
#include "core/rules/rules.h"
#include "ui/style/displayformat.h"
#include "ui/widgets/messagebox.h"
#include "ui/widgets/wraplabel.h"

#include <QComboBox>
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
    m_purge->setEnabled(!busy);
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
    run(
        members,
        [](const FleetMember &m) {
            return QStringList{QStringLiteral("fleet-probe"), QStringLiteral("--profile"), m.profile,
                               QStringLiteral("--json")};
        },
        options);
}

void FleetPage::startPurge()
{
    const QList<FleetMember> members = purgeOrder(fleetMembers(ProfileStore(), tags()), true);
    const QString rule = m_rule->currentData().toString();
    const QStringList rules = rule.isEmpty() ? Rules::ids() : QStringList{rule};
    if (members.isEmpty() || !confirmPurge(members, rules))
        return;
    FleetRunOptions options;
    options.purge = true;
    options.concurrency = m_concurrency->value();
    options.canary = m_canary->value();
    options.maxFailures = m_maxFailures->value();
    m_purging = true;
    run(
        members,
        [rules](const FleetMember &m) {
            QStringList args{QStringLiteral("purge"), QStringLiteral("--profile"), m.profile,
                             QStringLiteral("--yes"), QStringLiteral("--json")};
            for (const QString &r : rules)
                args << QStringLiteral("--rule") << r;
            return args;
        },
        options);
}

// The servers in the order they will be purged, production ones named as such; "Purge" is never
// the default answer.
bool FleetPage::confirmPurge(const QList<FleetMember> &members, const QStringList &rules)
{
    QStringList lines;
    int production = 0;
    for (const FleetMember &m : members) {
        const bool prod = m.environment == ProfileEnvironment::Production;
        production += prod ? 1 : 0;
        lines << (prod ? tr("%1 — %2 (PRODUCTION)") : tr("%1 — %2")).arg(m.profile, m.target);
    }
    QStringList titles;
    for (const QString &r : rules)
        titles << Rules::title(r);
    const QString text =
        tr("Purge %1 on %n server(s), in this order (production last), each with its own lock, pacing and "
           "receipt:\n\n%2\n\n%3",
           nullptr, int(members.size()))
            .arg(titles.join(QStringLiteral(", ")), lines.join(u'\n'),
                 production > 0 ? tr("%n production server(s) among them.", nullptr, production) : QString());
    return MessageBox::question(this, tr("Purge the fleet"), text, QMessageBox::Yes | QMessageBox::No,
                                QMessageBox::No) == QMessageBox::Yes;
}

void FleetPage::run(const QList<FleetMember> &members, const FleetRunner::ArgsFor &args,
                    const FleetRunOptions &options)
{
    m_model->reset(members, options.purge);
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
    int ok = 0;
    for (const FleetServerResult &r : rows)
        ok += r.ok() ? 1 : 0;
    const QMap<QString, double> totals = fleetRuleTotals(rows, m_purging);
    QStringList parts;
    for (auto it = totals.cbegin(); it != totals.cend(); ++it)
        parts << QStringLiteral("%1 %2").arg(Rules::title(it.key()), Display::number(qint64(it.value())));
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
    updateButtons();
    emit fleetFinished();
}

QString FleetPage::summaryText() const
{
    return m_summary->text();
}

} // namespace purga
