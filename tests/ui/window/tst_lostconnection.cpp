// The window when its server goes away and comes back: the test stops its own PostgreSQL cluster
// under a connected window (the profile's password in the real keychain), checks that the loss is
// said where a screen reader finds it (the connection bar, the status bar, the stale banner, the
// Checks verdict) while the pages keep their numbers and the typed token hash, then starts the
// cluster again and checks that the window is connected with its checks passed, with no user action.
#include "core/forensics/forensics.h"
#include "core/profiles/profilestore.h"
#include "core/security/passwordstore.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/guitest.h"
#include "support/keyringsandbox.h"
#include "support/ownsandbox.h"
#include "support/purgefixtures.h"
#include "ui/checks/checkspage.h"
#include "ui/forensics/forensicspage.h"
#include "ui/forensics/tokenlookupview.h"
#include "ui/overview/overviewpage.h"
#include "ui/overview/tablecard.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/window/connectionbar.h"
#include "ui/window/mainwindow.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTest>

using namespace purga;

namespace {

QString lostLabelText(const MainWindow &w)
{
    auto *label = w.connectionBar()->findChild<QLabel *>(QStringLiteral("connectionLostLabel"));
    return label && !label->isHidden() ? label->text() : QString();
}

QString staleText(const MainWindow &w)
{
    auto *banner = w.findChild<QWidget *>(QStringLiteral("staleBanner"));
    auto *text = banner ? banner->findChild<QLabel *>(QStringLiteral("staleText")) : nullptr;
    return banner && !banner->isHidden() && text ? text->text() : QString();
}

} // namespace

class TestLostConnection : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        QString why;
        m_keyring = test::useKeyringSandbox(&why); // before any keychain job of this process
    }

    void reconnectsByItselfAfterTheServerComesBack()
    {
        PURGA_REQUIRE_KEYRING();
        QVERIFY(m_keyring);
        test::TempSettings settings;
        test::OwnSandbox own;
        QVERIFY2(own.isValid(), qPrintable(own.error()));
        test::TestDatabase db(own.info(), QStringLiteral("uilost"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(test::refreshExpiredAndLiveSql(7, 1234)));
        ConnectionProfile p = db.profile();
        p.name = QStringLiteral("ui-lost-%1").arg(db.name());
        {
            ProfileStore store;
            QString error;
            QVERIFY2(store.save(p, &error), qPrintable(error));
        }
        PasswordStore passwords;
        QVERIFY(passwords.writeSync(p.name, db.passwordFor(QStringLiteral("identidad_purga"))).ok);

        MainWindow w;
        w.show();
        w.connectOnStart(p.name); // the keychain's password, as --profile NAME
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->isConnected(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->overview().exact && !w.session()->isBusy(), 60000);
        const QString verdict = w.checksPage()->verdictText();
        QVERIFY2(verdict.startsWith(QStringLiteral("✓")), qPrintable(verdict));
        TableCard *card = w.overviewPage()->card(QStringLiteral("refresh_tokens"));
        QCOMPARE(card->valueText(QStringLiteral("total")), QLocale().toString(1241));
        // What the user typed on another page: a token hash, waiting to be looked up.
        const QString hash = Forensics::hashRawToken("some-token");
        TokenLookupView *lookup = w.forensicsPage()->lookup();
        lookup->setInputKind(TokenLookupView::InputKind::Hash);
        lookup->setInput(hash);

        QString error;
        QVERIFY2(own.stopServer(&error), qPrintable(error));
        const QDateTime stopped = QDateTime::currentDateTime();

        // Lost, found by the idle keep-alive: said in labels, not only in a passing message.
        QTRY_VERIFY_WITH_TIMEOUT(!lostLabelText(w).isEmpty(), 30000);
        QCOMPARE(lostLabelText(w),
                 QStringLiteral("⚠ ") + ConnectionBar::tr("Connection lost — reconnecting…"));
        QVERIFY2(w.statusText().startsWith(QStringLiteral("⚠ Connection lost — reconnecting…")),
                 qPrintable(w.statusText()));
        QVERIFY2(staleText(w).contains(QStringLiteral("Connection lost at")), qPrintable(staleText(w)));
        QVERIFY2(!w.checksPage()->verdictText().startsWith(QStringLiteral("✓")),
                 qPrintable(w.checksPage()->verdictText()));
        QVERIFY2(w.checksPage()->verdictText().contains(QStringLiteral("Connection lost at")),
                 qPrintable(w.checksPage()->verdictText()));
        QCOMPARE(card->valueText(QStringLiteral("total")), QLocale().toString(1241)); // kept, marked stale
        w.showPage(QStringLiteral("overview"));
        test::shoot(&w, QStringLiteral("lost-overview"));

        // A look-up while lost says why, and the hash stays in its field.
        w.showPage(QStringLiteral("forensics"));
        QSignalSpy looked(lookup, &TokenLookupView::lookupFinished);
        lookup->lookUp();
        QVERIFY(looked.wait(20000));
        QCOMPARE(looked.first().at(0).toBool(), false);
        const QString failedPrefix =
            QStringLiteral("✗ ") + TokenLookupView::tr("Look-up failed: %1").arg(QString());
        QVERIFY2(lookup->summaryText().startsWith(failedPrefix), qPrintable(lookup->summaryText()));
        QVERIFY2(lookup->summaryText().size() > failedPrefix.size() + 3, qPrintable(lookup->summaryText()));
        QCOMPARE(lookup->inputText(), hash);
        test::shoot(&w, QStringLiteral("lost-forensics"));
        w.showPage(QStringLiteral("checks"));
        test::shoot(&w, QStringLiteral("lost-checks"));

        // The server is back: connected again, checks run again and passed, no click needed.
        QSignalSpy checksAgain(w.state(), &AppState::preflightChanged);
        QTest::qWait(1500); // a reconnect try or two meets the stopped server
        QVERIFY(!lostLabelText(w).isEmpty());
        QVERIFY2(own.startServer(&error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(lostLabelText(w).isEmpty(), 60000);
        QVERIFY2(w.statusText().startsWith(QStringLiteral("✓ ") +
                                           MainWindow::tr("Connected: %1").arg(p.displayTarget())),
                 qPrintable(w.statusText()));
        QTRY_VERIFY_WITH_TIMEOUT(!checksAgain.isEmpty(), 30000);
        QTRY_COMPARE_WITH_TIMEOUT(w.checksPage()->verdictText(), verdict, 30000);
        QVERIFY(staleText(w).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(w.coordinator()->lastRefresh() > stopped, 30000);
        // Read again (the estimates first, then the exact counts of the restarted server).
        QTRY_COMPARE_WITH_TIMEOUT(card->valueText(QStringLiteral("total")), QLocale().toString(1241), 60000);
        QCOMPARE(lookup->inputText(), hash); // what was typed survived the loss and the reconnect
        QCOMPARE(w.state()->profile().name, p.name);
        test::shoot(&w, QStringLiteral("back-checks"));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);
        QVERIFY(passwords.removeSync(p.name).ok);
    }

private:
    bool m_keyring = false;
};

QTEST_MAIN(TestLostConnection)
#include "tst_lostconnection.moc"
