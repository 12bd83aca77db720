#pragma once

// Keeping secrets out of messages, logs and memory dumps.
#include <QString>
#include <QStringList>

namespace purga {

// Every piece of `conninfo` (a libpq key=value string or a postgres:// URI, valid or not) that may be
// a password: the value of each password= keyword with what follows it up to the next keyword (an
// unquoted "password=Hunter2 Secret99" is a typo'd password, not a keyword "Secret99"), and the
// password of a URI's user:password@ part, raw and percent-decoded. Longest first.
QStringList conninfoSecrets(const QString &conninfo);

// `text` with every occurrence of each secret replaced by "***".
QString redact(QString text, const QStringList &secrets);

// Masks a token hash for display and logs: first 6 and last 4 characters.
QString maskHash(const QString &hash);

// `conninfo` itself with its passwords replaced, for showing what was typed.
QString redactConninfo(const QString &conninfo);

// True when `conninfo` sets a password (visible in the process list and shell history).
bool conninfoHasPassword(const QString &conninfo);

// Overwrites the characters of `s` when this QString is their only owner, then empties it. Best
// effort: copies made elsewhere (Qt's driver, libpq) are outside our reach.
void wipe(QString &s);
void wipe(QByteArray &b);

// The user this process runs as, from the OS (getpwuid(geteuid()) on POSIX), never from $USER,
// which anyone can set; "uid N" when the OS has no name for it, empty where not implemented.
QString osUserName();

} // namespace purga
