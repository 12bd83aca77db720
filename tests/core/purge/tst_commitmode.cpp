// The purge's commit mode and its progress over wall time, through the real engine on
// the sandbox. A statement trigger on the refresh tokens records, inside each batch's own
// transaction, its synchronous_commit and the WAL insert position; a run in the default mode
// (--sync-commit off) must have every batch asynchronous and, when it returns, the WAL flushed past
// every batch; --sync-commit on keeps the session's setting.
#include "core/pg/pgconnection.h"
#include "core/pg/querycanceller.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"
#include "support/clirunner.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace purga;
using namespace purga::test;

namespace {

// Each DELETE statement on the table logs its transaction's synchronous_commit and WAL position.
// SECURITY DEFINER: the purge role may not write the log table itself.
const QString kBatchLogSql = QStringLiteral(
    "CREATE TABLE public.batch_commit (n serial, sync text, lsn pg_lsn);"
    "CREATE FUNCTION public.log_batch_commit() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER"
    "  SET search_path = pg_catalog, public AS $$ BEGIN"
    "  INSERT INTO public.batch_commit (sync, lsn)"
    "    VALUES (current_setting('synchronous_commit'), pg_current_wal_insert_lsn());"
    "  RETURN NULL; END $$;"
    "CREATE TRIGGER log_batch_commit AFTER DELETE ON identidad.trx_refresh_tokens"
    "  FOR EACH STATEMENT EXECUTE FUNCTION public.log_batch_commit()");

} // namespace

class TestCommitMode : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }
    void asyncBatchesAreFlushedBeforeTheReceipt();
    void syncModeKeepsTheSessionsSetting();
    void rateAndEtaCountTheTimeHeld();
    void cliTakesTheCommitMode();

private:
    // Refresh tokens, the batch log, durable commits by default in a new database, and a preview
    // of the rule on a purge connection.
    struct Seeded
    {
        explicit Seeded(const SandboxInfo &sandbox)
            : db(sandbox, QStringLiteral("commit"))
        {
        }
        bool ready()
        {
            if (!db.isValid()) {
                qWarning("%s", qPrintable(db.error()));
                return false;
            }
            // The sandbox runs with synchronous_commit = off; this database commits durably by
            // default, as a production server does, so the two modes differ.
            return db.exec(refreshSeedSql(kFiller)) && db.exec(kBatchLogSql) &&
                   db.exec(QStringLiteral("ALTER DATABASE %1 SET synchronous_commit = on").arg(db.name())) &&
                   openPurga(db, conn) && test::plan(conn, {kRefresh}, &plan);
        }
        TestDatabase db;
        PgConnection conn;
        PreviewPlan plan;
    };

    test::SandboxInfo m_sandbox;
};

void TestCommitMode::asyncBatchesAreFlushedBeforeTheReceipt()
{
    Seeded s(m_sandbox);
    QVERIFY(s.ready());
    const RulePreview *rp = s.plan.rule(kRefresh);
    QVERIFY(rp && rp->eligible > 4 * kBatch);

    PurgeOptions opts = options({kRefresh}); // the default commit mode: asynchronous batches
    Recorder rec;
    QueryCanceller canceller;
    PurgeReceipt r;
    {
        PurgeEngine engine(s.conn, canceller);
        r = engine.run(s.plan, opts, &rec);
    }
    // Read before anything else commits on the server from this test.
    const bool flushed =
        s.db.scalar(QStringLiteral("SELECT pg_current_wal_flush_lsn() >= max(lsn) FROM public.batch_commit"))
            .toBool();
    QCOMPARE(r.status, RunStatus::Ok);
    QCOMPARE(r.rules.value(0).deleted, rp->eligible);
    QVERIFY(!r.syncCommit);
    QCOMPARE(r.toJson().value(QStringLiteral("sync_commit")).toString(), QStringLiteral("off"));
    // Every batch ran with asynchronous commit...
    QCOMPARE(s.db.scalar(QStringLiteral("SELECT count(*) FROM public.batch_commit")).toInt(),
             r.rules.value(0).batches);
    QCOMPARE(s.db.scalar(QStringLiteral("SELECT string_agg(DISTINCT sync, ',') FROM public.batch_commit"))
                 .toString(),
             QStringLiteral("off"));
    // ...and the run returned only once the WAL was on disk past the last of them.
    QVERIFY(flushed);
    QVERIFY2(rec.logText().contains(QStringLiteral("now flushed to disk")), qPrintable(rec.logText()));
    QCOMPARE(s.db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE %1")
                             .arg(eligibleWhere(kRefresh, rp->cutoffUtc)))
                 .toInt(),
             0);
}

void TestCommitMode::syncModeKeepsTheSessionsSetting()
{
    Seeded s(m_sandbox);
    QVERIFY(s.ready());
    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(s.conn, canceller);
    PurgeOptions o = options({kRefresh});
    o.syncCommit = true; // --sync-commit on
    const PurgeReceipt r = engine.run(s.plan, o, &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    QVERIFY(r.syncCommit);
    QCOMPARE(r.toJson().value(QStringLiteral("sync_commit")).toString(), QStringLiteral("on"));
    QVERIFY(r.rules.value(0).batches > 1);
    QCOMPARE(s.db.scalar(QStringLiteral("SELECT string_agg(DISTINCT sync, ',') FROM public.batch_commit"))
                 .toString(),
             QStringLiteral("on"));
    QVERIFY(!rec.logText().contains(QStringLiteral("now flushed to disk")));
}

// The progress's rows/s is over wall time since the rule began, holds included, and so the ETA
// includes them: after a pause of H ms, no report can claim more than the rows removed over H.
void TestCommitMode::rateAndEtaCountTheTimeHeld()
{
    Seeded s(m_sandbox);
    QVERIFY(s.ready());
    PurgeOptions opts = options({kRefresh});
    opts.live = std::make_shared<LiveSettings>();
    Recorder rec;
    int heldReports = 0;
    rec.onProgress = [&](const RuleProgress &pr) { // on the engine's thread, before its next batch
        if (pr.state == RuleStatus::Running && pr.batches == 1)
            opts.live->setPaused(true);
        if (pr.state == RuleStatus::Throttled && ++heldReports == 4)
            opts.live->setPaused(false);
    };
    QueryCanceller canceller;
    PurgeEngine engine(s.conn, canceller);
    const PurgeReceipt r = engine.run(s.plan, opts, &rec);
    QCOMPARE(r.status, RunStatus::Ok);
    QVERIFY(r.throttledMs > 0);
    int checked = 0;
    for (const RuleProgress &pr : rec.progress()) {
        if (pr.state != RuleStatus::Running || pr.throttledMs <= 0 || pr.deleted >= pr.planned)
            continue;
        const double heldSeconds = pr.throttledMs / 1000.0;
        const QString what = QStringLiteral("%1 rows, %2 rows/s, ETA %3 ms, held %4 ms")
                                 .arg(pr.deleted)
                                 .arg(pr.rowsPerSecond)
                                 .arg(pr.etaMs)
                                 .arg(pr.throttledMs);
        QVERIFY2(pr.rowsPerSecond * heldSeconds <= double(pr.deleted) + 1, qPrintable(what));
        QVERIFY2(double(pr.etaMs) + 1 >=
                     double(pr.planned - pr.deleted) * heldSeconds * 1000.0 / double(pr.deleted),
                 qPrintable(what));
        ++checked;
    }
    QVERIFY2(checked > 0, qPrintable(rec.logText()));
}

// The CLI's --sync-commit: on (off is the default) reaches the batches and the receipt; anything but
// on|off is a usage error before connecting.
void TestCommitMode::cliTakesTheCommitMode()
{
    Seeded s(m_sandbox);
    QVERIFY(s.ready());
    QTemporaryDir home;
    const QString cli = qEnvironmentVariable("PURGA_CLI");
    const QString conninfo = QStringLiteral("host=%1 port=%2 dbname=%3 user=identidad_purga sslmode=disable")
                                 .arg(m_sandbox.host)
                                 .arg(m_sandbox.port)
                                 .arg(s.db.name());
    const QProcessEnvironment env = cliEnvironment(home.path(), m_sandbox.purgaPassword);
    const CliResult bad = runWithStdin(cli,
                                       {QStringLiteral("purge"), QStringLiteral("--rule"), kRefresh,
                                        QStringLiteral("--yes"), QStringLiteral("--sync-commit"),
                                        QStringLiteral("maybe"), QStringLiteral("--conninfo"), conninfo},
                                       env, {}, home.path());
    QVERIFY2(bad.exitCode == 2, qPrintable(bad.summary()));
    QVERIFY(bad.errText().contains(QStringLiteral("--sync-commit")));
    const CliResult r = runWithStdin(
        cli,
        {QStringLiteral("purge"), QStringLiteral("--rule"), kRefresh, QStringLiteral("--yes"),
         QStringLiteral("--json"), QStringLiteral("--batch-size"), QString::number(kBatch),
         QStringLiteral("--sync-commit"), QStringLiteral("on"), QStringLiteral("--conninfo"), conninfo},
        env, {}, home.path());
    QVERIFY2(r.exitCode == 0, qPrintable(r.summary()));
    QString why;
    const QJsonObject o = r.json(&why);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(o.value(QStringLiteral("sync_commit")).toString(), QStringLiteral("on"));
    QVERIFY(s.db.scalar(QStringLiteral("SELECT count(*) FROM public.batch_commit")).toInt() > 1);
    QCOMPARE(s.db.scalar(QStringLiteral("SELECT string_agg(DISTINCT sync, ',') FROM public.batch_commit"))
                 .toString(),
             QStringLiteral("on"));
}

QTEST_GUILESS_MAIN(TestCommitMode)
#include "tst_commitmode.moc"
