// Database tests of the batched purge (issue 4, "Done when"): real PostgreSQL, no mocks.
// Every function gets a fresh database cloned from the template; the history tables are created
// by identidad_purga itself (HistoryStore::setup) so that it owns and may write them.
#include "historystore.h"
#include "pgconnection.h"
#include "pgsandbox.h"
#include "preview.h"
#include "purgeengine.h"
#include "rules.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>

using namespace purga;

namespace {

const QString kRefresh = QStringLiteral("refresh_tokens");
const QString kPre = QStringLiteral("pre_tokens");
const QString kLog = QStringLiteral("log_sesiones");
constexpr int kBatch = 500;
constexpr int kFiller = 20000;

using Clock = std::chrono::steady_clock;

// Refresh tokens: one boundary row per case on both sides of now() - 30 days (tags in token_hash),
// then `filler` rows in creation order: an old region that is mostly removable, then a young one.
QString refreshSeedSql(int filler)
{
    return QStringLiteral(R"SQL(
INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
VALUES
  (1, 1, gen_random_uuid(), 'edge:revoked-before-cutoff',      now() - interval '60 days', now() + interval '10 days', true,  now() - interval '30 days' - interval '5 minutes'),
  (1, 1, gen_random_uuid(), 'edge:revoked-after-cutoff',       now() - interval '60 days', now() + interval '10 days', true,  now() - interval '30 days' + interval '5 minutes'),
  (1, 2, gen_random_uuid(), 'edge:revoked-null-exp-future',    now() - interval '60 days', now() + interval '1 day',   true,  NULL),
  (1, 2, gen_random_uuid(), 'edge:revoked-null-exp-before',    now() - interval '90 days', now() - interval '30 days' - interval '5 minutes', true, NULL),
  (1, 2, gen_random_uuid(), 'edge:revoked-null-exp-after',     now() - interval '90 days', now() - interval '30 days' + interval '5 minutes', true, NULL),
  (2, 3, gen_random_uuid(), 'edge:expired-before-cutoff',      now() - interval '90 days', now() - interval '30 days' - interval '5 minutes', false, NULL),
  (2, 3, gen_random_uuid(), 'edge:expired-after-cutoff',       now() - interval '90 days', now() - interval '30 days' + interval '5 minutes', false, NULL),
  (2, 4, gen_random_uuid(), 'edge:active',                     now() - interval '1 day',   now() + interval '30 days', false, NULL),
  (2, 4, gen_random_uuid(), 'edge:not-revoked-old-revocado_en', now() - interval '90 days', now() + interval '1 day',  false, now() - interval '60 days'),
  (3, 5, gen_random_uuid(), 'edge:revoked-recently-expired-long-ago', now() - interval '90 days', now() - interval '40 days', true, now() - interval '1 day');
INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
SELECT 1 + g % 5, g, gen_random_uuid(), 'fill:' || g, now() - interval '90 days',
       CASE WHEN p AND k IN (4, 5) THEN now() - interval '40 days'
            WHEN NOT p AND k = 0 THEN now() - interval '35 days'
            ELSE now() + interval '20 days' END,
       (p AND k IN (0, 1, 2, 3, 6, 7)) OR (NOT p AND k = 5),
       CASE WHEN p AND k IN (0, 1, 2, 3) THEN now() - interval '45 days' - g * interval '1 second'
            WHEN p AND k = 7 THEN now() - interval '2 days'
            WHEN NOT p AND k = 5 THEN now() - interval '1 hour' END
  FROM (SELECT g, g % 10 AS k, g <= %1 AS p FROM generate_series(1, %2) g) s;
ANALYZE identidad.trx_refresh_tokens;
)SQL")
        .arg(filler * 7 / 10)
        .arg(filler);
}

// Pre-tokens: the same around now() - 24 hours.
QString preSeedSql(int filler)
{
    return QStringLiteral(R"SQL(
INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
VALUES
  (1, 1, 'edge:used-before-cutoff',             now() - interval '2 days', now() + interval '1 hour', now() - interval '1 day' - interval '5 minutes'),
  (1, 1, 'edge:used-after-cutoff',              now() - interval '2 days', now() + interval '1 hour', now() - interval '1 day' + interval '5 minutes'),
  (1, 2, 'edge:unused-expired-before-cutoff',   now() - interval '2 days', now() - interval '1 day' - interval '5 minutes', NULL),
  (1, 2, 'edge:unused-expired-after-cutoff',    now() - interval '2 days', now() - interval '1 day' + interval '5 minutes', NULL),
  (2, 3, 'edge:used-just-now',                  now() - interval '2 minutes', now() + interval '3 minutes', now() - interval '1 minute'),
  (2, 3, 'edge:used-just-now-expired-long-ago', now() - interval '4 days', now() - interval '3 days', now() - interval '1 minute'),
  (2, 4, 'edge:fresh',                          now(), now() + interval '5 minutes', NULL);
INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
SELECT 1 + g % 5, g, 'fill:' || g, now() - interval '3 days',
       CASE WHEN p AND k <= 6 THEN now() - interval '2 days' - g * interval '1 second'
            WHEN p AND k = 7 THEN now() - interval '1 hour'
            WHEN NOT p AND k = 0 THEN now() - interval '2 days'
            ELSE now() + interval '5 minutes' END,
       CASE WHEN p AND k <= 4 THEN now() - interval '3 days'
            WHEN p AND k = 7 THEN now() - interval '2 hours'
            WHEN NOT p AND k IN (3, 4) THEN now() - interval '30 minutes' END
  FROM (SELECT g, g % 10 AS k, g <= %1 AS p FROM generate_series(1, %2) g) s;
ANALYZE identidad.trx_pre_tokens;
)SQL")
        .arg(filler * 7 / 10)
        .arg(filler);
}

// Monthly partitions 16, 15, 14, 13, 12, 1 and 0 months back (100 rows each), and two rows
// in the DEFAULT partition (outside every monthly range) when it exists.
const QList<int> kMonthsBack{16, 15, 14, 13, 12, 1, 0};

QString logSeedSql(bool defaultRows)
{
    QString sql = QStringLiteral(R"SQL(
DO $$
DECLARE n int;
BEGIN
  FOREACH n IN ARRAY ARRAY[16, 15, 14, 13, 12, 1, 0] LOOP
    PERFORM identidad.crear_particion_log_sesiones((date_trunc('month', now()) - make_interval(months => n))::date);
  END LOOP;
END $$;
INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ip, ocurrido_en)
SELECT 1 + g % 3, g, 'login', '10.0.0.1', date_trunc('month', now()) - make_interval(months => n) + g * interval '1 hour'
  FROM unnest(ARRAY[16, 15, 14, 13, 12, 1, 0]) n, generate_series(0, 99) g;
)SQL");
    if (defaultRows)
        sql += QStringLiteral("INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en) VALUES "
                              "(1, 1, 'login', now() - interval '30 months'), (1, 2, 'logout', now() + interval '6 months');\n");
    sql += QStringLiteral("ANALYZE identidad.log_sesiones;\n");
    return sql;
}

QString tsLiteral(const QString &utc)
{
    return QStringLiteral("'%1'::timestamptz").arg(utc);
}

// The rules written independently of Rules::predicate, from their wording (issue 2 / Rules::retentionText).
QString eligibleWhere(const QString &rule, const QString &cutoffUtc)
{
    const QString c = tsLiteral(cutoffUtc);
    if (rule == kRefresh)
        return QStringLiteral("CASE WHEN expiracion < %1 THEN true "
                              "WHEN revocado AND revocado_en IS NOT NULL THEN revocado_en < %1 ELSE false END")
            .arg(c);
    return QStringLiteral("CASE WHEN expiracion < %1 THEN true WHEN usado_en IS NOT NULL THEN usado_en < %1 "
                          "ELSE false END")
        .arg(c);
}

QList<qint64> minus(const QList<qint64> &a, const QList<qint64> &b)
{
    const QSet<qint64> drop(b.begin(), b.end());
    QList<qint64> out;
    for (qint64 v : a)
        if (!drop.contains(v))
            out << v;
    std::sort(out.begin(), out.end());
    return out;
}

QList<qint64> sorted(QList<qint64> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

QVariant valueOn(PgConnection &c, const QString &sql)
{
    QSqlQuery q(c.database());
    if (!q.exec(sql) || !q.next())
        return QVariant();
    return q.value(0);
}

// Polls `sql` (a boolean) on `c` until true, the timeout, or `abort`.
bool pollUntil(PgConnection &c, const QString &sql, int timeoutMs, const std::atomic<bool> *abort = nullptr)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (abort && abort->load())
            return false;
        if (valueOn(c, sql).toBool())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

qint64 msBetween(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(b - a).count();
}

class Recorder : public PurgeObserver
{
public:
    std::function<void(const RuleProgress &)> onProgress;

    void ruleProgress(const RuleProgress &p) override
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_progress << p;
        }
        if (onProgress)
            onProgress(p);
    }
    void log(const QString &line) override
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_lines << line;
    }
    QList<RuleProgress> progress()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_progress;
    }
    QString logText()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_lines.join(u'\n');
    }

private:
    std::mutex m_mutex;
    QList<RuleProgress> m_progress;
    QStringList m_lines;
};

} // namespace

class TestPurgeEngine : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void purgesExactlyThePreview_data();
    void purgesExactlyThePreview();
    void advisoryLockHeldElsewhereDeletesNothing();
    void conflictingTableLockRetriesThenStopsCleanly_data();
    void conflictingTableLockRetriesThenStopsCleanly();
    void cancelNowDuringSlowBatchRollsBackOnlyThatBatch();
    void stopAfterBatchFinishesTheCurrentBatch();
    void terminatedBackendIsReportedAndMarkedInterrupted();
    void blastRadiusBreakerNeverExceedsThePreview();
    void concurrentWriterIsUntouched();
    void logSesionesWithDefaultFallsBackToPlainDetach();
    void logSesionesDetachOnlyKeepsTheTables();
    void logSesionesWithoutDefaultDetachesConcurrently();
    void interruptedConcurrentDetachIsFinalized();

private:
    bool openPurga(test::TestDatabase &db, PgConnection &c, const QString &app = QString())
    {
        ConnectionProfile p = db.profile();
        if (!app.isEmpty())
            p.applicationName = app;
        ConnectError err;
        if (!c.open(p, db.passwordFor(QStringLiteral("identidad_purga")), &err)) {
            qWarning("cannot connect as identidad_purga: %s %s", qPrintable(err.message), qPrintable(err.detail));
            return false;
        }
        return true;
    }

    bool openAdmin(const test::TestDatabase &db, PgConnection &c)
    {
        ConnectError err;
        if (!c.open(test::superuserProfile(m_sandbox, db.name()), QString(), &err)) {
            qWarning("cannot connect as superuser: %s %s", qPrintable(err.message), qPrintable(err.detail));
            return false;
        }
        return true;
    }

    static bool setupHistory(PgConnection &c)
    {
        QString err;
        if (!HistoryStore::setup(c, &err)) {
            qWarning("HistoryStore::setup: %s", qPrintable(err));
            return false;
        }
        return true;
    }

    static bool plan(PgConnection &c, const QStringList &ids, PreviewPlan *out,
                     const std::function<void(RuleConfig &)> &tweak = {})
    {
        QList<RuleConfig> configs;
        for (const QString &id : ids) {
            RuleConfig rc = Rules::defaults(id);
            rc.batchSize = kBatch;
            if (tweak)
                tweak(rc);
            configs << rc;
        }
        QString err;
        if (!takePreview(c, configs, nullptr, nullptr, out, &err)) {
            qWarning("takePreview: %s", qPrintable(err));
            return false;
        }
        return true;
    }

    static PurgeOptions options(const QStringList &ids)
    {
        PurgeOptions o;
        o.ruleIds = ids;
        o.operatorName = QStringLiteral("tester");
        return o;
    }

    static QString runState(test::TestDatabase &db, const QString &runId)
    {
        return db.scalar(QStringLiteral("SELECT coalesce((SELECT estado FROM identidad.purga_corridas "
                                        "WHERE corrida_id = '%1'), '<no run row>')")
                             .arg(runId))
            .toString();
    }

    static QVariant metric(test::TestDatabase &db, const QString &runId, const QString &name, const QString &table)
    {
        return db.scalar(QStringLiteral("SELECT (SELECT valor FROM identidad.purga_metricas WHERE corrida_id = '%1' "
                                        "AND metrica = '%2' AND tabla = '%3')")
                             .arg(runId, name, table));
    }

    static QStringList strings(test::TestDatabase &db, const QString &sql)
    {
        const QString joined = db.scalar(QStringLiteral("SELECT coalesce(string_agg(x::text, '|' ORDER BY x), '') "
                                                        "FROM (%1) s(x)")
                                             .arg(sql))
                                   .toString();
        return joined.isEmpty() ? QStringList() : joined.split(u'|');
    }

    // Removable partition names by the test's own arithmetic: upper bound (next month start) <= cutoff.
    static QStringList expectedRemovable(test::TestDatabase &db, const QString &cutoffUtc)
    {
        return strings(db, QStringLiteral("SELECT 'identidad.log_sesiones_' || to_char(m, 'YYYY_MM') "
                                          "FROM (SELECT date_trunc('month', now()) - make_interval(months => n) AS m "
                                          "FROM unnest(ARRAY[16, 15, 14, 13, 12, 1, 0]) n) s "
                                          "WHERE m + interval '1 month' <= %1")
                                   .arg(tsLiteral(cutoffUtc)));
    }

    static QString slowTriggerSql(const QString &table, qint64 id, const QString &seconds)
    {
        return QStringLiteral("CREATE FUNCTION public.purga_test_slow() RETURNS trigger LANGUAGE plpgsql AS $f$ "
                              "BEGIN IF OLD.id = %1 THEN PERFORM pg_sleep(%2); END IF; RETURN OLD; END $f$; "
                              "CREATE TRIGGER purga_test_slow BEFORE DELETE ON %3 FOR EACH ROW "
                              "EXECUTE FUNCTION public.purga_test_slow();")
            .arg(id)
            .arg(seconds, table);
    }

    test::SandboxInfo m_sandbox;
};

void TestPurgeEngine::purgesExactlyThePreview_data()
{
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QStringList>("goneEdges");
    QTest::addColumn<QStringList>("keptEdges");
    QTest::newRow("refresh_tokens")
        << kRefresh
        << QStringList{QStringLiteral("edge:expired-before-cutoff"), QStringLiteral("edge:revoked-before-cutoff"),
                       QStringLiteral("edge:revoked-null-exp-before"),
                       QStringLiteral("edge:revoked-recently-expired-long-ago")}
        << QStringList{QStringLiteral("edge:active"), QStringLiteral("edge:expired-after-cutoff"),
                       QStringLiteral("edge:not-revoked-old-revocado_en"), QStringLiteral("edge:revoked-after-cutoff"),
                       QStringLiteral("edge:revoked-null-exp-after"), QStringLiteral("edge:revoked-null-exp-future")};
    QTest::newRow("pre_tokens")
        << kPre
        << QStringList{QStringLiteral("edge:unused-expired-before-cutoff"), QStringLiteral("edge:used-before-cutoff"),
                       QStringLiteral("edge:used-just-now-expired-long-ago")}
        << QStringList{QStringLiteral("edge:fresh"), QStringLiteral("edge:unused-expired-after-cutoff"),
                       QStringLiteral("edge:used-after-cutoff"), QStringLiteral("edge:used-just-now")};
}

void TestPurgeEngine::purgesExactlyThePreview()
{
    QFETCH(QString, rule);
    QFETCH(QStringList, goneEdges);
    QFETCH(QStringList, keptEdges);
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // Both tables are filled: the other one must come out untouched.
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    QVERIFY(db.exec(preSeedSql(kFiller / 2)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));

    PreviewPlan p;
    QVERIFY(plan(conn, {rule}, &p));
    const RulePreview *rp = p.rule(rule);
    QVERIFY(rp);
    const QString table = Rules::table(rule);
    const QString otherTable = Rules::table(rule == kRefresh ? kPre : kRefresh);
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(table));
    const QList<qint64> eligible =
        db.ids(QStringLiteral("SELECT id FROM %1 WHERE %2 ORDER BY id").arg(table, eligibleWhere(rule, rp->cutoffUtc)));
    const QList<qint64> otherBefore = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(otherTable));
    QCOMPARE(rp->eligible, qint64(eligible.size()));
    QCOMPARE(rp->total, qint64(all.size()));
    QVERIFY2(eligible.size() > 10 * kBatch, "the data must need several batches");
    QCOMPARE(strings(db, QStringLiteral("SELECT token_hash FROM %1 WHERE token_hash LIKE 'edge:%' AND %2")
                             .arg(table, eligibleWhere(rule, rp->cutoffUtc))),
             goneEdges);

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({rule}), &rec);
    QCOMPARE(r.status, QStringLiteral("ok"));
    QCOMPARE(r.exitCode(), 0);
    QVERIFY(!r.runId.isEmpty());
    QCOMPARE(r.cutoffBaseUtc, p.cutoffBaseUtc);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("ok"));
    QCOMPARE(rr.deleted, rp->eligible);
    QCOMPARE(rr.planned, rp->eligible);
    QVERIFY2(rr.batches >= 5, qPrintable(QStringLiteral("%1 batches").arg(rr.batches)));
    QCOMPARE(rr.retries, 0);

    // Exactly the previewed rows are gone; every other row of both tables is still there.
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(table)), minus(all, eligible));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(otherTable)), otherBefore);
    QCOMPARE(strings(db, QStringLiteral("SELECT token_hash FROM %1 WHERE token_hash LIKE 'edge:%'").arg(table)),
             keptEdges);

    // Progress: monotonic, never above the preview, ending "ok".
    const QList<RuleProgress> prog = rec.progress();
    QVERIFY(!prog.isEmpty());
    qint64 last = 0;
    for (const RuleProgress &pr : prog) {
        QVERIFY(pr.deleted >= last);
        QVERIFY(pr.deleted <= rp->eligible);
        QCOMPARE(pr.planned, rp->eligible);
        last = pr.deleted;
    }
    QCOMPARE(prog.last().state, QStringLiteral("ok"));

    // History: the run and its two metrics for this table.
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
    QCOMPARE(db.scalar(QStringLiteral("SELECT backend_pid FROM identidad.purga_corridas WHERE corrida_id = '%1'")
                           .arg(r.runId))
                 .toInt(),
             conn.backendPid());
    QCOMPARE(db.scalar(QStringLiteral("SELECT origen || '/' || operador || '/' || (terminada_en IS NOT NULL) "
                                      "FROM identidad.purga_corridas WHERE corrida_id = '%1'")
                           .arg(r.runId))
                 .toString(),
             QStringLiteral("manual/tester/true"));
    const QString bare = table.section(u'.', -1);
    QCOMPARE(metric(db, r.runId, QStringLiteral("identidad_purga_filas"), bare).toLongLong(), rp->eligible);
    const QVariant dur = metric(db, r.runId, QStringLiteral("identidad_purga_duracion_ms"), bare);
    QVERIFY(!dur.isNull());
    QCOMPARE(dur.toLongLong(), rr.durationMs);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_metricas WHERE corrida_id = '%1'")
                           .arg(r.runId))
                 .toInt(),
             2);
    // The advisory lock is released at the end.
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = %1")
                           .arg(conn.backendPid()))
                 .toInt(),
             0);
    // The receipt's key range is that of the deleted rows.
    QCOMPARE(rr.keyMin, eligible.first());
    QCOMPARE(rr.keyMax, eligible.last());
}

void TestPurgeEngine::advisoryLockHeldElsewhereDeletesNothing()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(2000)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    QVERIFY(p.rule(kRefresh)->eligible > 0);

    // Another DBA's session (or the scheduled job) holds the ADR's key.
    PgConnection holder;
    QVERIFY(openPurga(db, holder, QStringLiteral("purga-test-holder")));
    QString err;
    QVERIFY2(holder.execScript(QStringLiteral("SELECT pg_advisory_lock(731001)"), &err), qPrintable(err));
    const QList<qint64> before = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    QCOMPARE(r.status, QStringLiteral("lock_ocupado"));
    QCOMPARE(r.exitCode(), 5);
    const QString pid = QString::number(holder.backendPid());
    QVERIFY2(r.lockHolder.contains(QStringLiteral("pid ") + pid), qPrintable(r.lockHolder));
    QVERIFY2(r.lockHolder.contains(QStringLiteral("purga-test-holder")), qPrintable(r.lockHolder));
    QVERIFY2(r.message.contains(pid), qPrintable(r.message));
    qint64 deleted = 0;
    for (const RuleReceipt &rr : r.rules)
        deleted += rr.deleted;
    QCOMPARE(deleted, qint64(0));
    QCOMPARE(r.toJson().value(QStringLiteral("lock_holder")).toString(), r.lockHolder);
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")), before);
    QCOMPARE(runState(db, r.runId), QStringLiteral("lock_ocupado"));
    // The holder still has its lock; the engine took none.
    QCOMPARE(db.scalar(QStringLiteral("SELECT string_agg(pid::text, ',') FROM pg_locks WHERE locktype = 'advisory' "
                                      "AND objid = 731001 AND granted"))
                 .toString(),
             pid);
}

void TestPurgeEngine::conflictingTableLockRetriesThenStopsCleanly_data()
{
    QTest::addColumn<QString>("mode");
    // ACCESS EXCLUSIVE (what an ALTER TABLE takes) blocks every read too; EXCLUSIVE blocks the
    // DELETE's ROW EXCLUSIVE but not plain reads.
    QTest::newRow("access exclusive") << QStringLiteral("ACCESS EXCLUSIVE");
    QTest::newRow("exclusive") << QStringLiteral("EXCLUSIVE");
}

void TestPurgeEngine::conflictingTableLockRetriesThenStopsCleanly()
{
    QFETCH(QString, mode);
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(4000)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p, [](RuleConfig &c) {
        c.lockTimeoutMs = 100;
        c.maxLockRetries = 2;
    }));
    QVERIFY(p.rule(kRefresh)->eligible > 0);
    const QList<qint64> before = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));

    // A session keeps an ACCESS EXCLUSIVE lock in an open transaction for the whole run.
    PgConnection holder;
    QVERIFY(openPurga(db, holder, QStringLiteral("purga-test-locker")));
    QString err;
    QVERIFY2(holder.execScript(QStringLiteral("BEGIN; LOCK TABLE identidad.trx_refresh_tokens IN %1 MODE").arg(mode),
                               &err),
             qPrintable(err));
    const int holderPid = holder.backendPid();

    // Watchdog: if the engine waits for the lock without any timeout, cancel its statement after
    // 8 s (the retries take about 1.5 s) so that the test fails with a reason instead of hanging.
    const int enginePid = conn.backendPid();
    const QString dbName = db.name();
    std::atomic<bool> done{false}, watchdogFired{false};
    QString blockedQuery;
    std::thread watchdog([&] {
        PgConnection w;
        ConnectError e;
        if (!w.open(test::superuserProfile(m_sandbox, dbName), QString(), &e))
            return;
        QElapsedTimer t;
        t.start();
        while (!done.load() && t.elapsed() < 8000)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (!done.load()) {
            blockedQuery = valueOn(w, QStringLiteral("SELECT query FROM pg_stat_activity WHERE pid = %1").arg(enginePid))
                               .toString();
            watchdogFired.store(true);
            valueOn(w, QStringLiteral("SELECT pg_cancel_backend(%1)").arg(enginePid));
        }
    });

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    done.store(true);
    watchdog.join();
    QVERIFY(holder.execScript(QStringLiteral("ROLLBACK"), &err));

    QVERIFY2(!watchdogFired.load(),
             qPrintable(QStringLiteral("the engine waited on the table lock with no lock_timeout: %1").arg(blockedQuery)));
    QCOMPARE(r.status, QStringLiteral("error"));
    QCOMPARE(r.exitCode(), 1);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("error"));
    QCOMPARE(rr.retries, 2);
    QCOMPARE(rr.deleted, qint64(0));
    QCOMPARE(rr.batches, 0);
    QVERIFY2(rr.message.contains(QStringLiteral("pid %1").arg(holderPid)), qPrintable(rr.message));
    QVERIFY2(r.message.contains(QStringLiteral("pid %1").arg(holderPid)), qPrintable(r.message));
    int waiting = 0;
    for (const RuleProgress &pr : rec.progress())
        if (pr.state == QLatin1String("waiting_lock"))
            ++waiting;
    QCOMPARE(waiting, 2);
    // Nothing half-done.
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")), before);
    QCOMPARE(runState(db, r.runId), QStringLiteral("error"));
    QCOMPARE(metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_refresh_tokens")).toInt(),
             0);
}

void TestPurgeEngine::cancelNowDuringSlowBatchRollsBackOnlyThatBatch()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QString where = eligibleWhere(kRefresh, rp->cutoffUtc);
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    // TID-range batches remove the eligible rows in physical order: committed batches are a prefix.
    const QList<qint64> eligibleByCtid =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid").arg(where));
    QCOMPARE(qint64(eligibleByCtid.size()), rp->eligible);
    const qint64 slowId = eligibleByCtid.at(eligibleByCtid.size() * 6 / 10);
    QVERIFY(db.exec(slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"), slowId, QStringLiteral("20"))));

    const int enginePid = conn.backendPid();
    const QString dbName = db.name();
    QueryCanceller canceller;
    std::atomic<bool> done{false}, sawSleep{false};
    Clock::time_point cancelledAt;
    std::thread killer([&] {
        PgConnection w;
        ConnectError e;
        if (!w.open(test::superuserProfile(m_sandbox, dbName), QString(), &e))
            return;
        if (pollUntil(w,
                      QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1 "
                                     "AND wait_event = 'PgSleep')")
                          .arg(enginePid),
                      30000, &done)) {
            sawSleep.store(true);
            cancelledAt = Clock::now();
            canceller.cancel();
        }
    });
    Recorder rec;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    const Clock::time_point returnedAt = Clock::now();
    done.store(true);
    killer.join();

    QVERIFY2(sawSleep.load(), "the slow batch was never seen running");
    const qint64 latency = msBetween(cancelledAt, returnedAt);
    QVERIFY2(latency < 1000, qPrintable(QStringLiteral("run() returned %1 ms after cancel()").arg(latency)));
    QCOMPARE(r.status, QStringLiteral("cancelado"));
    QCOMPARE(r.exitCode(), 6);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("cancelado"));
    QVERIFY2(rr.deleted > 0, "earlier batches must have committed");
    QVERIFY(rr.deleted < rp->eligible);
    // Earlier committed batches stay deleted; the cancelled batch (and what follows) is all there.
    const QList<qint64> gone = eligibleByCtid.mid(0, rr.deleted);
    QVERIFY(!gone.contains(slowId));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")), minus(all, gone));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE id = %1").arg(slowId))
                 .toInt(),
             1);
    QCOMPARE(runState(db, r.runId), QStringLiteral("cancelado"));
    QCOMPARE(metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_refresh_tokens"))
                 .toLongLong(),
             rr.deleted);
    // The session is usable afterwards: no transaction left open, the lock released.
    QCOMPARE(valueOn(conn, QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                                          "AND pid = pg_backend_pid()"))
                 .toInt(),
             0);
}

void TestPurgeEngine::stopAfterBatchFinishesTheCurrentBatch()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    const QList<qint64> eligibleByCtid =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid")
                   .arg(eligibleWhere(kRefresh, rp->cutoffUtc)));
    const qint64 slowId = eligibleByCtid.at(eligibleByCtid.size() * 4 / 10);
    QVERIFY(db.exec(slowTriggerSql(QStringLiteral("identidad.trx_refresh_tokens"), slowId, QStringLiteral("1"))));

    const int enginePid = conn.backendPid();
    const QString dbName = db.name();
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    std::atomic<bool> done{false}, asked{false};
    std::thread stopper([&] {
        PgConnection w;
        ConnectError e;
        if (!w.open(test::superuserProfile(m_sandbox, dbName), QString(), &e))
            return;
        if (pollUntil(w,
                      QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1 "
                                     "AND wait_event = 'PgSleep')")
                          .arg(enginePid),
                      30000, &done)) {
            engine.stopAfterBatch();
            asked.store(true);
        }
    });
    Recorder rec;
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    done.store(true);
    stopper.join();

    QVERIFY2(asked.load(), "the slow batch was never seen running");
    QCOMPARE(r.status, QStringLiteral("cancelado"));
    QCOMPARE(r.exitCode(), 6);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("cancelado"));
    QVERIFY(rr.deleted < rp->eligible);
    // The batch in flight when asked (the one with the slow row) committed, and no other batch ran.
    const qsizetype slowPos = eligibleByCtid.indexOf(slowId);
    QVERIFY2(rr.deleted > slowPos, qPrintable(QStringLiteral("deleted %1, slow row at %2").arg(rr.deleted).arg(slowPos)));
    const QList<qint64> gone = eligibleByCtid.mid(0, rr.deleted);
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")), minus(all, gone));
    QList<RuleProgress> running;
    for (const RuleProgress &pr : rec.progress())
        if (pr.state == QLatin1String("running"))
            running << pr;
    QVERIFY(!running.isEmpty());
    QCOMPARE(running.last().deleted, rr.deleted);
    QCOMPARE(running.last().batches, rr.batches);
    QVERIFY(running.size() >= 2);
    // The batch before the last one did not yet include the slow row.
    QVERIFY(running.at(running.size() - 2).deleted <= slowPos);
    QCOMPARE(runState(db, r.runId), QStringLiteral("cancelado"));
}

void TestPurgeEngine::terminatedBackendIsReportedAndMarkedInterrupted()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    const QList<qint64> eligibleByCtid =
        db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY ctid")
                   .arg(eligibleWhere(kRefresh, rp->cutoffUtc)));

    const int enginePid = conn.backendPid();
    const QString dbName = db.name();
    std::atomic<bool> terminated{false};
    std::atomic<qint64> deletedAtKill{-1};
    Recorder rec;
    // At the first committed batch, another session terminates the engine's backend (and waits
    // until it is gone) before the engine goes on.
    rec.onProgress = [&](const RuleProgress &pr) {
        if (pr.state != QLatin1String("running") || terminated.load())
            return;
        deletedAtKill.store(pr.deleted);
        std::thread t([&] {
            PgConnection w;
            ConnectError e;
            if (!w.open(test::superuserProfile(m_sandbox, dbName), QString(), &e))
                return;
            if (valueOn(w, QStringLiteral("SELECT pg_terminate_backend(%1)").arg(enginePid)).toBool() &&
                pollUntil(w,
                          QStringLiteral("SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1)")
                              .arg(enginePid),
                          10000))
                terminated.store(true);
        });
        t.join();
    };
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);

    QVERIFY2(terminated.load(), "the engine's backend was not terminated");
    QCOMPARE(r.status, QStringLiteral("error"));
    QCOMPARE(r.exitCode(), 1);
    QCOMPARE(r.rules.size(), 1);
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("error"));
    QVERIFY(!rr.message.isEmpty());
    QCOMPARE(rr.deleted, deletedAtKill.load());
    QVERIFY(rr.deleted > 0);
    // The committed batch stays; nothing else moved.
    const QList<qint64> gone = eligibleByCtid.mid(0, rr.deleted);
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id")), minus(all, gone));
    // The history could not be finished on the dead connection: the run is left 'en_curso' with the
    // dead pid, and the next connection marks it 'interrumpido'.
    QCOMPARE(runState(db, r.runId), QStringLiteral("en_curso"));
    PgConnection next;
    QVERIFY(openPurga(db, next));
    QString err;
    QCOMPARE(HistoryStore::markInterrupted(next, &err), 1);
    QCOMPARE(runState(db, r.runId), QStringLiteral("interrumpido"));
    QVERIFY(db.scalar(QStringLiteral("SELECT terminada_en IS NOT NULL FROM identidad.purga_corridas "
                                     "WHERE corrida_id = '%1'")
                          .arg(r.runId))
                .toBool());
    // Idempotent.
    QCOMPARE(HistoryStore::markInterrupted(next, &err), 0);
    // The advisory lock died with the backend.
    QVERIFY(valueOn(next, QStringLiteral("SELECT pg_try_advisory_lock(731001)")).toBool());
}

void TestPurgeEngine::blastRadiusBreakerNeverExceedsThePreview()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p));
    const RulePreview *rp = p.rule(kRefresh);
    const QString where = eligibleWhere(kRefresh, rp->cutoffUtc);

    // After the preview, 300 kept rows inside the preview's key range become removable.
    QVERIFY(db.exec(QStringLiteral("UPDATE identidad.trx_refresh_tokens SET revocado = true, "
                                   "revocado_en = now() - interval '40 days' WHERE id IN ("
                                   "SELECT id FROM identidad.trx_refresh_tokens WHERE NOT (%1) AND id BETWEEN %2 AND %3 "
                                   "ORDER BY id % 7, id LIMIT 300)")
                        .arg(where)
                        .arg(rp->keyMin)
                        .arg(rp->keyMax)));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens WHERE %1").arg(where))
                 .toLongLong(),
             rp->eligible + 300);
    const QList<qint64> before = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    QCOMPARE(r.status, QStringLiteral("error"));
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("error"));
    QVERIFY2(rr.message.contains(QString::number(rp->eligible)), qPrintable(rr.message));
    QVERIFY(rr.deleted <= rp->eligible);
    const QList<qint64> after = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    const qint64 gone = before.size() - after.size();
    QCOMPARE(gone, rr.deleted);
    QVERIFY2(gone <= rp->eligible, qPrintable(QStringLiteral("%1 rows gone, preview %2").arg(gone).arg(rp->eligible)));
    for (const RuleProgress &pr : rec.progress())
        QVERIFY(pr.deleted <= rp->eligible);
    QCOMPARE(runState(db, r.runId), QStringLiteral("error"));
    QCOMPARE(metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("trx_refresh_tokens"))
                 .toLongLong(),
             rr.deleted);
}

void TestPurgeEngine::concurrentWriterIsUntouched()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(kFiller)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kRefresh}, &p, [](RuleConfig &c) { c.pauseMs = 15; }));
    const RulePreview *rp = p.rule(kRefresh);
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens ORDER BY id"));
    const QList<qint64> eligible = db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE %1 ORDER BY id")
                                              .arg(eligibleWhere(kRefresh, rp->cutoffUtc)));

    // The API (its own role, one tenant through RLS) inserts tokens and revokes the previous one,
    // in a loop. Some of its rows would match the rule (revoked "45 days ago", or already expired):
    // they are not in the confirmed preview and must stay.
    const ConnectionProfile apiProfile = db.profile(QStringLiteral("identidad_api"));
    const QString apiPassword = db.passwordFor(QStringLiteral("identidad_api"));
    std::atomic<bool> stop{false};
    std::atomic<int> iterations{0}, errors{0};
    QString firstError;
    QList<qint64> inserted, revoked;
    std::thread writer([&] {
        PgConnection w;
        ConnectError e;
        if (!w.open(apiProfile, apiPassword, &e)) {
            firstError = e.message + u' ' + e.detail;
            errors.fetch_add(1);
            return;
        }
        QString se;
        if (!w.execScript(QStringLiteral("SET app.current_empresa_id = '99'"), &se)) {
            firstError = se;
            errors.fetch_add(1);
            return;
        }
        qint64 previous = -1;
        for (int i = 0; !stop.load(); ++i) {
            QSqlQuery ins(w.database());
            ins.prepare(QStringLiteral(
                "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, expiracion) "
                "VALUES (99, ?, gen_random_uuid(), 'writer:' || ?, CASE WHEN ? % 3 = 0 THEN now() - interval '60 days' "
                "ELSE now() + interval '30 days' END) RETURNING id"));
            ins.addBindValue(i);
            ins.addBindValue(i);
            ins.addBindValue(i);
            if (!ins.exec() || !ins.next()) {
                if (firstError.isEmpty())
                    firstError = ins.lastError().text();
                errors.fetch_add(1);
                continue;
            }
            const qint64 id = ins.value(0).toLongLong();
            inserted << id;
            if (previous > 0) {
                QSqlQuery up(w.database());
                up.prepare(QStringLiteral("UPDATE identidad.trx_refresh_tokens SET revocado = true, revocado_en = "
                                          "CASE WHEN ? % 2 = 0 THEN now() ELSE now() - interval '45 days' END "
                                          "WHERE id = ?"));
                up.addBindValue(i);
                up.addBindValue(previous);
                if (!up.exec() || up.numRowsAffected() != 1) {
                    if (firstError.isEmpty())
                        firstError = up.lastError().text() + QStringLiteral(" (rows %1)").arg(up.numRowsAffected());
                    errors.fetch_add(1);
                } else {
                    revoked << previous;
                }
            }
            previous = id;
            iterations.fetch_add(1);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    });
    QElapsedTimer warm;
    warm.start();
    while (iterations.load() < 5 && errors.load() == 0 && warm.elapsed() < 10000)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const int itBefore = iterations.load();
    const PurgeReceipt r = engine.run(p, options({kRefresh}), &rec);
    const int itDuring = iterations.load() - itBefore;
    stop.store(true);
    writer.join();

    QVERIFY2(errors.load() == 0, qPrintable(QStringLiteral("writer errors: %1, first: %2").arg(errors.load()).arg(firstError)));
    QVERIFY2(itDuring > 0, "the writer made no progress during the purge");
    QCOMPARE(r.status, QStringLiteral("ok"));
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.deleted, rp->eligible);
    // Every writer row is there, and the revoked ones are still revoked.
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE token_hash LIKE 'writer:%' "
                                   "ORDER BY id")),
             sorted(inserted));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE token_hash LIKE 'writer:%' "
                                   "AND revocado ORDER BY id")),
             sorted(revoked));
    // And the pre-existing rows: exactly the preview gone.
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens WHERE token_hash NOT LIKE 'writer:%' "
                                   "ORDER BY id")),
             minus(all, eligible));
}

void TestPurgeEngine::logSesionesWithDefaultFallsBackToPlainDetach()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(logSeedSql(true)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = expectedRemovable(db, rp->cutoffUtc);
    QVERIFY2(expected.size() >= 3, qPrintable(expected.join(u',')));
    QStringList previewed;
    for (const PartitionInfo &pi : rp->partitions)
        if (pi.removable)
            previewed << pi.name;
    previewed.sort();
    QCOMPARE(previewed, expected);
    QCOMPARE(rp->eligible, qint64(100 * expected.size()));

    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id"));
    QList<qint64> inRemovable;
    for (const QString &part : expected)
        inRemovable << db.ids(QStringLiteral("SELECT id FROM %1").arg(part));
    const QList<qint64> inDefault = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones_default ORDER BY id"));
    QCOMPARE(inDefault.size(), 2);

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QCOMPARE(r.status, QStringLiteral("ok"));
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("ok"));
    QVERIFY2(rr.sql.contains(QStringLiteral("DETACH PARTITION")), qPrintable(rr.sql));
    QVERIFY2(!rr.sql.contains(QStringLiteral("CONCURRENTLY")), qPrintable(rr.sql));
    QStringList dropped = rr.droppedPartitions, detached = rr.detachedPartitions;
    dropped.sort();
    detached.sort();
    QCOMPARE(dropped, expected);
    QCOMPARE(detached, expected);
    QCOMPARE(rr.deleted, rp->eligible);
    for (const QString &part : expected)
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(), qPrintable(part));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id")), minus(all, inRemovable));
    // The DEFAULT partition is untouched and still attached.
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones_default ORDER BY id")), inDefault);
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = "
                                      "'identidad.log_sesiones_default'::regclass"))
                 .toInt(),
             1);
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
    QCOMPARE(metric(db, r.runId, QStringLiteral("identidad_purga_filas"), QStringLiteral("log_sesiones")).toLongLong(),
             rp->eligible);
    QVERIFY(!metric(db, r.runId, QStringLiteral("identidad_purga_duracion_ms"), QStringLiteral("log_sesiones")).isNull());
    const QJsonObject json = rr.toJson();
    QCOMPARE(json.value(QStringLiteral("dropped_partitions")).toArray().size(), expected.size());
}

void TestPurgeEngine::logSesionesDetachOnlyKeepsTheTables()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(logSeedSql(true)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = expectedRemovable(db, rp->cutoffUtc);
    QVERIFY(!expected.isEmpty());
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id"));
    QMap<QString, QList<qint64>> partIds;
    QList<qint64> inRemovable;
    for (const QString &part : expected) {
        partIds[part] = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(part));
        inRemovable << partIds[part];
    }

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    PurgeOptions o = options({kLog});
    o.detachOnly = true;
    const PurgeReceipt r = engine.run(p, o, &rec);
    QCOMPARE(r.status, QStringLiteral("ok"));
    const RuleReceipt &rr = r.rules.first();
    QVERIFY(rr.droppedPartitions.isEmpty());
    QStringList detached = rr.detachedPartitions;
    detached.sort();
    QCOMPARE(detached, expected);
    QVERIFY2(!rr.sql.contains(QStringLiteral("DROP TABLE")), qPrintable(rr.sql));
    for (const QString &part : expected) {
        // Kept as a standalone table with all its rows, no longer a partition.
        QCOMPARE(db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(part)), partIds.value(part));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhrelid = '%1'::regclass").arg(part))
                     .toInt(),
                 0);
    }
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id")), minus(all, inRemovable));
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
}

void TestPurgeEngine::logSesionesWithoutDefaultDetachesConcurrently()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")));
    QVERIFY(db.exec(logSeedSql(false)));
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = expectedRemovable(db, rp->cutoffUtc);
    QVERIFY(!expected.isEmpty());
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id"));
    QList<qint64> inRemovable;
    for (const QString &part : expected)
        inRemovable << db.ids(QStringLiteral("SELECT id FROM %1").arg(part));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QCOMPARE(r.status, QStringLiteral("ok"));
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("ok"));
    for (const QString &part : expected)
        QVERIFY2(rr.sql.contains(QStringLiteral("DETACH PARTITION %1 CONCURRENTLY").arg(part)), qPrintable(rr.sql));
    QStringList dropped = rr.droppedPartitions;
    dropped.sort();
    QCOMPARE(dropped, expected);
    QCOMPARE(rr.deleted, rp->eligible);
    for (const QString &part : expected)
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(), qPrintable(part));
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id")), minus(all, inRemovable));
    QCOMPARE(runState(db, r.runId), QStringLiteral("ok"));
}

void TestPurgeEngine::interruptedConcurrentDetachIsFinalized()
{
    test::TestDatabase db(m_sandbox, QStringLiteral("purge"));
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")));
    QVERIFY(db.exec(logSeedSql(false)));
    const QString cutoffNow = db.scalar(QStringLiteral("SELECT (now() - interval '365 days')::text")).toString();
    const QStringList removable = expectedRemovable(db, cutoffNow);
    QVERIFY(removable.size() >= 2);
    const QString victim = removable.first();
    const QList<qint64> victimIds = db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(victim));
    QCOMPARE(victimIds.size(), 100);

    // A reader keeps a transaction open on the parent, so that a concurrent detach stops in its
    // second phase (waiting for older snapshots/lockers); that detach is then cancelled, leaving the
    // partition "detach pending" (pg_inherits.inhdetachpending).
    PgConnection reader;
    QVERIFY(openAdmin(db, reader));
    QString err;
    QVERIFY2(reader.execScript(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ; "
                                              "SELECT count(*) FROM identidad.log_sesiones"),
                               &err),
             qPrintable(err));
    const QString dbName = db.name();
    std::atomic<int> detacherPid{0};
    QString detachError;
    bool detachOk = true;
    std::thread detacher([&] {
        PgConnection d;
        ConnectError e;
        if (!d.open(test::superuserProfile(m_sandbox, dbName), QString(), &e)) {
            detachError = e.message;
            detachOk = false;
            detacherPid.store(-1);
            return;
        }
        detacherPid.store(d.backendPid());
        detachOk = d.execScript(
            QStringLiteral("ALTER TABLE identidad.log_sesiones DETACH PARTITION %1 CONCURRENTLY").arg(victim),
            &detachError);
    });
    QElapsedTimer t;
    t.start();
    while (detacherPid.load() == 0 && t.elapsed() < 10000)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    bool waiting = false;
    while (!waiting && t.elapsed() < 15000) {
        waiting = db.scalar(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1 "
                                           "AND wait_event_type = 'Lock')")
                                .arg(detacherPid.load()))
                      .toBool();
        if (!waiting)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const bool pendingWhileWaiting =
        db.scalar(QStringLiteral("SELECT coalesce((SELECT inhdetachpending FROM pg_inherits WHERE inhrelid = "
                                 "'%1'::regclass), false)")
                      .arg(victim))
            .toBool();
    QVERIFY(db.scalar(QStringLiteral("SELECT pg_cancel_backend(%1)").arg(detacherPid.load())).toBool());
    detacher.join();
    QVERIFY(reader.execScript(QStringLiteral("ROLLBACK"), &err));
    reader.close();
    QVERIFY2(waiting, "the concurrent detach never waited in its second phase");
    QVERIFY(pendingWhileWaiting);
    QVERIFY2(!detachOk, "the concurrent detach was expected to be cancelled");
    QVERIFY2(detachError.contains(QStringLiteral("cancel")), qPrintable(detachError));
    QCOMPARE(db.scalar(QStringLiteral("SELECT inhdetachpending FROM pg_inherits WHERE inhrelid = '%1'::regclass")
                           .arg(victim))
                 .toBool(),
             true);

    // The next run finishes the interrupted detach and goes on with the others.
    PgConnection conn;
    QVERIFY(openPurga(db, conn));
    QVERIFY(setupHistory(conn));
    PreviewPlan p;
    QVERIFY(plan(conn, {kLog}, &p));
    const RulePreview *rp = p.rule(kLog);
    const QStringList expected = expectedRemovable(db, rp->cutoffUtc);
    QCOMPARE(expected, removable);
    const QList<qint64> all = db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id"));
    QList<qint64> inOthers;
    for (const QString &part : expected)
        if (part != victim)
            inOthers << db.ids(QStringLiteral("SELECT id FROM %1").arg(part));

    Recorder rec;
    QueryCanceller canceller;
    PurgeEngine engine(conn, canceller);
    const PurgeReceipt r = engine.run(p, options({kLog}), &rec);
    QCOMPARE(r.status, QStringLiteral("ok"));
    const RuleReceipt &rr = r.rules.first();
    QCOMPARE(rr.status, QStringLiteral("ok"));
    QVERIFY2(rr.sql.contains(QStringLiteral("DETACH PARTITION %1 FINALIZE").arg(victim)), qPrintable(rr.sql));
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM pg_inherits WHERE inhdetachpending")).toInt(), 0);
    QVERIFY2(!db.scalar(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass('%1'))")
                            .arg(victim))
                  .toBool(),
             "the interrupted partition is still attached");
    // The other removable partitions were detached concurrently and dropped.
    for (const QString &part : expected) {
        if (part == victim)
            continue;
        QVERIFY2(rr.droppedPartitions.contains(part), qPrintable(rr.droppedPartitions.join(u',')));
        QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(part)).toBool(), qPrintable(part));
    }
    QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.log_sesiones ORDER BY id")), minus(all, inOthers));
    // The finalized partition was in the confirmed preview as removable, and not "detach only":
    // it must be dropped like the others and accounted for in the receipt.
    QVERIFY2(rr.droppedPartitions.contains(victim) || rr.detachedPartitions.contains(victim),
             qPrintable(QStringLiteral("finalized %1 is not in the receipt (dropped: %2; detached: %3); it is %4")
                            .arg(victim, rr.droppedPartitions.join(u','), rr.detachedPartitions.join(u','),
                                 db.scalar(QStringLiteral("SELECT CASE WHEN to_regclass('%1') IS NULL THEN 'dropped' "
                                                          "ELSE 'left as a standalone table' END")
                                               .arg(victim))
                                     .toString())));
    QVERIFY2(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(victim)).toBool(),
             qPrintable(QStringLiteral("%1 was finalized but left behind as a table").arg(victim)));
    // And the preview counted its rows (queries through the parent no longer see a detach-pending partition).
    for (const PartitionInfo &pi : rp->partitions)
        if (pi.name == victim)
            QCOMPARE(pi.rows, qint64(victimIds.size()));
}

QTEST_GUILESS_MAIN(TestPurgeEngine)
#include "tst_purgeengine.moc"
