#include "purgefixtures.h"

#include "core/forensics/legalholds.h"
#include "core/history/historystore.h"

#include <QElapsedTimer>
#include <QSet>
#include <QSqlQuery>

#include <algorithm>
#include <thread>

namespace purga::test {

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
)SQL") + refreshFillerSql(filler);
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

QString tsLiteral(const QString &utc)
{
    return QStringLiteral("'%1'::timestamptz").arg(utc);
}

// The rules written independently of Rules::predicate, from their wording (Rules::retentionText).
QString eligibleWhere(const QString &rule, const QString &cutoffUtc)
{
    const QString c = tsLiteral(cutoffUtc);
    if (rule == kRefresh)
        return QStringLiteral(
                   "CASE WHEN expiracion < %1 THEN true "
                   "WHEN revocado AND revocado_en IS NOT NULL THEN revocado_en < %1 ELSE false END")
            .arg(c);
    return QStringLiteral("CASE WHEN expiracion < %1 THEN true WHEN usado_en IS NOT NULL THEN usado_en < %1 "
                          "ELSE false END")
        .arg(c);
}

QString refreshExpiredAndLiveSql(int removable, int kept)
{
    return QStringLiteral(
               "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, "
               "expiracion) SELECT 1, g, gen_random_uuid(), md5('t' || g), now() - interval '45 days' "
               "FROM generate_series(1, %1) g;"
               "INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, "
               "expiracion) SELECT 2, g, gen_random_uuid(), md5('u' || g), now() + interval '1 day' "
               "FROM generate_series(1, %2) g;")
        .arg(removable)
        .arg(kept);
}

QString refreshFillerSql(int filler)
{
    return QStringLiteral(R"SQL(
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

QString snapshotSql(const QString &table)
{
    return QStringLiteral("CREATE TABLE public.snap_%1 AS SELECT * FROM %2")
        .arg(table.section(u'.', -1), table);
}

QString restoreSql(const QString &table)
{
    return QStringLiteral("TRUNCATE %2; INSERT INTO %2 OVERRIDING SYSTEM VALUE SELECT * FROM public.snap_%1 "
                          "ORDER BY id; ANALYZE %2")
        .arg(table.section(u'.', -1), table);
}

QString deleteSizesSql(const QString &table)
{
    return QStringLiteral(
               "CREATE TABLE public.delete_sizes (n bigint, q text);\n"
               "CREATE FUNCTION public.record_delete_size() RETURNS trigger LANGUAGE plpgsql\n"
               "  SECURITY DEFINER AS $$\n"
               "BEGIN INSERT INTO public.delete_sizes SELECT count(*), current_query() FROM old_rows;\n"
               "  RETURN NULL; END $$;\n"
               "CREATE TRIGGER record_delete_size AFTER DELETE ON %1\n"
               "  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "
               "public.record_delete_size();")
        .arg(table);
}

qint64 addHold(PgConnection &conn, const QString &kind, const QString &value, const QString &reason,
               const QString &until)
{
    HoldScope scope;
    QString why;
    qint64 id = 0;
    DbFailure failure;
    if (!HoldScope::parse(kind, value, &scope, &why) ||
        !LegalHolds::add(conn, scope, reason, until, QStringLiteral("tester"), &id, &failure)) {
        qWarning("hold %s %s: %s %s %s", qPrintable(kind), qPrintable(value), qPrintable(why),
                 qPrintable(failure.message), qPrintable(failure.detail));
        return 0;
    }
    return id;
}

std::thread cancelWhenSleeping(const SandboxInfo &sandbox, const QString &dbName, int pid,
                               QueryCanceller &canceller, const std::atomic<bool> &done,
                               std::atomic<bool> &saw, Clock::time_point *at)
{
    return std::thread([&sandbox, dbName, pid, &canceller, &done, &saw, at] {
        PgConnection w;
        DbFailure e;
        if (!w.open(superuserProfile(sandbox, dbName), QString(), &e))
            return;
        if (pollUntil(w,
                      QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = %1 "
                                     "AND wait_event = 'PgSleep')")
                          .arg(pid),
                      30000, &done)) {
            saw.store(true);
            if (at)
                *at = Clock::now();
            canceller.cancel();
        }
    });
}

QString slowTriggerSql(const QString &table, qint64 id, const QString &seconds)
{
    return QStringLiteral("CREATE FUNCTION public.purga_test_slow() RETURNS trigger LANGUAGE plpgsql AS $f$ "
                          "BEGIN IF OLD.id = %1 THEN PERFORM pg_sleep(%2); END IF; RETURN OLD; END $f$; "
                          "CREATE TRIGGER purga_test_slow BEFORE DELETE ON %3 FOR EACH ROW "
                          "EXECUTE FUNCTION public.purga_test_slow();")
        .arg(id)
        .arg(seconds, table);
}

bool openPurga(const TestDatabase &db, PgConnection &c, const QString &app)
{
    ConnectionProfile p = db.profile();
    if (!app.isEmpty())
        p.applicationName = app;
    DbFailure err;
    if (!c.open(p, db.passwordFor(QStringLiteral("identidad_purga")), &err)) {
        qWarning("cannot connect as identidad_purga: %s %s", qPrintable(err.message), qPrintable(err.detail));
        return false;
    }
    return true;
}

bool openAdmin(const SandboxInfo &sandbox, const TestDatabase &db, PgConnection &c)
{
    DbFailure err;
    if (!c.open(superuserProfile(sandbox, db.name()), QString(), &err)) {
        qWarning("cannot connect as superuser: %s %s", qPrintable(err.message), qPrintable(err.detail));
        return false;
    }
    return true;
}

bool setupHistory(PgConnection &c)
{
    QString err;
    if (!HistoryStore::setup(c, &err)) {
        qWarning("HistoryStore::setup: %s", qPrintable(err));
        return false;
    }
    return true;
}

bool seedLogDatabase(TestDatabase &db, PgConnection &c, bool withDefault)
{
    if (!withDefault && !db.exec(QStringLiteral("DROP TABLE identidad.log_sesiones_default")))
        return false;
    return db.exec(logSeedSql(withDefault)) && openPurga(db, c) && setupHistory(c);
}

bool setupHistory(const TestDatabase &db)
{
    PgConnection c;
    DbFailure e;
    if (!c.open(db.profile(), db.passwordFor(QStringLiteral("identidad_purga")), &e))
        return false;
    return setupHistory(c);
}

bool plan(PgConnection &c, const QStringList &ids, PreviewPlan *out,
          const std::function<void(RuleConfig &)> &tweak)
{
    QList<RuleConfig> configs;
    for (const QString &id : ids) {
        RuleConfig rc = Rules::defaults(id);
        rc.batchSize = kBatch;
        if (tweak)
            tweak(rc);
        configs << rc;
    }
    DbFailure err;
    if (!takePreview(c, configs, nullptr, nullptr, out, &err)) {
        qWarning("takePreview: %s", qPrintable(err.message));
        return false;
    }
    return true;
}

PurgeOptions options(const QStringList &ids)
{
    PurgeOptions o;
    o.ruleIds = ids;
    o.operatorName = QStringLiteral("tester");
    return o;
}

QString runState(TestDatabase &db, const QString &runId)
{
    return db
        .scalar(QStringLiteral("SELECT coalesce((SELECT estado FROM identidad.purga_corridas "
                               "WHERE corrida_id = '%1'), '<no run row>')")
                    .arg(runId))
        .toString();
}

QVariant metric(TestDatabase &db, const QString &runId, const QString &name, const QString &table)
{
    return db.scalar(
        QStringLiteral("SELECT (SELECT valor FROM identidad.purga_metricas WHERE corrida_id = '%1' "
                       "AND metrica = '%2' AND tabla = '%3')")
            .arg(runId, name, table));
}

QStringList strings(TestDatabase &db, const QString &sql)
{
    const QString joined =
        db.scalar(QStringLiteral("SELECT coalesce(string_agg(x::text, '|' ORDER BY x), '') "
                                 "FROM (%1) s(x)")
                      .arg(sql))
            .toString();
    return joined.isEmpty() ? QStringList() : joined.split(u'|');
}

QList<qint64> allIds(TestDatabase &db, const QString &table)
{
    return db.ids(QStringLiteral("SELECT id FROM %1 ORDER BY id").arg(table));
}

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
        sql += QStringLiteral(
            "INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ocurrido_en) VALUES "
            "(1, 1, 'login', now() - interval '30 months'), (1, 2, 'logout', now() + interval '6 "
            "months');\n");
    sql += QStringLiteral("ANALYZE identidad.log_sesiones;\n");
    return sql;
}

QStringList removableLogPartitions(TestDatabase &db, const QList<int> &monthsBack, const QString &cutoffSql)
{
    QStringList months;
    for (int n : monthsBack)
        months << QString::number(n);
    return strings(db,
                   QStringLiteral("SELECT 'identidad.log_sesiones_' || to_char(m, 'YYYY_MM') "
                                  "FROM (SELECT date_trunc('month', now()) - make_interval(months => n) AS m "
                                  "FROM unnest(ARRAY[%1]) n) s "
                                  "WHERE m + interval '1 month' <= %2")
                       .arg(months.join(QStringLiteral(", ")), cutoffSql));
}

QVariant valueOn(PgConnection &c, const QString &sql)
{
    QSqlQuery q(c.database());
    if (!q.exec(sql) || !q.next())
        return QVariant();
    return q.value(0);
}

bool pollUntil(PgConnection &c, const QString &sql, int timeoutMs, const std::atomic<bool> *abort)
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

QString listText(const QList<qint64> &ids)
{
    QStringList out;
    for (qint64 id : ids)
        out << QString::number(id);
    return u'[' + out.join(u',') + u']';
}

bool takeOne(PgConnection &conn, const RuleConfig &config, PreviewPlan *plan, QString *error)
{
    DbFailure failure;
    const bool ok = takePreview(conn, {config}, nullptr, nullptr, plan, &failure);
    if (!ok && error)
        *error = failure.message;
    return ok;
}

void Recorder::ruleProgress(const RuleProgress &p)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_progress << p;
    }
    if (onProgress)
        onProgress(p);
}

void Recorder::log(const QString &line)
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_lines << line;
    }
    if (onLog)
        onLog(line);
}

QList<RuleProgress> Recorder::progress()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_progress;
}

QString Recorder::logText()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_lines.join(u'\n');
}

} // namespace purga::test
