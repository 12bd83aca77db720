#include "partitionstrip.h"

#include "displayformat.h"
#include "theme.h"

#include <QApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace purga {

PartitionStrip::PartitionStrip(QWidget *parent)
    : QWidget(parent)
    , m_grid(new QGridLayout(this))
{
    setObjectName(QStringLiteral("partitionStrip"));
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(6);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    // One style sheet for every tile, chosen by the tile's "tone" property: a sheet per tile made
    // one QStyleSheetStyle each and stalled the event loop when the Overview's data arrived. The
    // words take the note's text colour (the window's own would vanish on a pale tile in a dark
    // palette); the removable tile's thick border is the strong accent colour.
    Theme::follow(this, [this] { setStyleSheet(tileStyleSheet()); });
}

QString PartitionStrip::tileStyleSheet()
{
    const struct
    {
        const char *tone;
        Theme::Tone theme;
        const char *border;
    } kinds[] = {{"ok", Theme::Tone::Ok, "1px solid"},
                 {"warning", Theme::Tone::Warning, "2px solid"},
                 {"neutral", Theme::Tone::Neutral, "1px dashed"}};
    QString sheet;
    for (const auto &k : kinds) {
        const Theme::Colours c = Theme::note(k.theme);
        const QColor edge =
            k.theme == Theme::Tone::Warning ? Theme::accent(k.theme, QGuiApplication::palette()) : c.border;
        sheet += QStringLiteral(
                     "QFrame#partitionTile[tone=\"%1\"] { background: %2; border: %3 %4; "
                     "border-radius: 4px; }"
                     " QFrame#partitionTile[tone=\"%1\"] QLabel { color: %5; background: transparent; }\n")
                     .arg(QLatin1String(k.tone), c.background.name(), QLatin1String(k.border), edge.name(),
                          c.text.name());
    }
    return sheet;
}

void PartitionStrip::setPartitions(const QList<PartitionInfo> &partitions)
{
    for (QWidget *tile : std::as_const(m_tiles))
        delete tile;
    m_tiles.clear();
    m_summaries.clear();
    m_columns = 0;

    QList<PartitionInfo> sorted = partitions;
    std::stable_sort(sorted.begin(), sorted.end(), [](const PartitionInfo &a, const PartitionInfo &b) {
        if (a.isDefault != b.isDefault)
            return !a.isDefault; // DEFAULT last
        return Display::parseUtc(a.lowerBound) < Display::parseUtc(b.lowerBound);
    });
    for (const PartitionInfo &p : sorted)
        m_tiles << makeTile(p);
    placeTiles();
}

int PartitionStrip::columnsFor(int width) const
{
    int tileWidth = 1;
    for (const QWidget *tile : m_tiles)
        tileWidth = qMax(tileWidth, tile->sizeHint().width());
    return qMax(1, (width + m_grid->horizontalSpacing()) / (tileWidth + m_grid->horizontalSpacing()));
}

int PartitionStrip::heightForWidth(int width) const
{
    if (m_tiles.isEmpty())
        return 0;
    int tileHeight = 0;
    for (const QWidget *tile : m_tiles)
        tileHeight = qMax(tileHeight, tile->sizeHint().height());
    const int columns = columnsFor(width);
    const int rows = int((m_tiles.size() + columns - 1) / columns);
    return rows * tileHeight + (rows - 1) * m_grid->verticalSpacing();
}

void PartitionStrip::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (columnsFor(width()) != m_columns)
        placeTiles();
}

void PartitionStrip::placeTiles()
{
    const int columns = columnsFor(width() > 0 ? width() : 1000);
    m_columns = columns;
    for (QWidget *tile : std::as_const(m_tiles))
        m_grid->removeWidget(tile);
    for (int i = 0; i < m_tiles.size(); ++i)
        m_grid->addWidget(m_tiles.at(i), i / columns, i % columns);
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, c < columns ? 1 : 0);
    // Scroll areas do not always honour height-for-width: ask for the rows' height outright.
    setMinimumHeight(heightForWidth(width() > 0 ? width() : 1000));
    updateGeometry();
}

QWidget *PartitionStrip::makeTile(const PartitionInfo &p)
{
    auto *tile = new QFrame(this);
    tile->setObjectName(QStringLiteral("partitionTile"));
    tile->setFrameShape(QFrame::StyledPanel);
    tile->setToolTip(p.name + u'\n' + p.bound);

    QString month;
    QString status;
    QString kind;
    QIcon icon;
    const char *tone = "ok";
    if (p.isDefault) {
        month = tr("DEFAULT");
        status = tr("never removed");
        kind = QStringLiteral("default");
        icon = QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation);
        tone = "neutral";
    } else if (p.removable) {
        month = p.lowerBound.isEmpty() ? tr("(no lower bound)") : Display::monthOf(p.lowerBound);
        status = tr("removable");
        kind = QStringLiteral("removable");
        icon = QApplication::style()->standardIcon(QStyle::SP_TrashIcon);
        tone = "warning";
    } else {
        month = p.lowerBound.isEmpty() ? tr("(no lower bound)") : Display::monthOf(p.lowerBound);
        status = tr("kept");
        kind = QStringLiteral("kept");
        icon = Display::statusIcon(Display::Status::Ok);
    }
    tile->setProperty("tone", QString::fromLatin1(tone)); // styled by the strip's one sheet

    auto *layout = new QVBoxLayout(tile);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(2);
    auto *monthLabel = new QLabel(month, tile);
    QFont bold = monthLabel->font();
    bold.setBold(true);
    monthLabel->setFont(bold);
    auto *rows = new QLabel(tr("%1 rows").arg(Display::number(p.rows, !p.rowsExact)), tile);
    rows->setAlignment(Qt::AlignRight);
    auto *size = new QLabel(Display::bytes(p.bytes), tile);
    size->setAlignment(Qt::AlignRight);
    auto *statusRow = new QHBoxLayout;
    statusRow->setSpacing(4);
    auto *iconLabel = new QLabel(tile);
    iconLabel->setPixmap(icon.pixmap(14, 14));
    auto *statusLabel = new QLabel(status, tile);
    statusLabel->setObjectName(QStringLiteral("partitionStatus"));
    statusRow->addWidget(iconLabel);
    statusRow->addWidget(statusLabel, 1);
    layout->addWidget(monthLabel);
    layout->addWidget(rows);
    layout->addWidget(size);
    layout->addLayout(statusRow);
    m_summaries << month + u'|' + kind;
    return tile;
}

} // namespace purga
