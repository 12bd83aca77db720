#pragma once

#include "core/purge/purgeengine.h"

#include <QElapsedTimer>
#include <QMap>
#include <QSplitter>

class QLabel;
class QPlainTextEdit;
class QScrollArea;
class QTimer;
class QVBoxLayout;

namespace purga {

struct PreviewPlan;
class RuleProgressWidget;

// The Purge page's live area: one progress box per rule of the run beside the run's log. Progress
// and log lines arrive as the controller's queued signals; they are collected and painted together
// at most every 100 ms, so a fast run never floods the GUI thread.
class RunProgressView : public QSplitter
{
    Q_OBJECT
public:
    explicit RunProgressView(QWidget *parent = nullptr);

    // A new run of these rules: the previous run's boxes and log go, the rule clock restarts.
    void startRun(const QStringList &ruleIds, const PreviewPlan &plan);
    // Rows per second are over wall time since the rule began; painted on the next flush.
    void addProgress(const RuleProgress &progress);
    void addLogLine(const QString &line); // painted on the next flush
    void appendLog(const QString &line);  // at once, with the local time
    // Paints what is pending now (the run ended: nothing may wait for the timer).
    void flushNow();

    RuleProgressWidget *progressFor(const QString &ruleId) const { return m_progress.value(ruleId); }
    const QMap<QString, RuleProgressWidget *> &rules() const { return m_progress; }
    QWidget *progressArea() const { return m_progressArea; }
    QScrollArea *progressScroll() const { return m_scroll; }
    QString logText() const;

signals:
    // While painting: a rule that is running or held, for the line above the rules.
    void ruleActive(const purga::RuleProgress &progress);

private:
    void flushPending();
    void clearProgress();

    QMap<QString, RuleProgress> m_pendingProgress;
    QStringList m_pendingLog;
    QTimer *m_flush;
    QWidget *m_progressArea;
    QVBoxLayout *m_progressLayout;
    QLabel *m_noRun;
    QPlainTextEdit *m_log;
    QScrollArea *m_scroll;
    QMap<QString, RuleProgressWidget *> m_progress;
    QElapsedTimer m_ruleClock; // since the current rule began: its rows per second use wall time
};

} // namespace purga
