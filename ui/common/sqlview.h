#pragma once

#include <QWidget>

class QPlainTextEdit;
class QPushButton;

namespace purga {

// Read-only monospace SQL with a Copy button: the exact text the core counted with or will run.
// It scrolls on its own, or, inside a page that scrolls (the preview tab), grows to show all of its
// text, wrapped at its width, so that there is never a scroller in a scroller.
class SqlView : public QWidget
{
    Q_OBJECT
public:
    explicit SqlView(QWidget *parent = nullptr);

    void setGrowsWithText(bool grows);
    void setSql(const QString &sql);
    QString sql() const;
    QPlainTextEdit *editor() const { return m_edit; }
    QPushButton *copyButton() const { return m_copy; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // The height that shows every line of the text wrapped at the editor's width (growing mode).
    void fitHeight();

    QPlainTextEdit *m_edit;
    QPushButton *m_copy;
    bool m_grows = false;
};

} // namespace purga
