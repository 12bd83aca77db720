// Theme: light and dark variants of the semantic colours, picked from the palette's
// window colour, each readable (WCAG contrast of at least 4.5 for text on its background).
#include "ui/style/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <memory>

using namespace purga;

namespace {

// Fusion's own palette: a light window.
QPalette lightPalette()
{
    return std::unique_ptr<QStyle>(QStyleFactory::create(QStringLiteral("Fusion")))->standardPalette();
}

const QList<Theme::Tone> kTones = {Theme::Tone::Ok, Theme::Tone::Warning, Theme::Tone::Danger,
                                   Theme::Tone::Neutral};

} // namespace

class TestTheme : public QObject
{
    Q_OBJECT
private slots:
    void contrastRatioOfKnownPairs()
    {
        QCOMPARE(qRound(Theme::contrastRatio(Qt::black, Qt::white)), 21);
        QCOMPARE(Theme::contrastRatio(Qt::white, Qt::white), 1.0);
        QCOMPARE(Theme::contrastRatio(Qt::black, Qt::white), Theme::contrastRatio(Qt::white, Qt::black));
    }

    void darknessFollowsTheWindowColour()
    {
        QVERIFY(Theme::isDark(Theme::darkPalette()));
        QVERIFY(!Theme::isDark(lightPalette()));
    }

    void notesAreReadableInBothPalettes_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    void notesAreReadableInBothPalettes()
    {
        QFETCH(bool, dark);
        const QPalette palette = dark ? Theme::darkPalette() : lightPalette();
        const QColor window = palette.color(QPalette::Window);
        for (Theme::Tone tone : kTones) {
            const Theme::Colours c = Theme::note(tone, palette);
            const double ratio = Theme::contrastRatio(c.text, c.background);
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("tone %1: %2 on %3 is %4")
                                                  .arg(int(tone))
                                                  .arg(c.text.name(), c.background.name())
                                                  .arg(ratio)));
            // A dark palette gets dark notes (no pale box in a dark window), a light one pale notes.
            QCOMPARE(c.background.lightness() < 128, dark);
            QCOMPARE(Theme::isDark(palette), dark);
            // The note stands out of the window a little, its border more.
            QVERIFY(c.background != window);
            QVERIFY(c.border != c.background);
        }
        const double red = Theme::contrastRatio(Theme::dangerText(palette), window);
        QVERIFY2(red >= 4.5, qPrintable(QString::number(red)));
        QVERIFY(Theme::contrastRatio(Theme::accent(Theme::Tone::Warning, palette), window) >= 3.0);
    }

    void lightAndDarkVariantsDiffer()
    {
        for (Theme::Tone tone : kTones) {
            QVERIFY(Theme::note(tone, lightPalette()).background !=
                    Theme::note(tone, Theme::darkPalette()).background);
            QVERIFY(Theme::note(tone, lightPalette()).text != Theme::note(tone, Theme::darkPalette()).text);
        }
        QVERIFY(Theme::dangerText(lightPalette()) != Theme::dangerText(Theme::darkPalette()));
    }

    void darkPaletteIsReadable()
    {
        const QPalette p = Theme::darkPalette();
        for (QPalette::ColorRole bg : {QPalette::Window, QPalette::Base, QPalette::Button}) {
            QVERIFY(Theme::contrastRatio(p.color(QPalette::WindowText), p.color(bg)) >= 7.0);
            QVERIFY(Theme::contrastRatio(p.color(QPalette::Text), p.color(bg)) >= 7.0);
        }
        QVERIFY(Theme::contrastRatio(p.color(QPalette::Link), p.color(QPalette::Base)) >= 4.5);
        QVERIFY(Theme::contrastRatio(p.color(QPalette::HighlightedText), p.color(QPalette::Highlight)) >=
                4.5);
        QVERIFY(Theme::contrastRatio(p.color(QPalette::ToolTipText), p.color(QPalette::ToolTipBase)) >= 7.0);
    }

    void statusTones()
    {
        QCOMPARE(Theme::toneOf(Display::Status::Ok), Theme::Tone::Ok);
        QCOMPARE(Theme::toneOf(Display::Status::Warning), Theme::Tone::Warning);
        QCOMPARE(Theme::toneOf(Display::Status::Failed), Theme::Tone::Danger);
        QCOMPARE(Theme::toneOf(Display::Status::Info), Theme::Tone::Neutral);
        QCOMPARE(Theme::toneOf(Display::Status::Info, Theme::Tone::Ok), Theme::Tone::Ok);
    }

    // The application palette decides: note() and noteCss() without a palette follow it.
    void applicationPaletteDecides()
    {
        const QPalette before = QApplication::palette();
        QApplication::setPalette(Theme::darkPalette());
        QVERIFY(Theme::isDark());
        QVERIFY(Theme::noteCss(Theme::Tone::Danger)
                    .contains(Theme::note(Theme::Tone::Danger, Theme::darkPalette()).background.name()));
        QCOMPARE(Theme::dangerText(), Theme::dangerText(Theme::darkPalette()));
        QApplication::setPalette(lightPalette());
        QVERIFY(!Theme::isDark());
        QVERIFY(Theme::noteCss(Theme::Tone::Danger)
                    .contains(Theme::note(Theme::Tone::Danger, lightPalette()).background.name()));
        QApplication::setPalette(before);
    }
};

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
