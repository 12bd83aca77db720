#pragma once

#include "core/purge/purgestatus.h"
#include "displayformat.h"

#include <QCoreApplication>
#include <QFont>
#include <QKeySequence>
#include <QString>

namespace purga {

struct PreviewPlan;
struct RulePreview;

// Text for the preview and purge pages that Display (shared) does not cover: UTC times written
// with their zone, a rule's frozen cutoff, durations, rates and the run/rule states of the engine.
class RunFormat
{
    Q_DECLARE_TR_FUNCTIONS(RunFormat)
public:
    // "2026-11-27 08:00:00 UTC"; `emptyText` when there is no time.
    static QString utc(const QString &utcText, const QString &emptyText = QString());
    // The rule's frozen cutoff as UTC text: RulePreview::cutoffUtc, or else the plan's database now()
    // minus the rule's retention in PostgreSQL's form ("2026-10-28 08:00:00.123456+00").
    static QString cutoffUtc(const PreviewPlan &plan, const RulePreview &rule);
    // "1 h 02 min", "3 min 05 s", "4.2 s", "350 ms"; "—" when negative (unknown).
    static QString duration(qint64 ms);
    static QString rate(double rowsPerSecond);
    // Retention in words from seconds: "30 d", "24 h", "365 d".
    static QString retention(qint64 seconds);
    // Receipt statuses (ok|cancelado|error|omitido|lock_ocupado) and live states
    // (running|waiting_lock|...), "stopped" (a run stopped between batches: cancelado in the history),
    // translated and led by a symbol so colour is never needed.
    // The string form serves the history table's words ('interrumpido', 'en_curso', ...) too.
    static QString statusText(const QString &status);
    static QString statusText(RunStatus status) { return statusText(toId(status)); }
    static QString statusText(RuleStatus status) { return statusText(toId(status)); }
    // A receipt's status: "Stopped" for one cancelled by a stop between batches (the receipt's
    // `stopped`; its id stays "cancelado"), else as above.
    static QString statusText(RunStatus status, bool stopped)
    {
        return stopped && status == RunStatus::Cancelled ? statusText(QStringLiteral("stopped"))
                                                         : statusText(status);
    }
    static QString statusText(RuleStatus status, bool stopped)
    {
        return stopped && status == RuleStatus::Cancelled ? statusText(QStringLiteral("stopped"))
                                                          : statusText(status);
    }
    static Display::Status statusKind(const QString &status);
    static QFont monospace();
    // Shortcut hint for tooltips: "Take a preview (Ctrl+P)".
    static QString withShortcut(const QString &text, const QKeySequence &keys);
};

} // namespace purga
