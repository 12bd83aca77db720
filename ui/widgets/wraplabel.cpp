#include "wraplabel.h"

#include <QEvent>

namespace purga {

namespace {
constexpr int kRemembered = 16; // widths; a resize drag asks for many, a layout pass for few
}

WrapLabel::WrapLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

WrapLabel::WrapLabel(const QString &text, QWidget *parent)
    : QLabel(text, parent)
{
    setWordWrap(true);
}

bool WrapLabel::keyChanged() const
{
    return text() != m_text || font() != m_font || margin() != m_margin || indent() != m_indent ||
           textFormat() != m_format;
}

int WrapLabel::heightForWidth(int width) const
{
    if (keyChanged()) {
        m_heights.clear();
        m_text = text();
        m_font = font();
        m_margin = margin();
        m_indent = indent();
        m_format = textFormat();
    }
    const auto it = m_heights.constFind(width);
    if (it != m_heights.cend())
        return it.value();
    if (m_heights.size() >= kRemembered)
        m_heights.clear();
    const int h = QLabel::heightForWidth(width);
    ++m_computed;
    m_heights.insert(width, h);
    return h;
}

void WrapLabel::changeEvent(QEvent *event)
{
    // A new style or font changes every height, even with the same words.
    if (event->type() == QEvent::StyleChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::ContentsRectChange)
        m_heights.clear();
    QLabel::changeEvent(event);
}

} // namespace purga
