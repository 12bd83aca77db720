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

-- ---- Evidence freeze (forensics) -------------------------------------------------------------
-- A freeze holds the purge lock during an investigation and records itself as a run with estado
-- 'congelado' (start and end), so that the History shows the gap the scheduled job could not fill.
-- Re-created on every setup so that an existing history schema is upgraded in place.
ALTER TABLE identidad.purga_corridas DROP CONSTRAINT IF EXISTS purga_corridas_estado_check;
ALTER TABLE identidad.purga_corridas ADD CONSTRAINT purga_corridas_estado_check
  CHECK (estado IN ('en_curso', 'ok', 'cancelado', 'error', 'lock_ocupado', 'interrumpido', 'congelado'));
-- ---- end of evidence freeze ------------------------------------------------------------------
