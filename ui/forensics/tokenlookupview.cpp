#include "tokenlookupview.h"

#include "core/session/dbsession.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cstring>

namespace purga {

TokenLookupView::TokenLookupView(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_kind(new QComboBox(this))
    , m_input(new QLineEdit(this))
    , m_go(new QPushButton(tr("&Look up"), this))
    , m_reveal(new QPushButton(tr("Re&veal hashes"), this))
    , m_showTimeline(new QPushButton(tr("Show this user's ti&meline"), this))
    , m_summary(new QLabel(this))
    , m_chain(new QTableWidget(this))
{
    setObjectName(QStringLiteral("tokenLookup"));
    m_kind->addItem(tr("Token hash (hex SHA-256)"));
    m_kind->addItem(tr("Raw token (hashed here, never sent)"));
    m_kind->setAccessibleName(tr("Kind of token to look up"));
    m_input->setObjectName(QStringLiteral("tokenInput"));
    m_input->setAccessibleName(tr("Token or token hash to look up"));
    m_input->setClearButtonEnabled(true);
    m_go->setObjectName(QStringLiteral("lookupButton"));
    m_go->setToolTip(tr("Searches refresh tokens and pre-tokens (Enter)"));
    m_reveal->setCheckable(true);
    m_reveal->setToolTip(tr("Hashes are masked (first 8 … last 4) until you ask"));
    m_showTimeline->setObjectName(QStringLiteral("showUserTimelineButton"));
    m_showTimeline->setToolTip(tr("The events of the tenant and user this token belongs to"));
    m_showTimeline->hide();
    m_summary->setObjectName(QStringLiteral("lookupSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_chain->setObjectName(QStringLiteral("familyChain"));
    // The note next to the ids it explains; the hash, long when revealed, last.
    m_chain->setColumnCount(7);
    m_chain->setHorizontalHeaderLabels(
        {tr("Id"), tr("Replaced by"), tr("Note"), tr("Created"), tr("Expires"), tr("Revoked"), tr("Hash")});
    m_chain->setAccessibleName(tr("Rotation chain"));
    m_chain->horizontalHeader()->setStretchLastSection(true);
    m_chain->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_chain->verticalHeader()->hide();
    m_chain->setWordWrap(false);
    m_chain->hide();
    setupLayout();

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_input->clear();
        m_input->setEchoMode(i == 1 ? QLineEdit::Password : QLineEdit::Normal);
        m_input->setPlaceholderText(i == 1 ? tr("Paste the raw token: only its SHA-256 leaves this field")
                                           : tr("64 hexadecimal digits"));
    });
    m_kind->setCurrentIndex(1);
    m_kind->setCurrentIndex(0);
    connect(m_input, &QLineEdit::returnPressed, this, &TokenLookupView::lookUp);
    connect(m_go, &QPushButton::clicked, this, &TokenLookupView::lookUp);
    connect(m_reveal, &QPushButton::toggled, this, [this] { showMatches(m_matches); });
    connect(m_showTimeline, &QPushButton::clicked, this, [this] {
        if (!m_matches.isEmpty())
            emit timelineRequested(m_matches.constFirst().empresaId, m_matches.constFirst().usuarioId);
    });
}

void TokenLookupView::setupLayout()
{
    auto *inputLabel = new QLabel(tr("To&ken:"), this);
    inputLabel->setBuddy(m_input);
    auto *row = new QHBoxLayout;
    row->addWidget(m_kind);
    row->addWidget(inputLabel);
    row->addWidget(m_input, 1);
    row->addWidget(m_go);
    row->addWidget(m_reveal);
    auto *summaryRow = new QHBoxLayout;
    summaryRow->addWidget(m_summary, 1);
    summaryRow->addWidget(m_showTimeline, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addLayout(summaryRow);
    layout->addWidget(m_chain, 1);
}

void TokenLookupView::lookUpHash(const QString &hash)
{
    setInputKind(InputKind::Hash);
    setInput(hash);
    lookUp();
}

void TokenLookupView::setInputKind(InputKind kind)
{
    m_kind->setCurrentIndex(kind == InputKind::RawToken ? 1 : 0);
}

void TokenLookupView::setInput(const QString &text)
{
    m_input->setText(text);
}

QString TokenLookupView::inputText() const
{
    return m_input->text();
}

QString TokenLookupView::summaryText() const
{
    return m_summary->text();
}

void TokenLookupView::setRevealHashes(bool reveal)
{
    m_reveal->setChecked(reveal);
}

QString TokenLookupView::shownHash(const QString &hash) const
{
    return m_reveal->isChecked() ? hash : Forensics::maskHash(hash);
}

void TokenLookupView::lookUp()
{
    if (isLookingUp() || !m_state->isConnected())
        return;
    QString hash;
    if (m_kind->currentIndex() == 1) {
        QByteArray raw = m_input->text().toUtf8();
        hash = raw.isEmpty() ? QString() : Forensics::hashRawToken(raw);
        std::memset(raw.data(), 0, size_t(raw.size()));
        m_input->clear(); // the raw token is never kept, nor shown again
    } else {
        hash = m_input->text().trimmed(); // a hash stays, to look it up again after a failure
    }
    if (!Forensics::isTokenHash(hash)) {
        m_summary->setText(
            Display::statusSymbol(Display::Status::Warning) + u' ' +
            tr("A token hash is 64 hexadecimal digits; choose \"Raw token\" to paste the token itself."));
        return;
    }
    m_lookedUpHash = hash.toLower();
    m_showTimeline->hide(); // until this look-up finds its owner
    m_summary->setText(tr("Looking up %1…").arg(Forensics::maskHash(m_lookedUpHash)));
    const QList<RuleConfig> rules = m_state->previewableRuleConfigs(); // not a table that is missing
    m_request = m_state->session()->lookUpToken(rules, m_lookedUpHash);
    m_request
        .onSucceeded(this,
                     [this](const QList<TokenMatch> &m) {
                         showMatches(m);
                         emit lookupFinished(true);
                     })
        .onFailed(this, [this](const DbFailure &f) {
            m_summary->setText(Display::statusSymbol(Display::Status::Failed) + u' ' +
                               tr("Look-up failed: %1").arg(f.reason()));
            emit lookupFinished(false);
        });
}

QString TokenLookupView::matchText(const TokenMatch &m) const
{
    QStringList lines;
    lines << tr("%1, id %2 — tenant %3, user %4, hash %5")
                 .arg(m.table, QString::number(m.id), QString::number(m.empresaId),
                      QString::number(m.usuarioId), shownHash(m.tokenHash));
    lines << tr("Created %1 · expires %2")
                 .arg(Display::timestamp(m.createdUtc), Display::timestamp(m.expiresUtc));
    if (m.revoked)
        lines << tr("Revoked %1")
                     .arg(m.revokedUtc.isEmpty()
                              ? tr("(no time recorded: kept until its expiry passes the cutoff)")
                              : Display::timestamp(m.revokedUtc));
    if (!m.usedUtc.isEmpty())
        lines << tr("Used %1").arg(Display::timestamp(m.usedUtc));
    const QString from = Display::timestamp(m.removableFromUtc);
    lines
        << (m.removableNow
                ? Display::statusSymbol(Display::Status::Warning) + u' ' +
                      tr("Already removable by rule %1 (since %2): the next purge deletes it.")
                          .arg(Rules::title(m.rule), from)
                : Display::statusSymbol(Display::Status::Info) + u' ' +
                      tr("Kept by rule %1 until %2; removable after that.").arg(Rules::title(m.rule), from));
    return lines.join(u'\n');
}

void TokenLookupView::showMatches(const QList<TokenMatch> &matches)
{
    m_matches = matches;
    m_showTimeline->setVisible(!matches.isEmpty());
    if (m_lookedUpHash.isEmpty())
        return;
    if (matches.isEmpty()) {
        m_summary->setText(Display::statusSymbol(Display::Status::Info) + u' ' +
                           tr("%1 is not present in %2 or %3: never issued, or already purged.")
                               .arg(shownHash(m_lookedUpHash), Rules::table(RuleId::RefreshTokens),
                                    Rules::table(RuleId::PreTokens)));
    } else {
        QStringList blocks;
        for (const TokenMatch &m : matches)
            blocks << matchText(m);
        m_summary->setText(blocks.join(QStringLiteral("\n\n")));
    }
    fillChain();
}

void TokenLookupView::fillChain()
{
    const TokenMatch *withFamily = nullptr;
    for (const TokenMatch &m : m_matches)
        if (!m.family.isEmpty())
            withFamily = &m;
    m_chain->setVisible(withFamily != nullptr);
    m_chain->setRowCount(0);
    if (!withFamily)
        return;
    m_chain->setRowCount(int(withFamily->family.size()));
    for (int r = 0; r < withFamily->family.size(); ++r) {
        const FamilyMember &f = withFamily->family.at(r);
        QStringList notes;
        if (f.lookedUp)
            notes << tr("▶ the looked-up token");
        if (f.reusedAfterRevocation)
            notes << Display::statusSymbol(Display::Status::Warning) + u' ' +
                         tr("reused after revocation (replay logged)");
        const QStringList cells = {QString::number(f.id),
                                   f.replacedBy ? QString::number(f.replacedBy) : QString(),
                                   notes.join(QStringLiteral("; ")),
                                   Display::timestamp(f.createdUtc),
                                   Display::timestamp(f.expiresUtc),
                                   f.revoked ? Display::timestamp(f.revokedUtc, tr("yes, no time"))
                                             : QString(),
                                   shownHash(f.tokenHash)};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            item->setToolTip(cells.at(c));
            if (f.lookedUp) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            m_chain->setItem(r, c, item);
        }
    }
    m_chain->resizeColumnsToContents();
}

} // namespace purga
