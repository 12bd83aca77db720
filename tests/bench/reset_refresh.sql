-- Reloads identidad.trx_refresh_tokens from a template table (bench.:src), in the template's
-- physical order (creation order), with the schema's four indexes rebuilt afterwards (faster than
-- maintaining them row by row), fresh statistics, visibility map set and a checkpoint, so that
-- every run starts from the same state. psql -v src=rt_3m -f reset_refresh.sql
\set ON_ERROR_STOP 1
SET max_parallel_workers_per_gather = 0;   -- keep the copy in physical order
SET maintenance_work_mem = '1GB';
SET synchronous_commit = off;
TRUNCATE identidad.trx_refresh_tokens;
ALTER TABLE identidad.trx_refresh_tokens
  DROP CONSTRAINT IF EXISTS trx_refresh_tokens_pkey,
  DROP CONSTRAINT IF EXISTS trx_refresh_tokens_token_hash_key;
DROP INDEX IF EXISTS identidad.trx_refresh_tokens_familia_idx, identidad.trx_refresh_tokens_usuario_idx,
  identidad.trx_refresh_tokens_empresa_id_id_idx; -- the keyset variant's own (run.sh)
INSERT INTO identidad.trx_refresh_tokens OVERRIDING SYSTEM VALUE SELECT * FROM bench.:"src";
ALTER TABLE identidad.trx_refresh_tokens
  ADD CONSTRAINT trx_refresh_tokens_pkey PRIMARY KEY (id),
  ADD CONSTRAINT trx_refresh_tokens_token_hash_key UNIQUE (token_hash);
CREATE INDEX trx_refresh_tokens_familia_idx ON identidad.trx_refresh_tokens (familia_id);
CREATE INDEX trx_refresh_tokens_usuario_idx ON identidad.trx_refresh_tokens (empresa_id, usuario_id);
SELECT setval(pg_get_serial_sequence('identidad.trx_refresh_tokens', 'id'),
              (SELECT max(id) FROM identidad.trx_refresh_tokens)) \g /dev/null
VACUUM (ANALYZE) identidad.trx_refresh_tokens;
CHECKPOINT;
