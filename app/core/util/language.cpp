#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace purga {

namespace {

// "es_ES.UTF-8@euro" -> "es"; "C.UTF-8" -> "c".
QString languageOf(const QString &localeName)
{
    QString l = localeName.trimmed().toLower();
    for (const QChar sep : {u'_', u'-', u'.', u'@'}) {
        const qsizetype at = l.indexOf(sep);
        if (at >= 0)
            l.truncate(at);
    }
    return l;
}

// QCommandLineParser's texts that qtbase_es lacks (the --help lines) or words with other quote
// marks than ours: listed here so that lupdate keeps them in purga_es.ts.
[[maybe_unused]] constexpr const char *kQtStrings[] = {
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help on commandline options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help including Qt specific options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown option '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Missing value after '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unexpected value after '%1'."),
};

QString s_installed = QStringLiteral("en");

} // namespace

QString messagesLanguage(const QString &lcAll, const QString &lcMessages, const QString &lang,
                         const QString &language)
{
    const QString locale = !lcAll.isEmpty() ? lcAll : !lcMessages.isEmpty() ? lcMessages : lang;
    const QString own = languageOf(locale);
    if (own.isEmpty() || own == QLatin1String("c") || own == QLatin1String("posix"))
        return QStringLiteral("en");
    const QString es = QStringLiteral("es"), en = QStringLiteral("en");
    if (!language.trimmed().isEmpty()) {
        // Entries without a catalogue (fr, de...) are skipped as gettext skips them; English is the
        // source text, so it always "has" one. None of ours listed: the untranslated English.
        for (const QString &entry : language.split(u':', Qt::SkipEmptyParts)) {
            const QString l = languageOf(entry);
            if (l == es || l == en)
                return l;
        }
        return en;
    }
    return own == es ? es : en;
}

QString messagesLanguage()
{
    return messagesLanguage(qEnvironmentVariable("LC_ALL"), qEnvironmentVariable("LC_MESSAGES"),
                            qEnvironmentVariable("LANG"), qEnvironmentVariable("LANGUAGE"));
}

QString installedLanguage()
{
    return s_installed;
}

QProcessEnvironment withMessagesLanguage(QProcessEnvironment env, const QString &language)
{
    const QString all = env.value(QStringLiteral("LC_ALL"));
    if (messagesLanguage(all, env.value(QStringLiteral("LC_MESSAGES")), env.value(QStringLiteral("LANG")),
                         env.value(QStringLiteral("LANGUAGE"))) == language)
        return env;
    if (!all.isEmpty()) {
        for (const char *category : {"LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY"})
            env.insert(QLatin1String(category), all);
        env.remove(QStringLiteral("LC_ALL"));
    }
    const bool spanish = language == QLatin1String("es");
    env.insert(QStringLiteral("LC_MESSAGES"),
               spanish ? QStringLiteral("es_ES.UTF-8") : QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("LANGUAGE"), spanish ? QStringLiteral("es") : QStringLiteral("en"));
    return env;
}

bool installCatalogues(QCoreApplication &app, const QString &language)
{
    if (language == QLatin1String("en")) {
        s_installed = language;
        return true; // the source language: no catalogue
    }
    auto *ours = new QTranslator(&app);
    if (!ours->load(QStringLiteral(":/i18n/purga_%1.qm").arg(language))) {
        delete ours;
        return false;
    }
    auto *qt = new QTranslator(&app);
    if (qt->load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    // Installed last, so asked first: kQtStrings below override Qt's own wording.
    QCoreApplication::installTranslator(ours);
    s_installed = language;
    return true;
}

} // namespace purga
