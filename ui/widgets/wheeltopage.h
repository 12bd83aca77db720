#pragma once

#include <QObject>

class QAbstractScrollArea;

namespace purga {

// The mouse wheel over a scrollable view inside a scrolled page (the preview's sample table, its
// SQL) scrolls the page, until the view has the focus (clicked, or reached with Tab): a page that
// is scrolled with the wheel never gets stuck on a view that happens to pass under the pointer.
// Without a scrolled page around it the view scrolls as usual.
class WheelToPage : public QObject
{
    Q_OBJECT
public:
    static void install(QAbstractScrollArea *view);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit WheelToPage(QAbstractScrollArea *view);

    QAbstractScrollArea *m_view;
};

} // namespace purga
