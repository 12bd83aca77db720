#pragma once

// The Fleet page's table: one row per server of the fleet, filled in as each server answers
// (FleetRunner::serverFinished). A status row shows reachability, the verdict and the check that
// blocks, the pooler mode, the lock holder, removable rows per rule, health and the job's last
// good run; a purge row the outcome, rows deleted per rule and the error or why it was skipped.
#include "core/fleet/fleetresult.h"

#include <QAbstractTableModel>
#include <QIcon>
#include <QList>

#include <functional>

namespace purga {

class FleetModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Server,
        Outcome,
        Verdict,
        Pooler,
        Lock,
        Refresh,
        Pre,
        Log,
        Health,
        LastJob,
        Detail,
        ColumnCount
    };

    explicit FleetModel(QObject *parent = nullptr);

    // The rule whose rows a column counts; empty for the other columns.
    static QString ruleOf(int column);
    // A purge's rows fill only the outcome, the rules it ran and the detail.
    static bool isStatusColumn(int column)
    {
        return (column >= Verdict && column <= Lock) || column == Health || column == LastJob;
    }

    // The fleet about to run: every member a row, "waiting" until it answers.
    void reset(const QList<FleetMember> &members, bool purge);
    void setRow(int row, const FleetServerResult &result);
    void setRunning(int row);
    // The environment's swatch (the window's colours, given by who owns them).
    void setSwatch(const std::function<QIcon(ProfileEnvironment)> &swatch) { m_swatch = swatch; }
    const FleetServerResult &result(int row) const { return m_rows.at(row); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString text(const FleetServerResult &r, int column) const;
    QString ruleText(const FleetServerResult &r, const QString &rule) const;
    QVariant foreground(const FleetServerResult &r, int column) const;

    QList<FleetServerResult> m_rows;
    QList<bool> m_running;
    bool m_purge = false;
    std::function<QIcon(ProfileEnvironment)> m_swatch;
};

} // namespace purga
