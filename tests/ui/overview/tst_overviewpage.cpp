// OverviewPage: cards, ≈ while estimates, the months of log_sesiones, refresh and auto-refresh;
// first with a fabricated overview, then against the PostgreSQL sandbox through DbSession.
#include "core/history/historystore.h"
#include "core/pg/querycanceller.h"
#include "core/purge/purgeengine.h"
#include "core/session/dbsession.h"
#include "core/session/metatypes.h"
#include "support/pgsandbox.h"
#include "ui/overview/overviewpage.h"
#include "ui/overview/partitionstrip.h"
#include "ui/overview/tablecard.h"
#include "ui/state/appstate.h"
#include "ui/state/sessioncoordinator.h"
#include "ui/style/displayformat.h"

#include <QHelpEvent>
#include <QHelpEvent>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTimer>
#include <QToolTip>

using namespace purga;

namespace {

PartitionInfo partition(const QString &month, bool removable, qint64 rows, bool isDefault = false)
{
    PartitionInfo p;
    p.isDefault = isDefault;
    p.name = isDefault ? QStringLiteral("identidad.log_sesiones_default")
                       : QStringLiteral("identidad.log_sesiones_x");
    if (!isDefault)
        p.lowerBound = month + QStringLiteral("-01 00:00:00+00");
    p.removable = removable;
    p.rows = rows;
    p.bytes = 8192;
    return p;
}

Overview fabricated(bool exact)
{
    Overview ov;
    ov.exact = exact;
    ov.takenAtUtc = QStringLiteral("2026-11-27 08:00:00.5+00");
    ov.cutoffBaseUtc = ov.takenAtUtc;
    TableOverview refresh;
    refresh.ruleId = QStringLiteral("refresh_tokens");
    refresh.table = QStringLiteral("identidad.trx_refresh_tokens");
    refresh.exact = exact;
    refresh.total = 1234567;
    refresh.removable = exact ? 4321 : -1;
    refresh.revoked = exact ? 5000 : -1;
    refresh.expired = exact ? 700 : -1;
    refresh.keptByWindow = exact ? 1379 : -1;
    refresh.tableBytes = 10 * 1024 * 1024;
    refresh.lastAutovacuum = QStringLiteral("2026-11-26 03:00:00+00");
    TableOverview pre;
    pre.ruleId = QStringLiteral("pre_tokens");
    pre.table = QStringLiteral("identidad.trx_pre_tokens");
    pre.total = 10;
    TableOverview log;
    log.ruleId = QStringLiteral("log_sesiones");
    log.table = QStringLiteral("identidad.log_sesiones");
    log.total = 300;
    log.partitions = {partition(QStringLiteral("2026-11"), false, 100), partition(QString(), false, 5, true),
                      partition(QStringLiteral("2025-09"), true, 195)};
    ov.tables = {refresh, pre, log};
    return ov;
}

} // namespace

class TestOverviewPage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { registerMetaTypes(); }

    void notConnectedShowsPlaceholder()
    {
        DbSession session;
        AppState state(&session);
        OverviewPage page(&state);
        auto *placeholder = page.findChild<QLabel *>(QStringLiteral("overviewPlaceholder"));
        QVERIFY(placeholder);
        QVERIFY(!placeholder->isHidden());
        QVERIFY(placeholder->text().contains(QLatin1String("Ctrl+K")));
        QVERIFY(!page.findChild<QPushButton *>(QStringLiteral("refreshButton"))->isEnabled());
    }

    void estimatesCarryApproxSignThenExactDoesNot()
    {
        DbSession session;
        AppState state(&session);
        OverviewPage page(&state);
        page.resize(1200, 700);
        ConnectionProfile p;
        p.name = QStringLiteral("fake");
        state.setConnected(p, QString());
        state.setPreflight(PreflightReport()); // no blockers: exact counts are expected

        state.setOverview(fabricated(false));
        TableCard *refresh = page.card(QStringLiteral("refresh_tokens"));
        QVERIFY(refresh);
        QCOMPARE(refresh->valueText(QStringLiteral("total")),
                 QStringLiteral("≈ ") + QLocale().toString(1234567));
        QCOMPARE(refresh->valueText(QStringLiteral("removable")), TableCard::tr("counting…"));
        QVERIFY(page.statusText().startsWith(QStringLiteral("≈")));
        // Times in the one format (the zone is said once, in the status bar).
        QVERIFY2(page.statusText().contains(Display::timestamp(QStringLiteral("2026-11-27T08:00:00Z"))),
                 qPrintable(page.statusText()));
        // Each number says what it is and how it was measured: an estimate from the catalog first.
        const QString estimateTip = refresh->valueToolTip(QStringLiteral("total"));
        QVERIFY2(estimateTip.contains(QLatin1String("reltuples")), qPrintable(estimateTip));
        QVERIFY(refresh->valueToolTip(QStringLiteral("removable"))
                    .contains(QLatin1String("exact count is running")));
        QVERIFY(refresh->valueToolTip(QStringLiteral("removable")).contains(QLatin1String("revocado_en")));
        QVERIFY(refresh->valueToolTip(QStringLiteral("deadTuples")).contains(QLatin1String("n_dead_tup")));
        QVERIFY(page.card(QStringLiteral("pre_tokens"))
                    ->valueToolTip(QStringLiteral("revoked"))
                    .contains(QLatin1String("usado_en IS NOT NULL")));

        state.setOverview(fabricated(true));
        QCOMPARE(refresh->valueText(QStringLiteral("total")), QLocale().toString(1234567));
        QCOMPARE(refresh->valueText(QStringLiteral("removable")), QLocale().toString(4321));
        QCOMPARE(refresh->valueText(QStringLiteral("kept")), QLocale().toString(1379));
        QVERIFY(!refresh->valueText(QStringLiteral("total")).contains(QStringLiteral("≈")));
        const QString exactTip = refresh->valueToolTip(QStringLiteral("total"));
        QVERIFY2(exactTip.contains(QLatin1String("Exact: counted row by row")), qPrintable(exactTip));
        QVERIFY(!exactTip.contains(QLatin1String("reltuples")));
        // log_sesiones: the months that stay keep their catalog estimate even in an exact overview.
        QVERIFY(page.card(QStringLiteral("log_sesiones"))
                    ->valueToolTip(QStringLiteral("total"))
                    .contains(QLatin1String("reltuples")));
        QCOMPARE(refresh->valueText(QStringLiteral("lastAutovacuum")),
                 QStringLiteral("2026-11-26 03:00:00")); // the one format; the zone is in the status bar
        QCOMPARE(refresh->valueText(QStringLiteral("lastVacuum")), TableCard::tr("never"));
        auto *value = refresh->findChild<QLabel *>(QStringLiteral("value_total"));
        QVERIFY(value->alignment() & Qt::AlignRight);
    }

    void monthStripMarksRemovableAndDefault()
    {
        DbSession session;
        AppState state(&session);
        OverviewPage page(&state);
        ConnectionProfile p;
        state.setConnected(p, QString());
        state.setOverview(fabricated(true));
        PartitionStrip *strip = page.partitionStrip();
        QCOMPARE(strip->tileCount(), 3);
        // Oldest first, DEFAULT last, each with its status in words.
        QCOMPARE(strip->tileSummaries(),
                 QStringList({QStringLiteral("2025-09|removable"), QStringLiteral("2026-11|kept"),
                              PartitionStrip::tr("DEFAULT") + QStringLiteral("|default")}));
        QCOMPARE(strip->tileStatuses(),
                 QStringList({PartitionStrip::tr("removable"), PartitionStrip::tr("kept"),
                              PartitionStrip::tr("never removed")}));
        // Each month's tooltip names its partition, and a screen reader hears every tile in words.
        QVERIFY(strip->accessibleDescription().contains(PartitionStrip::tr("never removed")));
        QCOMPARE(page.card(QStringLiteral("log_sesiones"))->valueText(QStringLiteral("partitions")),
                 TableCard::tr("%1 (%2 removable)").arg(QLocale().toString(3), QLocale().toString(1)));
    }

    // A month in quarantine has a tile of its own among the months, in words and in its tooltip
    // ("in quarantine until …"), and the strip's title counts them.
    void monthStripShowsQuarantinedMonths()
    {
        DbSession session;
        AppState state(&session);
        OverviewPage page(&state);
        state.setConnected(ConnectionProfile(), QString());
        Overview ov = fabricated(true);
        QuarantinedPartition q;
        q.name = QStringLiteral("identidad_cuarentena.log_sesiones_2025_06");
        q.originalName = QStringLiteral("identidad.log_sesiones_2025_06");
        q.bound = QStringLiteral("FOR VALUES FROM ('2025-06-01 00:00:00+00') TO ('2025-07-01 00:00:00+00')");
        q.lowerBound = QStringLiteral("2025-06-01 00:00:00+00");
        q.upperBound = QStringLiteral("2025-07-01 00:00:00+00");
        q.rows = 42;
        q.dropAfterUtc = QStringLiteral("2026-12-27 03:00:00+00");
        ov.tables[2].quarantine = {q};
        state.setOverview(ov);
        PartitionStrip *strip = page.partitionStrip();
        QCOMPARE(strip->tileCount(), 4);
        QCOMPARE(strip->tileSummaries(),
                 QStringList({QStringLiteral("2025-06|quarantine"), QStringLiteral("2025-09|removable"),
                              QStringLiteral("2026-11|kept"),
                              PartitionStrip::tr("DEFAULT") + QStringLiteral("|default")}));
        QCOMPARE(strip->tileStatuses().first(), PartitionStrip::tr("in quarantine"));
        const QString tip = strip->tileToolTip(0);
        QVERIFY2(tip.startsWith(
                     PartitionStrip::tr("In quarantine until %1").arg(Display::localTime(q.dropAfterUtc))),
                 qPrintable(tip));
        QVERIFY2(tip.contains(q.originalName), qPrintable(tip));
        QVERIFY(strip->accessibleDescription().contains(PartitionStrip::tr("in quarantine")));
        // Its days over: the tile says so.
        ov.tables[2].quarantine.first().due = true;
        state.setOverview(ov);
        QCOMPARE(strip->tileStatuses().first(), PartitionStrip::tr("quarantine over"));
    }

    // The painted tiles wrap into rows as wide as the strip, never overlap, and each names its
    // partition and bound in a tooltip (the tiles are no longer widgets of their own).
    void monthStripWrapsAndNamesEachTile()
    {
        QList<PartitionInfo> parts;
        for (int m = 1; m <= 12; ++m) {
            PartitionInfo p;
            p.name = QStringLiteral("identidad.log_sesiones_2026_%1").arg(m, 2, 10, QLatin1Char('0'));
            p.bound = QStringLiteral("FOR VALUES FROM ('2026-%1-01')").arg(m, 2, 10, QLatin1Char('0'));
            p.lowerBound = QStringLiteral("2026-%1-01 00:00:00+00").arg(m, 2, 10, QLatin1Char('0'));
            p.removable = m <= 2;
            p.rows = 1000 * m;
            parts << p;
        }
        PartitionStrip strip;
        strip.setPartitions(parts);
        QCOMPARE(strip.tileCount(), 12);
        QVERIFY(strip.heightForWidth(300) > strip.heightForWidth(2000));
        strip.resize(500, strip.heightForWidth(500));
        strip.show();
        QVERIFY(QTest::qWaitForWindowExposed(&strip));
        QCOMPARE(strip.minimumHeight(), strip.heightForWidth(500));
        for (int i = 0; i < strip.tileCount(); ++i) {
            QVERIFY2(strip.rect().contains(strip.tileRect(i)), qPrintable(QString::number(i)));
            for (int j = 0; j < i; ++j)
                QVERIFY(!strip.tileRect(i).intersects(strip.tileRect(j)));
        }
        QVERIFY(strip.tileRect(1).top() == strip.tileRect(0).top()); // oldest first, left to right
        const QPoint at = strip.tileRect(1).center();
        QHelpEvent help(QEvent::ToolTip, at, strip.mapToGlobal(at));
        QApplication::sendEvent(&strip, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(parts.at(1).name), qPrintable(QToolTip::text()));
    }

    void refreshButtonAndAutoRefresh()
    {
        DbSession session;
        AppState state(&session);
        OverviewPage page(&state);
        ConnectionProfile p;
        state.setConnected(p, QString());
        QSignalSpy spy(&page, &OverviewPage::refreshRequested);
        page.findChild<QPushButton *>(QStringLiteral("refreshButton"))->click();
        QCOMPARE(spy.count(), 1);

        QCOMPARE(page.autoRefreshMinutes(), 0); // off by default
        auto *spin = page.findChild<QSpinBox *>(QStringLiteral("autoRefreshSpin"));
        QCOMPARE(spin->text(), OverviewPage::tr("off"));
        QTimer *timer = page.findChild<QTimer *>();
        QVERIFY(timer && !timer->isActive());
        page.setAutoRefreshMinutes(5);
        QVERIFY(timer->isActive());
        QCOMPARE(timer->interval(), 5 * 60 * 1000);
        QMetaObject::invokeMethod(timer, "timeout", Qt::DirectConnection);
        QCOMPARE(spy.count(), 2);
        state.setPurgeRunning(true); // never while a purge runs
        QMetaObject::invokeMethod(timer, "timeout", Qt::DirectConnection);
        QCOMPARE(spy.count(), 2);
        page.setAutoRefreshMinutes(0);
        QVERIFY(!timer->isActive());
    }

    void sandboxCountsArriveEstimatesThenExact()
    {
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("uiov"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, "
            "expiracion,"
            " revocado, revocado_en)"
            " SELECT 1, g, gen_random_uuid(), md5('active' || g), now() + interval '1 day', false, NULL"
            "   FROM generate_series(1, 5) g"
            " UNION ALL SELECT 2, g, gen_random_uuid(), md5('revoked' || g), now() + interval '10 days', "
            "true,"
            "   now() - interval '60 days' FROM generate_series(1, 3) g"
            " UNION ALL SELECT 3, g, gen_random_uuid(), md5('expired' || g), now() - interval '40 days', "
            "false, NULL"
            "   FROM generate_series(1, 2) g"
            " UNION ALL SELECT 1, 99, gen_random_uuid(), md5('recent'), now() + interval '1 day', true,"
            "   now() - interval '2 days';"
            "INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, expiracion, usado_en)"
            " SELECT 1, g, md5('used' || g), now() + interval '1 hour', now() - interval '2 days'"
            "   FROM generate_series(1, 4) g"
            " UNION ALL SELECT 1, g, md5('fresh' || g), now() + interval '1 hour', NULL FROM "
            "generate_series(1, 2) g"
            " UNION ALL SELECT 1, 7, md5('justused'), now() + interval '1 hour', now() - interval '1 hour';"
            "SELECT identidad.crear_particion_log_sesiones((now() - interval '14 months')::date);"
            "SELECT identidad.crear_particion_log_sesiones(now()::date);"
            "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)"
            " SELECT 1, g, 'login', date_trunc('month', now() - interval '14 months') + interval '2 days'"
            "   FROM generate_series(1, 3) g"
            " UNION ALL SELECT 1, g, 'login', now() FROM generate_series(1, 2) g"
            " UNION ALL SELECT 1, 1, 'login', now() - interval '5 months';"
            "ANALYZE identidad.log_sesiones;")));

        DbSession session;
        AppState state(&session);
        SessionCoordinator coordinator(&session, &state);
        OverviewPage page(&state);
        QSignalSpy overviews(&state, &AppState::overviewChanged);
        coordinator.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(state.overview().exact, 60000);
        QVERIFY(overviews.count() >= 2); // the estimates came first
        QVERIFY(coordinator.lastRefresh().isValid());

        TableCard *refresh = page.card(QStringLiteral("refresh_tokens"));
        QCOMPARE(refresh->valueText(QStringLiteral("total")), QLocale().toString(11));
        QCOMPARE(refresh->valueText(QStringLiteral("removable")), QLocale().toString(5));
        QCOMPARE(refresh->valueText(QStringLiteral("kept")), QLocale().toString(1));
        QCOMPARE(refresh->valueText(QStringLiteral("revoked")), QLocale().toString(4));
        QCOMPARE(refresh->valueText(QStringLiteral("expired")), QLocale().toString(2));
        TableCard *pre = page.card(QStringLiteral("pre_tokens"));
        QCOMPARE(pre->valueText(QStringLiteral("total")), QLocale().toString(7));
        QCOMPARE(pre->valueText(QStringLiteral("removable")), QLocale().toString(4));
        QCOMPARE(pre->valueText(QStringLiteral("kept")), QLocale().toString(1));
        TableCard *log = page.card(QStringLiteral("log_sesiones"));
        // Months counted from the catalog (after ANALYZE here) put ≈ before the total.
        bool inexact = false;
        for (const TableOverview &t : state.overview().tables)
            for (const PartitionInfo &p : t.partitions)
                inexact = inexact || !p.rowsExact;
        QCOMPARE(log->valueText(QStringLiteral("total")), Display::number(6, inexact));
        QCOMPARE(log->valueText(QStringLiteral("removable")), QLocale().toString(3));

        const QStringList tiles = page.partitionStrip()->tileSummaries();
        QCOMPARE(tiles.size(), 3);
        QVERIFY2(tiles.first().endsWith(QLatin1String("|removable")), qPrintable(tiles.join(u',')));
        QVERIFY(tiles.at(1).endsWith(QLatin1String("|kept")));
        QVERIFY(tiles.last().endsWith(QLatin1String("|default")));
        QVERIFY(!page.statusText().contains(QStringLiteral("≈")));

        // Refresh again: the same numbers come back through the same chain.
        const int before = overviews.count();
        coordinator.refreshOverview();
        QTRY_VERIFY_WITH_TIMEOUT(overviews.count() >= before + 2 && state.overview().exact, 60000);
        QCOMPARE(refresh->valueText(QStringLiteral("total")), QLocale().toString(11));
    }

    // A partition a purge put in quarantine reaches the strip from the database, with the estimates
    // and again with the exact counts.
    void sandboxShowsAQuarantinedMonth()
    {
        test::SandboxInfo sandbox;
        PURGA_REQUIRE_SANDBOX(sandbox);
        test::TestDatabase db(sandbox, QStringLiteral("uiq"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(QStringLiteral(
            "SELECT identidad.crear_particion_log_sesiones((now() - interval '14 months')::date);"
            "SELECT identidad.crear_particion_log_sesiones(now()::date);"
            "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en)"
            " SELECT 1, g, 'login', date_trunc('month', now() - interval '14 months') + interval '2 days'"
            "   FROM generate_series(1, 3) g UNION ALL SELECT 1, 1, 'login', now();")));
        {
            PgConnection conn;
            DbFailure e;
            QVERIFY(conn.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &e));
            QString err;
            QVERIFY2(HistoryStore::setup(conn, &err), qPrintable(err));
            RuleConfig c = Rules::defaults(QStringLiteral("log_sesiones"));
            c.quarantineDays = 30;
            PreviewPlan plan;
            QVERIFY(takePreview(conn, {c}, nullptr, nullptr, &plan, &e));
            QueryCanceller canceller;
            PurgeEngine engine(conn, canceller);
            PurgeOptions o;
            o.ruleIds = {c.id};
            QCOMPARE(engine.run(plan, o, nullptr).status, RunStatus::Ok);
        }
        DbSession session;
        AppState state(&session);
        SessionCoordinator coordinator(&session, &state);
        OverviewPage page(&state);
        QSignalSpy overviews(&state, &AppState::overviewChanged);
        coordinator.connectTo(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")));
        QTRY_VERIFY_WITH_TIMEOUT(overviews.count() >= 1, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(
            page.partitionStrip()->tileSummaries().first().endsWith(QLatin1String("|quarantine")), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(state.overview().exact, 60000);
        const QStringList tiles = page.partitionStrip()->tileSummaries();
        QCOMPARE(tiles.size(), 3);
        QVERIFY2(tiles.first().endsWith(QLatin1String("|quarantine")), qPrintable(tiles.join(u',')));
        QVERIFY(page.partitionStrip()->tileToolTip(0).startsWith(
            PartitionStrip::tr("In quarantine until %1").section(u'%', 0, 0)));
    }
};

QTEST_MAIN(TestOverviewPage)
#include "tst_overviewpage.moc"
