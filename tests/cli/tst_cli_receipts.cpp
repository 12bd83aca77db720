// Signed, hash-chained receipts through the real purga-sesiones-cli, the real sandbox server and a
// real gnome-keyring: each purge appends a receipt signed with the workstation's key (created on
// first use, in the keychain only), `verify --chain` and `verify --receipt` accept them, an
// independent verifier (PyNaCl, tests/support/verify_receipts.py) agrees, and a changed byte, a
// deleted middle receipt and two swapped receipts are each named, with exit 7.
#include "core/receipts/receiptenvelope.h"
#include "core/security/receiptkeystore.h"
#include "support/clirunner.h"
#include "support/clitestcase.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace purga;
using namespace purga::test;

class TestCliReceipts : public CliTestCase
{
    Q_OBJECT
private slots:
    void initTestCase();
    void purgesChainSignedReceiptsAnIndependentVerifierAccepts();
    void changedByteIsNamedAltered();
    void deletedMiddleReceiptIsNamedMissing();
    void swappedReceiptsAreNamedOutOfOrder();
    void tamperedFileFailsBothVerifiers();
    void verifyUsage();

private:
    CliResult cli(const TestDatabase &db, std::initializer_list<Arg> args) const
    {
        return run(sl(args) + QStringList{QStringLiteral("--conninfo"), conninfo(db)}, m_sandbox.purgaPassword);
    }
    CliResult runA(std::initializer_list<Arg> args) const { return run(sl(args)); }
    // A database with `n` purges behind it, each with its signed receipt.
    void makeChain(TestDatabase &db, int n);
    // verify --chain --json on `db`: exit code and report.
    QJsonObject verifyChain(const TestDatabase &db, int expectedExit);
    // As the superuser, past the append-only triggers (session_replication_role = replica).
    bool tamper(TestDatabase &db, const QString &sql)
    {
        QString err;
        const bool ok = db.exec(
            QStringLiteral("BEGIN; SET LOCAL session_replication_role = replica; %1; COMMIT").arg(sql), &err);
        if (!ok)
            qWarning("tamper: %s", qPrintable(err));
        return ok;
    }
    CliResult python(const QStringList &files) const
    {
        QProcess p;
        p.setProgram(QStringLiteral("/usr/bin/python3"));
        p.setArguments(QStringList{qEnvironmentVariable("PURGA_SOURCE_DIR") +
                                   QStringLiteral("/tests/support/verify_receipts.py")} +
                       files);
        return runProcess(p, 30000);
    }
    QTemporaryDir m_files;
};

void TestCliReceipts::initTestCase()
{
    if (!requireCli())
        return;
    PURGA_REQUIRE_KEYRING();
    QVERIFY(m_files.isValid());
}

void TestCliReceipts::makeChain(TestDatabase &db, int n)
{
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(db.exec(refreshSeedSql(200)));
    QVERIFY(setupHistory(db));
    for (int i = 1; i <= n; ++i) {
        const CliResult r = cli(db, {"purge", "--rule", "refresh_tokens", "--yes", "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QString why;
        const QJsonObject s = r.json(&why).value(QStringLiteral("signed_receipt")).toObject();
        QVERIFY2(qint64(s.value(QStringLiteral("sequence")).toDouble()) == i, qPrintable(r.describe()));
    }
    QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM identidad.purga_recibos")).toInt(), n);
}

QJsonObject TestCliReceipts::verifyChain(const TestDatabase &db, int expectedExit)
{
    const CliResult r = cli(db, {"verify", "--chain", "--json"});
    QString why;
    const QJsonObject o = r.json(&why);
    if (r.exitCode != expectedExit || o.isEmpty())
        qWarning("verify --chain: %s", qPrintable(r.describe()));
    return r.exitCode == expectedExit ? o : QJsonObject();
}

void TestCliReceipts::purgesChainSignedReceiptsAnIndependentVerifierAccepts()
{
    TestDatabase db(m_sandbox, QStringLiteral("rcpt"));
    makeChain(db, 3);
    if (QTest::currentTestFailed())
        return;
    const QJsonObject report = verifyChain(db, 0);
    QCOMPARE(report.value(QStringLiteral("intact")).toBool(), true);
    QCOMPARE(report.value(QStringLiteral("receipts")).toInt(), 3);
    QCOMPARE(report.value(QStringLiteral("head_sequence")).toInt(), 3);
    QCOMPARE(report.value(QStringLiteral("keyids")).toArray().size(), 1); // one workstation, one key
    // The key lives in the keychain only: it is the one the receipts name, and no file under the
    // CLI's home holds its seed in any encoding.
    ReceiptKeyStore keys;
    SigningKey key = keys.loadOrCreateSync();
    QVERIFY2(key.isValid() && !key.created, qPrintable(key.problem));
    QCOMPARE(report.value(QStringLiteral("keyids")).toArray().at(0).toString(),
             receipts::keyId(key.publicKey));
    QVERIFY(filesContaining(m_home.path(), QString::fromLatin1(key.seed.toBase64())).isEmpty());
    QVERIFY(filesContaining(m_home.path(), QString::fromLatin1(key.seed.toHex())).isEmpty());
    key.wipe();
    const QString head = report.value(QStringLiteral("head_sha256")).toString();
    QCOMPARE(head.size(), 64);

    QStringList files;
    for (const char *which : {"1", "2", "head"}) {
        const QString path = m_files.filePath(QStringLiteral("r-%1.json").arg(QLatin1String(which)));
        const CliResult e = cli(db, {"receipt-export", which, path});
        QVERIFY2(e.exitCode == 0, qPrintable(e.describe()));
        files << path;
        const CliResult v = runA({"verify", "--receipt", path, "--json"});
        QVERIFY2(v.exitCode == 0, qPrintable(v.describe()));
    }
    QString why;
    const QJsonObject headFile = runA({"verify", "--receipt", files.last(), "--json"}).json(&why);
    QCOMPARE(headFile.value(QStringLiteral("sha256")).toString(), head);
    QCOMPARE(headFile.value(QStringLiteral("sequence")).toInt(), 3);
    const CliResult py = python(files);
    QVERIFY2(py.exitCode == 0, qPrintable(py.describe()));
    QVERIFY2(py.out.contains("receipt 3 ok"), qPrintable(py.describe()));
    // The first receipt links to 64 zeros; each next one to the one before.
    QCOMPARE(db.scalar(QStringLiteral("SELECT sha256_previo FROM identidad.purga_recibos WHERE numero = 1"))
                 .toString(),
             QString(64, u'0'));
    QCOMPARE(db.scalar(QStringLiteral(
                           "SELECT count(*) FROM identidad.purga_recibos a JOIN identidad.purga_recibos b"
                           " ON b.numero = a.numero + 1 AND b.sha256_previo = a.sha256"))
                 .toInt(),
             2);
    // Append-only for everyone the triggers bind (the owner included).
    QVERIFY(!db.exec(QStringLiteral("DELETE FROM identidad.purga_recibos WHERE numero = 3")));
}

void TestCliReceipts::changedByteIsNamedAltered()
{
    TestDatabase db(m_sandbox, QStringLiteral("rcpt"));
    makeChain(db, 4);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(tamper(
        db, QStringLiteral("UPDATE identidad.purga_recibos SET sobre = overlay(sobre placing CASE WHEN "
                           "substr(sobre, 300, 1) = 'A' THEN 'B' ELSE 'A' END from 300 for 1) "
                           "WHERE numero = 2")));
    const QJsonObject r = verifyChain(db, 7);
    QCOMPARE(r.value(QStringLiteral("intact")).toBool(), false);
    QCOMPARE(r.value(QStringLiteral("break")).toString(), QStringLiteral("altered"));
    QCOMPARE(r.value(QStringLiteral("broken_at")).toInt(), 2);
    QVERIFY2(r.value(QStringLiteral("problem")).toString().startsWith(QStringLiteral("Receipt 2 is altered")),
             qPrintable(r.value(QStringLiteral("problem")).toString()));
    const CliResult human = cli(db, {"verify", "--chain"});
    QCOMPARE(human.exitCode, 7);
    QVERIFY2(human.errText().contains(QStringLiteral("Chain broken at receipt 2")),
             qPrintable(human.describe()));
}

void TestCliReceipts::deletedMiddleReceiptIsNamedMissing()
{
    TestDatabase db(m_sandbox, QStringLiteral("rcpt"));
    makeChain(db, 4);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(tamper(db, QStringLiteral("DELETE FROM identidad.purga_recibos WHERE numero = 2")));
    const QJsonObject r = verifyChain(db, 7);
    QCOMPARE(r.value(QStringLiteral("break")).toString(), QStringLiteral("missing"));
    QCOMPARE(r.value(QStringLiteral("broken_at")).toInt(), 2);
    QVERIFY2(r.value(QStringLiteral("problem")).toString().contains(QStringLiteral("Receipt 2 is missing")),
             qPrintable(r.value(QStringLiteral("problem")).toString()));
    // Renumbering the rest to hide the gap does not hide it: receipt 3 still says it is the third.
    QVERIFY(tamper(
        db, QStringLiteral("UPDATE identidad.purga_recibos SET numero = numero - 1 WHERE numero > 2")));
    const QJsonObject renumbered = verifyChain(db, 7);
    QCOMPARE(renumbered.value(QStringLiteral("break")).toString(), QStringLiteral("missing"));
    QCOMPARE(renumbered.value(QStringLiteral("broken_at")).toInt(), 2);
}

void TestCliReceipts::swappedReceiptsAreNamedOutOfOrder()
{
    TestDatabase db(m_sandbox, QStringLiteral("rcpt"));
    makeChain(db, 4);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(tamper(db, QStringLiteral("UPDATE identidad.purga_recibos SET numero = 100 WHERE numero = 2; "
                                      "UPDATE identidad.purga_recibos SET numero = 2 WHERE numero = 3; "
                                      "UPDATE identidad.purga_recibos SET numero = 3 WHERE numero = 100")));
    const QJsonObject r = verifyChain(db, 7);
    QCOMPARE(r.value(QStringLiteral("break")).toString(), QStringLiteral("out_of_order"));
    QCOMPARE(r.value(QStringLiteral("broken_at")).toInt(), 3);
    QVERIFY2(
        r.value(QStringLiteral("problem")).toString().contains(QStringLiteral("Receipt 3 is out of order")),
        qPrintable(r.value(QStringLiteral("problem")).toString()));
}

void TestCliReceipts::tamperedFileFailsBothVerifiers()
{
    TestDatabase db(m_sandbox, QStringLiteral("rcpt"));
    makeChain(db, 1);
    if (QTest::currentTestFailed())
        return;
    const QString path = m_files.filePath(QStringLiteral("one.json"));
    QVERIFY(cli(db, {"receipt-export", "head", path}).exitCode == 0);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QByteArray bytes = f.readAll();
    // One byte of the payload's base64: another valid base64 letter, so only the signature can tell.
    const qsizetype at = bytes.indexOf("\"payload\":\"") + 40;
    bytes[at] = bytes.at(at) == 'A' ? 'B' : 'A';
    QVERIFY(f.seek(0) && f.write(bytes) == bytes.size());
    f.close();
    const CliResult v = runA({"verify", "--receipt", path, "--json"});
    QCOMPARE(v.exitCode, 7);
    QString why;
    QCOMPARE(v.json(&why).value(QStringLiteral("ok")).toBool(true), false);
    const CliResult py = python({path});
    QVERIFY2(py.exitCode == 1, qPrintable(py.describe()));
}

void TestCliReceipts::verifyUsage()
{
    QCOMPARE(runA({"verify"}).exitCode, 2);
    QCOMPARE(runA({"verify", "--chain", "--receipt", "x.json"}).exitCode, 2);
    QCOMPARE(runA({"verify", "--receipt", m_files.filePath(QStringLiteral("absent.json"))}).exitCode, 1);
}

QTEST_GUILESS_MAIN(TestCliReceipts)
#include "tst_cli_receipts.moc"
