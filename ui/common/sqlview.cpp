#include "sqlview.h"

#include "ui/style/runformat.h"
#include "ui/widgets/wheeltopage.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QPushButton>
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

void SqlView::setSql(const QString &sql)
{
    m_edit->setPlainText(sql);
    m_copy->setText(tr("Copy SQL"));
}

QString SqlView::sql() const
{
    return m_edit->toPlainText();
}

} // namespace purga
