#pragma once

#include <QLoggingCategory>

namespace purga {

class DbRequest;
struct ConnectionProfile;
struct PurgeReceipt;

// Categories of the GUI's log file (applog.h). Info is off unless the log is installed, so that
// tests and other users of the core stay quiet on stderr.
Q_DECLARE_LOGGING_CATEGORY(lcDb)
Q_DECLARE_LOGGING_CATEGORY(lcPurge)

// Writes the request's start, and its end (succeeded / failed with the reason / cancelled) with
// how long it ran, to purga.db.
void logRequestLifecycle(DbRequest *request);

// One line naming what a connection goes to: profile, user@host:port/database, TLS mode. Never a
// password.
QString describeForLog(const ConnectionProfile &profile);

// The end of a purge: run id, status, rows deleted per rule, duration.
void logPurgeReceipt(const PurgeReceipt &receipt);

} // namespace purga
