#pragma once

#include "displayformat.h"

#include <QColor>
#include <QPalette>
#include <QString>

#include <functional>

class QChart;
class QWidget;

// The semantic colours of the window (notes, banners, tiles, red text, charts) in one place, in a
// light and a dark variant picked from the application palette: a dark window colour (the
// system's dark theme, or `purga-sesiones --dark`) gets the dark variants. Colour is never the
// only carrier of a state (every note also has a symbol and words); these only keep it readable.
namespace purga::Theme {

enum class Tone { Ok, Warning, Danger, Neutral };

struct Colours
{
    QColor background;
    QColor text;
    QColor border;
};

// True when the palette's window colour is dark (lightness under the middle).
bool isDark(const QPalette &palette);
bool isDark(); // the application palette

// A note's background, text and border (banners, the checks' verdict, warnings under a rule).
Colours note(Tone tone, const QPalette &palette);
Colours note(Tone tone);
// "background: …; color: …; border: 1px solid …;" for a style sheet rule.
QString noteCss(Tone tone, int borderWidth = 1);
// A strong border that marks a tile that will go (the removable partition).
QColor accent(Tone tone, const QPalette &palette);
// Red for words on the window's own background (a value below the minimum, a form's errors).
QColor dangerText(const QPalette &palette);
QColor dangerText();

// The tone of a Display::Status; Info gets infoTone (neutral on the checks page, green in the banner).
Tone toneOf(Display::Status status, Tone infoTone = Tone::Neutral);

// A dark Fusion palette for `--dark` (and the tests).
QPalette darkPalette();

// WCAG contrast ratio of two colours (1 to 21; text wants at least 4.5).
double contrastRatio(const QColor &a, const QColor &b);

// The Qt Charts theme of the palette (light or dark), background, titles and labels included.
void styleChart(QChart *chart);
// A legend label's colour: shown or hidden series (the legend toggles).
QColor legendLabel(bool visible);

// Calls apply() now and again whenever the application palette turns dark or light (the
// system's theme changed): for widgets whose style sheet holds these colours.
void follow(QWidget *widget, const std::function<void()> &apply);

} // namespace purga::Theme
