// ConnectDialog against the PostgreSQL sandbox and the real Secret Service (gnome-keyring): a typed
// password reaches the keychain only after the server accepted it.
#include "core/pg/pgconnection.h"
#include "core/profiles/profileenvironment.h"
#include "core/profiles/profilestore.h"
#include "core/security/passwordstore.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "ui/connect/connectdialog.h"
#include "ui/state/appstate.h"
#include "ui/widgets/messagebox.h"
#include "ui/window/mainwindow.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QKeySequence>
#include <QLineEdit>
#include <QMap>
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

    // A new profile gets verify-full unless its host is loopback, following the host
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

    // Duplicate: "NAME (copy)", settings and environment copied; the password only when the user
    // says yes (asked only because one is stored).
    // The profile's "session pooler" assertion is shown and edited in the form (off by default).
    void sessionPoolerAssertionIsAProfileSetting()
    {
        test::TempSettings settings;
        ConnectionProfile p;
        p.name = QStringLiteral("pooled");
        p.host = QStringLiteral("pgbouncer.internal");
        p.sslMode = QStringLiteral("require");
        p.assumeSessionPooler = true;
        QVERIFY(ProfileStore().save(p));
        MainWindow w;
        ConnectDialog *dialog = w.connectDialog();
        QVERIFY(dialog->selectProfile(p.name));
        auto *box = dialog->findChild<QCheckBox *>(QStringLiteral("assumeSessionPooler"));
        QVERIFY(box);
        QVERIFY(box->isChecked());
        QVERIFY(dialog->currentProfile().assumeSessionPooler);
        box->setChecked(false);
        QVERIFY(!dialog->currentProfile().assumeSessionPooler);
    }

    void duplicateWithAndWithoutPassword()
    {
        PURGA_REQUIRE_KEYRING();
        test::TempSettings settings;
        ConnectionProfile p;
        p.name = QStringLiteral("dup-src");
        p.host = QStringLiteral("db.internal");
        p.sslMode = QStringLiteral("require");
        p.environment = ProfileEnvironment::Staging;
        QVERIFY(ProfileStore().save(p));
        PasswordStore passwords;
        QVERIFY(passwords.writeSync(p.name, QStringLiteral("dup-secret")).ok);
        const QString copy1 = QStringLiteral("dup-src (copy)");
        const QString copy2 = QStringLiteral("dup-src (copy 2)");
        passwords.removeSync(copy1);
        passwords.removeSync(copy2);

        MainWindow w;
        ConnectDialog *dialog = w.connectDialog();
        QVERIFY(dialog->selectProfile(p.name));
        auto *duplicate = dialog->findChild<QPushButton *>(QStringLiteral("duplicateProfileButton"));
        QVERIFY(duplicate && duplicate->isEnabled());

        const int asked = MessageBox::shownCount();
        MessageBox::setNextAnswer(QMessageBox::No);
        duplicate->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isManaging(), 20000);
        QCOMPARE(MessageBox::shownCount(), asked + 1);
        QVERIFY2(MessageBox::lastText().contains(copy1), qPrintable(MessageBox::lastText()));
        QVERIFY2(dialog->infoText().contains(QStringLiteral("without its password")),
                 qPrintable(dialog->infoText() + dialog->errorText()));
        std::optional<ConnectionProfile> c1 = ProfileStore().load(copy1);
        QVERIFY(c1);
        QCOMPARE(c1->host, p.host);
        QCOMPARE(c1->sslMode, p.sslMode);
        QCOMPARE(c1->environment, ProfileEnvironment::Staging);
        QCOMPARE(dialog->currentProfile().name, copy1); // the copy is selected
        QVERIFY(passwords.readSync(copy1).notFound);

        QVERIFY(dialog->selectProfile(p.name));
        MessageBox::setNextAnswer(QMessageBox::Yes);
        duplicate->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isManaging(), 20000);
        QVERIFY2(dialog->errorText().isEmpty(), qPrintable(dialog->errorText()));
        QVERIFY(ProfileStore().contains(copy2));
        const PasswordResult copied = passwords.readSync(copy2);
        QVERIFY2(copied.ok, qPrintable(copied.message));
        QCOMPARE(copied.password, QStringLiteral("dup-secret"));
        QCOMPARE(passwords.readSync(p.name).password, QStringLiteral("dup-secret")); // the original keeps it

        // Without a stored password nothing is asked.
        const int before = MessageBox::shownCount();
        QVERIFY(dialog->selectProfile(copy1));
        duplicate->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isManaging(), 20000);
        QCOMPARE(MessageBox::shownCount(), before);
        QVERIFY(ProfileStore().contains(QStringLiteral("dup-src (copy) (copy)")));
        for (const QString &n : {p.name, copy1, copy2})
            passwords.removeSync(n);
    }

    // Rename: the keychain entry moves (old key gone, new key readable); an existing name is refused.
    void renameMovesTheKeychainEntry()
    {
        PURGA_REQUIRE_KEYRING();
        test::TempSettings settings;
        ConnectionProfile a;
        a.name = QStringLiteral("ren-a");
        a.environment = ProfileEnvironment::Development;
        ConnectionProfile b;
        b.name = QStringLiteral("ren-b");
        QVERIFY(ProfileStore().save(a));
        QVERIFY(ProfileStore().save(b));
        PasswordStore passwords;
        QVERIFY(passwords.writeSync(a.name, QStringLiteral("pw-a")).ok);
        QVERIFY(passwords.writeSync(b.name, QStringLiteral("pw-b")).ok);
        passwords.removeSync(QStringLiteral("ren-c"));

        MainWindow w;
        ConnectDialog *dialog = w.connectDialog();
        QVERIFY(dialog->selectProfile(a.name));
        dialog->renameSelected(b.name); // exists: refused, nothing moves
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isManaging(), 20000);
        QVERIFY2(dialog->errorText().contains(QStringLiteral("exists already")),
                 qPrintable(dialog->errorText()));
        QVERIFY(ProfileStore().contains(a.name));
        QCOMPARE(passwords.readSync(a.name).password, QStringLiteral("pw-a"));
        QCOMPARE(passwords.readSync(b.name).password, QStringLiteral("pw-b"));

        QVERIFY(dialog->selectProfile(a.name));
        dialog->renameSelected(QStringLiteral("ren-c"));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isManaging(), 20000);
        QVERIFY2(dialog->errorText().isEmpty(), qPrintable(dialog->errorText()));
        QVERIFY2(dialog->infoText().contains(QStringLiteral("moved")), qPrintable(dialog->infoText()));
        QVERIFY(!ProfileStore().contains(a.name));
        QCOMPARE(ProfileStore().load(QStringLiteral("ren-c"))->environment, ProfileEnvironment::Development);
        QVERIFY(passwords.readSync(a.name).notFound);
        QCOMPARE(passwords.readSync(QStringLiteral("ren-c")).password, QStringLiteral("pw-a"));
        QCOMPARE(dialog->currentProfile().name, QStringLiteral("ren-c"));

        // Delete forgets the keychain entry and says so; a profile without one says that too.
        auto *del = dialog->findChild<QPushButton *>(QStringLiteral("deleteProfileButton"));
        QVERIFY(del && del->isEnabled());
        MessageBox::setNextAnswer(QMessageBox::Yes);
        del->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isManaging(), 20000);
        QVERIFY2(dialog->infoText().contains(QStringLiteral("its password was removed")),
                 qPrintable(dialog->infoText() + dialog->errorText()));
        QVERIFY(passwords.readSync(QStringLiteral("ren-c")).notFound);
        QVERIFY(!ProfileStore().contains(QStringLiteral("ren-c")));
        QVERIFY(passwords.removeSync(b.name).ok);
        QVERIFY(dialog->selectProfile(b.name));
        MessageBox::setNextAnswer(QMessageBox::Yes);
        del->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isManaging(), 20000);
        QVERIFY2(dialog->infoText().contains(QStringLiteral("held no password")),
                 qPrintable(dialog->infoText()));
    }

    // Test connection: what answered, or the specific reason; nothing saved, nothing connected.
    void testConnectionSaysWhatAnswered()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uidlg"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        ConnectDialog *dialog = w.connectDialog();
        ConnectionProfile p = db.profile();
        p.name = QStringLiteral("never-saved");
        dialog->setProfile(p);
        dialog->setPassword(db.passwordFor(QStringLiteral("identidad_purga")));
        auto *test = dialog->findChild<QPushButton *>(QStringLiteral("testConnectionButton"));
        QVERIFY(test);
        test->click();
        QVERIFY(dialog->isTesting());
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isTesting(), 30000);
        const QString info = dialog->infoText();
        QVERIFY2(info.contains(QStringLiteral("Connected: PostgreSQL ")),
                 qPrintable(info + dialog->errorText()));
        QVERIFY2(info.contains(p.user), qPrintable(info));
        QVERIFY2(info.contains(QStringLiteral("TLS")), qPrintable(info));
        QVERIFY(dialog->errorText().isEmpty());
        QVERIFY(!w.state()->isConnected());
        QVERIFY(ProfileStore().names().isEmpty());

        dialog->setPassword(QStringLiteral("not-the-password"));
        test->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isTesting(), 30000);
        QVERIFY(dialog->infoText().isEmpty());
        QVERIFY2(dialog->errorText().contains(
                     PgConnection::tr("Wrong password or unknown role for %1.").arg(p.displayTarget())),
                 qPrintable(dialog->errorText()));
        QVERIFY(!w.state()->isConnected());
        QVERIFY(ProfileStore().names().isEmpty());
    }

    // A new profile's environment follows its name and database, as the CLI's profile-save guesses
    // it (one function), until the user picks one.
    void newProfileNamedProdIsProduction()
    {
        test::TempSettings settings;
        MainWindow w;
        ConnectDialog *dialog = w.connectDialog();
        w.openConnectDialog();
        auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("profileName"));
        auto *environment = dialog->findChild<QComboBox *>(QStringLiteral("environment"));
        QVERIFY(name && environment);
        QCOMPARE(dialog->currentProfile().environment, ProfileEnvironment::None);
        QTest::keyClicks(name, QStringLiteral("identidad-prod"));
        QCOMPARE(environment->currentData().toInt(), int(ProfileEnvironment::Production));
        QCOMPARE(dialog->currentProfile().environment, ProfileEnvironment::Production);
        name->clear();
        QTest::keyClicks(name, QStringLiteral("identidad-dev"));
        QCOMPARE(dialog->currentProfile().environment, ProfileEnvironment::None);

        // Picked by the user: it stays whatever the name becomes.
        environment->setCurrentIndex(environment->findData(int(ProfileEnvironment::Staging)));
        emit environment->activated(environment->currentIndex());
        QTest::keyClicks(name, QStringLiteral("-prod"));
        QCOMPARE(dialog->currentProfile().environment, ProfileEnvironment::Staging);
    }

    // Every Alt+letter of the dialog (its buttons, check boxes and the labels of its fields) reaches
    // one control only.
    void mnemonicsAreUnique()
    {
        test::TempSettings settings;
        MainWindow w;
        ConnectDialog *dialog = w.connectDialog();
        QMap<QString, QStringList> byKey;
        for (QAbstractButton *b : dialog->findChildren<QAbstractButton *>())
            byKey[QKeySequence::mnemonic(b->text()).toString()] << b->text();
        for (QLabel *l : dialog->findChildren<QLabel *>())
            if (l->buddy())
                byKey[QKeySequence::mnemonic(l->text()).toString()] << l->text();
        byKey.remove(QString());
        QStringList clashes;
        for (auto it = byKey.cbegin(); it != byKey.cend(); ++it)
            if (it.value().size() > 1)
                clashes << it.key() + QStringLiteral(": ") + it.value().join(QStringLiteral(" / "));
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
        QVERIFY(byKey.size() >= 15);
    }

    // After a failed connect the status bar says "Not connected", not "Connecting…".
    void failedConnectLeavesNoConnectingStatus()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uidlg"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        w.show();
        ConnectDialog *dialog = w.connectDialog();
        w.openConnectDialog();
        dialog->setProfile(db.profile());
        dialog->rememberBox()->setChecked(false);
        dialog->setPassword(QStringLiteral("not-the-password"));
        dialog->connectButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isConnecting(), 30000);
        QVERIFY(!dialog->errorText().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 10000);
        QTest::qWait(200); // the handle of the failed request is gone by now
        QVERIFY2(!w.statusText().contains(MainWindow::tr("Connecting…")), qPrintable(w.statusText()));
        QVERIFY2(w.statusText().contains(MainWindow::tr("Not connected")), qPrintable(w.statusText()));
    }

private:
    test::SandboxInfo m_sandbox;
    bool m_keyring = false;
};

QTEST_MAIN(TestConnectDialog)
#include "tst_connectdialog.moc"
