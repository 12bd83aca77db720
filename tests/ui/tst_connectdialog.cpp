// ConnectDialog against the PostgreSQL sandbox and the real Secret Service (gnome-keyring): a typed
// password reaches the keychain only after the server accepted it.
#include "connectdialog.h"
#include "dbsession.h"
#include "keyringsandbox.h"
#include "mainwindow.h"
#include "passwordstore.h"
#include "pgsandbox.h"
#include "profilestore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace purga;

class TestConnectDialog : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        QString why;
        m_keyring = test::useKeyringSandbox(&why); // before any keychain job of this process
        PURGA_REQUIRE_SANDBOX(m_sandbox);
    }

    void typoNeverReplacesTheStoredPassword()
    {
        PURGA_REQUIRE_KEYRING();
        QVERIFY(m_keyring);
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uidlg"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString good = db.passwordFor(QStringLiteral("identidad_purga"));
        ConnectionProfile p = db.profile();
        p.name = QStringLiteral("dlg-%1").arg(db.name());
        QVERIFY(ProfileStore().save(p));
        PasswordStore passwords;
        QVERIFY(passwords.writeSync(p.name, good).ok);

        MainWindow w;
        ConnectDialog *dialog = w.connectDialog();
        w.openConnectDialog();
        QVERIFY(dialog->selectProfile(p.name));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->keychainText().isEmpty(), 20000); // the stored one was read
        dialog->rememberBox()->setChecked(true);
        dialog->setPassword(QStringLiteral("a-typo"));
        dialog->connectButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isConnecting(), 30000);
        QVERIFY(!dialog->errorText().isEmpty());
        QTest::qWait(500); // a write, had one started, would be done by now
        const PasswordResult stored = passwords.readSync(p.name);
        QVERIFY(stored.ok);
        QCOMPARE(stored.password, good);

        // A stale stored password is replaced once the server accepted the typed one, and the
        // dialog says why.
        QVERIFY(passwords.writeSync(p.name, QStringLiteral("stale-pw")).ok);
        QVERIFY(dialog->selectProfile(p.name)); // reads the keychain again
        QTRY_VERIFY_WITH_TIMEOUT(dialog->findChild<QLineEdit *>(QStringLiteral("password"))->text() ==
                                     QStringLiteral("stale-pw"),
                                 20000);
        QSignalSpy notices(dialog, &ConnectDialog::notice);
        dialog->setPassword(good);
        dialog->connectButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isConnecting() && !dialog->isVisible(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(notices.count() > 0, 20000);
        QVERIFY2(
            notices.last().at(0).toString().contains(ConnectDialog::tr("The server accepted the password")),
            qPrintable(notices.last().at(0).toString()));
        QCOMPARE(passwords.readSync(p.name).password, good);
        QVERIFY(passwords.removeSync(p.name).ok);
    }

    // Issue 8: a new profile gets verify-full unless its host is loopback, following the host
    // until the user picks a mode; a weak mode towards a remote host is shown amber.
    void newProfileSslModeFollowsTheHost()
    {
        test::TempSettings settings;
        ConnectionProfile saved;
        saved.name = QStringLiteral("old-remote");
        saved.host = QStringLiteral("db.example.com");
        saved.sslMode = QStringLiteral("prefer"); // saved before this default existed
        QVERIFY(ProfileStore().save(saved));
        MainWindow w;
        ConnectDialog *dialog = w.connectDialog();
        w.openConnectDialog();
        QPushButton *newButton = nullptr;
        for (QPushButton *b : dialog->findChildren<QPushButton *>())
            if (b->text() == ConnectDialog::tr("&New"))
                newButton = b;
        QVERIFY(newButton);
        newButton->click();
        auto *host = dialog->findChild<QLineEdit *>(QStringLiteral("host"));
        auto *mode = dialog->findChild<QComboBox *>(QStringLiteral("sslMode"));
        auto *warning = dialog->findChild<QLabel *>(QStringLiteral("sslWarning"));
        auto *rootCert = dialog->findChild<QLineEdit *>(QStringLiteral("sslRootCert"));
        QVERIFY(host && mode && warning && rootCert);
        auto typeHost = [&](const char *text) {
            host->selectAll();
            QTest::keyClicks(host, QString::fromUtf8(text));
        };
        QCOMPARE(host->text(), QStringLiteral("localhost"));
        QCOMPARE(mode->currentText(), QStringLiteral("prefer"));
        QVERIFY(warning->isHidden());

        typeHost("db.example.com");
        QCOMPARE(mode->currentText(), QStringLiteral("verify-full"));
        QVERIFY(warning->isHidden());
        QVERIFY(rootCert->isEnabled());
        QVERIFY2(rootCert->placeholderText().contains(QStringLiteral("system CA bundle")),
                 qPrintable(rootCert->placeholderText()));
        QCOMPARE(dialog->currentProfile().sslMode, QStringLiteral("verify-full"));

        typeHost("127.0.0.1");
        QCOMPARE(mode->currentText(), QStringLiteral("prefer"));

        // A mode the user picks stays, and a weak one towards a remote host is flagged.
        mode->setCurrentText(QStringLiteral("prefer"));
        emit mode->activated(mode->currentIndex());
        typeHost("db2.example.com");
        QCOMPARE(mode->currentText(), QStringLiteral("prefer"));
        QVERIFY(!warning->isHidden());
        QVERIFY2(warning->text().contains(QStringLiteral("the password may be sent to an impostor")),
                 qPrintable(warning->text()));

        // A saved profile keeps its mode (never silently changed) and shows the warning.
        QVERIFY(dialog->selectProfile(QStringLiteral("old-remote")));
        QCOMPARE(mode->currentText(), QStringLiteral("prefer"));
        QVERIFY(!warning->isHidden());
        typeHost("db3.example.com");
        QCOMPARE(mode->currentText(), QStringLiteral("prefer"));
    }

private:
    test::SandboxInfo m_sandbox;
    bool m_keyring = false;
};

QTEST_MAIN(TestConnectDialog)
#include "tst_connectdialog.moc"
