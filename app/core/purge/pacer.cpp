#include "pacer.h"

#include "core/util/textformat.h"

#include <QFileInfo>
#include <QLocale>
#include <QThread>

namespace purga {

namespace {

constexpr qint64 kNoStandbyRecheckMs = 1000;

QString seconds(qint64 ms)
{
    return QLocale().toString(double(ms) / 1000.0, 'f', 1); // the locale's decimal point
}

} // namespace

Pacer::Pacer(PgConnection &conn, const PacingOptions &options, const LiveSettings *live, Stopped stopped,
             Log log)
    : m_options(options)
    , m_live(live)
    , m_stopped(std::move(stopped))
    , m_log(std::move(log))
    , m_probe(conn)
{
    if (m_live) {
        m_appliedBatchSize = m_live->batchSize();
        m_appliedNice = m_live->nice();
        m_appliedPaused = m_live->paused();
        m_appliedMaxLag = m_live->maxLagMs();
        if (m_appliedMaxLag >= 0)
            m_options.maxLagMs = m_appliedMaxLag;
    }
}

int PacingOptions::maxLagFromProfile(const QMap<QString, QString> &overrides)
{
    bool ok = false;
    const int ms = overrides.value(kMaxLagKey).toInt(&ok);
    return ok && ms >= 0 && ms <= 3600000 ? ms : -1;
}

QString Pacer::describe() const
{
    const QString lag =
        m_options.maxLagMs == 0 ? tr("off")
        : m_options.maxLagMs > 0
            ? tr("%1 s").arg(seconds(m_options.maxLagMs))
            : tr("%1 s when there are standbys").arg(seconds(PacingOptions::kDefaultMaxLagMs));
    const double nice = m_appliedNice >= 0 ? m_appliedNice : m_options.nice;
    return tr("Pacing: max replica lag %1, nice ratio %2%3.")
        .arg(lag)
        .arg(nice)
        .arg(m_options.throttleFile.isEmpty() ? QString()
                                              : tr(", throttle file %1").arg(m_options.throttleFile));
}

int Pacer::batchSize(int configured) const
{
    return m_appliedBatchSize > 0 ? m_appliedBatchSize : configured;
}

// Live changes take effect here, before a batch, and are written to the log once each.
void Pacer::applyLiveChanges()
{
    if (!m_live)
        return;
    const int size = qMin(m_live->batchSize(), 100000); // the rules' own bound (Rules::validate)
    if (size != m_appliedBatchSize && size > 0) {
        m_log(tr("Batch size changed to %1 rows during the run; it applies from the next batch.")
                  .arg(formatCount(size)));
        m_appliedBatchSize = size;
    }
    const double nice = m_live->nice();
    if (nice != m_appliedNice && nice >= 0) {
        m_log(tr("Nice ratio changed to %1 during the run: after each batch the run sleeps %1 × its time.")
                  .arg(QLocale().toString(nice)));
        m_appliedNice = nice;
    }
    const int maxLag = m_live->maxLagMs();
    if (maxLag != m_appliedMaxLag && maxLag >= 0) {
        m_log(maxLag == 0
                  ? tr("Replica lag limit switched off during the run.")
                  : tr("Replica lag limit changed to %1 s during the run; it applies from the next batch.")
                        .arg(seconds(maxLag)));
        m_appliedMaxLag = maxLag;
        m_options.maxLagMs = maxLag;
    }
    const bool paused = m_live->paused();
    if (paused != m_appliedPaused) {
        m_log(paused ? tr("Paused by you: no batch starts until you resume.") : tr("Resumed by you."));
        m_appliedPaused = paused;
    }
}

// A limit that was asked for and cannot be read (the lag query fails, or standbys hide their
// replay position): no batch starts, and after abortLagForMs of it the run stops. The preflight
// refuses such a run before it starts; this covers what changed since (a revoked pg_monitor, a
// standby that attached during the run and has not reported yet).
Pacer::Hold Pacer::unseenLag(const ReplicaLag &lag, QString *why, QString *abortReason)
{
    *why = lag.ok ? tr("%1 of %2 standbys hide their replay position from this role")
                        .arg(lag.standbys - lag.visible)
                        .arg(lag.standbys)
                  : tr("the replica lag could not be read (%1)").arg(lag.error);
    m_lastLagMs = -1;
    if (!m_unseenSince.isValid())
        m_unseenSince.start();
    else if (m_unseenSince.elapsed() >= m_options.abortLagForMs)
        *abortReason = tr("the replica lag limit cannot be enforced: %1 for %2 s (GRANT pg_monitor to the "
                          "role lets it see the standbys)")
                           .arg(*why, seconds(m_unseenSince.elapsed()));
    return Hold::LagUnseen;
}

bool Pacer::lagProbeDue() const
{
    const bool asked = m_options.lagLimitAsked();
    if ((m_options.maxLagMs == 0 && m_options.abortLagMs <= 0) || (m_lagBroken && !asked))
        return false;
    // With no standby attached there is no lag to wait for: look again once a second rather than
    // before every batch (a round trip each), so that one attaching is still seen within a second.
    return !m_noStandbySince.isValid() || m_noStandbySince.elapsed() >= kNoStandbyRecheckMs;
}

Pacer::Hold Pacer::checkLag(QString *why, QString *abortReason)
{
    if (!lagProbeDue())
        return Hold::None;
    const bool asked = m_options.lagLimitAsked();
    const ReplicaLag lag = m_probe.read();
    if (lag.ok && lag.standbys == 0)
        m_noStandbySince.start();
    else
        m_noStandbySince.invalidate();
    if (asked && (!lag.ok || lag.standbys > lag.visible))
        return unseenLag(lag, why, abortReason);
    m_unseenSince.invalidate();
    if (!lag.ok) {
        m_lagBroken = true;
        m_log(tr("The replica lag could not be read (%1): the run is not throttled on it.").arg(lag.error));
        return Hold::None;
    }
    if (lag.standbys > lag.visible && !m_toldInvisible) {
        m_toldInvisible = true;
        m_log(tr("%1 of %2 standbys hide their replay position from this role (pg_monitor or "
                 "pg_read_all_stats shows it): their lag is not checked.")
                  .arg(lag.standbys - lag.visible)
                  .arg(lag.standbys));
    }
    m_lastLagMs = lag.visible > 0 ? lag.lagMs : -1;
    if (lag.visible == 0)
        return Hold::None;
    if (m_options.abortLagMs > 0 && lag.lagMs > m_options.abortLagMs) {
        if (!m_aboveAbortSince.isValid())
            m_aboveAbortSince.start();
        else if (m_aboveAbortSince.elapsed() >= m_options.abortLagForMs) {
            *abortReason = tr("the replica lag stayed above %1 s for %2 s (now %3 s on standby %4)")
                               .arg(seconds(m_options.abortLagMs), seconds(m_options.abortLagForMs),
                                    seconds(lag.lagMs), lag.worst);
            return Hold::ReplicaLag;
        }
    } else {
        m_aboveAbortSince.invalidate();
    }
    const int limit = m_options.maxLagMs > 0   ? m_options.maxLagMs
                      : m_options.maxLagMs < 0 ? PacingOptions::kDefaultMaxLagMs
                                               : 0;
    if (limit > 0 && lag.lagMs > limit) {
        *why = tr("replica lag %1 s > %2 s").arg(seconds(lag.lagMs), seconds(limit));
        m_lagDetail =
            tr("standby %1, %2 kB of WAL behind").arg(lag.worst, formatCount(lag.bytesBehind / 1024));
        return Hold::ReplicaLag;
    }
    return Hold::None;
}

Pacer::Hold Pacer::currentHold(QString *why, QString *abortReason)
{
    applyLiveChanges();
    if (m_appliedPaused) {
        *why = tr("paused by you");
        return Hold::Paused;
    }
    if (!m_options.throttleFile.isEmpty() && QFileInfo::exists(m_options.throttleFile)) {
        *why = tr("throttle file present");
        return Hold::ThrottleFile;
    }
    return checkLag(why, abortReason);
}

bool Pacer::waitBeforeBatch(const Report &report, QString *abortReason)
{
    QElapsedTimer held;
    Hold last = Hold::None;
    for (;;) {
        QString why;
        const Hold hold = m_stopped() ? Hold::None : currentHold(&why, abortReason);
        if (hold != Hold::None && abortReason->isEmpty()) {
            if (hold != last) { // said once per wait and reason, not at every look
                if (hold == Hold::ReplicaLag) {
                    ++m_lagWaits;
                    m_log(tr("Waiting for replica lag: %1 (%2); no batch starts until it is under the limit.")
                              .arg(why, m_lagDetail));
                } else if (hold == Hold::LagUnseen) {
                    m_log(tr("The replica lag limit cannot be enforced: %1. No batch starts until it can be "
                             "read; the run stops after %2 s of this.")
                              .arg(why, seconds(m_options.abortLagForMs)));
                } else if (hold == Hold::ThrottleFile) {
                    m_log(tr("Throttle file %1 present: no batch starts until it is removed.")
                              .arg(m_options.throttleFile));
                }
                last = hold;
            }
            if (!held.isValid())
                held.start();
            report(why, m_lastLagMs);
            sleep(m_options.pollMs);
            continue;
        }
        if (held.isValid()) {
            m_throttledMs += held.elapsed();
            if (!m_stopped() && abortReason->isEmpty())
                m_log(tr("Resumed after %1 s held.").arg(seconds(held.elapsed())));
        }
        return abortReason->isEmpty();
    }
}

void Pacer::afterBatch(double batchMs, int pauseMs)
{
    const double nice = m_appliedNice >= 0 ? m_appliedNice : m_options.nice;
    const qint64 ms = qint64(pauseMs) + qint64(nice * batchMs + 0.5);
    if (ms > 0)
        sleep(ms);
}

bool Pacer::mayStartAtOnce(double batchMs, int pauseMs)
{
    // The replica lag is read between transactions, never inside the batch about to commit: a
    // probe due now means no chain.
    if (pauseMs > 0 || m_stopped())
        return false;
    applyLiveChanges();
    if (lagProbeDue())
        return false;
    QString why, abortReason;
    if (currentHold(&why, &abortReason) != Hold::None || !abortReason.isEmpty())
        return false;
    const double nice = m_appliedNice >= 0 ? m_appliedNice : m_options.nice;
    return qint64(nice * batchMs + 0.5) <= 0;
}

void Pacer::sleep(qint64 ms) const
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms && !m_stopped())
        QThread::msleep(qMin<qint64>(20, ms - t.elapsed()));
}

} // namespace purga
