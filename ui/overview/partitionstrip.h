#pragma once

#include "core/preview/preview.h"
#include "ui/style/theme.h"

#include <QPixmap>
#include <QWidget>

namespace purga {

// The months of log_sesiones, oldest first, wrapped into rows as wide as the page. A removable month
// says so in text and with an icon (not only a colour); the DEFAULT partition is labelled as never removed;
// a month in quarantine (detached, kept N days before a purge drops it) has a colour of its own, says
// "in quarantine" and when it goes in its tooltip.
// The tiles are painted, not child widgets: styled frames of labels, one per month, are slow to
// build and lay out, and that would hold the GUI thread whenever the Overview's data arrives.
class PartitionStrip : public QWidget
{
    Q_OBJECT
public:
    explicit PartitionStrip(QWidget *parent = nullptr);

    void setPartitions(const QList<PartitionInfo> &partitions,
                       const QList<QuarantinedPartition> &quarantine = {});
    int tileCount() const { return int(m_tiles.size()); }
    // Tile texts, for tests: "2025-01|removable", "DEFAULT|default", "2024-11|quarantine", ...
    QStringList tileSummaries() const;
    // The status words each tile shows ("removable", "kept", "never removed").
    QStringList tileStatuses() const;
    QString tileToolTip(int i) const;
    // Where tile i is painted, and where its month is written.
    QRect tileRect(int i) const;
    QRect monthRect(int i) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Tile
    {
        QString month;
        QString rows;
        QString size;
        QString status;
        QString kind;
        QString tooltip;
        Theme::Tone tone = Theme::Tone::Ok;
        bool quarantined = false; // painted in the quarantine's own colours
        QPixmap icon;
    };
    Tile tileFor(const PartitionInfo &p, const QPixmap icons[3]) const;
    Tile tileFor(const QuarantinedPartition &q, const QPixmap &icon) const;
    void measure();
    int columnsFor(int width) const;
    int tileIndexAt(const QPoint &pos) const;
    void paintTile(QPainter &painter, const Tile &tile, const QRect &rect) const;
    void updateAccessibleText();

    QList<Tile> m_tiles;
    QSize m_tileSize; // the widest and tallest tile's content, margins included
};

} // namespace purga
