#include "livecontrols.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

namespace purga {

LiveControls::LiveControls(QWidget *parent)
    : QWidget(parent)
    , m_batch(new QSpinBox(this))
    , m_nice(new QDoubleSpinBox(this))
    , m_pause(new QPushButton(this))
    , m_maxLag(new QSpinBox(this))
{
    setObjectName(QStringLiteral("liveControls"));
    m_batch->setObjectName(QStringLiteral("liveBatchSize"));
    m_batch->setRange(1, 100000);
    m_batch->setSingleStep(500);
    m_batch->setValue(5000); // the ADR's batch size until the page shows the profile's (never a bare "1")
    m_batch->setKeyboardTracking(false); // typing "1000" is one change, not four
    m_batch->setToolTip(tr("Rows per batch; a change applies from the next batch"));
    m_nice->setObjectName(QStringLiteral("liveNice"));
    m_nice->setRange(0, 100);
    m_nice->setDecimals(1);
    m_nice->setSingleStep(0.5);
    m_nice->setKeyboardTracking(false);
    m_nice->setToolTip(tr("After each batch, sleep this many times the batch's own time"));
    m_pause->setObjectName(QStringLiteral("pauseResumeButton"));
    m_pause->setCheckable(true);
    m_pause->setToolTip(tr("Hold the run before its next batch; the connection and the lock stay"));

    m_maxLag->setObjectName(QStringLiteral("liveMaxLag"));
    m_maxLag->setRange(0, 600000); // 10 min: a wider box would squeeze the run's status
    m_maxLag->setSingleStep(500);
    m_maxLag->setSuffix(tr(" ms"));
    m_maxLag->setSpecialValueText(tr("off"));
    m_maxLag->setGroupSeparatorShown(true);
    m_maxLag->setValue(PacingOptions::kDefaultMaxLagMs);
    m_maxLag->setKeyboardTracking(false);
    m_maxLag->setToolTip(
        tr("Max replica lag: no batch starts while a standby replays more than this behind (0: off). "
           "Saved in the profile; during a run it applies from the next batch"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *batchLabel = new QLabel(tr("Batch size:"), this);
    batchLabel->setBuddy(m_batch);
    auto *niceLabel = new QLabel(tr("Nice ratio:"), this);
    niceLabel->setBuddy(m_nice);
    layout->addWidget(batchLabel);
    layout->addWidget(m_batch);
    layout->addWidget(niceLabel);
    layout->addWidget(m_nice);
    auto *lagLabel = new QLabel(tr("Max lag:"), this);
    lagLabel->setBuddy(m_maxLag);
    layout->addWidget(lagLabel);
    layout->addWidget(m_maxLag);
    layout->addWidget(m_pause);

    connect(m_batch, &QSpinBox::valueChanged, this, [this](int rows) {
        if (m_live)
            m_live->setBatchSize(rows);
    });
    connect(m_nice, &QDoubleSpinBox::valueChanged, this, [this](double ratio) {
        if (m_live)
            m_live->setNice(ratio);
    });
    connect(m_maxLag, &QSpinBox::valueChanged, this, [this](int ms) {
        if (m_live)
            m_live->setMaxLagMs(ms);
        emit maxLagEdited(ms);
    });
    connect(m_pause, &QPushButton::toggled, this, [this](bool paused) {
        if (m_live)
            m_live->setPaused(paused);
        updatePauseText();
    });
    detach();
}

void LiveControls::attach(std::shared_ptr<LiveSettings> live, int batchSize, double nice)
{
    m_live.reset(); // setting the values below must not count as changes
    {
        const QSignalBlocker b(m_batch), n(m_nice), p(m_pause);
        m_batch->setValue(batchSize);
        m_nice->setValue(nice);
        m_pause->setChecked(live && live->paused());
    }
    m_live = std::move(live);
    updatePauseText();
    setRunControlsEnabled(m_live != nullptr);
}

void LiveControls::detach()
{
    m_live.reset();
    {
        const QSignalBlocker p(m_pause);
        m_pause->setChecked(false);
    }
    updatePauseText();
    setRunControlsEnabled(false);
}

void LiveControls::showBatchSize(int rows)
{
    if (m_live && m_live->batchSize() > 0)
        return;
    const QSignalBlocker b(m_batch);
    m_batch->setValue(rows);
}

void LiveControls::setRunControlsEnabled(bool enabled)
{
    m_batch->setEnabled(enabled);
    m_nice->setEnabled(enabled);
    m_pause->setEnabled(enabled);
}

void LiveControls::setMaxLag(int ms)
{
    const QSignalBlocker b(m_maxLag);
    m_maxLag->setValue(ms);
}

int LiveControls::maxLag() const
{
    return m_maxLag->value();
}

void LiveControls::updatePauseText()
{
    m_pause->setText(m_pause->isChecked() ? tr("Resume") : tr("Pause"));
}

} // namespace purga
