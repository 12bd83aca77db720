// MainWindow against the PostgreSQL sandbox without identidad.trx_pre_tokens: the missing table
// refuses the pre-token rule alone. The Preview page previews the refresh tokens and says why the
// pre-tokens are left out; the banner, the Checks verdict and the Overview name that one rule.
#include "core/rules/rules.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/guitest.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/checks/checkspage.h"
#include "ui/overview/overviewpage.h"
#include "ui/overview/tablecard.h"
#include "ui/preview/previewpage.h"
#include "ui/preview/rulepreviewtab.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/window/healthbanner.h"
#include "ui/window/mainwindow.h"

#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>

using namespace purga;

class TestMissingTableWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { registerMetaTypes(); }

    void missingPreTokensRefusesOnlyItsRule()
    {
        test::TempSettings settings; // no profile leaks between tests
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("uimissing"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(test::refreshExpiredAndLiveSql(7, 1234)));
        QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.trx_pre_tokens CASCADE")));
        const QString missing = Rules::table(RuleId::PreTokens);
        QCOMPARE(missing, QStringLiteral("identidad.trx_pre_tokens"));

        MainWindow w;
        w.resize(1280, 800);
        w.show();
        w.coordinator()->connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->preflight().items.isEmpty(), 30000);
        const PreflightReport &r = w.state()->preflight();
        QVERIFY(!r.canPreview({RuleId::PreTokens}));
        QVERIFY2(r.canPreview({RuleId::RefreshTokens}), qPrintable(r.previewBlockers().join(u'\n')));

        // The Preview page: enabled, the pre-tokens left out with the missing table named.
        PreviewPage *page = w.previewPage();
        QTRY_VERIFY_WITH_TIMEOUT(page->takePreviewButton()->isEnabled(), 30000);
        QVERIFY2(page->blockedReason().isEmpty(), qPrintable(page->blockedReason()));
        QVERIFY2(page->ruleBlockedReason(RuleId::PreTokens).contains(missing),
                 qPrintable(page->ruleBlockedReason(RuleId::PreTokens)));
        QVERIFY(page->ruleBlockedReason(RuleId::RefreshTokens).isEmpty());
        auto *ruleBlocked = page->findChild<QLabel *>(QStringLiteral("previewRuleBlocked"));
        QVERIFY(ruleBlocked && !ruleBlocked->isHidden());
        QVERIFY2(ruleBlocked->text().contains(Rules::title(RuleId::PreTokens)) &&
                     ruleBlocked->text().contains(missing),
                 qPrintable(ruleBlocked->text()));

        page->takePreview();
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->previewPlan().isEmpty(), 60000);
        const PreviewPlan &plan = w.state()->previewPlan();
        const RulePreview *refresh = plan.rule(RuleId::RefreshTokens);
        QVERIFY(refresh);
        QCOMPARE(refresh->eligible, qint64(7));
        QCOMPARE(refresh->total, qint64(1241));
        QVERIFY(!plan.rule(RuleId::PreTokens)); // never asked: its table is not there
        QVERIFY(page->tabFor(RuleId::RefreshTokens));
        QVERIFY(!page->tabFor(RuleId::PreTokens));
        QVERIFY(!ruleBlocked->isHidden()); // still says why after the preview
        w.showPage(QStringLiteral("preview"));
        QCoreApplication::processEvents(); // the tab's contents are built when first shown
        test::shoot(&w, QStringLiteral("missingtable-preview-1280x800"));
        w.resize(1024, 768); // the smallest screen the pages are laid out for
        QCoreApplication::processEvents();
        test::shoot(&w, QStringLiteral("missingtable-preview-1024x768"));

        // The banner names the one rule; the Checks verdict is amber, not "everything refused".
        const QString banner = w.healthBanner()->plainText();
        QVERIFY2(banner.contains(PreflightRefusal::tr("Preview and purge of %1 are refused: %2")
                                     .arg(Rules::title(RuleId::PreTokens), QString())),
                 qPrintable(banner));
        QVERIFY2(banner.contains(missing), qPrintable(banner));
        QVERIFY2(!banner.contains(PreflightRefusal::tr("Preview and purge are refused: %1").arg(QString())),
                 qPrintable(banner));
        QVERIFY2(w.checksPage()->verdictText().startsWith(QStringLiteral("⚠")),
                 qPrintable(w.checksPage()->verdictText()));

        // The Overview: exact counts for the refresh tokens, the pre-tokens' card an estimate.
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->overview().exact, 60000);
        TableCard *card = w.overviewPage()->card(RuleId::RefreshTokens);
        QCOMPARE(card->valueText(QStringLiteral("removable")), QLocale().toString(7));
        for (const TableOverview &t : w.state()->overview().tables)
            QCOMPARE(t.exact, t.ruleId != RuleId::PreTokens);

        w.coordinator()->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 10000);
    }
};

QTEST_MAIN(TestMissingTableWindow)
#include "tst_missingtablewindow.moc"
