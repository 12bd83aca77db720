#include "runformat.h"

#include "ui/widgets/shortcutlabel.h"

#include "core/preview/preview.h"

#include <QFontDatabase>
#include <QFontInfo>
#include <QLocale>
#include <QTimeZone>

namespace purga {

QString RunFormat::utc(const QString &utcText, const QString &emptyText)
{
    if (utcText.trimmed().isEmpty())
        return emptyText;
    const QDateTime dt = Display::parseUtc(utcText);
    if (!dt.isValid())
        return utcText;
    return dt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QStringLiteral(" UTC");
}

QString RunFormat::cutoffUtc(const PreviewPlan &plan, const RulePreview &rule)
{
    if (!rule.cutoffUtc.isEmpty())
        return rule.cutoffUtc; // frozen by the database itself
    const QDateTime parsed = Display::parseUtc(plan.cutoffBaseUtc);
    if (!parsed.isValid())
        return QString();
    // Whole seconds through QDateTime; the fraction is copied from the text so that the
    // microseconds PostgreSQL gave survive (QDateTime keeps milliseconds only).
    const QDateTime utc = parsed.toUTC();
    const QDateTime whole(utc.date(), QTime(utc.time().hour(), utc.time().minute(), utc.time().second()),
                          QTimeZone::utc());
    const QString base = plan.cutoffBaseUtc.trimmed();
    QString fraction;
    if (base.size() > 19 && base.at(19) == u'.') {
        qsizetype end = 20;
        while (end < base.size() && base.at(end).isDigit())
            ++end;
        fraction = base.mid(19, end - 19);
    }
    return whole.addSecs(-rule.config.retentionSeconds).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) +
           fraction + QStringLiteral("+00");
}

QString RunFormat::duration(qint64 ms)
{
    if (ms < 0)
        return QStringLiteral("—");
    const QLocale loc;
    if (ms < 1000)
        return tr("%1 ms").arg(loc.toString(ms));
    if (ms < 60000)
        return tr("%1 s").arg(loc.toString(ms / 1000.0, 'f', 1));
    const qint64 s = ms / 1000;
    if (s < 3600)
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString RunFormat::rate(double rowsPerSecond)
{
    if (rowsPerSecond <= 0)
        return QStringLiteral("—");
    return tr("%1 rows/s").arg(Display::number(qRound64(rowsPerSecond)));
}

QString RunFormat::retention(qint64 seconds)
{
    if (seconds <= 0)
        return QStringLiteral("—");
    if (seconds % 86400 == 0)
        return tr("%1 d").arg(QLocale().toString(seconds / 86400));
    if (seconds % 3600 == 0)
        return tr("%1 h").arg(QLocale().toString(seconds / 3600));
    return tr("%1 s").arg(QLocale().toString(seconds));
}

Display::Status RunFormat::statusKind(const QString &status)
{
    if (status == QLatin1String("ok"))
        return Display::Status::Ok;
    if (status == QLatin1String("error") || status == QLatin1String("lock_ocupado"))
        return Display::Status::Failed;
    if (status == QLatin1String("cancelado") || status == QLatin1String("interrumpido") ||
        status == QLatin1String("stopped") ||
        status == QLatin1String("waiting_lock") || status == QLatin1String("throttled") ||
        status == QLatin1String("omitido"))
        return Display::Status::Warning;
    return Display::Status::Info;
}

QString RunFormat::statusText(const QString &status)
{
    QString text;
    if (status == QLatin1String("ok"))
        text = tr("Completed");
    else if (status == QLatin1String("cancelado"))
        text = tr("Cancelled");
    else if (status == QLatin1String("stopped"))
        text = tr("Stopped");
    else if (status == QLatin1String("error"))
        text = tr("Failed");
    else if (status == QLatin1String("omitido"))
        text = tr("Skipped");
    else if (status == QLatin1String("lock_ocupado"))
        text = tr("Another purge holds the lock");
    else if (status == QLatin1String("running"))
        text = tr("Running");
    else if (status == QLatin1String("waiting_lock"))
        text = tr("Waiting for a lock");
    else if (status == QLatin1String("throttled"))
        text = tr("Throttled");
    else if (status == QLatin1String("pending"))
        text = tr("Waiting to start");
    else if (status == QLatin1String("interrumpido"))
        text = tr("Interrupted");
    else if (status == QLatin1String("en_curso"))
        text = tr("Running");
    else if (status == QLatin1String("congelado"))
        text = tr("Frozen for evidence");
    else
        text = status;
    return Display::statusSymbol(statusKind(status)) + u' ' + text;
}

QFont RunFormat::monospace()
{
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (!QFontInfo(f).fixedPitch()) {
        // Some platform themes (offscreen, minimal ones) answer with the proportional UI font.
        f.setFamilies({QStringLiteral("monospace")});
        f.setStyleHint(QFont::Monospace);
        f.setFixedPitch(true);
    }
    return f;
}

QString RunFormat::withShortcut(const QString &text, const QKeySequence &keys)
{
    return QStringLiteral("%1 (%2)").arg(text, ShortcutLabel::text(keys));
}

} // namespace purga
