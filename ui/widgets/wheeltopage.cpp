#include "wheeltopage.h"

#include <QAbstractScrollArea>
#include <QCoreApplication>
#include <QEvent>

namespace purga {

WheelToPage::WheelToPage(QAbstractScrollArea *view)
    : QObject(view)
    , m_view(view)
{
}

void WheelToPage::install(QAbstractScrollArea *view)
{
    view->viewport()->installEventFilter(new WheelToPage(view));
}

bool WheelToPage::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Wheel || watched != m_view->viewport() || m_view->hasFocus())
        return QObject::eventFilter(watched, event);
    // Handed to the nearest scroll area around the view (the page), which scrolls.
    for (QWidget *w = m_view->parentWidget(); w; w = w->parentWidget())
        if (auto *area = qobject_cast<QAbstractScrollArea *>(w)) {
            QCoreApplication::sendEvent(area->viewport(), event);
            return true;
        }
    return QObject::eventFilter(watched, event);
}

} // namespace purga
