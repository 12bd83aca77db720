#pragma once

#include "core/history/historyquery.h"

#include <QAbstractTableModel>

namespace purga {

// The runs under the History page's charts, as a model: a view asks only for the rows it paints,
// so 100,000 runs (a job every 5 minutes for a year) cost no widget items. Sorting and filtering
// happen here on the runs themselves (an index permutation), not through QVariant comparisons.
class HistoryRunsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Origin, Operator, OsUser, Status, Started, Duration, RowsPerTable, ColumnCount };
    static constexpr int RunIdRole = Qt::UserRole;

    explicit HistoryRunsModel(QObject *parent = nullptr);

    // Keeps the sort and the filter; runs already by start (HistoryQuery::runs) sort by start for free.
    void setRuns(const QList<HistoryRun> &runs);
    // Case-insensitive text in any column; empty shows every run.
    void setFilter(const QString &text);
    QString filter() const { return m_filter; }
    const HistoryRun &runAt(int row) const; // a row as shown (sorted, filtered)
    QList<HistoryRun> shownRuns() const;    // in the order shown
    int totalRuns() const { return int(m_runs.size()); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    bool matches(const HistoryRun &run) const;
    void rebuild(); // m_shown from m_runs, the filter and the sort

    QList<HistoryRun> m_runs;
    bool m_byStart = true; // m_runs are in start order
    QList<int> m_shown;    // indexes into m_runs, in the order shown
    QString m_filter;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace purga
