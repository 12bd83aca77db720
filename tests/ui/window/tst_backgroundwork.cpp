// The window's busy indicator and per-request cancel, offscreen against the PostgreSQL sandbox:
// connect → estimates → exact counts → preview, with a table lock held by the test so that the exact
// counts and the preview wait on the server while the test looks, cancels one, and checks which one
// stopped. Then closing the window with work in flight and a backend stopped by SIGSTOP.
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "ui/preview/previewpage.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/window/backgroundwork.h"
#include "ui/window/mainwindow.h"

#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <csignal>

using namespace purga;

namespace {
const QString kLock =
    QStringLiteral("BEGIN; LOCK TABLE identidad.trx_refresh_tokens IN ACCESS EXCLUSIVE MODE");

// True while a session of the app waits for the test's lock on the server.
bool someoneWaitsOnLock(test::TestDatabase &db)
{
    return db.scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                                    " AND datname = current_database() AND pid <> pg_backend_pid()"))
               .toInt() > 0;
}
} // namespace

class TestBackgroundWork : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        PURGA_REQUIRE_SANDBOX(m_sandbox);
    }

    void cancelStopsOnlyTheChosenRequest()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uibusy"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        w.show();
        BackgroundWork *work = w.backgroundWork();
        // The moment the estimates arrive, the test locks the table: the exact counts that follow
        // must wait on the server.
        bool locked = false;
        connect(w.state(), &AppState::overviewChanged, this, [&] {
            if (!locked && !w.state()->overview().exact)
                locked = db.exec(kLock);
        });
        w.coordinator()->connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(locked, 30000);
        QPointer<DbRequest> exact = w.coordinator()->exactCountsRequest();
        QVERIFY(exact);
        QTRY_VERIFY_WITH_TIMEOUT(exact->state() == DbRequest::State::Running, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(someoneWaitsOnLock(db), 10000);
        QVERIFY(work->isShowingBusy());
        QVERIFY2(work->stageText().contains(exact->label()), qPrintable(work->stageText()));

        // The preview queues behind the exact counts; the page's Cancel drops only the preview.
        PreviewPage *preview = w.previewPage();
        preview->takePreview();
        QPointer<DbRequest> first = preview->previewRequest();
        QVERIFY(first);
        QCOMPARE(first->state(), DbRequest::State::Queued);
        QSignalSpy previewChanged(w.state(), &AppState::previewChanged);
        preview->findChild<QPushButton *>(QStringLiteral("cancelPreviewButton"))->click();
        QVERIFY(!first || first->state() == DbRequest::State::Cancelled);
        QVERIFY(!preview->isTakingPreview());
        QTest::qWait(300);
        QCOMPARE(exact->state(), DbRequest::State::Running); // untouched
        QVERIFY(work->isShowingBusy());                      // still busy: the exact counts run
        QCOMPARE(previewChanged.count(), 0);

        // A new preview queues; now cancel the exact counts: they stop, the preview runs.
        preview->takePreview();
        QPointer<DbRequest> second = preview->previewRequest();
        QVERIFY(second);
        exact->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!exact || exact->state() == DbRequest::State::Cancelled, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(second->state() == DbRequest::State::Running, 10000);
        QVERIFY(work->isShowingBusy());
        QVERIFY(!w.state()->overview().exact); // the exact counts never arrived
        QVERIFY(db.exec(QStringLiteral("COMMIT")));
        QTRY_VERIFY_WITH_TIMEOUT(previewChanged.count() == 1, 30000);
        QVERIFY(!w.state()->previewPlan().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 10000);
        QVERIFY(!work->isShowingBusy());
        QVERIFY(work->isHidden());
    }

    void closingWithAStoppedBackendIsBounded()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uibusy"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        auto *w = new MainWindow;
        w->show();
        DbRequest *connectRequest =
            w->coordinator()->connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        int pid = 0;
        connectRequest->onSucceeded<ConnectResult>(this,
                                                   [&pid](const ConnectResult &r) { pid = r.backendPid; });
        QTRY_VERIFY_WITH_TIMEOUT(pid > 0, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!w->session()->isBusy(), 60000);
        // Work in flight (the preview, blocked by the lock) and queued (a second overview).
        QVERIFY(db.exec(kLock));
        w->previewPage()->takePreview();
        w->coordinator()->refreshOverview();
        QTRY_VERIFY_WITH_TIMEOUT(someoneWaitsOnLock(db), 10000);
        ::kill(pid, SIGSTOP);
        QElapsedTimer clock;
        clock.start();
        const bool closed = w->close();
        delete w;
        const qint64 took = clock.elapsed();
        ::kill(pid, SIGCONT);
        QVERIFY(db.exec(QStringLiteral("COMMIT")));
        db.exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid));
        QVERIFY(closed);
        QVERIFY2(took < 3000, qPrintable(QStringLiteral("closing took %1 ms").arg(took)));
    }

private:
    test::SandboxInfo m_sandbox;
};

QTEST_MAIN(TestBackgroundWork)
#include "tst_backgroundwork.moc"
