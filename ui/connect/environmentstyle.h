#pragma once

// The colours and words of a profile's environment, in one place for every widget that shows it
// (connection bar, the window's strip and title, the connect dialog's list and form). Colours are
// the same in light and dark palettes; text on them is black or white, whichever contrasts more.
#include "core/pg/connectionprofile.h"

#include <QColor>
#include <QIcon>
#include <QString>

namespace purga::EnvironmentStyle {

// Production red, staging amber, development green; an invalid colour for None (no colour).
QColor colour(ProfileEnvironment environment);
// Black or white, whichever has the higher WCAG contrast ratio on `background`.
QColor textOn(const QColor &background);
// WCAG 2 contrast ratio of two colours (1 … 21).
double contrastRatio(const QColor &a, const QColor &b);

// "Production", "Staging", "Development", "None" (translated), for the form's choice.
QString name(ProfileEnvironment environment);
// "PRODUCTION", "STAGING", "DEVELOPMENT" (translated) for the bar and the title; empty for None.
QString badge(ProfileEnvironment environment);
// A filled circle of the colour (an empty circle for None), for lists and combo boxes.
QIcon swatch(ProfileEnvironment environment);

} // namespace purga::EnvironmentStyle
