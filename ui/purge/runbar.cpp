#include "runbar.h"

#include <QEvent>
#include <QGridLayout>
#include <QResizeEvent>

namespace purga {

namespace {

int leastWidth(const QWidget *w)
{
    return w->isHidden() ? 0 : qMax(w->minimumWidth(), w->minimumSizeHint().width());
}

} // namespace

RunBar::RunBar(QWidget *status, QWidget *liveControls, QWidget *stop, QWidget *cancel, QWidget *parent)
    : QWidget(parent)
    , m_status(status)
    , m_live(liveControls)
    , m_stop(stop)
    , m_cancel(cancel)
    , m_grid(new QGridLayout(this))
{
    setObjectName(QStringLiteral("runBar"));
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setColumnStretch(0, 1);
    place(true);
}

int RunBar::oneRowWidth() const
{
    const int gap = qMax(0, m_grid->horizontalSpacing());
    return leastWidth(m_status) + leastWidth(m_live) + leastWidth(m_stop) + leastWidth(m_cancel) + 3 * gap;
}

QSize RunBar::minimumSizeHint() const
{
    // The two-row form's width; the height of the form shown.
    const int gap = qMax(0, m_grid->horizontalSpacing());
    const int first = leastWidth(m_status) + leastWidth(m_stop) + leastWidth(m_cancel) + 2 * gap;
    return QSize(qMax(first, leastWidth(m_live)), m_grid->minimumSize().height());
}

bool RunBar::event(QEvent *event)
{
    if (event->type() == QEvent::LayoutRequest) // a control shown or hidden, a wider text
        place(oneRowWidth() <= width());
    return QWidget::event(event);
}

void RunBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    place(oneRowWidth() <= event->size().width());
}

void RunBar::place(bool oneRow)
{
    if (oneRow == m_oneRow && m_grid->count() > 0)
        return;
    m_oneRow = oneRow;
    for (QWidget *w : {m_status, m_live, m_stop, m_cancel})
        m_grid->removeWidget(w);
    m_grid->addWidget(m_status, 0, 0);
    if (oneRow)
        m_grid->addWidget(m_live, 0, 1);
    else
        m_grid->addWidget(m_live, 1, 0, 1, 4, Qt::AlignRight);
    m_grid->addWidget(m_stop, 0, 2);
    m_grid->addWidget(m_cancel, 0, 3);
    updateGeometry(); // the height changed
}

} // namespace purga
