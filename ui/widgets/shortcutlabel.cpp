#include "shortcutlabel.h"

namespace purga {

namespace {

QString keyName(Qt::Key key)
{
    switch (key) {
    case Qt::Key_Period:
        return ShortcutLabel::tr("Period");
    case Qt::Key_Comma:
        return ShortcutLabel::tr("Comma");
    case Qt::Key_Minus:
        return ShortcutLabel::tr("Minus");
    case Qt::Key_Plus:
        return ShortcutLabel::tr("Plus");
    case Qt::Key_Slash:
        return ShortcutLabel::tr("Slash");
    case Qt::Key_Semicolon:
        return ShortcutLabel::tr("Semicolon");
    default:
        return QString();
    }
}

} // namespace

QString ShortcutLabel::text(const QKeySequence &keys)
{
    const QString native = keys.toString(QKeySequence::NativeText);
    if (keys.count() != 1)
        return native;
    const QString name = keyName(keys[0].key());
    if (name.isEmpty())
        return native;
    // NativeText ends with the key's own character; the modifiers before it stay as Qt writes them.
    return native.left(native.size() - 1) + name;
}

} // namespace purga
