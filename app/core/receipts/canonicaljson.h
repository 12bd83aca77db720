#pragma once

// Canonical JSON: the one byte form of a JSON value that a signature and a hash are taken over.
// The subset of RFC 8785 (JCS) this project emits: object members sorted by their names' UTF-16
// code units, no white space, strings with only the escapes JCS allows (\" \\ \b \f \n \r \t and
// \u00XX in lower-case hex for the other control characters; everything else as UTF-8), numbers
// as ECMAScript's Number.prototype.toString writes them (integers without a fraction or exponent,
// 1e+21 and 1e-7 style exponents), true/false/null. QJsonDocument's Compact output is not used:
// its numbers differ from JCS outside the integers (1e-07) and its escapes are its own.
#include <QByteArray>
#include <QJsonValue>

namespace purga::canonical {

QByteArray serialize(const QJsonValue &value);
// The number as JCS writes it ("null" for NaN and infinities, which JSON cannot hold).
QByteArray number(double value);
// `json` parsed (an object or array) and written canonically; empty when it does not parse.
QByteArray reserialize(const QByteArray &json);
// True when `json` is exactly its canonical form.
bool isCanonical(const QByteArray &json);

} // namespace purga::canonical
