// Dark mode: under a dark application palette the banners, the checks' verdict and the
// partition tiles draw dark backgrounds with their theme's colours (no hard-coded pale box in a
// dark window), and a widget made under a light palette follows when the palette turns dark.
#include "core/history/health.h"
#include "core/preflight/preflight.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "ui/checks/checkspage.h"
#include "ui/overview/partitionstrip.h"
#include "ui/state/appstate.h"
#include "ui/style/theme.h"
#include "ui/window/healthbanner.h"

#include <QApplication>
#include <QFrame>
#include <QImage>
#include <QLabel>
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

// The colour drawn at (x, y) of the widget, as the user sees it.
QColor pixel(QWidget *w, int x, int y)
{
    w->ensurePolished();
    return w->grab().toImage().pixelColor(x, y);
}

// Every style sheet under root: none may hold a light note colour when the palette is dark.
QStringList lightColoursIn(QWidget *root)
{
    QStringList found;
    const QList<QWidget *> all = root->findChildren<QWidget *>() << root;
    for (QWidget *w : all)
        for (Theme::Tone tone :
             {Theme::Tone::Ok, Theme::Tone::Warning, Theme::Tone::Danger, Theme::Tone::Neutral})
            if (w->styleSheet().contains(Theme::note(tone, lightPalette()).background.name()))
                found << w->objectName() + u':' + w->styleSheet();
    return found;
}

PreflightReport refusedReport()
{
    PreflightReport r;
    r.role = QStringLiteral("identidad_api");
    r.database = QStringLiteral("core");
    r.items << PreflightItem{QStringLiteral("bypassrls"),
                             PreflightItem::Status::Failed,
                             QStringLiteral("Role lacks BYPASSRLS"),
                             QString(),
                             true,
                             false,
                             QString()};
    return r;
}

HealthReport alarm()
{
    HealthReport h;
    h.level = HealthLevel::Alarm;
    h.reasons << HealthReason{QStringLiteral("job_overdue"), HealthLevel::Alarm, QStringLiteral("overdue")};
    return h;
}

// A session marked connected (no server needed for what the banner and the checks draw).
struct ConnectedState
{
    DbSession session;
    AppState state{&session};
    ConnectedState()
    {
        ConnectionProfile profile;
        profile.name = QStringLiteral("dark");
        state.setConnected(profile, QString());
    }
};

} // namespace

class TestDarkPalette : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        m_original = QApplication::palette();
    }
    void init() { QApplication::setPalette(Theme::darkPalette()); }
    void cleanup() { QApplication::setPalette(m_original); }

    void bannerAndChecksAreDarkUnderADarkPalette()
    {
        ConnectedState connected;
        AppState &state = connected.state;
        HealthBanner banner(&state);
        ChecksPage checks(&state);
        checks.resize(900, 600);
        state.setPreflight(refusedReport());
        state.setHealth(alarm());
        QVERIFY(!banner.isHidden());
        banner.resize(800, banner.heightForWidth(800));

        const Theme::Colours danger = Theme::note(Theme::Tone::Danger);
        QCOMPARE(danger.background, Theme::note(Theme::Tone::Danger, Theme::darkPalette()).background);
        QVERIFY2(banner.styleSheet().contains(danger.background.name()), qPrintable(banner.styleSheet()));
        QCOMPARE(pixel(&banner, 3, 3), danger.background);
        auto *verdict = checks.findChild<QLabel *>(QStringLiteral("verdictBanner"));
        QVERIFY(verdict);
        QVERIFY(verdict->text().startsWith(QStringLiteral("✗")));
        QVERIFY2(verdict->styleSheet().contains(danger.background.name()), qPrintable(verdict->styleSheet()));
        QVERIFY(pixel(verdict, 3, 3).lightness() < 128);
        QVERIFY2(lightColoursIn(&checks).isEmpty(), qPrintable(lightColoursIn(&checks).join(u'\n')));
        QVERIFY2(lightColoursIn(&banner).isEmpty(), qPrintable(lightColoursIn(&banner).join(u'\n')));
    }

    // Made in a light palette, then the system turns dark: the colours follow without a restart.
    void followsAPaletteChange()
    {
        QApplication::setPalette(lightPalette());
        ConnectedState connected;
        QWidget window;
        auto *banner = new HealthBanner(&connected.state, &window);
        connected.state.setPreflight(refusedReport());
        banner->resize(800, banner->heightForWidth(800));
        const QColor light = Theme::note(Theme::Tone::Danger, lightPalette()).background;
        QCOMPARE(pixel(banner, 3, 3), light);

        QApplication::setPalette(Theme::darkPalette());
        const QColor dark = Theme::note(Theme::Tone::Danger, Theme::darkPalette()).background;
        QVERIFY2(banner->styleSheet().contains(dark.name()), qPrintable(banner->styleSheet()));
        QCOMPARE(pixel(banner, 3, 3), dark);

        QApplication::setPalette(lightPalette());
        QCOMPARE(pixel(banner, 3, 3), light);
    }

    void partitionTilesAreDarkWithReadableWords()
    {
        PartitionStrip strip;
        PartitionInfo removable;
        removable.name = QStringLiteral("identidad.log_sesiones_2025_01");
        removable.lowerBound = QStringLiteral("2025-01-01 00:00:00+00");
        removable.removable = true;
        removable.rows = 38438;
        PartitionInfo kept = removable;
        kept.name = QStringLiteral("identidad.log_sesiones_2026_01");
        kept.lowerBound = QStringLiteral("2026-01-01 00:00:00+00");
        kept.removable = false;
        PartitionInfo def;
        def.name = QStringLiteral("identidad.log_sesiones_default");
        def.isDefault = true;
        strip.setPartitions({removable, kept, def});
        strip.resize(900, strip.heightForWidth(900));
        QCOMPARE(strip.tileCount(), 3);
        // The tiles are painted: read the pixels. The background inside the border is dark, and the
        // month's words (their strongest pixel) stand out from it by the 4.5 text contrast.
        const QImage shot = strip.grab().toImage();
        for (int i = 0; i < strip.tileCount(); ++i) {
            const QRect tile = strip.tileRect(i);
            const QColor background = shot.pixelColor(tile.left() + 4, tile.bottom() - 3);
            QVERIFY2(background.lightness() < 128, qPrintable(background.name()));
            const QRect month = strip.monthRect(i);
            QVERIFY(tile.contains(month));
            double best = 1;
            for (int y = month.top(); y <= month.bottom(); ++y)
                for (int x = month.left(); x <= month.right(); ++x)
                    best = qMax(best, Theme::contrastRatio(shot.pixelColor(x, y), background));
            QVERIFY2(best >= 4.5, qPrintable(strip.tileSummaries().at(i) + u' ' + QString::number(best)));
        }
        QVERIFY2(lightColoursIn(&strip).isEmpty(), qPrintable(lightColoursIn(&strip).join(u'\n')));
    }

private:
    QPalette m_original;
};

QTEST_MAIN(TestDarkPalette)
#include "tst_darkpalette.moc"
