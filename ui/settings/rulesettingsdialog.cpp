#include "rulesettingsdialog.h"

#include "core/profiles/profilestore.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/style/theme.h"
#include "ui/widgets/messagebox.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace purga {

namespace {

// Wide ranges on purpose: a value outside the rule's bounds stays visible and Rules::validate
// names the problem, instead of the spin box silently clamping it.
QSpinBox *spin(int max, const QString &suffix, QWidget *parent)
{
    auto *s = new QSpinBox(parent);
    s->setRange(0, max);
    s->setGroupSeparatorShown(true);
    s->setSuffix(suffix);
    s->setAlignment(Qt::AlignRight);
    s->setKeyboardTracking(true);
    return s;
}

QString unitSuffix(const QString &ruleId)
{
    switch (Rules::retentionUnit(ruleId)) {
    case RetentionUnit::Hours:
        return RuleSettingsDialog::tr(" hours");
    case RetentionUnit::Months:
        return RuleSettingsDialog::tr(" months");
    case RetentionUnit::Days:
        break;
    }
    return RuleSettingsDialog::tr(" days");
}

QString inUnits(const QString &ruleId, qint64 seconds)
{
    const qint64 units = qRound64(double(seconds) / double(RuleSettingsDialog::retentionUnitSeconds(ruleId)));
    switch (Rules::retentionUnit(ruleId)) {
    case RetentionUnit::Hours:
        return RuleSettingsDialog::tr("%n hour(s)", nullptr, int(units));
    case RetentionUnit::Months:
        return RuleSettingsDialog::tr("%n month(s)", nullptr, int(units));
    case RetentionUnit::Days:
        break;
    }
    return RuleSettingsDialog::tr("%n day(s)", nullptr, int(units));
}

} // namespace

RuleSettingsDialog::RuleSettingsDialog(AppState *state, QWidget *parent)
    : QDialog(parent)
    , m_state(state)
    , m_target(new QLabel(this))
    , m_messages(new QLabel(this))
    , m_save(nullptr)
    , m_defaults(nullptr)
{
    setObjectName(QStringLiteral("ruleSettingsDialog"));
    setWindowTitle(tr("Rule settings"));
    m_target->setObjectName(QStringLiteral("ruleSettingsTarget"));
    m_target->setWordWrap(true);
    m_target->setTextFormat(Qt::PlainText);
    m_messages->setObjectName(QStringLiteral("ruleSettingsMessages"));
    m_messages->setWordWrap(true);
    m_messages->setTextFormat(Qt::PlainText);
    m_messages->setFrameShape(QFrame::StyledPanel);
    m_messages->setMargin(6);
    m_messages->setMinimumHeight(m_messages->fontMetrics().height() * 3 + 12);
    m_messages->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    showTarget();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_target);
    layout->addLayout(buildGrid());
    layout->addWidget(m_messages);
    layout->addWidget(buildButtons());
    Theme::follow(this, [this] { validateNow(); });
    // At least 760 px, and never less than the grid needs: a minimum width set by hand replaces
    // the layout's, and the Spanish labels and check box were cut at 760.
    setMinimumWidth(qMax(760, layout->minimumSize().width()));
}

void RuleSettingsDialog::showTarget()
{
    ProfileStore store;
    const QString name = m_state->profile().name;
    const bool saved = !name.isEmpty() && store.contains(name);
    m_target->setText(saved ? tr("Settings of profile \"%1\" (%2). A preview taken before saving must be "
                                 "taken again.")
                                  .arg(name, m_state->profile().displayTarget())
                            : tr("This connection (%1) has no saved profile: the settings apply until you "
                                 "disconnect. A preview taken before saving must be taken again.")
                                  .arg(m_state->profile().displayTarget()));
}

// One column per rule under a column of row labels; each label's buddy is the first rule's field.
QGridLayout *RuleSettingsDialog::buildGrid()
{
    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(16);
    const QStringList labels = {tr("&Retention:"),
                                QString(),
                                QString(),
                                tr("&Batch size:"),
                                tr("&Lock timeout:"),
                                tr("Pa&use between batches:"),
                                tr("&Target batch time:"),
                                tr("&Quarantine:"),
                                tr("Token families:")};
    QList<QLabel *> rowLabels;
    for (int r = 0; r < labels.size(); ++r) {
        auto *l = new QLabel(labels.at(r), this);
        grid->addWidget(l, r + 1, 0);
        rowLabels << l;
    }
    int col = 1;
    for (const QString &id : Rules::ids())
        addRuleColumn(id, grid, col++);
    const Row &first = m_rows.value(Rules::ids().constFirst());
    rowLabels.at(0)->setBuddy(first.retention);
    rowLabels.at(3)->setBuddy(first.batch);
    rowLabels.at(4)->setBuddy(first.lockTimeout);
    rowLabels.at(5)->setBuddy(first.pause);
    rowLabels.at(6)->setBuddy(first.targetBatch);
    rowLabels.at(7)->setBuddy(m_rows.value(RuleId::LogSesiones).quarantine); // the only rule that has one
    for (const QString &id : Rules::ids())
        if (QCheckBox *family = m_rows.value(id).family)
            rowLabels.at(8)->setBuddy(family);
    return grid;
}

// The fields of one rule, in grid column `col`, loaded with the rule's current settings.
void RuleSettingsDialog::addRuleColumn(const QString &id, QGridLayout *grid, int col)
{
    auto *title = new QLabel(Rules::title(id), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    title->setToolTip(Rules::retentionText(id));
    grid->addWidget(title, 0, col);

    Row row;
    row.retention =
        spin(Rules::retentionUnit(id) == RetentionUnit::Hours ? 876000 : 36500, unitSuffix(id), this);
    row.retention->setToolTip(Rules::retentionText(id));
    row.note = new QLabel(this);
    row.note->setTextFormat(Qt::PlainText);
    row.note->setWordWrap(true);
    row.override_ = new QCheckBox(tr("Forensic &override"), this);
    row.override_->setToolTip(tr("Allow a retention shorter than the ADR's forensic window for this rule. "
                                 "Rows still inside the window would be deleted."));
    row.batch = spin(10000000, tr(" rows"), this);
    row.lockTimeout = spin(3600000, tr(" ms"), this);
    row.lockTimeout->setSingleStep(500);
    row.pause = spin(600000, tr(" ms"), this);
    row.pause->setSingleStep(50);
    row.targetBatch = spin(600000, tr(" ms"), this);
    row.targetBatch->setSpecialValueText(tr("off (fixed size)"));
    row.targetBatch->setToolTip(
        tr("When set, the batch size adapts so that each batch takes about this long."));
    row.batch->setSingleStep(500);
    row.quarantine = spin(3650, tr(" days"), this);
    row.quarantine->setObjectName(id + QStringLiteral("_quarantine"));
    row.quarantine->setSpecialValueText(tr("off (drop at once)"));
    row.quarantine->setToolTip(
        Rules::isPartitionRule(id)
            ? tr("Days a detached partition is kept in schema identidad_cuarentena before a later purge "
                 "drops it; partition-restore attaches it again meanwhile. Off: the ADR's DETACH and DROP.")
            : tr("Only the session log's partitions can be kept in quarantine."));
    row.quarantine->setEnabled(Rules::isPartitionRule(id));
    if (Rules::isPartitionRule(id)) {
        const QString why = tr("Partitions are detached and dropped whole: there are no batches.");
        for (QSpinBox *s : {row.batch, row.pause, row.targetBatch}) {
            s->setEnabled(false);
            s->setToolTip(why);
        }
    }
    connect(row.quarantine, &QSpinBox::valueChanged, this, &RuleSettingsDialog::validateNow);
    for (QSpinBox *s : {row.retention, row.batch, row.lockTimeout, row.pause, row.targetBatch}) {
        s->setObjectName(id + QStringLiteral("_spin"));
        connect(s, &QSpinBox::valueChanged, this, &RuleSettingsDialog::validateNow);
    }
    row.retention->setObjectName(id + QStringLiteral("_retention"));
    row.batch->setObjectName(id + QStringLiteral("_batch"));
    row.override_->setObjectName(id + QStringLiteral("_override"));
    connect(row.override_, &QCheckBox::toggled, this, &RuleSettingsDialog::validateNow);
    grid->addWidget(row.retention, 1, col);
    grid->addWidget(row.note, 2, col);
    grid->addWidget(row.override_, 3, col);
    grid->addWidget(row.batch, 4, col);
    grid->addWidget(row.lockTimeout, 5, col);
    grid->addWidget(row.pause, 6, col);
    grid->addWidget(row.targetBatch, 7, col);
    grid->addWidget(row.quarantine, 8, col);
    if (Rules::hasFamilies(id)) {
        row.family = new QCheckBox(tr("&Keep revoked tokens of live families"), this);
        row.family->setObjectName(id + QStringLiteral("_family_aware"));
        row.family->setToolTip(
            tr("Family-aware retention (RFC 9700 §4.14.2): a revoked or rotated token is kept while any "
               "token of its family is still live (not revoked, not expired), so reuse of an old token "
               "can still be detected. Off: the ADR's retention alone."));
        connect(row.family, &QCheckBox::toggled, this, &RuleSettingsDialog::validateNow);
        grid->addWidget(row.family, 9, col);
    }
    grid->setColumnStretch(col, 1);
    m_rows.insert(id, row);
    load(id, m_state->ruleConfig(id));
}

QDialogButtonBox *RuleSettingsDialog::buildButtons()
{
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    m_save = buttons->button(QDialogButtonBox::Save);
    m_save->setObjectName(QStringLiteral("saveRuleSettingsButton"));
    m_save->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
    m_save->setToolTip(RunFormat::withShortcut(tr("Save these settings in the profile"), m_save->shortcut()));
    m_save->setDefault(true);
    m_defaults = buttons->addButton(tr("Restore &defaults"), QDialogButtonBox::ResetRole);
    m_defaults->setObjectName(QStringLiteral("restoreDefaultsButton"));
    m_defaults->setToolTip(tr("The ADR's defaults for every rule (Alt+D); nothing is saved until Save"));
    connect(m_save, &QPushButton::clicked, this, &RuleSettingsDialog::save);
    connect(m_defaults, &QPushButton::clicked, this, &RuleSettingsDialog::restoreDefaults);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    return buttons;
}

RuleSettingsDialog::~RuleSettingsDialog() = default;

qint64 RuleSettingsDialog::retentionUnitSeconds(const QString &ruleId)
{
    switch (Rules::retentionUnit(ruleId)) {
    case RetentionUnit::Hours:
        return 3600;
    case RetentionUnit::Months:
        return qRound64(365.25 * 86400.0 / 12.0); // the calendar month Rules::retentionInterval uses
    case RetentionUnit::Days:
        break;
    }
    return 86400;
}

void RuleSettingsDialog::load(const QString &ruleId, const RuleConfig &c)
{
    Row &row = m_rows[ruleId];
    const QSignalBlocker b1(row.retention), b2(row.batch), b3(row.lockTimeout), b4(row.pause),
        b5(row.targetBatch), b6(row.override_), b7(row.quarantine), b8(row.family);
    row.originalRetention = int(qRound64(double(c.retentionSeconds) / double(retentionUnitSeconds(ruleId))));
    row.retention->setValue(row.originalRetention);
    row.override_->setChecked(c.forensicOverride);
    row.batch->setValue(c.batchSize);
    row.lockTimeout->setValue(c.lockTimeoutMs);
    row.pause->setValue(c.pauseMs);
    row.targetBatch->setValue(c.targetBatchMs);
    row.quarantine->setValue(c.quarantineDays);
    if (row.family)
        row.family->setChecked(c.familyAware);
    row.original = c;
}

RuleConfig RuleSettingsDialog::config(const QString &ruleId) const
{
    const Row row = m_rows.value(ruleId);
    RuleConfig c = row.original;
    if (!row.retention)
        return c;
    // An untouched field keeps the exact stored seconds (they need not be whole units).
    if (row.retention->value() != row.originalRetention)
        c.retentionSeconds = qint64(row.retention->value()) * retentionUnitSeconds(ruleId);
    c.forensicOverride = row.override_->isChecked();
    c.batchSize = row.batch->value();
    c.lockTimeoutMs = row.lockTimeout->value();
    c.pauseMs = row.pause->value();
    c.targetBatchMs = row.targetBatch->value();
    c.quarantineDays = row.quarantine->value();
    if (row.family)
        c.familyAware = row.family->isChecked();
    return c;
}

QStringList RuleSettingsDialog::errors() const
{
    QStringList out;
    for (const QString &id : Rules::ids())
        out << Rules::validate(config(id));
    return out;
}

QStringList RuleSettingsDialog::warnings() const
{
    QStringList out;
    for (const QString &id : Rules::ids())
        Rules::validate(config(id), &out);
    return out;
}

bool RuleSettingsDialog::isBelowForensicWindow(const QString &ruleId) const
{
    const qint64 seconds = config(ruleId).retentionSeconds;
    return seconds > 0 && seconds < Rules::forensicMinimumSeconds(ruleId);
}

void RuleSettingsDialog::validateNow()
{
    const QString red = Theme::dangerText().name();
    for (const QString &id : Rules::ids()) {
        const Row &row = m_rows[id];
        const bool below = isBelowForensicWindow(id);
        const QString window = inUnits(id, Rules::forensicMinimumSeconds(id));
        // Red AND a symbol and words: the colour is never the only carrier.
        row.retention->setStyleSheet(
            below ? QStringLiteral("QSpinBox { color: %1; font-weight: bold; }").arg(red) : QString());
        row.note->setStyleSheet(below ? QStringLiteral("color: %1;").arg(red) : QString());
        row.note->setText(
            below ? Display::statusSymbol(Display::Status::Warning) + u' ' +
                        tr("Shorter than the forensic window (%1)").arg(window) +
                        (row.override_->isChecked() ? QString() : u'\n' + tr("Needs the override."))
                  : tr("Forensic window: %1").arg(window));
        row.override_->setEnabled(below || row.override_->isChecked());
    }
    const QStringList errs = errors();
    const QStringList warns = warnings();
    QStringList lines;
    for (const QString &e : errs)
        lines << Display::statusSymbol(Display::Status::Failed) + u' ' + e;
    for (const QString &w : warns)
        lines << Display::statusSymbol(Display::Status::Warning) + u' ' + w;
    if (lines.isEmpty())
        lines << Display::statusSymbol(Display::Status::Ok) + u' ' + tr("The settings are valid.");
    m_messages->setText(lines.join(u'\n'));
    m_messages->setStyleSheet(!errs.isEmpty() || !warns.isEmpty() ? QStringLiteral("color: %1;").arg(red)
                                                                  : QString());
    m_save->setEnabled(errs.isEmpty());
}

void RuleSettingsDialog::restoreDefaults()
{
    for (const QString &id : Rules::ids())
        load(id, Rules::defaults(id));
    validateNow();
}

bool RuleSettingsDialog::save()
{
    validateNow();
    const QStringList errs = errors();
    if (!errs.isEmpty())
        return false;
    QMap<QString, QString> overrides = m_state->profile().ruleOverrides;
    for (const QString &id : Rules::ids())
        Rules::toSettings(config(id), &overrides);

    // Only the rules change: the stored connection fields stay as they are.
    const QString name = m_state->profile().name;
    QString error;
    if (!ProfileStore().saveOverrides(name, overrides, &error)) {
        MessageBox::critical(this, tr("Rule settings"),
                             tr("Could not save the settings of profile \"%1\": %2").arg(name, error));
        return false;
    }
    m_state->setRuleOverrides(overrides);
    accept();
    return true;
}

} // namespace purga
