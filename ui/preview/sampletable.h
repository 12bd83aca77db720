#pragma once

#include <QAbstractTableModel>
#include <QVariantList>
#include <QWidget>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace purga {

// The preview's sample rows as the core gives them (hashes already masked). Display text is
// formatted for the locale; Qt::UserRole holds the raw value, which is what sorting compares.
class SampleTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit SampleTableModel(QObject *parent = nullptr);

    void setSample(const QStringList &columns, const QList<QVariantList> &rows);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString displayText(const QVariant &value);
    static QString csvField(const QVariant &value);

private:
    QStringList m_columns;
    QList<QVariantList> m_rows;
};

// Sortable sample table with "Export CSV…" (Ctrl+E, in the order shown).
class SampleTableWidget : public QWidget
{
    Q_OBJECT
public:
    explicit SampleTableWidget(QWidget *parent = nullptr);

    void setSample(const QString &ruleId, const QStringList &columns, const QList<QVariantList> &rows,
                   qint64 eligible);
    bool exportCsv(const QString &path, QString *error) const;

    QTableView *view() const { return m_view; }
    QPushButton *exportButton() const { return m_export; }

private:
    void chooseFileAndExport();

    QString m_ruleId;
    SampleTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLabel *m_caption;
    QPushButton *m_export;
};

} // namespace purga
