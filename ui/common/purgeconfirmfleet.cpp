// PurgeConfirmDialog's fleet form: the fleet's last check restated, server by server in the order
// they will be purged, with the canary wave and the failure budget (purgeconfirmdialog.h).
#include "purgeconfirmdialog.h"

#include "core/rules/rules.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"

#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace purga {

// The rules asked for become the plan's rules: a row rule's rows are the fleet's total, the partition
// rule's partitions are counted by partitionsOf().
PurgeConfirmDialog::PurgeConfirmDialog(const FleetPurgePlan &fleet, QWidget *parent)
    : PurgeConfirmDialog(parent)
{
    m_fleet = fleet;
    m_word = fleet.confirmWord();
    m_plan.takenAtUtc = m_plan.cutoffBaseUtc = fleet.checkedAtUtc;
    for (const QString &id : fleet.rules) {
        RulePreview rule;
        rule.id = id;
        rule.table = Rules::table(id);
        rule.config = Rules::defaults(id);
        rule.eligible = Rules::isPartitionRule(id) ? 0 : fleet.total(id);
        m_plan.rules << rule;
    }
    build(buildFleetHeader());
    if (!fleet.productionServers().isEmpty())
        setEnvironment(ProfileEnvironment::Production);
}

// A fleet: how many servers, and when the check that counted was taken (each server's purge takes
// its own preview when it starts).
QWidget *PurgeConfirmDialog::buildFleetHeader()
{
    return buildHeaderBox(
        tr("Rows will be deleted on %n server(s) of the fleet \"%1\".", nullptr, int(m_fleet->servers.size()))
            .arg(m_fleet->tags.join(QStringLiteral(", "))),
        [this](const QString &age) {
            return tr("Counted by the fleet check of %1 (%2 ago). Each server's purge takes its own preview "
                      "when it starts and removes what that preview finds removable at its own cutoffs (its "
                      "profile's retention), with its own lock, pacing and receipt.")
                .arg(RunFormat::utc(m_fleet->checkedAtUtc), age);
        },
        [](const QString &age) {
            return tr("This check is %1 old. Consider checking the fleet again to see current numbers.").arg(age);
        });
}

// The servers in the order they will be purged, each with its counts and what will stop it, then
// the canary wave and the failure budget; scrolled when the fleet is long.
QWidget *PurgeConfirmDialog::buildFleetServers()
{
    auto *group = new QGroupBox(tr("Servers, in the order they will be purged"), this);
    group->setObjectName(QStringLiteral("fleetServers"));
    auto *inner = new QWidget;
    auto *list = new QVBoxLayout(inner);
    list->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < m_fleet->servers.size(); ++i) {
        auto *label = new QLabel(m_fleet->serverText(i), inner);
        label->setObjectName(QStringLiteral("fleetServer_") + m_fleet->servers.at(i).member.profile);
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        list->addWidget(label);
    }
    auto *scroll = new QScrollArea(group);
    scroll->setWidget(inner);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumHeight(qMin(inner->sizeHint().height(), 320));
    auto *run = new QLabel(m_fleet->runText(), group);
    run->setObjectName(QStringLiteral("fleetRun"));
    run->setWordWrap(true);
    run->setTextFormat(Qt::PlainText);
    auto *layout = new QVBoxLayout(group);
    layout->addWidget(scroll, 1);
    layout->addWidget(run);
    return group;
}

} // namespace purga
