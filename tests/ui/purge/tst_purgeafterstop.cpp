// The Purge page after a stop, a cancel or a refusal, against the sandbox: the same preview's next
// run restates and runs what is left of it (never the first counts, never "removed by others" for
// this app's own deletions, the rows after it recorded as the table's count), a stop says
// "Stopped", the lock panel names this purge as the holder while it runs, a session seen holding
// the lock disables Start, a refused run says why once, a production purge of many rows asks for
// the database name, the batch field shows the profile's batch size, the receipt gets room, and a
// VACUUM from the receipt refreshes the Overview.
#include "core/pg/connectionprofile.h"
#include "core/session/metatypes.h"
#include "support/guitest.h"
#include "support/locksessions.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/common/lockholderpanel.h"
#include "ui/common/purgeconfirmdialog.h"
#include "ui/preview/previewpage.h"
#include "ui/purge/livecontrols.h"
#include "ui/purge/purgepage.h"
#include "ui/purge/receiptview.h"
#include "ui/purge/ruleprogresswidget.h"
#include "ui/purge/vacuumoffer.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/widgets/messagebox.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace purga;
using test::shoot;

namespace {

const QString kRefresh = QStringLiteral("refresh_tokens");

// Runs `onDialog` on the confirmation dialog that `page.requestPurge()` opens (then closes it
// unless `onDialog` accepted it).
void withConfirmation(PurgePage &page, const std::function<void(PurgeConfirmDialog *)> &onDialog)
{
    bool seen = false;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &page, [&] {
        auto *dialog = qobject_cast<PurgeConfirmDialog *>(QApplication::activeModalWidget());
        if (!dialog || seen)
            return;
        seen = true;
        onDialog(dialog);
        if (dialog->isVisible())
            dialog->reject();
    });
    poll.start(50);
    page.requestPurge();
    poll.stop();
    QVERIFY2(seen, "no confirmation dialog");
}

// How many visible labels of `root` say `text`.
int labelsSaying(QWidget *root, const QString &text)
{
    int n = 0;
    for (const QLabel *l : root->findChildren<QLabel *>())
        n += l->isVisibleTo(root) && l->text().contains(text) ? 1 : 0;
    return n;
}

} // namespace

class TestPurgeAfterStop : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_tmp.path()));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        registerMetaTypes();
    }

    void stopThenResumeRunsWhatIsLeft_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1024x768") << QSize(1024, 768);
    }

    // The whole window, as a user has it: stop a run, look at the page, confirm the rest, run it,
    // then VACUUM from its receipt.
    void stopThenResumeRunsWhatIsLeft()
    {
        QFETCH(QSize, size);
        PURGA_REQUIRE_SANDBOX(m_sandbox);
        test::TestDatabase db(m_sandbox, QStringLiteral("uistop"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(test::refreshExpiredAndLiveSql(12000, 20)));
        QVERIFY(test::setupHistory(db));
        MainWindow w;
        w.resize(size);
        w.show();
        w.coordinator()->connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(w.previewPage()->takePreviewButton()->isEnabled(), 30000);
        w.previewPage()->takePreview();
        QTRY_VERIFY_WITH_TIMEOUT(!w.state()->previewPlan().isEmpty(), 60000);
        QCOMPARE(w.state()->previewPlan().rule(kRefresh)->eligible, 12000);
        w.showPage(QStringLiteral("purge"));
        PurgePage &page = *w.purgePage();
        const QString tag = QStringLiteral("-%1x%2").arg(size.width()).arg(size.height());

        QSignalSpy finished(&page, &PurgePage::purgeFinished);
        PurgeRequest request;
        request.ruleIds = {kRefresh};
        request.batchSize = 100;
        request.pauseMs = 25;
        QVERIFY(page.startPurge(request));
        // While it runs the lock is this purge's, and the panel says so (it said "free").
        QTRY_VERIFY2_WITH_TIMEOUT(page.lockPanel()->text().contains(QStringLiteral("held by this purge")),
                                  qPrintable(page.lockPanel()->text()), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(page.progressFor(kRefresh)->deleted() > 0, 30000);
        page.stopAfterBatch();
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 30000);

        const PurgeReceipt first = page.lastReceipt();
        QCOMPARE(first.status, RunStatus::Cancelled);
        const qint64 d1 = first.rules.first().deleted;
        QVERIFY(d1 > 0 && d1 < 12000);
        const qint64 left = 12000 - d1;
        // A graceful stop is said as one, on the page and in the receipt.
        QVERIFY2(page.runStatusText().startsWith(RunFormat::statusText(QStringLiteral("stopped"))),
                 qPrintable(page.runStatusText()));
        QVERIFY2(page.receiptView()->statusLabel()->text().startsWith(
                     RunFormat::statusText(QStringLiteral("stopped"))),
                 qPrintable(page.receiptView()->statusLabel()->text()));
        // The page restates what is left of the preview, and Start purge… runs it.
        auto *summary = page.findChild<QLabel *>(QStringLiteral("purgeSummary"));
        QVERIFY2(summary->text().contains(Display::number(left)), qPrintable(summary->text()));
        QVERIFY2(page.runStatusText().contains(Display::number(left)), qPrintable(page.runStatusText()));
        QVERIFY(page.startButton()->isEnabled());
        QTRY_VERIFY(!page.lockPanel()->text().contains(QStringLiteral("held by this purge")));
        shoot(&w, QStringLiteral("purge-after-stop") + tag);

        withConfirmation(page, [&](PurgeConfirmDialog *dialog) {
            const QString rule = dialog->ruleCheck(kRefresh)->text();
            QVERIFY2(rule.contains(Display::number(left)) && !rule.contains(QStringLiteral("12,000")),
                     qPrintable(rule));
            QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("previewLeftNote")));
            const auto *sum = dialog->findChild<QLabel *>(QStringLiteral("confirmSummary"));
            QVERIFY2(sum->text().contains(Display::number(left)), qPrintable(sum->text()));
            shoot(dialog, QStringLiteral("purge-confirm-after-stop") + tag);
            dialog->purgeButton()->click(); // the rule's own batch size and pause
        });
        QVERIFY(page.isRunning());
        const int ruleBatch = w.state()->previewPlan().rule(kRefresh)->config.batchSize;
        QCOMPARE(page.liveControls()->batchSpin()->value(), ruleBatch); // what this run uses
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 2, 60000);

        const PurgeReceipt second = page.lastReceipt();
        QCOMPARE(second.status, RunStatus::Ok);
        const RuleReceipt &rr = second.rules.first();
        QCOMPARE(rr.planned, left);
        QCOMPARE(rr.deleted, left);
        QVERIFY2(!rr.message.contains(QStringLiteral("by others")), qPrintable(rr.message));
        QCOMPARE(page.progressFor(kRefresh)->bar()->value(), 1000);
        QVERIFY(!page.startButton()->isEnabled()); // the same preview is not purged twice
        // The SQL pane shows this run's values, not the stopped run's.
        const QString sql = page.receiptView()->shownSql();
        QVERIFY2(sql.contains(QStringLiteral("%LIMIT% = %1 rows").arg(Display::number(ruleBatch))),
                 qPrintable(sql));
        // The rows recorded after the resumed run are the table's (the 20 live ones).
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens")).toLongLong(),
                 20);
        QCOMPARE(test::metric(db, second.runId, QStringLiteral("identidad_tabla_filas"),
                              QStringLiteral("trx_refresh_tokens"))
                     .toLongLong(),
                 20);
        // The receipt has room below the progress: at least half of the area they share.
        auto *receiptScroll = page.findChild<QScrollArea *>(QStringLiteral("receiptScroll"));
        const QSplitter *split = qobject_cast<QSplitter *>(receiptScroll->parentWidget());
        QVERIFY(split);
        QVERIFY2(
            receiptScroll->height() * 2 >= split->height() - split->handleWidth(),
            qPrintable(
                QStringLiteral("receipt %1 of %2 px").arg(receiptScroll->height()).arg(split->height())));
        shoot(&w, QStringLiteral("purge-receipt") + tag);

        vacuumRefreshesTheOverview(w, db);
    }

    // With another session holding the lock in view, Start is disabled and says who holds it;
    // once it is released (and read again) Start is enabled.
    void lockHeldByAnotherSessionDisablesStart()
    {
        PURGA_REQUIRE_SANDBOX(m_sandbox);
        test::TestDatabase db(m_sandbox, QStringLiteral("uistop"));
        std::unique_ptr<test::PreviewedSession> session;
        PgConnection holder;
        QVERIFY(previewedWithLockHeld(db, session, holder));
        test::PreviewedSession &f = *session;
        const QString pid =
            QString::number(test::valueOn(holder, QStringLiteral("SELECT pg_backend_pid()")).toInt());
        PurgePage page(&f.state);
        page.show();
        QTRY_VERIFY_WITH_TIMEOUT(page.lockPanel()->holders().held(), 30000);
        QVERIFY(!page.startButton()->isEnabled());
        const QString blockers = page.startBlockers().join(u'\n');
        QVERIFY2(blockers.contains(QStringLiteral("pid ") + pid), qPrintable(blockers));
        MessageBox::setNextAnswer(QMessageBox::Ok);
        page.requestPurge(); // refused before any confirmation, naming the holder
        QVERIFY2(MessageBox::lastText().contains(QStringLiteral("pid ") + pid),
                 qPrintable(MessageBox::lastText()));
        QVERIFY(!page.isRunning());

        QString error;
        QVERIFY2(holder.execScript(QStringLiteral("SELECT pg_advisory_unlock_all()"), &error),
                 qPrintable(error));
        page.lockPanel()->recheckButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(page.startButton()->isEnabled(), 30000);
    }

    // The lock taken between the panel's read and the run: the run is refused, and the page says
    // why once (the receipt), not on every rule and the line above them too.
    void refusedRunSaysWhyOnce()
    {
        PURGA_REQUIRE_SANDBOX(m_sandbox);
        test::TestDatabase db(m_sandbox, QStringLiteral("uistop"));
        std::unique_ptr<test::PreviewedSession> session;
        PgConnection holder;
        QVERIFY(previewedWithLockHeld(db, session, holder));
        test::PreviewedSession &f = *session;
        PurgePage page(&f.state);
        page.resize(1060, 640);
        page.show();
        QSignalSpy finished(&page, &PurgePage::purgeFinished);
        PurgeRequest request;
        request.ruleIds = {kRefresh, QStringLiteral("pre_tokens")};
        request.batchSize = 100;
        QVERIFY(page.startPurge(request)); // before the panel's first read arrives
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 60000);
        const PurgeReceipt &receipt = page.lastReceipt();
        QCOMPARE(receipt.status, RunStatus::LockBusy);
        QCOMPARE(labelsSaying(&page, receipt.message), 1);
        QCOMPARE(page.logText().count(receipt.message), 1);
        for (const QString &id : request.ruleIds)
            QVERIFY2(page.progressFor(id)->stateText().startsWith(QStringLiteral("Not started")),
                     qPrintable(page.progressFor(id)->stateText()));
        shoot(&page, QStringLiteral("purge-refused-once"));
    }

    // A production profile: deleting ProductionTypedRows rows or more asks for the database name,
    // and the dialog wears the production colour; fewer rows, or another environment, do not ask.
    void productionPurgeAsksForTheName()
    {
        DbSession session;
        AppState state(&session);
        PurgePage page(&state);
        ConnectionProfile profile;
        profile.name = QStringLiteral("prod");
        profile.database = QStringLiteral("core");
        profile.environment = ProfileEnvironment::Production;
        state.setConnected(profile, QString());
        state.setPreflight(test::preflight(true));
        PreviewPlan plan = test::planWithPartitions();
        plan.rules[0].eligible = 400026;
        plan.rules[2].partitions.clear(); // rows only: no partition asks for the name
        plan.rules[2].eligible = 0;
        state.setPreviewPlan(plan);
        QVERIFY(page.startButton()->isEnabled());
        withConfirmation(page, [](PurgeConfirmDialog *dialog) {
            QVERIFY(dialog->confirmEdit()->isVisible());
            QVERIFY(!dialog->purgeButton()->isEnabled());
            const auto *banner = dialog->findChild<QLabel *>(QStringLiteral("productionBanner"));
            QVERIFY(banner && banner->isVisible());
            QCOMPARE(labelsSaying(dialog, QStringLiteral("production database and 400,026 rows")), 1);
            dialog->resize(dialog->sizeHint());
            shoot(dialog, QStringLiteral("purge-confirm-production"));
            QTest::keyClicks(dialog->confirmEdit(), QStringLiteral("core"));
            QVERIFY(dialog->purgeButton()->isEnabled());
        });

        plan.rules[0].eligible = 9999; // under the 10,000 that ask for the name
        state.setPreviewPlan(plan);
        withConfirmation(page, [](PurgeConfirmDialog *dialog) {
            QVERIFY(!dialog->confirmEdit()->isVisible());
            QVERIFY(dialog->purgeButton()->isEnabled());
        });
        profile.environment = ProfileEnvironment::Staging;
        state.setConnected(profile, QString());
        state.setPreflight(test::preflight(true));
        plan.rules[0].eligible = 400026;
        state.setPreviewPlan(plan);
        withConfirmation(page, [](PurgeConfirmDialog *dialog) {
            QVERIFY(!dialog->confirmEdit()->isVisible());
            const auto *banner = dialog->findChild<QLabel *>(QStringLiteral("productionBanner"));
            QVERIFY(!banner || !banner->isVisible());
        });
    }

    // Before any run the batch field shows the batch size the next run starts with: the profile's.
    void batchFieldShowsTheProfilesBatchSize()
    {
        DbSession session;
        AppState state(&session);
        PurgePage page(&state);
        ConnectionProfile profile;
        profile.ruleOverrides.insert(kRefresh + QStringLiteral("/batch_size"), QStringLiteral("1000"));
        state.setConnected(profile, QString());
        QCOMPARE(page.liveControls()->batchSpin()->value(), 1000);
        QMap<QString, QString> overrides = profile.ruleOverrides;
        overrides.insert(kRefresh + QStringLiteral("/batch_size"), QStringLiteral("750"));
        state.setRuleOverrides(overrides);
        QCOMPARE(page.liveControls()->batchSpin()->value(), 750);
    }

private:
    // 300 removable rows, a preview of them, and the purge lock held by another session (`holder`).
    static bool previewedWithLockHeld(test::TestDatabase &db,
                                      std::unique_ptr<test::PreviewedSession> &session, PgConnection &holder)
    {
        if (!db.isValid() || !db.exec(test::refreshExpiredAndLiveSql(300, 20)))
            return false;
        session = std::make_unique<test::PreviewedSession>(db);
        return session->ready() &&
               test::holdLock(db, QStringLiteral("identidad_purga"), QStringLiteral("scheduled-job"), holder);
    }

    // VACUUM from the receipt: the Overview reads the tables again (their last vacuum, dead rows).
    static void vacuumRefreshesTheOverview(MainWindow &w, test::TestDatabase &)
    {
        VacuumOffer *offer = w.purgePage()->vacuumOffer();
        QVERIFY(offer->vacuumButton()->isVisible());
        const auto lastVacuum = [&w] {
            for (const TableOverview &t : w.state()->overview().tables)
                if (t.ruleId == kRefresh)
                    return t.lastVacuum;
            return QString();
        };
        // The overview the end of the purge asked for, read whole (estimates, then exact counts).
        QTRY_VERIFY_WITH_TIMEOUT(w.state()->overview().exact, 60000);
        QTest::qWait(500);
        QVERIFY(lastVacuum().isEmpty());
        QSignalSpy refreshed(w.state(), &AppState::overviewChanged);
        QSignalSpy done(offer, &VacuumOffer::vacuumFinished);
        offer->vacuumButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QVERIFY(done.first().at(0).toBool());
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.count() > 0, 30000);
        QTRY_VERIFY2_WITH_TIMEOUT(!lastVacuum().isEmpty(), "the Overview did not read the VACUUM", 30000);
    }

    QTemporaryDir m_tmp;
    test::SandboxInfo m_sandbox;
};

QTEST_MAIN(TestPurgeAfterStop)
#include "tst_purgeafterstop.moc"
