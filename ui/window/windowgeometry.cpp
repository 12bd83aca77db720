// The main window's saved rectangle, fitted to the screen it opens on (windowgeometry.h).
#include "windowgeometry.h"

#include <QGuiApplication>
#include <QScreen>
#include <QSettings>
#include <QWidget>

namespace purga::WindowGeometry {

namespace {

const QString kRectKey = QStringLiteral("ui/windowGeometry");
const QString kMaximizedKey = QStringLiteral("ui/windowMaximized");

// The free area of the screen that holds most of `rect`, else of the primary screen.
QRect availableFor(const QRect &rect)
{
    const QScreen *screen = rect.isValid() ? QGuiApplication::screenAt(rect.center()) : nullptr;
    if (!screen)
        screen = QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect();
}

} // namespace

QSize defaultSize()
{
    return QSize(1240, 780);
}

QRect fit(const QRect &wanted, const QRect &available, bool placed)
{
    if (available.isEmpty())
        return wanted;
    QRect r(wanted.topLeft(), wanted.size().boundedTo(available.size()));
    if (!placed || !available.intersects(wanted)) {
        r.moveCenter(available.center());
        return r;
    }
    // Pulled in from the right and bottom first, so that a too-far-left edge wins last.
    if (r.right() > available.right())
        r.moveRight(available.right());
    if (r.bottom() > available.bottom())
        r.moveBottom(available.bottom());
    if (r.left() < available.left())
        r.moveLeft(available.left());
    if (r.top() < available.top())
        r.moveTop(available.top());
    return r;
}

void restore(QWidget *window)
{
    const QSettings settings;
    const QRect saved = settings.value(kRectKey).toRect();
    const bool placed = saved.isValid();
    const QRect wanted = placed ? saved : QRect(QPoint(0, 0), defaultSize());
    window->setGeometry(fit(wanted, availableFor(saved), placed));
    if (settings.value(kMaximizedKey, false).toBool())
        window->setWindowState(window->windowState() | Qt::WindowMaximized);
}

void save(const QWidget *window)
{
    QSettings settings;
    settings.setValue(kRectKey, window->isMaximized() || window->isFullScreen() ? window->normalGeometry()
                                                                                : window->geometry());
    settings.setValue(kMaximizedKey, window->isMaximized());
}

} // namespace purga::WindowGeometry
