// PartitionTable and the partition rule's preview tab: the partitions in quarantine are listed after
// the attached ones, each with its bounds, rows and the day it goes (or that this purge drops it, or
// why it is never dropped), and the tab's note says where removable partitions go when quarantine is on.
#include "core/rules/rules.h"
#include "support/guitest.h"
#include "ui/preview/partitiontable.h"
#include "ui/preview/rulepreviewtab.h"
#include "ui/widgets/wraplabel.h"

#include <QApplication>
#include <QTest>

using namespace purga;

namespace {

QuarantinedPartition quarantined(const QString &month, bool due, bool present = true)
{
    QuarantinedPartition q;
    q.name = QStringLiteral("identidad_cuarentena.log_sesiones_") + month;
    q.originalName = QStringLiteral("identidad.log_sesiones_") + month;
    q.bound = QStringLiteral("FOR VALUES FROM ('2025-01-01') TO ('2025-02-01')");
    q.lowerBound = QStringLiteral("2025-01-01 00:00:00+00");
    q.upperBound = QStringLiteral("2025-02-01 00:00:00+00");
    q.rows = 4321;
    q.bytes = 1 << 20;
    q.quarantinedAtUtc = QStringLiteral("2026-11-20 03:00:00+00");
    q.dropAfterUtc =
        due ? QStringLiteral("2026-11-27 03:00:00+00") : QStringLiteral("2026-12-11 03:00:00+00");
    q.due = due;
    q.present = present;
    return q;
}

RulePreview logRule(int quarantineDays)
{
    RulePreview log;
    log.id = QStringLiteral("log_sesiones");
    log.table = QStringLiteral("identidad.log_sesiones");
    log.config = Rules::defaults(log.id);
    log.config.quarantineDays = quarantineDays;
    log.quarantineUntilUtc = QStringLiteral("2026-12-11 08:00:00+00");
    PartitionInfo old;
    old.name = QStringLiteral("identidad.log_sesiones_2025_09");
    old.lowerBound = QStringLiteral("2025-09-01 00:00:00+00");
    old.upperBound = QStringLiteral("2025-10-01 00:00:00+00");
    old.removable = true;
    old.rows = 195;
    old.rowsExact = true;
    log.partitions = {old};
    log.eligible = 195;
    log.quarantine = {quarantined(QStringLiteral("2025_01"), true),
                      quarantined(QStringLiteral("2025_02"), false),
                      quarantined(QStringLiteral("2025_03"), true, false)};
    return log;
}

} // namespace

class TestPartitionTable : public QObject
{
    Q_OBJECT
private slots:
    void quarantineRowsFollowThePartitions()
    {
        const RulePreview log = logRule(0);
        PartitionTable table;
        table.setPartitions(log.partitions, {}, log.quarantine);
        QCOMPARE(table.rowCount(), 4);
        QCOMPARE(table.item(1, PartitionTable::NameColumn)->text(),
                 QStringLiteral("identidad_cuarentena.log_sesiones_2025_01"));
        QVERIFY(table.item(1, PartitionTable::NameColumn)
                    ->toolTip()
                    .contains(QStringLiteral("identidad.log_sesiones_2025_01")));
        QCOMPARE(table.item(1, PartitionTable::FromColumn)->text(),
                 QStringLiteral("2025-01-01 00:00:00 UTC"));
        QCOMPARE(table.item(1, PartitionTable::RowsColumn)->text(), QStringLiteral("4,321"));
        const QString due = table.item(1, PartitionTable::ActionColumn)->text();
        QVERIFY2(due.startsWith(QStringLiteral("✓")) && due.contains(QStringLiteral("this purge drops it")) &&
                     due.contains(QStringLiteral("2026-11-27 03:00:00 UTC")),
                 qPrintable(due));
        QVERIFY(table.item(1, PartitionTable::ActionColumn)->font().bold());
        QVERIFY(
            table.item(0, PartitionTable::ActionColumn)->text().contains(QStringLiteral("detach and drop")));
        const QString kept = table.item(2, PartitionTable::ActionColumn)->text();
        QVERIFY2(kept.contains(QStringLiteral("until 2026-12-11 03:00:00 UTC")) &&
                     kept.contains(QStringLiteral("partition-restore")),
                 qPrintable(kept));
        QVERIFY(!table.item(2, PartitionTable::ActionColumn)->font().bold());
        // A recorded entry whose table is gone is never dropped, even when its days are over.
        const QString gone = table.item(3, PartitionTable::ActionColumn)->text();
        QVERIFY2(gone.startsWith(QStringLiteral("⚠")) && gone.contains(QStringLiteral("never dropped")),
                 qPrintable(gone));
        QVERIFY(!table.item(3, PartitionTable::ActionColumn)->font().bold());
    }

    void noteSaysWhereRemovablePartitionsGo()
    {
        PreviewPlan plan;
        plan.takenAtUtc = QStringLiteral("2026-12-04 08:00:00+00");
        plan.rules = {logRule(7)};
        RulePreviewTab tab(plan, plan.rules.first());
        PartitionTable *table = tab.partitionTable();
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 4);
        QVERIFY(
            table->item(0, PartitionTable::ActionColumn)->text().contains(QStringLiteral("then quarantine")));
        auto *note = tab.findChild<WrapLabel *>(QStringLiteral("partitionNote"));
        QVERIFY(note);
        QVERIFY2(note->text().contains(QStringLiteral("quarantine")) &&
                     note->text().contains(QStringLiteral("2026-12-11 08:00:00 UTC")) &&
                     note->text().contains(QStringLiteral("7 day")),
                 qPrintable(note->text()));

        plan.rules = {logRule(0)};
        RulePreviewTab adr(plan, plan.rules.first());
        adr.ensureBuilt();
        auto *adrNote = adr.findChild<WrapLabel *>(QStringLiteral("partitionNote"));
        QVERIFY(adrNote);
        QVERIFY(adrNote->text().contains(QStringLiteral("detached and dropped whole")));
        QVERIFY(!adrNote->text().contains(QStringLiteral("quarantine (schema")));
    }

    // Last: the Spanish catalogue stays installed. The quarantine rows in Spanish at 1024 px.
    void spanishQuarantineRows()
    {
        test::installLanguage(QStringLiteral("es"));
        PreviewPlan plan;
        plan.takenAtUtc = QStringLiteral("2026-12-04 08:00:00+00");
        plan.rules = {logRule(7)};
        RulePreviewTab tab(plan, plan.rules.first());
        tab.resize(1000, 600);
        tab.show();
        PartitionTable *table = tab.partitionTable();
        QVERIFY(table->item(1, PartitionTable::ActionColumn)
                    ->text()
                    .contains(QStringLiteral("esta purga la elimina")));
        auto *note = tab.findChild<WrapLabel *>(QStringLiteral("partitionNote"));
        QVERIFY2(note->text().contains(QStringLiteral("7 días")), qPrintable(note->text()));
        test::shoot(&tab, QStringLiteral("preview-quarantine-es"));
    }
};

QTEST_MAIN(TestPartitionTable)
#include "tst_partitiontable.moc"
