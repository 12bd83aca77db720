// The scheduled job's health from the shared history (ADR 0021 §4: alert after 48 h without a run).
#include "core/history/historystore.h"
#include "core/pg/pgconnection.h"
#include "core/preflight/preflight.h"
#include "support/pgsandbox.h"

#include <QTest>

using namespace purga;

class TestJobHealth : public QObject
{
    Q_OBJECT
private:
    const PreflightItem *jobItem(const QString &runsSql)
    {
        m_conn.reset(); // before its database goes
        m_db = std::make_unique<test::TestDatabase>(m_sandbox, QStringLiteral("jobhealth"));
        if (!m_db->isValid())
            return nullptr;
        m_conn = std::make_unique<PgConnection>();
        DbFailure err;
        QString error;
        if (!m_conn->open(m_db->profile(), m_db->passwordFor(QStringLiteral("identidad_purga")), &err) ||
            !HistoryStore::setup(*m_conn, &error) || (!runsSql.isEmpty() && !m_db->exec(runsSql)) ||
            !runPreflight(*m_conn, &m_report, &err))
            return nullptr;
        m_ran = true;
        for (const PreflightItem &i : m_report.items)
            if (i.id == QLatin1String("job"))
                return &i;
        return nullptr;
    }
    static QString run(const char *origin, const char *status, int hoursAgo)
    {
        return QStringLiteral(
                   "INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, iniciada_en, estado) "
                   "VALUES (gen_random_uuid(), '%1', 'job', now() - interval '%2 hours', '%3');")
            .arg(QLatin1String(origin))
            .arg(hoursAgo)
            .arg(QLatin1String(status));
    }

private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }
    void init() { m_ran = false; }

    void recentSuccessIsQuiet()
    {
        QVERIFY(!jobItem(run("job", "ok", 10) + run("job", "error", 2)));
        QVERIFY(m_ran);
        QVERIFY(m_report.hoursSinceJobOk > 9.9 && m_report.hoursSinceJobOk < 10.1);
        QVERIFY(!m_report.lastJobOkUtc.isEmpty());
    }

    void staleSuccessWarns()
    {
        const PreflightItem *i =
            jobItem(run("job", "ok", 60) + run("job", "lock_ocupado", 5) + run("manual", "ok", 1));
        QVERIFY(m_ran);
        QVERIFY(i);
        QCOMPARE(i->status, PreflightItem::Status::Warning);
        QVERIFY2(i->title.contains(QLatin1String("60 h")), qPrintable(i->title));
        QVERIFY(!i->blocksPreview && !i->blocksPurge); // a warning, not a refusal
        QVERIFY(m_report.canPurge());
    }

    void neverSucceededWarns()
    {
        const PreflightItem *i = jobItem(run("job", "error", 3));
        QVERIFY(m_ran);
        QVERIFY(i);
        QVERIFY(i->title.contains(QLatin1String("never")));
    }

    void noJobHistorySaysNothing()
    {
        QVERIFY(!jobItem(run("manual", "ok", 100)));
        QVERIFY(m_ran);
        QCOMPARE(m_report.hoursSinceJobOk, -1.0);
    }

private:
    test::SandboxInfo m_sandbox;
    std::unique_ptr<test::TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_conn;
    PreflightReport m_report;
    bool m_ran = false;
};

QTEST_GUILESS_MAIN(TestJobHealth)
#include "tst_jobhealth.moc"
