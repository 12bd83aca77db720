#include "healthbanner.h"

#include "appstate.h"
#include "displayformat.h"

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
    refresh();
}

void HealthBanner::setProblem(const QString &text)
{
    m_problem = text;
    refresh();
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
        lines << html;
        plain << Display::statusSymbol(s) + u' ' + text;
    };

    const PreflightReport &r = m_state->preflight();
    if (m_state->isConnected() && !r.items.isEmpty()) {
        if (!r.canPreview())
            add(Display::Status::Failed,
                tr("Preview and purge are refused: %1").arg(r.previewBlockers().join(QStringLiteral("; "))),
                true);
        else if (!r.canPurge())
            add(Display::Status::Warning,
                tr("Purge is refused: %1").arg(r.purgeBlockers().join(QStringLiteral("; "))), true);
    }
    if (!m_problem.isEmpty())
        add(Display::Status::Failed, m_problem, false);

    m_plain = plain.join(u'\n');
    setText(lines.join(QStringLiteral("<br>")));
    setVisible(!lines.isEmpty());
    const QString colours =
        level == Display::Status::Failed
            ? QStringLiteral("background: #fce8e6; color: #8c1d18; border-bottom: 1px solid #e49a94;")
            : QStringLiteral("background: #fef7e0; color: #5c3c00; border-bottom: 1px solid #e0b84c;");
    setStyleSheet(QStringLiteral("QLabel#healthBanner { %1 }").arg(colours));
}

} // namespace purga
