// The lock holder panel of the Overview and Purge pages against the sandbox: an idle holder of the
// purge lock is shown as possibly leaked, the terminate confirmation names it (pid, application,
// role, client, idle time), Cancel leaves it alone and Yes ends that pid and only it; another
// role's holder says what is hidden and offers nothing; this app's own freeze is re-read the
// moment it is released.
#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"
#include "core/session/metatypes.h"
#include "support/clirunner.h"
#include "support/locksessions.h"
#include "support/pgsandbox.h"
#include "ui/common/lockholderpanel.h"
#include "ui/overview/overviewpage.h"
#include "ui/purge/purgepage.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/widgets/messagebox.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

QString alive(int pid)
{
    return QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = %1").arg(pid);
}

// PURGA_SHOTS=DIR: the pages as they look with a holder present, for a person to look at.
void saveShot(QWidget &page, const QString &name)
{
    const QString dir = qEnvironmentVariable("PURGA_SHOTS");
    if (dir.isEmpty())
        return;
    page.resize(1200, 640);
    QCoreApplication::processEvents();
    page.grab().save(dir + u'/' + name + QStringLiteral(".png"));
}

} // namespace

class TestLockHolderPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        PURGA_REQUIRE_SANDBOX(m_sandbox);
    }
    void leakedHolderIsTerminatedAfterConfirmation();
    void hiddenHolderOfAnotherRole();
    void ownFreezeReleasedIsReadAgainAtOnce();

private:
    SandboxInfo m_sandbox;
};

void TestLockHolderPanel::leakedHolderIsTerminatedAfterConfirmation()
{
    TestDatabase db(m_sandbox, QStringLiteral("uilock"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection holder, bystander;
    QVERIFY(holdLock(db, QStringLiteral("identidad_purga"), QStringLiteral("purga_job"), holder));
    QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("bystander"), bystander));
    const int pid = holder.backendPid();

    DbSession session;
    AppState state(&session);
    SessionCoordinator coordinator(&session, &state);
    OverviewPage overview(&state);
    PurgePage purge(&state);
    overview.show();
    coordinator.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
    QTRY_VERIFY_WITH_TIMEOUT(state.isConnected() && !state.overview().tables.isEmpty(), 60000);
    QMap<QString, QString> overrides = state.profile().ruleOverrides;
    overrides.insert(QStringLiteral("lock/idle_seconds"), QStringLiteral("1")); // a short threshold
    state.setRuleOverrides(overrides);
    QVERIFY(waitFor(
        db,
        QStringLiteral("SELECT clock_timestamp() - state_change > interval '1 s' FROM pg_stat_activity "
                       "WHERE pid = %1 AND state = 'idle'")
            .arg(pid),
        30000));

    LockHolderPanel *panel = overview.lockPanel();
    QVERIFY(panel);
    QTRY_VERIFY_WITH_TIMEOUT((panel->refresh(), panel->holders().possiblyLeaked()), 30000);
    QCOMPARE(panel->holders().holder->pid, pid);
    QVERIFY2(panel->text().contains(QStringLiteral("held by pid %1 (purga_job").arg(pid)),
             qPrintable(panel->text()));
    QVERIFY2(panel->text().contains(QLatin1String("Possibly a leaked lock")), qPrintable(panel->text()));
    QVERIFY(!panel->terminateButton()->isHidden());
    saveShot(overview, QStringLiteral("overview-leaked-holder"));
    // The Purge page shows the same holder before anyone presses Purge.
    QTRY_VERIFY_WITH_TIMEOUT((purge.lockPanel()->refresh(), purge.lockPanel()->holders().held()), 30000);
    QCOMPARE(purge.lockPanel()->holders().holder->pid, pid);
    saveShot(purge, QStringLiteral("purge-leaked-holder"));

    // Cancel: nothing happens. The question names the backend.
    const int shown = MessageBox::shownCount();
    MessageBox::setNextAnswer(QMessageBox::Cancel);
    panel->terminateButton()->click();
    QCOMPARE(MessageBox::shownCount(), shown + 1);
    const QString asked = MessageBox::lastText();
    for (const QString &part :
         {QStringLiteral("pid: %1").arg(pid), QStringLiteral("application: purga_job"),
          QStringLiteral("role: identidad_purga"), QStringLiteral("client: from "),
          QStringLiteral("idle for: "), QStringLiteral("SELECT pg_terminate_backend(%1);").arg(pid)})
        QVERIFY2(asked.contains(part), qPrintable(part + QStringLiteral(" not in: ") + asked));
    QTest::qWait(200); // nothing was queued; give a stray request the chance to show itself
    QCOMPARE(db.scalar(alive(pid)).toInt(), 1);

    // Yes: that pid ends, the bystander of the same role and the app's own session do not.
    QSignalSpy terminated(panel, &LockHolderPanel::terminated);
    QSignalSpy failed(panel, &LockHolderPanel::terminateFailed);
    MessageBox::setNextAnswer(QMessageBox::Yes);
    panel->terminateButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(terminated.count() + failed.count() > 0, 30000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QCOMPARE(terminated.first().first().toInt(), pid);
    QTRY_COMPARE_WITH_TIMEOUT(db.scalar(alive(pid)).toInt(), 0, 30000);
    QCOMPARE(db.scalar(alive(bystander.backendPid())).toInt(), 1);
    QCOMPARE(
        db.scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                 "AND usename = 'identidad_purga' AND application_name <> 'bystander'"))
            .toInt(),
        1); // the app's own session
    QTRY_VERIFY_WITH_TIMEOUT(!panel->holders().held() && panel->text().contains(QLatin1String("free")),
                             30000);
    QVERIFY(panel->terminateButton()->isHidden());
}

void TestLockHolderPanel::hiddenHolderOfAnotherRole()
{
    TestDatabase db(m_sandbox, QStringLiteral("uilockapi"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    PgConnection holder;
    QVERIFY(holdLock(db, QStringLiteral("identidad_api"), QStringLiteral("api"), holder));

    DbSession session;
    AppState state(&session);
    SessionCoordinator coordinator(&session, &state);
    OverviewPage overview(&state);
    overview.show();
    coordinator.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
    QTRY_VERIFY_WITH_TIMEOUT(state.isConnected(), 60000);
    LockHolderPanel *panel = overview.lockPanel();
    QTRY_VERIFY_WITH_TIMEOUT((panel->refresh(), panel->holders().held()), 30000);
    const QString text = panel->text();
    QVERIFY2(text.contains(QStringLiteral("pid %1 (api, user identidad_api, ").arg(holder.backendPid())),
             qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("GRANT pg_read_all_stats TO identidad_purga")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("local")) && !text.contains(QLatin1String("since  UTC")),
             qPrintable(text));
    QVERIFY(panel->terminateButton()->isHidden());
    saveShot(overview, QStringLiteral("overview-hidden-holder"));
}


void TestLockHolderPanel::ownFreezeReleasedIsReadAgainAtOnce()
{
    TestDatabase db(m_sandbox, QStringLiteral("uilock"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    DbSession session;
    AppState state(&session);
    SessionCoordinator coordinator(&session, &state);
    LockHolderPanel panel(&state);
    panel.show();
    const QString password = db.passwordFor(QStringLiteral("identidad_purga"));
    coordinator.connectTo(db.profile(), password);
    QTRY_VERIFY_WITH_TIMEOUT(state.isConnected(), 60000);
    // The connect's own reads (checks, estimates, then exact counts) are over before the freeze:
    // the exact counts arriving late re-read the panel too, and would hide a missing re-read.
    QTRY_VERIFY_WITH_TIMEOUT(state.overview().exact && !session.isBusy(), 60000);
    state.freeze()->freeze(db.profile(), password, 731001);
    QTRY_VERIFY_WITH_TIMEOUT(state.freeze()->isActive(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT((panel.refresh(), panel.holders().held()), 30000);
    QVERIFY2(panel.text().contains(QLatin1String("evidence freeze")), qPrintable(panel.text()));
    QTRY_VERIFY_WITH_TIMEOUT(!session.isBusy(), 30000);

    // The release itself makes the panel read again: nothing else asks it to here (no overview,
    // no preview, no purge), so without that the holder stayed shown until the next of those.
    QSignalSpy updated(&panel, &LockHolderPanel::updated);
    state.freeze()->release();
    QVERIFY(updated.wait(10000));
    QVERIFY2(!panel.holders().held(), qPrintable(panel.text()));
    QVERIFY2(panel.text().contains(LockHolders::tr("Purge lock %1: free.").arg(731001)), qPrintable(panel.text()));
}

QTEST_MAIN(TestLockHolderPanel)
#include "tst_lockholderpanel.moc"
