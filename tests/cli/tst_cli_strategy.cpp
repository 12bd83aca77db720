// The real purga-sesiones-cli with --strategy: keyset batches give the receipt counts of the default
// TID ranges over the very same rows (the tables put back between the runs), the receipt names its
// batch_strategy and the tables without an index on (empresa_id, id) (the run and the dry run say
// so, with the CREATE INDEX), and a bad value or keyset with --parallel is a usage error (exit 2)
// that deletes nothing.
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QTest>

using namespace purga;
using namespace purga::test;

namespace {

// deleted/planned per rule id of a receipt.
QMap<QString, QString> counts(const QJsonObject &receipt)
{
    QMap<QString, QString> out;
    for (const QJsonValue &v : receipt.value(QStringLiteral("rules")).toArray()) {
        const QJsonObject r = v.toObject();
        out.insert(r.value(QStringLiteral("id")).toString(),
                   QStringLiteral("%1/%2 %3")
                       .arg(qint64(r.value(QStringLiteral("deleted")).toDouble()))
                       .arg(qint64(r.value(QStringLiteral("planned")).toDouble()))
                       .arg(r.value(QStringLiteral("status")).toString()));
    }
    return out;
}

} // namespace

class TestCliStrategy : public CliTestCase
{
    Q_OBJECT

private:
    QStringList purgeArgs(const TestDatabase &db, const QStringList &extra)
    {
        return sl({"purge", "--rule", "refresh_tokens", "--rule", "pre_tokens", "--yes", "--json",
                   "--batch-size", "500", "--conninfo", conninfo(db)}) +
               extra;
    }
    qint64 rows(TestDatabase &db)
    {
        return db
            .scalar(QStringLiteral("SELECT (SELECT count(*) FROM identidad.trx_refresh_tokens) + "
                                   "(SELECT count(*) FROM identidad.trx_pre_tokens)"))
            .toLongLong();
    }

private slots:
    void keysetReceiptCountsEqualTheDefault()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_strategy"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(kFiller)) && db.exec(preSeedSql(kFiller / 2)) && setupHistory(db));
        // refresh_tokens gets the index keyset batches walk; pre_tokens has none (as in the schema).
        QVERIFY(db.exec(QStringLiteral("CREATE INDEX ON identidad.trx_refresh_tokens (empresa_id, id)")));
        const QString refresh = QStringLiteral("identidad.trx_refresh_tokens");
        const QString pre = QStringLiteral("identidad.trx_pre_tokens");
        QVERIFY(db.exec(snapshotSql(refresh)) && db.exec(snapshotSql(pre)));

        const CliResult tid = run(purgeArgs(db, {}), m_sandbox.purgaPassword);
        QVERIFY2(tid.exitCode == 0, qPrintable(tid.describe()));
        QString why;
        const QJsonObject t = tid.json(&why);
        QVERIFY2(!t.isEmpty(), qPrintable(why));
        QCOMPARE(t.value(QStringLiteral("batch_strategy")).toString(), QStringLiteral("tid"));
        const QList<qint64> afterTid =
            db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens UNION ALL SELECT -id FROM "
                                  "identidad.trx_pre_tokens ORDER BY 1"));
        QVERIFY(db.exec(restoreSql(refresh)) && db.exec(restoreSql(pre)));

        const CliResult key = run(purgeArgs(db, sl({"--strategy", "keyset"})), m_sandbox.purgaPassword);
        QVERIFY2(key.exitCode == 0, qPrintable(key.describe()));
        const QJsonObject k = key.json(&why);
        QVERIFY2(!k.isEmpty(), qPrintable(why));
        QCOMPARE(k.value(QStringLiteral("batch_strategy")).toString(), QStringLiteral("keyset"));
        QCOMPARE(counts(k), counts(t));
        QCOMPARE(counts(k).size(), 2);
        QVERIFY(!counts(k).value(QStringLiteral("refresh_tokens")).startsWith(u'0'));
        QCOMPARE(db.ids(QStringLiteral("SELECT id FROM identidad.trx_refresh_tokens UNION ALL "
                                       "SELECT -id FROM identidad.trx_pre_tokens ORDER BY 1")),
                 afterTid);
        QCOMPARE(k.value(QStringLiteral("keyset_without_index")).toArray(), QJsonArray{pre});
        QCOMPARE(t.value(QStringLiteral("keyset_without_index")).toArray(), QJsonArray());
        // Said on stderr while it runs, quiet or not: the table and the statement that fixes it.
        QVERIFY2(key.errText().contains(
                     QStringLiteral("CREATE INDEX CONCURRENTLY trx_pre_tokens_empresa_id_id_idx")),
                 qPrintable(key.describe()));
        QVERIFY2(!key.errText().contains(QStringLiteral("trx_refresh_tokens_empresa_id_id_idx")),
                 qPrintable(key.describe()));
    }

    void dryRunWarnsOfAMissingIndex()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_strategy"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(200)));
        const CliResult r =
            run(sl({"purge", "--rule", "refresh_tokens", "--strategy", "keyset", "--conninfo", conninfo(db)}),
                m_sandbox.purgaPassword);
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.errText().contains(QStringLiteral("Warning: identidad.trx_refresh_tokens: no index")),
                 qPrintable(r.describe()));
        // The default strategy needs no such index: nothing to say.
        const CliResult tid = run(sl({"purge", "--rule", "refresh_tokens", "--conninfo", conninfo(db)}),
                                  m_sandbox.purgaPassword);
        QVERIFY2(tid.exitCode == 0 && !tid.errText().contains(QStringLiteral("no index")),
                 qPrintable(tid.describe()));
    }

    void badStrategyAndKeysetWithParallelAreUsageErrors()
    {
        TestDatabase db(m_sandbox, QStringLiteral("cli_strategy"));
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QVERIFY(db.exec(refreshSeedSql(2000)) && db.exec(preSeedSql(2000)));
        const qint64 before = rows(db);
        for (const char *v : {"ctid", "KEYSET", "tid,keyset"}) {
            const CliResult r = run(purgeArgs(db, sl({"--strategy", v})), m_sandbox.purgaPassword);
            QVERIFY2(r.exitCode == 2, qPrintable(r.describe()));
            QVERIFY2(r.errText().contains(QStringLiteral("--strategy takes tid or keyset")),
                     qPrintable(r.describe()));
        }
        QCOMPARE(rows(db), before);
        const CliResult par =
            run(purgeArgs(db, sl({"--strategy", "keyset", "--parallel", "2"})), m_sandbox.purgaPassword);
        QVERIFY2(par.exitCode == 2, qPrintable(par.describe()));
        QVERIFY2(par.errText().contains(QStringLiteral("--strategy keyset runs on one connection")),
                 qPrintable(par.describe()));
        QCOMPARE(rows(db), before);
        // --parallel 1 is one connection: allowed.
        const CliResult one =
            run(purgeArgs(db, sl({"--strategy", "keyset", "--parallel", "1"})), m_sandbox.purgaPassword);
        QVERIFY2(one.exitCode == 0, qPrintable(one.describe()));
    }

    void helpNamesTheOption()
    {
        const CliResult r = run(sl({"purge", "--help"}));
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY(QString::fromUtf8(r.out).contains(QStringLiteral("--strategy tid|keyset")));
    }
};

QTEST_GUILESS_MAIN(TestCliStrategy)
#include "tst_cli_strategy.moc"
