#include "ruleprogresswidget.h"

#include "core/rules/rules.h"
#include "ui/style/displayformat.h"
#include "ui/style/runformat.h"
#include "ui/widgets/wraplabel.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>

#include <algorithm>

namespace purga {

namespace {

QLabel *valueLabel(const QString &objectName, QWidget *parent)
{
    auto *l = new QLabel(QStringLiteral("—"), parent);
    l->setObjectName(objectName);
    l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    l->setTextFormat(Qt::PlainText);
    l->setMinimumWidth(l->fontMetrics().horizontalAdvance(QStringLiteral("00,000 rows/s")));
    return l;
}

} // namespace

RuleProgressWidget::RuleProgressWidget(const QString &ruleId, qint64 planned, QWidget *parent)
    : QGroupBox(Rules::title(ruleId), parent)
    , m_ruleId(ruleId)
    , m_bar(new QProgressBar(this))
    , m_state(new WrapLabel(this))
    , m_batches(valueLabel(QStringLiteral("batchesValue"), this))
    , m_rate(valueLabel(QStringLiteral("rateValue"), this))
    , m_eta(valueLabel(QStringLiteral("etaValue"), this))
    , m_batchTime(valueLabel(QStringLiteral("batchTimeValue"), this))
    , m_retries(valueLabel(QStringLiteral("retriesValue"), this))
    , m_batchSize(valueLabel(QStringLiteral("batchSizeValue"), this))
{
    setObjectName(QStringLiteral("ruleProgress_") + ruleId);
    m_bar->setObjectName(QStringLiteral("progressBar"));
    // Per-mille: row counts do not fit QProgressBar's int range; the text carries the exact numbers.
    m_bar->setRange(0, 1000);
    m_state->setObjectName(QStringLiteral("stateValue"));
    m_state->setTextFormat(Qt::PlainText);
    m_state->setWordWrap(true);
    m_state->setText(RunFormat::statusText(QStringLiteral("pending")));
    // The rate is the widest value, and longer in Spanish ("916.857 filas/s"): never clipped.
    m_rate->setMinimumWidth(m_rate->fontMetrics().horizontalAdvance(RunFormat::rate(999999.0)));

    // Two rows of caption/value pairs; the value columns are right-aligned and the last column
    // takes the slack, so numbers stay next to their captions at any width.
    auto *grid = new QGridLayout(this);
    grid->addWidget(m_bar, 0, 0, 1, 7);
    grid->addWidget(m_state, 1, 0, 1, 7);
    grid->setHorizontalSpacing(12);
    int pair = 0;
    auto add = [&](const QString &caption, QLabel *value) {
        grid->addWidget(new QLabel(caption, this), 2 + pair / 3, (pair % 3) * 2);
        grid->addWidget(value, 2 + pair / 3, (pair % 3) * 2 + 1);
        ++pair;
    };
    add(tr("Batches:"), m_batches);
    add(tr("Speed:"), m_rate);
    add(tr("Time left:"), m_eta);
    add(tr("Last batch:"), m_batchTime);
    add(tr("Lock retries:"), m_retries);
    add(tr("Batch size:"), m_batchSize);
    grid->setColumnStretch(6, 1);
    setCounts(0, planned);
}

void RuleProgressWidget::setCounts(qint64 deleted, qint64 planned)
{
    m_deleted = deleted;
    const int perMille =
        planned > 0 ? int(std::clamp<qint64>(deleted * 1000 / planned, 0, 1000)) : (deleted > 0 ? 1000 : 0);
    m_bar->setValue(perMille);
    m_bar->setFormat(tr("%1 of %2 rows (%3 %)")
                         .arg(Display::number(deleted), Display::number(planned),
                              QLocale().toString(perMille / 10.0, 'f', 1)));
}

void RuleProgressWidget::setProgress(const RuleProgress &p)
{
    setCounts(p.deleted, p.planned);
    m_batches->setText(Display::number(p.batches));
    m_rate->setText(RunFormat::rate(p.rowsPerSecond));
    m_eta->setText(p.etaMs >= 0 ? RunFormat::duration(p.etaMs) : QStringLiteral("—"));
    m_batchTime->setText(p.lastBatchMs > 0 ? RunFormat::duration(qRound64(p.lastBatchMs))
                                           : QStringLiteral("—"));
    m_retries->setText(Display::number(p.retries));
    if (p.batchSize > 0)
        m_batchSize->setText(
            p.targetBatchMs > 0
                ? tr("%1 rows (aiming at %2 ms)").arg(Display::number(p.batchSize)).arg(p.targetBatchMs)
                : tr("%1 rows").arg(Display::number(p.batchSize)));
    QString state = RunFormat::statusText(p.state);
    if (p.state == RuleStatus::Throttled && !p.holdReason.isEmpty())
        state += QStringLiteral(": ") + p.holdReason;
    if (p.lagMs >= 0)
        state += QStringLiteral(" · ") + tr("replica lag %1").arg(RunFormat::duration(p.lagMs));
    if (p.throttledMs > 0)
        state += QStringLiteral(" · ") + tr("held %1 so far").arg(RunFormat::duration(p.throttledMs));
    if (!p.message.isEmpty())
        state += QStringLiteral(" — ") + p.message;
    m_state->setText(state);
}

void RuleProgressWidget::setFinal(const RuleReceipt &r)
{
    setCounts(r.deleted, r.planned);
    m_batches->setText(Display::number(r.batches));
    m_rate->setText(r.durationMs > 0 ? RunFormat::rate(r.deleted * 1000.0 / double(r.durationMs))
                                     : QStringLiteral("—"));
    m_eta->setText(QStringLiteral("—"));
    m_batchTime->setText(r.batchMaxMs > 0 ? tr("max %1").arg(RunFormat::duration(qRound64(r.batchMaxMs)))
                                          : QStringLiteral("—"));
    m_retries->setText(Display::number(r.retries));
    if (r.limitMax > 0)
        m_batchSize->setText(
            r.limitMin == r.limitMax
                ? tr("%1 rows").arg(Display::number(r.limitMax))
                : tr("%1–%2 rows").arg(Display::number(r.limitMin), Display::number(r.limitMax)));
    QString state = RunFormat::statusText(r.status, r.stopped) + QStringLiteral(" · ") +
                    RunFormat::duration(r.durationMs);
    if (r.deleted > 0 && r.durationMs > 0) // the speed stays said when the details are folded away
        state += QStringLiteral(" · ") + m_rate->text();
    if (!r.message.isEmpty())
        state += QStringLiteral(" — ") + r.message;
    m_state->setText(state);
}

void RuleProgressWidget::setNotRun(const QString &why)
{
    m_rate->setText(QStringLiteral("—"));
    m_eta->setText(QStringLiteral("—"));
    m_state->setText(tr("Not started — %1").arg(why));
}

void RuleProgressWidget::setDetailsVisible(bool visible)
{
    for (QLabel *l : findChildren<QLabel *>(Qt::FindDirectChildrenOnly))
        if (l != m_state)
            l->setVisible(visible);
}

QString RuleProgressWidget::stateText() const
{
    return m_state->text();
}

} // namespace purga
