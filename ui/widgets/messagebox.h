#pragma once

#include <QMap>
#include <QMessageBox>
#include <QString>

namespace purga {

// Every dialog question of the app goes through here instead of QMessageBox, so that tests can
// answer in advance (KeePassXC's MessageBox::setNextAnswer pattern) and check what was asked.
class MessageBox
{
public:
    using Button = QMessageBox::StandardButton;
    using Buttons = QMessageBox::StandardButtons;

    static Button critical(QWidget *parent, const QString &title, const QString &text,
                           Buttons buttons = QMessageBox::Ok, Button defaultButton = QMessageBox::NoButton);
    static Button warning(QWidget *parent, const QString &title, const QString &text,
                          Buttons buttons = QMessageBox::Ok, Button defaultButton = QMessageBox::NoButton);
    static Button information(QWidget *parent, const QString &title, const QString &text,
                              Buttons buttons = QMessageBox::Ok,
                              Button defaultButton = QMessageBox::NoButton);
    static Button question(QWidget *parent, const QString &title, const QString &text,
                           Buttons buttons = QMessageBox::Yes | QMessageBox::No,
                           Button defaultButton = QMessageBox::NoButton);

    // The general form: custom button labels (e.g. "Quit and cancel the purge") and detail text.
    static Button show(QMessageBox::Icon icon, QWidget *parent, const QString &title, const QString &text,
                       Buttons buttons, Button defaultButton, const QMap<Button, QString> &buttonTexts = {},
                       const QString &detailedText = QString());

    // Tests: the next call returns `button` at once without showing anything.
    static void setNextAnswer(Button button);
    // Tests: title and text of the last message asked or shown (also when answered in advance).
    static QString lastTitle();
    static QString lastText();
    static int shownCount();

private:
    static Button s_nextAnswer;
    static QString s_lastTitle;
    static QString s_lastText;
    static int s_shownCount;
};

} // namespace purga
