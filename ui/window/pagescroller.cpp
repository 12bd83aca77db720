#include "pagescroller.h"

#include <QEvent>

namespace purga {

PageScroller::PageScroller(QWidget *page, QWidget *parent)
    : QScrollArea(parent)
    , m_page(page)
{
    setObjectName(page->objectName() + QStringLiteral("Scroller"));
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(false); // sized by fitPage()
    setWidget(page);
    page->installEventFilter(this); // a new least size (the page's layout changed)
    fitPage();
}

bool PageScroller::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::Resize)
        fitPage();
    return QScrollArea::viewportEvent(event);
}

bool PageScroller::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_page && event->type() == QEvent::LayoutRequest)
        fitPage();
    return QScrollArea::eventFilter(watched, event);
}

void PageScroller::fitPage()
{
    const QSize least = m_page->minimumSizeHint().expandedTo(m_page->minimumSize());
    const QSize size = viewport()->size().expandedTo(least);
    if (m_page->size() != size)
        m_page->resize(size);
}

} // namespace purga
