#pragma once

#include "core/purge/purgeengine.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace purga {

class SqlView;

// The end of a purge: run id, status, frozen cutoff, times, and per rule rows, batches, retries,
// duration, key range, partitions and the SQL run. Copy (plain text for a ticket) and Save JSON….
class ReceiptView : public QWidget
{
    Q_OBJECT
public:
    explicit ReceiptView(QWidget *parent = nullptr);

    void setReceipt(const PurgeReceipt &receipt);
    const PurgeReceipt &receipt() const { return m_receipt; }

    // Human-readable receipt, the same facts as the JSON.
    QString toText() const;
    bool saveJson(const QString &path, QString *error) const;

    QTableWidget *rulesTable() const { return m_rules; }
    QString shownSql() const; // the SQL pane's text for the selected rule
    QLabel *statusLabel() const { return m_status; }
    QPushButton *copyButton() const { return m_copy; }
    QPushButton *saveButton() const { return m_save; }
    // The SQL pane shown or not: the page reveals the receipt in two turns, so that no single
    // event-loop turn paints all of it for the first time.
    void setSqlVisible(bool visible);

private:
    void chooseFileAndSave();
    void showSqlOf(int row);
    QTableWidgetItem *partitionsCell(const RuleReceipt &rr) const;

    PurgeReceipt m_receipt;
    QLabel *m_status;
    QLabel *m_details;
    QTableWidget *m_rules;
    SqlView *m_sql;
    QPushButton *m_copy;
    QPushButton *m_save;
};

} // namespace purga
