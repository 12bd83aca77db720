// EvidenceFreeze against the sandbox: a freeze's history row names the OS user who took it, and a
// freeze whose connection was cut (a lost freeze) gets its end and 'interrumpido' from
// HistoryStore::markInterrupted, while a live freeze is left alone.
#include "core/history/historystore.h"
#include "core/locks/evidencefreeze.h"
#include "core/pg/pgconnection.h"
#include "support/clirunner.h"
#include "support/locksessions.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QTest>

using namespace purga;
using namespace purga::test;

class TestEvidenceFreeze : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { PURGA_REQUIRE_SANDBOX(m_sandbox); }

    void lostFreezeRowEndsAndNamesItsOsUser()
    {
        TestDatabase db(m_sandbox, QStringLiteral("freezedb"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(setupHistory(db));
        PgConnection frozen, other;
        QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("freeze"), frozen));
        QVERIFY(openAs(db, QStringLiteral("identidad_purga"), QStringLiteral("other"), other));
        FreezeInfo info;
        QString holder;
        DbFailure failure;
        QVERIFY(EvidenceFreeze::take(frozen, 731001, QStringLiteral("maria.dba"), &info, &holder, &failure));
        QVERIFY2(!info.runId.isEmpty(), qPrintable(info.note));
        const QString row = QStringLiteral("SELECT %1 FROM identidad.purga_corridas WHERE corrida_id = '%2'")
                                .arg(QStringLiteral("%1"), info.runId);
        QCOMPARE(db.scalar(row.arg(QStringLiteral("usuario_so"))).toString(), QStringLiteral("maria.dba"));

        // While its backend lives, the freeze is not closed.
        QString error;
        QCOMPARE(HistoryStore::markInterrupted(other, &error), 0);
        QVERIFY(db.scalar(row.arg(QStringLiteral("terminada_en IS NULL"))).toBool());

        QVERIFY(db.exec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(info.backendPid)));
        QVERIFY(waitFor(
            db,
            QStringLiteral("SELECT count(*) = 0 FROM pg_stat_activity WHERE pid = %1").arg(info.backendPid),
            10000));
        QCOMPARE(HistoryStore::markInterrupted(other, &error), 1);
        QCOMPARE(db.scalar(row.arg(QStringLiteral("estado"))).toString(), QStringLiteral("interrumpido"));
        QVERIFY(db.scalar(row.arg(QStringLiteral("terminada_en IS NOT NULL"))).toBool());
        QCOMPARE(db.scalar(row.arg(QStringLiteral("usuario_so"))).toString(), QStringLiteral("maria.dba"));
    }

private:
    SandboxInfo m_sandbox;
};

QTEST_GUILESS_MAIN(TestEvidenceFreeze)
#include "tst_evidencefreeze.moc"
