#include "theme.h"

#include <QChart>
#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QLegend>
#include <QWidget>

#include <algorithm>

#include <cmath>

namespace purga::Theme {

namespace {

// Light variants: dark words on pale backgrounds; dark variants: pale words on deep backgrounds.
// Each text colour has a contrast of at least 4.5 on its background (tst_theme).
Colours lightNote(Tone tone)
{
    switch (tone) {
    case Tone::Ok:
        return {QColor(0xe6, 0xf4, 0xea), QColor(0x0d, 0x52, 0x23), QColor(0x8b, 0xc7, 0x9a)};
    case Tone::Warning:
        return {QColor(0xfe, 0xf7, 0xe0), QColor(0x5c, 0x3c, 0x00), QColor(0xe0, 0xb8, 0x4c)};
    case Tone::Danger:
        return {QColor(0xfc, 0xe8, 0xe6), QColor(0x8c, 0x1d, 0x18), QColor(0xe4, 0x9a, 0x94)};
    case Tone::Neutral:
        break;
    }
    return {QColor(0xee, 0xf1, 0xf5), QColor(0x20, 0x21, 0x24), QColor(0xc4, 0xc9, 0xd0)};
}

Colours darkNote(Tone tone)
{
    switch (tone) {
    case Tone::Ok:
        return {QColor(0x1e, 0x3a, 0x29), QColor(0xa8, 0xda, 0xb5), QColor(0x3b, 0x7d, 0x50)};
    case Tone::Warning:
        return {QColor(0x3d, 0x32, 0x14), QColor(0xfd, 0xe2, 0x93), QColor(0x8d, 0x6e, 0x1c)};
    case Tone::Danger:
        return {QColor(0x4b, 0x1f, 0x1c), QColor(0xf6, 0xae, 0xa9), QColor(0xa3, 0x3d, 0x35)};
    case Tone::Neutral:
        break;
    }
    return {QColor(0x30, 0x31, 0x34), QColor(0xe8, 0xea, 0xed), QColor(0x5f, 0x63, 0x68)};
}

double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

// One filter on the application (it alone is told of every application palette change, also
// while no window is shown) that tells the followers.
class PaletteWatcher : public QObject
{
    Q_OBJECT
public:
    static PaletteWatcher *instance()
    {
        static PaletteWatcher *watcher = [] {
            auto *w = new PaletteWatcher(QCoreApplication::instance());
            QCoreApplication::instance()->installEventFilter(w);
            return w;
        }();
        return watcher;
    }

signals:
    void changed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == QCoreApplication::instance() && event->type() == QEvent::ApplicationPaletteChange)
            emit changed();
        return QObject::eventFilter(watched, event);
    }

private:
    using QObject::QObject;
};

// Re-applies a widget's colours when the application palette turns from light to dark or back.
class PaletteFollower : public QObject
{
public:
    PaletteFollower(QWidget *widget, const std::function<void()> &apply)
        : QObject(widget)
        , m_apply(apply)
        , m_dark(isDark())
    {
        connect(PaletteWatcher::instance(), &PaletteWatcher::changed, this, [this] {
            if (isDark() == m_dark)
                return;
            m_dark = isDark();
            m_apply();
        });
    }

private:
    std::function<void()> m_apply;
    bool m_dark;
};

} // namespace

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Active, QPalette::Window).lightness() < 128;
}

bool isDark()
{
    return isDark(QGuiApplication::palette());
}

Colours note(Tone tone, const QPalette &palette)
{
    return isDark(palette) ? darkNote(tone) : lightNote(tone);
}

Colours note(Tone tone)
{
    return note(tone, QGuiApplication::palette());
}

QString noteCss(Tone tone, int borderWidth)
{
    const Colours c = note(tone);
    return QStringLiteral("background: %1; color: %2; border: %3px solid %4;")
        .arg(c.background.name(), c.text.name(), QString::number(borderWidth), c.border.name());
}

QColor accent(Tone tone, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (tone) {
    case Tone::Ok:
        return dark ? QColor(0x81, 0xc9, 0x95) : QColor(0x2e, 0x7d, 0x32);
    case Tone::Warning:
        return dark ? QColor(0xff, 0xab, 0x40) : QColor(0xe6, 0x51, 0x00);
    case Tone::Danger:
        return dangerText(palette);
    case Tone::Neutral:
        break;
    }
    return dark ? QColor(0x9a, 0xa0, 0xa6) : QColor(0x78, 0x90, 0x9c);
}

QColor dangerText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xf2, 0x8b, 0x82) : QColor(0xc6, 0x28, 0x28);
}

QColor dangerText()
{
    return dangerText(QGuiApplication::palette());
}

Tone toneOf(Display::Status status, Tone infoTone)
{
    switch (status) {
    case Display::Status::Ok:
        return Tone::Ok;
    case Display::Status::Warning:
        return Tone::Warning;
    case Display::Status::Failed:
        return Tone::Danger;
    case Display::Status::Info:
        break;
    }
    return infoTone;
}

QPalette darkPalette()
{
    const QColor window(0x35, 0x36, 0x3a);
    const QColor base(0x26, 0x27, 0x2b);
    const QColor text(0xe8, 0xea, 0xed);
    const QColor disabled(0x8a, 0x8d, 0x93);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x30, 0x31, 0x36));
    p.setColor(QPalette::ToolTipBase, QColor(0x20, 0x21, 0x24));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3c, 0x3d, 0x42));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xf2, 0x8b, 0x82));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4b, 0x50));
    p.setColor(QPalette::Midlight, QColor(0x42, 0x43, 0x48));
    p.setColor(QPalette::Mid, QColor(0x2c, 0x2d, 0x31));
    p.setColor(QPalette::Dark, QColor(0x1e, 0x1f, 0x22));
    p.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x12));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xb8));
    p.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x52, 0x58));
    return p;
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

void styleChart(QChart *chart)
{
    const QFont title = chart->titleFont();
    chart->setTheme(isDark() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setTitleFont(title); // the theme resets it; callers may have made it bold
    chart->legend()->setLabelColor(legendLabel(true));
}

QColor legendLabel(bool visible)
{
    if (isDark())
        return visible ? QColor(0xe8, 0xea, 0xed) : QColor(0x8a, 0x8d, 0x93);
    return visible ? QColor(Qt::black) : QColor(Qt::gray);
}

void follow(QWidget *widget, const std::function<void()> &apply)
{
    apply();
    new PaletteFollower(widget, apply);
}

} // namespace purga::Theme

#include "theme.moc"
