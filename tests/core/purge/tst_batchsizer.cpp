// Unit tests of the --target-batch-ms controller (pure functions, no server): the first size, the
// next size after a batch of a given time, the bounds, and a simulated run converging on the target.
#include "core/purge/batchsizer.h"

#include <QTest>

using namespace purga;

class TestBatchSizer : public QObject
{
    Q_OBJECT
private slots:
    void firstSize_data();
    void firstSize();
    void nextSize_data();
    void nextSize();
    void convergesOnTheTarget_data();
    void convergesOnTheTarget();
};

void TestBatchSizer::firstSize_data()
{
    QTest::addColumn<int>("targetMs");
    QTest::addColumn<int>("hardBound");
    QTest::addColumn<int>("first");
    QTest::newRow("off: the hard bound") << 0 << 5000 << 5000;
    QTest::newRow("target: 1000 rows to start") << 10 << 5000 << 1000;
    QTest::newRow("target, bound below 1000") << 10 << 500 << 500;
    QTest::newRow("target, bound below the floor") << 10 << 50 << 50;
}

void TestBatchSizer::firstSize()
{
    QFETCH(int, targetMs);
    QFETCH(int, hardBound);
    QFETCH(int, first);
    BatchSizing s;
    s.targetMs = targetMs;
    s.hardBound = hardBound;
    QCOMPARE(firstBatchSize(s), first);
}

void TestBatchSizer::nextSize_data()
{
    QTest::addColumn<int>("targetMs");
    QTest::addColumn<int>("hardBound");
    QTest::addColumn<int>("current");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<double>("ms");
    QTest::addColumn<int>("next");
    QTest::newRow("off: always the bound") << 0 << 5000 << 1000 << qint64(1000) << 400.0 << 5000;
    QTest::newRow("on target: stays") << 10 << 5000 << 1000 << qint64(1000) << 10.0 << 1000;
    QTest::newRow("within the deadband: stays") << 10 << 5000 << 1000 << qint64(1000) << 10.9 << 1000;
    QTest::newRow("a bit fast: halfway up") << 10 << 5000 << 1000 << qint64(1000) << 8.0 << 1125;
    QTest::newRow("much faster: at most doubles") << 10 << 5000 << 1000 << qint64(1000) << 2.0 << 2000;
    QTest::newRow("fast, at the hard bound") << 10 << 5000 << 4000 << qint64(4000) << 2.0 << 5000;
    QTest::newRow("slow: all the way down") << 10 << 5000 << 4000 << qint64(4000) << 40.0 << 1000;
    QTest::newRow("very slow: at most a quarter") << 10 << 5000 << 4000 << qint64(4000) << 400.0 << 1000;
    QTest::newRow("slow, at the floor") << 10 << 5000 << 150 << qint64(150) << 100.0 << 100;
    QTest::newRow("fast end of a range: never shrinks") << 10 << 5000 << 5000 << qint64(500) << 5.0 << 5000;
    QTest::newRow("slow end of a range: never grows") << 10 << 5000 << 1000 << qint64(900) << 12.0 << 750;
    QTest::newRow("empty batch: stays") << 10 << 5000 << 2000 << qint64(0) << 30.0 << 2000;
    QTest::newRow("no time measured: stays") << 10 << 5000 << 2000 << qint64(2000) << 0.0 << 2000;
    QTest::newRow("bound lowered during the run") << 10 << 2000 << 5000 << qint64(5000) << 10.0 << 2000;
}

void TestBatchSizer::nextSize()
{
    QFETCH(int, targetMs);
    QFETCH(int, hardBound);
    QFETCH(int, current);
    QFETCH(qint64, rows);
    QFETCH(double, ms);
    QFETCH(int, next);
    BatchSizing s;
    s.targetMs = targetMs;
    s.hardBound = hardBound;
    QCOMPARE(nextBatchSize(current, rows, ms, s), next);
}

void TestBatchSizer::convergesOnTheTarget_data()
{
    QTest::addColumn<double>("fixedMs");  // per batch: BEGIN, the commit's flush
    QTest::addColumn<double>("msPerRow"); // per row removed
    QTest::addColumn<int>("hardBound");
    QTest::addColumn<int>("settled"); // the size after 30 batches
    // 2 ms fixed + 1.6 µs a row: 10 ms holds 5,000 rows, exactly the bound.
    QTest::newRow("fits the bound") << 2.0 << 0.0016 << 5000 << 5000;
    // 4 ms fixed + 3 µs a row: 10 ms holds 2,000 rows.
    QTest::newRow("slow disk") << 4.0 << 0.003 << 5000 << 2000;
    // The fixed cost alone exceeds the target: the floor.
    QTest::newRow("commit slower than the target") << 12.0 << 0.001 << 5000 << 100;
}

void TestBatchSizer::convergesOnTheTarget()
{
    QFETCH(double, fixedMs);
    QFETCH(double, msPerRow);
    QFETCH(int, hardBound);
    QFETCH(int, settled);
    BatchSizing s;
    s.targetMs = 10;
    s.hardBound = hardBound;
    int size = firstBatchSize(s);
    for (int i = 0; i < 30; ++i) {
        const double ms = fixedMs + msPerRow * size;
        size = nextBatchSize(size, size, ms, s);
        QVERIFY(size >= qMin(s.minRows, hardBound) && size <= hardBound);
    }
    // Within the deadband of the settled size (the controller stops moving inside it).
    QVERIFY2(qAbs(size - settled) <= settled * 0.15 + 1, qPrintable(QString::number(size)));
}

QTEST_APPLESS_MAIN(TestBatchSizer)
#include "tst_batchsizer.moc"
