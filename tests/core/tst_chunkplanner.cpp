// Unit tests of the purge's chunk-size planner and retry backoff (pure functions, no server):
// the first chunk from the preview's density, the density and time caps, the doubling bound.
#include "chunkplanner.h"

#include <QTest>

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
    void retryBackoff_data();
    void retryBackoff();
};

void TestChunkPlanner::firstChunk_data()
{
    QTest::addColumn<qint64>("eligible");
    QTest::addColumn<qint64>("blocks");
    QTest::addColumn<int>("batchSize");
    QTest::addColumn<qint64>("chunk");
    // 100 removable rows per block, 5000 per batch: 50 blocks.
    QTest::newRow("dense") << qint64(100000) << qint64(1000) << 5000 << qint64(50);
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
    QTest::addColumn<qint64>("expected");
    // Density holds at 100 rows/block, fast batches: aims at 5000 / 100 = 50 blocks.
    QTest::newRow("steady") << qint64(50) << 100.0 << 0.02 << qint64(5000) << qint64(50) << 1.0 << 250.0
                            << qint64(50);
    // Density halves (50 rows/block seen, smoothed to 75): 5000 / 75 = 66 blocks.
    QTest::newRow("sparser") << qint64(50) << 100.0 << 0.02 << qint64(2500) << qint64(50) << 1.0 << 250.0
                             << qint64(66);
    // Much sparser: the rows ask for far more, the doubling bound allows 100.
    QTest::newRow("doubling bound") << qint64(50) << 1.0 << 0.02 << qint64(5) << qint64(50) << 1.0 << 250.0
                                    << qint64(100);
    // Much denser: the rows ask for 1, the halving bound keeps 25.
    QTest::newRow("halving bound") << qint64(50) << 10000.0 << 0.02 << qint64(500000) << qint64(50) << 1.0
                                   << 250.0 << qint64(25);
    // Slow batches: 50 ms over 50 blocks (smoothed 0.51 ms/block) and a 25 ms cap: 49 blocks,
    // though the rows alone would allow 50.
    QTest::newRow("time cap") << qint64(50) << 100.0 << 0.02 << qint64(5000) << qint64(50) << 50.0 << 25.0
                              << qint64(49);
    // No time cap set (0): 250 ms applies.
    QTest::newRow("default cap") << qint64(50) << 100.0 << 0.02 << qint64(5000) << qint64(50) << 1.0 << 0.0
                                 << qint64(50);
    QTest::newRow("never below one block")
        << qint64(1) << 10000.0 << 0.02 << qint64(100000) << qint64(1) << 1.0 << 250.0 << qint64(1);
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
    QFETCH(qint64, expected);
    ChunkPlan p;
    p.chunk = chunk;
    p.density = density;
    p.msPerBlock = msPerBlock;
    ChunkLimits limits;
    limits.batchSize = 5000;
    limits.timeCapMs = timeCapMs;
    QCOMPARE(purga::nextChunk(p, rows, span, ms, limits).chunk, expected);
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
