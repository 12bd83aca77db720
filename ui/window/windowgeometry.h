#pragma once

// Where the main window opens: the size and place it had when it was last closed (kept in the
// settings), or 1240×780 the first time, always made to fit the free area of the screen it opens
// on. A window saved on a large monitor, or on a screen that is gone, never opens larger than the
// screen or outside it; sizes are Qt's logical pixels, so QT_SCALE_FACTOR is already applied.
#include <QRect>
#include <QSize>

class QWidget;

namespace purga::WindowGeometry {

// The size of a window that was never closed before.
QSize defaultSize();

// `wanted` (a saved rectangle, or only a size at the origin) no larger than `available`, the
// screen's free area, and moved inside it. A saved place outside the area is centred in it, as is
// a rectangle without a place of its own (`placed` false). An empty `available` (no screen) keeps
// `wanted`.
QRect fit(const QRect &wanted, const QRect &available, bool placed = true);

// Gives `window` its saved rectangle (or the default size, centred), fitted to the screen it
// opens on; maximized again when it was closed maximized.
void restore(QWidget *window);
// Keeps the window's normal rectangle and whether it was maximized, for restore().
void save(const QWidget *window);

} // namespace purga::WindowGeometry
