#pragma once

#include <QString>

namespace purga {

class PgConnection;

// The server's TimeZone as the database sets it for this role and database: its configuration
// (postgresql.conf, ALTER DATABASE/ROLE ... SET), not a session's own choice. pg_settings.reset_val
// includes what the client asked for at connect time (options='-c TimeZone=...', PGTZ); when that
// is where it came from, the database's and the role's settings are read instead, then the
// configuration file (when this role may read pg_file_settings). Empty when it cannot be known.
QString serverTimeZone(PgConnection &conn);

} // namespace purga
