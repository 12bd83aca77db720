// Unit tests of the purge's chunk-size planner and retry backoff (pure functions, no server):
// the first chunk from the preview's density, the density and time caps, the doubling bound.
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
