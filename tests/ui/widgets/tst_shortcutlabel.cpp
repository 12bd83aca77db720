// ShortcutLabel: punctuation keys are named, everything else reads as Qt writes it.
#include "ui/widgets/shortcutlabel.h"

#include <QTest>

using namespace purga;

class TestShortcutLabel : public QObject
{
    Q_OBJECT

private slots:
    void namesPunctuation()
    {
        QCOMPARE(ShortcutLabel::text(QKeySequence(Qt::CTRL | Qt::Key_Period)), QStringLiteral("Ctrl+Period"));
        QCOMPARE(ShortcutLabel::text(QKeySequence(Qt::CTRL | Qt::Key_Comma)), QStringLiteral("Ctrl+Comma"));
        QCOMPARE(ShortcutLabel::text(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Minus)),
                 QStringLiteral("Ctrl+Shift+Minus"));
    }

    void leavesOtherKeysAlone()
    {
        QCOMPARE(ShortcutLabel::text(QKeySequence(Qt::CTRL | Qt::Key_Return)), QStringLiteral("Ctrl+Return"));
        QCOMPARE(ShortcutLabel::text(QKeySequence(Qt::Key_Escape)), QStringLiteral("Esc"));
        QCOMPARE(ShortcutLabel::text(QKeySequence(Qt::CTRL | Qt::Key_1)), QStringLiteral("Ctrl+1"));
        QCOMPARE(ShortcutLabel::text(QKeySequence()), QString());
    }
};

QTEST_MAIN(TestShortcutLabel)
#include "tst_shortcutlabel.moc"
