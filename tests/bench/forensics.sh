#!/usr/bin/env bash
# Forensics speed on the benchmark data (3M refresh tokens, 1M pre-tokens, 15 x 200k log rows):
# server-side duration of the exact statements lookup and timeline run (log_min_duration_statement),
# without and with the indexes the app recommends, and the whole CLI command.
#   tests/bench/forensics.sh [BUILD_DIR]     (default build-test)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); cli=${1:-$root/build-test}/app/cli/purga-sesiones-cli
work=$(mktemp -d /tmp/purga-fxbench.XXXXXX); chmod 0755 "$work"
trap '"$root/scripts/pg-sandbox" stop "$work/pg" >/dev/null 2>&1 || true' EXIT
"$root/scripts/pg-sandbox" start "$work/pg" >/dev/null
. "$work/pg/env"
P="psql -X -q -v ON_ERROR_STOP=1 -h $PURGA_SANDBOX_SOCKET -p $PURGA_SANDBOX_PORT -U postgres -d core"
$P -f "$root/resources/sql/demo_data.sql" -c "SELECT identidad.generar_demo(3000000, 1000000, 200000, 15, 90, now())" -c "SELECT identidad.demo_incidente()" >/dev/null
$P -c "VACUUM ANALYZE" >/dev/null
ci="host=127.0.0.1 port=$PURGA_SANDBOX_PORT dbname=core user=identidad_purga sslmode=disable"
export PGPASSWORD=$PURGA_SANDBOX_PURGA_PASSWORD
h=$(printf 'demo-incidente-2' | sha256sum | cut -d' ' -f1)
echo "== advice"; "$cli" timeline --conninfo "$ci" --empresa 1 --usuario 900001 --json 2>&1 >/dev/null | head -3
for i in 1 2 3; do /usr/bin/time -f "lookup CLI total %e s" "$cli" lookup --conninfo "$ci" --token-hash "$h" --json >/dev/null; done
for i in 1 2 3; do /usr/bin/time -f "timeline CLI total (no index) %e s" "$cli" timeline --conninfo "$ci" --empresa 1 --usuario 900001 --json 2>/dev/null >/dev/null; done
# Server-side time of the exact statements the app runs, from the server log (log_min_duration_statement=0)
$P -c "ALTER DATABASE core SET log_min_duration_statement = 0" >/dev/null
"$cli" lookup --conninfo "$ci" --token-hash "$h" --json >/dev/null
"$cli" timeline --conninfo "$ci" --empresa 1 --usuario 900001 --json >/dev/null 2>&1
log=$(ls "$PURGA_SANDBOX_DATA"/*.log 2>/dev/null | head -1 || true); [ -n "$log" ] || log=$(ls "$work"/pg/*.log | head -1)
echo "== server durations without the recommended index"; grep -E "duration: .*(token_hash = '$h'|familia_id = |UNION ALL)" "$log" | sed -E 's/.*duration: ([0-9.]+ ms).*(token_hash = |familia_id|UNION ALL).*/\1 \2/' | tail -6
# the recommended indexes
$P -c "CREATE INDEX trx_pre_tokens_usuario_idx ON identidad.trx_pre_tokens (empresa_id, usuario_id)" >/dev/null
$P -c "CREATE INDEX log_sesiones_usuario_idx ON identidad.log_sesiones (empresa_id, usuario_id, ocurrido_en)" >/dev/null
$P -c "ANALYZE" >/dev/null
: > "$log.mark"; n0=$(wc -l < "$log")
for i in 1 2 3; do "$cli" timeline --conninfo "$ci" --empresa 1 --usuario 900001 --json >/dev/null 2>&1; "$cli" lookup --conninfo "$ci" --token-hash "$h" --json >/dev/null; done
echo "== server durations with the recommended indexes"; tail -n +$n0 "$log" | grep -E "duration: .*(token_hash = '$h'|familia_id = |UNION ALL)" | sed -E 's/.*duration: ([0-9.]+ ms).*(token_hash = |familia_id|UNION ALL).*/\1 \2/'
for i in 1 2 3; do /usr/bin/time -f "timeline CLI total (with index) %e s" "$cli" timeline --conninfo "$ci" --empresa 1 --usuario 900001 --json 2>/dev/null >/dev/null; done
