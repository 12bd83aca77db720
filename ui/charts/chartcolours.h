// The History charts' colours: one colour per table and per run status whatever the range, a
// light and a dark variant each, every one readable against its chart's background.
#pragma once

#include <QBrush>
#include <QColor>
#include <QString>

namespace purga::ChartColours {

// The colour of a table's series ("identidad.trx_refresh_tokens"), the same in every range.
QColor table(const QString &qualifiedTable);
// Rows removed by the job fill solid; by hand, hatched in the same colour (told apart without
// reading the legend).
QBrush origin(const QString &qualifiedTable, const QString &origin);
// The colour of an origin's points on the duration chart ("job", "manual").
QColor originPoint(const QString &origin);
// The colour of a problem status (error, cancelado, interrumpido, lock_ocupado).
QColor status(const QString &status);
// The 48 h threshold line and the time-since-success line.
QColor threshold();
QColor jobGap();
// The background the charts draw on (the Qt Charts theme's), for contrast checks.
QColor background();

} // namespace purga::ChartColours
