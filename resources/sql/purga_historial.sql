-- History of purge runs, written by purga-sesiones (origin 'manual') and by the scheduled job
-- of ADR 0021 (origin 'job'). Charted by the History page. Idempotent.
-- Run by `purga-sesiones-cli setup-history` as the connected role: it must be allowed to create
-- tables in schema identidad (owner or member of the owner).

CREATE TABLE IF NOT EXISTS identidad.purga_corridas (
  corrida_id   uuid        PRIMARY KEY,
  origen       text        NOT NULL CHECK (origen IN ('job', 'manual')),
  operador     text        NOT NULL DEFAULT current_user,
  iniciada_en  timestamptz NOT NULL DEFAULT now(),
  terminada_en timestamptz NULL,
  estado       text        NOT NULL DEFAULT 'en_curso'
               CHECK (estado IN ('en_curso', 'ok', 'cancelado', 'error', 'lock_ocupado', 'interrumpido')),
  backend_pid  integer     NULL,
  detalle      text        NULL
);
CREATE INDEX IF NOT EXISTS purga_corridas_iniciada_idx ON identidad.purga_corridas (iniciada_en);

CREATE TABLE IF NOT EXISTS identidad.purga_metricas (
  corrida_id    uuid        NOT NULL REFERENCES identidad.purga_corridas (corrida_id) ON DELETE CASCADE,
  metrica       text        NOT NULL CHECK (metrica IN ('identidad_purga_filas', 'identidad_purga_duracion_ms')),
  tabla         text        NOT NULL,
  valor         double precision NOT NULL,
  registrada_en timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (corrida_id, metrica, tabla)
);
CREATE INDEX IF NOT EXISTS purga_metricas_registrada_idx ON identidad.purga_metricas (registrada_en);

-- ==== BEGIN history functions and table sizes (issue 9) ====================================
-- The job's (and this app's) SQL interface to the history: three functions instead of a schema
-- to learn (docs/job-integration.md), plus the size metrics recorded after every run.
-- Upgrades a history created by an older version in place: no row is rewritten or lost.

-- Metric names: rows removed and duration per table, rows left and total bytes per table.
ALTER TABLE identidad.purga_metricas DROP CONSTRAINT IF EXISTS purga_metricas_metrica_check;
ALTER TABLE identidad.purga_metricas ADD CONSTRAINT purga_metricas_metrica_check
  CHECK (metrica IN ('identidad_purga_filas', 'identidad_purga_duracion_ms',
                     'identidad_tabla_filas', 'identidad_tabla_bytes'));
CREATE INDEX IF NOT EXISTS purga_corridas_origen_idx ON identidad.purga_corridas (origen, iniciada_en);

-- operador is the database role (current_user) unless a caller names itself (the job passes its
-- script); usuario_so is the OS account of this app's client (issue 12), NULL for the job.
ALTER TABLE identidad.purga_corridas ADD COLUMN IF NOT EXISTS usuario_so text NULL;

-- Starts a run: a row 'en_curso' with this session's backend pid (a run whose backend dies is
-- later marked 'interrumpido'). `corrida` lets a caller choose the id; NULL makes one. The app
-- passes its OS user as `usuario_so`; the job leaves it out. The signature before usuario_so (four
-- arguments) is replaced, not overloaded, so that calls with fewer arguments stay unambiguous.
DROP FUNCTION IF EXISTS identidad.purga_corrida_iniciar(text, text, text, uuid);
CREATE OR REPLACE FUNCTION identidad.purga_corrida_iniciar(
    origen text, operador text DEFAULT NULL, detalle text DEFAULT NULL, corrida uuid DEFAULT NULL,
    usuario_so text DEFAULT NULL)
RETURNS uuid LANGUAGE sql VOLATILE AS $fn$
  INSERT INTO identidad.purga_corridas (corrida_id, origen, operador, usuario_so, estado, backend_pid, detalle)
  VALUES (coalesce(corrida, gen_random_uuid()), origen, coalesce(NULLIF(operador, ''), current_user),
          NULLIF(usuario_so, ''), 'en_curso', pg_backend_pid(), NULLIF(detalle, ''))
  RETURNING corrida_id
$fn$;

-- Ends a run: estado ok | cancelado | error | lock_ocupado; detalle is appended to the start's.
CREATE OR REPLACE FUNCTION identidad.purga_corrida_terminar(corrida uuid, estado text, detalle text DEFAULT NULL)
RETURNS void LANGUAGE sql VOLATILE AS $fn$
  UPDATE identidad.purga_corridas r
     SET estado = purga_corrida_terminar.estado, terminada_en = now(),
         detalle = concat_ws(' | ', r.detalle, NULLIF(purga_corrida_terminar.detalle, ''))
   WHERE r.corrida_id = purga_corrida_terminar.corrida
$fn$;

-- Records one metric of a run; `tabla` with or without the schema ('identidad.trx_pre_tokens' or
-- 'trx_pre_tokens'), stored bare as the app always did. Recording twice keeps the last value.
CREATE OR REPLACE FUNCTION identidad.purga_registrar(corrida uuid, metrica text, tabla text, valor double precision)
RETURNS void LANGUAGE sql VOLATILE AS $fn$
  INSERT INTO identidad.purga_metricas (corrida_id, metrica, tabla, valor)
  VALUES (corrida, metrica, regexp_replace(tabla, '^identidad\.', ''), valor)
  ON CONFLICT (corrida_id, metrica, tabla) DO UPDATE SET valor = EXCLUDED.valor, registrada_en = now()
$fn$;

-- Records the rows left (identidad_tabla_filas) and total bytes (identidad_tabla_bytes) of each
-- table after a run. Rows: the caller's own count when it passes one (filas, aligned with tablas;
-- this app passes its preview's count less the rows it removed), else count(*) for plain tables and
-- the planner's estimate (reltuples) summed over the partitions of a partitioned one. A count(*)
-- right after a mass delete reads and rewrites every page of the table (hint bits): 19 s on 9M rows,
-- more than the purge itself; a job that knows its counts should pass them. Bytes:
-- pg_total_relation_size over all partitions. Before filas (two arguments) the function was replaced
-- here in place: callers with one or two arguments are unchanged.
DROP FUNCTION IF EXISTS identidad.purga_registrar_tamanos(uuid, text[]);
CREATE OR REPLACE FUNCTION identidad.purga_registrar_tamanos(
    corrida uuid,
    tablas text[] DEFAULT ARRAY['identidad.trx_refresh_tokens', 'identidad.trx_pre_tokens', 'identidad.log_sesiones'],
    filas double precision[] DEFAULT NULL)
RETURNS void LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  t text;
  rel regclass;
  n double precision;
  b double precision;
BEGIN
  FOR i IN 1 .. coalesce(array_length(tablas, 1), 0) LOOP
    t := tablas[i];
    rel := to_regclass(t);
    CONTINUE WHEN rel IS NULL;
    n := filas[i]; -- NULL when filas is NULL, shorter, or says NULL here
    IF (SELECT c.relkind = 'p' FROM pg_class c WHERE c.oid = rel) THEN
      SELECT coalesce(sum(pg_total_relation_size(p.relid)), 0) INTO b FROM pg_partition_tree(rel) p;
      IF n IS NULL THEN
        SELECT coalesce(sum(greatest(c.reltuples, 0)), 0) INTO n
          FROM pg_partition_tree(rel) p JOIN pg_class c ON c.oid = p.relid WHERE p.isleaf;
      END IF;
    ELSE
      b := pg_total_relation_size(rel);
      IF n IS NULL THEN
        EXECUTE format('SELECT count(*) FROM %s', rel) INTO n;
      END IF;
    END IF;
    PERFORM identidad.purga_registrar(corrida, 'identidad_tabla_filas', t, n);
    PERFORM identidad.purga_registrar(corrida, 'identidad_tabla_bytes', t, b);
  END LOOP;
END
$fn$;

-- Only the role that ran this script (the maintenance role, owner of the history) writes history.
REVOKE ALL ON FUNCTION identidad.purga_corrida_iniciar(text, text, text, uuid, text),
                       identidad.purga_corrida_terminar(uuid, text, text),
                       identidad.purga_registrar(uuid, text, text, double precision),
                       identidad.purga_registrar_tamanos(uuid, text[], double precision[]) FROM PUBLIC;
-- ==== END history functions and table sizes (issue 9) ======================================

-- ---- Evidence freeze (forensics) -------------------------------------------------------------
-- A freeze holds the purge lock during an investigation and records itself as a run with estado
-- 'congelado' (start and end), so that the History shows the gap the scheduled job could not fill.
-- Re-created on every setup so that an existing history schema is upgraded in place.
ALTER TABLE identidad.purga_corridas DROP CONSTRAINT IF EXISTS purga_corridas_estado_check;
ALTER TABLE identidad.purga_corridas ADD CONSTRAINT purga_corridas_estado_check
  CHECK (estado IN ('en_curso', 'ok', 'cancelado', 'error', 'lock_ocupado', 'interrumpido', 'congelado'));
-- ---- end of evidence freeze ------------------------------------------------------------------

-- ---- issue 12: who ran a purge -------------------------------------------------------------
-- operador is the database role (current_user); usuario_so is the operating-system account the
-- client ran as, as the OS reports it (getpwuid(geteuid()), never $USER), NULL when unknown
-- (the scheduled job, older clients). Added in place to existing history tables.
-- (the column itself is added above, before purga_corrida_iniciar, which writes it)
COMMENT ON COLUMN identidad.purga_corridas.operador IS 'database role that ran the purge';
COMMENT ON COLUMN identidad.purga_corridas.usuario_so IS 'OS user of the client, as the OS reports it; NULL if unknown';
-- ---- end issue 12 --------------------------------------------------------------------------

-- ---- issue 24: partitions in quarantine ----------------------------------------------------
-- With the session-log rule's quarantine_days above 0, a partition the purge detaches is not
-- dropped: it is moved to schema identidad_cuarentena and recorded here (where it is now, what it
-- was, its bounds, when it goes), and a later purge drops it once eliminar_despues has passed;
-- `purga-sesiones-cli partition-restore NAME` attaches it again. A row is never deleted: a restore
-- or a drop is written into it. The schema is created here when this role may create schemas in
-- the database; otherwise a DBA creates it once, owned by the owner of schema identidad:
--   CREATE SCHEMA identidad_cuarentena AUTHORIZATION identidad_owner;
DO $quarantine$
DECLARE
  owner_role text := (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'identidad');
BEGIN
  IF to_regnamespace('identidad_cuarentena') IS NULL
     AND has_database_privilege(current_database(), 'CREATE') THEN
    IF owner_role IS NOT NULL AND pg_has_role(owner_role, 'MEMBER') THEN
      EXECUTE format('CREATE SCHEMA identidad_cuarentena AUTHORIZATION %s', owner_role);
    ELSE
      CREATE SCHEMA identidad_cuarentena;
    END IF;
  END IF;
END
$quarantine$;

CREATE TABLE IF NOT EXISTS identidad.purga_cuarentena (
  cuarentena_id     bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tabla             text        NOT NULL, -- where it is now: identidad_cuarentena.log_sesiones_2025_01
  tabla_oid         oid         NOT NULL, -- the table itself (a same-named other table is never dropped)
  tabla_original    text        NOT NULL, -- the partition it was: identidad.log_sesiones_2025_01
  limites           text        NOT NULL, -- its FOR VALUES clause, as the catalog said it
  limite_desde      timestamptz NULL,     -- NULL: MINVALUE
  limite_hasta      timestamptz NULL,     -- NULL: MAXVALUE
  filas             bigint      NOT NULL,
  corrida_id        uuid        NULL,     -- the purge run that moved it
  operador          text        NOT NULL DEFAULT current_user,
  puesta_en         timestamptz NOT NULL DEFAULT now(),
  eliminar_despues  timestamptz NOT NULL, -- the first purge after this instant drops it
  restaurada_en     timestamptz NULL,
  restaurada_por    text        NULL,
  eliminada_en      timestamptz NULL,
  eliminada_corrida uuid        NULL,
  CHECK (restaurada_en IS NULL OR eliminada_en IS NULL)
);
CREATE INDEX IF NOT EXISTS purga_cuarentena_activa_idx ON identidad.purga_cuarentena (eliminar_despues)
  WHERE restaurada_en IS NULL AND eliminada_en IS NULL;
REVOKE ALL ON identidad.purga_cuarentena FROM PUBLIC;
-- ---- end issue 24 --------------------------------------------------------------------------
-- ---- issue 24 part 3: signed, hash-chained purge receipts ------------------------------------
-- One row per purge run of purga-sesiones: its receipt as a canonical DSSE envelope (an in-toto
-- Statement v1, signed with the workstation's Ed25519 key), the SHA-256 of that envelope and the
-- hash of the receipt before it (64 zeros for the first), so that `verify --chain` can name a
-- receipt that is missing, altered or out of order (docs/receipts.md). sobre is text, not jsonb:
-- the hash and the signature are over its exact bytes. A hash can follow only one receipt
-- (UNIQUE sha256_previo): two writers cannot fork the chain. Append-only: the triggers refuse
-- UPDATE, DELETE and TRUNCATE; the table's owner (the maintenance role) could still disable them,
-- which is why the chain's head goes into the incident ticket (README, "What the receipts prove").
CREATE TABLE IF NOT EXISTS identidad.purga_recibos (
  numero        bigint      PRIMARY KEY CHECK (numero > 0),
  corrida_id    uuid        NOT NULL UNIQUE,
  sha256        text        NOT NULL UNIQUE CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  sha256_previo text        NOT NULL UNIQUE CHECK (sha256_previo ~ '^[0-9a-f]{64}$'),
  clave_publica text        NOT NULL,
  sobre         text        NOT NULL,
  registrado_en timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE identidad.purga_recibos IS 'signed, hash-chained purge receipts (DSSE envelopes); append-only';

CREATE OR REPLACE FUNCTION identidad.purga_recibos_solo_agregar()
RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'identidad.purga_recibos is append-only (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$fn$;
DROP TRIGGER IF EXISTS purga_recibos_solo_agregar ON identidad.purga_recibos;
CREATE TRIGGER purga_recibos_solo_agregar BEFORE UPDATE OR DELETE ON identidad.purga_recibos
  FOR EACH ROW EXECUTE FUNCTION identidad.purga_recibos_solo_agregar();
DROP TRIGGER IF EXISTS purga_recibos_sin_truncar ON identidad.purga_recibos;
CREATE TRIGGER purga_recibos_sin_truncar BEFORE TRUNCATE ON identidad.purga_recibos
  FOR EACH STATEMENT EXECUTE FUNCTION identidad.purga_recibos_solo_agregar();

-- Only the maintenance role (the owner, who ran this script) writes receipts; others may be
-- granted SELECT to verify the chain.
REVOKE ALL ON identidad.purga_recibos FROM PUBLIC;
-- ---- end issue 24 part 3 ---------------------------------------------------------------------
-- ---- issue 24: scoped legal holds ----------------------------------------------------------
-- A hold keeps the rows an investigation needs while the purges go on: every row rule of this app
-- excludes held rows in its own SQL, and a partition of log_sesiones with held rows has them copied
-- to purga_retenciones_filas before it is dropped. Scopes: a user (empresa_id + usuario_id), a
-- refresh-token family (familia_id), a tenant (empresa_id) or one token (token_hash). A hold holds
-- while liberada_en IS NULL and (hasta IS NULL OR hasta > now()). A release is recorded in
-- liberada_por / liberada_en; a hold is never deleted (the trigger below refuses it, and every
-- other change than the one release). Written only by the role that ran this script (the
-- maintenance role); nobody else is granted anything on either table.
CREATE TABLE IF NOT EXISTS identidad.purga_retenciones (
  retencion_id bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  alcance      text        NOT NULL CHECK (alcance IN ('usuario', 'familia', 'empresa', 'token')),
  empresa_id   bigint      NULL,
  usuario_id   bigint      NULL,
  familia_id   uuid        NULL,
  token_hash   text        NULL,
  motivo       text        NOT NULL CHECK (btrim(motivo) <> ''),
  creada_por   text        NOT NULL DEFAULT current_user,
  usuario_so   text        NULL,
  creada_en    timestamptz NOT NULL DEFAULT now(),
  hasta        timestamptz NULL,
  liberada_por text        NULL,
  liberada_en  timestamptz NULL,
  CONSTRAINT purga_retenciones_alcance_columnas CHECK (
    (alcance = 'usuario' AND empresa_id IS NOT NULL AND usuario_id IS NOT NULL AND familia_id IS NULL AND token_hash IS NULL)
    OR (alcance = 'empresa' AND empresa_id IS NOT NULL AND usuario_id IS NULL AND familia_id IS NULL AND token_hash IS NULL)
    OR (alcance = 'familia' AND familia_id IS NOT NULL AND empresa_id IS NULL AND usuario_id IS NULL AND token_hash IS NULL)
    OR (alcance = 'token' AND token_hash ~ '^[0-9a-f]{64}$' AND empresa_id IS NULL AND usuario_id IS NULL AND familia_id IS NULL)),
  CONSTRAINT purga_retenciones_liberacion CHECK ((liberada_en IS NULL) = (liberada_por IS NULL))
);
COMMENT ON TABLE identidad.purga_retenciones IS
  'legal holds (purga-sesiones): rows they match are never purged; released, never deleted';

-- Rows of dropped log_sesiones partitions that a hold matched, copied before the DROP: one row per
-- hold and row, with the partition it came from.
-- The columns of log_sesiones come from the table itself (LIKE: names, types, NOT NULL).
CREATE TABLE IF NOT EXISTS identidad.purga_retenciones_filas (
  retencion_id bigint      NOT NULL REFERENCES identidad.purga_retenciones (retencion_id),
  particion    text        NOT NULL,
  copiada_en   timestamptz NOT NULL DEFAULT now(),
  LIKE identidad.log_sesiones,
  PRIMARY KEY (retencion_id, particion, id, ocurrido_en)
);

-- A hold is released once (liberada_por/liberada_en set from NULL) and otherwise never changes;
-- neither table loses a row.
CREATE OR REPLACE FUNCTION identidad.retenciones_inmutables()
RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION '% of %.% refused: holds are released, never deleted', TG_OP, TG_TABLE_SCHEMA, TG_TABLE_NAME
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_TABLE_NAME = 'purga_retenciones' AND
     (OLD.liberada_en IS NOT NULL OR NEW.liberada_en IS NULL OR
      (to_jsonb(NEW) - 'liberada_por' - 'liberada_en') <> (to_jsonb(OLD) - 'liberada_por' - 'liberada_en')) THEN
    RAISE EXCEPTION 'a hold is only ever released, once (hold %)', OLD.retencion_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_TABLE_NAME = 'purga_retenciones_filas' THEN
    RAISE EXCEPTION 'copies of held rows never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$fn$;
DROP TRIGGER IF EXISTS purga_retenciones_inmutable ON identidad.purga_retenciones;
CREATE TRIGGER purga_retenciones_inmutable BEFORE UPDATE OR DELETE ON identidad.purga_retenciones
  FOR EACH ROW EXECUTE FUNCTION identidad.retenciones_inmutables();
DROP TRIGGER IF EXISTS purga_retenciones_sin_truncate ON identidad.purga_retenciones;
CREATE TRIGGER purga_retenciones_sin_truncate BEFORE TRUNCATE ON identidad.purga_retenciones
  FOR EACH STATEMENT EXECUTE FUNCTION identidad.retenciones_inmutables();
DROP TRIGGER IF EXISTS purga_retenciones_filas_inmutable ON identidad.purga_retenciones_filas;
CREATE TRIGGER purga_retenciones_filas_inmutable BEFORE UPDATE OR DELETE ON identidad.purga_retenciones_filas
  FOR EACH ROW EXECUTE FUNCTION identidad.retenciones_inmutables();
DROP TRIGGER IF EXISTS purga_retenciones_filas_sin_truncate ON identidad.purga_retenciones_filas;
CREATE TRIGGER purga_retenciones_filas_sin_truncate BEFORE TRUNCATE ON identidad.purga_retenciones_filas
  FOR EACH STATEMENT EXECUTE FUNCTION identidad.retenciones_inmutables();
REVOKE ALL ON identidad.purga_retenciones, identidad.purga_retenciones_filas FROM PUBLIC;
-- ---- end issue 24 holds ----------------------------------------------------------------------
