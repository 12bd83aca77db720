#pragma once

// Statuses of a purge run and of each rule in it. The ids are the words of the history table
// (identidad.purga_corridas.estado, shared with the scheduled job) and of the JSON receipt:
// C++ code compares enums, only toId()/fromId() know the words.

#include <QString>

namespace purga {

enum class RunStatus { Ok, Cancelled, Error, LockBusy };

// A rule's final status (Ok, Cancelled, Error, Skipped) or, in live progress, Running/WaitingLock.
enum class RuleStatus { Ok, Cancelled, Error, Skipped, Running, WaitingLock, Throttled };

QString toId(RunStatus status);  // ok | cancelado | error | lock_ocupado
QString toId(RuleStatus status); // ok | cancelado | error | omitido | running | waiting_lock | throttled
// Unknown words (e.g. 'interrumpido' or 'en_curso' written by others) answer false.
bool fromId(const QString &id, RunStatus *status);
bool fromId(const QString &id, RuleStatus *status);

// The run's status implied by a rule that ended with `status` (Skipped/Running count as Ok).
RunStatus runStatusOf(RuleStatus status);

} // namespace purga
