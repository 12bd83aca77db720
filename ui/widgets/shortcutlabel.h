#pragma once

#include <QCoreApplication>
#include <QKeySequence>
#include <QString>

namespace purga {

// A shortcut as the user reads it, with punctuation keys named: "Ctrl+Period", not "Ctrl+."
// (which reads as the end of a sentence) and "Ctrl+Comma", not "Ctrl+,".
class ShortcutLabel
{
    Q_DECLARE_TR_FUNCTIONS(ShortcutLabel)
public:
    static QString text(const QKeySequence &keys);
};

} // namespace purga
