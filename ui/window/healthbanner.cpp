#include "healthbanner.h"

#include "core/history/health.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"
#include "ui/style/theme.h"

#include <algorithm>

namespace purga {

HealthBanner::HealthBanner(AppState *state, QWidget *parent)
    : QLabel(parent)
    , m_state(state)
{
    setObjectName(QStringLiteral("healthBanner"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    setContentsMargins(10, 6, 10, 6);
    connect(this, &QLabel::linkActivated, this,
            [this](const QString &link) { emit m_state->showPageRequested(link); });
    connect(m_state, &AppState::connectionChanged, this, &HealthBanner::refresh);
    connect(m_state, &AppState::preflightChanged, this, &HealthBanner::refresh);
    connect(m_state, &AppState::healthChanged, this, &HealthBanner::refresh);
    Theme::follow(this, [this] { refresh(); });
}

void HealthBanner::setProblem(const QString &text)
{
    m_problem = text;
    refresh();
}

// One line for the purge health: the worst reason (and how many more), or that all is well.
std::pair<Display::Status, QString> HealthBanner::healthLine(const HealthReport &r)
{
    const Display::Status status = r.level == HealthLevel::Alarm     ? Display::Status::Failed
                                   : r.level == HealthLevel::Warning ? Display::Status::Warning
                                                                     : Display::Status::Ok;
    const HealthReason *worst = nullptr;
    for (const HealthReason &reason : r.reasons)
        if (!worst || reason.level > worst->level)
            worst = &reason;
    QString text;
    if (worst && worst->level >= HealthLevel::Warning)
        text = tr("Purge health: %1").arg(Display::timestampsIn(worst->text));
    else if (!r.lastOkUtc.isEmpty())
        text = tr("Purge health: nothing overdue; last successful run %1.").arg(Display::timestamp(r.lastOkUtc));
    else
        text = tr("Purge health: nothing overdue (no successful run recorded).");
    const qsizetype more = std::count_if(r.reasons.begin(), r.reasons.end(), [&](const HealthReason &x) {
        return &x != worst && x.level >= HealthLevel::Warning;
    });
    if (more > 0)
        text += u' ' + tr("(%n more)", nullptr, int(more));
    return {status, text};
}

void HealthBanner::refresh()
{
    QStringList lines;
    QStringList plain;
    Display::Status level = Display::Status::Info;
    auto add = [&](Display::Status s, const QString &text, bool checksLink) {
        if (s == Display::Status::Failed ||
            (s == Display::Status::Warning && level != Display::Status::Failed))
            level = s;
        QString html = Display::statusSymbol(s) + u' ' + text.toHtmlEscaped();
        if (checksLink)
            html += QStringLiteral(" <a href=\"checks\">%1</a>")
                        .arg(tr("See the checks (Ctrl+0).").toHtmlEscaped());
        else if (s != Display::Status::Failed || text != m_problem)
            html += QStringLiteral(" <a href=\"history\">%1</a>")
                        .arg(tr("Open the History (Ctrl+4).").toHtmlEscaped());
        lines << html;
        plain << Display::statusSymbol(s) + u' ' + text;
    };

    const PreflightReport &r = m_state->preflight();
    if (m_state->isConnected() && !r.items.isEmpty()) {
        // One line per refusal: of every rule (red), or of one rule (a missing table, amber: the
        // other rules still preview and purge).
        for (const PreflightRefusal &refusal : r.refusals())
            add(refusal.previewToo && refusal.ruleId.isEmpty() ? Display::Status::Failed
                                                               : Display::Status::Warning,
                refusal.text(), true);
    }
    if (!m_problem.isEmpty())
        add(Display::Status::Failed, m_problem, false);
    if (m_state->isConnected() && m_state->hasHealth()) {
        const auto [status, text] = healthLine(m_state->health());
        add(status, text, false);
    }

    m_plain = plain.join(u'\n');
    setText(lines.join(QStringLiteral("<br>")));
    setVisible(!lines.isEmpty());
    // Nothing refused and nothing overdue (Info) reads green.
    const Theme::Colours c = Theme::note(Theme::toneOf(level, Theme::Tone::Ok));
    setStyleSheet(
        QStringLiteral("QLabel#healthBanner { background: %1; color: %2; border-bottom: 1px solid %3; }")
            .arg(c.background.name(), c.text.name(), c.border.name()));
}

} // namespace purga
