// The Forensics page offscreen against the PostgreSQL sandbox: a raw-token look-up with its chain,
// the timeline with filter and CSV, room for both at 1280x800, the drill-down between them, the
// evidence freeze with its banner, a lost freeze (offered again, its history row ended), closing
// the window while frozen, and the accessible names of fields and combo boxes.
#include "core/forensics/forensics.h"
#include "core/locks/evidencefreeze.h"
#include "core/session/dbsession.h"
#include "core/session/freezecontroller.h"
#include "core/session/metatypes.h"
#include "support/clirunner.h"
#include "support/guitest.h"
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

#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace purga;

namespace {
const int kHashColumn = 6; // of the chain: Id, Replaced by, Note, Created, Expires, Revoked, Hash
const int kNoteColumn = 2;
const QString kHeld =
    QStringLiteral("SELECT count(*) > 0 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE "
                   "l.locktype = 'advisory'"
                   " AND l.objid = 731001 AND a.application_name = 'purga-sesiones (evidence freeze)'"
                   " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())");
} // namespace

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
        QCOMPARE(chain->item(0, kHashColumn)->text(), Forensics::maskHash(full));
        QVERIFY(!lookup->summaryText().contains(full));
        lookup->setRevealHashes(true);
        QCOMPARE(chain->item(0, kHashColumn)->text(), full);
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
        const QString csv = QString::fromUtf8(f.readAll());
        QStringList rows = csv.split(u'\n', Qt::SkipEmptyParts);
        const QStringList header = rows.filter(QRegularExpression(QStringLiteral("^# ")));
        QVERIFY2(header.contains(QStringLiteral("# exported_by_os_user: ") + EvidenceFreeze::osUserName()),
                 qPrintable(csv));
        QVERIFY(header.contains(QStringLiteral("# exported_by_db_role: identidad_purga")));
        QVERIFY(header.contains(QStringLiteral("# database: ") + db.profile().displayTarget()));
        QCOMPARE(rows.size() - header.size(), 2); // the columns + the one alert shown
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
        // It is offered again, and its history row ends now (not at the next connect), naming
        // the OS user who froze.
        QCOMPARE(page->freezeButton()->text(), ForensicsPage::tr("&Freeze again"));
        QVERIFY(page->freezeButton()->isEnabled());
        const QString lostRow =
            QStringLiteral("SELECT count(*) FROM identidad.purga_corridas WHERE estado = 'interrumpido'"
                           " AND terminada_en IS NOT NULL AND usuario_so = '%1'")
                .arg(EvidenceFreeze::osUserName());
        QTRY_COMPARE_WITH_TIMEOUT(db.scalar(lostRow).toInt(), 1, 10000);

        // Closing while frozen asks first; "No" keeps the window and the freeze.
        page->freezeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(freeze->isActive(), 20000);
        QCOMPARE(page->freezeButton()->text(), ForensicsPage::tr("&Release the freeze"));
        MessageBox::setNextAnswer(QMessageBox::No);
        QVERIFY(!w->close());
        QVERIFY(freeze->isActive());
        QVERIFY(MessageBox::lastText().contains(QLatin1String("releases the freeze")));
        MessageBox::setNextAnswer(QMessageBox::Yes);
        QVERIFY(w->close());
        delete w;
        QVERIFY(test::waitFor(db, QStringLiteral("SELECT NOT (") + kHeld + u')', 10000));
    }

    // At 1280x800 the chain and the timeline each show at least five rows, and the chain's Note
    // column lies whole inside its table.
    void panesHaveRoomAndTheNoteIsVisible()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        QVERIFY(openOnFamily(w, db));
        ForensicsPage *page = w.forensicsPage();
        TokenLookupView *lookup = page->lookup();
        QSignalSpy done(lookup, &TokenLookupView::lookupFinished);
        lookup->setInputKind(TokenLookupView::InputKind::RawToken);
        lookup->setInput(QStringLiteral("raw-23"));
        lookup->lookUp();
        QVERIFY(done.wait(20000));
        QTableWidget *chain = lookup->chainTable();
        QCOMPARE(chain->rowCount(), 6);
        QVERIFY2(chain->viewport()->height() >= 5 * chain->rowHeight(0),
                 qPrintable(QStringLiteral("%1 px for rows of %2")
                                .arg(chain->viewport()->height())
                                .arg(chain->rowHeight(0))));
        QCOMPARE(chain->horizontalHeaderItem(kNoteColumn)->text(), TokenLookupView::tr("Note"));
        QVERIFY(chain->item(2, kNoteColumn)->text().contains(TokenLookupView::tr("▶ the looked-up token")));
        const int noteEnd = chain->columnViewportPosition(kNoteColumn) + chain->columnWidth(kNoteColumn);
        QVERIFY2(
            noteEnd <= chain->viewport()->width(),
            qPrintable(QStringLiteral("Note ends at %1 of %2").arg(noteEnd).arg(chain->viewport()->width())));
        for (int r = 0; r < chain->rowCount(); ++r) {
            const QTableWidgetItem *note = chain->item(r, kNoteColumn);
            QVERIFY2(QFontMetrics(note->font()).horizontalAdvance(note->text()) <=
                         chain->columnWidth(kNoteColumn),
                     qPrintable(note->text()));
        }
        test::shoot(&w, QStringLiteral("forensics-chain-1280x800"));

        TimelineView *timeline = page->timeline();
        QSignalSpy loaded(timeline, &TimelineView::loaded);
        lookup->showTimelineButton()->click();
        QVERIFY(loaded.wait(20000));
        QCOMPARE(page->tabs()->currentWidget(), timeline);
        QTableWidget *events = timeline->table();
        QVERIFY(events->rowCount() >= 5);
        QVERIFY2(events->viewport()->height() >= 5 * events->rowHeight(0),
                 qPrintable(QStringLiteral("%1 px for rows of %2")
                                .arg(events->viewport()->height())
                                .arg(events->rowHeight(0))));
        test::shoot(&w, QStringLiteral("forensics-timeline-1280x800"));
    }

    // Look-up -> its owner's timeline -> a token's row looked up again; Enter in the user field
    // runs the timeline.
    void drillDownBothWays()
    {
        test::TempSettings settings;
        test::TestDatabase db(m_sandbox, QStringLiteral("uifx"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        MainWindow w;
        QVERIFY(openOnFamily(w, db));
        TimelineView *timeline = w.forensicsPage()->timeline();
        ForensicsPage *page = w.forensicsPage();
        page->tabs()->setCurrentWidget(timeline);
        QSignalSpy loaded(timeline, &TimelineView::loaded);
        timeline->setUser(9, 90);
        timeline->userField()->setFocus();
        QTest::keyClick(timeline->userField(), Qt::Key_Return);
        QVERIFY(loaded.wait(20000));
        QVERIFY(loaded.first().at(0).toBool());
        QTableWidget *events = timeline->table();
        int row = -1;
        for (int r = 0; r < events->rowCount() && row < 0; ++r)
            if (events->item(r, 1)->text() == QLatin1String("refresh_token") &&
                events->item(r, 3)->text() == QLatin1String("24"))
                row = r;
        QVERIFY(row >= 0);
        TokenLookupView *lookup = page->lookup();
        QSignalSpy done(lookup, &TokenLookupView::lookupFinished);
        events->scrollToItem(events->item(row, 2));
        const QRect cell = events->visualItemRect(events->item(row, 2));
        doubleClick(events, cell.center());
        QVERIFY(done.wait(20000));
        QCOMPARE(page->tabs()->currentWidget(), lookup);
        QCOMPARE(lookup->matches().size(), 1);
        QCOMPARE(lookup->matches().first().id, 24);
        QCOMPARE(lookup->matches().first().tokenHash, Forensics::hashRawToken("raw-24"));

        // A session-log row names no token: it says so and looks nothing up.
        page->tabs()->setCurrentWidget(timeline);
        int logRow = -1;
        for (int r = 0; r < events->rowCount() && logRow < 0; ++r)
            if (events->item(r, 1)->text() == QLatin1String("log"))
                logRow = r;
        QVERIFY(logRow >= 0);
        events->scrollToItem(events->item(logRow, 2));
        doubleClick(events, events->visualItemRect(events->item(logRow, 2)).center());
        QCOMPARE(page->tabs()->currentWidget(), timeline);
        QVERIFY(!lookup->isLookingUp());
        QVERIFY(timeline->statusText().contains(TimelineView::tr("only a token's row can be looked up")));
    }

    // Fields have labels and accessible names; no combo box of the window is named by its value.
    void fieldsAndCombosHaveAccessibleNames()
    {
        test::TempSettings settings;
        MainWindow w;
        w.show();
        ForensicsPage *page = w.forensicsPage();
        for (const QString &name : {QStringLiteral("tokenInput")}) {
            auto *edit = page->findChild<QLineEdit *>(name);
            QVERIFY(edit);
            QVERIFY(!edit->accessibleName().isEmpty());
        }
        const QList<QLineEdit *> edits = page->timeline()->findChildren<QLineEdit *>();
        for (QLineEdit *edit : edits) {
            if (qobject_cast<QComboBox *>(edit->parentWidget()) ||
                edit->parentWidget()->inherits("QAbstractSpinBox"))
                continue; // a combo box's or a date editor's own line edit
            QVERIFY2(!edit->accessibleName().isEmpty(), qPrintable(edit->placeholderText()));
        }
        bool userBuddy = false;
        for (QLabel *label : page->findChildren<QLabel *>())
            userBuddy = userBuddy || label->buddy() == page->timeline()->userField();
        QVERIFY(userBuddy);
        QList<QComboBox *> combos = w.findChildren<QComboBox *>();
        QVERIFY(combos.size() >= 4);
        // The accessibleName property: what QAccessible reports as the name on Windows and macOS
        // (on Linux Qt reports a combo box's value and leaves its name to a label's relation).
        for (QComboBox *combo : combos)
            QVERIFY2(!combo->accessibleName().isEmpty() && combo->accessibleName() != combo->currentText(),
                     qPrintable(combo->objectName() + u'/' + combo->currentText()));
    }

private:
    // The family of familySql() in `db`, the window at 1280x800 on the Forensics page, connected.
    static bool openOnFamily(MainWindow &w, test::TestDatabase &db)
    {
        if (!db.exec(familySql()))
            return false;
        w.resize(1280, 800);
        w.show();
        if (!connectWindow(w, db))
            return false;
        w.showPage(QStringLiteral("forensics"));
        return true;
    }

    // As a user does: the press that a double-click follows, then the double-click.
    static void doubleClick(QTableWidget *table, const QPoint &at)
    {
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
    }

    // A rotation family of six refresh tokens of user 9/90 (raw tokens "raw-21" … "raw-26"), each
    // replaced by the next, and a replay logged while the second was alive after its revocation.
    static QString familySql()
    {
        QStringList rows;
        for (int id = 21; id <= 26; ++id)
            rows << QStringLiteral(
                        "(%1, 9, 90, 'dddddddd-0000-0000-0000-000000000009', '%2', now() - interval '%3 "
                        "hours', now() + interval '10 days', %4, %5, %6)")
                        .arg(id)
                        .arg(Forensics::hashRawToken(QStringLiteral("raw-%1").arg(id).toUtf8()))
                        .arg(30 - id)
                        .arg(id < 26 ? QStringLiteral("true") : QStringLiteral("false"))
                        .arg(id < 26 ? QStringLiteral("now() - interval '%1 hours'").arg(29 - id)
                                     : QStringLiteral("NULL"))
                        .arg(id < 26 ? QString::number(id + 1) : QStringLiteral("NULL"));
        return QStringLiteral(
                   "INSERT INTO identidad.trx_refresh_tokens (id, empresa_id, usuario_id, familia_id, "
                   "token_hash, creado_en, expiracion, revocado, revocado_en, reemplazado_por) "
                   "OVERRIDING SYSTEM VALUE VALUES %1;"
                   "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ip, ocurrido_en)"
                   " VALUES (9, 90, 'replay_detectado', '10.9.0.1', now() - interval '2 hours')")
            .arg(rows.join(QStringLiteral(", ")));
    }

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
