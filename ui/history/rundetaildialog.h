#pragma once

#include "core/history/historyquery.h"

#include <QDialog>

class QFormLayout;

namespace purga {

// One run of the history in full: who ran it (database role and OS user, told apart), when, how
// it ended and why, and the metrics per table.
class RunDetailDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RunDetailDialog(const HistoryRun &run, QWidget *parent = nullptr);

    // The dialog's text as shown, one "label: value" per line (tests, copy to clipboard).
    QString plainText() const;

private:
    void addRow(QFormLayout *form, const QString &label, const QString &value);

    QStringList m_lines;
};

} // namespace purga
