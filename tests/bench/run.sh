#!/usr/bin/env bash
# The benchmark proper; scripts/bench starts the sandbox and calls this.
#
#   tests/bench/run.sh SANDBOX_ENV_FILE BUILD_DIR OUT_DIR
#
# Environment knobs (defaults in brackets):
#   BENCH_UNIT [1000000]      rows per "M": 100000 gives a quick run of the whole procedure
#   BENCH_SIZES ["1 3 9"]     refresh-token table sizes for the purge comparison, in units
#   BENCH_VARIANTS ["engine adr adr_nosync single proto_tid"]   at every size, without the writer
#   BENCH_WRITER_SIZE [3]     size at which the writer runs alone, then during each purge ("" = none)
#   BENCH_WRITER_VARIANTS ["engine engine_async adr adr_nosync single proto_tid"]
#   BENCH_WRITER_REPS [1]     passes over the writer runs (baseline + variants); with more than
#                             one, the summary also pools each variant's transactions over the passes
#   BENCH_WRITER_RATE [200]   writer transactions per second
#   BENCH_ADR_TIMEOUT_S [300] statement_timeout of one whole ADR loop (and of the single DELETE)
#   BENCH_REPS [3]            repetitions of each status/preview timing
#   BENCH_TRACE [1]           per-batch trace of the engine and EXPLAIN of a late batch (3 units)
#   BENCH_QUIET_BUSY [25]     before each timed run, wait until the machine's CPUs are less than
#   BENCH_QUIET_WAIT_S [30]   this % busy (others' work: builds, tests), for at most this long;
#                             the busy % seen before and during each run is recorded either way
#
# Variants: engine = purga-sesiones-cli purge (5000-row batches, default pacing: without standbys
# that is full speed); engine_async = the same with synchronous_commit = off for the purge role
# (every commit, the final one too); engine_scoff = the engine's own lever, --sync-commit off (each
# batch SET LOCAL synchronous_commit = off, one durable commit at the end: the default since issue
# 26); engine_scon = --sync-commit on (every batch waits for its WAL flush: the default before);
# engine_par2_scon = --parallel 2 --sync-commit on; engine_nice1 = --nice 1;
# engine_par2 = --parallel 2 (two deleting connections); engine_t10 = --target-batch-ms 10 (the batch
# size adapts, up to the batch size, so that a batch takes about 10 ms); engine_keyset = --strategy
# keyset (batches in (empresa_id, id) order) with the index it walks, created after the reset and
# outside the timing; engine_keyset_noidx = the same without that index (each batch scans and sorts
# the table: slow, not in any default list); adr = ADR 0021's ctid IN (SELECT ... LIMIT 5000)
# loop; adr_nosync = the same with synchronize_seqscans = off; single = one DELETE; proto_tid =
# bench.tid_proto (tests/bench/procs.sql), a server-side prototype of the recommended batch.
# All delete the same rows: the rule's predicate at a cutoff of now() - 30 days.
#
# Writes OUT_DIR/results.tsv (one line per purge run), OUT_DIR/summary.md (the tables for
# docs/benchmarks.md) and the raw material next to them (receipts, batch traces, pgbench logs, plans).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
env_file=$1 build=$(cd "$2" && pwd) out=$3
# shellcheck disable=SC1090
source "$env_file"
mkdir -p "$out"
out=$(cd "$out" && pwd)

UNIT=${BENCH_UNIT:-1000000}
SIZES=${BENCH_SIZES:-"1 3 9"}
VARIANTS=${BENCH_VARIANTS:-"engine adr adr_nosync single proto_tid"}
WRITER_SIZE=${BENCH_WRITER_SIZE-3}
WRITER_VARIANTS=${BENCH_WRITER_VARIANTS:-"engine engine_async adr adr_nosync single proto_tid"}
WRITER_REPS=${BENCH_WRITER_REPS:-1}
QUIET_BUSY=${BENCH_QUIET_BUSY:-25}
QUIET_WAIT_S=${BENCH_QUIET_WAIT_S:-30}
WRITER_RATE=${BENCH_WRITER_RATE:-200}
ADR_TIMEOUT_S=${BENCH_ADR_TIMEOUT_S:-300}
REPS=${BENCH_REPS:-3}
TRACE=${BENCH_TRACE:-1}
BATCH=${BENCH_BATCH:-5000}          # rows per batch (engine, ADR loop, prototype)
PAUSE_MS=${BENCH_PAUSE_MS:-0}       # engine only: --pause-ms between batches

cli=$build/app/cli/purga-sesiones-cli
tracer=$build/tests/bench/purga-bench-trace
[ -x "$cli" ] || { echo "bench: $cli not built" >&2; exit 2; }

export PGPASSWORD=$PURGA_SANDBOX_PURGA_PASSWORD
export PGOPTIONS="-c client_min_messages=warning"
conninfo="host=127.0.0.1 port=$PURGA_SANDBOX_PORT dbname=core user=identidad_purga connect_timeout=5"
server_log=$PURGA_SANDBOX_DATA/primary.log

as_pg() { (cd /tmp && if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi); }
# Superuser psql over the socket; SQL files are fed on stdin (the postgres user may not read them).
psql_su() { as_pg "$PURGA_SANDBOX_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PURGA_SANDBOX_SOCKET" \
              -p "$PURGA_SANDBOX_PORT" -U postgres -d core "$@"; }
val() { psql_su -At -c "$1"; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }
rows_of() { echo $(($1 * UNIT)); }
json_num() { sed -n "s/^ *\"$1\": \([-0-9.]*\),\{0,1\}$/\1/p" "$2" | head -n 1; }

mkdir -p "$out/pgbench" "$out/receipts" "$out/trace" "$out/plans"
[ "$(id -u)" = 0 ] && chown postgres: "$out/pgbench"

results=$out/results.tsv
printf 'size\tvariant\twriter\trows\tpurge_ms\twall_ms\twal_bytes\tbatches\tp50_ms\tp95_ms\tmax_ms\tw_n\tw_p50\tw_p95\tw_p99\tw_max\tw_lag_p99\tw_errors\tnote\tbusy_before\tbusy_during\tstarted\tload1\n' >"$results"
# The 1-minute load average (uptime) at the start of a run: on a shared machine, beside each number.
load1() { cut -d' ' -f1 /proc/loadavg; }

# CPU busy % of the whole machine between two /proc/stat samples ("cpu" line: user nice system
# idle iowait irq softirq steal ...). Before a run it measures other people's work.
cpu_sample() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9}' /proc/stat; }
busy_since() { # "busy total" sample
  local b0 t0 b1 t1
  read -r b0 t0 <<<"$1"
  read -r b1 t1 < <(cpu_sample)
  awk -v b="$((b1 - b0))" -v t="$((t1 - t0))" 'BEGIN {printf "%.0f", (t > 0) ? 100 * b / t : 0}'
}
busy_before=""
wait_quiet() {
  local waited=0 s
  while :; do
    s=$(cpu_sample); sleep 2
    busy_before=$(busy_since "$s")
    [ "$busy_before" -lt "$QUIET_BUSY" ] && return 0
    waited=$((waited + 2))
    if [ "$waited" -ge "$QUIET_WAIT_S" ]; then
      log "machine still ${busy_before}% busy after ${QUIET_WAIT_S}s: running anyway"
      return 0
    fi
  done
}

# ---------------------------------------------------------------------------------------------
# Machine and server
{
  echo "nproc: $(nproc)"
  echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
  echo "cpu: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)"
  echo "os: $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "server: $(val 'SELECT version()')"
  val "SELECT name || ' = ' || setting || coalesce(' ' || unit, '') FROM pg_settings
        WHERE name IN ('shared_buffers','work_mem','maintenance_work_mem','fsync','synchronous_commit',
                       'full_page_writes','wal_level','max_wal_size','checkpoint_timeout','autovacuum',
                       'max_parallel_workers_per_gather','synchronize_seqscans','wal_compression')
        ORDER BY name"
} >"$out/machine.txt"
cat "$out/machine.txt" >&2

# ---------------------------------------------------------------------------------------------
# Data: generar_demo in creation order, one template table per size (bench.rt_<size>u).
psql_su -f - <"$root/resources/sql/demo_data.sql"
# The history tables as the app creates them (owned by the purge role, which then records its runs).
"$cli" setup-history --conninfo "$conninfo" 2>/dev/null || log "setup-history failed: runs are not recorded"
psql_su -f - <"$here/procs.sql"
ref=$(val "SELECT now()::text")
drop_indexes_sql="ALTER TABLE identidad.trx_refresh_tokens DROP CONSTRAINT IF EXISTS trx_refresh_tokens_pkey,
                    DROP CONSTRAINT IF EXISTS trx_refresh_tokens_token_hash_key;
                  DROP INDEX IF EXISTS identidad.trx_refresh_tokens_familia_idx, identidad.trx_refresh_tokens_usuario_idx;
                  ALTER TABLE identidad.trx_pre_tokens DROP CONSTRAINT IF EXISTS trx_pre_tokens_pkey,
                    DROP CONSTRAINT IF EXISTS trx_pre_tokens_token_hash_key;"
# Index maintenance row by row costs 8x the generation itself: build the indexes afterwards.
psql_su -c "$drop_indexes_sql"

all_sizes=$(printf '%s\n' $SIZES ${WRITER_SIZE:+$WRITER_SIZE} 3 | sort -n -u | grep -v '^3$' || true)
t_gen=$(now_ms)
for s in $all_sizes; do
  log "generating $(rows_of "$s") refresh tokens"
  psql_su -c "SET client_min_messages = warning" \
          -c "SELECT identidad.generar_demo($(rows_of "$s"), 0, 0, 0, 0, '$ref')" \
          -c "SET max_parallel_workers_per_gather = 0" \
          -c "DROP TABLE IF EXISTS bench.rt_${s}u" \
          -c "CREATE TABLE bench.rt_${s}u AS SELECT * FROM identidad.trx_refresh_tokens" >/dev/null
done
# The 3-unit size last: it is also the overview/preview data set (1 unit of pre-tokens,
# 15 monthly partitions of 0.2 unit each, 90 days of run history).
log "generating $(rows_of 3) refresh tokens, $(rows_of 1) pre-tokens, 15 x $((UNIT / 5)) log rows"
psql_su -c "SET client_min_messages = warning" \
        -c "SELECT identidad.generar_demo($(rows_of 3), $(rows_of 1), $((UNIT / 5)), 15, 90, '$ref')" \
        -c "SET max_parallel_workers_per_gather = 0" \
        -c "DROP TABLE IF EXISTS bench.rt_3u" \
        -c "CREATE TABLE bench.rt_3u AS SELECT * FROM identidad.trx_refresh_tokens" >/dev/null
psql_su -c "SET maintenance_work_mem = '1GB'" \
        -c "ALTER TABLE identidad.trx_pre_tokens ADD CONSTRAINT trx_pre_tokens_pkey PRIMARY KEY (id),
              ADD CONSTRAINT trx_pre_tokens_token_hash_key UNIQUE (token_hash)" \
        -c "VACUUM (ANALYZE) identidad.trx_pre_tokens, identidad.log_sesiones, bench.batches"
gen_s=$(( ($(now_ms) - t_gen) / 1000 ))

reset_rt() { # size
  local t; t=$(now_ms)
  psql_su -v src="rt_${1}u" -f - <"$here/reset_refresh.sql"
  # The reset leaves gigabytes of dirty pages in the kernel: written back during the next run,
  # they made one single DELETE at 9M take 3.7 s or 7.4 s. Flush them first.
  sync
  log "reset to $(rows_of "$1") rows in $(( ($(now_ms) - t) / 1000 )) s"
}
cutoff_literal() { echo "'$(val "SELECT (now() - interval '30 days')::text")'::timestamptz"; }
# The rule's predicate exactly as Rules::predicate("refresh_tokens") writes it.
predicate() { echo "((t.revocado AND t.revocado_en < $1) OR t.expiracion < $1)"; }

# What generar_demo produces at the cutoff: the removable share of each template.
{
  printf 'template\trows\tremovable\tshare\tadr_sample_predicate\theap_MB\n'
  c=$(cutoff_literal)
  for s in $(printf '%s\n' $all_sizes 3 | sort -n -u); do
    val "SELECT 'rt_${s}u', count(*), count(*) FILTER (WHERE $(predicate "$c")),
                round(count(*) FILTER (WHERE $(predicate "$c")) / count(*)::numeric, 3),
                count(*) FILTER (WHERE t.revocado OR t.expiracion < $c),
                pg_relation_size('bench.rt_${s}u') / 1048576
           FROM bench.rt_${s}u t" | tr '|' '\t'
  done
} >"$out/templates.tsv"
log "data generated in $gen_s s"; cat "$out/templates.tsv" >&2

# ---------------------------------------------------------------------------------------------
# Overview and preview speed on the 3-unit data set (refresh tokens reloaded with their indexes).
reset_rt 3
{
  printf 'command\trun\tms\texit\tbusy_before\n'
  for rep in $(seq 1 "$REPS"); do
    for cmd in "status --estimates --json" "status --json" "preview --json"; do
      wait_quiet
      t=$(now_ms)
      rc=0
      # shellcheck disable=SC2086
      timeout 120 "$cli" $cmd --conninfo "$conninfo" >"$out/receipts/${cmd// /_}.json" 2>"$out/receipts/${cmd// /_}.err" || rc=$?
      printf '%s\t%s\t%s\t%s\t%s\n' "$cmd" "$rep" $(($(now_ms) - t)) "$rc" "$busy_before"
    done
  done
} >"$out/overview.tsv"
cat "$out/overview.tsv" >&2

# ---------------------------------------------------------------------------------------------
# The concurrent writer (pgbench, fixed rate) and its latency inside a time window.
writer_pid="" writer_tag=""
start_writer() { # tag bound_s
  rm -f "$out/pgbench/$1".*
  writer_tag=$1
  as_pg "$PURGA_SANDBOX_BIN/pgbench" -n -c 4 -j 1 -R "$WRITER_RATE" -T "$2" -l --log-prefix="$out/pgbench/$1" \
    -f - -h "$PURGA_SANDBOX_SOCKET" -p "$PURGA_SANDBOX_PORT" -U postgres core \
    <"$here/writer.pgbench" >"$out/pgbench/$1.out" 2>&1 &
  writer_pid=$!
  sleep 2
}
stop_writer() {
  sleep 3 # pgbench writes its log through stdio buffers: the window's lines are on disk by now
  # writer_pid is the subshell around runuser, which passes no signal on: pgbench itself is found
  # by its log prefix. The log's last, partial line is ignored below.
  pkill -TERM -f -- "--log-prefix=$out/pgbench/$writer_tag( |$)" 2>/dev/null || true
  kill -TERM "$writer_pid" 2>/dev/null || true
  wait "$writer_pid" 2>/dev/null || true
  if pgrep -f -- "--log-prefix=$out/pgbench/$writer_tag( |$)" >/dev/null; then
    log "writer $writer_tag still running after stop_writer"
  fi
  writer_pid="" writer_tag=""
}
# n p50 p95 p99 max lag_p99 errors, latencies in ms, of the transactions that ended in [t0, t1] (ms);
# nearest-rank percentiles. Errors: pgbench's own messages plus log lines without a latency.
pctl() { sort -n | awk -v p="$1" '{v[NR] = $1} END {if (NR == 0) print "-"; else {i = int(NR * p + 0.999); if (i < 1) i = 1; printf "%.2f", v[i]}}'; }
writer_stats() { # tag t0_ms t1_ms; keeps the window's "latency lag" lines in pgbench/TAG.win
  local logs errors failed
  logs=$(ls "$out/pgbench/$1".[0-9]* 2>/dev/null || true)
  errors=$(grep -c -i -E 'abort|error|fatal' "$out/pgbench/$1.out" || true)
  failed=$(cat $logs /dev/null | awk 'NF == 7 && $3 !~ /^[0-9]+$/ {n++} END {print n + 0}')
  echo $((errors + failed)) >"$out/pgbench/$1.errors"
  cat $logs /dev/null | awk -v t0="$2" -v t1="$3" 'NF == 7 && $3 ~ /^[0-9]+$/ {
      end_ms = $5 * 1000 + $6 / 1000
      if (end_ms >= t0 && end_ms <= t1) print $3 / 1000, ($3 + $7) / 1000 }' >"$out/pgbench/$1.win"
  win_stats "$out/pgbench/$1.win"
}
win_stats() { # window files... -> n p50 p95 p99 max lag_p99 errors
  local errors=0 f
  for f in "$@"; do errors=$((errors + $(cat "${f%.win}.errors" 2>/dev/null || echo 0))); done
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(cat "$@" | wc -l)" "$(cat "$@" | cut -d' ' -f1 | pctl 0.50)" \
    "$(cat "$@" | cut -d' ' -f1 | pctl 0.95)" \
    "$(cat "$@" | cut -d' ' -f1 | pctl 0.99)" "$(cat "$@" | cut -d' ' -f1 | pctl 1.0)" "$(cat "$@" | cut -d' ' -f2 | pctl 0.99)" \
    "$errors"
}

# ---------------------------------------------------------------------------------------------
# One purge run: reset, (writer), purge, WAL and time, batch percentiles.
run_variant() { # size variant writer-pass (0 = no writer)
  local s=$1 v=$2 w=$3 tag="${1}u_$2" t0 t1 lsn0 wal rows="" purge_ms="" wall="" batches="" p50="-" p95="-" pmax="-" note="" rc=0
  [ "$w" = 0 ] || tag="${tag}_w$w"
  reset_rt "$s"
  local c; c=$(cutoff_literal)
  local pred; pred=$(predicate "$c")
  local eligible=""
  [ "$v" = proto_tid ] && eligible=$(val "SELECT count(*) FROM identidad.trx_refresh_tokens t WHERE $pred")
  if [ "$v" = engine_keyset ]; then # the index keyset batches walk; reset_refresh.sql drops it
    psql_su -c "SET maintenance_work_mem = '1GB'" \
            -c "CREATE INDEX trx_refresh_tokens_empresa_id_id_idx ON identidad.trx_refresh_tokens (empresa_id, id)" \
            -c "ANALYZE identidad.trx_refresh_tokens" -c "CHECKPOINT" >/dev/null
  fi
  wait_quiet
  [ "$w" = 0 ] || start_writer "$tag" $((ADR_TIMEOUT_S + 120))
  lsn0=$(val "SELECT pg_current_wal_lsn()")
  local started; started=$(date -u +%H:%M:%S)
  local load; load=$(load1)
  local cpu0; cpu0=$(cpu_sample)
  t0=$(now_ms)
  case $v in
    engine | engine_async | engine_scoff | engine_scon | engine_nice1 | engine_par2 | engine_par2_scon | engine_t10 | engine_keyset | engine_keyset_noidx)
      [ "$v" = engine_async ] && val "ALTER ROLE identidad_purga SET synchronous_commit = off" >/dev/null
      local extra=()
      [ "$v" = engine_scoff ] && extra=(--sync-commit off)
      [ "$v" = engine_scon ] && extra=(--sync-commit on)
      [ "$v" = engine_par2_scon ] && extra=(--parallel 2 --sync-commit on)
      [ "$v" = engine_nice1 ] && extra=(--nice 1)
      [ "$v" = engine_par2 ] && extra=(--parallel 2)
      [ "$v" = engine_t10 ] && extra=(--target-batch-ms 10)
      [ "${v#engine_keyset}" != "$v" ] && extra=(--strategy keyset)
      # The CLI's peak memory (max RSS, KiB) beside its receipt.
      /usr/bin/time -f %M -o "$out/receipts/$tag.rss" timeout $((ADR_TIMEOUT_S + 60)) "$cli" purge --rule refresh_tokens --yes --json --conninfo "$conninfo" \
        --batch-size "$BATCH" --pause-ms "$PAUSE_MS" "${extra[@]}" >"$out/receipts/$tag.json" 2>"$out/receipts/$tag.err" || rc=$?
      t1=$(now_ms)
      [ "$v" = engine_async ] && val "ALTER ROLE identidad_purga RESET synchronous_commit" >/dev/null
      rows=$(json_num deleted "$out/receipts/$tag.json")
      # the rule's duration (the purge itself), not the run's (which adds the lock and history)
      purge_ms=$(sed -n '/"rules"/,$p' "$out/receipts/$tag.json" | sed -n 's/^ *"duration_ms": \([0-9]*\),*$/\1/p' | head -n 1)
      batches=$(json_num batches "$out/receipts/$tag.json")
      p50=$(json_num batch_p50_ms "$out/receipts/$tag.json")
      p95=$(json_num batch_p95_ms "$out/receipts/$tag.json")
      pmax=$(json_num batch_max_ms "$out/receipts/$tag.json")
      [ "$rc" = 0 ] || note="exit $rc"
      note="${note:+$note; }rss $(tail -n 1 "$out/receipts/$tag.rss" 2>/dev/null) KiB"
      [ "$v" = engine_t10 ] && note="$note; sizes $(json_num batch_size_min "$out/receipts/$tag.json")-$(json_num batch_size_max "$out/receipts/$tag.json")"
      ;;
    adr | adr_nosync | proto_tid)
      local sync=on call="CALL bench.adr_loop('$tag', \$p\$$pred\$p\$, $BATCH)"
      [ "$v" = adr_nosync ] && sync=off
      [ "$v" = proto_tid ] && call="CALL bench.tid_proto('$tag', \$p\$$pred\$p\$, $BATCH, $eligible)"
      psql_su >"$out/receipts/$tag.txt" 2>&1 <<SQL || rc=$?
SET statement_timeout = '${ADR_TIMEOUT_S}s';
SET synchronize_seqscans = $sync;
\timing on
$call;
SQL
      t1=$(now_ms)
      purge_ms=$(sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' "$out/receipts/$tag.txt" | tail -n 1)
      if [ "$rc" = 0 ]; then
        IFS='|' read -r rows batches p50 p95 pmax < <(val "SELECT sum(rows), count(*),
             round(percentile_disc(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2),
             round(percentile_disc(0.95) WITHIN GROUP (ORDER BY ms)::numeric, 2),
             round(max(ms)::numeric, 2) FROM bench.batches WHERE run = '$tag'")
        val "COPY (SELECT batch, rows, round(ms::numeric, 3) FROM bench.batches WHERE run = '$tag' ORDER BY batch) TO STDOUT" \
          >"$out/trace/$tag.batches"
      else
        purge_ms=$((t1 - t0))
        rows=$(( $(val "SELECT count(*) FROM bench.rt_${s}u t WHERE $pred") - $(val "SELECT count(*) FROM identidad.trx_refresh_tokens t WHERE $pred") ))
        note="stopped by statement_timeout ${ADR_TIMEOUT_S}s after $rows rows"
      fi
      ;;
    single)
      as_pg "$PURGA_SANDBOX_BIN/psql" -X -v ON_ERROR_STOP=1 -h "$PURGA_SANDBOX_SOCKET" -p "$PURGA_SANDBOX_PORT" \
        -U postgres -d core >"$out/receipts/$tag.txt" 2>&1 <<SQL || rc=$?
SET statement_timeout = '${ADR_TIMEOUT_S}s';
\timing on
DELETE FROM identidad.trx_refresh_tokens t WHERE $pred;
SQL
      t1=$(now_ms)
      rows=$(sed -n 's/^DELETE \([0-9]*\)$/\1/p' "$out/receipts/$tag.txt")
      purge_ms=$(sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' "$out/receipts/$tag.txt" | tail -n 1)
      batches=1
      [ "$rc" = 0 ] || note="exit $rc"
      ;;
  esac
  local busy_during; busy_during=$(busy_since "$cpu0")
  wal=$(val "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '$lsn0')::bigint")
  wall=$((t1 - t0))
  local wstats="-	-	-	-	-	-	-"
  if [ "$w" != 0 ]; then
    stop_writer
    wstats=$(writer_stats "$tag" "$t0" "$t1")
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(rows_of "$s")" "$v" "$w" "${rows:--}" \
    "${purge_ms:--}" "$wall" "$wal" "${batches:--}" "${p50:--}" "${p95:--}" "${pmax:--}" "$wstats" "$note" \
    "$busy_before" "$busy_during" "$started" >>"$results"
  sed -i '$ s/$/\t'"$load"'/' "$results"
  log "$(tail -n 1 "$results")"
}

for s in $SIZES; do
  for v in $VARIANTS; do
    run_variant "$s" "$v" 0
  done
done

# The writer alone (baseline), then during each variant, at one size.
for pass in $( [ -n "$WRITER_SIZE" ] && seq 1 "$WRITER_REPS"); do
  reset_rt "$WRITER_SIZE"
  wait_quiet
  started=$(date -u +%H:%M:%S)
  load=$(load1)
  start_writer "${WRITER_SIZE}u_writer_alone_w$pass" 60
  cpu0=$(cpu_sample)
  t0=$(now_ms); sleep 20; t1=$(now_ms)
  busy_during=$(busy_since "$cpu0")
  stop_writer
  printf '%s\t%s\t%s\t-\t-\t%s\t-\t-\t-\t-\t-\t%s\t\t%s\t%s\t%s\n' "$(rows_of "$WRITER_SIZE")" "writer_alone" "$pass" $((t1 - t0)) \
    "$(writer_stats "${WRITER_SIZE}u_writer_alone_w$pass" "$t0" "$t1")" "$busy_before" "$busy_during" "$started" >>"$results"
  sed -i '$ s/$/\t'"$load"'/' "$results"
  log "$(tail -n 1 "$results")"
  for v in $WRITER_VARIANTS; do
    run_variant "$WRITER_SIZE" "$v" "$pass"
  done
done

# ---------------------------------------------------------------------------------------------
# The engine batch by batch at 3 units (rows and ms from the engine, TID range from the server
# log), then the table in the middle of a run: EXPLAIN (ANALYZE, BUFFERS, WAL) of the engine's
# next chunk and of an ADR batch at that point (both rolled back).
tid_ranges() { # log byte offset -> "from to ms" per engine batch
  tail -c +"$(($1 + 1))" "$server_log" | awk '
    /duration: [0-9.]+ ms  statement: WITH d AS \(/ { match($0, /duration: [0-9.]+/); ms = substr($0, RSTART + 10, RLENGTH - 10); want = 1; next }
    want && /ctid >= / { match($0, />= .\([0-9]+,/); a = substr($0, RSTART + 5, RLENGTH - 6)
                         match($0, /< .\([0-9]+,/); b = substr($0, RSTART + 4, RLENGTH - 5); print a, b, ms; want = 0 }'
}
if [ "$TRACE" = 1 ] && [ -x "$tracer" ]; then
  val "ALTER ROLE identidad_purga SET log_min_duration_statement = 0" >/dev/null
  reset_rt 3
  wait_quiet
  off=$(stat -c %s "$server_log")
  "$tracer" --conninfo "$conninfo" --batch-size "$BATCH" >"$out/trace/engine_3u.batches" 2>"$out/trace/engine_3u.err" || true
  sleep 1
  tid_ranges "$off" >"$out/trace/engine_3u.tids"
  paste -d ' ' "$out/trace/engine_3u.batches" "$out/trace/engine_3u.tids" >"$out/trace/engine_3u.joined"

  reset_rt 3
  wait_quiet
  off=$(stat -c %s "$server_log")
  "$tracer" --conninfo "$conninfo" --batch-size "$BATCH" --stop-fraction 0.6 >"$out/trace/engine_3u_60pct.batches" \
    2>"$out/trace/engine_3u_60pct.err" || true
  sleep 1
  tid_ranges "$off" >"$out/trace/engine_3u_60pct.tids"
  val "ALTER ROLE identidad_purga RESET log_min_duration_statement" >/dev/null
  read -r a b _ < <(tail -n 1 "$out/trace/engine_3u_60pct.tids")
  c=$(cutoff_literal)
  pred=$(predicate "$c")
  next_to=$((b + (b - a)))
  {
    echo "-- after $(awk '{n += $2} END {print n}' "$out/trace/engine_3u_60pct.batches") rows deleted by the engine (60 % of the preview)"
    echo "-- engine: next chunk, blocks [$b, $next_to)"
  } >"$out/plans/late_batch.txt"
  psql_su >>"$out/plans/late_batch.txt" 2>&1 <<SQL || true
BEGIN;
EXPLAIN (ANALYZE, BUFFERS, WAL, COSTS OFF)
WITH d AS (
  DELETE FROM identidad.trx_refresh_tokens t
  WHERE t.ctid >= '($b,0)'::tid AND t.ctid < '($next_to,0)'::tid
    AND t.id BETWEEN 1 AND 9223372036854775807
    AND $pred
  RETURNING t.id)
SELECT count(*), min(id), max(id) FROM d;
ROLLBACK;
\echo -- the same batch without the CTE and RETURNING, on the chunk after it
BEGIN;
EXPLAIN (ANALYZE, BUFFERS, WAL, COSTS OFF)
DELETE FROM identidad.trx_refresh_tokens t
WHERE t.ctid >= '($next_to,0)'::tid AND t.ctid < '($((next_to + b - a)),0)'::tid
  AND t.id BETWEEN 1 AND 9223372036854775807
  AND $pred;
ROLLBACK;
\echo -- ADR batch at the same point, synchronize_seqscans = off (its subquery starts at block 0)
SET synchronize_seqscans = off;
BEGIN;
EXPLAIN (ANALYZE, BUFFERS, WAL, COSTS OFF)
DELETE FROM identidad.trx_refresh_tokens d WHERE ctid IN
  (SELECT ctid FROM identidad.trx_refresh_tokens t WHERE $pred LIMIT $BATCH);
ROLLBACK;
SQL
fi

# ---------------------------------------------------------------------------------------------
# Summary tables (markdown) for docs/benchmarks.md.
{
  echo "## Data"
  echo
  echo '| template | rows | removable | share | ADR sample predicate | heap MB |'
  echo '|---|---:|---:|---:|---:|---:|'
  tail -n +2 "$out/templates.tsv" | awk -F'\t' '{printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6}'
  echo
  echo "Generation of all templates: $gen_s s."
  echo
  echo "## Purge"
  echo
  echo '| rows | variant | deleted | purge s | wall s | µs/row | WAL MB | batches | p50 ms | p95 ms | max ms | CPU busy before/during % | load | note |'
  echo '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|'
  awk -F'\t' 'function r(x) { return x == "-" ? "-" : sprintf("%.1f", x) }
    NR > 1 && $3 == 0 {
      us = ($4 > 0 && $5 != "-") ? sprintf("%.2f", $5 * 1000 / $4) : "-"
      printf "| %s | %s | %s | %.2f | %.2f | %s | %.0f | %s | %s | %s | %s | %s/%s | %s | %s |\n", $1, $2, $4, $5 / 1000, $6 / 1000, us, $7 / 1048576, $8, r($9), r($10), r($11), $20, $21, $23, $19
    }' "$results"
  echo
  echo "## Writer (pgbench -R $WRITER_RATE, insert + revoke) latency"
  echo
  echo '| rows | during | pass | purge s | WAL MB (incl. writer) | batch p95 ms | txns | p50 ms | p95 ms | p99 ms | max ms | p99 incl. schedule lag ms | errors | CPU busy before/during % | load |'
  echo '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
  awk -F'\t' 'NR > 1 && $3 != 0 {
      printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s/%s | %s |\n", $1, $2, $3, ($5 == "-" ? "-" : sprintf("%.2f", $5 / 1000)),
             ($7 == "-" ? "-" : sprintf("%.0f", $7 / 1048576)), ($10 == "-" ? "-" : sprintf("%.1f", $10)), $12, $13, $14, $15, $16, $17, $18, $20, $21, $23
    }' "$results" | sort -t'|' -k3,3 -s
  if [ -n "$WRITER_SIZE" ] && [ "$WRITER_REPS" -gt 1 ]; then
    echo
    echo "Pooled over the $WRITER_REPS passes (every transaction that ended while a purge ran):"
    echo
    echo '| during | txns | p50 ms | p95 ms | p99 ms | max ms | p99 incl. schedule lag ms | errors |'
    echo '|---|---:|---:|---:|---:|---:|---:|---:|'
    for v in writer_alone $WRITER_VARIANTS; do
      # shellcheck disable=SC2046
      win_stats $(ls "$out/pgbench/${WRITER_SIZE}u_${v}_w"[0-9]*.win) | awk -F'\t' -v v="$v" '{printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", v, $1, $2, $3, $4, $5, $6, $7}'
    done
  fi
  echo
  echo "## Overview and preview (wall clock of the CLI, ms)"
  echo
  echo '| command | runs (ms) | exit |'
  echo '|---|---|---|'
  awk -F'\t' 'NR > 1 { if (!($1 in t)) order[++n] = $1; t[$1] = t[$1] (t[$1] == "" ? "" : ", ") $3; e[$1] = e[$1] (e[$1] == "" ? "" : ",") $4 }
              END { for (i = 1; i <= n; i++) printf "| `%s` | %s | %s |\n", order[i], t[order[i]], e[order[i]] }' "$out/overview.tsv"
  if [ -s "$out/trace/engine_3u.joined" ]; then
    echo
    echo "## Engine batch by batch ($(rows_of 3) rows)"
    echo
    awk '{ n++; rows[n] = $2; ms[n] = $3; blk[n] = ($5 == 4294967295) ? 0 : $5 - $4 }
         END {
           third = int(n / 3)
           for (i = 1; i <= n; i++) { part = (i <= third) ? 1 : (i <= 2 * third ? 2 : 3); c[part]++; s[part] += ms[i]; r[part] += rows[i]; b[part] += blk[i] }
           printf "%d batches; per third of the run: mean rows/batch, mean blocks/chunk (the open-ended last chunk counted as 0), mean ms/batch\n\n", n
           for (p = 1; p <= 3; p++) if (c[p]) printf "- third %d: %.0f rows, %.0f blocks, %.1f ms\n", p, r[p] / c[p], b[p] / c[p], s[p] / c[p]
         }' "$out/trace/engine_3u.joined"
  fi
} >"$out/summary.md"
cat "$out/summary.md"
