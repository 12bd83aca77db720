#include "partitionstrip.h"

#include "ui/style/displayformat.h"

#include <QApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QToolTip>

#include <algorithm>

namespace purga {

namespace {

constexpr int kSpacing = 6; // between tiles
constexpr int kMarginX = 8; // inside a tile
constexpr int kMarginY = 6;
constexpr int kLineGap = 2;    // between a tile's lines
constexpr int kIcon = 14;      // the status icon
constexpr int kMinWidth = 110; // a tile's least width, so short months still read as tiles

// The quarantine's colours (violet: none of the notes' tones), light and dark.
Theme::Colours quarantineColours()
{
    if (Theme::isDark())
        return {QColor(0x3b, 0x2a, 0x48), QColor(0xe8, 0xd5, 0xf2), QColor(0xce, 0x93, 0xd8)};
    return {QColor(0xf3, 0xe5, 0xf5), QColor(0x4a, 0x14, 0x8c), QColor(0x7b, 0x1f, 0xa2)};
}

QFont boldOf(const QFont &f)
{
    QFont b = f;
    b.setBold(true);
    return b;
}

} // namespace

PartitionStrip::PartitionStrip(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("partitionStrip"));
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setAccessibleName(tr("Months of the session log"));
    // Colours come from the theme at paint time: a palette turning dark only needs a repaint.
    Theme::follow(this, [this] { update(); });
}

PartitionStrip::Tile PartitionStrip::tileFor(const PartitionInfo &p, const QPixmap icons[3]) const
{
    Tile t;
    t.tooltip = p.name + u'\n' + p.bound;
    t.rows = tr("%1 rows").arg(Display::number(p.rows, !p.rowsExact));
    t.size = Display::bytes(p.bytes);
    const QString month = p.lowerBound.isEmpty() ? tr("(no lower bound)") : Display::monthOf(p.lowerBound);
    if (p.isDefault) {
        t.month = tr("DEFAULT");
        t.status = tr("never removed");
        t.kind = QStringLiteral("default");
        t.icon = icons[2];
        t.tone = Theme::Tone::Neutral;
    } else if (p.removable) {
        t.month = month;
        t.status = tr("removable");
        t.kind = QStringLiteral("removable");
        t.icon = icons[1];
        t.tone = Theme::Tone::Warning;
    } else {
        t.month = month;
        t.status = tr("kept");
        t.kind = QStringLiteral("kept");
        t.icon = icons[0];
        t.tone = Theme::Tone::Ok;
    }
    return t;
}

PartitionStrip::Tile PartitionStrip::tileFor(const QuarantinedPartition &q, const QPixmap &icon) const
{
    Tile t;
    const QString until = Display::localTime(q.dropAfterUtc);
    t.tooltip = tr("In quarantine until %1").arg(until) + u'\n' + q.name + u'\n' +
                tr("was %1 %2").arg(q.originalName, q.bound) + u'\n' +
                (q.due ? tr("Its days are over: the next purge drops it.")
                       : tr("partition-restore %1 attaches it again.").arg(q.name));
    t.rows = tr("%1 rows").arg(Display::number(q.rows, false));
    t.size = Display::bytes(q.bytes);
    t.month = q.lowerBound.isEmpty() ? tr("(no lower bound)") : Display::monthOf(q.lowerBound);
    t.status = q.due ? tr("quarantine over") : tr("in quarantine");
    t.kind = QStringLiteral("quarantine");
    t.icon = icon;
    t.tone = Theme::Tone::Neutral;
    t.quarantined = true;
    return t;
}

void PartitionStrip::setPartitions(const QList<PartitionInfo> &partitions,
                                   const QList<QuarantinedPartition> &quarantine)
{
    // Attached months and months in quarantine in one order of their lower bounds, DEFAULT last.
    QList<PartitionInfo> sorted = partitions;
    for (qsizetype i = 0; i < quarantine.size(); ++i) {
        PartitionInfo stand; // sorted in place of quarantine entry i (oid -1 - i)
        stand.lowerBound = quarantine.at(i).lowerBound;
        stand.oid = -1 - qint64(i);
        sorted << stand;
    }
    std::stable_sort(sorted.begin(), sorted.end(), [](const PartitionInfo &a, const PartitionInfo &b) {
        if (a.isDefault != b.isDefault)
            return !a.isDefault; // DEFAULT last
        return Display::parseUtc(a.lowerBound) < Display::parseUtc(b.lowerBound);
    });
    // Three icons for all the tiles (a standard icon is loaded from its files on every call).
    const qreal dpr = devicePixelRatioF();
    QStyle *style = QApplication::style();
    const QPixmap icons[3] = {
        Display::statusIcon(Display::Status::Ok).pixmap(QSize(kIcon, kIcon), dpr),
        style->standardIcon(QStyle::SP_TrashIcon).pixmap(QSize(kIcon, kIcon), dpr),
        style->standardIcon(QStyle::SP_MessageBoxInformation).pixmap(QSize(kIcon, kIcon), dpr)};
    const QPixmap quarantineIcon =
        style->standardIcon(QStyle::SP_BrowserReload).pixmap(QSize(kIcon, kIcon), dpr);
    m_tiles.clear();
    for (const PartitionInfo &p : std::as_const(sorted))
        m_tiles << (p.oid < 0 ? tileFor(quarantine.at(int(-1 - p.oid)), quarantineIcon) : tileFor(p, icons));
    measure();
    updateAccessibleText();
    update();
}

QStringList PartitionStrip::tileSummaries() const
{
    QStringList out;
    for (const Tile &t : m_tiles)
        out << t.month + u'|' + t.kind;
    return out;
}

QString PartitionStrip::tileToolTip(int i) const
{
    return i >= 0 && i < m_tiles.size() ? m_tiles.at(i).tooltip : QString();
}

QStringList PartitionStrip::tileStatuses() const
{
    QStringList out;
    for (const Tile &t : m_tiles)
        out << t.status;
    return out;
}

void PartitionStrip::measure()
{
    const QFontMetrics fm(font());
    const QFontMetrics bold(boldOf(font()));
    int w = kMinWidth - 2 * kMarginX;
    for (const Tile &t : std::as_const(m_tiles)) {
        w = qMax(w, bold.horizontalAdvance(t.month));
        w = qMax(w, fm.horizontalAdvance(t.rows));
        w = qMax(w, fm.horizontalAdvance(t.size));
        w = qMax(w, kIcon + 4 + fm.horizontalAdvance(t.status));
    }
    const int h = bold.height() + 2 * fm.height() + qMax(kIcon, fm.height()) + 3 * kLineGap;
    m_tileSize = QSize(w + 2 * kMarginX, h + 2 * kMarginY);
    // Scroll areas do not always honour height-for-width: ask for the rows' height outright.
    setMinimumHeight(heightForWidth(width() > 0 ? width() : 1000));
    updateGeometry();
}

int PartitionStrip::columnsFor(int width) const
{
    const int tileWidth = qMax(1, m_tileSize.width());
    return qMax(1, (width + kSpacing) / (tileWidth + kSpacing));
}

int PartitionStrip::heightForWidth(int width) const
{
    if (m_tiles.isEmpty())
        return 0;
    const int columns = columnsFor(width);
    const int rows = int((m_tiles.size() + columns - 1) / columns);
    return rows * m_tileSize.height() + (rows - 1) * kSpacing;
}

QSize PartitionStrip::sizeHint() const
{
    const int width = qMax(m_tileSize.width(), 1000);
    return QSize(width, heightForWidth(width));
}

QSize PartitionStrip::minimumSizeHint() const
{
    return QSize(m_tileSize.width(), m_tiles.isEmpty() ? 0 : m_tileSize.height());
}

QRect PartitionStrip::tileRect(int i) const
{
    if (i < 0 || i >= m_tiles.size())
        return QRect();
    const int columns = columnsFor(width());
    // The columns share the width, as a grid with equal stretch would.
    const int tileWidth = qMax(m_tileSize.width(), (width() - (columns - 1) * kSpacing) / columns);
    const int row = i / columns;
    const int col = i % columns;
    return QRect(col * (tileWidth + kSpacing), row * (m_tileSize.height() + kSpacing), tileWidth,
                 m_tileSize.height());
}

QRect PartitionStrip::monthRect(int i) const
{
    const QRect r = tileRect(i);
    if (r.isNull())
        return r;
    return QRect(r.left() + kMarginX, r.top() + kMarginY, r.width() - 2 * kMarginX,
                 QFontMetrics(boldOf(font())).height());
}

int PartitionStrip::tileIndexAt(const QPoint &pos) const
{
    for (int i = 0; i < m_tiles.size(); ++i)
        if (tileRect(i).contains(pos))
            return i;
    return -1;
}

bool PartitionStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int i = tileIndexAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), m_tiles.at(i).tooltip, this, tileRect(i));
        }
        return true;
    }
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        measure();
    return QWidget::event(event);
}

void PartitionStrip::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const int h = heightForWidth(width());
    if (h != minimumHeight())
        setMinimumHeight(h);
}

void PartitionStrip::paintEvent(QPaintEvent *event)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    for (int i = 0; i < m_tiles.size(); ++i) {
        const QRect r = tileRect(i);
        if (r.intersects(event->rect()))
            paintTile(painter, m_tiles.at(i), r);
    }
}

void PartitionStrip::paintTile(QPainter &painter, const Tile &tile, const QRect &rect) const
{
    // The note colours of the tone; the removable tile's thick border is the strong accent colour,
    // the DEFAULT partition's border is dashed.
    // A month in quarantine: its own colours, a thick solid border.
    const Theme::Colours c = tile.quarantined ? quarantineColours() : Theme::note(tile.tone);
    const bool removable = tile.tone == Theme::Tone::Warning;
    const bool thick = removable || tile.quarantined;
    QPen pen(removable ? Theme::accent(tile.tone, QGuiApplication::palette()) : c.border, thick ? 2 : 1,
             tile.tone == Theme::Tone::Neutral && !tile.quarantined ? Qt::DashLine : Qt::SolidLine);
    const qreal inset = pen.widthF() / 2;
    painter.setPen(pen);
    painter.setBrush(c.background);
    painter.drawRoundedRect(QRectF(rect).adjusted(inset, inset, -inset, -inset), 4, 4);

    const QFontMetrics fm(font());
    const QFont bold = boldOf(font());
    const QRect inner = rect.adjusted(kMarginX, kMarginY, -kMarginX, -kMarginY);
    painter.setPen(c.text);
    painter.setFont(bold);
    QRect line(inner.left(), inner.top(), inner.width(), QFontMetrics(bold).height());
    painter.drawText(line, Qt::AlignLeft | Qt::AlignVCenter, tile.month);
    painter.setFont(font());
    for (const QString &text : {tile.rows, tile.size}) {
        line = QRect(inner.left(), line.bottom() + 1 + kLineGap, inner.width(), fm.height());
        painter.drawText(line, Qt::AlignRight | Qt::AlignVCenter, text);
    }
    line = QRect(inner.left(), line.bottom() + 1 + kLineGap, inner.width(), qMax(kIcon, fm.height()));
    const QRect iconRect(line.left(), line.center().y() - kIcon / 2, kIcon, kIcon);
    painter.drawPixmap(iconRect, tile.icon);
    painter.drawText(line.adjusted(kIcon + 4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, tile.status);
}

void PartitionStrip::updateAccessibleText()
{
    QStringList lines;
    for (const Tile &t : std::as_const(m_tiles))
        lines << tr("%1: %2, %3, %4").arg(t.month, t.rows, t.size, t.status);
    setAccessibleDescription(lines.join(u'\n'));
}

} // namespace purga
