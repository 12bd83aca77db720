#pragma once

#include "core/purge/purgeengine.h"

#include <QGroupBox>

class QLabel;
class QProgressBar;

namespace purga {

// Live progress of one rule of a running purge: deleted / planned, batches, rows/s, ETA, the last
// batch's time, retries and size (adapting to a target batch time), and the state in words (with a symbol,
// never colour alone).
class RuleProgressWidget : public QGroupBox
{
    Q_OBJECT
public:
    RuleProgressWidget(const QString &ruleId, qint64 planned, QWidget *parent = nullptr);

    const QString &ruleId() const { return m_ruleId; }
    void setProgress(const RuleProgress &progress);
    void setFinal(const RuleReceipt &receipt);
    // The run ended without reaching this rule (lock held, an earlier failure): says why.
    void setNotRun(const QString &why);
    // The captions and values under the state line (batches, speed, time left, ...): folded away
    // once the receipt, which repeats them, needs the room.
    void setDetailsVisible(bool visible);

    QProgressBar *bar() const { return m_bar; }
    qint64 deleted() const { return m_deleted; }
    QString stateText() const;

private:
    void setCounts(qint64 deleted, qint64 planned);

    QString m_ruleId;
    qint64 m_deleted = 0;
    QProgressBar *m_bar;
    QLabel *m_state;
    QLabel *m_batches;
    QLabel *m_rate;
    QLabel *m_eta;
    QLabel *m_batchTime;
    QLabel *m_retries;
    QLabel *m_batchSize; // the last batch's LIMIT, and the target it adapts to (--target-batch-ms)
};

} // namespace purga
