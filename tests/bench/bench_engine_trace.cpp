// purga-bench-trace: runs the purge engine (the same code as the CLI) on one rule and prints one
// line per committed batch, "batch rows ms", so that chunk sizes and batch times can be followed
// through a run. Used by scripts/bench; not a test.
//
//   purga-bench-trace --conninfo STR [--rule ID] [--batch-size N] [--target-batch-ms N]
//                     [--pause-ms N] [--stop-fraction F]
// --stop-fraction stops after the batch that brings the deleted rows to F x the preview's count
// (to look at the table in the middle of a run). The receipt goes to stderr as JSON.
#include "core/pg/pgconnection.h"
#include "core/preview/preview.h"
#include "core/purge/purgeengine.h"
#include "core/rules/rules.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>

#include <cstdio>
#include <mutex>

namespace {

class TraceObserver : public purga::PurgeObserver
{
public:
    TraceObserver(purga::PurgeEngine &engine, double stopFraction)
        : m_engine(engine)
        , m_stopFraction(stopFraction)
    {
    }
    void ruleProgress(const purga::RuleProgress &p) override
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (p.state != purga::RuleStatus::Running || p.batches == m_lastBatch)
            return;
        m_lastBatch = p.batches;
        std::printf("%d %lld %.3f\n", p.batches, static_cast<long long>(p.deleted - m_lastDeleted),
                    p.lastBatchMs);
        m_lastDeleted = p.deleted;
        if (m_stopFraction > 0 && double(p.deleted) >= m_stopFraction * double(p.planned))
            m_engine.stopAfterBatch();
    }
    void log(const QString &line) override { std::fprintf(stderr, "%s\n", line.toLocal8Bit().constData()); }

private:
    std::mutex m_mutex;
    purga::PurgeEngine &m_engine;
    double m_stopFraction;
    int m_lastBatch = 0;
    qint64 m_lastDeleted = 0;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions({
        {QStringLiteral("conninfo"), QStringLiteral("libpq connection string"), QStringLiteral("STR")},
        {QStringLiteral("rule"), QStringLiteral("rule id"), QStringLiteral("ID"),
         QStringLiteral("refresh_tokens")},
        {QStringLiteral("batch-size"), QStringLiteral("rows per batch"), QStringLiteral("N"),
         QStringLiteral("5000")},
        {QStringLiteral("target-batch-ms"), QStringLiteral("target batch time"), QStringLiteral("N"),
         QStringLiteral("0")},
        {QStringLiteral("pause-ms"), QStringLiteral("pause between batches"), QStringLiteral("N"),
         QStringLiteral("0")},
        {QStringLiteral("stop-fraction"), QStringLiteral("stop after this share of the preview"),
         QStringLiteral("F"), QStringLiteral("0")},
    });
    parser.process(app);

    purga::ConnectionProfile profile;
    profile.name = QStringLiteral("bench");
    profile.conninfo = parser.value(QStringLiteral("conninfo"));
    profile.passwordSource = purga::PasswordSource::Libpq;
    profile.applicationName = QStringLiteral("purga-bench-trace");
    purga::PgConnection conn;
    purga::DbFailure cerr;
    if (!conn.open(profile, QString(), &cerr)) {
        std::fprintf(stderr, "connect: %s (%s)\n", cerr.message.toLocal8Bit().constData(),
                     cerr.detail.toLocal8Bit().constData());
        return 3;
    }
    purga::RuleConfig cfg = purga::Rules::defaults(parser.value(QStringLiteral("rule")));
    cfg.batchSize = parser.value(QStringLiteral("batch-size")).toInt();
    cfg.targetBatchMs = parser.value(QStringLiteral("target-batch-ms")).toInt();
    cfg.pauseMs = parser.value(QStringLiteral("pause-ms")).toInt();
    const QStringList problems = purga::Rules::validate(cfg);
    if (!problems.isEmpty()) {
        std::fprintf(stderr, "%s\n", problems.join(u'\n').toLocal8Bit().constData());
        return 2;
    }
    purga::QueryCanceller canceller;
    canceller.arm(conn.handle());
    purga::PreviewPlan plan;
    purga::DbFailure error;
    if (!purga::takePreview(conn, {cfg}, &canceller, nullptr, &plan, &error)) {
        std::fprintf(stderr, "preview: %s\n", error.message.toLocal8Bit().constData());
        return 1;
    }
    purga::PurgeOptions options;
    options.ruleIds = QStringList{cfg.id};
    options.recordHistory = false;
    purga::PurgeEngine engine(conn, canceller);
    TraceObserver observer(engine, parser.value(QStringLiteral("stop-fraction")).toDouble());
    const purga::PurgeReceipt receipt = engine.run(plan, options, &observer);
    std::fflush(stdout);
    canceller.disarm();
    std::fprintf(stderr, "%s", QJsonDocument(receipt.toJson()).toJson(QJsonDocument::Indented).constData());
    return receipt.status == purga::RunStatus::Ok || receipt.status == purga::RunStatus::Cancelled ? 0 : 1;
}
