#pragma once

#include <QFont>
#include <QHash>
#include <QLabel>

namespace purga {

// A word-wrapped label that remembers its height for the widths it was asked about. QLabel lays
// its text out again (line breaking, shaping) on every heightForWidth() query, and one layout pass
// of a page asks each label several times, which makes text layout most of the GUI thread's time
// when a page full of labels (the Purge page's receipt) appears. The heights are forgotten when the
// text, the font or the margins change.
class WrapLabel : public QLabel
{
    Q_OBJECT
public:
    explicit WrapLabel(QWidget *parent = nullptr);
    explicit WrapLabel(const QString &text, QWidget *parent = nullptr);

    int heightForWidth(int width) const override;
    // How many heights were computed rather than remembered (for tests).
    int layoutsComputed() const { return m_computed; }

protected:
    void changeEvent(QEvent *event) override;

private:
    bool keyChanged() const;

    mutable QHash<int, int> m_heights;
    mutable QString m_text;
    mutable QFont m_font;
    mutable int m_margin = -1;
    mutable int m_indent = -1;
    mutable Qt::TextFormat m_format = Qt::AutoText;
    mutable int m_computed = 0;
};

} // namespace purga
