#pragma once

// Sessions that hold or wait for an advisory lock in a test database, as the scheduled job or
// another DBA would (tst_lockholders, tst_cli_lockholders, tst_lockholderpanel).
#include "pgsandbox.h"

namespace purga::test {

// Opens `conn` as `role` over TCP with application_name `app`.
bool openAs(const TestDatabase &db, const QString &role, const QString &app, PgConnection &conn);
// Opens `conn` as `role`/`app` and takes pg_advisory_lock(key) on it (a session lock: idle afterwards).
bool holdLock(const TestDatabase &db, const QString &role, const QString &app, PgConnection &conn,
              qint64 key = 731001);
// Sends pg_advisory_lock(key) without waiting: the session blocks server-side until it gets it.
// finishWaiting() reads its result once the lock was released.
bool startWaiting(PgConnection &conn, qint64 key = 731001);
void finishWaiting(PgConnection &conn);

} // namespace purga::test
