// The fleet's process pool: waves, the concurrency cap, the failure budget, stop, per-server timeout.
#include "fleetrunner.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QTimer>

#include <memory>

namespace purga {

namespace {

constexpr int kKillGraceMs = 10000; // after SIGTERM, a command that still runs is killed

// The last non-empty line of a command's stderr: its one-line error.
QString lastLine(const QByteArray &err)
{
    const QList<QByteArray> lines = err.trimmed().split('\n');
    return lines.isEmpty() ? QString() : QString::fromUtf8(lines.constLast()).trimmed();
}

} // namespace

QString FleetRunner::cliProgram()
{
    const QString given = qEnvironmentVariable("PURGA_CLI");
    if (!given.isEmpty())
        return given;
    const QString dir = QCoreApplication::applicationDirPath();
    const QString beside = dir + QStringLiteral("/purga-sesiones-cli");
    if (QFileInfo(beside).isExecutable())
        return beside;
    return QDir(dir + QStringLiteral("/../cli")).absoluteFilePath(QStringLiteral("purga-sesiones-cli"));
}

FleetRunner::FleetRunner(const QString &program, QObject *parent)
    : QObject(parent)
    , m_program(program)
    , m_env(QProcessEnvironment::systemEnvironment())
{
}

FleetRunner::~FleetRunner()
{
    for (QProcess *p : std::as_const(m_processes)) {
        if (!p)
            continue;
        p->disconnect(this);
        p->kill();
        p->waitForFinished(2000);
    }
}

void FleetRunner::start(const QList<FleetMember> &members, const ArgsFor &argsFor,
                        const FleetRunOptions &options)
{
    m_argsFor = argsFor;
    m_options = options;
    m_options.concurrency = qMax(1, options.concurrency);
    m_results.clear();
    for (const FleetMember &m : members) {
        FleetServerResult r;
        r.member = m;
        r.wave = options.canary > 0 && m_results.size() >= options.canary ? 2 : 1;
        m_results << r;
    }
    m_processes = QList<QProcess *>(m_results.size(), nullptr);
    m_stderrTail = QList<QByteArray>(m_results.size());
    m_timedOut = QList<bool>(m_results.size(), false);
    m_next = m_running = m_failures = 0;
    m_halted = m_stopped = m_finished = false;
    // Queued: a caller connects to finished() after start() even for an empty fleet.
    QTimer::singleShot(0, this, [this] {
        launchMore();
        checkWave();
    });
}

int FleetRunner::waveEnd() const
{
    const qsizetype n = m_results.size();
    // While the canary wave is undecided it is all there is (checkWave() opens the rest).
    return int(m_options.canary > 0 ? qMin<qsizetype>(m_options.canary, n) : n);
}

void FleetRunner::launchMore()
{
    while (!m_halted && m_running < m_options.concurrency && m_next < waveEnd())
        launch(m_next++);
}

void FleetRunner::launch(int index)
{
    auto *p = new QProcess(this);
    m_processes[index] = p;
    ++m_running;
    p->setProcessEnvironment(m_env);
    p->setProgram(m_program);
    p->setArguments(m_argsFor(m_results.at(index).member));
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    connect(p, &QProcess::readyReadStandardError, this, [this, p, index] {
        const QByteArray chunk = p->readAllStandardError();
        m_stderrTail[index] = QByteArray(m_stderrTail[index] + chunk).right(8192);
        for (const QByteArray &line : chunk.split('\n'))
            if (!line.trimmed().isEmpty())
                emit stderrLine(index, QString::fromUtf8(line));
    });
    connect(p, &QProcess::finished, this, [this, index, clock](int code, QProcess::ExitStatus status) {
        m_results[index].durationMs = clock->elapsed();
        onFinished(index, code, status == QProcess::CrashExit);
    });
    connect(p, &QProcess::errorOccurred, this, [this, index, clock](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        m_results[index].durationMs = clock->elapsed();
        m_results[index].error = tr("Could not start %1.").arg(m_program);
        onFinished(index, 1, false);
    });
    if (m_options.timeoutMs > 0) {
        QTimer::singleShot(m_options.timeoutMs, p, [this, p, index] {
            if (p->state() == QProcess::NotRunning)
                return;
            m_timedOut[index] = true;
            p->terminate();
            QTimer::singleShot(kKillGraceMs, p, [p] { p->kill(); });
        });
    }
    emit serverStarted(index);
    p->start();
}

void FleetRunner::onFinished(int index, int exitCode, bool crashed)
{
    QProcess *p = m_processes.at(index);
    if (!p)
        return;
    m_processes[index] = nullptr;
    --m_running;
    FleetServerResult &r = m_results[index];
    const QByteArray out = p->readAllStandardOutput();
    m_stderrTail[index] += p->readAllStandardError();
    p->deleteLater();
    const QJsonObject json = QJsonDocument::fromJson(out).object();
    (m_options.purge ? r.receipt : r.status) = json;
    r.exitCode = crashed ? 1 : exitCode;
    if (m_timedOut.at(index)) {
        r.exitCode = 3; // the one-server command's "cannot connect": no answer in time
        r.error = tr("No answer within %1 s: stopped.").arg(m_options.timeoutMs / 1000);
    } else if (r.exitCode != 0 && r.error.isEmpty()) {
        r.error = crashed ? tr("The command crashed.") : lastLine(m_stderrTail.at(index));
    }
    if (r.exitCode != 0)
        ++m_failures;
    emit serverFinished(index);
    if (m_options.maxFailures > 0 && m_failures >= m_options.maxFailures && !m_halted &&
        m_next < m_results.size())
        halt(QStringLiteral("failure_budget"),
             tr("the failure budget (%n failed server(s)) was spent", nullptr, m_options.maxFailures));
    launchMore();
    checkWave();
}

void FleetRunner::checkWave()
{
    if (m_running > 0 || m_finished)
        return;
    if (!m_halted && m_options.canary > 0 && m_next == qMin<qsizetype>(m_options.canary, m_results.size()) &&
        m_next < m_results.size()) {
        for (int i = 0; i < m_next; ++i)
            if (!m_results.at(i).ok()) {
                halt(QStringLiteral("canary_failed"), tr("a server of the canary wave did not end ok"));
                break;
            }
        if (!m_halted) {
            m_options.canary = 0; // the second wave: everything left
            launchMore();
            if (m_running > 0)
                return;
        }
    }
    if (m_running > 0 || (!m_halted && m_next < m_results.size()))
        return;
    m_finished = true;
    emit finished();
}

void FleetRunner::halt(const QString &id, const QString &reason)
{
    m_halted = true;
    skipRest(id, reason);
    for (QProcess *p : std::as_const(m_processes))
        if (p && p->state() != QProcess::NotRunning) {
            p->terminate(); // SIGTERM: the one-server command stops cleanly (exit 6)
            QTimer::singleShot(kKillGraceMs, p, [p] { p->kill(); });
        }
}

void FleetRunner::skipRest(const QString &id, const QString &reason)
{
    for (; m_next < m_results.size(); ++m_next) {
        FleetServerResult &r = m_results[m_next];
        r.skippedId = id;
        r.skipped = reason;
        emit serverFinished(m_next);
    }
}

void FleetRunner::stop()
{
    if (m_finished || m_stopped)
        return;
    m_stopped = true;
    halt(QStringLiteral("stopped"), tr("the fleet was stopped"));
    checkWave();
}

} // namespace purga
