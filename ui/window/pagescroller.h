#pragma once

#include <QScrollArea>

namespace purga {

// A page of the main window in a scroll area of its own. The page gets the area's whole size, as in
// a plain stacked widget, and scrolls only where the area is smaller than the page's least size (a
// screen below 1024x768 in Spanish, QT_SCALE_FACTOR=2 on a laptop): the window then never has to
// be larger than the screen. Unlike QScrollArea's widgetResizable, a page whose word-wrapped labels
// would like more height is still given only the area's height, and lays itself out in it.
class PageScroller : public QScrollArea
{
    Q_OBJECT
public:
    explicit PageScroller(QWidget *page, QWidget *parent = nullptr);

protected:
    bool viewportEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitPage();

    QWidget *m_page;
};

} // namespace purga
