#pragma once

// The language of the messages, shared by the GUI and the CLI: English is the source language,
// Spanish comes from the purga_es catalogue compiled into both executables (:/i18n).
#include <QProcessEnvironment>
#include <QString>

class QCoreApplication;

namespace purga {

// "es" or "en", picked as gettext picks a catalogue: LC_ALL, else LC_MESSAGES, else LANG names the
// locale; "C"/"POSIX" (or nothing) means English and LANGUAGE is then ignored; otherwise the first
// entry of LANGUAGE (a colon-separated list) that is Spanish or English wins, and without LANGUAGE
// the locale's own language does. Numbers follow QLocale::system() (LC_NUMERIC), not this.
QString messagesLanguage();
// The same from explicit values (the environment variables), for tests.
QString messagesLanguage(const QString &lcAll, const QString &lcMessages, const QString &lang,
                         const QString &language);

// Installs our catalogue and Qt's own (qtbase_es: QCommandLineParser's "Usage:" and the like,
// when installed) on `app` for `language`; nothing for English. False when ours is missing.
bool installCatalogues(QCoreApplication &app, const QString &language);
// The language installCatalogues() last installed ("en" before any): the GUI's, even when --lang
// chose another one than the environment names.
QString installedLanguage();

// `env` for a child process of ours (the fleet's one-server commands) so that it speaks `language`:
// unchanged when it already would; otherwise LC_ALL is split into the categories it stood for (so
// numbers and collation stay as they were) and LC_MESSAGES and LANGUAGE name the language.
QProcessEnvironment withMessagesLanguage(QProcessEnvironment env, const QString &language);

} // namespace purga
