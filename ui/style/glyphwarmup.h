#pragma once

class QObject;

namespace purga::GlyphWarmup {

// Draws the characters the window shows, in each font it shows them in, into an image nobody
// sees: one font per event-loop turn, starting a moment after the window is up. A glyph is
// rasterized the first time it is painted (about 0.1 ms each); without this the first paint of a
// new text (the receipt's button, the SQL, the log after a resize) pays for dozens of them in one
// event. Stops when `context` is destroyed.
void start(QObject *context, int delayMs = 300);
// The fonts the warm-up paints in, and how many of them are left for the turns to come.
int fontCount();
int pendingFonts();

} // namespace purga::GlyphWarmup
