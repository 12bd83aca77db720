-- Demo data for the identity service's session tables (ADR 0005, 0018, 0021).
--
-- Defines functions only; running this file changes no data. Idempotent (CREATE OR REPLACE).
-- Needs identidad_schema.sql first; purga_historial.sql is optional (its tables are filled
-- only when they exist). Use it as a superuser (or a role with BYPASSRLS that may TRUNCATE and
-- INSERT): RLS is forced on the three tables, and nothing else can write every tenant's rows.
--
--   SELECT identidad.generar_demo();                       -- small demo (about 1-2 s)
--   SELECT identidad.generar_demo(3000000, 1000000, 200000, 15, 90, now());   -- benchmark size:
--       ~35 s of backend CPU on PostgreSQL 15 (one transaction; 128 MB shared_buffers sandbox)
--
-- Objects: identidad.generar_demo plus two small inlinable helpers, identidad.demo_azar and
-- identidad.demo_instante. To load it faster, generar_demo drops the token tables' indexes and
-- rebuilds them (same names and definitions) inside its own transaction: see step 1.
--
-- Deterministic: the same parameters and the same `referencia` give the same rows (same ids,
-- hashes, timestamps). Pseudo-random values are hashes of the row number (demo_azar below), not
-- random(), so they do not depend on evaluation order or on the plan.
--
-- What it produces, relative to `referencia`:
--   trx_refresh_tokens  created over the last 120 days (denser by local daytime and slightly
--                       growing), ids ascending in creation order; 14-day expiry (10 % of the
--                       families 30 days); about 55 % revoked: ~26 % by rotation
--                       (reemplazado_por = the next token of the same family, revocado_en = its
--                       creation), ~28 % by logout, ~1 % legacy rows with revocado_en NULL;
--                       families of 5 tokens about 2 days apart; 12 tenants, tenant 1 holds
--                       ~37 %; a few thousand users.
--   trx_pre_tokens      created over the last 72 h, 10-minute expiry, ~80 % used within it.
--   log_sesiones        one partition per UTC month: meses_log months with data (the current
--                       one up to `referencia`) plus next month, empty; log_por_mes rows each
--                       (the current month too, packed into its elapsed part);
--                       plus 50 rows two years ahead that only the DEFAULT partition can hold.
--   purga_corridas /    dias_historial daily runs of the ADR 0021 job at 03:00 America/Guayaquil
--   purga_metricas      up to yesterday, with one 3-day gap, a few lock_ocupado and one error.
-- Monthly partitions named log_sesiones_YYYY_MM outside that window are dropped (they are empty
-- after the TRUNCATE); a detached one inside the window is attached again.

-- Uniform pseudo-random number in [0, 1) from a row number `g`, a channel (one per attribute,
-- so attributes of the same row are independent) and the seed. Inlined by the planner (a single
-- expression, each argument used once), so it costs a couple of hash calls per row.
CREATE OR REPLACE FUNCTION identidad.demo_azar(g bigint, canal integer, semilla double precision)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT ((hashint8extended(g, hashfloat8extended(semilla, canal)) >> 11) & 9007199254740991)::double precision
         / 9007199254740992.0
$$;

-- Instant for an epoch `t` (seconds) in [desde, hasta), bent so that local daytime
-- (America/Guayaquil, UTC-5, no DST) is ~5x denser than the night, peaking at noon:
-- w(t) = t + A e(t) sin(2 pi (t - 5 h) / 1 day), where the envelope e(t) rises from 0 to 1 over
-- the first day and falls back over the last one, so w(desde) = desde, w(hasta) = hasta and
-- nothing piles up at the borders. Strictly increasing (w' >= 1 - 0.7 - 0.12 > 0): row order
-- stays creation order. A shrinks for spans under 2 days. Call it with plain columns/variables as
-- arguments so that the planner inlines it.
CREATE OR REPLACE FUNCTION identidad.demo_instante(t double precision, desde double precision, hasta double precision)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT to_timestamp(least(greatest(
           t + 9626.0 * least(1.0, (hasta - desde) / 172800.0)
                 * least(1.0, greatest(0.0, least(t - desde, hasta - t)) / least(86400.0, (hasta - desde) / 2))
                 * sin(2 * pi() * (t - 18000.0) / 86400.0),
           desde), hasta - 0.001))
$$;

CREATE OR REPLACE FUNCTION identidad.generar_demo(
  refresh_tokens int              DEFAULT 60000,
  pre_tokens     int              DEFAULT 20000,
  log_por_mes    int              DEFAULT 3000,
  meses_log      int              DEFAULT 15,
  dias_historial int              DEFAULT 90,
  referencia     timestamptz      DEFAULT now(),
  semilla        double precision DEFAULT 0.42)
RETURNS text
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  t0          timestamptz := clock_timestamp();
  semilla_txt text := semilla::text;   -- the same text `'...' || semilla` gives, converted once
  n           bigint := refresh_tokens;
  m           bigint := pre_tokens;
  -- Tokens of one family are `paso` ids apart, i.e. about 2 days apart (120 days / 60).
  paso        bigint := greatest(1, round(refresh_tokens / 60.0))::bigint;
  e_ref       double precision := extract(epoch FROM referencia);
  e_rt        double precision := extract(epoch FROM referencia - interval '120 days');
  e_pre       double precision := extract(epoch FROM referencia - interval '72 hours');
  mes_ref     date := date_trunc('month', referencia AT TIME ZONE 'UTC')::date;
  mes         date;
  mes_fin     timestamptz;
  mes_ini     timestamptz;
  rel         regclass;
  e_ini       double precision;
  e_fin       double precision;
  ventana     text[] := '{}';
  parte       record;
  sig_id      bigint := 0;       -- last id written to log_sesiones
  n_log       bigint := 0;
  n_default   bigint;
  n_corridas  bigint := 0;
  n_revocados bigint;
  indice      record;
  recrear     text[] := '{}';    -- DDL of the indexes dropped for the load, rebuilt afterwards
  ddl         text;
  hay_historial boolean := to_regclass('identidad.purga_corridas') IS NOT NULL
                           AND to_regclass('identidad.purga_metricas') IS NOT NULL;
BEGIN
  IF least(refresh_tokens, pre_tokens, log_por_mes, meses_log, dias_historial) < 0 THEN
    RAISE EXCEPTION 'generar_demo: counts must not be negative';
  END IF;
  IF referencia IS NULL OR semilla IS NULL THEN
    RAISE EXCEPTION 'generar_demo: referencia and semilla must not be NULL';
  END IF;
  IF NOT (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user) THEN
    RAISE EXCEPTION 'generar_demo: run it as a superuser'
      USING HINT = 'Row level security is forced on the identidad tables; only a superuser '
                   '(or a BYPASSRLS role allowed to TRUNCATE and INSERT) can write every tenant.';
  END IF;
  PERFORM set_config('synchronous_commit', 'off', true);   -- demo data: no need to wait for the WAL flush

  -- 1. Empty everything (RESTART IDENTITY: the ids below are explicit anyway).
  TRUNCATE identidad.trx_refresh_tokens, identidad.trx_pre_tokens, identidad.log_sesiones RESTART IDENTITY;
  IF hay_historial THEN
    EXECUTE 'TRUNCATE identidad.purga_metricas, identidad.purga_corridas';
  END IF;

  -- Bulk-load trick: drop the token tables' indexes now and rebuild them after the INSERTs.
  -- Their keys (token_hash, familia_id, tenant/user) are random, so maintaining them row by row
  -- thrashes shared_buffers once they outgrow it: 3 M refresh tokens took ~120 s that way against
  -- ~25 s with the rebuild. The same names and definitions come back in this transaction (the
  -- TRUNCATE already holds ACCESS EXCLUSIVE, nobody sees the gap; an error rolls it all back).
  -- Left alone, and maintained normally: indexes that a foreign key, the replica identity or
  -- CLUSTER relies on, with a comment, in a non-default tablespace, or not valid.
  FOR indice IN
    SELECT i.indexrelid::regclass AS indice, i.indrelid::regclass AS tabla, con.conname,
           CASE WHEN con.oid IS NULL THEN pg_get_indexdef(i.indexrelid)
                ELSE format('ALTER TABLE %s ADD CONSTRAINT %I %s', i.indrelid::regclass, con.conname,
                            pg_get_constraintdef(con.oid)) END AS ddl
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = i.indrelid
                                 AND con.contype IN ('p', 'u')
     WHERE i.indrelid IN ('identidad.trx_refresh_tokens'::regclass, 'identidad.trx_pre_tokens'::regclass)
       AND i.indisvalid AND NOT i.indisreplident AND NOT i.indisclustered AND c.reltablespace = 0
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint x WHERE x.conindid = i.indexrelid AND x.conrelid = i.indrelid
                                                     AND x.contype NOT IN ('p', 'u'))
       AND obj_description(i.indexrelid, 'pg_class') IS NULL
       AND (con.oid IS NULL OR obj_description(con.oid, 'pg_constraint') IS NULL)
     ORDER BY con.oid IS NULL, c.relname      -- constraints first when rebuilding
  LOOP
    recrear := recrear || indice.ddl;
    IF indice.conname IS NOT NULL THEN
      EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', indice.tabla, indice.conname);
    ELSE
      EXECUTE format('DROP INDEX %s', indice.indice);
    END IF;
  END LOOP;

  -- 2. Refresh tokens. Row g gets id g; creation time is increasing in g, so the table is stored
  -- in creation order (generate_series feeds the INSERT in order; no ORDER BY, no sort needed).
  -- Family layout: ids are cut into blocks of 5 * paso; in a block, ids r, r+paso, ..., r+4*paso
  -- form one family (chain position j = 0..4), so consecutive family members are ~2 days apart.
  -- Tenant, user and 30-day expiry are drawn per family (hash of the family key).
  -- The OFFSET 0 subqueries stop the planner from pulling the computed columns up (it would
  -- otherwise evaluate each hash expression once per reference).
  INSERT INTO identidad.trx_refresh_tokens
         (id, empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion,
          revocado, revocado_en, reemplazado_por)
  OVERRIDING SYSTEM VALUE
  SELECT c.g, c.empresa_id,
         -- users: tenant e has 50 + 1500/e of them (ids e*10000 + k), the low k more active
         c.empresa_id * 10000 + 1 + floor(power(c.u_usr, 1.5) * (50 + 1500 / c.empresa_id))::int,
         md5('fam-' || c.fam || '-' || semilla_txt)::uuid,
         encode(sha256(('rt-' || c.g || '-' || semilla_txt)::bytea), 'hex'),
         c.creado_en, c.expiracion,
         c.clase <> 'vigente',
         CASE c.clase
           WHEN 'rotado'   THEN least(c.creado_sig, c.expiracion)
           -- logout / admin revocation, sooner rather than later, never after referencia
           WHEN 'revocado' THEN c.creado_en + (least(c.expiracion, referencia) - c.creado_en) * (c.u_rev * c.u_rev)
         END,                                   -- 'legado': revoked, revocado_en NULL
         CASE WHEN c.clase = 'rotado' THEN c.g + paso END
  FROM (
    SELECT b.*,
           b.creado_en + CASE WHEN b.u_larga < 0.10 THEN interval '30 days' ELSE interval '14 days' END AS expiracion,
           CASE WHEN b.u_estado < 0.32 AND b.j < 4 AND b.g + paso <= n THEN 'rotado'
                WHEN b.u_estado < 0.54 THEN 'revocado'
                WHEN b.u_estado < 0.55 THEN 'legado'
                ELSE 'vigente' END AS clase
    FROM (
      SELECT a.g, a.fam, a.j, a.u_estado, a.u_rev, a.u_larga,
             identidad.demo_instante(a.t, e_rt, e_ref)     AS creado_en,
             identidad.demo_instante(a.t_sig, e_rt, e_ref) AS creado_sig,
             1 + floor(12 * power(a.u_emp, 2.5))::int       AS empresa_id,
             a.u_usr
      FROM (
        -- position x in [0, 1) -> time, with mild growth (x' = 1.15 x - 0.15 x^2, increasing)
        SELECT r.*,
               e_rt + 10368000.0 * (1.15 * r.x - 0.15 * r.x * r.x)         AS t,
               e_rt + 10368000.0 * (1.15 * r.x_sig - 0.15 * r.x_sig * r.x_sig) AS t_sig
        FROM (
          SELECT g,
                 ((g - 1) / (5 * paso)) * paso + (g - 1) % paso AS fam,
                 ((g - 1) % (5 * paso)) / paso                  AS j,
                 (g - 1 + identidad.demo_azar(g, 0, semilla)) / n                 AS x,
                 (g + paso - 1 + identidad.demo_azar(g + paso, 0, semilla)) / n   AS x_sig,
                 identidad.demo_azar(g, 1, semilla) AS u_estado,
                 identidad.demo_azar(g, 2, semilla) AS u_rev,
                 identidad.demo_azar(((g - 1) / (5 * paso)) * paso + (g - 1) % paso, 10, semilla) AS u_emp,
                 identidad.demo_azar(((g - 1) / (5 * paso)) * paso + (g - 1) % paso, 11, semilla) AS u_usr,
                 identidad.demo_azar(((g - 1) / (5 * paso)) * paso + (g - 1) % paso, 12, semilla) AS u_larga
          FROM generate_series(1::bigint, n) AS g
          OFFSET 0
        ) r
        OFFSET 0
      ) a
      OFFSET 0
    ) b
    OFFSET 0
  ) c;
  n_revocados := (SELECT count(*) FROM identidad.trx_refresh_tokens WHERE revocado);

  -- 3. Pre-tokens: last 72 h, in creation order, 10-minute expiry, ~80 % used 3 s..10 min after
  -- creation (a token created minutes before referencia may still be unused).
  INSERT INTO identidad.trx_pre_tokens (id, empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
  OVERRIDING SYSTEM VALUE
  SELECT b.g, b.empresa_id,
         b.empresa_id * 10000 + 1 + floor(power(b.u_usr, 1.5) * (50 + 1500 / b.empresa_id))::int,
         encode(sha256(('pt-' || b.g || '-' || semilla_txt)::bytea), 'hex'),
         b.creado_en,
         b.creado_en + interval '10 minutes',
         CASE WHEN b.u_uso < 0.80
                   AND b.creado_en + make_interval(secs => 3 + 597 * b.u_dem * b.u_dem) < referencia
              THEN b.creado_en + make_interval(secs => 3 + 597 * b.u_dem * b.u_dem) END
  FROM (
    SELECT a.g, a.u_uso, a.u_dem, a.u_usr,
           identidad.demo_instante(a.t, e_pre, e_ref) AS creado_en,
           1 + floor(12 * power(a.u_emp, 2.5))::int   AS empresa_id
    FROM (
      SELECT g,
             e_pre + 259200.0 * (g - 1 + identidad.demo_azar(g, 20, semilla)) / m AS t,
             identidad.demo_azar(g, 21, semilla) AS u_emp,
             identidad.demo_azar(g, 22, semilla) AS u_usr,
             identidad.demo_azar(g, 23, semilla) AS u_uso,
             identidad.demo_azar(g, 24, semilla) AS u_dem
      FROM generate_series(1::bigint, m) AS g
      OFFSET 0
    ) a
    OFFSET 0
  ) b;

  -- Rebuild the token indexes (sorted builds, parallel workers if configured).
  PERFORM set_config('maintenance_work_mem', '256MB', true);
  FOREACH ddl IN ARRAY recrear LOOP
    EXECUTE ddl;
  END LOOP;

  -- 4. Session log partitions: the window is meses_log months up to the current UTC month, plus
  -- next month (empty). Drop empty leftovers from runs with another referencia, so that the
  -- partition set depends on the parameters only (and nothing covers the DEFAULT rows below).
  FOR i IN REVERSE greatest(meses_log, 1) - 1 .. -1 LOOP
    ventana := ventana || format('log_sesiones_%s', to_char(mes_ref - make_interval(months => i), 'YYYY_MM'));
  END LOOP;
  IF meses_log = 0 THEN
    ventana := ventana[2:];   -- only next month
  END IF;
  FOR parte IN
    SELECT c.relname FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
     WHERE h.inhparent = 'identidad.log_sesiones'::regclass
       AND c.relname ~ '^log_sesiones_[0-9]{4}_[0-9]{2}$' AND c.relname <> ALL (ventana)
  LOOP
    EXECUTE format('DROP TABLE identidad.%I', parte.relname);
  END LOOP;

  FOR i IN REVERSE greatest(meses_log, 1) - 1 .. -1 LOOP
    CONTINUE WHEN meses_log = 0 AND i >= 0;
    mes := (mes_ref - make_interval(months => i))::date;
    mes_ini := (mes::text || ' 00:00:00+00')::timestamptz;
    mes_fin := ((mes + interval '1 month')::date::text || ' 00:00:00+00')::timestamptz;
    rel := to_regclass(format('identidad.log_sesiones_%s', to_char(mes, 'YYYY_MM')));
    IF rel IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = rel) THEN
      -- detached by a purge (DETACH without DROP): empty it and put it back
      EXECUTE format('TRUNCATE identidad.%I', 'log_sesiones_' || to_char(mes, 'YYYY_MM'));
      EXECUTE format('ALTER TABLE identidad.log_sesiones ATTACH PARTITION identidad.%I FOR VALUES FROM (%L) TO (%L)',
                     'log_sesiones_' || to_char(mes, 'YYYY_MM'), mes_ini, mes_fin);
    ELSE
      PERFORM identidad.crear_particion_log_sesiones(mes);
    END IF;

    -- rows of this month: [month start, min(month end, referencia)); none in the future
    CONTINUE WHEN i < 0 OR log_por_mes = 0 OR least(mes_fin, referencia) <= mes_ini;
    e_ini := extract(epoch FROM mes_ini);
    e_fin := extract(epoch FROM least(mes_fin, referencia));
    INSERT INTO identidad.log_sesiones (id, empresa_id, usuario_id, evento, ip, user_agent, ocurrido_en)
    OVERRIDING SYSTEM VALUE
    SELECT b.id, b.empresa_id, b.usuario_id,
           CASE WHEN b.u_ev < 0.30 THEN 'login'
                WHEN b.u_ev < 0.75 THEN 'refresh'
                WHEN b.u_ev < 0.87 THEN 'logout'
                WHEN b.u_ev < 0.97 THEN 'login_fallido'
                ELSE 'revocacion' END,
           -- mostly the user's usual address in 10/8, sometimes anywhere in 172.16/12
           CASE WHEN b.u_ip < 0.75 THEN '10.0.0.0'::inet + (b.usuario_id * 2654435761) % 16777214 + 1
                ELSE '172.16.0.0'::inet + (1 + floor(b.u_ip * 1048574))::bigint END,
           (ARRAY['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
                  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
                  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
                  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
                  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
                  'okhttp/4.12.0',
                  'identidad-app/3.8.1 (Android 13)'])[1 + floor(b.u_ua * b.u_ua * 7)::int],
           b.ocurrido_en
    FROM (
      SELECT a.id, a.u_ev, a.u_ip, a.u_ua,
             identidad.demo_instante(a.t, a.desde, a.hasta_m) AS ocurrido_en,
             a.empresa_id,
             a.empresa_id * 10000 + 1 + floor(power(a.u_usr, 1.5) * (50 + 1500 / a.empresa_id))::int AS usuario_id
      FROM (
        SELECT sig_id + g AS id,
               e_ini AS desde,
               e_fin AS hasta_m,
               e_ini + (e_fin - e_ini) * (g - 1 + identidad.demo_azar(sig_id + g, 30, semilla)) / log_por_mes AS t,
               1 + floor(12 * power(identidad.demo_azar(sig_id + g, 31, semilla), 2.5))::int AS empresa_id,
               identidad.demo_azar(sig_id + g, 32, semilla) AS u_usr,
               identidad.demo_azar(sig_id + g, 33, semilla) AS u_ev,
               identidad.demo_azar(sig_id + g, 34, semilla) AS u_ip,
               identidad.demo_azar(sig_id + g, 35, semilla) AS u_ua
        FROM generate_series(1::bigint, log_por_mes) AS g
        OFFSET 0
      ) a
      OFFSET 0
    ) b;
    sig_id := sig_id + log_por_mes;
    n_log := n_log + log_por_mes;
  END LOOP;

  -- 50 rows two years ahead (clock skew, bad imports...): no monthly partition covers them, so
  -- they land in log_sesiones_default. Note: while they are there, creating the partition for
  -- their months fails (the DEFAULT partition holds rows for it).
  INSERT INTO identidad.log_sesiones (id, empresa_id, usuario_id, evento, ip, user_agent, ocurrido_en)
  OVERRIDING SYSTEM VALUE
  SELECT sig_id + g, 1 + (g % 12), (1 + g % 12) * 10000 + 1 + g, 'login',
         '192.168.50.0'::inet + g, 'importador-legado/1.0',
         referencia + interval '2 years' + g * interval '7 hours'
  FROM generate_series(1::bigint, 50) AS g;
  sig_id := sig_id + 50;
  n_default := (SELECT count(*) FROM identidad.log_sesiones_default);
  IF n_default <> 50 THEN
    RAISE WARNING 'generar_demo: % rows in log_sesiones_default instead of 50 (another partition covers %)',
      n_default, referencia + interval '2 years';
  END IF;

  -- Identity sequences continue after the explicit ids.
  PERFORM setval(pg_get_serial_sequence('identidad.trx_refresh_tokens', 'id'), greatest(n, 1), n > 0);
  PERFORM setval(pg_get_serial_sequence('identidad.trx_pre_tokens', 'id'), greatest(m, 1), m > 0);
  PERFORM setval(pg_get_serial_sequence('identidad.log_sesiones', 'id'), sig_id, true);

  -- 5. Run history of the ADR 0021 job, if purga_historial.sql was applied. One run a day at
  -- 03:00 America/Guayaquil (08:00 UTC), from dias_historial days ago to yesterday, except
  -- 12..14 days ago (the job did not run: the 48 h alert has something to show). Each ok run
  -- deletes about one day of volume per day since the previous ok run (refresh: n/120 a day,
  -- pre-tokens: m/3 a day); log_sesiones only on the first run of a UTC month (one partition).
  -- One run fails on a lock timeout (its leftovers go to the next run); on a few days a second
  -- replica finds the advisory lock taken (lock_ocupado, nothing deleted).
  IF hay_historial THEN
    EXECUTE $h$
    WITH dias AS (
      SELECT d, ((($1 AT TIME ZONE 'America/Guayaquil')::date - d) + time '03:00') AS local03,
             CASE WHEN d = least($5, 40) THEN 'error' ELSE 'ok' END AS estado
      FROM generate_series($5, 1, -1) AS d
      WHERE d NOT IN (12, 13, 14)
    ), corridas AS (
      SELECT d, estado, local03,
             coalesce(lag(d) OVER w - d, 1) + CASE WHEN lag(estado) OVER w = 'error' THEN 0.6 ELSE 0 END AS dias_acum,
             to_char(local03, 'YYYY-MM') <> coalesce(lag(to_char(local03, 'YYYY-MM')) OVER w, to_char(local03 - interval '1 day', 'YYYY-MM')) AS cambio_mes
      FROM dias
      WINDOW w AS (ORDER BY d DESC)
      UNION ALL
      SELECT d, 'lock_ocupado', local03, 0, false FROM dias WHERE d IN (5, 23, 51, 77) AND estado = 'ok'
    ), valores AS (
      SELECT c.*, v.*,
             identidad.demo_azar(c.d * 16 + k.k, 40, $6) AS u_pid,
             md5('corrida-' || c.local03 || '-' || c.estado || '-' || $6)::uuid AS corrida_id,
             (c.local03 AT TIME ZONE 'America/Guayaquil')
               + make_interval(secs => CASE WHEN c.estado = 'lock_ocupado' THEN 0.15 ELSE 0 END
                                       + 0.9 * identidad.demo_azar(c.d * 16 + k.k, 41, $6)) AS iniciada_en
      FROM corridas c
      CROSS JOIN LATERAL (SELECT CASE c.estado WHEN 'ok' THEN 0 WHEN 'error' THEN 1 ELSE 2 END AS k) k
      CROSS JOIN LATERAL (
        SELECT CASE c.estado
                 WHEN 'ok'    THEN round($2 / 120.0 * c.dias_acum * (0.85 + 0.3 * identidad.demo_azar(c.d * 16 + k.k, 42, $6)))
                 WHEN 'error' THEN round($2 / 120.0 * 0.4 * (0.85 + 0.3 * identidad.demo_azar(c.d * 16 + k.k, 42, $6)))
                 ELSE 0 END AS filas_rt,
               CASE c.estado
                 WHEN 'ok' THEN round($3 / 3.0 * c.dias_acum * (0.85 + 0.3 * identidad.demo_azar(c.d * 16 + k.k, 43, $6)))
                 ELSE 0 END AS filas_pre,
               CASE WHEN c.estado = 'ok' AND c.cambio_mes
                    THEN round($4 * (0.97 + 0.06 * identidad.demo_azar(c.d * 16 + k.k, 44, $6))) ELSE 0 END AS filas_log,
               identidad.demo_azar(c.d * 16 + k.k, 45, $6) AS u_lento,
               identidad.demo_azar(c.d * 16 + k.k, 46, $6) AS u_dur
      ) v
    ), tiempos AS (
      -- batches of 5000 rows; a slow batch now and then (lock waits); the error waits out a 5 s lock_timeout
      SELECT v.*,
             CASE WHEN v.estado = 'lock_ocupado' THEN 0
                  ELSE round((ceil(v.filas_rt / 5000.0) + 1) * (350 + 850 * v.u_dur)
                             * CASE WHEN v.u_lento < 0.06 THEN 5 + 10 * v.u_lento / 0.06 ELSE 1 END
                             + CASE WHEN v.estado = 'error' THEN 5000 ELSE 40 END) END AS ms_rt,
             CASE WHEN v.estado = 'ok' THEN round((ceil(v.filas_pre / 5000.0) + 1) * (60 + 160 * v.u_dur) + 20) ELSE 0 END AS ms_pre,
             CASE WHEN v.estado <> 'ok' THEN 0
                  WHEN v.filas_log > 0 THEN round(900 + 2500 * v.u_dur) ELSE round(5 + 20 * v.u_dur) END AS ms_log,
             CASE WHEN v.estado = 'lock_ocupado' THEN round(3 + 37 * v.u_dur) ELSE round(800 + 2500 * v.u_lento) END AS ms_extra
      FROM valores v
    ), ins AS (
      INSERT INTO identidad.purga_corridas
             (corrida_id, origen, operador, iniciada_en, terminada_en, estado, backend_pid, detalle)
      SELECT corrida_id, 'job', 'identidad_purga', iniciada_en,
             iniciada_en + make_interval(secs => (ms_rt + ms_pre + ms_log + ms_extra) / 1000.0),
             estado, 20000 + floor(45000 * u_pid)::int,
             CASE estado
               WHEN 'error' THEN 'ERROR: canceling statement due to lock timeout (trx_refresh_tokens, lote 3)'
               WHEN 'lock_ocupado' THEN 'pg_try_advisory_lock(731001) = false: otra réplica ejecuta la purga'
             END
      FROM tiempos
      RETURNING 1
    )
    INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor, registrada_en)
    SELECT t.corrida_id, x.metrica, x.tabla, x.valor,
           t.iniciada_en + make_interval(secs => (t.ms_rt + t.ms_pre + t.ms_log + t.ms_extra) / 1000.0)
    FROM tiempos t
    CROSS JOIN LATERAL (VALUES
      ('identidad_purga_filas',       'trx_refresh_tokens', t.filas_rt),
      ('identidad_purga_filas',       'trx_pre_tokens',     t.filas_pre),
      ('identidad_purga_filas',       'log_sesiones',       t.filas_log),
      ('identidad_purga_duracion_ms', 'trx_refresh_tokens', t.ms_rt),
      ('identidad_purga_duracion_ms', 'trx_pre_tokens',     t.ms_pre),
      ('identidad_purga_duracion_ms', 'log_sesiones',       t.ms_log)) AS x(metrica, tabla, valor)
    $h$ USING referencia, n, m, log_por_mes, dias_historial, semilla;
    EXECUTE 'SELECT count(*) FROM identidad.purga_corridas' INTO n_corridas;
  END IF;

  -- 6. Fresh statistics (ANALYZE of the partitioned table also analyzes its partitions).
  ANALYZE identidad.trx_refresh_tokens, identidad.trx_pre_tokens, identidad.log_sesiones;
  IF hay_historial THEN
    EXECUTE 'ANALYZE identidad.purga_corridas, identidad.purga_metricas';
  END IF;

  RETURN format('generar_demo: %s refresh tokens (%s revocados), %s pre-tokens, %s filas de log en %s meses + %s en DEFAULT, %s; %s s',
                n, n_revocados, m, n_log, meses_log, n_default,
                CASE WHEN hay_historial THEN n_corridas || ' corridas de historial'
                     ELSE 'sin tablas de historial' END,
                round(extract(epoch FROM clock_timestamp() - t0)::numeric, 1));
END
$fn$;

COMMENT ON FUNCTION identidad.generar_demo(int, int, int, int, int, timestamptz, double precision) IS
  'Demo data (resources/sql/demo_data.sql): TRUNCATEs and refills the session tables and the purge history; deterministic for the same parameters and referencia.';

-- It empties tables: not for everybody (it runs with the caller's rights anyway).
REVOKE ALL ON FUNCTION identidad.generar_demo(int, int, int, int, int, timestamptz, double precision) FROM PUBLIC;

-- A small incident for the Forensics page of the demo: tenant 1, user 900001, one refresh-token
-- family rotated twice and then replayed (the raw tokens are the demo's own, 'demo-incidente-1'
-- to '-3'; their hashes are what the service stores), a few pre-tokens and session-log events.
-- Idempotent: it replaces what it inserted before. Not part of generar_demo (its counts stay).
CREATE OR REPLACE FUNCTION identidad.demo_incidente(referencia timestamptz DEFAULT now())
RETURNS text
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
  fam uuid := 'dddddddd-0000-4000-8000-000000000001';
  h1 text := encode(sha256(convert_to('demo-incidente-1', 'UTF8')), 'hex');
  h2 text := encode(sha256(convert_to('demo-incidente-2', 'UTF8')), 'hex');
  h3 text := encode(sha256(convert_to('demo-incidente-3', 'UTF8')), 'hex');
  id1 bigint; id2 bigint; id3 bigint;
BEGIN
  DELETE FROM identidad.trx_refresh_tokens WHERE familia_id = fam;
  DELETE FROM identidad.trx_pre_tokens WHERE empresa_id = 1 AND usuario_id = 900001;
  DELETE FROM identidad.log_sesiones WHERE empresa_id = 1 AND usuario_id = 900001;
  INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en)
  VALUES (1, 900001, fam, h3, referencia - interval '6 hours', referencia + interval '14 days', true, referencia - interval '2 hours')
  RETURNING id INTO id3;
  INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en, reemplazado_por)
  VALUES (1, 900001, fam, h2, referencia - interval '2 days', referencia + interval '12 days', true, referencia - interval '6 hours', id3)
  RETURNING id INTO id2;
  INSERT INTO identidad.trx_refresh_tokens (empresa_id, usuario_id, familia_id, token_hash, creado_en, expiracion, revocado, revocado_en, reemplazado_por)
  VALUES (1, 900001, fam, h1, referencia - interval '4 days', referencia + interval '10 days', true, referencia - interval '2 days', id2)
  RETURNING id INTO id1;
  INSERT INTO identidad.trx_pre_tokens (empresa_id, usuario_id, token_hash, creado_en, expiracion, usado_en)
  SELECT 1, 900001, encode(sha256(convert_to('demo-incidente-pre-' || g, 'UTF8')), 'hex'),
         referencia - g * interval '1 day', referencia - g * interval '1 day' + interval '10 minutes',
         referencia - g * interval '1 day' + interval '20 seconds'
    FROM generate_series(1, 4) g;
  INSERT INTO identidad.log_sesiones (empresa_id, usuario_id, evento, ip, user_agent, ocurrido_en) VALUES
    (1, 900001, 'login', '198.51.100.7', 'Mozilla/5.0 (X11; Linux x86_64)', referencia - interval '4 days'),
    (1, 900001, 'refresh', '198.51.100.7', 'Mozilla/5.0 (X11; Linux x86_64)', referencia - interval '2 days'),
    (1, 900001, 'refresh', '198.51.100.7', 'Mozilla/5.0 (X11; Linux x86_64)', referencia - interval '6 hours'),
    (1, 900001, 'replay_detectado', '203.0.113.66', 'python-requests/2.31', referencia - interval '2 hours'),
    (1, 900001, 'logout_forzado', '203.0.113.66', 'python-requests/2.31', referencia - interval '2 hours');
  RETURN format('incident: family %s (refresh tokens %s, %s, %s), user 900001 of tenant 1', fam, id1, id2, id3);
END
$fn$;

-- Completes the job's history of generar_demo for the History page and its screenshots: a few
-- manual runs by a DBA (one cancelled), the OS user of each run (usuario_so, on an upgraded
-- history schema), and the table sizes after each successful job run (identidad_tabla_filas /
-- identidad_tabla_bytes: slowly growing, purged back every night). Needs the history schema
-- (setup-history) and generar_demo's runs. Deterministic; does nothing the second time.
CREATE OR REPLACE FUNCTION identidad.demo_historial(referencia timestamptz DEFAULT now())
RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  d integer;
  inicio timestamptz;
  corrida uuid;
  n integer := 0;
BEGIN
  IF to_regclass('identidad.purga_corridas') IS NULL THEN
    RAISE NOTICE 'identidad.demo_historial: no history schema (run setup-history first)';
    RETURN 0;
  END IF;
  IF EXISTS (SELECT 1 FROM identidad.purga_corridas WHERE detalle LIKE 'demo: manual%') THEN
    RETURN 0;
  END IF;
  FOREACH d IN ARRAY ARRAY[75, 44, 30, 12, 3] LOOP
    inicio := date_trunc('day', referencia) - make_interval(days => d) + interval '14 hours';
    corrida := md5('demo-manual-' || d)::uuid;
    INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, iniciada_en, terminada_en, estado, detalle)
    VALUES (corrida, 'manual', 'identidad_purga', inicio, inicio + make_interval(secs => 40 + d),
            CASE WHEN d = 30 THEN 'cancelado' ELSE 'ok' END,
            CASE WHEN d = 30 THEN 'demo: manual run, cancelled by the operator after 3 batches'
                 ELSE 'demo: manual run' END);
    INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor, registrada_en) VALUES
      (corrida, 'identidad_purga_filas', 'trx_refresh_tokens', CASE WHEN d = 30 THEN 15000 ELSE 2000 + d * 40 END, inicio),
      (corrida, 'identidad_purga_duracion_ms', 'trx_refresh_tokens', 30000 + d * 100, inicio);
    n := n + 1;
  END LOOP;
  -- Rows left and bytes after each successful job run, in the order the runs happened.
  INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor, registrada_en)
  SELECT r.corrida_id, x.metrica, x.tabla, x.valor, r.terminada_en
  FROM (SELECT corrida_id, terminada_en, row_number() OVER (ORDER BY iniciada_en) AS k
          FROM identidad.purga_corridas WHERE origen = 'job' AND estado = 'ok') r
  CROSS JOIN LATERAL (VALUES
    ('identidad_tabla_filas', 'identidad.trx_refresh_tokens', 52000 + r.k * 90 + (r.k * 7919) % 700),
    ('identidad_tabla_filas', 'identidad.trx_pre_tokens',     17000 + (r.k * 104729) % 3000),
    ('identidad_tabla_filas', 'identidad.log_sesiones',       39000 + (r.k % 30) * 200),
    ('identidad_tabla_bytes', 'identidad.trx_refresh_tokens', (52000 + r.k * 90) * 310.0),
    ('identidad_tabla_bytes', 'identidad.trx_pre_tokens',     (17000 + (r.k * 104729) % 3000) * 240.0),
    ('identidad_tabla_bytes', 'identidad.log_sesiones',       (39000 + (r.k % 30) * 200) * 215.0)) AS x(metrica, tabla, valor)
  ON CONFLICT DO NOTHING;
  -- usuario_so exists on an upgraded history schema.
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'identidad.purga_corridas'::regclass
             AND attname = 'usuario_so' AND NOT attisdropped) THEN
    EXECUTE $u$UPDATE identidad.purga_corridas
               SET usuario_so = CASE origen WHEN 'manual' THEN 'maria.dba' ELSE 'purga-job' END
               WHERE usuario_so IS NULL$u$;
  END IF;
  RETURN n;
END
$fn$;
