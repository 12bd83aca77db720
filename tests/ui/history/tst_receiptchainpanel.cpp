// The History page's signed receipts against the real sandbox and a real gnome-keyring, offscreen:
// a finished purge's receipt signed by the GUI's ReceiptSigner (key from the keychain, append on
// the session's worker), the chain shown intact with its head, a run's receipt verified, and a
// deleted receipt named as the break.
#include "core/purge/receipt.h"
#include "core/receipts/receiptchain.h"
#include "support/guitest.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/history/historypage.h"
#include "ui/history/receiptchainpanel.h"
#include "ui/purge/receiptsigner.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <QUuid>

using namespace purga;
using namespace purga::test;

class TestReceiptChainPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void signedRunsShowIntactThenTheBreak();

private:
    SandboxInfo m_sandbox;
};

void TestReceiptChainPanel::initTestCase()
{
    PURGA_REQUIRE_SANDBOX(m_sandbox);
    PURGA_REQUIRE_KEYRING();
}

void TestReceiptChainPanel::signedRunsShowIntactThenTheBreak()
{
    TestDatabase db(m_sandbox, QStringLiteral("rcptgui"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(setupHistory(db));
    DbSession session;
    AppState state(&session);
    SessionCoordinator coordinator(&session, &state);
    coordinator.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
    QVERIFY(QTest::qWaitFor([&] { return state.isConnected(); }, 30000));

    // Three finished runs, each signed as the Purge page signs it.
    ReceiptSigner signer(&state);
    QStringList runIds;
    for (int i = 0; i < 3; ++i) {
        PurgeReceipt receipt;
        receipt.runId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        receipt.status = RunStatus::Ok;
        receipt.message = QStringLiteral("run %1").arg(i + 1);
        runIds << receipt.runId;
        QSignalSpy done(&signer, &ReceiptSigner::finished);
        signer.sign(receipt);
        QVERIFY(done.wait(20000));
        QVERIFY2(done.at(0).at(0).toBool(), qPrintable(done.at(0).at(1).toString()));
        QVERIFY2(done.at(0).at(1).toString().contains(QStringLiteral("Signed receipt %1 chained").arg(i + 1)),
                 qPrintable(done.at(0).at(1).toString()));
    }

    HistoryPage page(&state);
    page.resize(1000, 700);
    ReceiptChainPanel *panel = page.receiptPanel();
    QSignalSpy read(panel, &ReceiptChainPanel::chainRead);
    panel->refresh();
    QVERIFY(read.wait(20000));
    QVERIFY2(panel->stateText().contains(QStringLiteral("Receipt chain intact: 3 receipt(s), head 3")),
             qPrintable(panel->stateText()));

    QSignalSpy verified(panel, &ReceiptChainPanel::runVerified);
    panel->setRun(runIds.at(1));
    panel->verifyRun();
    QVERIFY(verified.wait(20000));
    QCOMPARE(verified.at(0).at(0).toBool(), true);
    QVERIFY2(panel->verdictText().contains(QStringLiteral("Receipt 2 of run %1: signature and form intact")
                                               .arg(runIds.at(1))),
             qPrintable(panel->verdictText()));
    shoot(&page, QStringLiteral("receipts-intact"));

    QVERIFY(db.exec(QStringLiteral("BEGIN; SET LOCAL session_replication_role = replica; "
                                   "DELETE FROM identidad.purga_recibos WHERE numero = 2; COMMIT")));
    read.clear();
    panel->refresh();
    QVERIFY(read.wait(20000));
    QVERIFY2(panel->stateText().contains(QStringLiteral("Receipt chain broken at receipt 2: Receipt 2 is missing")),
             qPrintable(panel->stateText()));
    verified.clear();
    panel->setRun(runIds.at(1));
    panel->verifyRun();
    QVERIFY(verified.wait(20000));
    QCOMPARE(verified.at(0).at(0).toBool(), false);
    QVERIFY2(panel->verdictText().contains(QStringLiteral("has no signed receipt")), qPrintable(panel->verdictText()));
    shoot(&page, QStringLiteral("receipts-broken"));
}

QTEST_MAIN(TestReceiptChainPanel)
#include "tst_receiptchainpanel.moc"
