// GlyphWarmup: paints one font per event-loop turn until none is left, and stops with its context.
#include "ui/style/glyphwarmup.h"

#include <QApplication>
#include <QTest>

#include <memory>

using namespace purga;

namespace {

// Runs event-loop iterations until the warm-up has painted its first font.
void untilFirstFont()
{
    while (GlyphWarmup::pendingFonts() == GlyphWarmup::fontCount())
        QCoreApplication::processEvents();
}

} // namespace

class TestGlyphWarmup : public QObject
{
    Q_OBJECT

private slots:
    void paintsEveryFontOnItsOwnTurn()
    {
        QObject context;
        QVERIFY(GlyphWarmup::fontCount() >= 3); // normal, bold, monospace at least
        GlyphWarmup::start(&context, 0);
        QCOMPARE(GlyphWarmup::pendingFonts(), GlyphWarmup::fontCount()); // nothing before the loop runs
        untilFirstFont();
        QCOMPARE(GlyphWarmup::pendingFonts(), GlyphWarmup::fontCount() - 1); // one font per turn
        QTRY_COMPARE(GlyphWarmup::pendingFonts(), 0);
    }

    void stopsWithItsContext()
    {
        auto context = std::make_unique<QObject>();
        GlyphWarmup::start(context.get(), 0);
        untilFirstFont();
        const int left = GlyphWarmup::pendingFonts();
        QVERIFY(left > 0);
        context.reset(); // the window closes mid-way: no turn runs after it
        QTest::qWait(50);
        QCOMPARE(GlyphWarmup::pendingFonts(), left);
    }
};

QTEST_MAIN(TestGlyphWarmup)
#include "tst_glyphwarmup.moc"
