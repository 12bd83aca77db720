#!/usr/bin/env bash
# Peak memory of `purga-sesiones-cli history --json` and `--csv` over histories of several sizes
# (issue 21: the JSON must stream, its memory flat at any size). For each size it starts its own
# PostgreSQL sandbox, creates the history with `setup-history`, fills it with
# tests/bench/history_100k.sql spaced to that many runs over a year (3 tables a run, 12 metrics),
# and runs each CLI under /usr/bin/time -v: wall time and maximum resident set size. With a second
# CLI binary (OTHER_CLI, e.g. a build of the previous commit) it measures that one too and checks
# that both write the same bytes (the health object aside: it is computed at now()).
#   tests/bench/history_memory.sh [BUILD_DIR] [SIZES]     (default build-test, "50000 200000 300000")
#   OTHER_CLI=/tmp/purga-cli-before tests/bench/history_memory.sh build "50000 300000"
# Not a test: no limit is asserted; docs/benchmarks.md keeps the numbers and the method.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd); build=$(cd "${1:-$root/build-test}" && pwd)
sizes=${2:-50000 200000 300000}
cli=$build/app/cli/purga-sesiones-cli
[ -x "$cli" ] || { echo "history_memory.sh: build purga-sesiones-cli in $build" >&2; exit 2; }
[ -z "${OTHER_CLI:-}" ] || [ -x "$OTHER_CLI" ] || { echo "history_memory.sh: $OTHER_CLI is not executable" >&2; exit 2; }
work=$(mktemp -d /tmp/purga-histmem.XXXXXX); chmod 0755 "$work"
trap '"$root/scripts/pg-sandbox" stop "$work/pg" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

# One measured run: label, binary, format; prints "label format runs wall_s max_rss_kib".
measure() {
  local label=$1 bin=$2 format=$3 out=$work/$1.$3
  /usr/bin/time -v -o "$work/time" "$bin" history --conninfo "$ci" --days 3650 "--$format" >"$out"
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
  printf '%-8s %-5s %8s runs  wall %-9s max RSS %7s KiB\n' "$label" "$format" "$runs" "$wall" "$rss"
}

for n in $sizes; do
  "$root/scripts/pg-sandbox" stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work/pg"
  "$root/scripts/pg-sandbox" start "$work/pg" >/dev/null
  . "$work/pg/env"
  ci="host=127.0.0.1 port=$PURGA_SANDBOX_PORT dbname=core user=identidad_purga sslmode=disable"
  export PGPASSWORD=$PURGA_SANDBOX_PURGA_PASSWORD
  "$cli" setup-history --conninfo "$ci" >/dev/null
  step=$(awk -v n="$n" 'BEGIN { printf "%.3f seconds", 31536000 / n }')
  psql -X -q -v ON_ERROR_STOP=1 -v step="$step" -h "$PURGA_SANDBOX_SOCKET" -p "$PURGA_SANDBOX_PORT" \
    -U postgres -d core -f "$root/tests/bench/history_100k.sql" >/dev/null
  runs=$(psql -X -At -h "$PURGA_SANDBOX_SOCKET" -p "$PURGA_SANDBOX_PORT" -U postgres -d core \
    -c "SELECT count(*) FROM identidad.purga_corridas")
  echo "== $runs runs (step $step), load $(cut -d' ' -f1-3 /proc/loadavg)"
  measure this "$cli" json
  measure this "$cli" csv
  if [ -n "${OTHER_CLI:-}" ]; then
    measure other "$OTHER_CLI" json
    measure other "$OTHER_CLI" csv
    for f in json csv; do
      if cmp -s <(sed '2s/^  "health": .*,$/  "health": {},/' "$work/this.$f") \
                <(sed '2s/^  "health": .*,$/  "health": {},/' "$work/other.$f"); then
        echo "   $f: both binaries wrote the same $(wc -c <"$work/this.$f") bytes"
      else
        echo "   $f: OUTPUTS DIFFER"
      fi
    done
  fi
done
