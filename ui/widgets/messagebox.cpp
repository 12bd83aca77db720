#include "messagebox.h"

#include <QAbstractButton>

namespace purga {

MessageBox::Button MessageBox::s_nextAnswer = QMessageBox::NoButton;
QString MessageBox::s_lastTitle;
QString MessageBox::s_lastText;
int MessageBox::s_shownCount = 0;

MessageBox::Button MessageBox::critical(QWidget *parent, const QString &title, const QString &text,
                                        Buttons buttons, Button defaultButton)
{
    return show(QMessageBox::Critical, parent, title, text, buttons, defaultButton);
}

MessageBox::Button MessageBox::warning(QWidget *parent, const QString &title, const QString &text,
                                       Buttons buttons, Button defaultButton)
{
    return show(QMessageBox::Warning, parent, title, text, buttons, defaultButton);
}

MessageBox::Button MessageBox::information(QWidget *parent, const QString &title, const QString &text,
                                           Buttons buttons, Button defaultButton)
{
    return show(QMessageBox::Information, parent, title, text, buttons, defaultButton);
}

MessageBox::Button MessageBox::question(QWidget *parent, const QString &title, const QString &text,
                                        Buttons buttons, Button defaultButton)
{
    return show(QMessageBox::Question, parent, title, text, buttons, defaultButton);
}

MessageBox::Button MessageBox::show(QMessageBox::Icon icon, QWidget *parent, const QString &title,
                                    const QString &text, Buttons buttons, Button defaultButton,
                                    const QMap<Button, QString> &buttonTexts, const QString &detailedText)
{
    s_lastTitle = title;
    s_lastText = text;
    ++s_shownCount;
    if (s_nextAnswer != QMessageBox::NoButton) {
        const Button answer = s_nextAnswer;
        s_nextAnswer = QMessageBox::NoButton;
        return answer;
    }

    QMessageBox box(icon, title, text, buttons, parent);
    if (defaultButton != QMessageBox::NoButton)
        box.setDefaultButton(defaultButton);
    for (auto it = buttonTexts.constBegin(); it != buttonTexts.constEnd(); ++it) {
        if (QAbstractButton *b = box.button(it.key()))
            b->setText(it.value());
    }
    if (!detailedText.isEmpty())
        box.setDetailedText(detailedText);
    box.setTextFormat(Qt::PlainText);
    return static_cast<Button>(box.exec());
}

void MessageBox::setNextAnswer(Button button)
{
    s_nextAnswer = button;
}

QString MessageBox::lastTitle()
{
    return s_lastTitle;
}

QString MessageBox::lastText()
{
    return s_lastText;
}

int MessageBox::shownCount()
{
    return s_shownCount;
}

} // namespace purga
