#include "previewpage.h"

#include "core/rules/rules.h"
#include "core/session/dbsession.h"
#include "rulepreviewtab.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/widgets/wraplabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace purga {

PreviewPage::PreviewPage(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_take(new QPushButton(tr("Take preview"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_settings(new QToolButton(this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_blocked(new WrapLabel(this))
    , m_ruleBlocked(new WrapLabel(this))
    , m_info(new WrapLabel(this))
    , m_empty(new WrapLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_purge(new QPushButton(tr("Purge with this preview…"), this))
{
    setupWidgets();
    setupLayout();
    connectSignals();
    rebuildTabs();
    updateActions();
}

void PreviewPage::setupWidgets()
{
    setObjectName(QStringLiteral("previewPage"));
    m_take->setObjectName(QStringLiteral("takePreviewButton"));
    m_take->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    m_take->setToolTip(RunFormat::withShortcut(
        tr("Freeze the cutoffs on the database clock and count exactly what each rule would remove"),
        m_take->shortcut()));
    m_take->setDefault(true);
    m_cancel->setObjectName(QStringLiteral("cancelPreviewButton"));
    // No shortcut of its own: the window's "Cancel database operation" (Shift+Esc) cancels all
    // database work, and two shortcuts on one key would be ambiguous (neither fires).
    m_cancel->setToolTip(tr("Cancel the preview only; other database work goes on"));
    m_cancel->hide();
    m_progress->setMaximumWidth(180);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_status->setTextFormat(Qt::PlainText);
    m_status->setObjectName(QStringLiteral("previewStatus"));
    m_blocked->setObjectName(QStringLiteral("previewBlockedReason"));
    m_blocked->setTextFormat(Qt::PlainText);
    m_blocked->setWordWrap(true);
    m_ruleBlocked->setObjectName(QStringLiteral("previewRuleBlocked"));
    m_ruleBlocked->setTextFormat(Qt::PlainText);
    m_ruleBlocked->setWordWrap(true);
    m_info->setObjectName(QStringLiteral("previewInfo"));
    m_info->setWordWrap(true);
    m_info->setTextFormat(Qt::PlainText);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setText(tr("No preview yet.\n\nTake one (Ctrl+P): it freezes each rule's cutoff on the database "
                        "clock and counts exactly what would be removed. Nothing is deleted."));
    m_settings->setObjectName(QStringLiteral("ruleSettingsButton"));
    m_settings->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_settings->hide(); // until the window hands over its action
    m_tabs->setObjectName(QStringLiteral("ruleTabs"));
    m_tabs->setDocumentMode(true);
    m_purge->setObjectName(QStringLiteral("purgeWithPreviewButton"));
    m_purge->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    m_purge->setToolTip(
        RunFormat::withShortcut(tr("Go to the Purge page with this frozen preview"), m_purge->shortcut()));
}

void PreviewPage::setupLayout()
{
    auto *top = new QHBoxLayout;
    top->addWidget(m_take);
    top->addWidget(m_cancel);
    top->addWidget(m_progress);
    top->addWidget(m_status, 1);
    top->addWidget(m_settings);
    auto *bottom = new QHBoxLayout;
    bottom->addStretch(1);
    bottom->addWidget(m_purge);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_blocked);
    layout->addWidget(m_ruleBlocked);
    layout->addWidget(m_info);
    layout->addWidget(m_empty, 1);
    layout->addWidget(m_tabs, 1);
    layout->addLayout(bottom);
}

void PreviewPage::connectSignals()
{
    connect(m_take, &QPushButton::clicked, this, &PreviewPage::takePreview);
    connect(m_cancel, &QPushButton::clicked, this, &PreviewPage::cancelPreview);
    connect(m_purge, &QPushButton::clicked, this,
            [this] { emit m_state->showPageRequested(QStringLiteral("purge")); });

    connect(m_state, &AppState::connectionChanged, this, [this] {
        if (!m_state->isConnected() && m_request)
            m_request->cancel();
        rebuildTabs();
        updateActions();
    });
    connect(m_state, &AppState::preflightChanged, this, &PreviewPage::updateActions);
    connect(m_state, &AppState::purgeRunningChanged, this, &PreviewPage::updateActions);
    connect(m_state, &AppState::previewChanged, this, [this] {
        rebuildTabs();
        updateActions();
    });
}

void PreviewPage::setSettingsAction(QAction *action)
{
    m_settings->setDefaultAction(action);
    m_settings->setVisible(action != nullptr);
}

QString PreviewPage::blockedReason() const
{
    if (!m_state->session())
        return tr("There is no database session.");
    if (!m_state->isConnected())
        return tr("Not connected: connect to a database first.");
    const PreflightReport &report = m_state->preflight();
    if (report.serverVersionNum == 0 && report.items.isEmpty())
        return tr("Waiting for the preflight checks of this connection.");
    if (report.previewableRules().isEmpty()) // a blocker of every rule; one rule's own is said apart
        return report.previewBlockers().join(u'\n');
    if (m_state->isPurgeRunning())
        return tr("A purge is running: take a new preview when it has finished.");
    return QString();
}

QString PreviewPage::ruleBlockedReason(const QString &ruleId) const
{
    const PreflightReport &report = m_state->preflight();
    if (!m_state->isConnected() || report.canPreview({ruleId}))
        return QString();
    return report.previewBlockers({ruleId}).join(u'\n');
}

void PreviewPage::updateActions()
{
    const QString reason = blockedReason();
    QStringList ruleLines; // the rules left out of the preview, each with its reason
    for (const QString &id : Rules::ids()) {
        const QString why = ruleBlockedReason(id);
        if (!why.isEmpty())
            ruleLines << Display::statusSymbol(Display::Status::Warning) + u' ' +
                             tr("%1 is not previewed: %2").arg(Rules::title(id), why);
    }
    m_ruleBlocked->setVisible(reason.isEmpty() && !ruleLines.isEmpty());
    m_ruleBlocked->setText(ruleLines.join(u'\n'));
    const bool pending = isPending();
    m_take->setEnabled(reason.isEmpty() && !pending);
    m_blocked->setVisible(!reason.isEmpty());
    m_blocked->setText(Display::statusSymbol(Display::Status::Warning) + u' ' +
                       tr("Cannot take a preview: %1").arg(reason));
    m_cancel->setVisible(pending);
    m_progress->setVisible(pending);
    const bool havePlan = !m_state->previewPlan().isEmpty();
    m_purge->setEnabled(havePlan && m_state->isConnected() && !pending);
}

bool PreviewPage::isPending() const
{
    return m_request && m_request->isActive();
}

void PreviewPage::takePreview()
{
    if (isPending() || !blockedReason().isEmpty())
        return;
    m_progress->setRange(0, 0);
    m_status->setText(m_state->session()->isBusy()
                          ? tr("Preview queued behind the database work in progress… (Cancel drops it)")
                          : tr("Freezing the cutoffs and counting… (Cancel stops it)"));
    m_request = m_state->session()->preview(m_state->previewableRuleConfigs());
    m_request.onSucceeded(this, [this](const PreviewPlan &plan) { onPreviewReady(plan); });
    connect(m_request, &DbRequest::started, this,
            [this] { m_status->setText(tr("Freezing the cutoffs and counting… (Cancel stops it)")); });
    connect(m_request, &DbRequest::progress, this, [this](const QString &stage, int done, int total) {
        m_progress->setRange(0, total > 0 ? total : 0);
        m_progress->setValue(done);
        m_status->setText(total > 0 ? tr("%1 (%2 of %3)").arg(stage).arg(done).arg(total) : stage);
    });
    connect(m_request, &DbRequest::failed, this,
            [this](const DbFailure &f) { onPreviewEnded(f.message, false); });
    connect(m_request, &DbRequest::cancelled, this, [this] { onPreviewEnded(QString(), true); });
    updateActions();
}

void PreviewPage::cancelPreview()
{
    if (!isPending())
        return;
    m_status->setText(tr("Cancelling the preview…"));
    m_request->cancel(); // only the preview: other database work goes on
}

void PreviewPage::onPreviewReady(const PreviewPlan &plan)
{
    updateActions();
    emit previewFinished(true);
    if (!m_state->isConnected())
        return;
    m_status->setText(Display::statusSymbol(Display::Status::Ok) + u' ' +
                      tr("Preview taken at %1.").arg(Display::localTime(plan.takenAtUtc)));
    m_state->setPreviewPlan(plan); // → previewChanged → rebuildTabs()
}

void PreviewPage::onPreviewEnded(const QString &message, bool cancelled)
{
    if (cancelled)
        m_status->setText(Display::statusSymbol(Display::Status::Info) + u' ' +
                          tr("Preview cancelled. The previous preview, if any, is unchanged."));
    else
        m_status->setText(Display::statusSymbol(Display::Status::Failed) + u' ' +
                          tr("Preview failed: %1").arg(message));
    updateActions();
    emit previewFinished(false);
}

void PreviewPage::rebuildTabs()
{
    const QString current = m_tabs->currentIndex() >= 0
                                ? static_cast<RulePreviewTab *>(m_tabs->currentWidget())->ruleId()
                                : QString();
    while (m_tabs->count() > 0) {
        QWidget *w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete w;
    }
    const PreviewPlan &plan = m_state->previewPlan();
    m_empty->setVisible(plan.isEmpty());
    // Hidden while the tabs are added: only the current one is shown at the end, and a tab builds
    // its contents when first shown (the others cost nothing until the user opens them).
    m_tabs->hide();
    m_info->setVisible(!plan.isEmpty());
    if (plan.isEmpty())
        return;

    QString info =
        tr("Frozen at %1 (database clock, %2 here). Server time zone: %3. The purge will use exactly "
           "these cutoffs.")
            .arg(RunFormat::utc(plan.cutoffBaseUtc), Display::localTime(plan.cutoffBaseUtc),
                 plan.serverTimeZone.isEmpty() ? tr("unknown") : plan.serverTimeZone);
    if (m_state->isPreviewStale())
        info =
            Display::statusSymbol(Display::Status::Warning) + u' ' +
            tr("Stale: the rule settings changed after this preview was taken. Take a new preview (Ctrl+P) "
               "before purging.") +
            u'\n' + info;
    m_info->setText(info);
    for (const RulePreview &rule : plan.rules) {
        auto *tab = new RulePreviewTab(plan, rule, m_tabs);
        const int index = m_tabs->addTab(
            tab, tr("%1 · %2 removable").arg(Rules::title(rule.id), Display::number(rule.eligible)));
        if (rule.adrSampleInWindow > 0 || Rules::isShortRetention(rule.config))
            m_tabs->setTabIcon(index, Display::statusIcon(Display::Status::Warning));
        if (rule.id == current)
            m_tabs->setCurrentIndex(index);
    }
    m_tabs->show();
}

RulePreviewTab *PreviewPage::tabFor(const QString &ruleId) const
{
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto *tab = static_cast<RulePreviewTab *>(m_tabs->widget(i));
        if (tab->ruleId() == ruleId)
            return tab;
    }
    return nullptr;
}

} // namespace purga
