#pragma once

#include "core/rules/rules.h"

#include <QDialog>
#include <QMap>

class QCheckBox;
class QDialogButtonBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QSpinBox;

namespace purga {

class AppState;
class ProfileStore;

// "Rule settings…": retention, batch size, lock timeout, pause and target batch time of each rule
// for the connected profile, and family-aware retention of refresh tokens. Validated live with
// Rules::validate: errors block Save; a retention shorter than the ADR's forensic window is shown in red with
// ⚠ and is only accepted with the rule's "forensic override" checked. Save writes
// ConnectionProfile::ruleOverrides through ProfileStore (when the profile is saved there) and hands them to
// AppState, which marks an older preview stale.
class RuleSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RuleSettingsDialog(AppState *state, QWidget *parent = nullptr);
    ~RuleSettingsDialog() override;

    // Retention unit of a rule in seconds: days (refresh tokens), hours (pre-tokens), months (log).
    static qint64 retentionUnitSeconds(const QString &ruleId);

    RuleConfig config(const QString &ruleId) const; // what the fields say now
    QStringList errors() const;                     // blocking, translated
    QStringList warnings() const;                   // shorter than the window, with override
    bool isBelowForensicWindow(const QString &ruleId) const;

    QSpinBox *retentionSpin(const QString &ruleId) const { return m_rows.value(ruleId).retention; }
    QSpinBox *batchSpin(const QString &ruleId) const { return m_rows.value(ruleId).batch; }
    QSpinBox *lockTimeoutSpin(const QString &ruleId) const { return m_rows.value(ruleId).lockTimeout; }
    QSpinBox *pauseSpin(const QString &ruleId) const { return m_rows.value(ruleId).pause; }
    QSpinBox *targetBatchSpin(const QString &ruleId) const { return m_rows.value(ruleId).targetBatch; }
    QSpinBox *quarantineSpin(const QString &ruleId) const { return m_rows.value(ruleId).quarantine; }
    QCheckBox *overrideCheck(const QString &ruleId) const { return m_rows.value(ruleId).override_; }
    // Family-aware retention: null for a rule without token families.
    QCheckBox *familyCheck(const QString &ruleId) const { return m_rows.value(ruleId).family; }
    QLabel *retentionNote(const QString &ruleId) const { return m_rows.value(ruleId).note; }
    QLabel *messagesLabel() const { return m_messages; }
    QPushButton *saveButton() const { return m_save; }

public slots:
    // Validates, saves and closes; false (dialog stays open, reasons shown) when it cannot.
    bool save();
    void restoreDefaults();

private:
    struct Row
    {
        RuleConfig original;
        int originalRetention = 0; // in the rule's unit, as first shown
        QSpinBox *retention = nullptr;
        QLabel *note = nullptr;
        QCheckBox *override_ = nullptr;
        QSpinBox *batch = nullptr;
        QSpinBox *lockTimeout = nullptr;
        QSpinBox *pause = nullptr;
        QSpinBox *targetBatch = nullptr;
        QSpinBox *quarantine = nullptr; // days; enabled for the partition rule only
        QCheckBox *family = nullptr; // rules with token families only
    };

    void showTarget();
    QGridLayout *buildGrid();
    void addRuleColumn(const QString &ruleId, QGridLayout *grid, int col);
    QDialogButtonBox *buildButtons();
    void load(const QString &ruleId, const RuleConfig &config);
    void validateNow();

    AppState *m_state;
    QMap<QString, Row> m_rows;
    QLabel *m_target;
    QLabel *m_messages;
    QPushButton *m_save;
    QPushButton *m_defaults;
};

} // namespace purga
