#pragma once

// What libpq itself says, for the folders that may not include libpq's header: its version and its
// reading of a connection string.
#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

namespace purga {

// libpq keyword/value pairs, values exactly as libpq must see them (UTF-8, no quoting).
using ConnParams = QList<QPair<QByteArray, QByteArray>>;

// The libpq loaded at run time, e.g. "15.10".
QString libpqVersion();

// libpq's own parse of a connection string: the keywords it was given a non-empty value, in order.
// False with libpq's reason (its words and language, untrimmed) in *reason when it does not parse.
bool parseConninfo(const QString &conninfo, ConnParams *out, QString *reason);

} // namespace purga
