// ChartColours: fixed colours per table, origin and status, in a light and a dark variant.
#include "chartcolours.h"

#include "ui/style/theme.h"

#include <QHash>

namespace purga::ChartColours {

namespace {

struct Pair
{
    QColor light;
    QColor dark;
    QColor pick() const { return Theme::isDark() ? dark : light; }
};

// Each light colour has a contrast of at least 3 against white, each dark one against the dark
// theme's background (tst_historycolours).
const QHash<QString, Pair> &tables()
{
    static const QHash<QString, Pair> t = {
        {QStringLiteral("trx_refresh_tokens"), {QColor(0x1f, 0x5f, 0xa8), QColor(0x6c, 0xb4, 0xf5)}},
        {QStringLiteral("trx_pre_tokens"), {QColor(0x2a, 0x7f, 0x3a), QColor(0x7c, 0xd6, 0x8c)}},
        {QStringLiteral("log_sesiones"), {QColor(0xb3, 0x5a, 0x00), QColor(0xff, 0xb0, 0x5c)}}};
    return t;
}

const QHash<QString, Pair> &statuses()
{
    static const QHash<QString, Pair> s = {
        {QStringLiteral("error"), {QColor(0xc6, 0x28, 0x28), QColor(0xff, 0x8a, 0x80)}},
        {QStringLiteral("cancelado"), {QColor(0x61, 0x61, 0x61), QColor(0xcf, 0xd8, 0xdc)}},
        {QStringLiteral("interrumpido"), {QColor(0x7b, 0x3f, 0xa8), QColor(0xd1, 0xa3, 0xf5)}},
        {QStringLiteral("lock_ocupado"), {QColor(0xb3, 0x5a, 0x00), QColor(0xff, 0xc1, 0x07)}}};
    return s;
}

} // namespace

QColor table(const QString &qualifiedTable)
{
    const QString bare = qualifiedTable.section(u'.', -1);
    const auto it = tables().constFind(bare);
    if (it != tables().cend())
        return it->pick();
    // Other tables: a hue from the name, the same in every range.
    const int hue = int(qHash(bare) % 360);
    return Theme::isDark() ? QColor::fromHsl(hue, 200, 170) : QColor::fromHsl(hue, 200, 70);
}

QBrush origin(const QString &qualifiedTable, const QString &origin)
{
    return QBrush(table(qualifiedTable),
                  origin == QLatin1String("job") ? Qt::SolidPattern : Qt::BDiagPattern);
}

QColor originPoint(const QString &origin)
{
    if (origin == QLatin1String("job"))
        return Pair{QColor(0x1f, 0x5f, 0xa8), QColor(0x6c, 0xb4, 0xf5)}.pick();
    return Pair{QColor(0x00, 0x79, 0x6b), QColor(0x64, 0xff, 0xda)}.pick();
}

QColor status(const QString &status)
{
    return statuses().value(status, Pair{QColor(0x8b, 0x00, 0x00), QColor(0xff, 0x8a, 0x80)}).pick();
}

QColor threshold()
{
    return Theme::dangerText();
}

QColor jobGap()
{
    return Pair{QColor(0x1f, 0x5f, 0xa8), QColor(0x6c, 0xb4, 0xf5)}.pick();
}

QColor background()
{
    // ChartThemeLight paints white, ChartThemeDark a dark slate (Qt Charts' own values).
    return Theme::isDark() ? QColor(0x2e, 0x30, 0x3a) : QColor(Qt::white);
}

} // namespace purga::ChartColours
