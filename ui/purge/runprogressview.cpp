// The Purge page's live area: per-rule progress beside the log, painted at most every 100 ms.
#include "runprogressview.h"

#include "ruleprogresswidget.h"
#include "core/preview/preview.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/widgets/shortcutlabel.h"
#include "ui/widgets/wraplabel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

namespace purga {

// The texts keep the Purge page's translation context: their translations are filed there.
RunProgressView::RunProgressView(QWidget *parent)
    : QSplitter(Qt::Horizontal, parent)
    , m_flush(new QTimer(this))
    , m_progressArea(new QWidget(this))
    , m_progressLayout(new QVBoxLayout(m_progressArea))
    , m_noRun(new WrapLabel(
          QCoreApplication::translate("purga::PurgePage",
                                      "No purge has run in this session.\n\n"
                                      "Start purge… (Ctrl+Return) restates the preview and asks for "
                                      "confirmation. Then the progress of each rule appears here: %1 stops "
                                      "after the batch in flight, Esc cancels at once. The receipt follows "
                                      "at the end.")
              .arg(ShortcutLabel::text(QKeySequence(Qt::CTRL | Qt::Key_Period))),
          m_progressArea))
    , m_log(new QPlainTextEdit(this))
    , m_scroll(new QScrollArea(this))
{
    m_log->setObjectName(QStringLiteral("purgeLog"));
    m_log->setReadOnly(true);
    m_log->setFont(RunFormat::monospace());
    m_log->setMaximumBlockCount(10000);
    m_log->setPlaceholderText(QCoreApplication::translate("purga::PurgePage", "The purge log appears here."));
    m_noRun->setAlignment(Qt::AlignCenter);
    m_noRun->setWordWrap(true);
    m_noRun->setMargin(24);
    m_progressLayout->addWidget(m_noRun);
    m_progressLayout->addStretch(1);

    m_scroll->setObjectName(QStringLiteral("progressScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidget(m_progressArea);
    addWidget(m_scroll);
    addWidget(m_log);
    setStretchFactor(0, 1);
    setStretchFactor(1, 1);
    m_log->setMinimumWidth(360);

    m_flush->setSingleShot(true);
    m_flush->setInterval(100);
    connect(m_flush, &QTimer::timeout, this, &RunProgressView::flushPending);
}

void RunProgressView::startRun(const QStringList &ruleIds, const PreviewPlan &plan)
{
    clearProgress();
    for (const QString &id : ruleIds) {
        const RulePreview *rule = plan.rule(id);
        auto *w = new RuleProgressWidget(id, rule ? rule->eligible : 0, m_progressArea);
        m_progress.insert(id, w);
        m_progressLayout->insertWidget(m_progressLayout->count() - 1, w);
    }
    m_noRun->hide();
    m_log->clear();
    m_ruleClock.start();
}

void RunProgressView::addProgress(const RuleProgress &progress)
{
    // Rows per second over wall time since the rule began (the run's start or the previous rule's
    // end), not over batch time alone, which leaves out planning, pauses and commits.
    RuleProgress p = progress;
    const double seconds = m_ruleClock.elapsed() / 1000.0;
    p.rowsPerSecond = seconds > 0 ? p.deleted / seconds : 0;
    if (p.state != RuleStatus::Running && p.state != RuleStatus::WaitingLock && p.state != RuleStatus::Throttled)
        m_ruleClock.restart();
    m_pendingProgress.insert(p.ruleId, p);
    if (!m_flush->isActive())
        m_flush->start();
}

void RunProgressView::addLogLine(const QString &line)
{
    m_pendingLog << line;
    if (!m_flush->isActive())
        m_flush->start();
}

void RunProgressView::flushNow()
{
    m_flush->stop();
    flushPending();
}

void RunProgressView::flushPending()
{
    for (const RuleProgress &p : std::as_const(m_pendingProgress))
        if (RuleProgressWidget *w = m_progress.value(p.ruleId))
            w->setProgress(p);
    for (const RuleProgress &p : std::as_const(m_pendingProgress))
        if (p.state == RuleStatus::Running || p.state == RuleStatus::Throttled)
            emit ruleActive(p);
    m_pendingProgress.clear();
    for (const QString &line : std::as_const(m_pendingLog))
        appendLog(line);
    m_pendingLog.clear();
}

void RunProgressView::appendLog(const QString &line)
{
    m_log->appendPlainText(Display::localTime(QDateTime::currentDateTimeUtc()) + QStringLiteral("  ") + line);
}

QString RunProgressView::logText() const
{
    return m_log->toPlainText();
}

void RunProgressView::clearProgress()
{
    qDeleteAll(m_progress);
    m_progress.clear();
}

} // namespace purga
