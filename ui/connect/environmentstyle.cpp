#include "environmentstyle.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPixmap>

#include <cmath>

namespace purga::EnvironmentStyle {

namespace {

double linear(double channel)
{
    return channel <= 0.03928 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

double luminance(const QColor &c)
{
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

} // namespace

QColor colour(ProfileEnvironment environment)
{
    switch (environment) {
    case ProfileEnvironment::Production:
        return QColor(0xc6, 0x28, 0x28); // red
    case ProfileEnvironment::Staging:
        return QColor(0xf2, 0xa9, 0x00); // amber
    case ProfileEnvironment::Development:
        return QColor(0x2e, 0x7d, 0x32); // green
    case ProfileEnvironment::None:
        break;
    }
    return QColor();
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor textOn(const QColor &background)
{
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    return contrastRatio(background, black) >= contrastRatio(background, white) ? black : white;
}

QString name(ProfileEnvironment environment)
{
    switch (environment) {
    case ProfileEnvironment::Production:
        return QCoreApplication::translate("EnvironmentStyle", "Production");
    case ProfileEnvironment::Staging:
        return QCoreApplication::translate("EnvironmentStyle", "Staging");
    case ProfileEnvironment::Development:
        return QCoreApplication::translate("EnvironmentStyle", "Development");
    case ProfileEnvironment::None:
        break;
    }
    return QCoreApplication::translate("EnvironmentStyle", "None");
}

QString badge(ProfileEnvironment environment)
{
    switch (environment) {
    case ProfileEnvironment::Production:
        return QCoreApplication::translate("EnvironmentStyle", "PRODUCTION");
    case ProfileEnvironment::Staging:
        return QCoreApplication::translate("EnvironmentStyle", "STAGING");
    case ProfileEnvironment::Development:
        return QCoreApplication::translate("EnvironmentStyle", "DEVELOPMENT");
    case ProfileEnvironment::None:
        break;
    }
    return QString();
}

QIcon swatch(ProfileEnvironment environment)
{
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor c = colour(environment);
    if (c.isValid()) {
        painter.setPen(QPen(c.darker(130), 1));
        painter.setBrush(c);
    } else {
        painter.setPen(QPen(QColor(0x80, 0x80, 0x80), 1.2));
        painter.setBrush(Qt::NoBrush);
    }
    painter.drawEllipse(QRectF(2.5, 2.5, 11, 11));
    painter.end();
    return QIcon(pixmap);
}

} // namespace purga::EnvironmentStyle
