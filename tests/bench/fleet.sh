#!/usr/bin/env bash
# `fleet status` over many profiles (issue 25): N databases spread over K local sandbox clusters
# (scripts/pg-sandbox), each seeded with a few thousand refresh tokens and the history, N profiles
# tagged "bench", then `purga-sesiones-cli fleet status --tag bench` with the default cap of 8
# connections (and the caps in CAPS). For each run: wall time to the last row (the command ends
# right after it) under /usr/bin/time -v, the largest single process's RSS (time -v), and the peak
# of the whole tree (the fleet process plus its running fleet-probe children, sampled every 0.1 s).
#   tests/bench/fleet.sh [BUILD_DIR] [PROFILES] [CLUSTERS]      (default build, 50, 3)
#   CAPS="1 8 16" tests/bench/fleet.sh build 50 3
#   KEEP=/tmp/fleet-demo tests/bench/fleet.sh build 4 2      leaves the clusters and profiles (for the
#                                                              GUI); stop with scripts/pg-sandbox stop
# Not a test: no limit is asserted; docs/benchmarks.md keeps the numbers and the method.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); build=$(cd "${1:-$root/build}" && pwd)
profiles=${2:-50}; clusters=${3:-3}; caps=${CAPS:-8}
cli=$build/app/cli/purga-sesiones-cli
[ -x "$cli" ] || { echo "fleet.sh: build purga-sesiones-cli in $build" >&2; exit 2; }
work=${KEEP:-$(mktemp -d /tmp/purga-fleetbench.XXXXXX)}; mkdir -p "$work"; chmod 0755 "$work"
stop_all() { for c in $(seq 1 "$clusters"); do "$root/scripts/pg-sandbox" stop "$work/pg$c" >/dev/null 2>&1 || true; done; rm -rf "$work"; }
[ -n "${KEEP:-}" ] || trap stop_all EXIT
export XDG_CONFIG_HOME=$work/config PGPASSFILE=$work/pgpass LANGUAGE=en LC_ALL=C.UTF-8
unset PGPASSWORD PGSERVICE DBUS_SESSION_BUS_ADDRESS # no keychain: each profile's password from PGPASSFILE
: >"$PGPASSFILE"; chmod 0600 "$PGPASSFILE"

for c in $(seq 1 "$clusters"); do
  "$root/scripts/pg-sandbox" start "$work/pg$c" >/dev/null
  eval "port$c=$(sed -n 's/^PURGA_SANDBOX_PORT=//p' "$work/pg$c/env")"
  eval "sock$c=$(sed -n 's/^PURGA_SANDBOX_SOCKET=//p' "$work/pg$c/env")"
  echo "127.0.0.1:$(eval echo \$port$c):*:identidad_purga:$(sed -n 's/^PURGA_SANDBOX_PURGA_PASSWORD=//p' "$work/pg$c/env")" >>"$PGPASSFILE"
done
as_pg() { (cd /tmp && if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi); }
psql_bin=$(sed -n 's/^PURGA_SANDBOX_BIN=//p' "$work/pg1/env")/psql
seed="INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado)
      SELECT g % 7, g, gen_random_uuid(), 'bench:' || g, now() - interval '90 days', now() - (g % 80) * interval '1 day', false
      FROM generate_series(1, 3000) g;"
for i in $(seq 1 "$profiles"); do
  c=$(( (i - 1) % clusters + 1 )); port=$(eval echo \$port$c); sock=$(eval echo \$sock$c); db=fleet_$i
  as_pg "$psql_bin" -qX -h "$sock" -p "$port" -d postgres \
      -c "CREATE DATABASE $db TEMPLATE identidad_template" >/dev/null
  as_pg "$psql_bin" -qX -h "$sock" -p "$port" -d "$db" -c "$seed" >/dev/null
  env="staging"; [ $((i % 5)) -eq 0 ] && env=production
  "$cli" profile-save "bench-$(printf %02d "$i")" --host 127.0.0.1 --port "$port" --dbname "$db" \
      --user identidad_purga --sslmode disable --environment "$env" --tag bench --tag "cluster:$c" 2>/dev/null
  "$cli" setup-history --profile "bench-$(printf %02d "$i")" >/dev/null 2>&1
done
echo "fleet.sh: $profiles profiles on $clusters clusters; load: $(uptime | sed 's/.*load average/load average/')"

for cap in $caps; do
  /usr/bin/time -v -o "$work/time" "$cli" fleet status --tag bench --connections "$cap" --json >"$work/out.json" 2>/dev/null &
  tpid=$!; peak=0
  while kill -0 "$tpid" 2>/dev/null; do
    fpid=$(pgrep -P "$tpid" -f 'fleet status' | head -n 1 || true)
    if [ -n "$fpid" ]; then
      rss=$(ps -o rss= -p "$fpid" --ppid "$fpid" 2>/dev/null | awk '{s += $1} END {print s + 0}')
      [ "$rss" -gt "$peak" ] && peak=$rss
    fi
    sleep 0.1
  done
  wait "$tpid" || true
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")
  one=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
  rows=$(grep -c '"profile"' "$work/out.json" || true)
  printf 'cap %-3s rows %-3s wall %-8s largest process %6s KiB  tree peak %7s KiB  exit_code %s\n' \
    "$cap" "$rows" "$wall" "$one" "$peak" "$(sed -n 's/^    "exit_code": \([0-9]*\),*/\1/p' "$work/out.json" | tail -n 1)"
done
echo "fleet.sh: load after: $(uptime | sed 's/.*load average/load average/')"
