#include "purgepage.h"

#include "core/preflight/rolechecks.h"
#include "core/profiles/profilestore.h"
#include "core/purge/remainingplan.h"
#include "core/rules/rules.h"
#include "core/security/secrets.h"
#include "core/session/purgecontroller.h"
#include "livecontrols.h"
#include "purgestart.h"
#include "receiptsigner.h"
#include "receiptview.h"
#include "ruleprogresswidget.h"
#include "runbar.h"
#include "runprogressview.h"
#include "ui/common/lockholderpanel.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/widgets/messagebox.h"
#include "ui/widgets/wraplabel.h"
#include "vacuumoffer.h"

#include <QEventLoop>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace purga {

namespace {

// The batch size a run of `ids` starts with: its first row rule's (the partition rule has none).
int batchSizeOf(const PreviewPlan &plan, const QStringList &ids)
{
    for (const QString &id : ids)
        if (const RulePreview *rule = plan.rule(id); rule && !Rules::isPartitionRule(id))
            return rule->config.batchSize;
    return Rules::defaults(Rules::ids().value(0)).batchSize;
}

int pauseOf(const PreviewPlan &plan, const QStringList &ids)
{
    for (const QString &id : ids)
        if (const RulePreview *rule = plan.rule(id); rule && !Rules::isPartitionRule(id))
            return rule->config.pauseMs;
    return 0;
}

} // namespace

PurgePage::PurgePage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_controller(new PurgeController(this))
    , m_signer(new ReceiptSigner(state, this))
    , m_summary(new WrapLabel(this))
    , m_blockers(new WrapLabel(this))
    , m_start(new QPushButton(tr("Start purge…"), this))
    , m_toPreview(new QPushButton(tr("Go to Preview"), this))
    , m_runStatus(new WrapLabel(this))
    , m_runId(new QLabel(this))
    , m_stop(new QPushButton(tr("Stop after this batch"), this))
    , m_cancel(new QPushButton(tr("Cancel now"), this))
    , m_liveControls(new LiveControls(this))
    , m_run(new RunProgressView(this))
    , m_receiptBox(new QWidget(this))
    , m_vacuum(new VacuumOffer(state, m_receiptBox))
    , m_receipt(new ReceiptView(m_receiptBox))
    , m_lock(new LockHolderPanel(state, this))
{
    setupWidgets();
    setupLayout();
    connectSignals();
    updateSummary();
    updateActions();
}

void PurgePage::setupWidgets()
{
    setObjectName(QStringLiteral("purgePage"));
    m_summary->setObjectName(QStringLiteral("purgeSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    // Not selectable: a selectable label lays its text out as a document on every size query, which
    // makes its repaint slow when the receipt appears. The same counts are selectable on the Preview
    // page.
    m_blockers->setObjectName(QStringLiteral("purgeBlockers"));
    m_blockers->setWordWrap(true);
    m_blockers->setTextFormat(Qt::PlainText);
    m_blockers->setFrameShape(QFrame::StyledPanel);
    m_blockers->setMargin(6);
    m_start->setObjectName(QStringLiteral("startPurgeButton"));
    m_start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_start->setToolTip(RunFormat::withShortcut(
        tr("Restate the preview and confirm before anything is deleted"), m_start->shortcut()));
    m_start->setIcon(Display::statusIcon(Display::Status::Warning));
    m_toPreview->setObjectName(QStringLiteral("goToPreviewButton"));
    m_runStatus->setObjectName(QStringLiteral("runStatus"));
    m_runStatus->setTextFormat(Qt::PlainText);
    m_runStatus->setWordWrap(true);
    m_runId->setObjectName(QStringLiteral("runIdLabel"));
    m_runId->setTextFormat(Qt::PlainText);
    m_runId->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runId->setToolTip(tr("The id of this run in the history (identidad.purga_corridas)"));
    m_runId->hide();
    m_stop->setObjectName(QStringLiteral("stopAfterBatchButton"));
    m_stop->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_stop->setToolTip(
        RunFormat::withShortcut(tr("Finish the batch in flight, commit it and stop"), m_stop->shortcut()));
    m_cancel->setObjectName(QStringLiteral("cancelNowButton"));
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setToolTip(RunFormat::withShortcut(
        tr("Interrupt the batch in flight (it is rolled back); committed batches stay deleted"),
        m_cancel->shortcut()));
    auto *receiptLayout = new QVBoxLayout(m_receiptBox);
    receiptLayout->setContentsMargins(0, 0, 0, 0);
    receiptLayout->addWidget(m_vacuum);
    receiptLayout->addWidget(m_receipt, 1);
    m_receiptBox->hide();
    // Tab order as the page is laid out: the progress after the lock panel above it.
    QWidget::setTabOrder(m_lock, m_run->progressScroll());
}

void PurgePage::setupLayout()
{
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_runId); // up here the run bar keeps room for the status and the live controls
    top->addWidget(m_toPreview);
    top->addWidget(m_start);
    auto *runBar = new RunBar(m_runStatus, m_liveControls, m_stop, m_cancel, this);

    m_split = new QSplitter(Qt::Vertical, this);
    m_split->addWidget(m_run);
    // The receipt scrolls in its own area: its minimum height (vacuum offer, details, table, SQL)
    // would otherwise squeeze the progress above it to a sliver.
    auto *receiptScroll = new QScrollArea(this);
    receiptScroll->setObjectName(QStringLiteral("receiptScroll"));
    receiptScroll->setWidgetResizable(true);
    receiptScroll->setFrameShape(QFrame::NoFrame);
    receiptScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    receiptScroll->setWidget(m_receiptBox);
    receiptScroll->hide();
    m_split->addWidget(receiptScroll);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_blockers);
    layout->addWidget(m_lock); // who holds the purge lock, before anyone presses Purge
    layout->addWidget(runBar);
    layout->addWidget(m_split, 1);
}

void PurgePage::connectSignals()
{
    connect(m_start, &QPushButton::clicked, this, &PurgePage::requestPurge);
    connect(m_toPreview, &QPushButton::clicked, this,
            [this] { emit m_state->showPageRequested(QStringLiteral("preview")); });
    connect(m_stop, &QPushButton::clicked, this, &PurgePage::stopAfterBatch);
    connect(m_cancel, &QPushButton::clicked, this, &PurgePage::cancelNow);

    connect(m_controller, &PurgeController::started, this, &PurgePage::onStarted);
    connect(m_controller, &PurgeController::finished, this, &PurgePage::onFinished);
    connect(m_controller, &PurgeController::ruleProgress, m_run, &RunProgressView::addProgress);
    connect(m_controller, &PurgeController::logLine, m_run, &RunProgressView::addLogLine);
    connect(m_signer, &ReceiptSigner::finished, this, [this](bool, const QString &line) {
        m_run->addLogLine(line);
        m_run->flushNow();
    });
    connect(m_run, &RunProgressView::ruleActive, this, &PurgePage::showActiveRule);
    // The lock is this run's from the moment the engine took it: the panel says so.
    connect(m_controller, &PurgeController::lockTaken, m_lock,
            [this](qint64, int serverPid) { m_lock->setOwnPurge(serverPid); });
    // Another session seen holding the lock disables Start (and its release enables it again).
    connect(m_lock, &LockHolderPanel::updated, this, &PurgePage::updateActions);

    // The replica lag limit is the profile's (pacing/max_lag_ms): shown from it, saved into it.
    auto showMaxLag = [this] {
        const int ms = PacingOptions::maxLagFromProfile(m_state->profile().ruleOverrides);
        m_liveControls->setMaxLag(ms < 0 ? PacingOptions::kDefaultMaxLagMs : ms);
    };
    connect(m_state, &AppState::connectionChanged, this, showMaxLag);
    connect(m_state, &AppState::ruleSettingsChanged, this, showMaxLag);
    connect(m_liveControls, &LiveControls::maxLagEdited, this, &PurgePage::saveMaxLag);
    showMaxLag();
    for (auto signal : {&AppState::connectionChanged, &AppState::preflightChanged, &AppState::previewChanged,
                        &AppState::ruleSettingsChanged})
        connect(m_state, signal, this, [this] {
            updateSummary();
            updateActions();
            showIdleBatchSize();
        });
    showIdleBatchSize();
}

PurgePage::~PurgePage() = default;

void PurgePage::saveMaxLag(int ms)
{
    QMap<QString, QString> overrides = m_state->profile().ruleOverrides;
    overrides.insert(PacingOptions::kMaxLagKey, QString::number(ms));
    const QString name = m_state->profile().name;
    QString error;
    if (!ProfileStore().saveOverrides(name, overrides, &error))
        MessageBox::warning(
            this, tr("Purge"),
            tr("Could not save the replica lag limit in profile \"%1\": %2").arg(name, error));
    m_state->setRuleOverrides(overrides);
}

QStringList PurgePage::startBlockers() const
{
    PurgeStartFacts facts;
    facts.state = m_state;
    facts.plan = &planToRun();
    facts.running = m_running;
    facts.purgedPreview = m_purgedPreview;
    facts.lastRunId = m_lastReceipt.runId;
    facts.lock = &m_lock->holders();
    facts.lockHeldByOthers = m_lock->heldByOthers();
    return PurgeStart::blockers(facts);
}

const PreviewPlan &PurgePage::planToRun() const
{
    return m_left.planFor(m_state->previewPlan());
}

void PurgePage::updateSummary()
{
    m_summary->setText(PurgeStart::summary(planToRun(), m_left.note(m_state->previewPlan())));
}

void PurgePage::updateActions()
{
    const QStringList blockers = m_running ? QStringList() : startBlockers();
    m_start->setEnabled(blockers.isEmpty() && !m_running);
    m_blockers->setVisible(!blockers.isEmpty());
    m_blockers->setText(Display::statusSymbol(Display::Status::Warning) + u' ' + tr("Cannot purge now:") +
                        u'\n' + blockers.join(u'\n'));
    m_stop->setEnabled(m_running && !m_stopRequested && !m_cancelRequested);
    m_cancel->setEnabled(m_running && !m_cancelRequested);
}

QMap<QString, QString> PurgePage::refusedRules() const
{
    return PurgeStart::refusedRules(*m_state);
}

void PurgePage::requestPurge()
{
    const QStringList blockers = startBlockers();
    if (!blockers.isEmpty()) {
        MessageBox::warning(this, tr("Purge"), blockers.join(u'\n'));
        return;
    }
    const QString word =
        m_state->preflight().database.isEmpty() ? m_state->profile().database : m_state->preflight().database;
    PurgeConfirmDialog dialog(planToRun(), m_state->profile().displayTarget(), word, this);
    dialog.setEnvironment(m_state->profile().environment);
    dialog.refuseRules(refusedRules());
    if (const QString left = m_left.note(m_state->previewPlan()); !left.isEmpty())
        dialog.addWarning(left, QStringLiteral("previewLeftNote"));
    if (PacingOptions::maxLagFromProfile(m_state->profile().ruleOverrides) < 0) {
        const QString lag = defaultLagLimitWarning(m_state->preflight());
        if (!lag.isEmpty())
            dialog.addWarning(lag, QStringLiteral("lagNotVisible"));
    }
    if (dialog.exec() != QDialog::Accepted)
        return;
    startPurge(dialog.request());
}

bool PurgePage::startPurge(const PurgeRequest &request)
{
    const QStringList blockers = startBlockers();
    if (!blockers.isEmpty()) {
        MessageBox::warning(this, tr("Purge"), blockers.join(u'\n'));
        return false;
    }
    m_runBase = planToRun();
    PreviewPlan plan = m_runBase;
    QStringList problems;
    for (RulePreview &rule : plan.rules) {
        if (!request.ruleIds.contains(rule.id))
            continue;
        if (!request.useRuleSettings) {
            rule.config.batchSize = request.batchSize;
            rule.config.pauseMs = request.pauseMs;
        }
        problems << Rules::validate(rule.config);
    }
    if (request.ruleIds.isEmpty())
        problems << tr("No rule selected.");
    else if (!m_state->preflight().canPurge(request.ruleIds))
        problems << m_state->preflight().purgeBlockers(request.ruleIds);
    if (!problems.isEmpty()) {
        MessageBox::warning(this, tr("Purge"), problems.join(u'\n'));
        return false;
    }
    PurgeOptions options;
    options.ruleIds = request.ruleIds;
    options.detachOnly = request.detachOnly;
    options.parallel = request.parallel;
    options.origin = QStringLiteral("manual");
    options.operatorName = osUserName(); // from the OS, not $USER (anyone can set that)
    options.pacing.maxLagMs = PacingOptions::maxLagFromProfile(m_state->profile().ruleOverrides);
    options.live = std::make_shared<LiveSettings>();
    m_liveControls->attach(options.live, batchSizeOf(plan, request.ruleIds), options.pacing.nice);

    m_runPlan = plan;
    m_run->startRun(request.ruleIds, plan);
    m_receiptBox->hide();
    m_split->widget(1)->hide(); // its scroll area too: the progress takes the whole height
    m_vacuum->clear();
    m_runId->clear();
    m_runId->hide();
    m_running = true;
    m_runningPreview = plan.takenAtUtc;
    m_stopRequested = false;
    m_cancelRequested = false;
    m_runStatus->setText(tr("Starting: opening a dedicated connection and taking the purge lock…"));
    appendLog(
        tr("Purge requested by %1 on %2: %3; batch %4 rows, pause %5 ms%6.")
            .arg(options.operatorName.isEmpty() ? tr("an unknown user") : options.operatorName,
                 m_state->profile().displayTarget(), request.ruleIds.join(QStringLiteral(", ")),
                 Display::number(batchSizeOf(plan, request.ruleIds)),
                 Display::number(request.useRuleSettings ? pauseOf(plan, request.ruleIds) : request.pauseMs),
                 request.detachOnly ? tr(", detach only") : QString()));
    m_state->setPurgeRunning(true);
    updateActions();
    m_controller->start(m_state->profile(), m_state->password(), plan, options);
    return true;
}

void PurgePage::stopAfterBatch()
{
    if (!m_running || m_stopRequested || m_cancelRequested)
        return;
    m_stopRequested = true;
    m_controller->stopAfterBatch();
    m_runStatus->setText(tr("Stopping after the batch in flight…"));
    appendLog(tr("Stop after this batch requested."));
    updateActions();
}

void PurgePage::cancelNow()
{
    if (!m_running || m_cancelRequested)
        return;
    m_cancelRequested = true;
    m_controller->cancelNow();
    m_runStatus->setText(tr("Cancelling: the batch in flight is being rolled back…"));
    appendLog(tr("Cancel requested."));
    updateActions();
}

void PurgePage::onStarted(const QString &runId)
{
    m_runStatus->setText(tr("Running: taking the purge lock, then batches…"));
    if (runId.isEmpty())
        return;
    m_runId->setText(tr("Run id: %1").arg(runId));
    m_runId->show();
    appendLog(tr("Run id %1.").arg(runId));
}

void PurgePage::onFinished(const PurgeReceipt &receipt)
{
    m_run->flushNow();
    m_running = false;
    m_liveControls->detach();
    m_lock->setOwnPurge(0);
    m_lastReceipt = receipt;
    m_signer->sign(receipt);
    // The same preview's next run restates and runs what is left of it.
    m_left.record(m_runBase, receipt);
    updateSummary();
    showFinalStates(receipt);
    // The receipt on a later event-loop turn, after the final states are painted: the GUI thread
    // paints one of them per turn, never both at once. A timer, not a posted call: posted calls run
    // before the paint that the first half asked for.
    QTimer::singleShot(1, this, &PurgePage::showReceipt);
}

// Every rule's final state and the line above them: what the user watched during the run.
void PurgePage::showFinalStates(const PurgeReceipt &receipt)
{
    const QMap<QString, RuleProgressWidget *> &progress = m_run->rules();
    for (const RuleReceipt &r : receipt.rules)
        if (RuleProgressWidget *w = progress.value(r.ruleId))
            w->setFinal(r);
    // Rules the run never reached (the lock was held, the run failed before them) say so instead
    // of "Waiting to start".
    for (auto it = progress.cbegin(); it != progress.cend(); ++it) {
        const bool reached = std::any_of(receipt.rules.cbegin(), receipt.rules.cend(),
                                         [&](const RuleReceipt &r) { return r.ruleId == it.key(); });
        if (!reached) // the why is said once, in the line above the rules
            it.value()->setNotRun(RunFormat::statusText(receipt.status));
    }
    if (receipt.status == RunStatus::Ok)
        m_purgedPreview = m_runningPreview;
    m_runStatus->setText(finalStatusLine(receipt));
    appendLog(tr("Finished: %1.").arg(RunFormat::statusText(receipt.status, receipt.stopped)));
}

// The line above the rules once the run ended: its status, and after a stop, a cancel or a failure
// what is left of the preview for the next run. Why it did not complete is said once, in the
// receipt right below (and the log).
QString PurgePage::finalStatusLine(const PurgeReceipt &receipt) const
{
    const QString status = RunFormat::statusText(receipt.status, receipt.stopped);
    if (receipt.status == RunStatus::Ok)
        return receipt.message.isEmpty() ? status : status + QStringLiteral(" — ") + receipt.message;
    if (receipt.status == RunStatus::LockBusy || rowsRemoved(receipt) == 0)
        return status + QStringLiteral(" — ") + tr("nothing was deleted; the receipt below says why.");
    qint64 left = 0;
    for (const RuleReceipt &r : receipt.rules)
        if (const RulePreview *rule = planToRun().rule(r.ruleId))
            left += rule->eligible;
    return status + QStringLiteral(" — ") +
           tr("%1 rows removed; %2 rows of this preview are left. Start purge… removes what is left (or "
              "take a new preview).")
               .arg(Display::number(rowsRemoved(receipt)), Display::number(left));
}

// The receipt below the progress; then the page takes new runs and says the run is over.
void PurgePage::showReceipt()
{
    const PurgeReceipt &receipt = m_lastReceipt;
    m_receipt->setReceipt(receipt);
    m_vacuum->offerFor(receipt);
    if (!receipt.runId.isEmpty()) {
        m_runId->setText(tr("Run id: %1").arg(receipt.runId));
        m_runId->show();
    }
    // Every rule's progress stays in view: bar and state line, the details the receipt repeats
    // folded away (all of it when it fits in half of the page). On this turn the top
    // takes its final height above an empty place for the receipt; the receipt (filled while
    // still hidden, the first time) appears there on the next: each turn lays out and paints one
    // half of the page.
    if (m_receiptBox->isHidden()) {
        for (RuleProgressWidget *w : m_run->rules())
            w->setDetailsVisible(false);
        m_split->widget(1)->show();
        m_run->progressArea()->layout()->activate();
        const int h = m_split->height();
        const int progress = m_run->progressArea()->sizeHint().height() + 2 * m_split->handleWidth();
        // The receipt gets at least half: it is what the run leaves (the progress scrolls).
        const int top = qBound(h / 4, progress, h / 2);
        m_split->setSizes({top, h - top});
    }
    QTimer::singleShot(1, this, &PurgePage::revealReceipt);
}

void PurgePage::revealReceipt()
{
    if (!m_receiptBox->isHidden()) {
        endRun();
        return;
    }
    // The receipt's vacuum offer and its SQL pane each on a later turn: each first paint is its
    // own turn's work. The run ends with the last.
    const bool offered = !m_vacuum->isHidden();
    m_vacuum->hide();
    m_receipt->setSqlVisible(false);
    m_receiptBox->show();
    QTimer::singleShot(1, this, [this, offered] {
        m_vacuum->setVisible(offered);
        QTimer::singleShot(1, this, [this] {
            m_receipt->setSqlVisible(true);
            endRun();
        });
    });
}

// The receipt is whole: the page takes new runs and says the run is over.
void PurgePage::endRun()
{
    m_state->setPurgeRunning(false);
    updateActions();
    showIdleBatchSize();
    emit purgeFinished(m_lastReceipt);
}

// The line above the rules follows the run, unless a stop or cancel request speaks there.
void PurgePage::showActiveRule(const RuleProgress &p)
{
    if (!m_running)
        return;
    if (const RulePreview *rule = m_runPlan.rule(p.ruleId); rule && !Rules::isPartitionRule(p.ruleId))
        m_liveControls->showBatchSize(rule->config.batchSize);
    if (m_stopRequested || m_cancelRequested)
        return;
    m_runStatus->setText(
        p.state == RuleStatus::Throttled
            ? tr("Held: %1 — %2").arg(Rules::title(p.ruleId), p.holdReason)
            : tr("Running: %1, batch %2").arg(Rules::title(p.ruleId), Display::number(p.batches)));
}

void PurgePage::showIdleBatchSize()
{
    if (m_running)
        return;
    QStringList rowRules;
    for (const QString &id : Rules::ids())
        if (!Rules::isPartitionRule(id))
            rowRules << id;
    m_liveControls->showBatchSize(m_state->ruleConfig(rowRules.value(0)).batchSize);
}

void PurgePage::appendLog(const QString &line)
{
    m_run->appendLog(line);
}

QString PurgePage::logText() const
{
    return m_run->logText();
}

RuleProgressWidget *PurgePage::progressFor(const QString &ruleId) const
{
    return m_run->progressFor(ruleId);
}

QString PurgePage::runStatusText() const
{
    return m_runStatus->text();
}

bool PurgePage::confirmClose()
{
    if (!m_running)
        return true;
    const auto answer = MessageBox::show(
        QMessageBox::Warning, this, tr("A purge is running"),
        tr("A purge is running on %1. Cancel it and close?\n\nBatches already committed stay deleted; the "
           "batch in "
           "flight is rolled back. The receipt is recorded in the history.")
            .arg(m_state->profile().displayTarget()),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No,
        {{QMessageBox::Yes, tr("Cancel the purge and close")}, {QMessageBox::No, tr("Keep it running")}});
    if (answer != QMessageBox::Yes)
        return false;
    cancelNow();
    if (m_running) {
        QEventLoop loop;
        connect(this, &PurgePage::purgeFinished, &loop, &QEventLoop::quit);
        QTimer::singleShot(CloseWaitMs, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return true;
}

} // namespace purga
