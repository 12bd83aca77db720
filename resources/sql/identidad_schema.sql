-- Reference schema of the identity service's session tables (ADR 0005, 0018, 0021).
-- Used by the test sandbox and the demo database only; the app never applies it to production.
-- Idempotent: safe to run again on a database that already has it.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'identidad_owner') THEN
    CREATE ROLE identidad_owner NOLOGIN;
  END IF;
  -- Maintenance role: bypasses RLS and, as a member of the owner, may DETACH/DROP partitions.
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'identidad_purga') THEN
    CREATE ROLE identidad_purga LOGIN BYPASSRLS;
  END IF;
  -- The API's role: sees one tenant at a time through RLS, never deletes.
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'identidad_api') THEN
    CREATE ROLE identidad_api LOGIN NOBYPASSRLS;
  END IF;
END
$$;

GRANT identidad_owner TO identidad_purga;

CREATE SCHEMA IF NOT EXISTS identidad AUTHORIZATION identidad_owner;
GRANT USAGE ON SCHEMA identidad TO identidad_purga, identidad_api;
-- Partitions the purge keeps in quarantine before dropping them (rule setting quarantine_days):
-- owned like identidad, out of the API's reach (no USAGE for identidad_api).
CREATE SCHEMA IF NOT EXISTS identidad_cuarentena AUTHORIZATION identidad_owner;
GRANT USAGE ON SCHEMA identidad_cuarentena TO identidad_purga;

SET ROLE identidad_owner;

-- Refresh tokens (ADR 0005/0011): revoked, never deleted by the API.
CREATE TABLE IF NOT EXISTS identidad.trx_refresh_tokens (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  empresa_id      bigint      NOT NULL,
  usuario_id      bigint      NOT NULL,
  familia_id      uuid        NOT NULL,
  token_hash      text        NOT NULL UNIQUE,   -- hex SHA-256 of the raw token
  creado_en       timestamptz NOT NULL DEFAULT now(),
  expiracion      timestamptz NOT NULL,
  revocado        boolean     NOT NULL DEFAULT false,
  revocado_en     timestamptz NULL,
  reemplazado_por bigint      NULL
);
CREATE INDEX IF NOT EXISTS trx_refresh_tokens_familia_idx ON identidad.trx_refresh_tokens (familia_id);
CREATE INDEX IF NOT EXISTS trx_refresh_tokens_usuario_idx ON identidad.trx_refresh_tokens (empresa_id, usuario_id);

-- Pre-tokens (ADR 0018): one per login step, used once.
CREATE TABLE IF NOT EXISTS identidad.trx_pre_tokens (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  empresa_id  bigint      NOT NULL,
  usuario_id  bigint      NOT NULL,
  token_hash  text        NOT NULL UNIQUE,
  creado_en   timestamptz NOT NULL DEFAULT now(),
  expiracion  timestamptz NOT NULL,
  usado_en    timestamptz NULL
);

-- Session log (ADR 0005): partitioned by month; old months are detached and dropped, never DELETEd.
CREATE TABLE IF NOT EXISTS identidad.log_sesiones (
  id          bigint GENERATED ALWAYS AS IDENTITY,
  empresa_id  bigint      NOT NULL,
  usuario_id  bigint      NOT NULL,
  evento      text        NOT NULL,
  ip          inet        NULL,
  user_agent  text        NULL,
  ocurrido_en timestamptz NOT NULL,
  PRIMARY KEY (id, ocurrido_en)
) PARTITION BY RANGE (ocurrido_en);

CREATE TABLE IF NOT EXISTS identidad.log_sesiones_default
  PARTITION OF identidad.log_sesiones DEFAULT;

-- Creates the monthly partition that holds month_start (UTC months), if missing.
CREATE OR REPLACE FUNCTION identidad.crear_particion_log_sesiones(month_start date)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  lower_bound timestamptz := (date_trunc('month', month_start)::date::text || ' 00:00:00+00')::timestamptz;
  upper_bound timestamptz := ((date_trunc('month', month_start) + interval '1 month')::date::text || ' 00:00:00+00')::timestamptz;
  part_name   text := format('log_sesiones_%s', to_char(month_start, 'YYYY_MM'));
BEGIN
  IF to_regclass(format('identidad.%I', part_name)) IS NULL THEN
    EXECUTE format('CREATE TABLE identidad.%I PARTITION OF identidad.log_sesiones FOR VALUES FROM (%L) TO (%L)',
                   part_name, lower_bound, upper_bound);
    -- Partitions belong to the schema owner like their parent, whoever creates them.
    EXECUTE format('ALTER TABLE identidad.%I OWNER TO identidad_owner', part_name);
  END IF;
  RETURN 'identidad.' || part_name;
END
$$;

-- Row level security (ADR 0005): one tenant per API session; FORCE so that even the owner obeys it.
ALTER TABLE identidad.trx_refresh_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE identidad.trx_refresh_tokens FORCE ROW LEVEL SECURITY;
ALTER TABLE identidad.trx_pre_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE identidad.trx_pre_tokens FORCE ROW LEVEL SECURITY;
ALTER TABLE identidad.log_sesiones ENABLE ROW LEVEL SECURITY;
ALTER TABLE identidad.log_sesiones FORCE ROW LEVEL SECURITY;

DROP POLICY IF EXISTS por_empresa ON identidad.trx_refresh_tokens;
CREATE POLICY por_empresa ON identidad.trx_refresh_tokens
  USING (empresa_id = current_setting('app.current_empresa_id', true)::bigint);
DROP POLICY IF EXISTS por_empresa ON identidad.trx_pre_tokens;
CREATE POLICY por_empresa ON identidad.trx_pre_tokens
  USING (empresa_id = current_setting('app.current_empresa_id', true)::bigint);
DROP POLICY IF EXISTS por_empresa ON identidad.log_sesiones;
CREATE POLICY por_empresa ON identidad.log_sesiones
  USING (empresa_id = current_setting('app.current_empresa_id', true)::bigint);

RESET ROLE;

GRANT SELECT, DELETE ON identidad.trx_refresh_tokens, identidad.trx_pre_tokens, identidad.log_sesiones
  TO identidad_purga;
GRANT SELECT, INSERT, UPDATE ON identidad.trx_refresh_tokens, identidad.trx_pre_tokens, identidad.log_sesiones
  TO identidad_api;
