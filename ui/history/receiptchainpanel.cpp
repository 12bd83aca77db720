#include "receiptchainpanel.h"

#include "core/session/dbsession.h"
#include "ui/state/appstate.h"
#include "ui/style/theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace purga {

ReceiptChainPanel::ReceiptChainPanel(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_chain(new QLabel(this))
    , m_verdict(new QLabel(this))
    , m_verifyChain(new QPushButton(tr("Verify chain"), this))
    , m_verifyRun(new QPushButton(tr("Verify receipt"), this))
{
    setObjectName(QStringLiteral("receiptChainPanel"));
    m_chain->setObjectName(QStringLiteral("receiptChainState"));
    m_verdict->setObjectName(QStringLiteral("receiptVerdict"));
    for (QLabel *l : {m_chain, m_verdict}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_verdict->setVisible(false);
    m_chain->setText(tr("Signed receipts: not read yet."));
    m_verifyChain->setToolTip(tr("Walk every signed receipt of this database and name the first one that is "
                                 "missing, altered or out of order."));
    m_verifyRun->setToolTip(tr("Check the signature and form of the selected run's receipt."));
    m_verifyRun->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_chain, 1);
    buttons->addWidget(m_verifyChain);
    buttons->addWidget(m_verifyRun);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_verdict);
    connect(m_verifyChain, &QPushButton::clicked, this, &ReceiptChainPanel::refresh);
    connect(m_verifyRun, &QPushButton::clicked, this, &ReceiptChainPanel::verifyRun);
    Theme::follow(this, [this] {
        applyTone(m_chain, m_chainBad);
        applyTone(m_verdict, m_verdictBad);
    });
}

void ReceiptChainPanel::applyTone(QLabel *label, bool bad)
{
    label->setStyleSheet(
        bad ? QStringLiteral("QLabel { %1 padding: 4px; }").arg(Theme::noteCss(Theme::Tone::Danger))
            : QString());
}

void ReceiptChainPanel::refresh()
{
    if (!m_state->session())
        return;
    if (m_chainRequest)
        m_chainRequest->cancel();
    m_chain->setText(tr("Signed receipts: verifying the chain…"));
    m_chainRequest = m_state->session()->readReceiptChain();
    m_chainRequest.onSucceeded(this, [this](const ReceiptChainState &s) { showState(s); })
        .onFailed(this, [this](const DbFailure &f) {
            m_chain->setText(tr("Signed receipts: could not read them: %1").arg(f.reason()));
            emit chainRead(false);
        });
}

void ReceiptChainPanel::showState(const ReceiptChainState &state)
{
    const ChainReport &r = state.report;
    m_chainBad = state.tableExists && !r.intact;
    if (!state.tableExists)
        m_chain->setText(tr("Signed receipts: this history has no receipts table (setup-history adds it)."));
    else if (!r.intact)
        m_chain->setText(tr("⚠ Receipt chain broken at receipt %1: %2").arg(r.brokenAt).arg(r.problem));
    else if (r.count == 0)
        m_chain->setText(tr("Signed receipts: none yet (each purge from this tool adds one)."));
    else
        m_chain->setText(
            tr("✓ Receipt chain intact: %n receipt(s), head %1 (sha256 %2…), signed with %3 key(s).", nullptr,
               r.count)
                .arg(r.headSequence)
                .arg(QString::fromLatin1(r.headSha256.left(16)))
                .arg(r.keyIds.size()));
    m_chain->setToolTip(state.tableExists && r.intact && r.count > 0
                            ? tr("Head sha256: %1").arg(QString::fromLatin1(r.headSha256))
                            : QString());
    applyTone(m_chain, m_chainBad);
    emit chainRead(true);
}

void ReceiptChainPanel::setRun(const QString &runId)
{
    m_runId = runId;
    m_verifyRun->setEnabled(!runId.isEmpty());
}

void ReceiptChainPanel::verifyRun()
{
    if (m_runId.isEmpty() || !m_state->session())
        return;
    const QString runId = m_runId;
    m_runRequest = m_state->session()->checkRunReceipt(runId);
    m_runRequest.onSucceeded(this, [this, runId](const RunReceiptCheck &c) { showVerdict(runId, c); })
        .onFailed(this, [this](const DbFailure &f) {
            m_verdict->setText(tr("Could not read the receipt: %1").arg(f.reason()));
            m_verdict->setVisible(true);
            emit runVerified(false);
        });
}

void ReceiptChainPanel::showVerdict(const QString &runId, const RunReceiptCheck &c)
{
    const bool intact = c.found && c.check.ok && c.storedHashMatches;
    m_verdictBad = c.found && !intact;
    if (!c.tableExists || !c.found)
        m_verdict->setText(tr("Run %1 has no signed receipt (the scheduled job's runs and runs before the "
                              "receipts table have none).")
                               .arg(runId));
    else if (intact)
        m_verdict->setText(
            tr("✓ Receipt %1 of run %2: signature and form intact (key %3…, sha256 %4…).")
                .arg(c.number)
                .arg(runId, c.check.keyId.left(16), QString::fromLatin1(c.check.sha256.left(16))));
    else
        m_verdict->setText(
            tr("⚠ Receipt %1 of run %2 is not intact: %3")
                .arg(c.number)
                .arg(runId, c.check.ok ? tr("its stored hash is not its envelope's") : c.check.problem));
    applyTone(m_verdict, m_verdictBad);
    m_verdict->setVisible(true);
    emit runVerified(intact);
}

QString ReceiptChainPanel::stateText() const
{
    return m_chain->text();
}

QString ReceiptChainPanel::verdictText() const
{
    return m_verdict->text();
}

} // namespace purga
