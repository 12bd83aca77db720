#pragma once

// Internal to the preflight: a connection pooler between us and PostgreSQL, told from the backend
// pid and a session setting (probePoolMode, in preflight.h, tells its mode through a second session).
#include "preflight.h"

namespace purga {

// libpq's backend pid against pg_backend_pid(), then a session setting across two transactions:
// sets report->pooler and its item "pooler".
void checkPooler(PgConnection &conn, PreflightReport *report);

} // namespace purga
