#include "receiptview.h"

#include "core/purge/receiptnotes.h"
#include "core/rules/rules.h"
#include "ui/common/sqlview.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/widgets/messagebox.h"
#include "ui/widgets/wraplabel.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace purga {

namespace {

enum Column {
    RuleCol,
    StatusCol,
    DeletedCol,
    PlannedCol,
    BatchesCol,
    RetriesCol,
    DurationCol,
    BatchTimesCol,
    KeysCol,
    PartitionsCol,
    ColumnCount
};

QTableWidgetItem *cell(const QString &text, bool number = false)
{
    auto *it = new QTableWidgetItem(text);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    it->setTextAlignment(number ? (Qt::AlignRight | Qt::AlignVCenter) : (Qt::AlignLeft | Qt::AlignVCenter));
    return it;
}

QString keyRange(const RuleReceipt &r)
{
    return r.deleted > 0 && r.keyMax > 0
               ? QStringLiteral("%1 … %2").arg(Display::number(r.keyMin), Display::number(r.keyMax))
               : QStringLiteral("—");
}

// The row rule's batch template, then what each placeholder stood for in this run: the block
// ranges read, the preview's key range and the batch size (bare placeholders would read as if the
// statement had run with them).
QStringList templateValues(const RuleReceipt &r)
{
    QStringList head;
    head << ReceiptView::tr("-- Template: each batch ran it with its own block range in place of %TID_FROM% "
                            "and %TID_TO%.");
    if (r.blocks < 0) {
        head << ReceiptView::tr("-- No batch ran.");
        return head;
    }
    head << ReceiptView::tr(
                "-- %TID_FROM% … %TID_TO%: %n batch(es) read blocks 0 to %1 of the table's %2, in "
                "order;",
                nullptr, r.batches)
                .arg(Display::number(r.blocksDone), Display::number(r.blocks));
    head << (r.blocksDone >= r.blocks
                 ? ReceiptView::tr(
                       "--   the last range was open-ended: it also read blocks added during the run.")
                 : ReceiptView::tr(
                       "--   the blocks after %1 were not read (the run had removed what the preview "
                       "counted, or it stopped).")
                       .arg(Display::number(r.blocksDone)));
    if (r.deleted > 0 && r.keyMax > 0)
        head << ReceiptView::tr("-- %KEY_MIN% = %1, %KEY_MAX% = %2: the key range of the confirmed preview.")
                    .arg(QString::number(r.keyMin), QString::number(r.keyMax));
    head << (r.limitMin == r.limitMax
                 ? ReceiptView::tr("-- %LIMIT% = %1 rows (the batch size).").arg(Display::number(r.limitMax))
                 : ReceiptView::tr("-- %LIMIT% = %1 to %2 rows (the batch size, changed during the run).")
                       .arg(Display::number(r.limitMin), Display::number(r.limitMax)));
    if (r.redone > 0)
        head << ReceiptView::tr("-- %n batch(es) removed more than %LIMIT% rows and were rolled back; their "
                                "ranges were read again smaller.",
                                nullptr, r.redone);
    return head;
}

// The rule's statement as a reader wants it: the template and the values it ran with (a row rule
// ran once per TID block range; a partition rule per partition).
QString sqlAsRun(const RuleReceipt &r)
{
    if (r.sql.isEmpty())
        return QString();
    QStringList head;
    if (r.sql.contains(QLatin1String("%TID_FROM%")))
        head = templateValues(r);
    for (const QString &p : r.droppedPartitions)
        head << ReceiptView::tr("-- Dropped: %1").arg(p);
    for (const QuarantineEntry &q : r.quarantinedPartitions)
        head << ReceiptView::tr("-- In quarantine until %1: %2 (was %3)")
                    .arg(q.dropAfterUtc, q.name, q.originalName);
    for (const QuarantineEntry &q : r.quarantineDropped)
        head << ReceiptView::tr("-- Quarantine over, dropped: %1").arg(q.name);
    for (const QString &p : r.detachedPartitions)
        if (!r.droppedPartitions.contains(p))
            head << ReceiptView::tr("-- Detached, kept: %1").arg(p);
    return head.isEmpty() ? r.sql : head.join(u'\n') + u'\n' + r.sql;
}

// Detached and not dropped (detach only, or a drop that failed): tables still in the database,
// besides those moved to quarantine (said on their own).
QStringList keptDetached(const RuleReceipt &r)
{
    QStringList quarantined;
    for (const QuarantineEntry &q : r.quarantinedPartitions)
        quarantined << q.originalName;
    QStringList kept;
    for (const QString &name : r.detachedPartitions)
        if (!r.droppedPartitions.contains(name) && !quarantined.contains(name))
            kept << name;
    return kept;
}

// "name (until …)" of each partition moved to quarantine by the run.
QStringList quarantinedText(const RuleReceipt &r)
{
    QStringList out;
    for (const QuarantineEntry &q : r.quarantinedPartitions)
        out << ReceiptView::tr("%1 (until %2)").arg(q.name, Display::localTime(q.dropAfterUtc));
    return out;
}

} // namespace

ReceiptView::ReceiptView(QWidget *parent)
    : QWidget(parent)
    , m_status(new WrapLabel(this))
    , m_details(new WrapLabel(this))
    , m_rules(new QTableWidget(this))
    , m_sql(new SqlView(this))
    , m_copy(new QPushButton(tr("Copy receipt"), this))
    , m_save(new QPushButton(tr("Save JSON…"), this))
{
    setObjectName(QStringLiteral("receiptView"));
    m_status->setObjectName(QStringLiteral("receiptStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    QFont big = m_status->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.15);
    m_status->setFont(big);
    m_details->setTextFormat(Qt::PlainText);
    // Not selectable (a selectable label lays its text out as a document on every size query, slow
    // when the receipt appears): "Copy receipt" copies these lines with the rest.
    m_details->setWordWrap(true);
    m_details->setObjectName(QStringLiteral("receiptDetails"));

    m_rules->setColumnCount(ColumnCount);
    m_rules->setHorizontalHeaderLabels({tr("Rule"), tr("Status"), tr("Deleted"), tr("Planned"), tr("Batches"),
                                        tr("Retries"), tr("Duration"), tr("Batch p50 / p95 / max"),
                                        tr("Keys deleted"), tr("Partitions")});
    m_rules->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_rules->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_rules->setSelectionMode(QAbstractItemView::SingleSelection);
    m_rules->setWordWrap(false);
    m_rules->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_rules->verticalHeader()->setDefaultSectionSize(m_rules->fontMetrics().height() + 8);
    m_rules->verticalHeader()->hide();
    m_rules->horizontalHeader()->setStretchLastSection(true);
    m_rules->setObjectName(QStringLiteral("receiptRules"));
    connect(m_rules, &QTableWidget::currentCellChanged, this, [this](int row) { showSqlOf(row); });

    m_copy->setObjectName(QStringLiteral("copyReceiptButton"));
    m_copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copy->setToolTip(RunFormat::withShortcut(tr("Copy the receipt as text (for the incident ticket)"),
                                               m_copy->shortcut()));
    m_save->setObjectName(QStringLiteral("saveReceiptButton"));
    m_save->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
    m_save->setToolTip(RunFormat::withShortcut(tr("Save the receipt as JSON"), m_save->shortcut()));
    m_sql->copyButton()->setShortcut(QKeySequence()); // the receipt's Copy owns Ctrl+Shift+C here
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(toText());
        m_copy->setText(tr("Copied ✓"));
    });
    connect(m_save, &QPushButton::clicked, this, &ReceiptView::chooseFileAndSave);

    auto *head = new QHBoxLayout;
    head->addWidget(m_status, 1);
    head->addWidget(m_copy);
    head->addWidget(m_save);
    m_rules->setToolTip(tr("Select a rule to see the SQL it ran"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    layout->addWidget(m_details);
    layout->addWidget(m_rules);
    layout->addWidget(m_sql, 1);
}

void ReceiptView::setReceipt(const PurgeReceipt &receipt)
{
    m_receipt = receipt;
    m_copy->setText(tr("Copy receipt"));
    QString status = RunFormat::statusText(receipt.status, receipt.stopped);
    if (!receipt.message.isEmpty())
        status += QStringLiteral(" — ") + receipt.message;
    m_status->setText(status);

    QStringList details;
    details << tr("Run: %1").arg(receipt.runId.isEmpty() ? QStringLiteral("—") : receipt.runId);
    details
        << tr("Cutoffs frozen at: %1").arg(Display::timestamp(receipt.cutoffBaseUtc, QStringLiteral("—")));
    details << tr("Started: %1 · Finished: %2 · Duration: %3")
                   .arg(Display::timestamp(receipt.startedUtc, QStringLiteral("—")),
                        Display::timestamp(receipt.finishedUtc, QStringLiteral("—")),
                        RunFormat::duration(receipt.durationMs));
    // A refused run's message already names the holder: said once.
    if (!receipt.lockHolder.isEmpty() && !receipt.message.contains(receipt.lockHolder))
        details << tr("Lock held by: %1").arg(receipt.lockHolder);
    details << receiptNotes(receipt); // the job's count, short retentions, lock waiters
    m_details->setText(details.join(u'\n'));

    m_rules->setRowCount(int(receipt.rules.size()));
    for (int r = 0; r < receipt.rules.size(); ++r) {
        const RuleReceipt &rr = receipt.rules.at(r);
        m_rules->setItem(r, RuleCol, cell(Rules::title(rr.ruleId)));
        auto *st = cell(RunFormat::statusText(rr.status, rr.stopped));
        if (!rr.message.isEmpty())
            st->setToolTip(rr.message);
        m_rules->setItem(r, StatusCol, st);
        m_rules->setItem(r, DeletedCol, cell(Display::number(rr.deleted), true));
        m_rules->setItem(r, PlannedCol, cell(Display::number(rr.planned), true));
        m_rules->setItem(r, BatchesCol, cell(Display::number(rr.batches), true));
        m_rules->setItem(r, RetriesCol, cell(Display::number(rr.retries), true));
        m_rules->setItem(r, DurationCol, cell(RunFormat::duration(rr.durationMs), true));
        m_rules->setItem(r, BatchTimesCol,
                         cell(rr.batches > 0 ? QStringLiteral("%1 / %2 / %3")
                                                   .arg(RunFormat::duration(qRound64(rr.batchP50Ms)),
                                                        RunFormat::duration(qRound64(rr.batchP95Ms)),
                                                        RunFormat::duration(qRound64(rr.batchMaxMs)))
                                             : QStringLiteral("—"),
                              true));
        m_rules->setItem(r, KeysCol, cell(keyRange(rr), true));
        m_rules->setItem(r, PartitionsCol, partitionsCell(rr));
    }
    m_rules->resizeColumnsToContents();
    // As tall as its rows: the SQL of the selected rule gets the rest.
    // Every rule row stays visible (min = max); the SQL view below gives way instead.
    const int tableHeight =
        m_rules->horizontalHeader()->sizeHint().height() +
        std::max(1, int(receipt.rules.size())) * m_rules->verticalHeader()->defaultSectionSize() +
        m_rules->horizontalScrollBar()->sizeHint().height() + 2 * m_rules->frameWidth() + 2;
    m_rules->setMinimumHeight(tableHeight);
    m_rules->setMaximumHeight(tableHeight);
    if (!receipt.rules.isEmpty()) {
        m_rules->setCurrentCell(0, 0);
        showSqlOf(0); // the cell may have been current already: no change signal then
    } else {
        m_sql->setSql(QString());
    }
}

// The partition rule's cell: what it dropped, quarantined or kept, counted; the tooltip names them.
QTableWidgetItem *ReceiptView::partitionsCell(const RuleReceipt &rr) const
{
    QStringList parts;
    // The cell counts (it fits), the tooltip and the SQL pane name them all.
    QStringList names;
    if (!rr.droppedPartitions.isEmpty()) {
        parts << tr("%n dropped", nullptr, int(rr.droppedPartitions.size()));
        names << tr("dropped: %1").arg(rr.droppedPartitions.join(QStringLiteral(", ")));
    }
    if (!rr.quarantinedPartitions.isEmpty()) {
        parts << tr("%n in quarantine", nullptr, int(rr.quarantinedPartitions.size()));
        names << tr("in quarantine: %1").arg(quarantinedText(rr).join(QStringLiteral(", ")));
    }
    if (!rr.quarantineDropped.isEmpty())
        parts << tr("%n quarantine over, dropped", nullptr, int(rr.quarantineDropped.size()));
    if (!keptDetached(rr).isEmpty()) {
        parts << tr("%n detached, kept", nullptr, int(keptDetached(rr).size()));
        names << tr("detached, kept: %1").arg(keptDetached(rr).join(QStringLiteral(", ")));
    }
    QTableWidgetItem *partsCell =
        cell(parts.isEmpty() ? QStringLiteral("—") : parts.join(QStringLiteral("; ")));
    partsCell->setToolTip(names.join(u'\n'));
    return partsCell;
}

void ReceiptView::setSqlVisible(bool visible)
{
    m_sql->setVisible(visible);
}

QString ReceiptView::shownSql() const
{
    return m_sql->sql();
}

void ReceiptView::showSqlOf(int row)
{
    if (row >= 0 && row < m_receipt.rules.size())
        m_sql->setSql(sqlAsRun(m_receipt.rules.at(row)));
}

QString ReceiptView::toText() const
{
    const PurgeReceipt &r = m_receipt;
    QStringList out;
    out << tr("purga-sesiones receipt");
    out << tr("Run: %1").arg(r.runId);
    out << tr("Status: %1").arg(RunFormat::statusText(r.status, r.stopped));
    if (!r.message.isEmpty())
        out << tr("Message: %1").arg(r.message);
    out << tr("Cutoffs frozen at: %1").arg(RunFormat::utc(r.cutoffBaseUtc, QStringLiteral("—")));
    out << tr("Started: %1").arg(RunFormat::utc(r.startedUtc, QStringLiteral("—")));
    out << tr("Finished: %1").arg(RunFormat::utc(r.finishedUtc, QStringLiteral("—")));
    out << tr("Duration: %1").arg(RunFormat::duration(r.durationMs));
    if (!r.lockHolder.isEmpty())
        out << tr("Lock held by: %1").arg(r.lockHolder);
    out << receiptNotes(r);
    for (const RuleReceipt &rr : r.rules) {
        out << QString();
        out << QStringLiteral("[%1] %2").arg(rr.table.isEmpty() ? rr.ruleId : rr.table,
                                             RunFormat::statusText(rr.status, rr.stopped));
        out << tr("  Deleted %1 of %2 planned rows in %3 batches, %4 lock retries, %5")
                   .arg(Display::number(rr.deleted), Display::number(rr.planned), Display::number(rr.batches),
                        Display::number(rr.retries), RunFormat::duration(rr.durationMs));
        out << tr("  Keys deleted: %1").arg(keyRange(rr));
        if (!rr.droppedPartitions.isEmpty())
            out << tr("  Dropped partitions: %1").arg(rr.droppedPartitions.join(QStringLiteral(", ")));
        if (!rr.quarantinedPartitions.isEmpty())
            out << tr("  In quarantine: %1").arg(quarantinedText(rr).join(QStringLiteral(", ")));
        for (const QuarantineEntry &q : rr.quarantineDropped)
            out << tr("  Quarantine over, dropped: %1 (was %2)").arg(q.name, q.originalName);
        if (!keptDetached(rr).isEmpty())
            out << tr("  Detached partitions (kept): %1").arg(keptDetached(rr).join(QStringLiteral(", ")));
        if (!rr.message.isEmpty())
            out << tr("  Message: %1").arg(rr.message);
        if (!rr.sql.isEmpty())
            out << QStringLiteral("  SQL:") << rr.sql.trimmed();
    }
    return out.join(u'\n') + u'\n';
}

bool ReceiptView::saveJson(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    file.write(QJsonDocument(m_receipt.toJson()).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

void ReceiptView::chooseFileAndSave()
{
    const QString suggested = QDir::home().filePath(
        QStringLiteral("purga-%1.json")
            .arg(m_receipt.runId.isEmpty() ? QStringLiteral("receipt") : m_receipt.runId));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save receipt as JSON"), suggested,
                                                      tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveJson(path, &error))
        MessageBox::critical(this, tr("Save receipt"), tr("Could not write %1: %2").arg(path, error));
}

} // namespace purga
