#!/usr/bin/env bash
# The History page on 100,000 runs (a job run every 5 minutes for a year): per range
# preset, query time, data back to page painted, longest event-loop stall, points drawn. Starts
# its own PostgreSQL sandbox, creates the history with `setup-history` as the maintenance role,
# fills it (tests/bench/history_100k.sql), runs purga-bench-history, stops the sandbox.
#   tests/bench/history.sh [BUILD_DIR] [ROUNDS]     (default build-test, 2 rounds)
# BUILD_DIR must hold purga-sesiones-cli and tests/bench/purga-bench-history (a Release build
# gives the numbers of docs/benchmarks.md). QT_QPA_PLATFORM defaults to offscreen; run it under
# xvfb-run with QT_QPA_PLATFORM=xcb to paint through an X server.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); build=$(cd "${1:-$root/build-test}" && pwd)
cli=$build/app/cli/purga-sesiones-cli; bench=$build/tests/bench/purga-bench-history
[ -x "$cli" ] && [ -x "$bench" ] || { echo "history.sh: build purga-sesiones-cli and purga-bench-history in $build" >&2; exit 2; }
work=$(mktemp -d /tmp/purga-histbench.XXXXXX); chmod 0755 "$work"
trap '"$root/scripts/pg-sandbox" stop "$work/pg" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
"$root/scripts/pg-sandbox" start "$work/pg" >/dev/null
. "$work/pg/env"
ci="host=127.0.0.1 port=$PURGA_SANDBOX_PORT dbname=core user=identidad_purga sslmode=disable"
export PGPASSWORD=$PURGA_SANDBOX_PURGA_PASSWORD
"$cli" setup-history --conninfo "$ci" >/dev/null
t0=$(date +%s)
psql -X -q -v ON_ERROR_STOP=1 -h "$PURGA_SANDBOX_SOCKET" -p "$PURGA_SANDBOX_PORT" -U postgres -d core \
  -f "$root/tests/bench/history_100k.sql"
echo "== history filled in $(($(date +%s) - t0)) s"
echo "== CLI: history --days 3650 --json (the whole history, for comparison)"
/usr/bin/time -f "history CLI total %e s, max RSS %M KiB" "$cli" history --conninfo "$ci" --days 3650 --json >/dev/null
echo "== History page, QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}"
"$bench" 127.0.0.1 "$PURGA_SANDBOX_PORT" core identidad_purga "${2:-2}"
