// The purge confirmation: one server's frozen preview, or a fleet's last check, restated.
#include "purgeconfirmdialog.h"

#include "core/purge/parallelpurge.h"
#include "core/purge/receiptnotes.h"
#include "core/rules/rules.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/style/theme.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace purga {

namespace {

QList<PartitionInfo> removablePartitions(const RulePreview &rule)
{
    QList<PartitionInfo> out;
    for (const PartitionInfo &p : rule.partitions)
        if (p.removable && !p.isDefault)
            out << p;
    return out;
}

QString partitionNames(const QList<PartitionInfo> &parts)
{
    QStringList names;
    for (const PartitionInfo &p : parts)
        names << p.name;
    return names.join(QStringLiteral(", "));
}

// A warning under a rule: symbol and words (not colour alone), indented like the partition list.
QLabel *ruleNote(const QString &text, const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(Display::statusSymbol(Display::Status::Warning) + u' ' + text, parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setContentsMargins(24, 0, 0, 0);
    return label;
}

} // namespace

PurgeConfirmDialog::PurgeConfirmDialog(const PreviewPlan &plan, const QString &target,
                                       const QString &confirmWord, QWidget *parent)
    : PurgeConfirmDialog(parent)
{
    m_plan = plan;
    m_word = confirmWord;
    build(buildHeader(target));
}

PurgeConfirmDialog::PurgeConfirmDialog(QWidget *parent)
    : QDialog(parent)
    , m_batch(new QSpinBox(this))
    , m_pause(new QSpinBox(this))
    , m_parallel(new QSpinBox(this))
    , m_detachOnly(
          new QCheckBox(tr("Detach only: keep the detached partitions as tables, do not drop them"), this))
    , m_confirmLabel(new QLabel(this))
    , m_confirm(new QLineEdit(this))
    , m_summary(new QLabel(this))
    , m_production(new QLabel(this))
{
    setWindowTitle(tr("Confirm purge"));
    setObjectName(QStringLiteral("purgeConfirmDialog"));
}

void PurgeConfirmDialog::build(QWidget *header)
{
    auto *layout = new QVBoxLayout(this);
    m_production->setObjectName(QStringLiteral("productionBanner"));
    m_production->setWordWrap(true);
    m_production->setTextFormat(Qt::PlainText);
    m_production->setMargin(8);
    m_production->hide();
    layout->addWidget(m_production);
    layout->addWidget(header);
    if (m_fleet)
        layout->addWidget(buildFleetServers());
    layout->addWidget(buildRulesBox());
    layout->addWidget(buildOptions());
    layout->addWidget(m_confirmRow = buildConfirmRow());
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setObjectName(QStringLiteral("confirmSummary"));
    layout->addWidget(m_summary);
    layout->addWidget(buildButtons());
    update();
}

// What will be deleted where, and when the preview froze it (with a warning when that was long ago).
QWidget *PurgeConfirmDialog::buildHeader(const QString &target)
{
    return buildHeaderBox(
        tr("Rows will be deleted on %1.").arg(target),
        [this](const QString &age) {
            return tr("The preview was frozen at %1 (%2 ago). The purge removes only what that preview "
                      "counted as removable, at those cutoffs; rows that became removable since are left "
                      "for the next run.")
                .arg(RunFormat::utc(m_plan.cutoffBaseUtc), age);
        },
        [](const QString &age) {
            return tr("This preview is %1 old. Consider taking a new one to see current numbers.").arg(age);
        });
}

// The head line in bold, what the numbers come from and, past 30 minutes, a warning; both are given
// the age of m_plan.takenAtUtc in words.
QWidget *PurgeConfirmDialog::buildHeaderBox(const QString &headText, const AgeText &frozenText,
                                            const AgeText &staleText)
{
    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *head = new QLabel(headText, this);
    QFont bold = head->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    head->setFont(bold);
    head->setTextFormat(Qt::PlainText);
    head->setWordWrap(true);
    layout->addWidget(head);

    const QDateTime taken = Display::parseUtc(m_plan.takenAtUtc);
    // Its real age, not rounded down to minutes: a 21-second-old preview is "21.0 s" old, not "0 ms".
    const qint64 ageMs =
        taken.isValid() ? qMax<qint64>(0, taken.msecsTo(QDateTime::currentDateTimeUtc())) : 0;
    auto *frozen = new QLabel(frozenText(RunFormat::duration(ageMs)), this);
    frozen->setWordWrap(true);
    frozen->setObjectName(QStringLiteral("frozenAt"));
    layout->addWidget(frozen);
    if (ageMs >= 30 * 60000) {
        auto *stale = new QLabel(
            Display::statusSymbol(Display::Status::Warning) + u' ' + staleText(RunFormat::duration(ageMs)), this);
        stale->setObjectName(QStringLiteral("stalePreviewWarning"));
        stale->setWordWrap(true);
        layout->addWidget(stale);
    }
    return box;
}

// One check box per rule of the preview, with its partitions and warnings below it.
QWidget *PurgeConfirmDialog::buildRulesBox()
{
    auto *rulesBox = new QGroupBox(tr("Rules"), this);
    auto *rulesLayout = new QVBoxLayout(rulesBox);
    for (const RulePreview &rule : m_plan.rules)
        addRule(rule, rulesBox, rulesLayout);
    return rulesBox;
}

// One server: its cutoff and what stays. A fleet: the total across the servers and on how many.
QString PurgeConfirmDialog::ruleText(const RulePreview &rule) const
{
    const bool partitioned = Rules::isPartitionRule(rule.id);
    QString text;
    if (m_fleet)
        text = (partitioned ? tr("%1: partitions to remove across the fleet: %2, on %3 of %n server(s)", nullptr,
                                 int(m_fleet->servers.size()))
                            : tr("%1: rows to delete across the fleet: %2, on %3 of %n server(s)", nullptr,
                                 int(m_fleet->servers.size())))
                   .arg(Rules::title(rule.id), Display::number(partitioned ? partitionsOf(rule) : rule.eligible),
                        Display::number(m_fleet->serversWith(rule.id)));
    else if (partitioned)
        text = tr("%1: partitions to remove: %2 (%3 rows), all older than %4")
                   .arg(Rules::title(rule.id), Display::number(partitionsOf(rule)), Display::number(rule.eligible),
                        RunFormat::utc(RunFormat::cutoffUtc(m_plan, rule)));
    else
        text = tr("%1: rows to delete: %2, all older than %3 (rows kept: %4)")
                   .arg(Rules::title(rule.id), Display::number(rule.eligible),
                        RunFormat::utc(RunFormat::cutoffUtc(m_plan, rule)), Display::number(rule.retained));
    if (!ruleHasWork(rule))
        text += QStringLiteral(" — ") + tr("nothing to remove");
    return text;
}

int PurgeConfirmDialog::partitionsOf(const RulePreview &rule) const
{
    if (m_fleet)
        return Rules::isPartitionRule(rule.id) ? int(m_fleet->total(rule.id)) : 0;
    return int(removablePartitions(rule).size());
}

bool PurgeConfirmDialog::ruleHasWork(const RulePreview &rule) const
{
    return rule.eligible > 0 || partitionsOf(rule) > 0;
}

void PurgeConfirmDialog::addRule(const RulePreview &rule, QWidget *rulesBox, QVBoxLayout *rulesLayout)
{
    const QString cutoff = RunFormat::cutoffUtc(m_plan, rule);
    const QList<PartitionInfo> parts = removablePartitions(rule);
    auto *check = new QCheckBox(ruleText(rule), rulesBox);
    check->setObjectName(QStringLiteral("ruleCheck_") + rule.id);
    check->setChecked(ruleHasWork(rule));
    check->setEnabled(ruleHasWork(rule));
    m_checks.insert(rule.id, check);
    rulesLayout->addWidget(check);
    connect(check, &QCheckBox::toggled, this, &PurgeConfirmDialog::update);
    if (m_fleet)
        return; // each server's cutoffs and notes are its own preview's
    if (!m_plan.serverTimeZone.isEmpty())
        check->setToolTip(
            tr("Cutoff in the server's zone: %1").arg(cutoffInZone(cutoff, m_plan.serverTimeZone)));
    if (!parts.isEmpty()) {
        auto *names = new QLabel(tr("Partitions: %1").arg(partitionNames(parts)), rulesBox);
        names->setWordWrap(true);
        names->setTextFormat(Qt::PlainText);
        names->setContentsMargins(24, 0, 0, 0);
        rulesLayout->addWidget(names);
    }
    // Where the decision is made: what the scheduled job would still delete that this keeps, and a
    // retention shorter than the forensic window.
    const QString job =
        Rules::isPartitionRule(rule.id) ? QString() : jobWouldDeleteText(rule.id, rule.adrSampleInWindow);
    if (!job.isEmpty())
        rulesLayout->addWidget(ruleNote(job, QStringLiteral("jobWouldDelete_") + rule.id, rulesBox));
    if (Rules::isShortRetention(rule.config))
        rulesLayout->addWidget(ruleNote(Rules::shortRetentionWarning(rule.config),
                                        QStringLiteral("shortRetention_") + rule.id, rulesBox));
}

// Batch size and pause, offered from the rule settings, and "detach only".
QWidget *PurgeConfirmDialog::buildOptions()
{
    int defaultBatch = 0;
    int defaultPause = 0;
    for (const RulePreview &rule : m_plan.rules) {
        if (!Rules::isPartitionRule(rule.id) && defaultBatch == 0)
            defaultBatch = rule.config.batchSize;
        defaultPause = std::max(defaultPause, rule.config.pauseMs);
    }
    auto *options = new QGroupBox(tr("Options"), this);
    auto *form = new QFormLayout(options);
    m_batch->setRange(100, 100000);
    m_batch->setSingleStep(500);
    m_batch->setGroupSeparatorShown(true);
    m_batch->setValue(defaultBatch > 0 ? defaultBatch : 5000);
    m_batch->setSuffix(tr(" rows"));
    m_batch->setObjectName(QStringLiteral("batchSizeSpin"));
    m_pause->setRange(0, 60000);
    m_pause->setSingleStep(50);
    m_pause->setGroupSeparatorShown(true);
    m_pause->setSuffix(tr(" ms"));
    m_pause->setObjectName(QStringLiteral("pauseSpin"));
    m_pause->setValue(defaultPause);
    m_offeredBatch = m_batch->value();
    m_offeredPause = m_pause->value();
    const QString perRule =
        m_fleet ? tr("Leaving it unchanged keeps each server's own rule settings (its profile's)")
                : tr("Offered from the rule settings; leaving it unchanged keeps each rule's own value");
    m_batch->setToolTip(perRule);
    m_pause->setToolTip(perRule);
    m_detachOnly->setObjectName(QStringLiteral("detachOnlyCheck"));
    // Beside the batch size: how many connections delete at once (each batch stays within it).
    m_parallel->setRange(1, kMaxParallel);
    m_parallel->setValue(1);
    m_parallel->setObjectName(QStringLiteral("parallelSpin"));
    m_parallel->setToolTip(tr("Connections that delete at once, on separate parts of each table, and "
                              "both token tables at the same time. 1: one connection. The server "
                              "must have that many free connections."));
    auto *batchRow = new QHBoxLayout;
    batchRow->addWidget(m_batch, 1);
    auto *parallelLabel = new QLabel(tr("&Connections:"), options);
    parallelLabel->setBuddy(m_parallel);
    batchRow->addSpacing(12);
    batchRow->addWidget(parallelLabel);
    batchRow->addWidget(m_parallel);
    // A label of its own with its buddy: addRow(text, layout) gives the label no buddy, so the "&"
    // of "&Batch size:" showed as such and Alt+B reached nothing.
    auto *batchLabel = new QLabel(tr("&Batch size:"), options);
    batchLabel->setBuddy(m_batch);
    form->addRow(batchLabel, batchRow);
    form->addRow(tr("&Pause between batches:"), m_pause);
    form->addRow(m_detachOnly);
    connect(m_detachOnly, &QCheckBox::toggled, this, &PurgeConfirmDialog::update);
    return options;
}

// The typed database name that dropping partitions asks for (shown only then, see update()).
QWidget *PurgeConfirmDialog::buildConfirmRow()
{
    auto *row = new QWidget(this);
    auto *layout = new QVBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_confirmLabel->setWordWrap(true);
    m_confirmLabel->setTextFormat(Qt::PlainText);
    m_confirmLabel->setBuddy(m_confirm);
    m_confirm->setObjectName(QStringLiteral("confirmWordEdit"));
    m_confirm->installEventFilter(this);
    m_confirm->setPlaceholderText(m_word);
    layout->addWidget(m_confirmLabel);
    layout->addWidget(m_confirm);
    connect(m_confirm, &QLineEdit::textChanged, this, &PurgeConfirmDialog::update);
    return row;
}

// "Purge" is never the default button: Cancel is.
QWidget *PurgeConfirmDialog::buildButtons()
{
    auto *buttons = new QDialogButtonBox(this);
    m_ok = buttons->addButton(tr("Purge"), QDialogButtonBox::AcceptRole);
    m_ok->setObjectName(QStringLiteral("confirmPurgeButton"));
    m_ok->setAutoDefault(false);
    m_ok->setDefault(false);
    m_ok->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_ok->setIcon(Display::statusIcon(Display::Status::Warning));
    QPushButton *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    return buttons;
}

bool PurgeConfirmDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_confirm &&
        (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride)) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept(); // handled here, as a key press, not by the shortcut map
                return true;
            }
            if ((key->modifiers() & Qt::ControlModifier) && m_ok->isEnabled())
                m_ok->click();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

int PurgeConfirmDialog::partitionsToDrop() const
{
    if (m_detachOnly->isChecked())
        return 0;
    int n = 0;
    for (const RulePreview &rule : m_plan.rules)
        if (m_checks.value(rule.id)->isChecked())
            n += partitionsOf(rule);
    return n;
}

qint64 PurgeConfirmDialog::rowsToRemove() const
{
    qint64 rows = 0;
    for (const RulePreview &rule : m_plan.rules)
        if (m_checks.value(rule.id)->isChecked())
            rows += rule.eligible;
    return rows;
}

bool PurgeConfirmDialog::needsTypedConfirmation() const
{
    return partitionsToDrop() > 0 || (m_isProduction && (m_fleet || rowsToRemove() >= ProductionTypedRows));
}

void PurgeConfirmDialog::setEnvironment(ProfileEnvironment environment)
{
    m_isProduction = environment == ProfileEnvironment::Production;
    m_production->setVisible(m_isProduction);
    // The production colour on the dialog itself, a banner with symbol and words (never colour
    // alone), and the Purge button.
    const auto apply = [this] {
        setStyleSheet(m_isProduction ? QStringLiteral("QDialog#purgeConfirmDialog { border: 4px solid %1; } "
                                                      "QLabel#productionBanner { %2 font-weight: bold; }")
                                           .arg(Theme::accent(Theme::Tone::Danger, palette()).name(),
                                                Theme::noteCss(Theme::Tone::Danger, 2))
                                     : QString());
    };
    Theme::follow(this, apply);
    update();
}

QString PurgeConfirmDialog::typedReason() const
{
    QStringList why;
    if (partitionsToDrop() > 0)
        why << tr("Partitions to drop: %1. Dropping cannot be undone.")
                   .arg(Display::number(partitionsToDrop()));
    if (m_isProduction && m_fleet)
        why << tr("%n server(s) of this fleet are production databases: %1.", nullptr,
                  int(m_fleet->productionServers().size()))
                   .arg(m_fleet->productionServers().join(QStringLiteral(", ")));
    else if (m_isProduction && rowsToRemove() >= ProductionTypedRows)
        why << tr("This is a production database and %1 rows will be deleted (%2 or more ask for the name).")
                   .arg(Display::number(rowsToRemove()), Display::number(ProductionTypedRows));
    return why.join(u' ');
}

void PurgeConfirmDialog::update()
{
    const qint64 rows = rowsToRemove();
    int rules = 0;
    int partitions = 0;
    for (const RulePreview &rule : m_plan.rules) {
        if (!m_checks.value(rule.id)->isChecked())
            continue;
        ++rules;
        partitions += partitionsOf(rule);
    }
    const bool anyPartitions = partitions > 0;
    m_detachOnly->setEnabled(anyPartitions);
    const bool typed = needsTypedConfirmation();
    m_confirmRow->setVisible(typed); // hidden whole: an empty row would still take its spacing
    m_confirmLabel->setVisible(typed);
    m_confirm->setVisible(typed);
    m_confirmLabel->setText(m_fleet ? tr("%1 To confirm, type the fleet's tags: %2").arg(typedReason(), m_word)
                                    : tr("%1 To confirm, type the database name: %2").arg(typedReason(), m_word));
    m_production->setText(Display::statusSymbol(Display::Status::Warning) + u' ' +
                          (m_fleet ? tr("PRODUCTION: rows will be deleted on production databases of this fleet.")
                                   : tr("PRODUCTION: rows will be deleted on a production database.")));
    const bool wordOk = !typed || m_confirm->text().trimmed() == m_word;
    m_ok->setEnabled(rules > 0 && wordOk);
    if (rules == 0) {
        m_summary->setText(tr("Nothing selected."));
        return;
    }
    QString summary = m_fleet ? tr("Rows to remove across the fleet, as the check counted them: %1")
                                    .arg(Display::number(rows))
                              : tr("Rows to remove: %1").arg(Display::number(rows));
    if (anyPartitions)
        summary += m_detachOnly->isChecked()
                       ? tr("; partitions to detach and keep as tables: %1").arg(partitions)
                       : tr("; partitions to drop: %1").arg(partitions);
    m_summary->setText(summary + u'.');
    m_ok->setText(tr("Purge now"));
}

void PurgeConfirmDialog::refuseRules(const QMap<QString, QString> &reasons)
{
    for (auto it = reasons.cbegin(); it != reasons.cend(); ++it) {
        QCheckBox *check = m_checks.value(it.key());
        if (!check)
            continue;
        check->setChecked(false);
        check->setEnabled(false);
        check->setText(check->text() + QStringLiteral(" — ") + tr("refused: %1").arg(it.value()));
        check->setToolTip(it.value());
    }
    update();
}

void PurgeConfirmDialog::addWarning(const QString &text, const QString &objectName)
{
    auto *box = qobject_cast<QVBoxLayout *>(layout());
    QLabel *label = ruleNote(text, objectName, this);
    label->setContentsMargins(0, 0, 0, 0);
    box->insertWidget(box->indexOf(m_summary), label);
}

PurgeRequest PurgeConfirmDialog::request() const
{
    PurgeRequest r;
    for (const RulePreview &rule : m_plan.rules)
        if (m_checks.value(rule.id)->isChecked())
            r.ruleIds << rule.id;
    r.batchSize = m_batch->value();
    r.pauseMs = m_pause->value();
    r.parallel = m_parallel->value();
    r.detachOnly = m_detachOnly->isChecked();
    r.useRuleSettings = m_batch->value() == m_offeredBatch && m_pause->value() == m_offeredPause;
    return r;
}

} // namespace purga
