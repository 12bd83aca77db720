#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace purga {

class FreezeController;

// The window-wide banner of an evidence freeze: since when and by whom, with one-click release;
// a lost freeze stays on screen until dismissed (losing it silently would be the worst outcome).
class FreezeBanner : public QWidget
{
    Q_OBJECT
public:
    explicit FreezeBanner(FreezeController *freeze, QWidget *parent = nullptr);

    QString plainText() const;
    QPushButton *releaseButton() const { return m_release; }

private:
    void update();

    FreezeController *m_freeze;
    QLabel *m_text;
    QPushButton *m_release;
    QPushButton *m_dismiss;
    QString m_lost;
};

} // namespace purga
