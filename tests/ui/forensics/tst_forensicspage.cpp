// The Forensics page offscreen against the PostgreSQL sandbox: a raw-token look-up with its chain,
// the timeline with filter and CSV, the evidence freeze with its banner, a lost freeze, and closing
// the window while frozen.
#include "core/forensics/forensics.h"
#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"
#include "core/session/metatypes.h"
#include "support/clirunner.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/forensics/forensicspage.h"
#include "ui/forensics/timelineview.h"
#include "ui/forensics/tokenlookupview.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/widgets/messagebox.h"
#include "ui/window/freezebanner.h"
#include "ui/window/mainwindow.h"

#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace purga;

namespace {
const QString kHeld =
    QStringLiteral("SELECT count(*) > 0 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE "
                   "l.locktype = 'advisory'"
                   " AND l.objid = 731001 AND a.application_name = 'purga-sesiones (evidence freeze)'"
                   " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())");
}

class TestForensicsPage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        registerMetaTypes();
        PURGA_REQUIRE_SANDBOX(m_sandbox);
    }

    void lookupShowsTheChainAndForgetsTheRawToken()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(
            db.exec(QStringLiteral(
                        "INSERT INTO identidad.trx_refresh_tokens (id, empresa_id, usuario_id, familia_id, "
                        "token_hash, creado_en,"
                        " expiracion, revocado, revocado_en, reemplazado_por) OVERRIDING SYSTEM VALUE VALUES"
                        " (11, 7, 70, 'cccccccc-0000-0000-0000-000000000001', '%1', now() - interval '2 "
                        "days', now() + interval '12 days', true, now() - interval '1 day', 12),"
                        " (12, 7, 70, 'cccccccc-0000-0000-0000-000000000001', '%2', now() - interval '1 "
                        "day', now() + interval '13 days', false, NULL, NULL)")
                        .arg(Forensics::hashRawToken("first-raw"), Forensics::hashRawToken("second-raw"))));
        MainWindow w;
        w.show();
        QVERIFY(connectWindow(w, db));
        TokenLookupView *lookup = w.forensicsPage()->lookup();
        lookup->setInputKind(TokenLookupView::InputKind::RawToken);
        lookup->setInput(QStringLiteral("first-raw"));
        QSignalSpy done(lookup, &TokenLookupView::lookupFinished);
        lookup->lookUp();
        QCOMPARE(lookup->inputText(), QString()); // the field clears itself at once
        QVERIFY(done.wait(20000));
        QVERIFY(done.first().at(0).toBool());
        QCOMPARE(lookup->matches().size(), 1);
        QVERIFY2(
            lookup->summaryText().contains(
                TokenLookupView::tr("Kept by rule %1").arg(Rules::title(QStringLiteral("refresh_tokens")))),
            qPrintable(lookup->summaryText()));
        QTableWidget *chain = lookup->chainTable();
        QVERIFY(!chain->isHidden());
        QCOMPARE(chain->rowCount(), 2);
        QCOMPARE(chain->item(0, 0)->text(), QStringLiteral("11"));
        QVERIFY(chain->item(0, 0)->font().bold()); // the looked-up one
        QVERIFY(!chain->item(1, 0)->font().bold());
        const QString full = Forensics::hashRawToken("first-raw");
        QCOMPARE(chain->item(0, 1)->text(), Forensics::maskHash(full));
        QVERIFY(!lookup->summaryText().contains(full));
        lookup->setRevealHashes(true);
        QCOMPARE(chain->item(0, 1)->text(), full);
        QVERIFY(!lookup->summaryText().contains(QLatin1String("first-raw")));

        // A malformed hash is said plainly and sends nothing.
        lookup->setInputKind(TokenLookupView::InputKind::Hash);
        lookup->setInput(QStringLiteral("not-a-hash"));
        lookup->lookUp();
        QVERIFY(!lookup->isLookingUp());
        QVERIFY(lookup->summaryText().contains(QLatin1String("64")));
    }

    void timelineFiltersAndExports()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(
            QStringLiteral(
                "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ip, ocurrido_en) VALUES"
                " (8, 80, 'login', '10.8.0.1', now() + interval '4 years'),"
                " (8, 80, 'replay_detectado', '10.8.0.2', now() + interval '4 years 1 day');"
                "INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, expiracion) "
                "VALUES (8, 80, '%1', now())")
                .arg(Forensics::hashRawToken("pt"))));
        MainWindow w;
        w.show();
        QVERIFY(connectWindow(w, db));
        TimelineView *timeline = w.forensicsPage()->timeline();
        timeline->setUser(8, 80);
        QSignalSpy loaded(timeline, &TimelineView::loaded);
        timeline->load();
        QVERIFY(loaded.wait(20000));
        QCOMPARE(timeline->events().size(), 3);
        QCOMPARE(timeline->table()->rowCount(), 3);
        QVERIFY(timeline->table()->item(0, 2)->text().contains(QLatin1String("replay_detectado")));
        QVERIFY(timeline->table()->item(0, 2)->font().bold());
        QVERIFY(timeline->adviceText().contains(QLatin1String("CREATE INDEX CONCURRENTLY")));
        timeline->setKindFilter(QStringLiteral("alert"));
        QCOMPARE(timeline->table()->rowCount(), 1);
        QTemporaryDir dir;
        QString error;
        QVERIFY(timeline->exportCsv(dir.filePath(QStringLiteral("t.csv")), &error));
        QFile f(dir.filePath(QStringLiteral("t.csv")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count('\n'), 2); // header + the one alert shown
    }

    void freezeHoldsTheLockWithABanner()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(test::setupHistory(db));
        auto *w = new MainWindow;
        w->show();
        QVERIFY(connectWindow(*w, db));
        FreezeController *freeze = w->state()->freeze();
        freeze->setCheckIntervalMs(200);
        ForensicsPage *page = w->forensicsPage();
        QVERIFY(w->freezeBanner()->isHidden());
        page->freezeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(freeze->isActive(), 20000);
        QVERIFY(db.scalar(kHeld).toBool());
        QVERIFY(!w->freezeBanner()->isHidden());
        QVERIFY(w->freezeBanner()->plainText().contains(QStringLiteral("identidad_purga")));
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT count(*) FROM identidad.purga_corridas WHERE estado = 'congelado'"))
                     .toInt(),
                 1);

        // Release from the banner: the lock goes, the history row gets its end.
        w->freezeBanner()->releaseButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(freeze->state() == FreezeController::State::Off, 10000);
        QVERIFY(!db.scalar(kHeld).toBool());
        QVERIFY(w->freezeBanner()->isHidden());
        QCOMPARE(db.scalar(QStringLiteral(
                               "SELECT count(*) FROM identidad.purga_corridas WHERE estado = 'congelado'"
                               " AND terminada_en IS NOT NULL"))
                     .toInt(),
                 1);

        // A lost connection is detected and shown; the freeze is gone with it.
        page->freezeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(freeze->isActive(), 20000);
        QSignalSpy lost(freeze, &FreezeController::lost);
        QVERIFY(db.exec(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                       " WHERE application_name = 'purga-sesiones (evidence freeze)'")));
        QVERIFY(lost.wait(10000));
        QVERIFY(!freeze->isActive());
        QVERIFY(!w->freezeBanner()->isHidden());
        QVERIFY(w->freezeBanner()->plainText().contains(FreezeController::tr("no longer held")));

        // Closing while frozen asks first; "No" keeps the window and the freeze.
        page->freezeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(freeze->isActive(), 20000);
        MessageBox::setNextAnswer(QMessageBox::No);
        QVERIFY(!w->close());
        QVERIFY(freeze->isActive());
        QVERIFY(MessageBox::lastText().contains(QLatin1String("releases the freeze")));
        MessageBox::setNextAnswer(QMessageBox::Yes);
        QVERIFY(w->close());
        delete w;
        QVERIFY(test::waitFor(db, QStringLiteral("SELECT NOT (") + kHeld + u')', 10000));
    }

private:
    static bool connectWindow(MainWindow &w, test::TestDatabase &db)
    {
        w.coordinator()->connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        return QTest::qWaitFor(
            [&] { return w.state()->isConnected() && !w.state()->preflight().items.isEmpty(); }, 30000);
    }

    test::SandboxInfo m_sandbox;
};

QTEST_MAIN(TestForensicsPage)
#include "tst_forensicspage.moc"
