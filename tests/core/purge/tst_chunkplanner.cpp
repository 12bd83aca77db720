// Unit tests of the purge's chunk-size planner and retry backoff (pure functions, no server):
// the first chunk from the preview's density, the density and time caps, the doubling bound; the
// single pass's overshoot (a range over the batch size read again smaller, one block with a LIMIT).
#include "core/purge/chunkplanner.h"

#include <QTest>

#include <vector>

using namespace purga;

class TestChunkPlanner : public QObject
{
    Q_OBJECT
private slots:
    void firstChunk_data();
    void firstChunk();
    void nextChunk_data();
    void nextChunk();
    void emptyStretchGrowsNoFasterThanDoubling();
    void eachBlockIsReadAboutOnce_data();
    void eachBlockIsReadAboutOnce();
    void overshotChunk_data();
    void overshotChunk();
    void singlePassNeverCommitsMoreThanTheBatchSize_data();
    void singlePassNeverCommitsMoreThanTheBatchSize();
    void retryBackoff_data();
    void retryBackoff();
};

void TestChunkPlanner::firstChunk_data()
{
    QTest::addColumn<qint64>("eligible");
    QTest::addColumn<qint64>("blocks");
    QTest::addColumn<int>("batchSize");
    QTest::addColumn<qint64>("chunk");
    // 100 removable rows per block, 90 % of 5000 per batch: 45 blocks.
    QTest::newRow("dense") << qint64(100000) << qint64(1000) << 5000 << qint64(45);
    // 1 row per block: 5000 blocks would exceed the table: bounded by its 1000 blocks.
    QTest::newRow("sparse, bounded by the table") << qint64(1000) << qint64(1000) << 5000 << qint64(1000);
    // Denser than the batch: at least one block.
    QTest::newRow("one block holds more than a batch") << qint64(500000) << qint64(1000) << 100 << qint64(1);
    // Nothing removable: density floor 0.01 rows per block, bounded by the table.
    QTest::newRow("nothing removable") << qint64(0) << qint64(300) << 5000 << qint64(300);
    QTest::newRow("empty table") << qint64(0) << qint64(0) << 5000 << qint64(1);
}

void TestChunkPlanner::firstChunk()
{
    QFETCH(qint64, eligible);
    QFETCH(qint64, blocks);
    QFETCH(int, batchSize);
    QFETCH(qint64, chunk);
    ChunkLimits limits;
    limits.batchSize = batchSize;
    QCOMPARE(purga::firstChunk(eligible, blocks, limits).chunk, chunk);
}

void TestChunkPlanner::nextChunk_data()
{
    QTest::addColumn<qint64>("chunk");
    QTest::addColumn<double>("density");
    QTest::addColumn<double>("msPerBlock");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("span");
    QTest::addColumn<double>("ms");
    QTest::addColumn<double>("timeCapMs");
    QTest::addColumn<bool>("rangeDone");
    QTest::addColumn<qint64>("expected");
    // Density holds at 100 rows/block, fast batches: aims at 0.9 x 5000 / 100 = 45 blocks.
    QTest::newRow("steady") << qint64(45) << 100.0 << 0.02 << qint64(4500) << qint64(45) << 1.0 << 250.0
                            << true << qint64(45);
    // Density halves (50 rows/block seen, smoothed to 75): 4500 / 75 = 60 blocks.
    QTest::newRow("sparser") << qint64(45) << 100.0 << 0.02 << qint64(2250) << qint64(45) << 1.0 << 250.0
                             << true << qint64(60);
    // Much sparser: the rows ask for far more, the doubling bound allows 100.
    QTest::newRow("doubling bound") << qint64(50) << 1.0 << 0.02 << qint64(5) << qint64(50) << 1.0 << 250.0
                                    << true << qint64(100);
    // Much denser: the rows ask for 1, the halving bound keeps 25.
    QTest::newRow("halving bound") << qint64(50) << 10000.0 << 0.02 << qint64(500000) << qint64(50) << 1.0
                                   << 250.0 << true << qint64(25);
    // Slow batches: 50 ms over 50 blocks (smoothed 0.51 ms/block) and a 15 ms cap: 29 blocks,
    // though the rows alone would allow 45.
    QTest::newRow("time cap") << qint64(50) << 100.0 << 0.02 << qint64(5000) << qint64(50) << 50.0 << 15.0
                              << true << qint64(29);
    // No time cap set (0): 250 ms applies.
    QTest::newRow("default cap") << qint64(50) << 100.0 << 0.02 << qint64(5000) << qint64(50) << 1.0 << 0.0
                                 << true << qint64(45);
    QTest::newRow("never below one block")
        << qint64(1) << 10000.0 << 0.02 << qint64(100000) << qint64(1) << 1.0 << 250.0 << true << qint64(1);
    // A full batch (its range not done) that saw 10 rows/block where 100 were expected: only a lower
    // bound, the density stays at 100 (smoothing it down would aim at 5 x the blocks).
    QTest::newRow("full batch never lowers the density")
        << qint64(40) << 100.0 << 0.02 << qint64(5000) << qint64(500) << 1.0 << 250.0 << false << qint64(45);
    // ... but one that proves a higher density raises it at once: 200 rows/block, 22 blocks.
    QTest::newRow("full batch raises the density")
        << qint64(40) << 100.0 << 0.02 << qint64(5000) << qint64(25) << 1.0 << 250.0 << false << qint64(22);
}

void TestChunkPlanner::nextChunk()
{
    QFETCH(qint64, chunk);
    QFETCH(double, density);
    QFETCH(double, msPerBlock);
    QFETCH(qint64, rows);
    QFETCH(qint64, span);
    QFETCH(double, ms);
    QFETCH(double, timeCapMs);
    QFETCH(bool, rangeDone);
    QFETCH(qint64, expected);
    ChunkPlan p;
    p.chunk = chunk;
    p.density = density;
    p.msPerBlock = msPerBlock;
    ChunkLimits limits;
    limits.batchSize = 5000;
    limits.timeCapMs = timeCapMs;
    QCOMPARE(purga::nextChunk(p, rows, span, ms, limits, rangeDone).chunk, expected);
}

void TestChunkPlanner::emptyStretchGrowsNoFasterThanDoubling()
{
    // An earlier purge left an empty prefix: every batch removes nothing. The chunk never more
    // than doubles per batch.
    ChunkLimits limits;
    limits.batchSize = 1000;
    ChunkPlan p = purga::firstChunk(1000, 100000, limits); // 0.01 rows per block
    for (int i = 0; i < 12; ++i) {
        const ChunkPlan n = purga::nextChunk(p, 0, p.chunk, 1.0, limits);
        QVERIFY2(n.chunk <= 2 * p.chunk, qPrintable(QStringLiteral("%1 -> %2").arg(p.chunk).arg(n.chunk)));
        p = n;
    }
}

void TestChunkPlanner::eachBlockIsReadAboutOnce_data()
{
    QTest::addColumn<double>("density");
    QTest::addColumn<double>("previewDensity");
    // The benchmark's 3M table: 29.4 removable rows per block over the table, 46 where they are.
    QTest::newRow("denser than the preview said") << 46.0 << 29.4;
    QTest::newRow("as the preview said") << 30.0 << 30.0;
    QTest::newRow("sparser than the preview said") << 10.0 << 30.0;
}

// The engine's loop over a table of uniform density, batch by batch, as RowPurge runs it: a batch
// takes removable rows in block order up to its LIMIT, reading every block up to the one where it
// stopped; a full batch leaves its range to be read again. Aiming at the whole batch once cut
// every range of the benchmark table in two (blocks read 1.5 x, the second batch over dead rows).
void TestChunkPlanner::eachBlockIsReadAboutOnce()
{
    QFETCH(double, density);
    QFETCH(double, previewDensity);
    const qint64 blocks = 20000;
    ChunkLimits limits; // 5000 rows
    std::vector<double> left(size_t(blocks), density);
    ChunkPlan plan = purga::firstChunk(qint64(previewDensity * blocks), blocks, limits);
    qint64 from = 0, rangeRows = 0, read = 0, batches = 0;
    double removed = 0;
    while (from < blocks && batches < 100000) {
        const qint64 to = qMin(blocks, from + plan.chunk);
        double n = 0;
        qint64 b = from;
        for (; b < to && n < limits.batchSize; ++b) { // stops in the block that fills the LIMIT
            const double take = qMin(left[size_t(b)], limits.batchSize - n);
            left[size_t(b)] -= take;
            n += take;
        }
        read += b - from;
        ++batches;
        removed += n;
        rangeRows += qint64(n);
        const bool done = n < limits.batchSize;
        plan = purga::nextChunk(plan, rangeRows, to - from, 5.0, limits, done);
        if (done) {
            from = to;
            rangeRows = 0;
        }
    }
    QCOMPARE(qRound64(removed), qRound64(density * blocks));
    QVERIFY2(read <= blocks * 1.15,
             qPrintable(QStringLiteral("%1 blocks read for %2").arg(read).arg(blocks)));
    // And the batches stay near the batch size (not many small ones): at most 1.5 x the minimum.
    const double minimum = density * blocks / limits.batchSize;
    QVERIFY2(batches <= 1.5 * minimum + 2,
             qPrintable(QStringLiteral("%1 batches, minimum %2").arg(batches).arg(minimum)));
}

void TestChunkPlanner::overshotChunk_data()
{
    QTest::addColumn<double>("density");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("span");
    QTest::addColumn<qint64>("chunk");
    QTest::addColumn<bool>("bounded");
    QTest::addColumn<double>("newDensity");
    // 5000-row batches: 90 % of them at the density just seen over the span.
    QTest::newRow("twice as dense as planned")
        << 30.0 << qint64(9000) << qint64(150) << qint64(75) << false << 60.0;
    QTest::newRow("a little over") << 30.0 << qint64(5001) << qint64(150) << qint64(134) << false << 33.34;
    QTest::newRow("never the span again") << 1.0 << qint64(5001) << qint64(2) << qint64(1) << false << 2500.5;
    QTest::newRow("one block: LIMIT") << 30.0 << qint64(6000) << qint64(1) << qint64(1) << true << 30.0;
    QTest::newRow("the density never falls")
        << 80.0 << qint64(5200) << qint64(100) << qint64(56) << false << 80.0;
}

void TestChunkPlanner::overshotChunk()
{
    QFETCH(double, density);
    QFETCH(qint64, rows);
    QFETCH(qint64, span);
    QFETCH(qint64, chunk);
    QFETCH(bool, bounded);
    QFETCH(double, newDensity);
    ChunkPlan p;
    p.density = density;
    p.chunk = span;
    const ChunkPlan next = purga::overshotChunk(p, rows, span, ChunkLimits{});
    QCOMPARE(next.chunk, chunk);
    QCOMPARE(next.bounded, bounded);
    QVERIFY2(qAbs(next.density - newDensity) < 0.01, qPrintable(QString::number(next.density)));
}

void TestChunkPlanner::singlePassNeverCommitsMoreThanTheBatchSize_data()
{
    QTest::addColumn<int>("shape");
    QTest::newRow("uniform, as the preview said") << 0;
    QTest::newRow("empty prefix, then dense") << 1;
    QTest::newRow("density steps up tenfold") << 2;
    QTest::newRow("one block denser than a batch") << 3;
}

// RowPurge's loop with single passes: a range's batch removes every removable row of its range;
// one that removed more than the batch size is rolled back (nothing taken) and the range is read
// again as overshotChunk plans, a one-block range with the LIMIT.
void TestChunkPlanner::singlePassNeverCommitsMoreThanTheBatchSize()
{
    QFETCH(int, shape);
    const qint64 blocks = 20000;
    ChunkLimits limits; // 5000 rows
    std::vector<double> left(size_t(blocks), 30.0);
    for (qint64 b = 0; b < blocks; ++b) {
        if (shape == 1)
            left[size_t(b)] = b < blocks / 2 ? 0.0 : 40.0;
        else if (shape == 2)
            left[size_t(b)] = b < blocks / 2 ? 4.0 : 40.0;
    }
    if (shape == 3)
        left[size_t(blocks / 3)] = 12000.0; // LIMIT form: three batches in the same block
    double total = 0;
    for (double v : left)
        total += v;
    ChunkPlan plan = purga::firstChunk(qint64(30.0 * blocks), blocks, limits);
    qint64 from = 0, rangeRows = 0, read = 0, batches = 0, redone = 0;
    double removed = 0, largest = 0;
    while (from < blocks && batches + redone < 100000) {
        const qint64 to = qMin(blocks, from + plan.chunk);
        double n = 0;
        qint64 b = from;
        for (; b < to && (!plan.bounded || n < limits.batchSize); ++b) // a LIMIT stops in its block
            n += plan.bounded ? qMin(left[size_t(b)], limits.batchSize - n) : left[size_t(b)];
        read += b - from;
        if (!plan.bounded && n > limits.batchSize) {
            plan = purga::overshotChunk(plan, qint64(n), to - from, limits);
            ++redone;
            continue;
        }
        double take = n;
        for (qint64 k = from; k < to && take > 0; ++k) {
            const double t = qMin(left[size_t(k)], take);
            left[size_t(k)] -= t;
            take -= t;
        }
        ++batches;
        removed += n;
        largest = qMax(largest, n);
        rangeRows += qint64(n);
        const bool done = !plan.bounded || n < limits.batchSize;
        plan = purga::nextChunk(plan, rangeRows, to - from, 5.0, limits, done);
        if (done) {
            from = to;
            rangeRows = 0;
        }
    }
    QCOMPARE(qRound64(removed), qRound64(total));
    QVERIFY2(largest <= limits.batchSize, qPrintable(QString::number(largest)));
    // Rolled-back passes stay rare: a few where the density jumps, none where it is what was planned.
    QVERIFY2(shape != 0 || redone == 0, qPrintable(QString::number(redone)));
    QVERIFY2(redone <= 12, qPrintable(QString::number(redone)));
    QVERIFY2(read <= blocks * (shape == 0 ? 1.01 : 1.25),
             qPrintable(QStringLiteral("%1 blocks read for %2, %3 batches, %4 redone")
                            .arg(read)
                            .arg(blocks)
                            .arg(batches)
                            .arg(redone)));
}

void TestChunkPlanner::retryBackoff_data()
{
    QTest::addColumn<int>("attempt");
    QTest::addColumn<int>("ms");
    QTest::newRow("first") << 1 << 400;
    QTest::newRow("second") << 2 << 800;
    QTest::newRow("fourth") << 4 << 3200;
    QTest::newRow("capped") << 5 << 5000;
    QTest::newRow("many") << 40 << 5000;
}

void TestChunkPlanner::retryBackoff()
{
    QFETCH(int, attempt);
    QFETCH(int, ms);
    QCOMPARE(retryBackoffMs(attempt), ms);
}

QTEST_GUILESS_MAIN(TestChunkPlanner)
#include "tst_chunkplanner.moc"
