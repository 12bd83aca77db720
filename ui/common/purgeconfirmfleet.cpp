// PurgeConfirmDialog's fleet form: the fleet's last check restated, server by server in the order
// they will be purged, with the canary wave and the failure budget (purgeconfirmdialog.h).
#include "purgeconfirmdialog.h"

#include "core/rules/rules.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"

#include <QLabel>
#include <QPlainTextEdit>
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
    setMinimumWidth(720); // the servers' lines wrap less; still inside a 1024-pixel screen
    if (!fleet.productionServers().isEmpty())
        setEnvironment(ProfileEnvironment::Production);
}

// Shown at the height its wrapped lines need at its width: left at its least height, the header's
// wrapped lines took the server list's room and the run's lines were laid over the list.
void PurgeConfirmDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (m_fleet && hasHeightForWidth())
        resize(width(), qMax(height(), heightForWidth(width())));
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
// the canary wave and the failure budget. The list is text the DBA can select and copy, ten lines
// high and scrolled beyond: the dialog must fit a 768-pixel screen.
QWidget *PurgeConfirmDialog::buildFleetServers()
{
    // A plain box, not a QGroupBox: inside one, the dialog at its least height laid the run's lines
    // over the list's last ones.
    auto *group = new QWidget(this);
    group->setObjectName(QStringLiteral("fleetServers"));
    auto *title = new QLabel(tr("Servers, in the order they will be purged"), group);
    QStringList blocks;
    for (int i = 0; i < m_fleet->servers.size(); ++i)
        blocks << m_fleet->serverText(i);
    auto *list = new QPlainTextEdit(blocks.join(u'\n'), group);
    list->setObjectName(QStringLiteral("fleetServerList"));
    list->setAccessibleName(title->text());
    list->setReadOnly(true);
    list->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    const int lines = qMin(int(list->toPlainText().count(u'\n')) + 2, 10);
    list->setFixedHeight(lines * list->fontMetrics().lineSpacing() + 2 * list->frameWidth() + 8);
    auto *run = new QLabel(m_fleet->runText(), group);
    run->setObjectName(QStringLiteral("fleetRun"));
    run->setTextFormat(Qt::PlainText);
    auto *layout = new QVBoxLayout(group);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(list, 1);
    layout->addWidget(run);
    return group;
}

} // namespace purga
