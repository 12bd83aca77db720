#include "rundetaildialog.h"

#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace purga {

RunDetailDialog::RunDetailDialog(const HistoryRun &run, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Purge run %1").arg(run.runId));
    setObjectName(QStringLiteral("runDetailDialog"));
    auto *form = new QFormLayout;
    const QLocale locale;
    addRow(form, tr("Run"), run.runId);
    addRow(form, tr("Origin"), run.origin);
    addRow(form, tr("Database role (operador)"), run.operatorName);
    addRow(form, tr("OS user (usuario_so)"), run.osUser.isEmpty() ? tr("not recorded") : run.osUser);
    addRow(form, tr("Status"), RunFormat::statusText(run.status));
    addRow(form, tr("Started (UTC)"), Display::timestamp(run.startedUtc));
    const bool open = run.status == QLatin1String("en_curso") || run.status == QLatin1String("congelado");
    addRow(form, tr("Finished (UTC)"),
           Display::timestamp(run.finishedUtc, open ? tr("still running") : tr("not recorded")));
    addRow(form, tr("Duration"),
           run.durationMs >= 0 ? RunFormat::duration(run.durationMs)
           : open              ? tr("still running")
                               : QStringLiteral("—"));
    addRow(form, tr("Message"), run.detail.isEmpty() ? tr("none") : run.detail);

    auto *metrics = new QTableWidget(int(run.rows.size()), 3, this);
    metrics->setObjectName(QStringLiteral("runMetrics"));
    metrics->setHorizontalHeaderLabels({tr("Table"), tr("Rows removed"), tr("Duration (ms)")});
    metrics->setEditTriggers(QAbstractItemView::NoEditTriggers);
    int row = 0;
    for (auto it = run.rows.cbegin(); it != run.rows.cend(); ++it, ++row) {
        const qint64 ms = run.durationsMs.value(it.key(), -1);
        metrics->setItem(row, 0, new QTableWidgetItem(it.key()));
        metrics->setItem(row, 1, new QTableWidgetItem(locale.toString(it.value())));
        metrics->setItem(row, 2, new QTableWidgetItem(ms < 0 ? QString() : locale.toString(ms)));
        m_lines << QStringLiteral("%1: %2 rows, %3 ms").arg(it.key()).arg(it.value()).arg(ms);
    }
    metrics->resizeColumnsToContents();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(plainText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(metrics);
    layout->addWidget(buttons);
    resize(560, 420);
}

void RunDetailDialog::addRow(QFormLayout *form, const QString &label, const QString &value)
{
    auto *v = new QLabel(value, this);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->setWordWrap(true);
    form->addRow(label + u':', v);
    m_lines << label + QStringLiteral(": ") + value;
}

QString RunDetailDialog::plainText() const
{
    return m_lines.join(u'\n');
}

} // namespace purga
