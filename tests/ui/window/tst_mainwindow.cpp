// MainWindow against the PostgreSQL sandbox: connect → checks → overview, refusal for the API role,
// failures in the connect dialog, environment colour, menus and shortcuts, closing during a purge.
#include "core/profiles/profileenvironment.h"
#include "core/profiles/profilestore.h"
#include "core/security/passwordstore.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "core/util/buildinfo.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/checks/checkspage.h"
#include "ui/connect/connectdialog.h"
#include "ui/connect/environmentstyle.h"
#include "ui/overview/overviewpage.h"
#include "ui/overview/tablecard.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/widgets/messagebox.h"
#include "ui/window/aboutdialog.h"
#include "ui/window/connectionbar.h"
#include "ui/window/healthbanner.h"
#include "ui/window/mainwindow.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QFrame>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace purga;

namespace {

// Records the close hook instead of asking the purge page.
class HookedWindow : public MainWindow
{
public:
    bool answer = false;
    int asked = 0;

protected:
    bool confirmCloseDuringPurge() override
    {
        ++asked;
        return answer;
    }
};

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        // Before any keychain job of this process (libsecret keeps its first bus); a missing
        // sandbox only matters to the keychain tests, which skip or fail on their own.
        QString why;
        m_keyring = test::useKeyringSandbox(&why);
    }

    // Profiles saved before the environment was a field: the name heuristic decides.
    void environmentGuessForOldProfiles()
    {
        ConnectionProfile p;
        p.name = QStringLiteral("core-PROD");
        p.database = QStringLiteral("core");
        QCOMPARE(guessEnvironment(p), ProfileEnvironment::Production);
        p.name = QStringLiteral("staging");
        p.database = QStringLiteral("core_production");
        QCOMPARE(guessEnvironment(p), ProfileEnvironment::Production);
        p.database = QStringLiteral("core");
        QCOMPARE(guessEnvironment(p), ProfileEnvironment::None);
    }

    void everyActionHasShortcutAndMenu()
    {
        test::TempSettings settings; // no profile or keychain entry leaks between tests
        MainWindow w;
        QStringList missing;
        int count = 0;
        for (QAction *menu : w.menuBar()->actions()) {
            for (QAction *a : menu->menu()->actions()) {
                if (a->isSeparator())
                    continue;
                ++count;
                if (a->shortcut().isEmpty())
                    missing << a->text();
            }
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
        QVERIFY(count >= 10);
        QCOMPARE(w.currentPageId(), QStringLiteral("overview"));
        QVERIFY(w.statusText().contains(MainWindow::tr("Not connected")));
        QVERIFY(w.healthBanner()->isHidden());

        QTest::keyClick(&w, Qt::Key_F1);
        // Shortcuts need an active window; trigger the action directly when offscreen has none.
        if (!w.findChild<AboutDialog *>()) {
            for (QAction *menu : w.menuBar()->actions())
                for (QAction *a : menu->menu()->actions())
                    if (a->shortcut() == QKeySequence(Qt::Key_F1))
                        a->trigger();
        }
        auto *about = w.findChild<AboutDialog *>();
        QVERIFY(about);
        QVERIFY(about->isVisible()); // window-modal, so the window's event loop keeps running
        QVERIFY(about->versionsText().contains(buildinfo::appVersion()));
        about->close();
    }

    void connectsAsMaintenanceRole()
    {
        test::TempSettings settings; // no profile or keychain entry leaks between tests
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("uimw"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(test::refreshExpiredAndLiveSql(7, 1234)));

        MainWindow w;
        w.show();
        w.coordinator()->connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->preflight().items.isEmpty(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->overview().exact, 60000);

        // The checklist: preview allowed, one row per item.
        const PreflightReport &r = w.state()->preflight();
        QVERIFY2(r.canPreview(), qPrintable(r.previewBlockers().join(u'\n')));
        QCOMPARE(w.checksPage()->itemCount(), r.items.size());
        QVERIFY(w.checksPage()->verdictText().startsWith(QStringLiteral("✓")) ||
                (!r.canPurge() && w.checksPage()->verdictText().startsWith(QStringLiteral("⚠"))));
        QCOMPARE(w.currentPageId(), QStringLiteral("overview"));

        // The bar: environment, target, BYPASSRLS with a ✓ icon (not a second ✓ in the text).
        auto *bypass = w.connectionBar()->findChild<QLabel *>(QStringLiteral("bypassLabel"));
        QCOMPARE(bypass->text(), QStringLiteral("BYPASSRLS"));
        QCOMPARE(w.connectionBar()->findChild<QLabel *>(QStringLiteral("bypassIcon"))->accessibleName(),
                 QStringLiteral("✓"));
        QCOMPARE(w.connectionBar()->environment(), ProfileEnvironment::None);
        QVERIFY(w.environmentStrip()->isHidden()); // no environment, no colour
        auto *target = w.connectionBar()->findChild<QLabel *>(QStringLiteral("targetLabel"));
        QCOMPARE(target->text(), db.profile().displayTarget());

        // The overview shows what was inserted.
        TableCard *card = w.overviewPage()->card(QStringLiteral("refresh_tokens"));
        QCOMPARE(card->valueText(QStringLiteral("total")), QLocale().toString(1241));
        QCOMPARE(card->valueText(QStringLiteral("removable")), QLocale().toString(7));
        QVERIFY(w.statusText().contains(db.profile().displayTarget()));
        QVERIFY(!w.findChild<QLabel *>(QStringLiteral("lastRefresh"))->text().isEmpty());

        // The purge health, as `health` computes it: 7 tokens removable for 15 days → red, with the
        // reason, and the link opens the History page.
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->hasHealth(), 30000);
        QCOMPARE(w.state()->health().levelName(), QStringLiteral("alarm"));
        QVERIFY(!w.healthBanner()->isHidden());
        const QString banner = w.healthBanner()->plainText();
        QVERIFY2(banner.contains(QStringLiteral("✗ ") + HealthBanner::tr("Purge health: %1").arg(QString())),
                 qPrintable(banner));
        QVERIFY2(banner.contains(Rules::table(QStringLiteral("refresh_tokens"))), qPrintable(banner));
        // The removable-since instant in the window's one format, not the core's ISO text.
        QVERIFY2(!banner.contains(QRegularExpression(QStringLiteral("\\dT\\d\\d:\\d\\d:\\d\\dZ"))), qPrintable(banner));
        emit w.healthBanner()->linkActivated(QStringLiteral("history"));
        QCOMPARE(w.currentPageId(), QStringLiteral("history"));

        // Disconnect: back to "not connected" everywhere.
        w.coordinator()->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->isConnected(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 10000);
        QCOMPARE(w.connectionBar()->environment(), ProfileEnvironment::None);
    }

    void apiRoleIsRefusedVisibly()
    {
        test::TempSettings settings; // no profile or keychain entry leaks between tests
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("uimw"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        w.show();
        w.coordinator()->connectTo(db.profile(QStringLiteral("identidad_api")),
                                   db.passwordFor(QStringLiteral("identidad_api")));
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->preflight().items.isEmpty(), 30000);
        QVERIFY(!w.state()->preflight().canPreview());
        QTRY_COMPARE_WITH_TIMEOUT(w.currentPageId(), QStringLiteral("checks"), 10000);
        QVERIFY2(w.checksPage()->verdictText().startsWith(QStringLiteral("✗")),
                 qPrintable(w.checksPage()->verdictText()));
        QVERIFY(w.checksPage()->verdictText().contains(
            ChecksPage::tr("Preview and purge are refused with this connection:")));
        QVERIFY(!w.healthBanner()->isHidden());
        QVERIFY(w.healthBanner()->plainText().contains(QStringLiteral("✗")));
        auto *bypass = w.connectionBar()->findChild<QLabel *>(QStringLiteral("bypassLabel"));
        QCOMPARE(bypass->text(), QStringLiteral("BYPASSRLS"));
        QCOMPARE(w.connectionBar()->findChild<QLabel *>(QStringLiteral("bypassIcon"))->accessibleName(),
                 QStringLiteral("✗"));
        // No exact counts under row level security: they would only count one tenant.
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 30000);
        QVERIFY(!w.state()->overview().exact);
    }

    void wrongPasswordStaysInDialog()
    {
        test::TempSettings settings; // no profile or keychain entry leaks between tests
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("uimw"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        w.show();
        ConnectDialog *dialog = w.connectDialog();
        w.openConnectDialog();
        QTRY_VERIFY(dialog->isVisible());
        dialog->setProfile(db.profile());
        dialog->rememberBox()->setChecked(false); // keep the keychain out of this test
        dialog->setPassword(QStringLiteral("not-the-password"));
        dialog->connectButton()->click();
        QVERIFY(dialog->isConnecting());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isConnecting(), 30000);
        QVERIFY2(!dialog->errorText().isEmpty(), "no error shown");
        QVERIFY(dialog->errorText().contains(db.profile().displayTarget()));
        QVERIFY(dialog->isVisible());
        QVERIFY(!w.state()->isConnected());
        // Nothing typed is lost.
        QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("password"))->text(),
                 QStringLiteral("not-the-password"));
        QCOMPARE(dialog->currentProfile().database, db.name());
        QCOMPARE(dialog->currentProfile().port, sandbox.port);

        // Fix the password and connect: the dialog closes, the window is connected.
        dialog->setPassword(db.passwordFor(QStringLiteral("identidad_purga")));
        dialog->connectButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected(), 30000);
        QTRY_VERIFY(!dialog->isVisible());
        QVERIFY(dialog->errorText().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy() && w.state()->overview().exact, 60000);
    }

    // The bar says TLS when it is in use, and turns amber for a weak sslmode towards a
    // host that is not loopback (hostaddr keeps the test on the sandbox).
    void weakSslModeTowardsARemoteHostIsAmber()
    {
        test::TempSettings settings;
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("uimw"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        w.show();
        ConnectionProfile remote = db.profile();
        remote.name = QStringLiteral("remote-prefer");
        remote.conninfo = QStringLiteral("host=db.example.com hostaddr=127.0.0.1 port=%1 dbname=%2 "
                                         "user=identidad_purga sslmode=prefer")
                              .arg(sandbox.port)
                              .arg(db.name());
        w.coordinator()->connectTo(remote, db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected() && !w.state()->preflight().items.isEmpty(), 30000);
        auto *tls = w.connectionBar()->findChild<QLabel *>(QStringLiteral("tlsLabel"));
        QVERIFY(tls);
        QVERIFY(!tls->isHidden());
        QVERIFY2(tls->text().contains(QStringLiteral("impostor")), qPrintable(tls->text()));
        QVERIFY(tls->property("risk").toBool());
        QVERIFY(tls->toolTip().contains(QStringLiteral("db.example.com")));
        const auto &items = w.state()->preflight().items;
        const auto item = std::find_if(items.cbegin(), items.cend(),
                                       [](const PreflightItem &i) { return i.id == QLatin1String("tls"); });
        QVERIFY(item != items.cend() && item->status == PreflightItem::Status::Warning);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);

        // verify-full with the sandbox's CA: TLS in use, no warning.
        ConnectionProfile verified = db.profile();
        verified.host = QStringLiteral("localhost");
        verified.sslMode = QStringLiteral("verify-full");
        verified.sslRootCert = sandbox.caFile;
        w.coordinator()->connectTo(verified, db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected() && w.state()->preflight().tls.inUse &&
                                     w.state()->preflight().tls.sslMode == QLatin1String("verify-full"),
                                 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!tls->property("risk").toBool(), 10000);
        QVERIFY(!tls->isHidden());
        QVERIFY2(tls->toolTip().contains(QStringLiteral("over TLS")), qPrintable(tls->toolTip()));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);
    }

    // A profile saved as production, connected through the dialog: red bar, red strips above and
    // below the pages, "[PRODUCTION]" first in the title; all gone again after disconnecting.
    void productionProfileIsRed()
    {
        test::TempSettings settings; // no profile or keychain entry leaks between tests
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("uimw"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        ConnectionProfile saved = db.profile();
        saved.name = QStringLiteral("core-main");
        saved.environment = ProfileEnvironment::Production;
        QVERIFY(ProfileStore().save(saved));
        QCOMPARE(ProfileStore().load(saved.name)->environment, ProfileEnvironment::Production);

        MainWindow w;
        w.show();
        QVERIFY(w.environmentStrip()->isHidden());
        ConnectDialog *dialog = w.connectDialog();
        QVERIFY(dialog->selectProfile(saved.name));
        QCOMPARE(dialog->currentProfile().environment, ProfileEnvironment::Production);
        dialog->rememberBox()->setChecked(false);
        dialog->setPassword(db.passwordFor(QStringLiteral("identidad_purga")));
        dialog->startConnect();
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected(), 30000);
        QCOMPARE(w.connectionBar()->environment(), ProfileEnvironment::Production);
        QVERIFY(w.connectionBar()->environmentText().contains(QStringLiteral("PRODUCTION")));
        QVERIFY2(w.windowTitle().startsWith(QStringLiteral("[PRODUCTION] ")), qPrintable(w.windowTitle()));
        QVERIFY(w.windowTitle().contains(saved.name));
        const QColor red = EnvironmentStyle::colour(ProfileEnvironment::Production);
        for (QFrame *strip : {w.environmentStrip(), w.environmentStripBottom()}) {
            QVERIFY(strip->isVisible());
            QVERIFY(strip->height() >= 4);
            const QImage shot = strip->grab().toImage();
            QCOMPARE(shot.pixelColor(shot.width() / 2, shot.height() / 2), red);
        }
        // The bar itself is red too, with white text (the readable one on red).
        const QImage bar = w.connectionBar()->grab().toImage();
        QCOMPARE(bar.pixelColor(bar.width() / 2, 2), red);
        QCOMPARE(EnvironmentStyle::textOn(red), QColor(Qt::white));
        QCOMPARE(EnvironmentStyle::textOn(EnvironmentStyle::colour(ProfileEnvironment::Staging)),
                 QColor(Qt::black));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy() && w.state()->overview().exact, 60000);

        // The connected profile is not renamed under the session's feet.
        QVERIFY(dialog->selectProfile(saved.name));
        dialog->renameSelected(saved.name + QStringLiteral("-renamed"));
        QVERIFY2(dialog->errorText().contains(QStringLiteral("disconnect first")),
                 qPrintable(dialog->errorText()));
        QVERIFY(ProfileStore().contains(saved.name));
        QVERIFY(!ProfileStore().contains(saved.name + QStringLiteral("-renamed")));

        w.coordinator()->disconnectFromServer();
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->isConnected(), 10000);
        QVERIFY(w.environmentStrip()->isHidden());
        QVERIFY(!w.windowTitle().contains(QStringLiteral("PRODUCTION")));
    }

    void standbyIsBadgedAndPurgeRefused()
    {
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        if (sandbox.standbyPort == 0)
            QSKIP("the sandbox runs without a standby");
        test::TempSettings settings;
        test::TestDatabase db(sandbox, QStringLiteral("uimw"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        w.show();
        // The new database reaches the standby a moment later: retry until it connects.
        QElapsedTimer clock;
        clock.start();
        while (!w.state()->isConnected() && clock.elapsed() < 30000) {
            DbRequest *request =
                w.coordinator()->connectTo(db.profile(QStringLiteral("identidad_purga"), true),
                                           db.passwordFor(QStringLiteral("identidad_purga")));
            QSignalSpy failed(request, &DbRequest::failed);
            QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected() || failed.count() > 0, 10000);
            if (!w.state()->isConnected())
                QTest::qWait(300);
        }
        QVERIFY(w.state()->isConnected());
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->preflight().items.isEmpty(), 30000);
        QVERIFY(w.state()->preflight().inRecovery);
        auto *badge = w.connectionBar()->findChild<QLabel *>(QStringLiteral("standbyLabel"));
        QVERIFY(!badge->isHidden());
        QVERIFY(badge->text().contains(ConnectionBar::tr("STANDBY (read-only)")));
        QVERIFY(!w.state()->preflight().canPurge());
        QVERIFY(!w.healthBanner()->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);
    }

    void startupProfileReadsKeychain()
    {
        PURGA_REQUIRE_KEYRING();
        QVERIFY(m_keyring);
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TempSettings settings;
        test::TestDatabase db(sandbox, QStringLiteral("uimw"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        ConnectionProfile p = db.profile();
        p.name = QStringLiteral("ui-keychain-%1").arg(db.name());
        {
            ProfileStore store;
            QString error;
            QVERIFY2(store.save(p, &error), qPrintable(error));
        }
        PasswordStore passwords;
        const PasswordResult written =
            passwords.writeSync(p.name, db.passwordFor(QStringLiteral("identidad_purga")));
        QVERIFY2(written.ok, qPrintable(written.message + u' ' + written.detail));

        MainWindow w;
        w.show();
        w.connectOnStart(p.name); // as --profile NAME does
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected(), 30000);
        QCOMPARE(w.state()->profile().name, p.name);
        QVERIFY(!w.connectDialog()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy() && w.state()->overview().exact, 60000);
        QVERIFY(passwords.removeSync(p.name).ok);
    }

    void startupProfileWithoutPasswordAsks()
    {
        PURGA_REQUIRE_KEYRING();
        test::TempSettings settings;
        ConnectionProfile p;
        p.name = QStringLiteral("ui-nopassword-%1").arg(QCoreApplication::applicationPid());
        p.host = QStringLiteral("127.0.0.1");
        p.port = 1;
        p.sslMode = QStringLiteral("disable");
        {
            ProfileStore store;
            QVERIFY(store.save(p));
        }
        MainWindow w;
        w.show();
        w.connectOnStart(p.name);
        // The keychain has nothing for it: the dialog opens, says so, and nothing connects.
        QTRY_VERIFY_WITH_TIMEOUT(w.connectDialog()->isVisible(), 20000);
        QVERIFY2(
            w.connectDialog()->keychainText().contains(ConnectDialog::tr("No password stored in the keychain "
                                                                         "for this profile: type it.")),
            qPrintable(w.connectDialog()->keychainText()));
        QVERIFY(!w.connectDialog()->isConnecting());
        QCOMPARE(w.connectDialog()->currentProfile().name, p.name);

        // An unknown name is said plainly too.
        MainWindow w2;
        w2.connectOnStart(QStringLiteral("no-such-profile"));
        QVERIFY(w2.connectDialog()->isVisible());
        QVERIFY(w2.connectDialog()->errorText().contains(QLatin1String("no-such-profile")));
    }

    void closingDuringPurgeAsksFirst()
    {
        test::TempSettings settings; // no profile or keychain entry leaks between tests
        HookedWindow w;
        w.show();
        QVERIFY(w.close()); // nothing running: closes without asking
        QCOMPARE(w.asked, 0);
        w.show();
        w.state()->setPurgeRunning(true);
        w.answer = false;
        QVERIFY(!w.close());
        QCOMPARE(w.asked, 1);
        QVERIFY(w.isVisible());
        w.answer = true;
        QVERIFY(w.close());
        QCOMPARE(w.asked, 2);
        w.state()->setPurgeRunning(false);
    }

private:
    bool m_keyring = false;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
