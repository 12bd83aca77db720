#pragma once

// The confirmation every purge goes through, one server's (the Purge page) or a fleet's (the Fleet
// page): the rules and what each removes, the batch options, the typed word when it is needed, and
// "Purge" never the default button.
#include "core/pg/connectionprofile.h"
#include "core/preview/preview.h"
#include "fleetpurgeplan.h"

#include <QDialog>
#include <QMap>

#include <functional>
#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QVBoxLayout;

namespace purga {

// What the user confirmed: the rules to run and the only options a purge may change.
struct PurgeRequest
{
    QStringList ruleIds;
    int batchSize = 5000;
    int pauseMs = 0;
    int parallel = 1; // deleting connections at once (PurgeOptions::parallel)
    bool detachOnly = false;
    // True: each rule keeps the batch size and pause of its settings (the dialog's fields were left
    // as offered); false: batchSize and pauseMs apply to every row rule.
    bool useRuleSettings = false;
};

// Restates the frozen preview in numbers before anything is deleted: target, cutoffs, rows per rule,
// partitions to drop. Dropping partitions needs the database name typed, and so does deleting
// ProductionTypedRows rows or more on a production profile (the dialog then wears the production
// colour). "Purge" is never the default button: Enter alone does not start a purge (Ctrl+Return
// does).
//
// The fleet form restates the last fleet check instead: every server in the order it will be
// purged with its counts and what will stop it, the canary wave and the failure budget, and per
// rule the totals across the fleet. Its typed word is the fleet's tags, asked for when partitions
// would be dropped or when a production server is among them (whatever its count: each server's
// purge takes its own preview when it starts, so the check's numbers are no bound).
class PurgeConfirmDialog : public QDialog
{
    Q_OBJECT
public:
    PurgeConfirmDialog(const PreviewPlan &plan, const QString &target, const QString &confirmWord,
                       QWidget *parent = nullptr);
    explicit PurgeConfirmDialog(const FleetPurgePlan &fleet, QWidget *parent = nullptr);

    // On a production profile, deleting at least this many rows asks for the database name typed.
    static constexpr qint64 ProductionTypedRows = 10000;

    PurgeRequest request() const;
    // The profile's environment: Production colours the dialog and may ask for the typed name.
    void setEnvironment(ProfileEnvironment environment);
    // Rules the preflight refuses for this role (e.g. may DELETE but not DETACH): unchecked,
    // disabled, and the reason said next to them; the other rules can still be purged.
    void refuseRules(const QMap<QString, QString> &reasons);
    // A warning about the run as a whole (e.g. a replica lag limit that cannot be enforced),
    // shown above the summary with a warning symbol; `objectName` lets tests find it.
    void addWarning(const QString &text, const QString &objectName);
    int partitionsToDrop() const;
    qint64 rowsToRemove() const; // of the rules checked
    bool needsTypedConfirmation() const;
    bool isFleet() const { return m_fleet.has_value(); }

    QCheckBox *ruleCheck(const QString &ruleId) const { return m_checks.value(ruleId); }
    QSpinBox *batchSizeSpin() const { return m_batch; }
    QSpinBox *pauseSpin() const { return m_pause; }
    QSpinBox *parallelSpin() const { return m_parallel; }
    QCheckBox *detachOnlyCheck() const { return m_detachOnly; }
    QLineEdit *confirmEdit() const { return m_confirm; }
    QPushButton *purgeButton() const { return m_ok; }

protected:
    // In the typed-word field: Ctrl+Return purges (QLineEdit would swallow it) and a plain Return
    // does nothing (it would otherwise press the default button, Cancel, and lose what was typed).
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    explicit PurgeConfirmDialog(QWidget *parent); // the widgets both forms share
    void build(QWidget *header);
    using AgeText = std::function<QString(const QString &age)>;
    QWidget *buildHeader(const QString &target);
    QWidget *buildHeaderBox(const QString &headText, const AgeText &frozenText, const AgeText &staleText);
    QWidget *buildFleetHeader();
    QWidget *buildFleetServers();
    QString ruleText(const RulePreview &rule) const;
    int partitionsOf(const RulePreview &rule) const; // removable, not the default partition
    bool ruleHasWork(const RulePreview &rule) const;
    QWidget *buildRulesBox();
    void addRule(const RulePreview &rule, QWidget *rulesBox, QVBoxLayout *rulesLayout);
    QWidget *buildOptions();
    QWidget *buildConfirmRow();
    QWidget *buildButtons();
    void update();
    QString typedReason() const; // why the name must be typed, in words

    PreviewPlan m_plan; // the fleet form: one rule per rule asked for, its rows the fleet's total
    std::optional<FleetPurgePlan> m_fleet;
    QString m_word;
    QMap<QString, QCheckBox *> m_checks;
    QSpinBox *m_batch;
    QSpinBox *m_pause;
    QSpinBox *m_parallel;
    QCheckBox *m_detachOnly;
    int m_offeredBatch = 0;
    int m_offeredPause = 0;
    QWidget *m_confirmRow = nullptr;
    QLabel *m_confirmLabel;
    QLineEdit *m_confirm;
    QLabel *m_summary;
    QPushButton *m_ok;
    QLabel *m_production;
    bool m_isProduction = false;
};

} // namespace purga
