#include "glyphwarmup.h"

#include "runformat.h"

#include <QApplication>
#include <QFont>
#include <QImage>
#include <QList>
#include <QPainter>
#include <QPalette>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace purga::GlyphWarmup {

namespace {

QString characters()
{
    QString text;
    for (char16_t c = 0x20; c < 0x7f; ++c)
        text += QChar(c);
    // Spanish letters and the symbols the window writes (status marks, ellipses, separators).
    text += QStringLiteral("áéíóúüñÁÉÍÓÚÜÑ¿¡✓⚠✗ℹ…·—–≈≥≤°×○●");
    return text;
}

QList<QFont> fonts()
{
    const QFont base = QApplication::font();
    QFont bold = base;
    bold.setBold(true);
    QFont receipt = bold; // the receipt's status line
    receipt.setPointSizeF(base.pointSizeF() * 1.15);
    QFont title = bold; // page titles
    title.setPointSizeF(base.pointSizeF() * 1.4);
    return {base, bold, RunFormat::monospace(), receipt, title};
}

int g_pending = 0;

void paintNext(const QPointer<QObject> &context, std::shared_ptr<QList<QFont>> pending)
{
    if (!context || pending->isEmpty()) {
        g_pending = 0;
        return;
    }
    const QFont font = pending->takeFirst();
    g_pending = int(pending->size());
    const QString text = characters();
    QImage image(2400, 64, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setFont(font);
    painter.setPen(QApplication::palette().color(QPalette::WindowText));
    painter.drawText(QPointF(2, 40), text);
    painter.end();
    QTimer::singleShot(1, context, [context, pending] { paintNext(context, pending); });
}

} // namespace

int fontCount()
{
    return int(fonts().size());
}

int pendingFonts()
{
    return g_pending;
}

void start(QObject *context, int delayMs)
{
    auto pending = std::make_shared<QList<QFont>>(fonts());
    g_pending = int(pending->size());
    const QPointer<QObject> guard(context);
    QTimer::singleShot(delayMs, context, [guard, pending] { paintNext(guard, pending); });
}

} // namespace purga::GlyphWarmup
