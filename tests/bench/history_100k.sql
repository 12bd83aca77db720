-- A big purge history for the History page benchmark: a job misconfigured to run
-- every 5 minutes for a year (105,121 runs), a manual run now and then, some failed, cancelled
-- and lock_ocupado runs; per run and table (3 tables) the rows removed, the duration, and the
-- rows left and bytes after the run: 12 metrics a run, about 1.2 M rows in purga_metricas.
-- Run as a superuser after `purga-sesiones-cli setup-history`. Deterministic (no random()).
-- `psql -v step='105 seconds'` spaces the runs closer over the same year (300,000 runs; the
-- memory benchmark tests/bench/history_memory.sh sizes the history that way).
\set ON_ERROR_STOP on
\if :{?step}
\else
\set step '5 minutes'
\endif
BEGIN;
CREATE TEMP TABLE bench_runs AS
SELECT i, md5('bench-run-' || i)::uuid AS id, t AS started,
       CASE WHEN i % 997 = 0 THEN 'manual' ELSE 'job' END AS origen,
       CASE WHEN i % 700 = 0 THEN 'lock_ocupado' WHEN i % 500 = 0 THEN 'error'
            WHEN i % 1100 = 0 THEN 'cancelado' ELSE 'ok' END AS estado,
       2000 + (i * 37 % 101) * 100 AS ms
FROM generate_series(date_trunc('minute', now()) - interval '365 days', now() - interval '1 minute',
                     CAST(:'step' AS interval)) WITH ORDINALITY AS g(t, i);
INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, iniciada_en, terminada_en, estado, detalle)
SELECT id, origen, CASE origen WHEN 'job' THEN 'purga_sesiones.py' ELSE 'dba' END, started,
       started + make_interval(secs => ms / 1000.0), estado,
       CASE estado WHEN 'error' THEN 'canceling statement due to lock timeout'
                   WHEN 'lock_ocupado' THEN 'pg_try_advisory_lock returned false' END
FROM bench_runs;
INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor, registrada_en)
SELECT r.id, m.metrica, t.tabla,
       CASE m.metrica
         WHEN 'identidad_purga_filas' THEN (r.i * 7919 % 5000) * t.k
         WHEN 'identidad_purga_duracion_ms' THEN r.ms / 3.0
         WHEN 'identidad_tabla_filas' THEN (3000000 + (r.i % 288) * 1000) * t.k
         ELSE (3000000 + (r.i % 288) * 1000) * t.k * 180 END,
       r.started + make_interval(secs => r.ms / 1000.0)
FROM bench_runs r
CROSS JOIN (VALUES ('trx_refresh_tokens', 1.0), ('trx_pre_tokens', 0.3),
                   ('log_sesiones', 2.5)) AS t(tabla, k)
CROSS JOIN (VALUES ('identidad_purga_filas'), ('identidad_purga_duracion_ms'), ('identidad_tabla_filas'),
                   ('identidad_tabla_bytes')) AS m(metrica)
WHERE r.estado <> 'lock_ocupado';
COMMIT;
VACUUM ANALYZE identidad.purga_corridas;
VACUUM ANALYZE identidad.purga_metricas;
SELECT count(*) AS runs, min(iniciada_en) AS first, max(iniciada_en) AS last FROM identidad.purga_corridas;
SELECT count(*) AS metrics FROM identidad.purga_metricas;
