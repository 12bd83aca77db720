#include "sampletable.h"

#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/widgets/messagebox.h"
#include "ui/widgets/wheeltopage.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace purga {

namespace {

bool isNumber(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Long:
    case QMetaType::Short:
    case QMetaType::Double:
    case QMetaType::Float:
        return true;
    default:
        return false;
    }
}

} // namespace

SampleTableModel::SampleTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void SampleTableModel::setSample(const QStringList &columns, const QList<QVariantList> &rows)
{
    beginResetModel();
    m_columns = columns;
    m_rows = rows;
    endResetModel();
}

int SampleTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SampleTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QString SampleTableModel::displayText(const QVariant &value)
{
    if (value.isNull())
        return QStringLiteral("NULL");
    if (value.typeId() == QMetaType::QDateTime)
        return value.toDateTime().toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) +
               QStringLiteral(" UTC");
    if (value.typeId() == QMetaType::Bool)
        return value.toBool() ? tr("yes") : tr("no");
    if (value.typeId() == QMetaType::Double || value.typeId() == QMetaType::Float)
        return QLocale().toString(value.toDouble());
    if (isNumber(value))
        return QString::number(value.toLongLong()); // ids (usuario_id, empresa_id): never grouped
    return value.toString();
}

QString SampleTableModel::csvField(const QVariant &value)
{
    if (value.isNull())
        return QString();
    QString text;
    if (value.typeId() == QMetaType::QDateTime)
        text = value.toDateTime().toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")) +
               QStringLiteral("+00");
    else if (value.typeId() == QMetaType::Bool)
        text = value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    else
        text = value.toString();
    // A spreadsheet must not run a user agent or any other text as a formula.
    if (!isNumber(value) && !text.isEmpty() &&
        (text.front() == u'=' || text.front() == u'+' || text.front() == u'@' || text.front() == u'-' ||
         text.front() == u'\t' || text.front() == u'\r'))
        text.prepend(u'\'');
    if (text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r'))
        text = u'"' + QString(text).replace(QStringLiteral("\""), QStringLiteral("\"\"")) + u'"';
    return text;
}

QVariant SampleTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return QVariant();
    const QVariantList &row = m_rows.at(index.row());
    const QVariant value = index.column() < row.size() ? row.at(index.column()) : QVariant();
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return displayText(value);
    case Qt::UserRole:
        return value;
    case Qt::TextAlignmentRole:
        return isNumber(value) ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                               : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::FontRole:
        if (value.isNull()) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return QVariant();
    default:
        return QVariant();
    }
}

QVariant SampleTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return QVariant();
    if (orientation == Qt::Horizontal)
        return section < m_columns.size() ? QVariant(m_columns.at(section)) : QVariant();
    return section + 1;
}

SampleTableWidget::SampleTableWidget(QWidget *parent)
    : QWidget(parent)
    , m_model(new SampleTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_caption(new QLabel(this))
    , m_export(new QPushButton(tr("Export CSV…"), this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // keep the core's order (by key) until asked
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // Column widths from the first 30 rows (sorted by key, alike in width), not all 100: measuring
    // every cell is a large part of the preview tab's sample step. A wider value further down is
    // elided, and the column can be widened.
    m_view->horizontalHeader()->setResizeContentsPrecision(30);
    m_view->setMinimumHeight(200);
    m_view->setObjectName(QStringLiteral("sampleView"));
    // The wheel scrolls the page around the table until the table is clicked (focused): a page
    // that is scrolled with the wheel must not get stuck on a table that happens to be under it.
    m_view->setFocusPolicy(Qt::ClickFocus);
    WheelToPage::install(m_view);
    m_caption->setWordWrap(true);

    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setToolTip(RunFormat::withShortcut(tr("Save the sample rows, in the order shown, as CSV"),
                                                 m_export->shortcut()));
    m_export->setObjectName(QStringLiteral("exportCsvButton"));
    connect(m_export, &QPushButton::clicked, this, &SampleTableWidget::chooseFileAndExport);

    auto *top = new QHBoxLayout;
    top->addWidget(m_caption, 1);
    top->addWidget(m_export);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_view);
}

void SampleTableWidget::setSample(const QString &ruleId, const QStringList &columns,
                                  const QList<QVariantList> &rows, qint64 eligible)
{
    m_ruleId = ruleId;
    m_model->setSample(columns, rows);
    m_view->resizeColumnsToContents();
    m_caption->setText(tr("First %1 of %2 removable rows by key. Token hashes are masked.")
                           .arg(Display::number(rows.size()), Display::number(eligible)));
    m_export->setEnabled(!rows.isEmpty());
}

bool SampleTableWidget::exportCsv(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    QStringList lines;
    QStringList header;
    for (int c = 0; c < m_model->columnCount(); ++c)
        header << SampleTableModel::csvField(m_model->headerData(c, Qt::Horizontal));
    lines << header.join(u',');
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        QStringList fields;
        for (int c = 0; c < m_proxy->columnCount(); ++c)
            fields << SampleTableModel::csvField(m_proxy->index(r, c).data(Qt::UserRole));
        lines << fields.join(u',');
    }
    file.write((lines.join(QStringLiteral("\r\n")) + QStringLiteral("\r\n")).toUtf8());
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

void SampleTableWidget::chooseFileAndExport()
{
    const QString suggested = QDir::home().filePath(
        QStringLiteral("%1-sample-%2.csv")
            .arg(m_ruleId, QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export sample as CSV"), suggested,
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error))
        MessageBox::critical(this, tr("Export CSV"), tr("Could not write %1: %2").arg(path, error));
}

} // namespace purga
