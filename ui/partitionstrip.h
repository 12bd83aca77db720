#pragma once

#include "preview.h"

#include <QWidget>

class QGridLayout;

namespace purga {

// The months of log_sesiones, oldest first, wrapped into rows as wide as the page. A removable month
// says so in text and with an icon (not only a colour); the DEFAULT partition is labelled as never removed.
class PartitionStrip : public QWidget
{
    Q_OBJECT
public:
    explicit PartitionStrip(QWidget *parent = nullptr);

    void setPartitions(const QList<PartitionInfo> &partitions);
    int tileCount() const { return int(m_tiles.size()); }
    // Tile texts, for tests: "2025-01|removable", "DEFAULT|default", ...
    QStringList tileSummaries() const { return m_summaries; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    static QString tileStyleSheet(); // every tone's look, from the theme
    QWidget *makeTile(const PartitionInfo &p);
    int columnsFor(int width) const;
    void placeTiles();

    QGridLayout *m_grid;
    QList<QWidget *> m_tiles;
    QStringList m_summaries;
    int m_columns = 0;
};

} // namespace purga
