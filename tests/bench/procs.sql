-- Server-side batch loops for the benchmark.
--
-- ADR 0021's batch loop, as its Python job runs it: DELETE ... WHERE ctid IN (SELECT ctid ...
-- LIMIT lote), commit, repeat until a batch removes fewer than `lote` rows. A procedure so that
-- it can COMMIT between batches; the batch text is built once and sent with EXECUTE each time
-- (parsed and planned per batch, like SQLAlchemy's text()). Each batch's duration (DELETE + COMMIT)
-- and row count are kept in arrays and written to bench.batches at the end.
CREATE SCHEMA IF NOT EXISTS bench;
CREATE TABLE IF NOT EXISTS bench.batches (run text, batch int, ms double precision, rows bigint);

CREATE OR REPLACE PROCEDURE bench.adr_loop(run text, pred text, lote int, max_batches int DEFAULT 100000)
LANGUAGE plpgsql AS $$
DECLARE
  -- inner alias t shadows the outer one: the predicate (written over t) is the subquery's own
  sql  text := format('DELETE FROM identidad.trx_refresh_tokens d WHERE ctid IN '
                      '(SELECT ctid FROM identidad.trx_refresh_tokens t WHERE %s LIMIT %s)', pred, lote);
  n    bigint;
  i    int := 0;
  t0   timestamptz;
  ms   double precision[] := '{}';
  nr   bigint[] := '{}';
BEGIN
  LOOP
    t0 := clock_timestamp();
    EXECUTE sql;
    GET DIAGNOSTICS n = ROW_COUNT;
    COMMIT;
    ms := ms || (extract(epoch FROM clock_timestamp() - t0) * 1000)::double precision;
    nr := nr || n;
    i := i + 1;
    EXIT WHEN n < lote OR i >= max_batches;
  END LOOP;
  DELETE FROM bench.batches b WHERE b.run = adr_loop.run;
  INSERT INTO bench.batches SELECT adr_loop.run, u.ord, u.m, u.r FROM unnest(ms, nr) WITH ORDINALITY AS u(m, r, ord);
  COMMIT;
END
$$;

-- A prototype of the change recommended in docs/benchmarks.md, for comparison only (it is not
-- the app): the engine's TID-range chunks with the chunk size adapted toward `lote` rows the same
-- way (running density of removable rows per block), but a plain DELETE (no CTE, no RETURNING),
-- one round trip per batch (server-side loop) and a commit per batch. `eligible` is the count a
-- preview would have taken beforehand (not timed, as for the engine).
CREATE OR REPLACE PROCEDURE bench.tid_proto(run text, pred text, lote int, eligible bigint)
LANGUAGE plpgsql AS $$
DECLARE
  nb      bigint := pg_relation_size('identidad.trx_refresh_tokens') / current_setting('block_size')::int;
  density double precision;
  chunk   bigint;
  f       bigint := 0;
  hi      bigint;
  n       bigint;
  t0      timestamptz;
  ms      double precision[] := '{}';
  nr      bigint[] := '{}';
BEGIN
  density := greatest(eligible::double precision / greatest(nb, 1), 0.01);  -- the preview's count
  chunk := greatest(1, (lote / density)::bigint);
  WHILE f < nb LOOP
    hi := CASE WHEN f + chunk >= nb THEN 4294967295 ELSE f + chunk END;
    t0 := clock_timestamp();
    EXECUTE format('DELETE FROM identidad.trx_refresh_tokens t WHERE t.ctid >= ''(%s,0)''::tid AND t.ctid < ''(%s,0)''::tid AND %s',
                   f, hi, pred);
    GET DIAGNOSTICS n = ROW_COUNT;
    COMMIT;
    ms := ms || (extract(epoch FROM clock_timestamp() - t0) * 1000)::double precision;
    nr := nr || n;
    density := greatest(0.5 * density + 0.5 * n::double precision / chunk, 0.01);
    f := f + chunk;
    chunk := least(greatest(chunk / 2, (lote / density)::bigint), chunk * 2);
  END LOOP;
  DELETE FROM bench.batches b WHERE b.run = tid_proto.run;
  INSERT INTO bench.batches SELECT tid_proto.run, u.ord, u.m, u.r FROM unnest(ms, nr) WITH ORDINALITY AS u(m, r, ord);
  COMMIT;
END
$$;
