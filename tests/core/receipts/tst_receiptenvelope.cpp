// The receipts' building blocks without a server: canonical JSON as RFC 8785 writes numbers and
// strings, DSSE's PAE, an envelope signed and verified (and refused once edited), and the chain
// walk's names for a missing, an altered and an out-of-order receipt.
#include "core/receipts/canonicaljson.h"
#include "core/receipts/chaincheck.h"
#include "core/receipts/receiptenvelope.h"
#include "core/security/ed25519.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace purga;

class TestReceiptEnvelope : public QObject
{
    Q_OBJECT
private slots:
    void numbersAsEcmaScript_data();
    void numbersAsEcmaScript();
    void stringsAndKeys();
    void paeIsDssev1();
    void envelopeSignsAndVerifies();
    void editedEnvelopeIsRefused();
    void chainWalkNamesEachBreak();

private:
    static QByteArray seed() { return QByteArray(32, '\x07'); }
    static QByteArray envelope(qint64 sequence, const QByteArray &prev)
    {
        ReceiptLink link;
        link.sequence = sequence;
        link.prevSha256 = prev;
        link.database = QStringLiteral("postgresql://1234/core");
        link.recordedUtc = QStringLiteral("2026-12-03T10:00:00.000Z");
        const QJsonObject receipt{{QStringLiteral("run_id"), QStringLiteral("run-%1").arg(sequence)},
                                  {QStringLiteral("deleted"), 42},
                                  {QStringLiteral("batch_p50_ms"), 12.5}};
        return buildEnvelope(receipt, link, seed());
    }
    static QList<ChainRow> chain(int n)
    {
        QList<ChainRow> rows;
        QByteArray prev = receipts::genesisPrev();
        for (int i = 1; i <= n; ++i) {
            ChainRow r;
            r.number = i;
            r.envelope = envelope(i, prev);
            r.sha256 = sha256Hex(r.envelope);
            r.publicKey = ed25519::publicKey(seed()).toBase64();
            prev = r.sha256;
            rows << r;
        }
        return rows;
    }
};

void TestReceiptEnvelope::numbersAsEcmaScript_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("text");
    // RFC 8785 appendix B / ECMAScript Number::toString.
    QTest::newRow("zero") << 0.0 << QByteArray("0");
    QTest::newRow("minus zero") << -0.0 << QByteArray("0");
    QTest::newRow("integer") << 42.0 << QByteArray("42");
    QTest::newRow("negative") << -7.0 << QByteArray("-7");
    QTest::newRow("fraction") << 12.5 << QByteArray("12.5");
    QTest::newRow("2^53") << 9007199254740992.0 << QByteArray("9007199254740992");
    QTest::newRow("1e21") << 1e21 << QByteArray("1e+21");
    QTest::newRow("1e20") << 1e20 << QByteArray("100000000000000000000");
    QTest::newRow("small") << 0.000001 << QByteArray("0.000001");
    QTest::newRow("smaller") << 1e-7 << QByteArray("1e-7");
    QTest::newRow("shortest") << 0.1 + 0.2 << QByteArray("0.30000000000000004");
    QTest::newRow("big mantissa") << 4.5e22 << QByteArray("4.5e+22");
    QTest::newRow("rfc8785") << 333333333.33333329 << QByteArray("333333333.3333333");
}

void TestReceiptEnvelope::numbersAsEcmaScript()
{
    QFETCH(double, value);
    QFETCH(QByteArray, text);
    QCOMPARE(canonical::number(value), text);
}

void TestReceiptEnvelope::stringsAndKeys()
{
    const QJsonObject o{{QStringLiteral("b"), QStringLiteral("line\nquote\" back\\ tab\t \x01 ñ €")},
                        {QStringLiteral("a"), QJsonArray{true, false, QJsonValue()}},
                        {QStringLiteral("B"), 1}};
    QCOMPARE(
        canonical::serialize(o),
        QByteArray("{\"B\":1,\"a\":[true,false,null],\"b\":\"line\\nquote\\\" back\\\\ tab\\t \\u0001 ") +
            QStringLiteral("ñ €").toUtf8() + "\"}");
    QVERIFY(canonical::isCanonical(canonical::serialize(o)));
    QVERIFY(!canonical::isCanonical("{\"b\":1, \"a\":2}"));
    QVERIFY(!canonical::isCanonical("{\"b\":1,\"a\":2}"));
}

void TestReceiptEnvelope::paeIsDssev1()
{
    // The DSSE protocol's own example.
    QCOMPARE(receipts::pae("http://example.com/HelloWorld", "hello world"),
             QByteArray("DSSEv1 29 http://example.com/HelloWorld 11 hello world"));
}

void TestReceiptEnvelope::envelopeSignsAndVerifies()
{
    const QByteArray e = envelope(1, receipts::genesisPrev());
    QVERIFY(canonical::isCanonical(e));
    const EnvelopeCheck c = ReceiptVerifier::check(e + '\n');
    QVERIFY2(c.ok, qPrintable(c.problem));
    QCOMPARE(c.sequence, 1);
    QCOMPARE(c.prevSha256, receipts::genesisPrev());
    QCOMPARE(c.runId, QStringLiteral("run-1"));
    QCOMPARE(c.publicKey, ed25519::publicKey(seed()));
    QCOMPARE(c.sha256, sha256Hex(e));
    QCOMPARE(c.statement.value(QStringLiteral("_type")).toString(),
             QStringLiteral("https://in-toto.io/Statement/v1"));
    // Ed25519 is deterministic: the same receipt, the same signature.
    QCOMPARE(envelope(1, receipts::genesisPrev()), e);
}

void TestReceiptEnvelope::editedEnvelopeIsRefused()
{
    const QByteArray e = envelope(1, receipts::genesisPrev());
    QByteArray edited = e;
    const qsizetype at = e.indexOf("\"payload\":\"") + 30;
    edited[at] = e.at(at) == 'A' ? 'B' : 'A';
    QVERIFY(!ReceiptVerifier::check(edited).ok);
    QVERIFY(!ReceiptVerifier::check(QByteArray(e).replace(",", ", ")).ok); // not canonical
    QVERIFY(!ReceiptVerifier::check("not json").ok);
}

void TestReceiptEnvelope::chainWalkNamesEachBreak()
{
    const ChainReport intact = ChainCheck::walk(chain(4));
    QVERIFY2(intact.intact, qPrintable(intact.problem));
    QCOMPARE(intact.headSequence, 4);
    QCOMPARE(intact.keyIds.size(), 1);

    QList<ChainRow> missing = chain(4);
    missing.removeAt(1);
    const ChainReport m = ChainCheck::walk(missing);
    QCOMPARE(m.kind, ChainReport::Break::Missing);
    QCOMPARE(m.brokenAt, 2);

    QList<ChainRow> altered = chain(4);
    altered[2].envelope[100] = altered[2].envelope.at(100) == 'A' ? 'B' : 'A';
    const ChainReport a = ChainCheck::walk(altered);
    QCOMPARE(a.kind, ChainReport::Break::Altered);
    QCOMPARE(a.brokenAt, 3);

    QList<ChainRow> swapped = chain(4);
    std::swap(swapped[1].number, swapped[2].number);
    std::swap(swapped[1], swapped[2]);
    const ChainReport s = ChainCheck::walk(swapped);
    QCOMPARE(s.kind, ChainReport::Break::OutOfOrder);
    QCOMPARE(s.brokenAt, 3);

    QList<ChainRow> firstGone = chain(3);
    firstGone.removeFirst();
    QCOMPARE(ChainCheck::walk(firstGone).kind, ChainReport::Break::Missing);
    QCOMPARE(ChainCheck::walk(firstGone).brokenAt, 1);
}

QTEST_GUILESS_MAIN(TestReceiptEnvelope)
#include "tst_receiptenvelope.moc"
