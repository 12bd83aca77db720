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

private:
    test::SandboxInfo m_sandbox;
    bool m_keyring = false;
};

QTEST_MAIN(TestConnectDialog)
#include "tst_connectdialog.moc"
