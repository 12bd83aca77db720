#include "sqlview.h"

#include "ui/style/runformat.h"
#include "ui/widgets/wheeltopage.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextBlock>
#include <QTextLayout>
#include <QtMath>
#include <QTimer>
#include <QVBoxLayout>

namespace purga {

SqlView::SqlView(QWidget *parent)
    : QWidget(parent)
    , m_edit(new QPlainTextEdit(this))
    , m_copy(new QPushButton(tr("Copy SQL"), this))
{
    m_edit->setReadOnly(true);
    m_edit->setFont(RunFormat::monospace());
    m_edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_edit->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_edit->setMinimumHeight(160);
    m_edit->setObjectName(QStringLiteral("sqlText"));
    WheelToPage::install(m_edit); // in the preview's scrolled page the wheel scrolls the page

    m_copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copy->setToolTip(
        RunFormat::withShortcut(tr("Copy the whole SQL to the clipboard"), m_copy->shortcut()));
    m_copy->setObjectName(QStringLiteral("copySqlButton"));
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_edit->toPlainText());
        m_copy->setText(tr("Copied ✓"));
        QTimer::singleShot(2000, this, [this] { m_copy->setText(tr("Copy SQL")); });
    });

    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_edit);
    layout->addLayout(buttons);
}

void SqlView::setGrowsWithText(bool grows)
{
    m_grows = grows;
    const Qt::ScrollBarPolicy bars = grows ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded;
    m_edit->setVerticalScrollBarPolicy(bars);
    m_edit->setHorizontalScrollBarPolicy(bars);
    m_edit->setLineWrapMode(grows ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
    m_edit->setSizePolicy(QSizePolicy::Expanding, grows ? QSizePolicy::Fixed : QSizePolicy::Expanding);
    if (grows) {
        fitHeight();
    } else {
        m_edit->setMaximumHeight(QWIDGETSIZE_MAX);
        m_edit->setMinimumHeight(160);
    }
}

void SqlView::setSql(const QString &sql)
{
    m_edit->setPlainText(sql);
    m_copy->setText(tr("Copy SQL"));
    fitHeight();
}

void SqlView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitHeight();
}

void SqlView::fitHeight()
{
    if (!m_grows)
        return;
    // Laid out as the editor lays it out (its font, its wrap mode, its width less the frame, the
    // document's margin and the cursor), line by line: the editor's own layout is done lazily, as
    // lines are painted.
    const int frame = 2 * m_edit->frameWidth();
    const qreal margin = m_edit->document()->documentMargin();
    const qreal lineWidth = qMax<qreal>(1, m_edit->width() - frame - 2 * margin - m_edit->cursorWidth());
    QTextOption option;
    option.setWrapMode(m_edit->wordWrapMode());
    qreal height = 0;
    for (QTextBlock block = m_edit->document()->begin(); block.isValid(); block = block.next()) {
        QTextLayout layout(block.text(), m_edit->font());
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLeadingIncluded(true); // as QPlainTextDocumentLayout does
            line.setLineWidth(lineWidth);
            height += line.height();
        }
        layout.endLayout();
    }
    // The editor counts a line as shown when it ends a pixel above the bottom margin.
    m_edit->setFixedHeight(qCeil(height + 2 * margin) + 1 + frame);
}

QString SqlView::sql() const
{
    return m_edit->toPlainText();
}

} // namespace purga
