<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>ChainCheck</name>
    <message>
        <location filename="../app/core/receipts/chaincheck.cpp" line="+71"/>
        <source>Receipt %1 is altered: %2.</source>
        <translation>El comprobante %1 está alterado: %2.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Receipt %1 is altered: its stored hash or public key is not its envelope&apos;s.</source>
        <translation>El comprobante %1 está alterado: su hash o su clave pública almacenados no son los de su sobre.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Receipt %1 is missing: receipt %2 follows receipt %3.</source>
        <translation>Falta el comprobante %1: el comprobante %2 sigue al comprobante %3.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Receipts %1 to %2 are missing: receipt %3 follows receipt %4.</source>
        <translation>Faltan los comprobantes %1 a %2: el comprobante %3 sigue al comprobante %4.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Receipt %1 is out of order: it is stored at place %2, after receipt %3.</source>
        <translation>El comprobante %1 está fuera de orden: está almacenado en la posición %2, tras el comprobante %3.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Receipt %1 was altered or replaced: receipt %2 carries another hash for it.</source>
        <translation>El comprobante %1 se alteró o se reemplazó: el comprobante %2 lleva otro hash para él.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Receipt %1 is altered: the first receipt must link to no previous one.</source>
        <translation>El comprobante %1 está alterado: el primer comprobante no debe enlazar con ninguno anterior.</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <location filename="../app/cli/clisignals.cpp" line="+57"/>
        <source>The server did not end the cancelled statement within %1 s: closing the connection.</source>
        <translation>El servidor no terminó la sentencia cancelada en %1 s: se cierra la conexión.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Third signal: exiting at once. Batches committed so far stay removed; the next connection closes the run in the history.</source>
        <translation>Tercera señal: se sale de inmediato. Los lotes ya confirmados quedan borrados; la próxima conexión cierra la corrida en el historial.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Second signal: closing the connection now.</source>
        <translation>Segunda señal: se cierra la conexión ahora.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Signal received: cancelling the statement in flight…</source>
        <translation>Señal recibida: cancelando la sentencia en curso…</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Interrupted by a signal; nothing was changed.</source>
        <translation>Interrumpido por una señal; no se cambió nada.</translation>
    </message>
    <message>
        <location filename="../app/cli/cliconnect.cpp" line="+139"/>
        <source>libpq&apos;s own root certificate (~/.postgresql/root.crt)</source>
        <translation>el certificado raíz propio de libpq (~/.postgresql/root.crt)</translation>
    </message>
    <message>
        <location line="-50"/>
        <source>the server asked for no password</source>
        <translation>el servidor no pidió contraseña</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>password from PGPASSWORD</source>
        <translation>contraseña tomada de PGPASSWORD</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>password from %1</source>
        <translation>contraseña tomada de %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile &quot;%1&quot;: no password in the OS keychain; %2.</source>
        <translation>Perfil &quot;%1&quot;: no hay contraseña en el llavero del sistema; %2.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Warning: the password in --conninfo is visible to every user in the process list and stays in the shell history; use PGPASSWORD, ~/.pgpass or a profile (password-store).</source>
        <translation>Atención: la contraseña de --conninfo es visible para todos los usuarios en la lista de procesos y queda en el historial del shell; use PGPASSWORD, ~/.pgpass o un perfil (password-store).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Warning: the password in -d is visible to every user in the process list and stays in the shell history; use PGPASSWORD, ~/.pgpass or a profile (password-store).</source>
        <translation>Atención: la contraseña de -d es visible para todos los usuarios en la lista de procesos y queda en el historial del shell; use PGPASSWORD, ~/.pgpass o un perfil (password-store).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the connection (-h/-d, PGHOST, PGSERVICE…)</source>
        <translation>la conexión (-h/-d, PGHOST, PGSERVICE…)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Note: %4 names no sslmode and %1 is not a loopback host: connecting with sslmode=%2, the saved profiles&apos; default, checked against %3, so that no password reaches a server that cannot prove it is %1. Write sslmode=… in the string (or PGSSLMODE) to choose another mode.</source>
        <translation>Nota: %4 no indica sslmode y %1 no es un host de loopback: se conecta con sslmode=%2, el valor por defecto de los perfiles guardados, verificado contra %3, para que ninguna contraseña llegue a un servidor que no pueda demostrar que es %1. Escriba sslmode=… en la cadena (o PGSSLMODE) para elegir otro modo.</translation>
    </message>
    <message>
        <location filename="../app/cli/cliprofiles.cpp" line="+229"/>
        <source>No profile named &quot;%1&quot; (saved profiles: %2).</source>
        <translation>No hay ningún perfil llamado &quot;%1&quot; (perfiles guardados: %2).</translation>
    </message>
    <message>
        <location filename="../app/cli/cliapp.cpp" line="+135"/>
        <source>--%1 takes a whole number, not &quot;%2&quot;.</source>
        <translation>--%1 espera un número entero, no &quot;%2&quot;.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>command</source>
        <translation>comando</translation>
    </message>
    <message>
        <location filename="../app/cli/clicommands.cpp" line="+27"/>
        <source>libpq service name (pg_service.conf).</source>
        <translation>Nombre de servicio de libpq (pg_service.conf).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Machine-readable output on stdout (/usr/share/doc/purga-sesiones/cli-json.md).</source>
        <translation>Salida legible por máquina en stdout (/usr/share/doc/purga-sesiones/cli-json.md).</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Adapt each batch&apos;s size, up to --batch-size, so that a batch takes about N ms (default off; the sizes chosen are in the progress lines and the receipt).</source>
        <translation>Adaptar el tamaño de cada lote, hasta --batch-size, para que un lote dure unos N ms (desactivado por defecto; los tamaños elegidos figuran en las líneas de progreso y en el comprobante).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete on N connections at once (1-32, default 1): disjoint TID ranges of each row rule&apos;s table, both token tables at the same time, under the run&apos;s one lock; refused (exit 4) above the server&apos;s free connections.</source>
        <translation>Borrar con N conexiones a la vez (1-32, por defecto 1): rangos de TID disjuntos de la tabla de cada regla de filas, las dos tablas de tokens al mismo tiempo, bajo el único bloqueo de la corrida; se rechaza (sale con 4) si supera las conexiones libres del servidor.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>How row batches walk the table: tid (default) by ranges of its heap blocks; keyset in (empresa_id, id) order, the order a table distributed by empresa_id needs (one connection only: not with --parallel; without an index on (empresa_id, id) every batch scans the table, and the run says so).</source>
        <translation>Cómo recorren la tabla los lotes de filas: tid (por defecto) por rangos de sus bloques del heap; keyset en orden (empresa_id, id), el orden que necesita una tabla distribuida por empresa_id (una sola conexión: no con --parallel; sin un índice sobre (empresa_id, id) cada lote recorre la tabla entera, y la corrida lo avisa).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>log_sesiones: move detached partitions to schema identidad_cuarentena and drop them N days later (0-365; default: the profile&apos;s, 0 = DETACH and DROP).</source>
        <translation>log_sesiones: mover las particiones separadas al esquema identidad_cuarentena y eliminarlas N días después (0-365; por defecto: el valor del perfil; 0 = DETACH y DROP).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Host name, address or socket directory (default: PGHOST, as psql).</source>
        <translation>Nombre de host, dirección o directorio del socket (por defecto: PGHOST, como psql).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port (default: PGPORT, as psql).</source>
        <translation>Puerto (por defecto: PGPORT, como psql).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Database (default: PGDATABASE, as psql).</source>
        <translation>Base de datos (por defecto: PGDATABASE, como psql).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role (default: PGUSER, as psql).</source>
        <translation>Rol (por defecto: PGUSER, como psql).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rule-set: keep the rule&apos;s rows N days (log_sesiones: its partitions).</source>
        <translation>rule-set: conservar las filas de la regla N días (log_sesiones: sus particiones).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rule-set: keep the rule&apos;s rows N hours.</source>
        <translation>rule-set: conservar las filas de la regla N horas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rule-set (refresh_tokens): on keeps a revoked or rotated token while any token of its family is still live; off (the default) follows the ADR&apos;s retention.</source>
        <translation>rule-set (refresh_tokens): on conserva un token revocado o rotado mientras algún token de su familia siga vigente; off (por defecto) sigue la retención del ADR.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>profile-save: a tag of the profile (repeatable; replaces its tags). fleet: the profiles carrying this tag (repeatable: every tag given).</source>
        <translation>profile-save: una etiqueta del perfil (repetible; reemplaza sus etiquetas). fleet: los perfiles que llevan esta etiqueta (repetible: todas las etiquetas indicadas).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>fleet status/preview: servers asked at once, 1-64 (default 8).</source>
        <translation>fleet status/preview: servidores consultados a la vez, 1-64 (por defecto 8).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fleet status/preview: a server that has not answered in N s is stopped and counted unreachable, exit 3 (default 60).</source>
        <translation>fleet status/preview: un servidor que no haya respondido en N s se detiene y cuenta como inaccesible, código de salida 3 (por defecto 60).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fleet purge: servers purged at once, 1-64 (default 1: one by one).</source>
        <translation>fleet purge: servidores purgados a la vez, 1-64 (por defecto 1: de uno en uno).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fleet purge: purge the first N servers, and the rest only if every one of them ended ok (default 0: no canary wave).</source>
        <translation>fleet purge: purgar primero N servidores, y el resto solo si todos ellos terminaron bien (por defecto 0: sin tanda canario).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fleet purge: after K servers did not end ok start no other, and stop the running ones cleanly (default 1).</source>
        <translation>fleet purge: cuando K servidores no terminen bien, no iniciar ningún otro y detener limpiamente los que estén en curso (por defecto 1).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fleet purge: purge in name order; without it production profiles go last.</source>
        <translation>fleet purge: purgar por orden de nombre; sin esta opción los perfiles de producción van al final.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fleet purge: rerun only the servers of this fleet receipt (fleet purge --json) that did not end ok, with its rules.</source>
        <translation>fleet purge: volver a ejecutar solo los servidores de este comprobante de flota (fleet purge --json) que no terminaron bien, con sus reglas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>verify: check this exported receipt (a DSSE envelope) on its own.</source>
        <translation>verify: verificar por sí solo este comprobante exportado (un sobre DSSE).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>verify: walk the database&apos;s receipt chain and name the first receipt that is missing, altered or out of order.</source>
        <translation>verify: recorrer la cadena de comprobantes de la base de datos e indicar el primero que falte, esté alterado o fuera de orden.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>purge: also write the run&apos;s signed receipt (DSSE envelope) to FILE.</source>
        <translation>purge: escribir también en FILE el comprobante firmado de la corrida (sobre DSSE).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hold add: a refresh-token family (UUID).</source>
        <translation>hold add: una familia de tokens de refresco (UUID).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hold add: every row of one tenant.</source>
        <translation>hold add: todas las filas de una empresa.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hold add: why (the incident, e.g. INC-123); required.</source>
        <translation>hold add: el motivo (el incidente, p. ej. INC-123); obligatorio.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Release after N minutes, 1 to 10080 (default: on Ctrl-C / SIGTERM).</source>
        <translation>Liberar tras N minutos, de 1 a 10080 (por defecto: con Ctrl-C / SIGTERM).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Connection, preflight checks, per-table overview and who holds or waits for the purge lock (exit 4 when purging is refused).</source>
        <translation>Conexión, comprobaciones previas, resumen por tabla y quién tiene o espera el bloqueo de la purga (sale con 4 si se rechaza la purga).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Create or upgrade the purge history tables (idempotent).</source>
        <translation>Crea o actualiza las tablas de historial de purgas (idempotente).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What each rule would remove, at one frozen database instant (every rule when no --rule is given).</source>
        <translation>Lo que cada regla eliminaría, en un único instante congelado de la base de datos (todas las reglas si no se indica --rule).</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>check a signed purge receipt file, or the database&apos;s receipt chain (exit 7 when not intact)</source>
        <translation>verifica un archivo de comprobante de purga firmado, o la cadena de comprobantes de la base de datos (sale con 7 si no está íntegra)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--receipt FILE: check one exported receipt (its canonical form and its Ed25519 signature with the public key it carries), no connection needed. --chain: walk the database&apos;s receipts (identidad.purga_recibos) and name the first one that is missing, altered or out of order. Exit 0 intact, 7 not (docs/receipts.md).</source>
        <translation>--receipt FILE: verifica un comprobante exportado (su forma canónica y su firma Ed25519 con la clave pública que lleva), sin necesidad de conexión. --chain: recorre los comprobantes de la base de datos (identidad.purga_recibos) e indica el primero que falte, esté alterado o fuera de orden. Sale con 0 si está íntegro, con 7 si no (docs/receipts.md).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>write one signed receipt of the chain to a file (head: the newest)</source>
        <translation>escribe en un archivo un comprobante firmado de la cadena (head: el más reciente)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write one signed receipt (DSSE envelope) of the database&apos;s chain to FILE, by its number, its run&apos;s id, or head for the newest: put the head in the incident ticket, since a role that can write the table could remove the newest.</source>
        <translation>Escribe en FILE un comprobante firmado (sobre DSSE) de la cadena de la base de datos, por su número, por el id de su corrida, o head para el más reciente: adjunte la cabeza de la cadena al ticket del incidente, porque un rol que pueda escribir en la tabla podría quitar los más recientes.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save a connection profile (never a password).</source>
        <translation>Guarda un perfil de conexión (nunca una contraseña).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the saved profiles with their environment and tags</source>
        <translation>los perfiles guardados con su entorno y sus etiquetas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The saved profiles: name, target, environment and tags (only those carrying every --tag given).</source>
        <translation>Los perfiles guardados: nombre, destino, entorno y etiquetas (solo los que llevan todas las --tag indicadas).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Remove the profile&apos;s password from the OS keychain, saying whether one was stored.</source>
        <translation>Quita la contraseña del perfil del llavero del sistema e indica si había una guardada.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>set a rule&apos;s retention, batch size, quarantine or family-aware retention in a saved profile</source>
        <translation>fija la retención, el tamaño de lote, la cuarentena o la retención por familias de una regla en un perfil guardado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set one rule&apos;s retention, batch size, quarantine (log_sesiones) and family-aware retention (refresh_tokens) in a saved profile, checked as the GUI&apos;s rule settings are. A retention shorter than the ADR&apos;s forensic window is refused (exit 4) without --allow-short-retention.</source>
        <translation>Fija la retención, el tamaño de lote, la cuarentena (log_sesiones) y la retención por familias (refresh_tokens) de una regla en un perfil guardado, con las mismas comprobaciones que los ajustes de las reglas de la interfaz gráfica. Sin --allow-short-retention se rechaza (sale con 4) una retención más corta que la ventana forense del ADR.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>attach a partition of log_sesiones in quarantine again (exit 4 when it does not fit back)</source>
        <translation>vuelve a adjuntar una partición de log_sesiones en cuarentena (sale con 4 si ya no encaja)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attach a partition in quarantine (schema identidad_cuarentena) to log_sesiones again, under the purge lock (exit 5 while a purge holds it). Refused (exit 4, nothing changed) when no partition of that NAME is in quarantine, when an attached partition overlaps its bounds, or when the DEFAULT partition holds rows inside them.</source>
        <translation>Vuelve a adjuntar a log_sesiones una partición en cuarentena (esquema identidad_cuarentena), bajo el bloqueo de la purga (sale con 5 mientras una purga lo tenga). Se rechaza (sale con 4, sin cambiar nada) si no hay ninguna partición con ese NAME en cuarentena, si una partición adjunta se solapa con sus límites o si la partición DEFAULT contiene filas dentro de ellos.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>status, preview or purge every profile carrying the --tag(s), one row per server</source>
        <translation>status, preview o purge de cada perfil que lleve las --tag, una fila por servidor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every saved profile carrying all the --tag(s), each server on its own connection with its own profile, TLS and keychain password. status/preview: asked in parallel (--connections), a line per server as it answers, totals per rule and drift. purge: each server purged by the one-server purge (its lock, pacing, receipt), production profiles last; the fleet receipt (--json) lists every server&apos;s exit code. Exit 0 only when every server ended 0, otherwise the most severe (docs/cli-json.md). SIGINT/SIGTERM stop the fleet cleanly (exit 6).</source>
        <translation>Todos los perfiles guardados que llevan todas las --tag, cada servidor con su propia conexión, su propio perfil, TLS y contraseña del llavero. status/preview: se consultan en paralelo (--connections), una línea por servidor a medida que responde, totales por regla y divergencias. purge: cada servidor se purga con la purga de un solo servidor (su bloqueo, su ritmo, su comprobante), los perfiles de producción al final; el comprobante de la flota (--json) lista el código de salida de cada servidor. Sale con 0 solo si todos los servidores terminaron con 0; si no, con el más grave (docs/cli-json.md). SIGINT/SIGTERM detienen la flota limpiamente (sale con 6).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>legal holds: add one (by user, family, tenant or token), list them, release one; no purge removes a held row</source>
        <translation>retenciones legales: añade una (por usuario, familia, empresa o token), las lista, levanta una; ninguna purga elimina una fila retenida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Legal holds, kept in the history schema (setup-history) so that every workstation sees them: every row rule leaves held rows alone in its own SQL, and a session-log partition&apos;s held rows are copied to identidad.purga_retenciones_filas before it is dropped. A hold holds until it is released or --until passes; a release is recorded with who and when, never deleted. Here --user (-U) is the hold&apos;s scope EMPRESA_ID:USUARIO_ID, not the role: connect with --profile, --conninfo, --service, -h/-p/-d or PGUSER. Exit 4 when the history has no holds table (run setup-history) or the role may not write it; release of an unknown id exits 1, of a released one 4.</source>
        <translation>Retenciones legales, guardadas en el esquema del historial (setup-history) para que todas las estaciones de trabajo las vean: cada regla de filas deja intactas las filas retenidas en su propio SQL, y las filas retenidas de una partición del registro de sesiones se copian a identidad.purga_retenciones_filas antes de eliminarla. Una retención vale hasta que se levanta o pasa --until; el levantamiento se registra con quién y cuándo, nunca se borra. Aquí --user (-U) es el alcance de la retención EMPRESA_ID:USUARIO_ID, no el rol: conéctese con --profile, --conninfo, --service, -h/-p/-d o PGUSER. Sale con 4 si el historial no tiene la tabla de retenciones (ejecute setup-history) o el rol no puede escribir en ella; levantar un id desconocido sale con 1, y uno ya levantado, con 4.</translation>
    </message>
    <message>
        <location line="-117"/>
        <source>Purge runs (the scheduled job&apos;s and manual ones) and rows removed per table, aggregated in the database (docs/cli-json.md).</source>
        <translation>Corridas de purga (las del job programado y las manuales) y filas eliminadas por tabla, agregadas en la base de datos (docs/cli-json.md).</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Find a token by its SHA-256 or by the raw token on standard input (hashed here, never sent): which rule removes it and when, and its rotation chain. Not found: exit 0 with an empty list.</source>
        <translation>Busca un token por su SHA-256 o por el token en claro en la entrada estándar (su hash se calcula aquí; nunca se envía): qué regla lo elimina y cuándo, y su cadena de rotación. Si no se encuentra: sale con 0 y una lista vacía.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>One user&apos;s refresh tokens, pre-tokens and session-log events, newest first (every partition, DEFAULT included).</source>
        <translation>Los tokens de refresco, pre-tokens y eventos del registro de sesiones de un usuario, los más recientes primero (todas las particiones, DEFAULT incluida).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Evidence freeze: hold the purge lock so that neither this tool nor the scheduled job can purge, until N minutes pass or Ctrl-C / SIGTERM (exit 5 when another session holds it).</source>
        <translation>Congelación de evidencias: retiene el bloqueo de la purga para que ni esta herramienta ni el job programado puedan purgar, hasta que pasen N minutos o llegue Ctrl-C / SIGTERM (sale con 5 si otra sesión lo tiene).</translation>
    </message>
    <message>
        <location line="-254"/>
        <source>libpq connection string or URI; the password from PGPASSWORD or ~/.pgpass (a password= here is visible in the process list).</source>
        <translation>Cadena de conexión o URI de libpq; la contraseña, desde PGPASSWORD o ~/.pgpass (un password= aquí es visible en la lista de procesos).</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>This help; after a command&apos;s name, that command&apos;s synopsis and options.</source>
        <translation>Esta ayuda; tras el nombre de un comando, la sinopsis y las opciones de ese comando.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This help and every command&apos;s synopsis and options.</source>
        <translation>Esta ayuda, con la sinopsis y las opciones de todos los comandos.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The version.</source>
        <translation>La versión.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Saved profile; its password comes from the OS keychain, or when the keychain has none from PGPASSWORD or ~/.pgpass (stderr says which).</source>
        <translation>Perfil guardado; su contraseña viene del llavero del sistema o, si el llavero no tiene ninguna, de PGPASSWORD o ~/.pgpass (stderr indica de dónde).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>With an error, also print the server&apos;s and libpq&apos;s own details.</source>
        <translation>Ante un error, imprimir también los detalles propios del servidor y de libpq.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Catalog estimates only (no exact counts).</source>
        <translation>Solo estimaciones del catálogo (sin conteos exactos).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rule (repeatable): refresh_tokens, pre_tokens, log_sesiones.</source>
        <translation>Regla (repetible): refresh_tokens, pre_tokens, log_sesiones.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every rule (not with --rule).</source>
        <translation>Todas las reglas (no junto con --rule).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Really delete (otherwise only the preview is printed).</source>
        <translation>Borrar de verdad (si no, solo se imprime la vista previa).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print what would be removed and delete nothing (the default without --yes; not with --yes).</source>
        <translation>Imprimir lo que se eliminaría sin borrar nada (por defecto sin --yes; no junto con --yes).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rows per batch (1-100000, default 5000).</source>
        <translation>Filas por lote (1-100000, por defecto 5000).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lock_timeout of each batch (default 5000).</source>
        <translation>lock_timeout de cada lote (por defecto 5000).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lock_timeout of each DETACH/DROP of a partition (default 300): a waiting DETACH holds back every INSERT into log_sesiones, so it gives way quickly and retries.</source>
        <translation>lock_timeout de cada DETACH/DROP de una partición (por defecto 300): un DETACH en espera retiene todos los INSERT en log_sesiones, así que cede pronto y reintenta.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>statement_timeout of each batch (default 120000).</source>
        <translation>statement_timeout de cada lote (por defecto 120000).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pause between batches (default 0).</source>
        <translation>Pausa entre lotes (por defecto 0).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After each batch, sleep R × its time (default 0).</source>
        <translation>Tras cada lote, esperar R × su duración (por defecto 0).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No batch starts while a standby&apos;s replay lag is above N ms (default 1000 when the server has standbys; 0 off).</source>
        <translation>Ningún lote empieza mientras el retraso de reproducción (replay lag) de un standby supere N ms (por defecto 1000 si el servidor tiene standbys; 0 lo desactiva).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop cleanly (exit 6) when the replay lag stays above N ms for 60 s (default off).</source>
        <translation>Detenerse limpiamente (sale con 6) si el retraso de reproducción se mantiene por encima de N ms durante 60 s (desactivado por defecto).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>While this file exists no batch starts (hold a running purge: touch it; release: remove it).</source>
        <translation>Mientras exista este archivo no empieza ningún lote (para retener una purga en curso: créelo con touch; para soltarla: bórrelo).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>on: every batch waits for its WAL flush; off: batches commit asynchronously and the run ends with one durable commit before the receipt (default off).</source>
        <translation>on: cada lote espera a que su WAL llegue a disco; off: los lotes confirman de forma asíncrona y la corrida termina con una confirmación durable antes del recibo (por defecto off).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>VACUUM (ANALYZE) the purged tables afterwards (needs the owner).</source>
        <translation>Hacer VACUUM (ANALYZE) de las tablas purgadas al terminar (requiere el propietario).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Purge even with a retention shorter than the ADR&apos;s forensic window (refresh tokens 30 days, pre-tokens 24 h, session log 12 months); refused (exit 4) without it.</source>
        <translation>Purgar incluso con una retención más corta que la ventana forense del ADR (tokens de refresco 30 días, pre-tokens 24 h, registro de sesiones 12 meses); sin esta opción se rechaza (sale con 4).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keep detached partitions as tables instead of dropping them.</source>
        <translation>Conservar las particiones desacopladas como tablas en lugar de eliminarlas.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The connection pooler in between keeps one server connection per client (pgbouncer pool_mode=session): purge and freeze may then run behind it, every batch checking that its server connection holds the lock. Without it they are refused behind any pooler (exit 4). profile-save: saved with the profile (restated on every save).</source>
        <translation>El pooler de conexiones intermedio mantiene una conexión al servidor por cliente (pgbouncer pool_mode=session): purge y freeze pueden entonces ejecutarse detrás de él, y cada lote comprueba que su conexión al servidor tiene el bloqueo. Sin esta opción se rechazan detrás de cualquier pooler (sale con 4). profile-save: se guarda con el perfil (se vuelve a indicar en cada guardado).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>status: a lock holder idle this long is &quot;possibly a leaked lock&quot; (default: the profile&apos;s, 300).</source>
        <translation>status: quien tenga el bloqueo inactivo durante este tiempo es &quot;posiblemente un bloqueo huérfano&quot; (por defecto: el valor del perfil, 300).</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>run the batched purge with --yes; without it (or --dry-run) only the preview, nothing deleted</source>
        <translation>ejecuta la purga por lotes con --yes; sin él (o con --dry-run), solo la vista previa, sin borrar nada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the batched purge with --yes. Without it, or with --dry-run, only the preview is printed and nothing is deleted (JSON: &quot;dry_run&quot;: true, &quot;deleted&quot;: 0). SIGINT/SIGTERM cancel the batch in flight (exit 6).</source>
        <translation>Ejecuta la purga por lotes con --yes. Sin él, o con --dry-run, solo se imprime la vista previa y no se borra nada (JSON: &quot;dry_run&quot;: true, &quot;deleted&quot;: 0). SIGINT/SIGTERM cancelan el lote en curso (sale con 6).</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>store the profile&apos;s password in the OS keychain (asked for on a terminal, else read from stdin)</source>
        <translation>guarda la contraseña del perfil en el llavero del sistema (se pide en el terminal; si no, se lee de stdin)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Store the password of an existing profile in the OS keychain: asked for on a terminal without echo, else read from standard input&apos;s first line.</source>
        <translation>Guarda en el llavero del sistema la contraseña de un perfil existente: se pide en el terminal sin eco; si no hay terminal, se lee de la primera línea de la entrada estándar.</translation>
    </message>
    <message>
        <location line="-141"/>
        <source>libpq sslmode. A new profile gets verify-full, or prefer on localhost, 127.0.0.0/8, ::1 and Unix sockets.</source>
        <translation>sslmode de libpq. Un perfil nuevo recibe verify-full, o prefer en localhost, 127.0.0.0/8, ::1 y sockets Unix.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Root certificate for verify-ca/verify-full (default: the system CA bundle).</source>
        <translation>Certificado raíz para verify-ca/verify-full (por defecto: el almacén de CA del sistema).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none, development, staging or production: the GUI colours its window after it (production red). A new profile without it: production when its name or database contains &quot;prod&quot;, otherwise none.</source>
        <translation>none, development, staging o production: la interfaz colorea su ventana según el entorno (production en rojo). Un perfil nuevo sin él: production si su nombre o su base de datos contiene &quot;prod&quot;; si no, none.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The last N days (default 30).</source>
        <translation>Los últimos N días (por defecto 30).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job, manual or all (default).</source>
        <translation>job, manual o all (por defecto).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only this table&apos;s rows.</source>
        <translation>Solo las filas de esta tabla.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overdue after N hours (default: the profile&apos;s, 48).</source>
        <translation>Se considera atrasada tras N horas (por defecto: el valor del perfil, 48).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the run&apos;s metrics here for node_exporter (atomically).</source>
        <translation>Escribir aquí las métricas de la corrida para node_exporter (de forma atómica).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hex SHA-256 of the token.</source>
        <translation>SHA-256 del token en hexadecimal.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the raw token from stdin and hash it here (never sent).</source>
        <translation>Leer el token en claro de stdin y calcular su hash aquí (nunca se envía).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print whole token hashes (masked by default).</source>
        <translation>Imprimir los hashes de token completos (enmascarados por defecto).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tenant id.</source>
        <translation>Id de la empresa.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User id.</source>
        <translation>Id del usuario.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From this ISO 8601 instant.</source>
        <translation>Desde este instante ISO 8601.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up to this ISO 8601 instant.</source>
        <translation>Hasta este instante ISO 8601.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV on stdout.</source>
        <translation>CSV en stdout.</translation>
    </message>
    <message>
        <location filename="../app/cli/clihelp.cpp" line="+139"/>
        <location line="+47"/>
        <source>Usage: %1</source>
        <translation>Uso: %1</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>Options:</source>
        <translation>Opciones:</translation>
    </message>
    <message>
        <location filename="../app/cli/clicommands.cpp" line="+42"/>
        <source>connection, preflight checks and per-table overview (exit 4 if purging is refused)</source>
        <translation>conexión, comprobaciones previas y resumen por tabla (sale con 4 si la purga se rechaza)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>create the purge history tables (idempotent)</source>
        <translation>crea las tablas del historial de purgas (idempotente)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>what each rule would remove, at one frozen database instant</source>
        <translation>lo que eliminaría cada regla, en un instante congelado de la base de datos</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>runs and rows removed per table (--days N | --since ISO-8601, --origin, --table; --json | --csv)</source>
        <translation>corridas y filas eliminadas por tabla (--days N | --since ISO-8601, --origin, --table; --json | --csv)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>overdue and failed-run checks for monitoring (--max-hours N; exit 7 when unhealthy)</source>
        <translation>comprobaciones de retraso y de corridas fallidas para la monitorización (--max-hours N; sale con 7 si hay problemas)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Overdue and failed-run checks for monitoring: exit 0 when healthy, 7 for a warning and for an alarm alike (--json: &quot;level&quot; tells them apart).</source>
        <translation>Comprobaciones para la monitorización (purgas atrasadas y corridas fallidas): sale con 0 si todo está en orden, y con 7 tanto ante un aviso como ante una alarma (--json: &quot;level&quot; los distingue).</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>save a connection profile (--host --port --dbname --user --sslmode)</source>
        <translation>guarda un perfil de conexión (--host --port --dbname --user --sslmode)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>remove it from the keychain</source>
        <translation>la quita del llavero</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>find a token by --token-hash HEX or --token-stdin (raw token, hashed here)</source>
        <translation>busca un token por --token-hash HEX o --token-stdin (token en claro, con el hash calculado aquí)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>one user&apos;s tokens and session log (--empresa N --usuario N [--since --until])</source>
        <translation>los tokens y el registro de sesiones de un usuario (--empresa N --usuario N [--since --until])</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>hold the purge lock (no purge runs) until --minutes N pass or Ctrl-C / SIGTERM</source>
        <translation>retiene el bloqueo de purga (no se ejecuta ninguna purga) hasta que pasen --minutes N o hasta Ctrl-C / SIGTERM</translation>
    </message>
    <message>
        <location filename="../app/cli/clihelp.cpp" line="-132"/>
        <source>Exit codes: 0 ok, 1 other error, 2 usage, 3 cannot connect/authenticate, 4 precondition refused, 5 another purge holds the lock, 6 cancelled or partial, 7 unhealthy or verification failed.</source>
        <translation>Códigos de salida: 0 correcto, 1 otro error, 2 uso, 3 no se puede conectar/autenticar, 4 precondición rechazada, 5 otra purga tiene el bloqueo, 6 cancelada o parcial, 7 con problemas o verificación fallida.</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>%1 is an option of %2, not of %3 (see %3 --help).</source>
        <translation>%1 es una opción de %2, no de %3 (vea %3 --help).</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Connect one way at a time: %1 were given together (a profile, a connection string, a service, or -h/-p/-d/-U with libpq&apos;s PG* environment).</source>
        <translation>Conéctese de una sola forma cada vez: se indicaron a la vez %1 (un perfil, una cadena de conexión, un servicio, o -h/-p/-d/-U con el entorno PG* de libpq).</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/cli/clihold.cpp" line="+32"/>
        <source> and </source>
        <translation> y </translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Connection (one way: --profile, --conninfo, --service or -h/-p/-d/-U; none given: libpq&apos;s PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE, PGSSLMODE and ~/.pgpass, as psql):</source>
        <translation>Conexión (de una sola forma: --profile, --conninfo, --service o -h/-p/-d/-U; si no se indica ninguna: PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE, PGSSLMODE y ~/.pgpass de libpq, como psql):</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Commands:</source>
        <translation>Comandos:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>`purga-sesiones-cli COMMAND --help` shows the options of one command.</source>
        <translation>`purga-sesiones-cli COMANDO --help` muestra las opciones de un comando.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Unexpected argument &quot;%1&quot; after %2 (see %2 --help).</source>
        <translation>Argumento inesperado &quot;%1&quot; después de %2 (vea %2 --help).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>--yes and --dry-run exclude each other: delete, or only show what would be deleted.</source>
        <translation>--yes y --dry-run se excluyen mutuamente: o se borra, o solo se muestra lo que se borraría.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--all and --rule exclude each other: say either every rule or which ones.</source>
        <translation>--all y --rule se excluyen mutuamente: indique todas las reglas o cuáles.</translation>
    </message>
    <message>
        <location filename="../app/cli/clicommands.cpp" line="-187"/>
        <source>Advisory lock key (default 731001, the ADR&apos;s).</source>
        <translation>Clave del bloqueo consultivo (por defecto 731001, la del ADR).</translation>
    </message>
    <message>
        <location filename="../app/cli/cliapp.cpp" line="+40"/>
        <source>No command given. Try --help.</source>
        <translation>No se indicó ningún comando. Pruebe --help.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Unknown command &quot;%1&quot;. Try --help.</source>
        <translation>Comando desconocido &quot;%1&quot;. Pruebe --help.</translation>
    </message>
    <message>
        <location filename="../app/cli/clipreview.cpp" line="+37"/>
        <source>, %1 sub-partitions</source>
        <translation>, %1 subparticiones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  %1: detached, not dropped (%2 rows, %3%4): %5; the purge drops it</source>
        <translation>  %1: separada, no eliminada (%2 filas, %3%4): %5; la purga la elimina</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>  would detach and drop %1 (%2 rows, %3%4)</source>
        <translation>  separaría y eliminaría %1 (%2 filas, %3%4)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>    WARNING: DROP TABLE is refused while these depend on it: %1</source>
        <translation>    ATENCIÓN: DROP TABLE se rechaza mientras estos objetos dependan de ella: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>  kept by hold %1 (#%2): %3 rows</source>
        <translation>  conservadas por la retención legal %1 (#%2): %3 filas</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>    copied to the holds&apos; table before their partition is dropped</source>
        <translation>    se copian a la tabla de retenciones antes de eliminar su partición</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>    WARNING: the scheduled job&apos;s own SQL knows no holds: it would delete %1 of them.</source>
        <translation>    ATENCIÓN: el propio SQL del job programado no conoce las retenciones: borraría %1 de ellas.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Preview frozen at %1 UTC (server time zone %2)</source>
        <translation>Vista previa congelada el %1 UTC (zona horaria del servidor: %2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (%2) — cutoff %3 UTC</source>
        <translation>%1 (%2) — corte %3 UTC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  removable %1, kept %2 (of which %3 only by the retention window), total %4</source>
        <translation>  eliminables %1, conservadas %2 (de ellas %3 solo por la ventana de retención), total %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>  WARNING: %1</source>
        <translation>  ATENCIÓN: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  WARNING: the ADR&apos;s sample SQL would delete %1 rows still inside the forensic window.</source>
        <translation>  ATENCIÓN: el SQL de ejemplo del ADR borraría %1 filas que aún están dentro de la ventana forense.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>  keys %1..%2, ages %3 .. %4</source>
        <translation>  claves %1..%2, antigüedad %3 .. %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>  left alone (never dropped): %1: %2</source>
        <translation>  no se toca (nunca se elimina): %1: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  in quarantine: %1 (was %2, %3 rows), its days ended %4: this purge drops it</source>
        <translation>  en cuarentena: %1 (antes %2, %3 filas), sus días terminaron el %4: esta purga la elimina</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  in quarantine: %1 (was %2, %3 rows) until %4</source>
        <translation>  en cuarentena: %1 (antes %2, %3 filas) hasta %4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  removable partitions go to quarantine until %1 (%2 days), not dropped</source>
        <translation>  las particiones eliminables pasan a cuarentena hasta %1 (%2 días), no se eliminan</translation>
    </message>
    <message>
        <location filename="../app/cli/cliapp.cpp" line="-127"/>
        <location filename="../app/cli/clifleet.cpp" line="+199"/>
        <source>Unknown rule &quot;%1&quot; (rules: %2).</source>
        <translation>Regla desconocida &quot;%1&quot; (reglas: %2).</translation>
    </message>
    <message>
        <location filename="../app/cli/clihelp.cpp" line="-19"/>
        <location filename="../app/cli/cliprofiles.cpp" line="-200"/>
        <source>Name the profile: %1 NAME</source>
        <translation>Indique el nombre del perfil: %1 NOMBRE</translation>
    </message>
    <message>
        <location filename="../app/cli/cliprofiles.cpp" line="+199"/>
        <source>No profile named &quot;%1&quot; (none saved; see profile-save).</source>
        <translation>No hay ningún perfil llamado &quot;%1&quot; (no hay ninguno guardado; vea profile-save).</translation>
    </message>
    <message>
        <location line="-164"/>
        <source>Password for profile &quot;%1&quot;: </source>
        <translation>Contraseña del perfil &quot;%1&quot;: </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>TLS: sslmode=%1, server certificate checked against %2.</source>
        <translation>TLS: sslmode=%1, certificado del servidor verificado contra %2.</translation>
    </message>
    <message>
        <location filename="../app/cli/cliconnect.cpp" line="-1"/>
        <location filename="../app/cli/cliprofiles.cpp" line="+2"/>
        <source>the system CA bundle (%1)</source>
        <translation>el almacén de CA del sistema (%1)</translation>
    </message>
    <message>
        <location filename="../app/cli/cliprofiles.cpp" line="+3"/>
        <source>Warning: sslmode=%1 towards %2: the password may be sent to an impostor; use --sslmode verify-full.</source>
        <translation>Atención: sslmode=%1 hacia %2: la contraseña podría enviarse a un impostor; use --sslmode verify-full.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>--port takes a whole number, not &quot;%1&quot;.</source>
        <translation>--port requiere un número entero, no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--environment takes one of %1, not &quot;%2&quot;.</source>
        <translation>--environment acepta uno de %1, no &quot;%2&quot;.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Profile &quot;%1&quot; saved: %2</source>
        <translation>Perfil &quot;%1&quot; guardado: %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No password on standard input.</source>
        <translation>No hay contraseña en la entrada estándar.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Password for profile &quot;%1&quot; stored in the OS keychain.</source>
        <translation>La contraseña del perfil &quot;%1&quot; se guardó en el llavero del sistema.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No password was stored for profile &quot;%1&quot;: nothing to remove.</source>
        <translation>No había ninguna contraseña guardada para el perfil &quot;%1&quot;: no hay nada que quitar.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Password for profile &quot;%1&quot; removed from the OS keychain.</source>
        <translation>La contraseña del perfil &quot;%1&quot; se quitó del llavero del sistema.</translation>
    </message>
    <message>
        <location filename="../app/cli/clifleet.cpp" line="-157"/>
        <source>--%1 takes a whole number from %2 to %3, not &quot;%4&quot;.</source>
        <translation>--%1 espera un número entero de %2 a %3, no &quot;%4&quot;.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--%1 is for fleet purge.</source>
        <translation>--%1 es para fleet purge.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Signal received: stopping the fleet (running servers end cleanly)…</source>
        <translation>Señal recibida: deteniendo la flota (los servidores en curso terminan limpiamente)…</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Cannot read the fleet receipt %1: %2</source>
        <translation>No se puede leer el comprobante de flota %1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is not the receipt of a fleet purge (fleet purge --json).</source>
        <translation>%1 no es el comprobante de una purga de flota (fleet purge --json).</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>fleet takes status, preview or purge, not &quot;%1&quot;.</source>
        <translation>fleet admite status, preview o purge, no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Name the fleet: --tag T (repeatable: the profiles carrying every tag).</source>
        <translation>Indique la flota: --tag T (repetible: los perfiles que llevan todas las etiquetas).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>fleet purge takes --concurrency N (servers purged at once), not --connections.</source>
        <translation>fleet purge usa --concurrency N (servidores purgados a la vez), no --connections.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>fleet purge deletes on every server: add --yes (fleet preview shows what it would remove).</source>
        <translation>fleet purge borra en todos los servidores: añada --yes (fleet preview muestra lo que eliminaría).</translation>
    </message>
    <message>
        <location line="+22"/>
        <location filename="../app/cli/clipurge.cpp" line="+408"/>
        <source>Say which rules to purge: --rule ID (repeatable) or --all.</source>
        <translation>Indique qué reglas purgar: --rule ID (repetible) o --all.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Warning: profile &quot;%1&quot; of the receipt is no longer saved: left out.</source>
        <translation>Atención: el perfil &quot;%1&quot; del comprobante ya no está guardado: se omite.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every server of %1 ended ok: nothing to retry.</source>
        <translation>Todos los servidores de %1 terminaron bien: nada que reintentar.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No saved profile carries every tag of %1 (profile-list shows the tags).</source>
        <translation>Ningún perfil guardado lleva todas las etiquetas de %1 (profile-list muestra las etiquetas).</translation>
    </message>
    <message>
        <location filename="../app/cli/cliforensics.cpp" line="+52"/>
        <source>Look-ups are refused with this connection: %1</source>
        <translation>Las búsquedas se rechazan con esta conexión: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 id %2 (tenant %3, user %4), hash %5</source>
        <translation>%1 id %2 (empresa %3, usuario %4), hash %5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  created %1, expires %2</source>
        <translation>  creado %1, vence %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  revoked %1</source>
        <translation>  revocado %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(no time recorded)</source>
        <translation>(sin hora registrada)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  used %1</source>
        <translation>  usado %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  rule %1: removable NOW (removable since %2)</source>
        <translation>  regla %1: eliminable YA (eliminable desde %2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  rule %1: kept; removable after %2</source>
        <translation>  regla %1: se conserva; eliminable después de %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> revoked %1</source>
        <translation> revocado %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> ⚠ reused after revocation</source>
        <translation> ⚠ reutilizado después de la revocación</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>lookup takes exactly one of --token-hash HEX or --token-stdin.</source>
        <translation>lookup requiere exactamente uno de --token-hash HEX o --token-stdin.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--token-hash takes 64 hexadecimal digits (a SHA-256).</source>
        <translation>--token-hash requiere 64 dígitos hexadecimales (un SHA-256).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No token on standard input.</source>
        <translation>No hay ningún token en la entrada estándar.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No token with hash %1 in %2 or %3.</source>
        <translation>No hay ningún token con hash %1 en %2 ni en %3.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>timeline needs --empresa N and --usuario N (whole numbers).</source>
        <translation>timeline necesita --empresa N y --usuario N (números enteros).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--since and --until take ISO 8601 instants, e.g. 2026-11-30T03:00:00Z.</source>
        <translation>--since y --until requieren instantes ISO 8601, p. ej. 2026-11-30T03:00:00Z.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--since %1 is later than --until %2: no event can lie between them.</source>
        <translation>--since %1 es posterior a --until %2: ningún evento puede quedar entre ambos.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose one of --json or --csv.</source>
        <translation>Elija uno de --json o --csv.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Slow without an index on %1 (%2); a DBA may create it without blocking writers:
  %3</source>
        <translation>Lento sin un índice en %1 (%2); un DBA puede crearlo sin bloquear las escrituras:
  %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Only the newest %1 events are shown: narrow --since/--until.</source>
        <translation>Solo se muestran los %1 eventos más recientes: acote --since/--until.</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>--minutes takes a whole number of minutes (1 to 10080); leave it out to hold the lock until Ctrl-C / SIGTERM.</source>
        <translation>--minutes requiere un número entero de minutos (1 a 10080); omítalo para retener el bloqueo hasta Ctrl-C / SIGTERM.</translation>
    </message>
    <message>
        <location filename="../app/cli/clilock.cpp" line="+14"/>
        <source>--lock-key takes a whole number.</source>
        <translation>--lock-key espera un número entero.</translation>
    </message>
    <message>
        <location filename="../app/cli/cliforensics.cpp" line="+17"/>
        <source>This server is a standby: a freeze here would not hold purges on the primary.</source>
        <translation>Este servidor es un standby: una congelación aquí no retendría las purgas en el primario.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing was frozen: %1</source>
        <translation>No se congeló nada: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The purge lock %1 is held by %2: nothing was frozen.</source>
        <translation>El bloqueo de la purga %1 lo tiene %2: no se congeló nada.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Purges frozen at %1: lock %2 held by this session (pid %3, role %4). %5</source>
        <translation>Purgas congeladas el %1: esta sesión tiene el bloqueo %2 (pid %3, rol %4). %5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Released after %1 minutes, or on Ctrl-C / SIGTERM.</source>
        <translation>Se libera tras %1 minutos, o con Ctrl-C / SIGTERM.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl-C or SIGTERM releases it.</source>
        <translation>Ctrl-C o SIGTERM lo libera.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>History: %1</source>
        <translation>Historial: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The connection holding the freeze was lost: purges are no longer held.</source>
        <translation>Se perdió la conexión que mantenía la congelación: las purgas ya no están retenidas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Purges released at %1 after %2 s.</source>
        <translation>Purgas liberadas a las %1 tras %2 s.</translation>
    </message>
    <message>
        <location filename="../app/cli/clipurge.cpp" line="-309"/>
        <source>Run %1: %2 — %3</source>
        <translation>Corrida %1: %2 — %3</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>%1: %2/%3 rows, %4 batches, %5 rows/s, retries %6</source>
        <translation>%1: %2/%3 filas, %4 lotes, %5 filas/s, reintentos %6</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, ETA %1 s</source>
        <translation>, ETA %1 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, batch %1 rows (target %2 ms)</source>
        <translation>, lote de %1 filas (objetivo %2 ms)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, replica lag %1 s</source>
        <translation>, retraso de réplica %1 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> — throttled: %1</source>
        <translation> — frenada: %1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>  %1: %2 %3/%4 rows, %5 batches (largest %6), %7 retries, %8 ms</source>
        <translation>  %1: %2 %3/%4 filas, %5 lotes (el mayor %6), %7 reintentos, %8 ms</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>  %1: batch size %2 to %3 rows, last %4 (target %5 ms a batch)</source>
        <translation>  %1: tamaño de lote de %2 a %3 filas, el último %4 (objetivo %5 ms por lote)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>  Throttled %1 ms in all (%2 waits for replica lag).</source>
        <translation>  Frenada %1 ms en total (%2 esperas por retraso de réplica).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>  %1 detached, not dropped: %2</source>
        <translation>  %1 separada, no eliminada: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>  %1 in quarantine as %2 until %3 (partition-restore %2 attaches it again)</source>
        <translation>  %1 en cuarentena como %2 hasta %3 (partition-restore %2 la vuelve a adjuntar)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  %1 (was %2): quarantine over, dropped</source>
        <translation>  %1 (antes %2): cuarentena cumplida, eliminada</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--%1 takes a number from 0 to %2, not &quot;%3&quot;.</source>
        <translation>--%1 espera un número de 0 a %2, no &quot;%3&quot;.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>--throttle-file %1 is a symbolic link to %2, which does not exist: the run would never hold. Give the path of the file itself.</source>
        <translation>--throttle-file %1 es un enlace simbólico a %2, que no existe: la corrida nunca se retendría. Indique la ruta del propio archivo.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>--sync-commit takes on or off, not &quot;%1&quot;.</source>
        <translation>--sync-commit acepta on u off, no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>--parallel takes a number of connections from 1 to %1, not &quot;%2&quot;.</source>
        <translation>--parallel espera un número de conexiones de 1 a %1, no &quot;%2&quot;.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>--strategy takes tid or keyset, not &quot;%1&quot;.</source>
        <translation>--strategy admite tid o keyset, no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Warning: --lock-key %1: the scheduled job of ADR 0021 takes lock %2, so this purge and the job no longer exclude each other.</source>
        <translation>Atención: --lock-key %1: el job programado del ADR 0021 toma el bloqueo %2, así que esta purga y el job ya no se excluyen mutuamente.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Warning: with --yes this purge would be refused: %1</source>
        <translation>Atención: con --yes esta purga se rechazaría: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+103"/>
        <source>Warning: %1</source>
        <translation>Atención: %1</translation>
    </message>
    <message>
        <location line="-69"/>
        <source>Cancelled by a signal during the preview; nothing was deleted.</source>
        <translation>Cancelado por una señal durante la vista previa; no se borró nada.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Stopped after removing %1 rows (committed): %2</source>
        <translation>Detenida tras eliminar %1 filas (confirmadas): %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancelled; %1 rows removed before it stopped (committed).</source>
        <translation>Cancelada; se eliminaron %1 filas antes de detenerse (confirmadas).</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Dry run: nothing is deleted.</source>
        <translation>Simulación (--dry-run): no se borra nada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dry run, nothing was deleted: add --yes to purge exactly this.</source>
        <translation>Simulación, no se borró nada: añada --yes para purgar exactamente esto.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Warning: could not read the indexes of %1: %2</source>
        <translation>Atención: no se pudieron leer los índices de %1: %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>No signed receipt was recorded, so none was written to %1.</source>
        <translation>No se registró ningún comprobante firmado, así que no se escribió ninguno en %1.</translation>
    </message>
    <message>
        <location filename="../app/cli/clivacuum.cpp" line="+53"/>
        <source>--vacuum: role %1 may not VACUUM %2 (it needs the table owner); autovacuum will reclaim the space.</source>
        <translation>--vacuum: el rol %1 no puede ejecutar VACUUM sobre %2 (hace falta el propietario de la tabla); autovacuum recuperará el espacio.</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>%1 rows removed: consider VACUUM (ANALYZE) of %2 (rerun with --vacuum), or let autovacuum reclaim the space.</source>
        <translation>%1 filas eliminadas: considere un VACUUM (ANALYZE) de %2 (vuelva a ejecutar con --vacuum), o deje que autovacuum recupere el espacio.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 rows removed: autovacuum will reclaim the space (this role may not VACUUM the tables).</source>
        <translation>%1 filas eliminadas: autovacuum recuperará el espacio (este rol no puede ejecutar VACUUM sobre las tablas).</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>--vacuum: VACUUM (ANALYZE) of %1 was not started because the run was cancelled; rows already deleted stay deleted.</source>
        <translation>--vacuum: no se inició el VACUUM (ANALYZE) de %1 porque la corrida se canceló; las filas ya borradas siguen borradas.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>VACUUM (ANALYZE) %1 (lock timeout %2 ms; Ctrl-C cancels it)…</source>
        <translation>VACUUM (ANALYZE) %1 (lock_timeout %2 ms; Ctrl-C lo cancela)…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The VACUUM was cancelled by a signal (%1); rows already deleted stay deleted.</source>
        <translation>El VACUUM se canceló por una señal (%1); las filas ya borradas siguen borradas.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Refused: %1 Add --allow-short-retention to purge with it anyway.</source>
        <translation>Rechazado: %1 Añada --allow-short-retention para purgar de todos modos.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Warning: %1 Purging anyway (--allow-short-retention).</source>
        <translation>Atención: %1 Se purga de todos modos (--allow-short-retention).</translation>
    </message>
    <message>
        <location filename="../app/cli/clistatus.cpp" line="+27"/>
        <source>Server PostgreSQL %1, role %2, database %3</source>
        <translation>Servidor PostgreSQL %1, rol %2, base de datos %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>[ok]</source>
        <translation>[ok]</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>[warn]</source>
        <translation>[aviso]</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>[FAIL]</source>
        <translation>[FALLO]</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: total %2%3, revoked/used %4, expired %5, removable %6, kept by window %7, %8 table + %9 indexes, %10 dead tuples</source>
        <translation>%1: total %2%3, revocadas/usadas %4, vencidas %5, eliminables %6, conservadas por la ventana %7, %8 de tabla + %9 de índices, %10 tuplas muertas</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>    %1  %2 .. %3  rows %4  %5</source>
        <translation>    %1  %2 .. %3  filas %4  %5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>removable</source>
        <translation>eliminable</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>History tables identidad.purga_corridas and identidad.purga_metricas are ready.</source>
        <translation>Las tablas de historial identidad.purga_corridas e identidad.purga_metricas están listas.</translation>
    </message>
    <message>
        <location filename="../app/cli/clihistory.cpp" line="+38"/>
        <source>Give --days N or --since ISO-8601, not both.</source>
        <translation>Indique --days N o --since ISO-8601, no ambos.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>--since takes an ISO 8601 date or time (e.g. 2026-11-01T00:00:00Z), not &quot;%1&quot;.</source>
        <translation>--since espera una fecha u hora ISO 8601 (p. ej. 2026-11-01T00:00:00Z), no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--days takes a whole number of days (1 or more).</source>
        <translation>--days espera un número entero de días (1 o más).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--origin takes job, manual or all.</source>
        <translation>--origin admite job, manual o all.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--table takes one of %1 (with or without &quot;identidad.&quot;), not &quot;%2&quot;.</source>
        <translation>--table requiere uno de %1 (con o sin &quot;identidad.&quot;), no &quot;%2&quot;.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>--max-hours takes a positive number of hours.</source>
        <translation>--max-hours espera un número positivo de horas.</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>history: say --json or --csv.</source>
        <translation>history: indique --json o --csv.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>healthy (%1)</source>
        <translation>en orden (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UNHEALTHY (%1)</source>
        <translation>CON PROBLEMAS (%1)</translation>
    </message>
    <message>
        <location filename="../app/cli/clilock.cpp" line="+16"/>
        <source>--lock-idle-seconds takes a positive number of seconds.</source>
        <translation>--lock-idle-seconds espera un número positivo de segundos.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Could not read who holds the purge lock %1.</source>
        <translation>No se pudo leer quién tiene el bloqueo de la purga %1.</translation>
    </message>
    <message>
        <location filename="../app/cli/clicompletion.cpp" line="+118"/>
        <source>completion takes bash or profiles, not &quot;%1&quot;.</source>
        <translation>completion admite bash o profiles, no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location filename="../app/cli/clirules.cpp" line="+27"/>
        <source>--%1 takes a whole number from 1, not &quot;%2&quot;.</source>
        <translation>--%1 espera un número entero a partir de 1, no &quot;%2&quot;.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>--retention-days and --retention-hours exclude each other.</source>
        <translation>--retention-days y --retention-hours se excluyen mutuamente.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>--quarantine-days takes a whole number of days (0 to 365) and only the rule %1.</source>
        <translation>--quarantine-days espera un número entero de días (0 a 365) y solo vale para la regla %1.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>--family-aware takes on or off, not &quot;%1&quot;.</source>
        <translation>--family-aware admite on u off, no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Refused: %1 Add --allow-short-retention to save it anyway.</source>
        <translation>Rechazado: %1 Añada --allow-short-retention para guardarla de todos modos.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>rule-set takes --profile NAME and one --rule ID (%1).</source>
        <translation>rule-set requiere --profile NOMBRE y un único --rule ID (%1).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Could not save the settings of profile &quot;%1&quot;: %2</source>
        <translation>No se pudieron guardar los ajustes del perfil &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Warning: %1 Saved (--allow-short-retention); purge still asks for --allow-short-retention.</source>
        <translation>Atención: %1 Se guardó (--allow-short-retention); purge sigue exigiendo --allow-short-retention.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Profile &quot;%1&quot;, rule %2: retention %3, batch size %4.</source>
        <translation>Perfil &quot;%1&quot;, regla %2: retención %3, tamaño de lote %4.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Detached partitions stay %1 days in quarantine before a purge drops them.</source>
        <translation>Las particiones separadas pasan %1 días en cuarentena antes de que una purga las elimine.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Detached partitions are dropped at once (no quarantine).</source>
        <translation>Las particiones separadas se eliminan en el acto (sin cuarentena).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Family-aware retention: on (tokens of live families are kept).</source>
        <translation>Retención por familias: activada (se conservan los tokens de familias vigentes).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Family-aware retention: off (the ADR&apos;s retention).</source>
        <translation>Retención por familias: desactivada (la retención del ADR).</translation>
    </message>
    <message>
        <location filename="../app/cli/clifleetprint.cpp" line="+22"/>
        <source> (removable for %1 d)</source>
        <translation> (eliminable desde hace %1 d)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> OVERDUE</source>
        <translation> CON RETRASO</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>PostgreSQL %1, %2, pooler %3, lock %4; removable: %5; health %6</source>
        <translation>PostgreSQL %1, %2, pooler %3, bloqueo %4; eliminables: %5; salud %6</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>free</source>
        <translation>libre</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; no good job run</source>
        <translation>; ninguna corrida correcta del job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>; job ok %1</source>
        <translation>; job correcto %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; blocked by %1</source>
        <translation>; purga impedida por %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 %2 deleted</source>
        <translation>%1: %2 borradas</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>--retry reruns the receipt&apos;s servers with its rules: not with --%1.</source>
        <translation>--retry vuelve a ejecutar los servidores del comprobante con sus reglas: no admite --%1.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Deleted across the fleet: %1</source>
        <translation>Borradas en toda la flota: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Removable across the fleet: %1</source>
        <translation>Eliminables en toda la flota: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Drift in %1 %2: most servers have %3; differ: %4</source>
        <translation>Divergencia en %1 %2: la mayoría de los servidores tiene %3; difieren: %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fleet exit code %1.</source>
        <translation>Código de salida de la flota: %1.</translation>
    </message>
    <message>
        <location filename="../app/cli/clihold.cpp" line="-3"/>
        <source>hold add needs a scope: --user EMPRESA_ID:USUARIO_ID, --family FAMILIA_ID, --tenant EMPRESA_ID or --token-hash HEX.</source>
        <translation>hold add necesita un alcance: --user EMPRESA_ID:USUARIO_ID, --family FAMILIA_ID, --tenant EMPRESA_ID o --token-hash HEX.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A hold has one scope: %1 were given together.</source>
        <translation>Una retención tiene un solo alcance: se indicaron %1 a la vez.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>--until takes an ISO 8601 instant (2026-12-31T23:59:59Z), not &quot;%1&quot;.</source>
        <translation>--until espera un instante ISO 8601 (2026-12-31T23:59:59Z), no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>released</source>
        <translation>levantada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>active</source>
        <translation>activa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expired</source>
        <translation>vencida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#%1 %2: %3 — %4</source>
        <translation>#%1 %2: %3 — %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  added by %1 at %2, until released</source>
        <translation>  añadida por %1 el %2, hasta que se levante</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  added by %1 at %2, until %3</source>
        <translation>  añadida por %1 el %2, hasta %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  released by %1 at %2</source>
        <translation>  levantada por %1 el %2</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>hold add needs --reason TEXT (the incident, e.g. INC-123).</source>
        <translation>hold add necesita --reason TEXT (el incidente, p. ej. INC-123).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Hold #%1 added: no purge removes the rows of %2.</source>
        <translation>Retención legal #%1 añadida: ninguna purga elimina las filas de %2.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>No legal holds.</source>
        <translation>No hay retenciones legales.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>hold release takes the hold&apos;s ID (a positive number), not &quot;%1&quot;.</source>
        <translation>hold release espera el ID de la retención (un número positivo), no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No hold #%1.</source>
        <translation>No existe la retención #%1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hold #%1 was released before; a release is recorded once.</source>
        <translation>La retención #%1 ya se había levantado; un levantamiento se registra una sola vez.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hold #%1 released (recorded, not deleted).</source>
        <translation>Retención #%1 levantada (queda registrada, no se borra).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Usage: hold add ... | hold list | hold release ID (see hold --help).</source>
        <translation>Uso: hold add ... | hold list | hold release ID (vea hold --help).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--user, --family, --tenant, --token-hash, --reason and --until belong to hold add.</source>
        <translation>--user, --family, --tenant, --token-hash, --reason y --until son de hold add.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>hold takes add, list or release, not &quot;%1&quot; (see hold --help).</source>
        <translation>hold admite add, list o release, no &quot;%1&quot; (vea hold --help).</translation>
    </message>
    <message>
        <location filename="../app/cli/clipartition.cpp" line="+17"/>
        <source>partition-restore takes the NAME of a partition in quarantine.</source>
        <translation>partition-restore espera el NAME de una partición en cuarentena.</translation>
    </message>
    <message>
        <location filename="../app/cli/clireceipts.cpp" line="+24"/>
        <source>Could not write the receipt to %1: %2</source>
        <translation>No se pudo escribir el comprobante en %1: %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>This database has no receipts table (run setup-history).</source>
        <translation>Esta base de datos no tiene la tabla de comprobantes (ejecute setup-history).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot read %1: %2</source>
        <translation>No se puede leer %1: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Receipt %1 of run %2 (%3): signature and form intact.</source>
        <translation>Comprobante %1 de la corrida %2 (%3): firma y forma íntegras.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>  sha256 %1, previous %2, key %3</source>
        <translation>  sha256 %1, anterior %2, clave %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not an intact receipt: %2.</source>
        <translation>%1 no es un comprobante íntegro: %2.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Could not read the receipts: %1</source>
        <translation>No se pudieron leer los comprobantes: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No receipts yet: the chain is empty.</source>
        <translation>Aún no hay comprobantes: la cadena está vacía.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chain intact: %1 receipts, head %2 (sha256 %3), %4 signing keys.</source>
        <translation>Cadena íntegra — comprobantes: %1, cabeza: %2 (sha256 %3), claves de firma: %4.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Chain broken at receipt %1: %2</source>
        <translation>Cadena rota en el comprobante %1: %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Say what to verify: --receipt FILE or --chain (with a connection).</source>
        <translation>Indique qué verificar: --receipt FILE o --chain (con una conexión).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No receipts yet.</source>
        <translation>Aún no hay comprobantes.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Receipt %1 (run %2, sha256 %3) written to %4.</source>
        <translation>Comprobante %1 (corrida %2, sha256 %3) escrito en %4.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Warning: the receipt is not signed nor chained: %1</source>
        <translation>Atención: el comprobante no se firmó ni se encadenó: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A receipt-signing key was made for this workstation and stored in the keychain (key %1).</source>
        <translation>Se creó una clave de firma de comprobantes para este equipo y se guardó en el llavero (clave %1).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Warning: the signed receipt could not be recorded: %1</source>
        <translation>Atención: no se pudo registrar el comprobante firmado: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>  Signed receipt %1 chained (sha256 %2, key %3).</source>
        <translation>  Comprobante firmado %1 encadenado (sha256 %2, clave %3).</translation>
    </message>
</context>
<context>
    <name>ConnectionTestResult</name>
    <message>
        <location filename="../app/core/pg/connectiontest.cpp" line="+13"/>
        <source>TLS unknown</source>
        <translation>TLS desconocido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TLS %1 (%2), sslmode=%3</source>
        <translation>TLS %1 (%2), sslmode=%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no TLS, sslmode=%1</source>
        <translation>sin TLS, sslmode=%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected: PostgreSQL %1 as %2, %3.</source>
        <translation>Conectado: PostgreSQL %1 como %2, %3.</translation>
    </message>
</context>
<context>
    <name>DbFailure</name>
    <message>
        <location filename="../app/core/pg/dbfailure.cpp" line="+80"/>
        <location line="+11"/>
        <source>The connection to the server was lost.</source>
        <translation>Se perdió la conexión con el servidor.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The statement ran longer than statement_timeout allows.</source>
        <translation>La sentencia duró más de lo que permite statement_timeout.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A lock was not granted within lock_timeout.</source>
        <translation>No se obtuvo un bloqueo dentro de lock_timeout.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The database gave no reason.</source>
        <translation>La base de datos no dio ningún motivo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The database gave no reason (SQLSTATE %1).</source>
        <translation>La base de datos no dio ningún motivo (SQLSTATE %1).</translation>
    </message>
</context>
<context>
    <name>DbSession</name>
    <message>
        <location filename="../app/core/session/dbworker.cpp" line="+94"/>
        <source>Not connected.</source>
        <translation>Sin conexión.</translation>
    </message>
</context>
<context>
    <name>EnvironmentStyle</name>
    <message>
        <location filename="../ui/connect/environmentstyle.cpp" line="+58"/>
        <source>Production</source>
        <translation>Producción</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Staging</source>
        <translation>Preproducción</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Development</source>
        <translation>Desarrollo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>PRODUCTION</source>
        <translation>PRODUCCIÓN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>STAGING</source>
        <translation>PREPRODUCCIÓN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEVELOPMENT</source>
        <translation>DESARROLLO</translation>
    </message>
</context>
<context>
    <name>EvidenceFreeze</name>
    <message>
        <location filename="../app/core/locks/evidencefreeze.cpp" line="+58"/>
        <source>Could not ask for the purge lock.</source>
        <translation>No se pudo pedir el bloqueo de la purga.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>not recorded: the history tables do not exist (setup-history)</source>
        <translation>no registrado: las tablas de historial no existen (setup-history)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>not recorded: %1 (an older history schema: run setup-history)</source>
        <translation>no registrado: %1 (un esquema de historial antiguo: ejecute setup-history)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The purge lock was not held by this connection any more.</source>
        <translation>Esta conexión ya no tenía el bloqueo de la purga.</translation>
    </message>
</context>
<context>
    <name>FleetServerResult</name>
    <message>
        <location filename="../app/core/fleet/fleetresult.cpp" line="+23"/>
        <source>ok</source>
        <translation>correcto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>usage error</source>
        <translation>error de uso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unreachable</source>
        <translation>inaccesible</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>refused</source>
        <translation>rechazado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lock held</source>
        <translation>bloqueo ocupado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unhealthy</source>
        <translation>con problemas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>fallido</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>skipped</source>
        <translation>omitido</translation>
    </message>
</context>
<context>
    <name>Forensics</name>
    <message>
        <location filename="../app/core/forensics/forensics.cpp" line="+159"/>
        <source>A token hash is 64 hexadecimal digits (SHA-256).</source>
        <translation>Un hash de token tiene 64 dígitos hexadecimales (SHA-256).</translation>
    </message>
    <message>
        <location filename="../app/core/forensics/timeline.cpp" line="+128"/>
        <source>Times are ISO 8601 instants, e.g. 2026-11-30T03:00:00Z.</source>
        <translation>Las horas son instantes ISO 8601, p. ej. 2026-11-30T03:00:00Z.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>a user&apos;s pre-tokens on the timeline</source>
        <translation>los pre-tokens de un usuario en la cronología</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a user&apos;s session log on the timeline</source>
        <translation>el registro de sesiones de un usuario en la cronología</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <location filename="../app/core/history/health.cpp" line="+111"/>
        <source>No purge history in this database (identidad.purga_corridas is missing; run setup-history): only the data itself was checked.</source>
        <translation>No hay historial de purgas en esta base de datos (falta identidad.purga_corridas; ejecute setup-history): solo se comprobaron los datos.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1: could not measure what is removable (%2).</source>
        <translation>%1: no se pudo medir qué es eliminable (%2).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2 removable since %3 (%4 ago, more than %5): nobody has purged %6 for %4.</source>
        <translation>%1: %2 eliminables desde %3 (hace %4, más de %5): nadie ha purgado %6 en %4.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Could not read the purge history: %1</source>
        <translation>No se pudo leer el historial de purgas: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No scheduled-job runs are recorded: the job is not deployed, or does not write the history yet (docs/job-integration.md).</source>
        <translation>No hay corridas registradas del job programado: el job no está desplegado o aún no escribe el historial (docs/job-integration.md).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The scheduled job has %1 recorded runs and none succeeded.</source>
        <translation>El job programado tiene %1 corridas registradas y ninguna terminó bien.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The scheduled job last succeeded %1 ago (%2), more than %3.</source>
        <translation>El job programado terminó bien por última vez hace %1 (%2), más de %3.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>A %1 run started %2 has been en_curso for %3 (more than %4).</source>
        <translation>Una corrida %1 iniciada el %2 lleva %3 en_curso (más de %4).</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>The last run (%1, started %2) did not get the advisory lock: another purge held it.</source>
        <translation>La última corrida (%1, iniciada el %2) no obtuvo el bloqueo consultivo: otra purga lo tenía.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The last run (%1, started %2) ended as %3: %4</source>
        <translation>La última corrida (%1, iniciada el %2) terminó como %3: %4</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>A %1 run started %2 is still marked en_curso but its backend (pid %3) is gone.</source>
        <translation>Una corrida %1 iniciada el %2 sigue marcada como en_curso, pero su backend (pid %3) ya no existe.</translation>
    </message>
</context>
<context>
    <name>HistoryQuery</name>
    <message>
        <location filename="../app/core/history/historyquery.cpp" line="+62"/>
        <source>Could not read the purge history: %1</source>
        <translation>No se pudo leer el historial de purgas: %1</translation>
    </message>
    <message>
        <location filename="../app/core/history/historystore.cpp" line="+23"/>
        <source>Could not record the table sizes: %1</source>
        <translation>No se pudieron registrar los tamaños de las tablas: %1</translation>
    </message>
</context>
<context>
    <name>HistoryStore</name>
    <message>
        <location line="+14"/>
        <source>The history schema is missing from this build.</source>
        <translation>Esta compilación no incluye el esquema del historial.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not create the history tables: %1</source>
        <translation>No se pudieron crear las tablas de historial: %1</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>the history schema is older than this version (run setup-history to upgrade it in place)</source>
        <translation>el esquema del historial es anterior a esta versión (ejecute setup-history para actualizarlo en su sitio)</translation>
    </message>
</context>
<context>
    <name>LegalHolds</name>
    <message>
        <location filename="../app/core/forensics/legalholds.cpp" line="+24"/>
        <source>%1 Only the maintenance role that ran setup-history may write the holds.</source>
        <translation>%1 Solo el rol de mantenimiento que ejecutó setup-history puede escribir las retenciones.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+64"/>
        <source>This database has no legal holds table (%1): run setup-history to install it.</source>
        <translation>Esta base de datos no tiene la tabla de retenciones legales (%1): ejecute setup-history para instalarla.</translation>
    </message>
    <message>
        <location line="-8"/>
        <location line="+140"/>
        <source>Could not read the holds.</source>
        <translation>No se pudieron leer las retenciones.</translation>
    </message>
    <message>
        <location line="-113"/>
        <source>--user takes EMPRESA_ID:USUARIO_ID (two positive numbers), not &quot;%1&quot;.</source>
        <translation>--user espera EMPRESA_ID:USUARIO_ID (dos números positivos), no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--tenant takes EMPRESA_ID (a positive number), not &quot;%1&quot;.</source>
        <translation>--tenant espera EMPRESA_ID (un número positivo), no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--family takes FAMILIA_ID (a UUID), not &quot;%1&quot;.</source>
        <translation>--family espera FAMILIA_ID (un UUID), no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>--token-hash takes 64 hexadecimal digits (a SHA-256).</source>
        <translation>--token-hash requiere 64 dígitos hexadecimales (un SHA-256).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unknown hold scope &quot;%1&quot;.</source>
        <translation>Alcance de retención desconocido: &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>user %1:%2</source>
        <translation>usuario %1:%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tenant %1</source>
        <translation>empresa %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>family %1</source>
        <translation>familia %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>token %1</source>
        <translation>token %1</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Could not add the hold.</source>
        <translation>No se pudo añadir la retención.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Could not release the hold.</source>
        <translation>No se pudo levantar la retención.</translation>
    </message>
</context>
<context>
    <name>LockHolders</name>
    <message>
        <location filename="../app/core/locks/lockholders.cpp" line="+126"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its client, start and state are hidden from this role without pg_read_all_stats</source>
        <translation>su cliente, inicio y estado están ocultos para este rol sin pg_read_all_stats</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>over a Unix socket</source>
        <translation>por un socket Unix</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>client unknown</source>
        <translation>cliente desconocido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from %1:%2</source>
        <translation>desde %1:%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>user %1</source>
        <translation>usuario %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>connected since %1 UTC</source>
        <translation>conectado desde %1 UTC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>waiting since %1 UTC</source>
        <translation>esperando desde %1 UTC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>transaction open since %1 UTC</source>
        <translation>transacción abierta desde %1 UTC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 for %2</source>
        <translation>%1 desde hace %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>this connection</source>
        <translation>esta conexión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pid %1 (%2)</source>
        <translation>pid %1 (%2)</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Purge lock %1: free.</source>
        <translation>Bloqueo de la purga %1: libre.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Purge lock %1 held by %2</source>
        <translation>Bloqueo de la purga %1 en manos de %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hidden: its client address, connection start, transaction start and state. To see them, a superuser runs GRANT pg_read_all_stats TO %1;</source>
        <translation>Ocultos: su dirección de cliente, el inicio de la conexión, el inicio de la transacción y el estado. Para verlos, un superusuario ejecuta GRANT pg_read_all_stats TO %1;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Possibly a leaked lock: the holder has been idle for %1 (the threshold is %2) while holding it. The scheduled job of ADR 0021 leaks it when its connection closes before the unlock.</source>
        <translation>Posiblemente un bloqueo huérfano: quien lo tiene lleva %1 inactivo (el umbral es %2) sin soltarlo. El job programado del ADR 0021 lo deja huérfano cuando su conexión se cierra antes del desbloqueo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>To end that session (this role may): %1</source>
        <translation>Para terminar esa sesión (este rol puede hacerlo): %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To end that session, its own role, a member of pg_signal_backend or a superuser runs: %1</source>
        <translation>Para terminar esa sesión, su propio rol, un miembro de pg_signal_backend o un superusuario ejecuta: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Waiting for it: %1</source>
        <translation>Esperándolo: %1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>pid %1 no longer holds lock %2 idle (it ended, woke up, or the pid is another session now): nothing was terminated.</source>
        <translation>El pid %1 ya no tiene el bloqueo %2 inactivo (terminó, se reactivó o el pid es ahora otra sesión): no se terminó nada.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pid %1 was signalled but had not ended after 5 s.</source>
        <translation>Se envió la señal al pid %1, pero no había terminado tras 5 s.</translation>
    </message>
</context>
<context>
    <name>LockWaiterWatch</name>
    <message>
        <location filename="../app/core/locks/lockwaiters.cpp" line="+18"/>
        <source>role %1</source>
        <translation>rol %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting since a time hidden from this role</source>
        <translation>esperando desde una hora oculta para este rol</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting since %1 UTC</source>
        <translation>esperando desde %1 UTC</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pid %1 (%2)</source>
        <translation>pid %1 (%2)</translation>
    </message>
</context>
<context>
    <name>Maintenance</name>
    <message>
        <location filename="../app/core/purge/vacuum.cpp" line="+43"/>
        <source>VACUUM (ANALYZE) %1 was cancelled.</source>
        <translation>VACUUM (ANALYZE) %1 se canceló.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>VACUUM (ANALYZE) %1 waited more than %2 ms for a lock held by another session and was not run; autovacuum will do it.</source>
        <translation>VACUUM (ANALYZE) %1 esperó más de %2 ms un bloqueo que tenía otra sesión y no se ejecutó; lo hará autovacuum.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 is not a table this app purges.</source>
        <translation>%1 no es una tabla que esta aplicación purgue.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>VACUUM (ANALYZE) %1 was cancelled before it started.</source>
        <translation>VACUUM (ANALYZE) %1 se canceló antes de empezar.</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>VACUUM (ANALYZE) %1 failed: %2</source>
        <translation>VACUUM (ANALYZE) %1 falló: %2</translation>
    </message>
</context>
<context>
    <name>NumberTips</name>
    <message>
        <location filename="../ui/common/numbertips.cpp" line="+15"/>
        <source>Removable: revoked (revocado) with revocado_en before the cutoff, or expiracion before the cutoff; the cutoff is now minus the retention (30 days by default).</source>
        <translation>Eliminables: revocados (revocado) con revocado_en anterior al corte, o con expiracion anterior al corte; el corte es ahora menos la retención (30 días por defecto).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Removable: used (usado_en) before the cutoff, or expiracion before the cutoff; the cutoff is now minus the retention (24 hours by default).</source>
        <translation>Eliminables: usados (usado_en) antes del corte, o con expiracion anterior al corte; el corte es ahora menos la retención (24 horas por defecto).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Removable: rows of the monthly partitions whose upper bound (read from the catalog) is older than the cutoff; those partitions are detached and dropped whole.</source>
        <translation>Eliminables: filas de las particiones mensuales cuyo límite superior (leído del catálogo) es anterior al corte; esas particiones se separan (DETACH) y se eliminan (DROP) enteras.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>All rows of the table.</source>
        <translation>Todas las filas de la tabla.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pre-tokens already used (usado_en IS NOT NULL), whatever their age.</source>
        <translation>Pre-tokens ya usados (usado_en IS NOT NULL), sea cual sea su antigüedad.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Refresh tokens revoked (revocado = true), whatever their age.</source>
        <translation>Tokens de refresco revocados (revocado = true), sea cual sea su antigüedad.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows whose expiracion is in the past, whatever the retention.</source>
        <translation>Filas cuya expiracion ya pasó, sea cual sea la retención.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows the purge would delete now.</source>
        <translation>Filas que la purga borraría ahora.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Revoked, used or expired, but younger than the retention: kept for forensics (spent, and the removable condition is not true).</source>
        <translation>Revocadas, usadas o vencidas, pero más recientes que la retención: se conservan para el análisis forense (gastadas, sin cumplir la condición de eliminables).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every row the rule keeps: the total minus the removable rows (live tokens included).</source>
        <translation>Todas las filas que la regla conserva: el total menos las eliminables (incluidos los tokens vigentes).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rows that the ADR&apos;s sample job (revocado = true OR expiracion &lt; cutoff, for pre-tokens usado_en IS NOT NULL OR …) would delete although they are still inside the forensic window. This rule keeps them.</source>
        <translation>Filas que el job de ejemplo del ADR (revocado = true OR expiracion &lt; corte; para pre-tokens usado_en IS NOT NULL OR …) borraría aunque siguen dentro de la ventana forense. Esta regla las conserva.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Partitions attached to log_sesiones, and how many of them are wholly older than the retention. Bounds come from the catalog (pg_inherits, relpartbound), never from names.</source>
        <translation>Particiones adjuntas a log_sesiones, y cuántas son enteramente anteriores a la retención. Los límites vienen del catálogo (pg_inherits, relpartbound), nunca de los nombres.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Exact: counted row by row with the rule&apos;s own count SQL (the statement shown on the Preview page), at one frozen instant of the database clock.</source>
        <translation>Exacto: contado fila a fila con el SQL de conteo de la propia regla (la sentencia que muestra la página Vista previa), en un único instante congelado del reloj de la base de datos.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>≈ Estimate: sum of the partitions&apos; pg_class.reltuples, refreshed by VACUUM and ANALYZE. Even in an exact overview only the removable partitions are counted row by row; the months that stay keep their catalog estimate.</source>
        <translation>≈ Estimación: suma de pg_class.reltuples de las particiones, actualizada por VACUUM y ANALYZE. Incluso en un resumen exacto solo las particiones eliminables se cuentan fila a fila; los meses que se quedan mantienen la estimación del catálogo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>≈ Estimate: pg_class.reltuples, the planner&apos;s row count, refreshed by VACUUM and ANALYZE; it can be off by the changes since then. The exact count replaces it when it arrives.</source>
        <translation>≈ Estimación: pg_class.reltuples, el número de filas del planificador, actualizado por VACUUM y ANALYZE; puede desviarse por los cambios posteriores. El conteo exacto la reemplaza cuando llega.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Known only from the exact count (the catalog has no such number).</source>
        <translation>Solo se conoce por el conteo exacto (el catálogo no tiene ese número).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>pg_table_size: heap, TOAST and free space map, without indexes (partitions summed). Deleting rows does not shrink it; VACUUM makes the space reusable.</source>
        <translation>pg_table_size: heap, TOAST y mapa de espacio libre, sin índices (particiones sumadas). Borrar filas no lo reduce; VACUUM hace reutilizable el espacio.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pg_indexes_size: every index of the table (partitions summed).</source>
        <translation>pg_indexes_size: todos los índices de la tabla (particiones sumadas).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>n_dead_tup from pg_stat_user_tables: rows deleted or updated but not yet vacuumed. An estimate kept by the statistics collector.</source>
        <translation>n_dead_tup de pg_stat_user_tables: filas borradas o actualizadas que aún no pasaron por VACUUM. Una estimación que lleva el recolector de estadísticas.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>From pg_stat_user_tables, in this computer&apos;s time zone. &quot;never&quot; since the statistics were last reset.</source>
        <translation>De pg_stat_user_tables, en la zona horaria de este equipo. &quot;nunca&quot; desde el último reinicio de las estadísticas.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The exact count is running.</source>
        <translation>El conteo exacto está en curso.</translation>
    </message>
</context>
<context>
    <name>Pacer</name>
    <message>
        <location filename="../app/core/purge/pacer.cpp" line="+50"/>
        <source>off</source>
        <translation>desactivado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s when there are standbys</source>
        <translation>%1 s cuando hay réplicas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pacing: max replica lag %1, nice ratio %2%3.</source>
        <translation>Ritmo: retraso máximo de réplica %1, coeficiente de pausa %2%3.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, throttle file %1</source>
        <translation>, archivo de retención %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Batch size changed to %1 rows during the run; it applies from the next batch.</source>
        <translation>Tamaño de lote cambiado a %1 filas durante la corrida; se aplica desde el próximo lote.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Nice ratio changed to %1 during the run: after each batch the run sleeps %1 × its time.</source>
        <translation>Factor nice cambiado a %1 durante la corrida: tras cada lote, la corrida espera %1 × su duración.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Replica lag limit switched off during the run.</source>
        <translation>Límite de retraso de réplica desactivado durante la corrida.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replica lag limit changed to %1 s during the run; it applies from the next batch.</source>
        <translation>Límite de retraso de réplica cambiado a %1 s durante la corrida; se aplica desde el siguiente lote.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Paused by you: no batch starts until you resume.</source>
        <translation>Pausada por usted: no empieza ningún lote hasta que la reanude.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Resumed by you.</source>
        <translation>Reanudada por usted.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 standbys hide their replay position from this role</source>
        <translation>%1 de %2 standbys ocultan su posición de reproducción a este rol</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the replica lag could not be read (%1)</source>
        <translation>no se pudo leer el retraso de la réplica (%1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the replica lag limit cannot be enforced: %1 for %2 s (GRANT pg_monitor to the role lets it see the standbys)</source>
        <translation>no se puede hacer cumplir el límite de retraso de réplica: %1 durante %2 s (GRANT pg_monitor al rol le permite ver los standbys)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The replica lag could not be read (%1): the run is not throttled on it.</source>
        <translation>No se pudo leer el retraso de la réplica (%1): la corrida no se frena por él.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2 standbys hide their replay position from this role (pg_monitor or pg_read_all_stats shows it): their lag is not checked.</source>
        <translation>%1 de %2 standbys ocultan su posición de reproducción a este rol (pg_monitor o pg_read_all_stats la muestran): su retraso no se comprueba.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the replica lag stayed above %1 s for %2 s (now %3 s on standby %4)</source>
        <translation>el retraso de la réplica se mantuvo por encima de %1 s durante %2 s (ahora %3 s en el standby %4)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>replica lag %1 s &gt; %2 s</source>
        <translation>retraso de réplica %1 s &gt; %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>standby %1, %2 kB of WAL behind</source>
        <translation>standby %1, %2 kB de WAL por detrás</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>paused by you</source>
        <translation>pausada por usted</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>throttle file present</source>
        <translation>archivo de freno presente</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Waiting for replica lag: %1 (%2); no batch starts until it is under the limit.</source>
        <translation>Esperando a que baje el retraso de la réplica: %1 (%2); no empieza ningún lote hasta que esté bajo el límite.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The replica lag limit cannot be enforced: %1. No batch starts until it can be read; the run stops after %2 s of this.</source>
        <translation>No se puede hacer cumplir el límite de retraso de réplica: %1. Ningún lote empieza hasta que se pueda leer; la corrida se detiene tras %2 s así.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Throttle file %1 present: no batch starts until it is removed.</source>
        <translation>Archivo de freno %1 presente: no empieza ningún lote hasta que se borre.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Resumed after %1 s held.</source>
        <translation>Reanudada tras %1 s retenida.</translation>
    </message>
</context>
<context>
    <name>PgConnection</name>
    <message>
        <location filename="../app/core/pg/connectparams.cpp" line="+146"/>
        <location line="+110"/>
        <source>Wrong password or unknown role for %1.</source>
        <translation>Contraseña incorrecta o rol desconocido para %1.</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>The server does not accept %1 (pg_hba.conf, or the role may not log in).</source>
        <translation>El servidor no acepta a %1 (pg_hba.conf, o el rol no tiene permiso para iniciar sesión).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The server at %1 is starting up, shutting down or in recovery; try again in a moment.</source>
        <translation>El servidor en %1 está arrancando, deteniéndose o en recuperación; inténtelo de nuevo en un momento.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server at %1 has no free connection slots.</source>
        <translation>El servidor en %1 no tiene ranuras de conexión libres.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server refused the connection to %1 (SQLSTATE %2).</source>
        <translation>El servidor rechazó la conexión a %1 (SQLSTATE %2).</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The host name of %1 is not known to the resolver.</source>
        <translation>El resolvedor de nombres no conoce el nombre de host de %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>libpq refused the connection settings for %1.</source>
        <translation>libpq rechazó los parámetros de conexión de %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>libpq refused the connection settings for %1: “%2”</source>
        <translation>libpq rechazó los parámetros de conexión de %1: &quot;%2&quot;</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The password was sent in clear text.</source>
        <translation>La contraseña se envió en texto claro.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The password was sent without TLS.</source>
        <translation>La contraseña se envió sin TLS.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server at %1 did not use TLS (sslmode=%2 let libpq fall back to a connection without it) and then refused the login. The likely cause is that downgrade, not the password: something posing as the server, or a server without TLS. %3 Change it if this may not have been the real server, and connect with sslmode=verify-full.</source>
        <translation>El servidor en %1 no usó TLS (sslmode=%2 dejó que libpq recurriera a una conexión sin él) y luego rechazó el inicio de sesión. La causa probable es esa degradación, no la contraseña: algo que se hace pasar por el servidor, o un servidor sin TLS. %3 Cámbiela si este pudo no ser el servidor real, y conéctese con sslmode=verify-full.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The database does not exist on %1, or does not accept this role: “%2”</source>
        <translation>La base de datos no existe en %1, o no acepta este rol: &quot;%2&quot;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The connection did not use TLS (sslmode=disable). %1 If the password is right, something may be posing as the server; use sslmode=verify-full.</source>
        <translation>La conexión no usó TLS (sslmode=disable). %1 Si la contraseña es correcta, algo puede estar haciéndose pasar por el servidor; use sslmode=verify-full.</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>The connection string is not valid: “%1”</source>
        <translation>La cadena de conexión no es válida: &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>The server asks for a password and none was given for %1.</source>
        <translation>El servidor pide una contraseña y no se indicó ninguna para %1.</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>No answer from %1 within %2 s (connect timeout).</source>
        <translation>%1 no respondió en %2 s (tiempo de espera de conexión).</translation>
    </message>
    <message>
        <location filename="../app/core/pg/tlsdiagnosis.cpp" line="+102"/>
        <source>The server at %1 does not offer TLS and sslmode=%2 requires it, so the password was not sent: something in between may be posing as the server, or the server runs with ssl=off.</source>
        <translation>El servidor en %1 no ofrece TLS y sslmode=%2 lo exige, así que no se envió la contraseña: algo intermedio puede estar haciéndose pasar por el servidor, o el servidor funciona con ssl=off.</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>%1 (set by PGSSLMODE)</source>
        <translation>%1 (fijado por PGSSLMODE)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The server certificate does not match the host name &quot;%1&quot; (sslmode=%3, %2): connect by the name the certificate was issued for. The password was not sent.</source>
        <translation>El certificado del servidor no coincide con el nombre de host &quot;%1&quot; (sslmode=%3, %2): conéctese con el nombre para el que se emitió el certificado. No se envió la contraseña.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The server certificate of %1 is not signed by %2, or is not valid (expired, not yet valid). The password was not sent.</source>
        <translation>El certificado del servidor de %1 no está firmado por %2, o no es válido (vencido o aún no válido). No se envió la contraseña.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the root certificate</source>
        <translation>el certificado raíz</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TLS negotiation with %1 failed (check sslmode, the root certificate and that the certificate names this host).</source>
        <translation>Falló la negociación TLS con %1 (revise sslmode, el certificado raíz y que el certificado nombre a este host).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The server at %1 requires TLS for this connection (pg_hba.conf hostssl) and sslmode=disable turns TLS off: use sslmode=require or stronger (verify-full).</source>
        <translation>El servidor en %1 exige TLS para esta conexión (hostssl en pg_hba.conf) y sslmode=disable desactiva TLS: use sslmode=require o uno más estricto (verify-full).</translation>
    </message>
    <message>
        <location filename="../app/core/pg/connectparams.cpp" line="+21"/>
        <source>Cannot reach the server at %1: is the host and port right, and is PostgreSQL listening there?</source>
        <translation>No se puede llegar al servidor en %1: ¿son correctos el host y el puerto, y escucha PostgreSQL allí?</translation>
    </message>
    <message>
        <location line="-54"/>
        <source>The database does not exist on %1.</source>
        <translation>La base de datos no existe en %1.</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Cannot connect to %1.</source>
        <translation>No se puede conectar a %1.</translation>
    </message>
    <message>
        <location filename="../app/core/pg/pgconnection.cpp" line="+62"/>
        <source>The value of %1 for %2 contains &apos;;&apos;, which Qt&apos;s PostgreSQL driver cannot pass to libpq.</source>
        <translation>El valor de %1 para %2 contiene &apos;;&apos;, que el controlador PostgreSQL de Qt no puede pasar a libpq.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The Qt PostgreSQL driver (QPSQL) is not installed (Debian package libqt6sql6-psql).</source>
        <translation>El controlador PostgreSQL de Qt (QPSQL) no está instalado (paquete Debian libqt6sql6-psql).</translation>
    </message>
    <message>
        <location line="+160"/>
        <location filename="../app/core/pg/pgrequest.cpp" line="+35"/>
        <source>Not connected.</source>
        <translation>Sin conexión.</translation>
    </message>
</context>
<context>
    <name>PreflightRefusal</name>
    <message>
        <location filename="../app/core/preflight/preflight.cpp" line="+165"/>
        <source>Preview and purge are refused: %1</source>
        <translation>Vista previa y purga denegadas: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Purge is refused: %1</source>
        <translation>Purga denegada: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preview and purge of %1 are refused: %2</source>
        <translation>Vista previa y purga de %1 denegadas: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Purge of %1 is refused: %2</source>
        <translation>Purga de %1 denegada: %2</translation>
    </message>
</context>
<context>
    <name>PreflightReport</name>
    <message>
        <location filename="../app/core/preflight/checks.cpp" line="+36"/>
        <source>The checks could not run: %1</source>
        <translation>No se pudieron ejecutar las comprobaciones: %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>PostgreSQL %1</source>
        <translation>PostgreSQL %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PostgreSQL 14 or newer is needed (TID range batches).</source>
        <translation>Hace falta PostgreSQL 14 o posterior (lotes por rangos de TID).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server version is supported.</source>
        <translation>La versión del servidor es compatible.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Role %1 bypasses row level security</source>
        <translation>El rol %1 omite la seguridad a nivel de fila (BYPASSRLS)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Counts and purges cover every tenant.</source>
        <translation>Los conteos y las purgas abarcan a todas las empresas.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role %1 lacks BYPASSRLS: row level security would limit every count and delete to one tenant (app.current_empresa_id), so preview and purge are refused. Connect as the maintenance role (ADR 0021).</source>
        <translation>Al rol %1 le falta BYPASSRLS: la seguridad a nivel de fila limitaría cada conteo y cada borrado a una sola empresa (app.current_empresa_id), así que se rechazan la vista previa y la purga. Conéctese con el rol de mantenimiento (ADR 0021).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connected as a superuser</source>
        <translation>Conectado como superusuario</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A superuser can do far more than purge. Prefer the dedicated maintenance role with BYPASSRLS.</source>
        <translation>Un superusuario puede hacer mucho más que purgar. Es preferible el rol de mantenimiento dedicado con BYPASSRLS.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Server is a read-only standby</source>
        <translation>El servidor es un standby de solo lectura</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server accepts writes</source>
        <translation>El servidor acepta escrituras</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This server is in recovery (a read-only standby): preview is allowed, purge is refused. Connect to the primary to purge.</source>
        <translation>Este servidor está en recuperación (un standby de solo lectura): la vista previa se permite, la purga se rechaza. Conéctese al primario para purgar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not in recovery.</source>
        <translation>No está en recuperación.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No access to schema identidad</source>
        <translation>Sin acceso al esquema identidad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schema identidad is missing</source>
        <translation>Falta el esquema identidad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role %1 has no USAGE on schema identidad, so it cannot see the session tables. GRANT USAGE ON SCHEMA identidad TO %1.</source>
        <translation>El rol %1 no tiene USAGE sobre el esquema identidad, así que no puede ver las tablas de sesiones. GRANT USAGE ON SCHEMA identidad TO %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This database has no schema identidad. Is this the identity service&apos;s database?</source>
        <translation>Esta base de datos no tiene el esquema identidad. ¿Es la base de datos del servicio de identidad?</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Table %1 not reachable</source>
        <translation>La tabla %1 no es accesible</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Owned by another role: %1.</source>
        <translation>Propiedad de otro rol: %1.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Index on %1 (familia_id)</source>
        <translation>Índice sobre %1 (familia_id)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Family-aware retention looks up each token&apos;s family by index.</source>
        <translation>La retención por familias busca la familia de cada token mediante un índice.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No valid index of %1 leads with familia_id: family-aware retention, when turned on, reads the table once per removable row. Its owner can add one: CREATE INDEX CONCURRENTLY ON %1 (familia_id);</source>
        <translation>Ningún índice válido de %1 empieza por familia_id: la retención por familias, si se activa, lee la tabla una vez por cada fila eliminable. Su propietario puede añadir uno: CREATE INDEX CONCURRENTLY ON %1 (familia_id);</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Table %1 is missing</source>
        <translation>Falta la tabla %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table %1 does not exist (or this role cannot see schema identidad). Is this the identity service&apos;s database?</source>
        <translation>La tabla %1 no existe (o este rol no puede ver el esquema identidad). ¿Es la base de datos del servicio de identidad?</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Table %1 lacks columns</source>
        <translation>A la tabla %1 le faltan columnas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table %1 has no column(s) %2, which the rule needs.</source>
        <translation>La tabla %1 no tiene la(s) columna(s) %2, que la regla necesita.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Table %1 present</source>
        <translation>La tabla %1 está presente</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With the columns the rule needs.</source>
        <translation>Con las columnas que la regla necesita.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role %1 may not SELECT from %2.</source>
        <translation>El rol %1 no puede hacer SELECT sobre %2.</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>The history predates its functions: runs will not be recorded until setup-history upgrades it in place.</source>
        <translation>El historial es anterior a sus funciones: las corridas no se registrarán hasta que setup-history lo actualice en su sitio.</translation>
    </message>
    <message>
        <location filename="../app/core/preflight/pooler.cpp" line="+21"/>
        <source>A connection pooler (pgbouncer, pgpool, ...) is in between: the server&apos;s backend pid %1 is not the key %2 given at startup.</source>
        <translation>Hay un pooler de conexiones (pgbouncer, pgpool, ...) en medio: el pid del backend del servidor, %1, no es la clave %2 recibida al iniciarse.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Connect directly to PostgreSQL (its own host and port). Only if this pool is in session mode (pool_mode=session), say so: --assume-session-pooler, or the profile&apos;s &quot;A pooler in between is in session mode&quot;.</source>
        <translation>Conéctese directamente a PostgreSQL (su propio host y puerto). Solo si este pool está en modo sesión (pool_mode=session), indíquelo: --assume-session-pooler, o el ajuste del perfil &quot;Hay un pooler intermedio en modo sesión&quot;.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Connected through a pooler in transaction mode</source>
        <translation>Conectado a través de un pooler en modo transacción</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its server connections change hands between transactions (pgbouncer pool_mode=transaction or statement): the advisory lock that keeps the scheduled job out would not exclude anyone, so the purge is refused; the preview may run. Connect directly to PostgreSQL (its own host and port), or through a pool in session mode (pool_mode=session).</source>
        <translation>Sus conexiones al servidor cambian de manos entre transacciones (pgbouncer pool_mode=transaction o statement): el bloqueo consultivo que mantiene fuera al job programado no excluiría a nadie, así que la purga se rechaza; la vista previa sí puede ejecutarse. Conéctese directamente a PostgreSQL (su propio host y puerto), o a través de un pool en modo sesión (pool_mode=session).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Connected through a connection pooler</source>
        <translation>Conectado a través de un pooler de conexiones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its pool mode cannot be proven from here, and in transaction mode the advisory lock would not keep the scheduled job out: purge and freeze are refused; the preview may run.</source>
        <translation>Su modo de pool no se puede demostrar desde aquí, y en modo transacción el bloqueo consultivo no mantendría fuera al job programado: la purga y la congelación se rechazan; la vista previa sí puede ejecutarse.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Connected through a pooler asserted to be in session mode</source>
        <translation>Conectado a través de un pooler declarado en modo sesión</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You said this pool keeps one server connection per client (pool_mode=session): every batch checks that its own server connection holds the purge lock, and the purge stops at the first batch where it does not.</source>
        <translation>Usted indicó que este pool mantiene una conexión al servidor por cliente (pool_mode=session): cada lote comprueba que su propia conexión al servidor tiene el bloqueo de la purga, y la purga se detiene en el primer lote en que no sea así.</translation>
    </message>
    <message>
        <location filename="../app/core/preflight/checks.cpp" line="-177"/>
        <source>May detach and drop partitions of %1</source>
        <translation>Puede separar (DETACH) y eliminar particiones de %1</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>The role owns the table or is a member of its owner.</source>
        <translation>El rol es propietario de la tabla o miembro de su propietario.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DETACH/DROP PARTITION needs the owner of %1; grant its owner role to %2.</source>
        <translation>DETACH/DROP PARTITION requiere el propietario de %1; otorgue su rol propietario a %2.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>May DELETE from %1</source>
        <translation>Puede hacer DELETE en %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DELETE privilege granted.</source>
        <translation>Privilegio DELETE otorgado.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role %1 has no DELETE privilege on %2.</source>
        <translation>El rol %1 no tiene privilegio DELETE sobre %2.</translation>
    </message>
    <message>
        <location line="+162"/>
        <source>Purge history tables present</source>
        <translation>Las tablas de historial de purgas están presentes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs and metrics will be recorded.</source>
        <translation>Se registrarán las corridas y las métricas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Role %1 may not write the history: runs will not be recorded.</source>
        <translation>El rol %1 no puede escribir en el historial: las corridas no se registrarán.</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>The scheduled job has never run successfully</source>
        <translation>El job programado nunca ha terminado bien</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scheduled job has not run successfully for %1 h</source>
        <translation>El job programado no termina bien desde hace %1 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The history has runs with origin &apos;job&apos; but none ended &apos;ok&apos;: the tables grow until someone purges.</source>
        <translation>El historial tiene corridas con origen &apos;job&apos; pero ninguna terminó &apos;ok&apos;: las tablas crecen hasta que alguien purgue.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last successful run %1 UTC. ADR 0021 alerts after 48 h: the tables grow again unnoticed.</source>
        <translation>Última corrida correcta: %1 UTC. El ADR 0021 alerta a las 48 h: las tablas vuelven a crecer sin que nadie lo note.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Purge history tables missing</source>
        <translation>Faltan las tablas de historial de purgas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create them (purga-sesiones-cli setup-history, or the button) to record runs and chart them.</source>
        <translation>Créelas (purga-sesiones-cli setup-history, o el botón) para registrar las corridas y graficarlas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This role may not create them in schema identidad; ask the schema owner to run purga_historial.sql.</source>
        <translation>Este rol no puede crearlas en el esquema identidad; pida al propietario del esquema que ejecute purga_historial.sql.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>sslmode=%1 towards %2: the password may be sent to an impostor</source>
        <translation>sslmode=%1 hacia %2: la contraseña podría enviarse a un impostor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>With sslmode %1 libpq gives the password to whoever answers at %2, with or without TLS, without checking the server&apos;s certificate: anyone on the way can pose as the server. Use sslmode=verify-full (with the system CA bundle or the server&apos;s root certificate).</source>
        <translation>Con sslmode %1, libpq entrega la contraseña a quien responda en %2, con o sin TLS, sin verificar el certificado del servidor: cualquiera en el camino puede hacerse pasar por el servidor. Use sslmode=verify-full (con el almacén de CA del sistema o el certificado raíz del servidor).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>TLS in use (%1), sslmode=%2</source>
        <translation>TLS en uso (%1), sslmode=%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No TLS on a loopback connection</source>
        <translation>Sin TLS en una conexión de loopback</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server&apos;s certificate is not checked (sslmode=verify-full would).</source>
        <translation>El certificado del servidor no se verifica (sslmode=verify-full lo haría).</translation>
    </message>
    <message>
        <location filename="../app/core/preflight/partitionchecks.cpp" line="+41"/>
        <source>Old rows in the DEFAULT partition of identidad.log_sesiones</source>
        <translation>Filas antiguas en la partición DEFAULT de identidad.log_sesiones</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Role %1 may not SELECT from the DEFAULT partition %2: whether it holds rows older than the retention, which the purge never removes, is unknown.</source>
        <translation>El rol %1 no tiene permiso de SELECT sobre la partición DEFAULT %2: no se sabe si contiene filas anteriores a la retención, que la purga nunca elimina.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 rows older than the %2-month retention (before %3) sit in the DEFAULT partition %4, from %5 to %6. The purge removes whole month partitions and never these rows. Either delete them (DELETE FROM %4 WHERE ocurrido_en &lt; &apos;%3&apos;), or move them into month partitions: detach %4, create the missing month partitions, insert its old rows through identidad.log_sesiones, delete them from %4 and attach it again; the purge then removes those months.</source>
        <translation>%1 filas anteriores a la retención de %2 meses (antes del %3) están en la partición DEFAULT %4, del %5 al %6. La purga elimina particiones mensuales enteras y nunca estas filas. Bórrelas (DELETE FROM %4 WHERE ocurrido_en &lt; &apos;%3&apos;), o muévalas a particiones mensuales: separe %4, cree las particiones mensuales que faltan, inserte sus filas antiguas a través de identidad.log_sesiones, bórrelas de %4 y vuelva a adjuntarla; la purga eliminará entonces esos meses.</translation>
    </message>
    <message>
        <location filename="../app/core/preflight/rolechecks.cpp" line="+43"/>
        <source>set for role %1 (ALTER ROLE %1 RESET default_transaction_read_only undoes it)</source>
        <translation>fijado para el rol %1 (ALTER ROLE %1 RESET default_transaction_read_only lo deshace)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>set for database %1 (ALTER DATABASE %1 RESET default_transaction_read_only undoes it)</source>
        <translation>fijado para la base de datos %1 (ALTER DATABASE %1 RESET default_transaction_read_only lo deshace)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>set for role %1 in database %2 (ALTER ROLE %1 IN DATABASE %2 RESET default_transaction_read_only undoes it)</source>
        <translation>fijado para el rol %1 en la base de datos %2 (ALTER ROLE %1 IN DATABASE %2 RESET default_transaction_read_only lo deshace)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>set in the server&apos;s configuration</source>
        <translation>fijado en la configuración del servidor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set by %1</source>
        <translation>fijado por %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No streaming standbys</source>
        <translation>Sin standbys en streaming</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pg_stat_replication lists no standby: there is no replica lag to limit.</source>
        <translation>pg_stat_replication no muestra ningún standby: no hay retraso de réplica que limitar.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Standby lag visible (%n standby(s))</source>
        <translation>
            <numerusform>Retraso de los standbys visible (%n standby)</numerusform>
            <numerusform>Retraso de los standbys visible (%n standbys)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role %1 may read the standbys&apos; replay positions: the replica lag limit holds batches back while a standby lags.</source>
        <translation>El rol %1 puede leer las posiciones de reproducción de los standbys: el límite de retraso de réplica retiene los lotes mientras un standby va retrasado.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Standby lag not visible to role %1</source>
        <translation>El retraso de los standbys no es visible para el rol %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 standbys hide their replay position from role %3 (pg_stat_replication shows it only to pg_monitor or pg_read_all_stats): no replica lag limit can hold the purge back, and a purge that asks for one is refused. Run %4; to let it see them.</source>
        <translation>%1 de %2 standbys ocultan su posición de reproducción al rol %3 (pg_stat_replication solo la muestra a pg_monitor o pg_read_all_stats): ningún límite de retraso de réplica puede retener la purga, y una purga que pida uno se rechaza. Ejecute %4; para que pueda verlos.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Transactions of role %1 default to read-only</source>
        <translation>Las transacciones del rol %1 son de solo lectura por defecto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>default_transaction_read_only is on, %1. The purge sets its own session READ WRITE (SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE), so it still deletes; other tools connecting like this cannot write. If read-only was set to stop writes to this database, do not purge now.</source>
        <translation>default_transaction_read_only está activado, %1. La purga pone su propia sesión en READ WRITE (SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE), así que borra igualmente; otras herramientas que se conecten así no pueden escribir. Si se activó el modo de solo lectura para impedir escrituras en esta base de datos, no purgue ahora.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>A foreign key blocks deletes from %1</source>
        <translation>Una clave foránea impide borrar en %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Referenced by %1. Deleting a row that a row there still references fails the whole batch (foreign key violation) and stops the run. Remove or re-point those rows first, or have the key changed to ON DELETE CASCADE or SET NULL if the identity service allows it.</source>
        <translation>Referenciada por %1. Borrar una fila que una fila de allí aún referencia hace fallar el lote entero (violación de clave foránea) y detiene la corrida. Elimine esas filas o haga que apunten a otra antes, o pida que la clave se cambie a ON DELETE CASCADE o SET NULL si el servicio de identidad lo permite.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 asks for a replica lag limit, but %2 of %3 standbys hide their replay position from role %4, so the limit cannot be enforced and the purge would delete at full speed. Run %5; as a superuser (pg_read_all_stats does too), or switch the limit off (0) to purge without one.</source>
        <translation>%1 pide un límite de retraso de réplica, pero %2 de %3 standbys ocultan su posición de reproducción al rol %4, así que el límite no se puede hacer cumplir y la purga borraría a toda velocidad. Ejecute %5; como superusuario (pg_read_all_stats también sirve), o desactive el límite (0) para purgar sin él.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The default replica lag limit (applied because there are standbys) cannot be enforced: %1 of %2 standbys hide their replay position from role %3, so the purge does not slow down while they lag. Run %4; to enforce it.</source>
        <translation>El límite de retraso de réplica por defecto (aplicado porque hay standbys) no se puede hacer cumplir: %1 de %2 standbys ocultan su posición de reproducción al rol %3, así que la purga no se frena mientras van retrasados. Ejecute %4; para hacerlo cumplir.</translation>
    </message>
</context>
<context>
    <name>PreviewLeft</name>
    <message>
        <location filename="../ui/purge/previewleft.cpp" line="+55"/>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 rows and %2 partitions</source>
        <translation>%1 filas y %2 particiones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 rows</source>
        <translation>%1 filas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This app&apos;s runs on it (%1) removed %2; the counts are what is left.</source>
        <translation>Las corridas de esta aplicación con esta vista previa (%1) eliminaron %2; los conteos muestran lo que queda.</translation>
    </message>
</context>
<context>
    <name>ProfileStore</name>
    <message>
        <location filename="../app/core/profiles/profilestore.cpp" line="+175"/>
        <source>Could not write the profiles file %1.</source>
        <translation>No se pudo escribir el archivo de perfiles %1.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>There is no profile named &quot;%1&quot;.</source>
        <translation>No hay ningún perfil llamado &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../ui/connect/profileactions.cpp" line="+127"/>
        <source>The profile is already named &quot;%1&quot;.</source>
        <translation>El perfil ya se llama &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../ui/connect/profileactions.cpp" line="-2"/>
        <source>A profile named &quot;%1&quot; exists already: choose another name.</source>
        <translation>Ya existe un perfil llamado &quot;%1&quot;: elija otro nombre.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The profile was copied to &quot;%1&quot; but &quot;%2&quot; could not be removed from %3.</source>
        <translation>El perfil se copió a &quot;%1&quot;, pero &quot;%2&quot; no se pudo quitar de %3.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (copy)</source>
        <translation>%1 (copia)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (copy %2)</source>
        <translation>%1 (copia %2)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The profile needs a name.</source>
        <translation>El perfil necesita un nombre.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The profile name cannot contain &quot;/&quot; or &quot;\&quot;.</source>
        <translation>El nombre del perfil no puede contener &quot;/&quot; ni &quot;\&quot;.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The profile name cannot start or end with spaces.</source>
        <translation>El nombre del perfil no puede empezar ni terminar con espacios.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The connect timeout must be between 1 and 120 seconds (it is %1).</source>
        <translation>El tiempo de espera de conexión debe estar entre 1 y 120 segundos (es %1).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The connection string is not valid: %1</source>
        <translation>La cadena de conexión no es válida: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The connection string contains a password; profiles never store passwords (use the keychain or ~/.pgpass).</source>
        <translation>La cadena de conexión contiene una contraseña; los perfiles nunca guardan contraseñas (use el llavero o ~/.pgpass).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The libpq service &quot;%1&quot; is not defined in %2.</source>
        <translation>El servicio de libpq &quot;%1&quot; no está definido en %2.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The port must be between 1 and 65535 (it is %1).</source>
        <translation>El puerto debe estar entre 1 y 65535 (es %1).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Unknown SSL mode &quot;%1&quot; (use one of: %2).</source>
        <translation>Modo SSL desconocido &quot;%1&quot; (use uno de: %2).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>SSL mode %1 needs the root certificate (CA) file: no system CA bundle was found.</source>
        <translation>El modo SSL %1 necesita el archivo del certificado raíz (CA): no se encontró el almacén de CA del sistema.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The root certificate file %1 does not exist or cannot be read.</source>
        <translation>El archivo de certificado raíz %1 no existe o no se puede leer.</translation>
    </message>
</context>
<context>
    <name>ProfileTags</name>
    <message>
        <location filename="../app/core/profiles/profiletags.cpp" line="+25"/>
        <source>A tag has 1 to 64 characters (&quot;%1&quot; has %2).</source>
        <translation>Una etiqueta tiene de 1 a 64 caracteres (&quot;%1&quot; tiene %2).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The tag &quot;%1&quot; holds &quot;%2&quot;: a tag takes letters, digits and _ - . : = / only.</source>
        <translation>La etiqueta &quot;%1&quot; contiene &quot;%2&quot;: una etiqueta solo admite letras, dígitos y _ - . : = /.</translation>
    </message>
</context>
<context>
    <name>Prometheus</name>
    <message>
        <location filename="../app/core/history/prometheustextfile.cpp" line="+50"/>
        <location line="+5"/>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
</context>
<context>
    <name>PurgeEngine</name>
    <message>
        <location filename="../app/core/locks/lockholders.cpp" line="+12"/>
        <source>an unknown session</source>
        <translation>una sesión desconocida</translation>
    </message>
    <message>
        <location filename="../app/core/purge/purgeengine.cpp" line="+75"/>
        <source>Could not ask for the advisory lock: %1</source>
        <translation>No se pudo pedir el bloqueo consultivo: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Warning: the run could not be recorded in the history: %1</source>
        <translation>Atención: la corrida no se pudo registrar en el historial: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Another purge holds advisory lock %1: %2. Nothing was deleted.</source>
        <translation>Otra purga tiene el bloqueo consultivo %1: %2. No se borró nada.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Session %1 is waiting for the purge lock; it gets it when this purge ends.</source>
        <translation>La sesión %1 espera el bloqueo de la purga; lo obtendrá cuando termine esta purga.</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>Purge stopped after %1 rows; committed batches stay removed. %2</source>
        <translation>Purga detenida tras %1 filas; los lotes confirmados quedan eliminados. %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The batches were committed asynchronously and their flush to disk could not be confirmed (%1): after a server crash the last fraction of a second of deletes may come back; the next run removes them again.</source>
        <translation>Los lotes se confirmaron de forma asíncrona y no se pudo confirmar su escritura en disco (%1): tras una caída del servidor puede volver la última fracción de segundo de borrados; la siguiente corrida los elimina de nuevo.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The run&apos;s own connection was lost before it finished.</source>
        <translation>Se perdió la conexión propia de la corrida antes de que terminara.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Throttled %1 ms (%2 waits for replica lag).</source>
        <translation>Frenada %1 ms (%2 esperas por retraso de réplica).</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Advisory lock %1 taken (backend pid %2).</source>
        <translation>Bloqueo consultivo %1 tomado (pid del backend %2).</translation>
    </message>
    <message>
        <location line="-125"/>
        <source>Rule %1 is not in the confirmed preview; nothing was done for it.</source>
        <translation>La regla %1 no está en la vista previa confirmada; no se hizo nada con ella.</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>cutoff base %1; rules %2; lock key %3</source>
        <translation>base de corte %1; reglas %2; clave de bloqueo %3</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>Purge finished: %1 rows removed.</source>
        <translation>Purga terminada: %1 filas eliminadas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Purge cancelled after %1 rows; committed batches stay removed. %2</source>
        <translation>Purga cancelada tras %1 filas; los lotes confirmados quedan eliminados. %2</translation>
    </message>
</context>
<context>
    <name>QCommandLineParser</name>
    <message>
        <location filename="../app/core/util/language.cpp" line="+26"/>
        <source>Displays help on commandline options.</source>
        <translation>Muestra la ayuda de las opciones de la línea de comandos.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Displays help including Qt specific options.</source>
        <translation>Muestra la ayuda, incluidas las opciones propias de Qt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown option &apos;%1&apos;.</source>
        <translation>Opción desconocida &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Missing value after &apos;%1&apos;.</source>
        <translation>Falta un valor tras &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unexpected value after &apos;%1&apos;.</source>
        <translation>Valor inesperado tras &quot;%1&quot;.</translation>
    </message>
</context>
<context>
    <name>ReceiptChain</name>
    <message>
        <location filename="../app/core/receipts/receiptchain.cpp" line="+76"/>
        <source>this history has no receipts table (setup-history adds it in place)</source>
        <translation>este historial no tiene la tabla de comprobantes (setup-history la añade en su sitio)</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>the receipt could not be signed</source>
        <translation>no se pudo firmar el comprobante</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>&quot;%1&quot; is neither a receipt number nor a run id</source>
        <translation>&quot;%1&quot; no es ni un número de comprobante ni un id de corrida</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no receipt %1 in this database</source>
        <translation>no existe el comprobante %1 en esta base de datos</translation>
    </message>
</context>
<context>
    <name>ReceiptNotes</name>
    <message>
        <location filename="../app/core/purge/receiptnotes.cpp" line="+37"/>
        <source>%1: the scheduled job&apos;s own SQL would still delete %2 rows this purge keeps (inside the forensic window, ADR 0021).</source>
        <translation>%1: el propio SQL del job programado aún borraría %2 filas que esta purga conserva (dentro de la ventana forense, ADR 0021).</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1: kept by hold %2 (#%3): %4 rows; the scheduled job&apos;s own SQL would delete %5 of them (it knows no holds).</source>
        <translation>%1: conservadas por la retención legal %2 (#%3): %4 filas; el propio SQL del job programado borraría %5 de ellas (no conoce las retenciones).</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Warning: %1</source>
        <translation>Atención: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Session %1 waited for the purge lock during this run.</source>
        <translation>La sesión %1 esperó el bloqueo de la purga durante esta corrida.</translation>
    </message>
</context>
<context>
    <name>ReceiptVerifier</name>
    <message>
        <location filename="../app/core/receipts/receiptenvelope.cpp" line="+112"/>
        <source>the payload is not an in-toto Statement v1 of a purge receipt</source>
        <translation>el payload no es un Statement v1 de in-toto de un comprobante de purga</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the predicate lacks its sequence, previous hash, receipt or public key</source>
        <translation>al predicado le falta la secuencia, el hash anterior, el comprobante o la clave pública</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the subject&apos;s digest is not the SHA-256 of the receipt it carries</source>
        <translation>el digest del subject no es el SHA-256 del comprobante que lleva</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>not a JSON object (a DSSE envelope)</source>
        <translation>no es un objeto JSON (un sobre DSSE)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the envelope is not in canonical form (sorted keys, no white space): it was edited</source>
        <translation>el sobre no está en forma canónica (claves ordenadas, sin espacios en blanco): se editó</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not a DSSE envelope of type %1 with a base64 payload</source>
        <translation>no es un sobre DSSE de tipo %1 con un payload en base64</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the payload is not canonical JSON</source>
        <translation>el payload no es JSON canónico</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the Ed25519 signature does not verify with the public key the receipt names (key %1)</source>
        <translation>la firma Ed25519 no se verifica con la clave pública que indica el comprobante (clave %1)</translation>
    </message>
</context>
<context>
    <name>RulePreview</name>
    <message>
        <location filename="../app/core/preview/preview.cpp" line="+156"/>
        <source>%1 rows the rule would otherwise remove belong to token families still live; family-aware retention is on: they are kept.</source>
        <translation>%1 filas que la regla eliminaría de otro modo pertenecen a familias de tokens aún vigentes; la retención por familias está activada: se conservan.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of the removable rows belong to token families still live; family-aware retention is off: they are removed.</source>
        <translation>%1 de las filas eliminables pertenecen a familias de tokens aún vigentes; la retención por familias está desactivada: se eliminan.</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <location filename="../app/core/rules/rules.cpp" line="+26"/>
        <source>Refresh tokens</source>
        <translation>Tokens de refresco</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pre-tokens</source>
        <translation>Pre-tokens</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Session log</source>
        <translation>Registro de sesiones</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Removable when revoked more than 30 days ago, or expired more than 30 days ago. A revoked token without a revocation time is kept until its expiry is 30 days old.</source>
        <translation>Eliminable si se revocó hace más de 30 días o venció hace más de 30 días. Un token revocado sin fecha de revocación se conserva hasta que su vencimiento cumpla 30 días.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Removable when used more than 24 hours ago, or expired more than 24 hours ago.</source>
        <translation>Eliminable si se usó hace más de 24 horas o venció hace más de 24 horas.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Monthly partitions whose upper bound is 12 months old or more are detached and dropped. The DEFAULT partition is never removed.</source>
        <translation>Las particiones mensuales cuyo límite superior tiene 12 meses o más se separan y se eliminan. La partición DEFAULT nunca se elimina.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1: quarantine of %2 days is out of range (0 to 365).</source>
        <translation>%1: la cuarentena de %2 días está fuera de rango (0 a 365).</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>Unknown rule &quot;%1&quot;.</source>
        <translation>Regla desconocida &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: the retention must be positive.</source>
        <translation>%1: la retención debe ser positiva.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: family-aware retention applies to refresh tokens only.</source>
        <translation>%1: la retención por familias solo se aplica a los tokens de refresco.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 (%2): a retention of %3 is shorter than the forensic window of %4 (ADR 0021).</source>
        <translation>%1 (%2): una retención de %3 es más corta que la ventana forense de %4 (ADR 0021).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 days</source>
        <translation>%1 días</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Confirm the override explicitly to use it.</source>
        <translation>Confirme la excepción explícitamente para usarla.</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>%1: batch size %2 is out of range (1 to 100000).</source>
        <translation>%1: el tamaño de lote %2 está fuera de rango (1 a 100000).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: lock timeout %2 ms is out of range (10 ms to 10 min).</source>
        <translation>%1: el lock_timeout de %2 ms está fuera de rango (10 ms a 10 min).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: statement timeout %2 ms is out of range (100 ms to 1 h).</source>
        <translation>%1: el statement_timeout de %2 ms está fuera de rango (100 ms a 1 h).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: pause %2 ms is out of range (0 to 60000).</source>
        <translation>%1: la pausa de %2 ms está fuera de rango (0 a 60000).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: target batch time %2 ms is out of range (0 to 60000).</source>
        <translation>%1: la duración objetivo de lote de %2 ms está fuera de rango (0 a 60000).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: DDL lock timeout %2 ms is out of range (10 ms to 10 min).</source>
        <translation>%1: el lock_timeout de DDL de %2 ms está fuera de rango (10 ms a 10 min).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: lock retries %2 out of range (0 to 100).</source>
        <translation>%1: los reintentos por bloqueo (%2) están fuera de rango (0 a 100).</translation>
    </message>
    <message>
        <location filename="../app/core/rules/batchsql.cpp" line="+59"/>
        <source>Each batch: every removable row of one TID range; a batch that removed more than %LIMIT% is rolled back and its range read again smaller.</source>
        <translation>Cada lote: todas las filas eliminables de un rango de TID; un lote que borró más de %LIMIT% se revierte y su rango se vuelve a leer más pequeño.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A range that could hold more than twice %LIMIT% removable rows (grown over an empty stretch), or one block holding more than %LIMIT%: at most %LIMIT% a batch.</source>
        <translation>Un rango que podría tener más del doble de %LIMIT% filas eliminables (crecido sobre un tramo vacío), o un solo bloque con más de %LIMIT%: como mucho %LIMIT% por lote.</translation>
    </message>
</context>
<context>
    <name>RunFormat</name>
    <message>
        <location filename="../ui/style/runformat.cpp" line="+54"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+22"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 rows/s</source>
        <translation>%1 filas/s</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Completed</source>
        <translation>Completada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>Cancelada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped</source>
        <translation>Detenida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed</source>
        <translation>Fallida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skipped</source>
        <translation>Omitida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Another purge holds the lock</source>
        <translation>Otra purga tiene el bloqueo</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+10"/>
        <source>Running</source>
        <translation>En curso</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Waiting for a lock</source>
        <translation>Esperando un bloqueo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Throttled</source>
        <translation>Frenada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waiting to start</source>
        <translation>Esperando para empezar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interrupted</source>
        <translation>Interrumpida</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Frozen for evidence</source>
        <translation>Congelada por evidencias</translation>
    </message>
</context>
<context>
    <name>ShortcutLabel</name>
    <message>
        <location filename="../ui/widgets/shortcutlabel.cpp" line="+11"/>
        <source>Period</source>
        <translation>Punto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Comma</source>
        <translation>Coma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Minus</source>
        <translation>Menos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Plus</source>
        <translation>Más</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Slash</source>
        <translation>Barra</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Semicolon</source>
        <translation>Punto y coma</translation>
    </message>
</context>
<context>
    <name>StartupOptions</name>
    <message>
        <location filename="../ui/startup/startupoptions.cpp" line="+28"/>
        <source>Preview and purge expired session tokens in PostgreSQL.</source>
        <translation>Previsualiza y purga tokens de sesión vencidos en PostgreSQL.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Language of the interface: es or en.</source>
        <translation>Idioma de la interfaz: es o en.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Connect on start with this profile (password from the keychain).</source>
        <translation>Conectar al iniciar con este perfil (contraseña del llavero).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Once connected and the data has arrived, save every page as a PNG in DIR.</source>
        <translation>Una vez conectado y con los datos cargados, guardar cada página como PNG en DIR.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Quit once the screenshots are saved.</source>
        <translation>Salir cuando las capturas estén guardadas.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Also write the log (database requests, purge lines) to stderr. The log file is always written; Help &gt; About says where.</source>
        <translation>Escribir también el registro (peticiones a la base de datos, líneas de la purga) en stderr. El archivo de registro se escribe siempre; Ayuda &gt; Acerca de indica dónde.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Use a dark palette (Fusion style) whatever the system&apos;s theme; without it the system&apos;s light or dark palette is followed.</source>
        <translation>Usa una paleta oscura (estilo Fusion) sea cual sea el tema del sistema; sin esta opción se sigue la paleta clara u oscura del sistema.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open the Fleet page and check the profiles carrying this tag (repeatable: every tag given).</source>
        <translation>Abrir la página Flota y comprobar los perfiles que llevan esta etiqueta (repetible: todas las etiquetas indicadas).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>--lang takes es or en, not &quot;%1&quot;.</source>
        <translation>--lang admite es o en, no &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--quit-after-screenshots needs --screenshots DIR.</source>
        <translation>--quit-after-screenshots necesita --screenshots DIR.</translation>
    </message>
</context>
<context>
    <name>TlsStatus</name>
    <message>
        <location filename="../app/core/pg/tls.cpp" line="+123"/>
        <source>socket %1, port %2</source>
        <translation>socket %1, puerto %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connected to %1 over TLS (%2, %3), sslmode=%4</source>
        <translation>Conectado a %1 con TLS (%2, %3), sslmode=%4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connected to %1 without TLS, sslmode=%2</source>
        <translation>Conectado a %1 sin TLS, sslmode=%2</translation>
    </message>
</context>
<context>
    <name>purga</name>
    <message>
        <location filename="../app/core/overview/overview.cpp" line="+160"/>
        <source>Exact counts took longer than the statement timeout (%1 ms); estimates are shown.</source>
        <translation>Los conteos exactos tardaron más que el statement_timeout (%1 ms); se muestran estimaciones.</translation>
    </message>
    <message>
        <location line="-14"/>
        <location filename="../app/core/preview/takepreview.cpp" line="+33"/>
        <location line="+8"/>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <location filename="../app/core/preview/leftover.cpp" line="+14"/>
        <source>detached by run %1 and not dropped (the run ended before its DROP TABLE)</source>
        <translation>separada por la corrida %1 y no eliminada (la corrida terminó antes de su DROP TABLE)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>detached by run %1 and not dropped: %2</source>
        <translation>separada por la corrida %1 y no eliminada: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>DROP TABLE is refused while these depend on it: %1</source>
        <translation>DROP TABLE se rechaza mientras estos objetos dependan de ella: %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>it carries this app&apos;s detach marker (run %1) but its bounds cannot be read</source>
        <translation>lleva la marca de separación de esta aplicación (corrida %1), pero sus límites no se pueden leer</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it carries an older detach marker (run %1) without the table&apos;s identity, and it is not identidad.log_sesiones_YYYY_MM with bounds of one month</source>
        <translation>lleva una marca de separación antigua (corrida %1) sin la identidad de la tabla, y no es identidad.log_sesiones_YYYY_MM con límites de un mes</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its detach marker (run %1) was written for another table (oid %2, %3): a copied marker</source>
        <translation>su marca de separación (corrida %1) se escribió para otra tabla (oid %2, %3): una marca copiada</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>moved or renamed to %1 since run %2 detached it as %3</source>
        <translation>movida o renombrada a %1 desde que la corrida %2 la separó como %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>never dropped by this app. Drop it by hand if it is not needed, or run COMMENT ON TABLE %1 IS NULL to stop this notice</source>
        <translation>esta aplicación nunca la elimina. Elimínela a mano si no se necesita, o ejecute COMMENT ON TABLE %1 IS NULL para que deje de aparecer este aviso</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no table is named %1 any more (renamed, moved or dropped since the preview)</source>
        <translation>ya no hay ninguna tabla llamada %1 (renombrada, movida o eliminada desde la vista previa)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the table now named %1 is not the one the preview listed (oid %2, not %3)</source>
        <translation>la tabla que ahora se llama %1 no es la que mostró la vista previa (oid %2, no %3)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>it no longer carries this app&apos;s detach marker (re-attached, or its comment changed)</source>
        <translation>ya no lleva la marca de separación de esta aplicación (se volvió a adjuntar o cambió su comentario)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its marker&apos;s bounds changed since the preview (%1, not %2)</source>
        <translation>los límites de su marca cambiaron desde la vista previa (%1, no %2)</translation>
    </message>
    <message>
        <location filename="../app/core/purge/parallelrefusal.cpp" line="+46"/>
        <source>--strategy keyset runs on one connection: the parallel workers share out TID ranges. Leave out --parallel %1, or use --strategy tid.</source>
        <translation>--strategy keyset usa una sola conexión: los workers paralelos se reparten rangos de TID. Quite --parallel %1 o use --strategy tid.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--parallel %1: at most %2 deleting connections.</source>
        <translation>--parallel %1: como máximo %2 conexiones de borrado.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--parallel %1: this run cannot open connections of its own.</source>
        <translation>--parallel %1: esta corrida no puede abrir conexiones propias.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--parallel %1 is refused behind a connection pooler: each worker checks on its own server connection that the run&apos;s lock holder is alive. Connect directly to PostgreSQL.</source>
        <translation>--parallel %1 se rechaza detrás de un pooler de conexiones: cada worker comprueba en su propia conexión al servidor que la sesión que tiene el bloqueo de la corrida sigue viva. Conéctese directamente a PostgreSQL.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>--parallel %1: could not read the server&apos;s free connections: %2</source>
        <translation>--parallel %1: no se pudieron leer las conexiones libres del servidor: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>--parallel %1 needs %1 more connections, and the server has %2 free (max_connections less the sessions connected and the reserved ones, or the database&apos;s or the role&apos;s CONNECTION LIMIT). Use --parallel %3 or less.</source>
        <translation>--parallel %1 necesita %1 conexiones más, y el servidor tiene %2 libres (max_connections menos las sesiones conectadas y las reservadas, o el CONNECTION LIMIT de la base de datos o del rol). Use --parallel %3 o menos.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/partitionrestore.cpp" line="+159"/>
        <source>Could not ask for the advisory lock: %1</source>
        <translation>No se pudo pedir el bloqueo consultivo: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A purge holds advisory lock %1 (%2): restore is DDL on the same table. Nothing was changed; try again when it ends.</source>
        <translation>Una purga tiene el bloqueo consultivo %1 (%2): la restauración es DDL sobre la misma tabla. No se cambió nada; vuelva a intentarlo cuando termine.</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Could not restore %1: %2. Nothing was changed.</source>
        <translation>No se pudo restaurar %1: %2. No se cambió nada.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/keysetstrategy.cpp" line="+62"/>
        <source>%1: no index starts with (empresa_id, id), so every keyset batch scans and sorts the table. To walk an index instead, create it (without blocking writers): %2</source>
        <translation>%1: ningún índice empieza por (empresa_id, id), así que cada lote keyset recorre y ordena la tabla entera. Para recorrer un índice, créelo (sin bloquear a quienes escriben): %2</translation>
    </message>
</context>
<context>
    <name>purga::AboutDialog</name>
    <message>
        <location filename="../ui/window/aboutdialog.cpp" line="+28"/>
        <source>Proprietary: for internal use only, no licence granted to others.</source>
        <translation>Propietaria: solo para uso interno, sin licencia concedida a terceros.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>About purga-sesiones</source>
        <translation>Acerca de purga-sesiones</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Previews and purges expired session tokens of the identity service (ADR 0021) in PostgreSQL, in batches, with a receipt for every run.</source>
        <translation>Previsualiza y purga en lotes los tokens de sesión vencidos del servicio de identidad (ADR 0021) en PostgreSQL, con un comprobante de cada corrida.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Licence: %1</source>
        <translation>Licencia: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Log file: none (messages go to the terminal only).</source>
        <translation>Archivo de registro: ninguno (los mensajes van solo al terminal).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Log file: %1</source>
        <translation>Archivo de registro: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Database requests and purge lines, without passwords or token hashes. Start with --verbose to see them on the terminal too.</source>
        <translation>Peticiones a la base de datos y líneas de la purga, sin contraseñas ni hashes de tokens. Inicie con --verbose para verlas también en el terminal.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Copy versions</source>
        <translation>&amp;Copiar versiones</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;log folder</source>
        <translation>Abrir la carpeta del &amp;registro</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Version: %1</source>
        <translation>Versión: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Qt: %1</source>
        <translation>Qt: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>libpq: %1</source>
        <translation>libpq: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PostgreSQL server: %1</source>
        <translation>Servidor PostgreSQL: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PostgreSQL server: not connected</source>
        <translation>Servidor PostgreSQL: sin conexión</translation>
    </message>
</context>
<context>
    <name>purga::BackgroundWork</name>
    <message>
        <location filename="../ui/window/backgroundwork.cpp" line="+30"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cancel the database work in progress (%1)</source>
        <translation>Cancelar el trabajo en curso en la base de datos (%1)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 de %3)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cancelling %1…</source>
        <translation>Cancelando: %1…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Waiting for the database…</source>
        <translation>Esperando a la base de datos…</translation>
    </message>
</context>
<context>
    <name>purga::BarChartView</name>
    <message>
        <location filename="../ui/charts/barchartview.cpp" line="+52"/>
        <source>Others (%1)</source>
        <translation>Otras (%1)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 — nothing to show</source>
        <translation>%1 — nada que mostrar</translation>
    </message>
</context>
<context>
    <name>purga::ChartPanel</name>
    <message>
        <location filename="../ui/charts/chartpanel.cpp" line="+25"/>
        <location line="+10"/>
        <source>Show as table</source>
        <translation>Mostrar como tabla</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Show %1 as a table</source>
        <translation>Mostrar %1 como tabla</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+30"/>
        <source>%1, as a table</source>
        <translation>%1, como tabla</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>Hide table</source>
        <translation>Ocultar la tabla</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>%n row(s) of data; &quot;Show as table&quot; below lists them.</source>
        <translation>
            <numerusform>%n fila de datos; &quot;Mostrar como tabla&quot;, abajo, la muestra.</numerusform>
            <numerusform>%n filas de datos; &quot;Mostrar como tabla&quot;, abajo, las muestra.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>purga::ChecksPage</name>
    <message>
        <location filename="../ui/checks/checkspage.cpp" line="+45"/>
        <source>&amp;Connect…</source>
        <translation>&amp;Conectar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+155"/>
        <source>&amp;Run the checks again</source>
        <translation>&amp;Repetir las comprobaciones</translation>
    </message>
    <message>
        <location line="-154"/>
        <source>Create &amp;history tables</source>
        <translation>Crear tablas de &amp;historial</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Creates identidad.purga_corridas and identidad.purga_metricas, where every purge run is recorded.</source>
        <translation>Crea identidad.purga_corridas e identidad.purga_metricas, donde se registra cada corrida de purga.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Connection checks</source>
        <translation>Comprobaciones de la conexión</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>History tables created. The checks run again.</source>
        <translation>Tablas de historial creadas. Las comprobaciones se repiten.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Creating the history tables failed: %1</source>
        <translation>No se pudieron crear las tablas de historial: %1</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Creating the history tables…</source>
        <translation>Creando las tablas de historial…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cancelled</source>
        <translation>se canceló</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Passed</source>
        <translation>Correcto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warning</source>
        <translation>Advertencia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Fallido</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Blocks preview and purge.</source>
        <translation>Impide la vista previa y la purga.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Blocks purge.</source>
        <translation>Impide la purga.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&amp;Reconnect and run the checks</source>
        <translation>&amp;Reconectar y repetir las comprobaciones</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The history tables do not exist yet: purges will run without a record until you create them.</source>
        <translation>Las tablas de historial aún no existen: las purgas se ejecutarán sin registro hasta que las cree.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The history tables do not exist and this role cannot create them.</source>
        <translation>Las tablas de historial no existen y este rol no puede crearlas.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not connected. Connect to a database (Ctrl+K) to check what the role may do.</source>
        <translation>Sin conexión. Conéctese a una base de datos (Ctrl+K) para comprobar qué puede hacer el rol.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connection lost at %1: the checks below ran before then. They run again when the connection is back.</source>
        <translation>Conexión perdida el %1: las comprobaciones de abajo se ejecutaron antes. Se repiten cuando vuelva la conexión.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Checking what %1 may do on %2…</source>
        <translation>Comprobando qué puede hacer %1 en %2…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Preview and purge are refused with this connection:</source>
        <translation>La vista previa y la purga están denegadas con esta conexión:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Some rules are refused with this connection; the others may be previewed and purged:</source>
        <translation>Algunas reglas están denegadas con esta conexión; las demás admiten vista previa y purga:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Preview is allowed; purge is refused with this connection:</source>
        <translation>La vista previa está permitida; la purga está denegada con esta conexión:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>All checks passed: preview and purge are allowed.</source>
        <translation>Todas las comprobaciones son correctas: vista previa y purga permitidas.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preview and purge are allowed; read the warnings below.</source>
        <translation>Vista previa y purga permitidas; lea las advertencias de abajo.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Role %1 on database %2 · PostgreSQL %3 · server time zone %4</source>
        <translation>Rol %1 en la base de datos %2 · PostgreSQL %3 · zona horaria del servidor %4</translation>
    </message>
</context>
<context>
    <name>purga::ConnectDialog</name>
    <message>
        <location filename="../ui/connect/connectdialog.cpp" line="+43"/>
        <source>&amp;New</source>
        <translation>&amp;Nuevo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>De&amp;lete</source>
        <translation>E&amp;liminar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>D&amp;uplicate</source>
        <translation>&amp;Duplicar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Test connection</source>
        <translation>Probar cone&amp;xión</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Remember the password in the keychain</source>
        <translation>Recordar la contraseña en el lla&amp;vero</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+372"/>
        <source>C&amp;onnect</source>
        <translation>C&amp;onectar</translation>
    </message>
    <message>
        <location line="-368"/>
        <source>Connect to a database</source>
        <translation>Conectar a una base de datos</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Copies the selected profile under a new name; asks before copying its password.</source>
        <translation>Copia el perfil seleccionado con otro nombre; pregunta antes de copiar su contraseña.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Renames the selected profile; its password in the keychain follows it.</source>
        <translation>Cambia el nombre del perfil seleccionado; su contraseña en el llavero lo acompaña.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Connects with the values and password above and says what answered; saves nothing.</source>
        <translation>Conecta con los valores y la contraseña de arriba y dice qué respondió; no guarda nada.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saves the profile (never the password) and connects.</source>
        <translation>Guarda el perfil (nunca la contraseña) y conecta.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Profiles and libpq services:</source>
        <translation>Perfiles y servicios de libpq:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pass&amp;word:</source>
        <translation>Contr&amp;aseña:</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 (libpq service)</source>
        <translation>%1 (servicio de libpq)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>There is no profile or libpq service named &quot;%1&quot;.</source>
        <translation>No hay ningún perfil ni servicio de libpq llamado &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Reading the password from the keychain…</source>
        <translation>Leyendo la contraseña del llavero…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>libpq finds the password (PGPASSWORD, ~/.pgpass or the service file); type one here only to override it.</source>
        <translation>libpq busca la contraseña (PGPASSWORD, ~/.pgpass o el archivo de servicios); escriba una aquí solo para reemplazarla.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No keychain answered, so the password cannot be read or remembered. Type it: connecting works without the keychain.</source>
        <translation>Ningún llavero respondió, así que la contraseña no se puede leer ni recordar. Escríbala: la conexión funciona sin llavero.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The keychain is locked or refused access. Unlock it and select the profile again, or type the password.</source>
        <translation>El llavero está bloqueado o denegó el acceso. Desbloquéelo y vuelva a seleccionar el perfil, o escriba la contraseña.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The keychain failed.</source>
        <translation>El llavero falló.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Password read from the keychain.</source>
        <translation>Contraseña leída del llavero.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No password stored in the keychain for this profile: type it.</source>
        <translation>No hay contraseña guardada en el llavero para este perfil: escríbala.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The server accepted the password; it is saved in the keychain for profile %1.</source>
        <translation>El servidor aceptó la contraseña; quedó guardada en el llavero para el perfil %1.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The server accepted the password; saving it in the keychain…</source>
        <translation>El servidor aceptó la contraseña; guardándola en el llavero…</translation>
    </message>
    <message>
        <location line="+224"/>
        <source>Deleting profile %1…</source>
        <translation>Eliminando el perfil %1…</translation>
    </message>
    <message>
        <location line="-262"/>
        <source>The password was not saved in the keychain: %1</source>
        <translation>La contraseña no se guardó en el llavero: %1</translation>
    </message>
    <message>
        <location line="-300"/>
        <source>Ren&amp;ame…</source>
        <translation>&amp;Renombrar…</translation>
    </message>
    <message>
        <location line="+320"/>
        <source>The profile could not be saved: %1</source>
        <translation>No se pudo guardar el perfil: %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The password is removed from the keychain.</source>
        <translation>La contraseña se elimina del llavero.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>A libpq service is edited in its service file, not here.</source>
        <translation>Un servicio de libpq se edita en su archivo de servicios, no aquí.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Profile %1 saved.</source>
        <translation>Perfil %1 guardado.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Testing the connection to %1…</source>
        <translation>Probando la conexión con %1…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The connection test was cancelled.</source>
        <translation>La prueba de conexión se canceló.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copying profile %1…</source>
        <translation>Copiando el perfil %1…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Rename profile</source>
        <translation>Renombrar perfil</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New name for profile %1:</source>
        <translation>Nuevo nombre para el perfil %1:</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Profile %1 is the one connected: disconnect first, then rename it.</source>
        <translation>El perfil %1 es el que está conectado: desconecte primero y luego renómbrelo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Renaming profile %1…</source>
        <translation>Renombrando el perfil %1…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Delete profile</source>
        <translation>Eliminar perfil</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the profile %1 and forget its password in the keychain?</source>
        <translation>¿Eliminar el perfil %1 y olvidar su contraseña en el llavero?</translation>
    </message>
</context>
<context>
    <name>purga::ConnectionBar</name>
    <message>
        <location filename="../ui/window/connectionbar.cpp" line="+104"/>
        <source>Not connected</source>
        <translation>Sin conexión</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Environment not set</source>
        <translation>Entorno sin definir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the profile&apos;s environment in the connection dialog: production, staging and development colour the window.</source>
        <translation>Elija el entorno del perfil en el diálogo de conexión: producción, preproducción y desarrollo colorean la ventana.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The profile&apos;s environment is %1.</source>
        <translation>El entorno del perfil es %1.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(unnamed profile)</source>
        <translation>(perfil sin nombre)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a profile and connect (Ctrl+K).</source>
        <translation>Elija un perfil y conéctese (Ctrl+K).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PG %1</source>
        <translation>PG %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The role bypasses row level security: it sees every tenant&apos;s rows.</source>
        <translation>El rol omite la seguridad a nivel de fila: ve las filas de todas las empresas.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The role does not bypass row level security: it would only see one tenant&apos;s rows, so preview and purge are refused.</source>
        <translation>El rol no omite la seguridad a nivel de fila: solo vería las filas de una empresa, así que la vista previa y la purga se deniegan.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>STANDBY (read-only)</source>
        <translation>STANDBY (solo lectura)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server is a standby in recovery: nothing can be deleted here.</source>
        <translation>El servidor es un standby en recuperación: aquí no se puede borrar nada.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Connection lost — reconnecting…</source>
        <translation>Conexión perdida — reconectando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lost at %1.</source>
        <translation>Perdida el %1.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>sslmode=%1: password may go to an impostor</source>
        <translation>sslmode=%1: la contraseña podría ir a un impostor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With sslmode=%1 towards %2, libpq hands the password to whoever answers, without checking the server&apos;s certificate. Edit the profile: sslmode verify-full.</source>
        <translation>Con sslmode=%1 hacia %2, libpq entrega la contraseña a quien responda, sin verificar el certificado del servidor. Edite el perfil: sslmode verify-full.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TLS %1</source>
        <translation>TLS %1</translation>
    </message>
</context>
<context>
    <name>purga::DbSession</name>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="+173"/>
        <source>Connecting to %1</source>
        <translation>Conexión a %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Disconnecting</source>
        <translation>Desconexión</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+7"/>
        <source>Preflight checks</source>
        <translation>Comprobaciones previas</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Creating the history tables</source>
        <translation>Creación del historial</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>History tables are ready.</source>
        <translation>Las tablas de historial están listas.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Exact counts</source>
        <translation>Conteos exactos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Estimates</source>
        <translation>Estimaciones</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Preview</source>
        <translation>Vista previa</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>VACUUM (ANALYZE)</source>
        <translation>VACUUM (ANALYZE)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>VACUUM (ANALYZE) done: %1.</source>
        <translation>VACUUM (ANALYZE) terminado: %1.</translation>
    </message>
    <message>
        <location line="+134"/>
        <source>Receipt chain</source>
        <translation>Cadena de comprobantes</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Verifying a receipt</source>
        <translation>Verificación de un comprobante</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Signing the receipt</source>
        <translation>Firma del comprobante</translation>
    </message>
</context>
<context>
    <name>purga::Display</name>
    <message>
        <location filename="../ui/style/displayformat.cpp" line="+112"/>
        <source>Times in UTC</source>
        <translation>Horas en UTC</translation>
    </message>
</context>
<context>
    <name>purga::FleetModel</name>
    <message>
        <location filename="../ui/fleet/fleetmodel.cpp" line="+84"/>
        <source> (%1 d)</source>
        <translation> (%1 d)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>running…</source>
        <translation>en curso…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>waiting</source>
        <translation>en espera</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>may purge</source>
        <translation>puede purgar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>none</source>
        <comment>pooler</comment>
        <translation>ninguno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>session</source>
        <comment>pooler mode</comment>
        <translation>sesión</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>transaction</source>
        <comment>pooler mode</comment>
        <translation>transacción</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>free</source>
        <translation>libre</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Outcome</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checks</source>
        <translation>Comprobaciones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pooler</source>
        <translation>Pooler</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Purge lock</source>
        <translation>Bloqueo de la purga</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Refresh tokens deleted</source>
        <translation>Tokens de refresco borrados</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Refresh tokens</source>
        <translation>Tokens de refresco</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pre-tokens deleted</source>
        <translation>Pre-tokens borrados</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pre-tokens</source>
        <translation>Pre-tokens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Session log deleted</source>
        <translation>Registro de sesiones borrado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Session log (partitions)</source>
        <translation>Registro de sesiones (particiones)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Health</source>
        <translation>Salud</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last good job run</source>
        <translation>Última corrida correcta del job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Detail</source>
        <translation>Detalle</translation>
    </message>
</context>
<context>
    <name>purga::FleetPage</name>
    <message>
        <location filename="../ui/fleet/fleetpage.cpp" line="+38"/>
        <source>&amp;Check fleet</source>
        <translation>&amp;Comprobar la flota</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Purge fleet…</source>
        <translation>Purgar la flota…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>tags, e.g. region:eu prod</source>
        <translation>etiquetas, p. ej. region:eu prod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The profiles carrying every one of these tags (profile-save --tag).</source>
        <translation>Los perfiles que llevan todas estas etiquetas (profile-save --tag).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Servers asked at once; each has its own connection and timeout.</source>
        <translation>Servidores consultados a la vez; cada uno con su propia conexión y su propio tiempo de espera.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rules to purge</source>
        <translation>Reglas que purgar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fleet tags</source>
        <translation>Etiquetas de la flota</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All rules</source>
        <translation>Todas las reglas</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Servers purged at once (1: one by one).</source>
        <translation>Servidores purgados a la vez (1: de uno en uno).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Purge these first servers, and the rest only if every one of them ended ok.</source>
        <translation>Purgar primero estos servidores, y el resto solo si todos ellos terminaron bien.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this many servers did not end ok, start no other.</source>
        <translation>Cuando este número de servidores no termine bien, no iniciar ningún otro.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&lt;b&gt;Fleet&lt;/b&gt; — every profile carrying the tags, one row per server</source>
        <translation>&lt;b&gt;Flota&lt;/b&gt; — todos los perfiles que llevan las etiquetas, una fila por servidor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tags:</source>
        <translation>Etiquetas:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connections:</source>
        <translation>Conexiones:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>At once:</source>
        <translation>A la vez:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Canary:</source>
        <translation>Canario:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after failures:</source>
        <translation>Detener tras fallos:</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Check the fleet first: the confirmation restates what the check found on each server.</source>
        <translation>Compruebe antes la flota: la confirmación repite lo que la comprobación encontró en cada servidor.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restate the servers and rules of the last check and confirm before anything is deleted.</source>
        <translation>Repetir los servidores y las reglas de la última comprobación y confirmar antes de borrar nada.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Purge the fleet</source>
        <translation>Purgar la flota</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the fleet first: the confirmation restates what the check found on each server, and these tags name servers it did not check.</source>
        <translation>Compruebe antes la flota: la confirmación repite lo que la comprobación encontró en cada servidor, y estas etiquetas nombran servidores que no comprobó.</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Type the tags of a fleet.</source>
        <translation>Escriba las etiquetas de una flota.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No saved profile carries every tag of &quot;%1&quot;.</source>
        <translation>Ningún perfil guardado lleva todas las etiquetas de &quot;%1&quot;.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n server(s) carry these tags.</source>
        <translation>
            <numerusform>%n servidor lleva estas etiquetas.</numerusform>
            <numerusform>%n servidores llevan estas etiquetas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+29"/>
        <source>%1 %n partition(s)</source>
        <translation>
            <numerusform>%1 %n partición</numerusform>
            <numerusform>%1 %n particiones</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 of %n server(s) ended ok.</source>
        <translation>
            <numerusform>%1 de %n servidor terminó bien.</numerusform>
            <numerusform>%1 de %n servidores terminaron bien.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deleted across the fleet: %1</source>
        <translation>Borradas en toda la flota: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Removable across the fleet: %1</source>
        <translation>Eliminables en toda la flota: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 has %2</source>
        <translation>%1 tiene %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drift in %1 %2: most servers have %3; %4.</source>
        <translation>Divergencia en %1 %2: la mayoría de los servidores tiene %3; %4.</translation>
    </message>
</context>
<context>
    <name>purga::FleetRunner</name>
    <message>
        <location filename="../app/core/fleet/fleetrunner.cpp" line="+122"/>
        <source>Could not start %1.</source>
        <translation>No se pudo iniciar %1.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>No answer within %1 s: stopped.</source>
        <translation>Sin respuesta en %1 s: detenido.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The command crashed.</source>
        <translation>El comando terminó de forma anómala.</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>the failure budget (%n failed server(s)) was spent</source>
        <translation>
            <numerusform>se agotó el margen de fallos (%n servidor fallido)</numerusform>
            <numerusform>se agotó el margen de fallos (%n servidores fallidos)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>a server of the canary wave did not end ok</source>
        <translation>un servidor de la tanda canario no terminó bien</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>the fleet was stopped</source>
        <translation>se detuvo la flota</translation>
    </message>
</context>
<context>
    <name>purga::ForensicsPage</name>
    <message>
        <location filename="../ui/forensics/forensicspage.cpp" line="+54"/>
        <source>Token look-up</source>
        <translation>Búsqueda de token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User timeline</source>
        <translation>Cronología del usuario</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Evidence freeze</source>
        <translation>Congelación de evidencias</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Legal holds</source>
        <translation>Retenciones legales</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Released: purges may run again.</source>
        <translation>Congelación levantada: las purgas pueden volver a ejecutarse.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Taking the purge lock on a connection of its own…</source>
        <translation>Tomando el bloqueo de la purga en una conexión propia…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not connected: connect to a database first.</source>
        <translation>Sin conexión: conéctese primero a una base de datos.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Look-ups need a role that bypasses row level security: under RLS a token of another tenant would look absent.</source>
        <translation>Las búsquedas necesitan un rol que omita la seguridad a nivel de fila: con RLS, un token de otra empresa parecería no existir.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Release the freeze</source>
        <translation>&amp;Levantar la congelación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Freeze again</source>
        <translation>Volver a con&amp;gelar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Freeze purges</source>
        <translation>Con&amp;gelar las purgas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Holds the purge lock on a connection of its own: neither this app nor the scheduled job can purge until you release it or close the app (Ctrl+Shift+F)</source>
        <translation>Retiene el bloqueo de la purga en una conexión propia: ni esta aplicación ni el job programado pueden purgar hasta que usted lo libere o cierre la aplicación (Ctrl+Mayús+F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Frozen since %1.</source>
        <translation>Congeladas desde %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Purges run normally. Freeze them while an investigation needs the evidence.</source>
        <translation>Las purgas se ejecutan con normalidad. Congélelas mientras una investigación necesite las evidencias.</translation>
    </message>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="-41"/>
        <source>Closing the lost freeze&apos;s history</source>
        <translation>Cierre del historial de la congelación perdida</translation>
    </message>
</context>
<context>
    <name>purga::FreezeBanner</name>
    <message>
        <location filename="../ui/window/freezebanner.cpp" line="+16"/>
        <source>&amp;Release the freeze</source>
        <translation>&amp;Levantar la congelación</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dismiss</source>
        <translation>Ocultar</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Purges frozen since %1 by role %2, OS user %3: neither this app nor the scheduled job can purge (lock %4 held).</source>
        <translation>Purgas congeladas desde %1 por el rol %2, usuario del SO %3: ni esta aplicación ni el job programado pueden purgar (bloqueo %4 retenido).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>History: %1.</source>
        <translation>Historial: %1.</translation>
    </message>
</context>
<context>
    <name>purga::FreezeController</name>
    <message>
        <location filename="../app/core/session/freezecontroller.cpp" line="+70"/>
        <source>Freezing purges</source>
        <translation>Congelación de las purgas</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nothing was frozen: %1</source>
        <translation>No se congeló nada: %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The purge lock is held by %1: a purge or the scheduled job is running.</source>
        <translation>El bloqueo de la purga lo tiene %1: hay una purga o el job programado en curso.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Checking the freeze</source>
        <translation>Estado de la congelación</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The freeze&apos;s connection was lost: purges are no longer held.</source>
        <translation>Se perdió la conexión de la congelación: las purgas ya no están retenidas.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Releasing the freeze</source>
        <translation>Fin de la congelación</translation>
    </message>
</context>
<context>
    <name>purga::HealthBanner</name>
    <message>
        <location filename="../ui/window/healthbanner.cpp" line="+47"/>
        <source>Purge health: %1</source>
        <translation>Salud de las purgas: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Purge health: nothing overdue; last successful run %1.</source>
        <translation>Salud de las purgas: nada atrasado; última corrida correcta: %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Purge health: nothing overdue (no successful run recorded).</source>
        <translation>Salud de las purgas: nada atrasado (no hay ninguna corrida correcta registrada).</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>(%n more)</source>
        <translation>
            <numerusform>(%n más)</numerusform>
            <numerusform>(%n más)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+16"/>
        <source>See the checks (Ctrl+0).</source>
        <translation>Ver las comprobaciones (Ctrl+0).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the History (Ctrl+4).</source>
        <translation>Abra el Historial (Ctrl+4).</translation>
    </message>
</context>
<context>
    <name>purga::HistoryCharts</name>
    <message>
        <location filename="../ui/charts/historycharts.cpp" line="+43"/>
        <source>job</source>
        <translation>job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>manual</source>
        <translation>manual</translation>
    </message>
    <message>
        <location line="+129"/>
        <source>Rows removed per day</source>
        <translation>Filas eliminadas por día</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows removed per week</source>
        <translation>Filas eliminadas por semana</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows removed per month</source>
        <translation>Filas eliminadas por mes</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Period</source>
        <translation>Periodo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job runs</source>
        <translation>Corridas del job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Manual runs</source>
        <translation>Corridas manuales</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rows removed</source>
        <translation>Filas eliminadas</translation>
    </message>
    <message>
        <location line="+35"/>
        <location filename="../ui/charts/runcharts.cpp" line="+180"/>
        <source>rows</source>
        <translation>filas</translation>
    </message>
    <message>
        <location filename="../ui/charts/runcharts.cpp" line="-115"/>
        <source>Since the last successful job run</source>
        <translation>Desde la última corrida correcta del job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Alarm: %1</source>
        <translation>Alarma: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hours since the job last succeeded</source>
        <translation>Horas desde la última corrida correcta del job</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: the job last succeeded %2 before</source>
        <translation>%1: la última corrida correcta del job fue %2 antes</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no successful job run in the range or before it</source>
        <translation>ninguna corrida correcta del job en el rango ni antes</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time since the last successful job run: %1</source>
        <translation>Tiempo desde la última corrida correcta del job: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hours</source>
        <translation>horas</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Longest run started</source>
        <translation>Inicio de la corrida más larga</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Origin</source>
        <translation>Origen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Runs</source>
        <translation>Corridas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Longest</source>
        <translation>La más larga</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 run started %2: %3 (the longest of %4 runs)</source>
        <translation>Corrida %1 iniciada el %2: %3 (la más larga de %4 corridas)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>job runs (longest)</source>
        <translation>corridas del job (la más larga)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>manual runs (longest)</source>
        <translation>corridas manuales (la más larga)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Run duration</source>
        <translation>Duración de la corrida</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Run started</source>
        <translation>Inicio de la corrida</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Table</source>
        <translation>Tabla</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rows</source>
        <translation>Filas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 after the run started %2: %3</source>
        <translation>%1 tras la corrida iniciada el %2: %3</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Rows in each table after the runs</source>
        <translation>Filas de cada tabla tras las corridas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes of each table after the runs</source>
        <translation>Bytes de cada tabla tras las corridas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: none recorded in this range</source>
        <translation>%1: nada registrado en este rango</translation>
    </message>
</context>
<context>
    <name>purga::HistoryCharts::Support</name>
    <message>
        <location filename="../ui/charts/historycharts.cpp" line="-126"/>
        <source>h</source>
        <translation>h</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
</context>
<context>
    <name>purga::HistoryPage</name>
    <message>
        <location filename="../ui/history/historypage.cpp" line="+59"/>
        <source>Rows removed per day</source>
        <translation>Filas eliminadas por día</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Time since the last successful job run</source>
        <translation>Tiempo desde la última corrida correcta del job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run duration</source>
        <translation>Duración de la corrida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows in each table after the runs</source>
        <translation>Filas de cada tabla tras las corridas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes of each table after the runs</source>
        <translation>Bytes de cada tabla tras las corridas</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Last 24 hours</source>
        <translation>Últimas 24 horas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last 7 days</source>
        <translation>Últimos 7 días</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last 30 days</source>
        <translation>Últimos 30 días</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last 90 days</source>
        <translation>Últimos 90 días</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last year</source>
        <translation>Último año</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All</source>
        <translation>Todo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Custom…</source>
        <translation>Personalizado…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Range</source>
        <translation>Rango</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Days in</source>
        <translation>Días según</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local time</source>
        <translation>Hora local</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server time</source>
        <translation>Hora del servidor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter runs</source>
        <translation>Filtrar corridas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter runs (origin, operator, status…)</source>
        <translation>Filtrar corridas (origen, operador, estado…)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset zoom</source>
        <translation>Restablecer zoom</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drag across a chart to zoom in on a time span; this shows the whole range again.</source>
        <translation>Arrastre sobre un gráfico para ampliar un intervalo de tiempo; esto vuelve a mostrar el rango completo.</translation>
    </message>
    <message>
        <location line="+250"/>
        <source>Showing the newest %1 of %2 runs in this table (the charts count them all): narrow the range to list the others.</source>
        <translation>Esta tabla muestra las %1 corridas más recientes de %2 (los gráficos las cuentan todas): acote el rango para ver las demás.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln run(s), days in %1</source>
        <translation>
            <numerusform>%Ln corrida, días en %1</numerusform>
            <numerusform>%Ln corridas, días en %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/history/historyrunsmodel.cpp" line="+216"/>
        <source>Origin</source>
        <translation>Origen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Database role</source>
        <translation>Rol de la base de datos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OS user</source>
        <translation>Usuario del SO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Started (UTC)</source>
        <translation>Inicio (UTC)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows per table</source>
        <translation>Filas por tabla</translation>
    </message>
    <message>
        <location filename="../ui/history/historypage.cpp" line="-250"/>
        <source>Double-click a run for its detail.</source>
        <translation>Haga doble clic en una corrida para ver su detalle.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Runs</source>
        <translation>Corridas</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Range:</source>
        <translation>&amp;Rango:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Days in:</source>
        <translation>&amp;Días según:</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>Reading the history…</source>
        <translation>Leyendo el historial…</translation>
    </message>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="-68"/>
        <source>Read the purge history</source>
        <translation>Lectura del historial</translation>
    </message>
    <message>
        <location filename="../ui/history/historypage.cpp" line="+122"/>
        <source>Runs shown as CSV…</source>
        <translation>Corridas mostradas como CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows chart as PNG…</source>
        <translation>Gráfico de filas como PNG…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Duration chart as PNG…</source>
        <translation>Gráfico de duración como PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sizes chart as PNG…</source>
        <translation>Gráfico de tamaños como PNG…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bytes chart as PNG…</source>
        <translation>Gráfico de bytes como PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job gap chart as PNG…</source>
        <translation>Gráfico del tiempo desde el último job correcto como PNG…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export runs</source>
        <translation>Exportar corridas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not write %1: %2</source>
        <translation>No se pudo escribir %1: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save chart</source>
        <translation>Guardar gráfico</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PNG images (*.png)</source>
        <translation>Imágenes PNG (*.png)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not write %1</source>
        <translation>No se pudo escribir %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/calendaraxis.cpp" line="+103"/>
        <source>Day, %2 to %3 (%1)</source>
        <translation>Día, del %2 al %3 (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Day (%1)</source>
        <translation>Día (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Week from Monday (%1)</source>
        <translation>Semana desde el lunes (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Month (%1)</source>
        <translation>Mes (%1)</translation>
    </message>
    <message>
        <location filename="../ui/charts/runcharts.cpp" line="-172"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
</context>
<context>
    <name>purga::HoldsView</name>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="+33"/>
        <source>Legal holds</source>
        <translation>Retenciones legales</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add a legal hold</source>
        <translation>Alta de una retención legal</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Release a legal hold</source>
        <translation>Levantamiento de una retención legal</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No hold #%1.</source>
        <translation>No existe la retención #%1.</translation>
    </message>
    <message>
        <location filename="../ui/forensics/holdsview.cpp" line="+34"/>
        <location line="+31"/>
        <source>Until</source>
        <translation>Hasta</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>&amp;Add hold</source>
        <translation>Añadir &amp;retención</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;lease selected</source>
        <translation>Levan&amp;tar la seleccionada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reload</source>
        <translation>Recargar</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Hold scope</source>
        <translation>Alcance de la retención</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User (tenant:user)</source>
        <translation>Usuario (empresa:usuario)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token family (UUID)</source>
        <translation>Familia de tokens (UUID)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tenant</source>
        <translation>Empresa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token (hash)</source>
        <translation>Token (hash)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+35"/>
        <source>e.g. 5:7</source>
        <translation>p. ej. 5:7</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>Incident or ticket, e.g. INC-123</source>
        <translation>Incidente o ticket, p. ej. INC-123</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Scope</source>
        <translation>Alcance</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Added</source>
        <translation>Añadida</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Released</source>
        <translation>Levantada</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>e.g. 6f1c2a4e-…</source>
        <translation>p. ej. 6f1c2a4e-…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. 5</source>
        <translation>p. ej. 5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>64 hexadecimal digits</source>
        <translation>64 dígitos hexadecimales</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rows a hold matches are kept by every purge of this app until it is released.</source>
        <translation>Todas las purgas de esta aplicación conservan las filas que abarca una retención hasta que se levanta.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Scope:</source>
        <translation>Alcance:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reason:</source>
        <translation>&amp;Motivo:</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Could not read the holds: %1</source>
        <translation>No se pudieron leer las retenciones: %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Say why: the incident or ticket the hold is for.</source>
        <translation>Indique el motivo: el incidente o ticket de la retención.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Hold #%1 added: no purge removes the rows of %2.</source>
        <translation>Retención #%1 añadida: ninguna purga elimina las filas de %2.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Could not add the hold: %1</source>
        <translation>No se pudo añadir la retención: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Hold #%1 released (recorded, not deleted).</source>
        <translation>Retención #%1 levantada (queda registrada, no se borra).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hold #%1 was released before.</source>
        <translation>La retención #%1 ya se había levantado.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not release the hold: %1</source>
        <translation>No se pudo levantar la retención: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>released</source>
        <translation>levantada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>active</source>
        <translation>activa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expired</source>
        <translation>vencida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+3"/>
        <source>%1
by %2</source>
        <translation>%1
por %2</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>until released</source>
        <translation>hasta que se levante</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No legal holds in this database.</source>
        <translation>No hay retenciones legales en esta base de datos.</translation>
    </message>
</context>
<context>
    <name>purga::LiveControls</name>
    <message>
        <location filename="../ui/purge/livecontrols.cpp" line="+25"/>
        <source>Rows per batch; a change applies from the next batch</source>
        <translation>Filas por lote; un cambio se aplica desde el próximo lote</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>After each batch, sleep this many times the batch&apos;s own time</source>
        <translation>Tras cada lote, esperar este múltiplo de la duración del propio lote</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hold the run before its next batch; the connection and the lock stay</source>
        <translation>Retener la corrida antes de su próximo lote; la conexión y el bloqueo se mantienen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>off</source>
        <translation>desactivado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Max replica lag: no batch starts while a standby replays more than this behind (0: off). Saved in the profile; during a run it applies from the next batch</source>
        <translation>Retraso máximo de réplica: ningún lote empieza mientras una réplica reproduzca con más retraso que este (0: desactivado). Se guarda en el perfil; durante una corrida se aplica desde el siguiente lote</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Batch size:</source>
        <translation>Tamaño de lote:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nice ratio:</source>
        <translation>Factor nice:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Max lag:</source>
        <translation>Retraso máx.:</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
</context>
<context>
    <name>purga::LockHolderPanel</name>
    <message>
        <location filename="../ui/common/lockholderpanel.cpp" line="+23"/>
        <source>Terminate that session…</source>
        <translation>Terminar esa sesión…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check again</source>
        <translation>Volver a comprobar</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>pg_terminate_backend() on the session holding the purge lock, after a confirmation that names it</source>
        <translation>pg_terminate_backend() sobre la sesión que tiene el bloqueo de la purga, tras una confirmación que la nombra</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Read pg_locks again: who holds the purge lock and who waits for it</source>
        <translation>Volver a leer pg_locks: quién tiene el bloqueo de la purga y quién lo espera</translation>
    </message>
    <message>
        <location line="+139"/>
        <source>Terminate the session holding purge lock %1?

pid: %2
application: %3
role: %4
client: %5
connected since: %6
idle for: %7

Its connection is closed and PostgreSQL releases the lock. If it is the scheduled job&apos;s pooled connection, the pool opens a new one. Nothing it committed is undone.

%8</source>
        <translation>¿Terminar la sesión que tiene el bloqueo de la purga %1?

pid: %2
aplicación: %3
rol: %4
cliente: %5
conectada desde: %6
inactiva desde hace: %7

Su conexión se cierra y PostgreSQL libera el bloqueo. Si es la conexión del pool del job programado, el pool abre una nueva. No se deshace nada de lo que confirmó.

%8</translation>
    </message>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="-77"/>
        <source>Read who holds the purge lock</source>
        <translation>Consulta del bloqueo</translation>
    </message>
    <message>
        <location filename="../ui/common/lockholderpanel.cpp" line="-79"/>
        <source>Could not read who holds the purge lock: %1</source>
        <translation>No se pudo leer quién tiene el bloqueo de la purga: %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Purge lock %1 held by this purge (server pid %2) until it ends; the scheduled job and other purges cannot start meanwhile.</source>
        <translation>Bloqueo de la purga %1 retenido por esta purga (pid del servidor %2) hasta que termine; mientras tanto, ni el job programado ni otras purgas pueden empezar.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This is this app&apos;s evidence freeze: release it on the Forensics page.</source>
        <translation>Es la congelación de evidencias de esta aplicación: levántela en la página Forense.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>(none)</source>
        <translation>(ninguno)</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+14"/>
        <source>Terminate the lock holder</source>
        <translation>Terminar la sesión que tiene el bloqueo</translation>
    </message>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="+8"/>
        <location filename="../ui/common/lockholderpanel.cpp" line="-12"/>
        <source>Terminate pid %1</source>
        <translation>Terminar el pid %1</translation>
    </message>
</context>
<context>
    <name>purga::MainWindow</name>
    <message>
        <location filename="../ui/window/mainwindow.cpp" line="+146"/>
        <source>Last refresh: %1</source>
        <translation>Última actualización: %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Rule settings saved. Take a new preview before purging.</source>
        <translation>Ajustes de reglas guardados. Tome una vista previa nueva antes de purgar.</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>&amp;Connect…</source>
        <translation>&amp;Conectar…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Disconnect</source>
        <translation>&amp;Desconectar</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Rule &amp;settings…</source>
        <translation>Ajustes de las &amp;reglas…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Retention, batch size and lock timeout of each rule for this profile (%1)</source>
        <translation>Retención, tamaño de lote y lock_timeout de cada regla para este perfil (%1)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location line="-189"/>
        <source>C&amp;hecks</source>
        <translation>C&amp;omprobaciones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Overview</source>
        <translation>&amp;Resumen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Preview</source>
        <translation>&amp;Vista previa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>P&amp;urge</source>
        <translation>&amp;Purga</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;History</source>
        <translation>&amp;Historial</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Forensics</source>
        <translation>&amp;Forense</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>F&amp;leet</source>
        <translation>F&amp;lota</translation>
    </message>
    <message>
        <location line="+195"/>
        <source>&amp;Refresh</source>
        <translation>Actuali&amp;zar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Cancel database operation</source>
        <translation>&amp;Cancelar operación</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About purga-sesiones</source>
        <translation>&amp;Acerca de purga-sesiones</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open &amp;log folder</source>
        <translation>Abrir la carpeta del &amp;registro</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Connection lost — reconnecting… (%1, lost at %2)</source>
        <translation>Conexión perdida — reconectando… (%1, perdida el %2)</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>[PRODUCTION] %1</source>
        <translation>[PRODUCCIÓN] %1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>F&amp;orensics</source>
        <translation>&amp;Forense</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Look up a token…</source>
        <translation>&amp;Buscar un token…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Freeze purges / release</source>
        <translation>&amp;Congelar las purgas / levantar</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Release the evidence freeze?</source>
        <translation>¿Levantar la congelación de evidencias?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Purges are frozen since %1. Closing the app releases the freeze: this app and the scheduled job may purge again. Close anyway?</source>
        <translation>Las purgas están congeladas desde %1. Cerrar la aplicación levanta la congelación: esta aplicación y el job programado podrán volver a purgar. ¿Cerrar de todos modos?</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>Connected: %1</source>
        <translation>Conectado: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>purge running</source>
        <translation>purga en curso</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not connected</source>
        <translation>Sin conexión</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Checks</source>
        <translation>Comprobaciones</translation>
    </message>
</context>
<context>
    <name>purga::OverviewPage</name>
    <message>
        <location filename="../ui/overview/overviewpage.cpp" line="+30"/>
        <source>&amp;Refresh</source>
        <translation>Actuali&amp;zar</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Refresh the counts (F5)</source>
        <translation>Actualizar los conteos (F5)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>off</source>
        <translation>no</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Refresh the overview every so many minutes (off by default). Skipped while another database operation or a purge runs.</source>
        <translation>Actualizar el resumen cada tantos minutos (desactivado por defecto). Se omite mientras corre otra operación de base de datos o una purga.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Auto-refresh every</source>
        <translation>Actualización &amp;automática cada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Overview</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <location line="+125"/>
        <source>Not connected. Connect to a database (Ctrl+K) to see its session tables.</source>
        <translation>Sin conexión. Conéctese a una base de datos (Ctrl+K) para ver sus tablas de sesión.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reading the catalog statistics…</source>
        <translation>Leyendo las estadísticas del catálogo…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Exact counts, taken %1 with the rules&apos; own SQL.</source>
        <translation>Conteos exactos, tomados el %1 con el propio SQL de las reglas.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Estimates from the catalog statistics (%1); exact counts are being computed in the background.</source>
        <translation>Estimaciones de las estadísticas del catálogo (%1); los conteos exactos se calculan en segundo plano.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Estimates from the catalog statistics (%1). Exact counts need a role that may preview: see Checks.</source>
        <translation>Estimaciones de las estadísticas del catálogo (%1). Los conteos exactos necesitan un rol con permiso de vista previa: vea Comprobaciones.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: estimates only, its preview is refused (see Checks).</source>
        <translation>%1: solo estimaciones; su vista previa está denegada (vea Comprobaciones).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Retention measured from the database clock at %1.</source>
        <translation>Retención medida desde el reloj de la base de datos el %1.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Months of %1 (partitions, oldest first)</source>
        <translation>Meses de %1 (particiones, la más antigua primero)</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Months of %1 (partitions, oldest first; %n in quarantine)</source>
        <translation>
            <numerusform>Meses de %1 (particiones, la más antigua primero; %n en cuarentena)</numerusform>
            <numerusform>Meses de %1 (particiones, la más antigua primero; %n en cuarentena)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>purga::PartitionStrip</name>
    <message>
        <location filename="../ui/overview/partitionstrip.cpp" line="+61"/>
        <source>DEFAULT</source>
        <translation>DEFAULT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never removed</source>
        <translation>nunca se elimina</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+33"/>
        <source>(no lower bound)</source>
        <translation>(sin límite inferior)</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>Months of the session log</source>
        <translation>Meses del registro de sesiones</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>removable</source>
        <translation>eliminable</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>kept</source>
        <translation>se conserva</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>In quarantine until %1</source>
        <translation>En cuarentena hasta %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>was %1 %2</source>
        <translation>antes %1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Its days are over: the next purge drops it.</source>
        <translation>Cumplió sus días: la próxima purga la elimina.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>partition-restore %1 attaches it again.</source>
        <translation>partition-restore %1 la vuelve a adjuntar.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>quarantine over</source>
        <translation>cuarentena cumplida</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>in quarantine</source>
        <translation>en cuarentena</translation>
    </message>
    <message>
        <location line="+210"/>
        <source>%1: %2, %3, %4</source>
        <translation>%1: %2, %3, %4</translation>
    </message>
    <message>
        <location line="-246"/>
        <location line="+33"/>
        <source>%1 rows</source>
        <translation>%1 filas</translation>
    </message>
</context>
<context>
    <name>purga::PartitionTable</name>
    <message>
        <location filename="../ui/preview/partitiontable.cpp" line="+41"/>
        <source>Partition</source>
        <translation>Partición</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>From (UTC)</source>
        <translation>Desde (UTC)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>To (UTC)</source>
        <translation>Hasta (UTC)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rows</source>
        <translation>Filas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Purge</source>
        <translation>Purga</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>DEFAULT: never removed</source>
        <translation>DEFAULT: nunca se elimina</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Detached, not dropped: %1. The purge drops it.</source>
        <translation>Separada, no eliminada: %1. La purga la elimina.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Removable, but DROP TABLE is refused while these depend on it: %1</source>
        <translation>Eliminable, pero DROP TABLE se rechaza mientras estos objetos dependan de ella: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Removable (detach, then quarantine)</source>
        <translation>Eliminable (DETACH y a cuarentena)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Removable (detach and drop)</source>
        <translation>Eliminable (DETACH y DROP)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kept (inside retention)</source>
        <translation>Se conserva (dentro de la retención)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Was %1 (%2), in quarantine since %3</source>
        <translation>Era %1 (%2), en cuarentena desde el %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Rows when it was moved to quarantine</source>
        <translation>Filas cuando se movió a cuarentena</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+2"/>
        <source>DEFAULT</source>
        <translation>DEFAULT</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+21"/>
        <source>MINVALUE</source>
        <translation>MINVALUE</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Recorded in quarantine, but its table is gone or was replaced: never dropped</source>
        <translation>Registrada en cuarentena, pero su tabla ya no está o fue sustituida: nunca se elimina</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quarantine ended %1: this purge drops it</source>
        <translation>Cuarentena terminada el %1: esta purga la elimina</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In quarantine until %1 (partition-restore attaches it again)</source>
        <translation>En cuarentena hasta el %1 (partition-restore la vuelve a adjuntar)</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+22"/>
        <source>MAXVALUE</source>
        <translation>MAXVALUE</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Estimate from the catalog</source>
        <translation>Estimación del catálogo</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Left alone, never dropped: %1</source>
        <translation>No se toca, nunca se elimina: %1</translation>
    </message>
</context>
<context>
    <name>purga::PasswordStore</name>
    <message>
        <location filename="../app/core/security/passwordstore.cpp" line="+196"/>
        <source>The profile has no name, so its password has no place in the keychain.</source>
        <translation>El perfil no tiene nombre, así que su contraseña no tiene sitio en el llavero.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Refusing to store an empty password; forget the saved password instead.</source>
        <translation>No se guarda una contraseña vacía; olvide la contraseña guardada en su lugar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The password contains a NUL character, which the keychain cannot store.</source>
        <translation>La contraseña contiene un carácter NUL, que el llavero no puede guardar.</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Password for profile &quot;%1&quot; read from the keychain.</source>
        <translation>Contraseña del perfil &quot;%1&quot; leída del llavero.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Password for profile &quot;%1&quot; saved in the keychain.</source>
        <translation>Contraseña del perfil &quot;%1&quot; guardada en el llavero.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Password for profile &quot;%1&quot; removed from the keychain.</source>
        <translation>Contraseña del perfil &quot;%1&quot; quitada del llavero.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No password is stored in the keychain for profile &quot;%1&quot;.</source>
        <translation>No hay ninguna contraseña guardada en el llavero para el perfil &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The keychain refused access to the password for profile &quot;%1&quot; (is it locked?).</source>
        <translation>El llavero denegó el acceso a la contraseña del perfil &quot;%1&quot; (¿está bloqueado?).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The keychain could not remove the password for profile &quot;%1&quot;.</source>
        <translation>El llavero no pudo quitar la contraseña del perfil &quot;%1&quot;.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The keychain of this system is not supported.</source>
        <translation>El llavero de este sistema no es compatible.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No keychain answered (is a Secret Service such as gnome-keyring running and unlocked?)</source>
        <translation>Ningún llavero respondió (¿hay un Secret Service como gnome-keyring en marcha y desbloqueado?)</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>No keychain answered within %1 s (is a Secret Service such as gnome-keyring running and unlocked?)</source>
        <translation>Ningún llavero respondió en %1 s (¿hay un Secret Service como gnome-keyring en marcha y desbloqueado?)</translation>
    </message>
</context>
<context>
    <name>purga::PreviewPage</name>
    <message>
        <location filename="../ui/preview/previewpage.cpp" line="+24"/>
        <source>Take preview</source>
        <translation>Tomar vista previa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Purge with this preview…</source>
        <translation>Purgar con esta vista previa…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Freeze the cutoffs on the database clock and count exactly what each rule would remove</source>
        <translation>Congela los cortes con el reloj de la base de datos y cuenta exactamente lo que cada regla eliminaría</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No preview yet.

Take one (Ctrl+P): it freezes each rule&apos;s cutoff on the database clock and counts exactly what would be removed. Nothing is deleted.</source>
        <translation>Aún no hay vista previa.

Tome una (Ctrl+P): congela el corte de cada regla con el reloj de la base de datos y cuenta exactamente lo que se eliminaría. No se borra nada.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Go to the Purge page with this frozen preview</source>
        <translation>Ir a la página Purga con esta vista previa congelada</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Preview queued behind the database work in progress… (Cancel drops it)</source>
        <translation>Vista previa en cola tras el trabajo en curso en la base de datos… (Cancelar la descarta)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>Freezing the cutoffs and counting… (Cancel stops it)</source>
        <translation>Congelando los cortes y contando… (Cancelar lo detiene)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2 of %3)</source>
        <translation>%1 (%2 de %3)</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>There is no database session.</source>
        <translation>No hay sesión de base de datos.</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>Cancel the preview only; other database work goes on</source>
        <translation>Cancelar solo la vista previa; el resto del trabajo en la base de datos continúa</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Not connected: connect to a database first.</source>
        <translation>Sin conexión: conéctese primero a una base de datos.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Waiting for the preflight checks of this connection.</source>
        <translation>Esperando las comprobaciones previas de esta conexión.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A purge is running: take a new preview when it has finished.</source>
        <translation>Hay una purga en curso: tome una vista previa nueva cuando termine.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 is not previewed: %2</source>
        <translation>%1 queda fuera de la vista previa: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot take a preview: %1</source>
        <translation>No se puede tomar una vista previa: %1</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Cancelling the preview…</source>
        <translation>Cancelando la vista previa…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Preview taken at %1.</source>
        <translation>Vista previa tomada el %1.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Preview cancelled. The previous preview, if any, is unchanged.</source>
        <translation>Vista previa cancelada. La anterior, si existe, no cambia.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preview failed: %1</source>
        <translation>La vista previa falló: %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Frozen at %1 (database clock, %2 here). Server time zone: %3. The purge will use exactly these cutoffs.</source>
        <translation>Congelada el %1 (reloj de la base de datos; %2 aquí). Zona horaria del servidor: %3. La purga usará exactamente estos cortes.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown</source>
        <translation>desconocida</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stale: the rule settings changed after this preview was taken. Take a new preview (Ctrl+P) before purging.</source>
        <translation>Desactualizada: los ajustes de las reglas cambiaron después de tomar esta vista previa. Tome una nueva (Ctrl+P) antes de purgar.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 · %2 removable</source>
        <translation>%1 · %2 eliminables</translation>
    </message>
</context>
<context>
    <name>purga::ProfileActions</name>
    <message>
        <location filename="../ui/connect/profileactions.cpp" line="-53"/>
        <source>Profile %1 copied to %2.</source>
        <translation>Perfil %1 copiado a %2.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Profile %1 copied to %2 (%1 has no password in the keychain).</source>
        <translation>Perfil %1 copiado a %2 (%1 no tiene contraseña en el llavero).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Profile %1 copied to %2 without its password: the keychain could not read it. %3</source>
        <translation>Perfil %1 copiado a %2 sin su contraseña: el llavero no pudo leerla. %3</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Copy the password?</source>
        <translation>¿Copiar la contraseña?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile %1 has a password in the keychain. Copy it to %2 as well?

No: %2 asks for its password when it connects.</source>
        <translation>El perfil %1 tiene una contraseña en el llavero. ¿Copiarla también a %2?

No: %2 pedirá su contraseña al conectar.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Profile %1 copied to %2 without its password.</source>
        <translation>Perfil %1 copiado a %2 sin su contraseña.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Profile %1 copied to %2 with its password.</source>
        <translation>Perfil %1 copiado a %2 con su contraseña.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Profile %1 copied to %2, but its password could not be stored for the copy: %3</source>
        <translation>Perfil %1 copiado a %2, pero su contraseña no se pudo guardar para la copia: %3</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+39"/>
        <source>The profile was not renamed: %1</source>
        <translation>El perfil no se renombró: %1</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>The profile was not renamed: its password could not be read from the keychain to move it. %1</source>
        <translation>El perfil no se renombró: no se pudo leer su contraseña del llavero para moverla. %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The profile was not renamed: the keychain could not store its password under the new name. %1</source>
        <translation>El perfil no se renombró: el llavero no pudo guardar su contraseña con el nuevo nombre. %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Profile %1 renamed to %2 (no password in the keychain to move).</source>
        <translation>Perfil %1 renombrado a %2 (no había contraseña en el llavero que mover).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Profile %1 renamed to %2; its password moved with it in the keychain.</source>
        <translation>Perfil %1 renombrado a %2; su contraseña se movió con él en el llavero.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Profile %1 renamed to %2 and its password copied, but the old keychain entry could not be removed: %3</source>
        <translation>Perfil %1 renombrado a %2 y su contraseña copiada, pero la entrada antigua del llavero no se pudo quitar: %3</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Profile %1 could not be removed from %2.</source>
        <translation>El perfil %1 no se pudo quitar de %2.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Profile %1 deleted; the keychain held no password for it.</source>
        <translation>Perfil %1 eliminado; el llavero no tenía contraseña para él.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Profile %1 deleted; its password was removed from the keychain.</source>
        <translation>Perfil %1 eliminado; su contraseña se quitó del llavero.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Profile %1 deleted, but its password could not be removed from the keychain: %2</source>
        <translation>Perfil %1 eliminado, pero su contraseña no se pudo quitar del llavero: %2</translation>
    </message>
</context>
<context>
    <name>purga::ProfileForm</name>
    <message>
        <location filename="../ui/connect/profileform.cpp" line="+51"/>
        <source>Colours the main window while connected: production red, staging amber, development green.</source>
        <translation>Colorea la ventana principal mientras hay conexión: producción en rojo, preproducción en ámbar, desarrollo en verde.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>e.g. core-prod</source>
        <translation>p. ej. core-prod</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Behind a connection pooler (pgbouncer) purges and evidence freezes are refused, because in transaction mode the purge lock excludes no one. Tick this only when the pool keeps one server connection per client (pool_mode=session): every batch then checks that its server connection holds the lock.</source>
        <translation>Detrás de un pooler de conexiones (pgbouncer) se rechazan las purgas y las congelaciones de evidencias, porque en modo transacción el bloqueo de la purga no excluye a nadie. Márquelo solo si el pool mantiene una conexión al servidor por cliente (pool_mode=session): entonces cada lote comprueba que su conexión al servidor tiene el bloqueo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose the root certificate (CA) file</source>
        <translation>Elegir el archivo del certificado raíz (CA)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Host:</source>
        <translation>&amp;Servidor:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Port:</source>
        <translation>&amp;Puerto:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Database:</source>
        <translation>&amp;Base de datos:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SSL &amp;mode:</source>
        <translation>&amp;Modo SSL:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Root &amp;certificate:</source>
        <translation>Cert&amp;ificado raíz:</translation>
    </message>
    <message>
        <location line="-73"/>
        <source>A pooler in &amp;between is in session mode</source>
        <translation>&amp;Hay un pooler intermedio en modo sesión</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Environment</source>
        <translation>Entorno</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>SSL mode</source>
        <translation>Modo SSL</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Pro&amp;file name:</source>
        <translation>Nombre del per&amp;fil:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>En&amp;vironment:</source>
        <translation>&amp;Entorno:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Us&amp;er:</source>
        <translation>&amp;Usuario:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Connect t&amp;imeout:</source>
        <translation>&amp;Tiempo de espera:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pooler:</source>
        <translation>Pooler:</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Root certificate</source>
        <translation>Certificado raíz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Certificates (*.crt *.pem);;All files (*)</source>
        <translation>Certificados (*.crt *.pem);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>libpq service &quot;%1&quot;: host, port, database, user and SSL come from the service file; the values below are shown for information.</source>
        <translation>Servicio de libpq &quot;%1&quot;: servidor, puerto, base de datos, usuario y SSL vienen del archivo de servicios; los valores de abajo son informativos.</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>required: no system CA bundle found</source>
        <translation>obligatorio: no se encontró el almacén de CA del sistema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>system CA bundle (%1)</source>
        <translation>almacén de CA del sistema (%1)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>With sslmode=%1 towards %2 the password may be sent to an impostor: nothing checks who answers. Use verify-full.</source>
        <translation>Con sslmode=%1 hacia %2 la contraseña podría enviarse a un impostor: nada verifica quién responde. Use verify-full.</translation>
    </message>
</context>
<context>
    <name>purga::PurgeConfirmDialog</name>
    <message>
        <location filename="../ui/common/purgeconfirmdialog.cpp" line="+75"/>
        <source>Detach only: keep the detached partitions as tables, do not drop them</source>
        <translation>Solo DETACH: conservar las particiones separadas como tablas, sin hacer DROP</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Confirm purge</source>
        <translation>Confirmar la purga</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Rows will be deleted on %1.</source>
        <translation>Se borrarán filas en %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The preview was frozen at %1 (%2 ago). The purge removes only what that preview counted as removable, at those cutoffs; rows that became removable since are left for the next run.</source>
        <translation>La vista previa se congeló el %1 (hace %2). La purga elimina solo lo que esa vista previa contó como eliminable, con esos cortes; las filas que pasaron a ser eliminables después quedan para la próxima corrida.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This preview is %1 old. Consider taking a new one to see current numbers.</source>
        <translation>Esta vista previa tiene %1 de antigüedad. Considere tomar una nueva para ver cifras actuales.</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Rules</source>
        <translation>Reglas</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1: partitions to remove across the fleet: %2, on %3 of %n server(s)</source>
        <translation>
            <numerusform>%1: particiones a eliminar en toda la flota: %2, en %3 de %n servidor</numerusform>
            <numerusform>%1: particiones a eliminar en toda la flota: %2, en %3 de %n servidores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1: rows to delete across the fleet: %2, on %3 of %n server(s)</source>
        <translation>
            <numerusform>%1: filas a borrar en toda la flota: %2, en %3 de %n servidor</numerusform>
            <numerusform>%1: filas a borrar en toda la flota: %2, en %3 de %n servidores</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: partitions to remove: %2 (%3 rows), all older than %4</source>
        <translation>%1: particiones a eliminar: %2 (%3 filas), todas anteriores a %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: rows to delete: %2, all older than %3 (rows kept: %4)</source>
        <translation>%1: filas a borrar: %2, todas anteriores a %3 (filas conservadas: %4)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing to remove</source>
        <translation>nada que eliminar</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Cutoff in the server&apos;s zone: %1</source>
        <translation>Corte en la zona del servidor: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Partitions: %1</source>
        <translation>Particiones: %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Options</source>
        <translation>Opciones</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> rows</source>
        <translation> filas</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Leaving it unchanged keeps each server&apos;s own rule settings (its profile&apos;s)</source>
        <translation>Si no lo cambia, cada servidor conserva sus propios ajustes de la regla (los de su perfil)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Offered from the rule settings; leaving it unchanged keeps each rule&apos;s own value</source>
        <translation>Tomado de los ajustes de las reglas; si no lo cambia, cada regla conserva su propio valor</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Connections that delete at once, on separate parts of each table, and both token tables at the same time. 1: one connection. The server must have that many free connections.</source>
        <translation>Conexiones que borran a la vez, sobre partes distintas de cada tabla, y las dos tablas de tokens al mismo tiempo. 1: una sola conexión. El servidor debe tener esas conexiones libres.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Connections:</source>
        <translation>&amp;Conexiones:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Batch size:</source>
        <translation>Tamaño de &amp;lote:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Pause between batches:</source>
        <translation>&amp;Pausa entre lotes:</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Purge</source>
        <translation>Purgar</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>Partitions to drop: %1. Dropping cannot be undone.</source>
        <translation>Particiones a eliminar con DROP: %1. No se puede deshacer.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n server(s) of this fleet are production databases: %1.</source>
        <translation>
            <numerusform>%n servidor de esta flota es una base de datos de producción: %1.</numerusform>
            <numerusform>%n servidores de esta flota son bases de datos de producción: %1.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This is a production database and %1 rows will be deleted (%2 or more ask for the name).</source>
        <translation>Esta es una base de datos de producción y se borrarán %1 filas (a partir de %2 se pide el nombre).</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 To confirm, type the fleet&apos;s tags: %2</source>
        <translation>%1 Para confirmar, escriba las etiquetas de la flota: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 To confirm, type the database name: %2</source>
        <translation>%1 Para confirmar, escriba el nombre de la base de datos: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PRODUCTION: rows will be deleted on production databases of this fleet.</source>
        <translation>PRODUCCIÓN: se borrarán filas en bases de datos de producción de esta flota.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PRODUCTION: rows will be deleted on a production database.</source>
        <translation>PRODUCCIÓN: se borrarán filas en una base de datos de producción.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing selected.</source>
        <translation>Nada seleccionado.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows to remove across the fleet, as the check counted them: %1</source>
        <translation>Filas a eliminar en toda la flota, según las contó la comprobación: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rows to remove: %1</source>
        <translation>Filas a eliminar: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; partitions to detach and keep as tables: %1</source>
        <translation>; particiones a separar (DETACH) y conservar como tablas: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; partitions to drop: %1</source>
        <translation>; particiones a eliminar (DROP): %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Purge now</source>
        <translation>Purgar ahora</translation>
    </message>
    <message>
        <location filename="../ui/common/fleetpurgeplan.cpp" line="+51"/>
        <source>not checked: check the fleet again</source>
        <translation>sin comprobar: compruebe la flota de nuevo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unreachable at the check: %1</source>
        <translation>inaccesible en la comprobación: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>refused by the checks: %1</source>
        <translation>rechazado por las comprobaciones: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>purge lock held by %1: this server will end &quot;lock held&quot;</source>
        <translation>el bloqueo de la purga lo tiene %1: este servidor terminará con &quot;bloqueo ocupado&quot;</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>PRODUCTION</source>
        <translation>PRODUCCIÓN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>canary wave</source>
        <translation>tanda canario</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>after the canary wave</source>
        <translation>tras la tanda canario</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%1: %n partition(s)</source>
        <translation>
            <numerusform>%1: %n partición</numerusform>
            <numerusform>%1: %n particiones</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 rows</source>
        <translation>%1: %2 filas</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../ui/common/purgeconfirmdialog.cpp" line="+11"/>
        <source>refused: %1</source>
        <translation>rechazada: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Servers purged at once: %1.</source>
        <translation>Servidores purgados a la vez: %1.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Canary: the first %n server(s) first; the others only if every one of them ended ok.</source>
        <translation>
            <numerusform>Canario: primero el primer servidor; los demás solo si terminó bien.</numerusform>
            <numerusform>Canario: primero los %n primeros servidores; los demás solo si todos ellos terminaron bien.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No canary wave.</source>
        <translation>Sin tanda canario.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>After %n server(s) that did not end ok, no other server starts.</source>
        <translation>
            <numerusform>Tras %n servidor que no termine bien, no se inicia ningún otro.</numerusform>
            <numerusform>Tras %n servidores que no terminen bien, no se inicia ningún otro.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/common/purgeconfirmfleet.cpp" line="+51"/>
        <source>Rows will be deleted on %n server(s) of the fleet &quot;%1&quot;.</source>
        <translation>
            <numerusform>Se borrarán filas en %n servidor de la flota &quot;%1&quot;.</numerusform>
            <numerusform>Se borrarán filas en %n servidores de la flota &quot;%1&quot;.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Counted by the fleet check of %1 (%2 ago). Each server&apos;s purge takes its own preview when it starts and removes what that preview finds removable at its own cutoffs (its profile&apos;s retention), with its own lock, pacing and receipt.</source>
        <translation>Contado por la comprobación de la flota del %1 (hace %2). La purga de cada servidor toma su propia vista previa al empezar y elimina lo que esa vista previa encuentra eliminable con sus propios cortes (la retención de su perfil), con su propio bloqueo, ritmo y comprobante.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This check is %1 old. Consider checking the fleet again to see current numbers.</source>
        <translation>Esta comprobación tiene %1 de antigüedad. Considere comprobar la flota de nuevo para ver cifras actuales.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Servers, in the order they will be purged</source>
        <translation>Servidores, en el orden en que se purgarán</translation>
    </message>
</context>
<context>
    <name>purga::PurgePage</name>
    <message>
        <location filename="../ui/purge/purgepage.cpp" line="+65"/>
        <source>Start purge…</source>
        <translation>Iniciar purga…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go to Preview</source>
        <translation>Ir a Vista previa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop after this batch</source>
        <translation>Detener tras este lote</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel now</source>
        <translation>Cancelar ya</translation>
    </message>
    <message>
        <location filename="../ui/purge/runprogressview.cpp" line="+27"/>
        <source>No purge has run in this session.

Start purge… (Ctrl+Return) restates the preview and asks for confirmation. Then the progress of each rule appears here: %1 stops after the batch in flight, Esc cancels at once. The receipt follows at the end.</source>
        <translation>No se ha ejecutado ninguna purga en esta sesión.

Iniciar purga… (Ctrl+Intro) repite la vista previa y pide confirmación. Después aquí aparece el progreso de cada regla: %1 detiene tras el lote en curso, Esc cancela de inmediato. Al final se muestra el comprobante.</translation>
    </message>
    <message>
        <location filename="../ui/purge/purgepage.cpp" line="+32"/>
        <source>Restate the preview and confirm before anything is deleted</source>
        <translation>Repetir la vista previa y confirmar antes de borrar nada</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The id of this run in the history (identidad.purga_corridas)</source>
        <translation>El id de esta corrida en el historial (identidad.purga_corridas)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Finish the batch in flight, commit it and stop</source>
        <translation>Terminar el lote en curso, confirmarlo (COMMIT) y detenerse</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Interrupt the batch in flight (it is rolled back); committed batches stay deleted</source>
        <translation>Interrumpir el lote en curso (se revierte); los lotes ya confirmados quedan borrados</translation>
    </message>
    <message>
        <location filename="../ui/purge/runprogressview.cpp" line="+15"/>
        <source>The purge log appears here.</source>
        <translation>Aquí aparece el registro de la purga.</translation>
    </message>
    <message>
        <location filename="../ui/purge/purgepage.cpp" line="+96"/>
        <source>Could not save the replica lag limit in profile &quot;%1&quot;: %2</source>
        <translation>No se pudo guardar el límite de retraso de réplica en el perfil &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <location filename="../ui/purge/purgestart.cpp" line="+29"/>
        <source>A purge is already running.</source>
        <translation>Ya hay una purga en curso.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not connected: connect to a database first.</source>
        <translation>Sin conexión: conéctese primero a una base de datos.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Waiting for the preflight checks of this connection.</source>
        <translation>Esperando las comprobaciones previas de esta conexión.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The preflight checks do not allow a purge.</source>
        <translation>Las comprobaciones previas no permiten purgar.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>There is no preview: take one first. The purge runs exactly what a preview froze.</source>
        <translation>No hay vista previa: tome una primero. La purga ejecuta exactamente lo que una vista previa congeló.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The rule settings changed after this preview was taken: take a new preview.</source>
        <translation>Los ajustes de las reglas cambiaron después de tomar esta vista previa: tome una nueva.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This preview has already been purged (run %1). Take a new preview to purge again.</source>
        <translation>Esta vista previa ya se purgó (corrida %1). Tome una vista previa nueva para volver a purgar.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The preview found nothing to remove.</source>
        <translation>La vista previa no encontró nada que eliminar.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Another session holds purge lock %1: %2. A purge now would delete nothing; Start purge… is enabled once the lock panel reads it free (Check again).</source>
        <translation>Otra sesión tiene el bloqueo de la purga %1: %2. Una purga ahora no borraría nada; Iniciar purga… se habilita cuando el panel del bloqueo lo muestre libre (Volver a comprobar).</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No preview yet.</source>
        <translation>Aún no hay vista previa.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2 partitions (%3 rows)</source>
        <translation>%1: %2 particiones (%3 filas)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2 rows</source>
        <translation>%1: %2 filas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Preview frozen at %1 (%2).
%3</source>
        <translation>Vista previa congelada el %1 (%2).
%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preview frozen at %1 (%2). %3
%4</source>
        <translation>Vista previa congelada el %1 (%2). %3
%4</translation>
    </message>
    <message>
        <location filename="../ui/purge/purgepage.cpp" line="+32"/>
        <source>Cannot purge now:</source>
        <translation>No se puede purgar ahora:</translation>
    </message>
    <message>
        <location line="-33"/>
        <location line="+48"/>
        <location line="+24"/>
        <location line="+20"/>
        <source>Purge</source>
        <translation>Purga</translation>
    </message>
    <message>
        <location filename="../ui/purge/purgestart.cpp" line="-58"/>
        <source>The profile&apos;s replica lag limit of %1 ms</source>
        <translation>El límite de retraso de réplica del perfil (%1 ms)</translation>
    </message>
    <message>
        <location filename="../ui/purge/purgepage.cpp" line="-4"/>
        <source>No rule selected.</source>
        <translation>Ninguna regla seleccionada.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Starting: opening a dedicated connection and taking the purge lock…</source>
        <translation>Iniciando: abriendo una conexión dedicada y tomando el bloqueo de la purga…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Purge requested by %1 on %2: %3; batch %4 rows, pause %5 ms%6.</source>
        <translation>Purga solicitada por %1 en %2: %3; lote de %4 filas, pausa de %5 ms%6.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an unknown user</source>
        <translation>un usuario desconocido</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, detach only</source>
        <translation>, solo DETACH</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Stopping after the batch in flight…</source>
        <translation>Deteniendo tras el lote en curso…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop after this batch requested.</source>
        <translation>Se pidió detener tras este lote.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cancelling: the batch in flight is being rolled back…</source>
        <translation>Cancelando: se revierte el lote en curso…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel requested.</source>
        <translation>Se pidió cancelar.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Running: taking the purge lock, then batches…</source>
        <translation>En curso: tomando el bloqueo de la purga, luego los lotes…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+71"/>
        <source>Run id: %1</source>
        <translation>Id de la corrida: %1</translation>
    </message>
    <message>
        <location line="-69"/>
        <source>Run id %1.</source>
        <translation>Id de la corrida: %1.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Finished: %1.</source>
        <translation>Terminada: %1.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>nothing was deleted; the receipt below says why.</source>
        <translation>no se borró nada; el comprobante de abajo explica por qué.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 rows removed; %2 rows of this preview are left. Start purge… removes what is left (or take a new preview).</source>
        <translation>%1 filas eliminadas; quedan %2 filas de esta vista previa. Iniciar purga… elimina lo que queda (o tome una vista previa nueva).</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Held: %1 — %2</source>
        <translation>En espera: %1 — %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Running: %1, batch %2</source>
        <translation>En curso: %1, lote %2</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>A purge is running</source>
        <translation>Hay una purga en curso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A purge is running on %1. Cancel it and close?

Batches already committed stay deleted; the batch in flight is rolled back. The receipt is recorded in the history.</source>
        <translation>Hay una purga en curso en %1. ¿Cancelarla y cerrar?

Los lotes ya confirmados quedan borrados; el lote en curso se revierte. El comprobante queda en el historial.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cancel the purge and close</source>
        <translation>Cancelar la purga y cerrar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keep it running</source>
        <translation>Dejarla en curso</translation>
    </message>
</context>
<context>
    <name>purga::ReceiptChainPanel</name>
    <message>
        <location filename="../ui/history/receiptchainpanel.cpp" line="+19"/>
        <source>Verify chain</source>
        <translation>Verificar la cadena</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verify receipt</source>
        <translation>Verificar el comprobante</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Signed receipts: not read yet.</source>
        <translation>Comprobantes firmados: aún no leídos.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Walk every signed receipt of this database and name the first one that is missing, altered or out of order.</source>
        <translation>Recorre todos los comprobantes firmados de esta base de datos e indica el primero que falte, esté alterado o fuera de orden.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the signature and form of the selected run&apos;s receipt.</source>
        <translation>Verifica la firma y la forma del comprobante de la corrida seleccionada.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Signed receipts: verifying the chain…</source>
        <translation>Comprobantes firmados: verificando la cadena…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Signed receipts: could not read them: %1</source>
        <translation>Comprobantes firmados: no se pudieron leer: %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Signed receipts: this history has no receipts table (setup-history adds it).</source>
        <translation>Comprobantes firmados: este historial no tiene la tabla de comprobantes (setup-history la añade).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ Receipt chain broken at receipt %1: %2</source>
        <translation>⚠ Cadena de comprobantes rota en el comprobante %1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signed receipts: none yet (each purge from this tool adds one).</source>
        <translation>Comprobantes firmados: aún ninguno (cada purga de esta herramienta añade uno).</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>✓ Receipt chain intact: %n receipt(s), head %1 (sha256 %2…), signed with %3 key(s).</source>
        <translation>
            <numerusform>✓ Cadena de comprobantes íntegra: %n comprobante, cabeza %1 (sha256 %2…), claves de firma: %3.</numerusform>
            <numerusform>✓ Cadena de comprobantes íntegra: %n comprobantes, cabeza %1 (sha256 %2…), claves de firma: %3.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Head sha256: %1</source>
        <translation>sha256 de la cabeza: %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not read the receipt: %1</source>
        <translation>No se pudo leer el comprobante: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Run %1 has no signed receipt (the scheduled job&apos;s runs and runs before the receipts table have none).</source>
        <translation>La corrida %1 no tiene comprobante firmado (no lo tienen las corridas del job programado ni las anteriores a la tabla de comprobantes).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>✓ Receipt %1 of run %2: signature and form intact (key %3…, sha256 %4…).</source>
        <translation>✓ Comprobante %1 de la corrida %2: firma y forma íntegras (clave %3…, sha256 %4…).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚠ Receipt %1 of run %2 is not intact: %3</source>
        <translation>⚠ El comprobante %1 de la corrida %2 no está íntegro: %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its stored hash is not its envelope&apos;s</source>
        <translation>su hash almacenado no es el de su sobre</translation>
    </message>
</context>
<context>
    <name>purga::ReceiptKeyStore</name>
    <message>
        <location filename="../app/core/security/receiptkeystore.cpp" line="+49"/>
        <source>The keychain&apos;s receipt-signing key is not a valid Ed25519 key.</source>
        <translation>La clave de firma de comprobantes del llavero no es una clave Ed25519 válida.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The keychain refused the receipt-signing key (is it locked?).</source>
        <translation>El llavero rechazó la clave de firma de comprobantes (¿está bloqueado?).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No keychain answered for the receipt-signing key (%1).</source>
        <translation>Ningún llavero respondió por la clave de firma de comprobantes (%1).</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The new receipt-signing key could not be stored in the keychain: %1</source>
        <translation>No se pudo guardar en el llavero la nueva clave de firma de comprobantes: %1</translation>
    </message>
</context>
<context>
    <name>purga::ReceiptSigner</name>
    <message>
        <location filename="../ui/purge/receiptsigner.cpp" line="+31"/>
        <source>The receipt is not signed nor chained: %1</source>
        <translation>El comprobante no se firmó ni se encadenó: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> A receipt-signing key was made for this workstation and stored in the keychain.</source>
        <translation> Se creó una clave de firma de comprobantes para este equipo y se guardó en el llavero.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Signed receipt %1 chained (sha256 %2…, key %3…).%4</source>
        <translation>Comprobante firmado %1 encadenado (sha256 %2…, clave %3…).%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The signed receipt could not be recorded: %1</source>
        <translation>No se pudo registrar el comprobante firmado: %1</translation>
    </message>
</context>
<context>
    <name>purga::ReceiptView</name>
    <message>
        <location filename="../ui/purge/receiptview.cpp" line="+66"/>
        <source>-- Template: each batch ran it with its own block range in place of %TID_FROM% and %TID_TO%.</source>
        <translation>-- Plantilla: cada lote la ejecutó con su propio rango de bloques en lugar de %TID_FROM% y %TID_TO%.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>-- No batch ran.</source>
        <translation>-- No se ejecutó ningún lote.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>-- %TID_FROM% … %TID_TO%: %n batch(es) read blocks 0 to %1 of the table&apos;s %2, in order;</source>
        <translation>
            <numerusform>-- %TID_FROM% … %TID_TO%: %n lote leyó los bloques 0 a %1 de los %2 de la tabla, en orden;</numerusform>
            <numerusform>-- %TID_FROM% … %TID_TO%: %n lotes leyeron los bloques 0 a %1 de los %2 de la tabla, en orden;</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--   the last range was open-ended: it also read blocks added during the run.</source>
        <translation>--   el último rango era abierto: también leyó los bloques añadidos durante la corrida.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--   the blocks after %1 were not read (the run had removed what the preview counted, or it stopped).</source>
        <translation>--   los bloques posteriores a %1 no se leyeron (la corrida ya había eliminado lo que contó la vista previa, o se detuvo).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>-- %KEY_MIN% = %1, %KEY_MAX% = %2: the key range of the confirmed preview.</source>
        <translation>-- %KEY_MIN% = %1, %KEY_MAX% = %2: el rango de claves de la vista previa confirmada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>-- %LIMIT% = %1 rows (the batch size).</source>
        <translation>-- %LIMIT% = %1 filas (el tamaño de lote).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>-- %LIMIT% = %1 to %2 rows (the batch size, changed during the run).</source>
        <translation>-- %LIMIT% = %1 a %2 filas (el tamaño de lote, cambiado durante la corrida).</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>-- %n batch(es) removed more than %LIMIT% rows and were rolled back; their ranges were read again smaller.</source>
        <translation>
            <numerusform>-- %n lote borró más de %LIMIT% filas y se revirtió; su rango se volvió a leer más pequeño.</numerusform>
            <numerusform>-- %n lotes borraron más de %LIMIT% filas y se revirtieron; sus rangos se volvieron a leer más pequeños.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+16"/>
        <source>-- Dropped: %1</source>
        <translation>-- Eliminadas: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>-- In quarantine until %1: %2 (was %3)</source>
        <translation>-- En cuarentena hasta %1: %2 (antes %3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>-- Quarantine over, dropped: %1</source>
        <translation>-- Cuarentena cumplida, eliminada: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>-- Detached, kept: %1</source>
        <translation>-- Separadas, conservadas: %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 (until %2)</source>
        <translation>%1 (hasta %2)</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+62"/>
        <source>Copy receipt</source>
        <translation>Copiar comprobante</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Save JSON…</source>
        <translation>Guardar JSON…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Rule</source>
        <translation>Regla</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Deleted</source>
        <translation>Borradas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Planned</source>
        <translation>Previstas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Batches</source>
        <translation>Lotes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retries</source>
        <translation>Reintentos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Batch p50 / p95 / max</source>
        <translation>Lote p50 / p95 / máx</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys deleted</source>
        <translation>Claves borradas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Partitions</source>
        <translation>Particiones</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Copy the receipt as text (for the incident ticket)</source>
        <translation>Copiar el comprobante como texto (para el ticket del incidente)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the receipt as JSON</source>
        <translation>Guardar el comprobante como JSON</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copied ✓</source>
        <translation>Copiado ✓</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Select a rule to see the SQL it ran</source>
        <translation>Seleccione una regla para ver el SQL que ejecutó</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+100"/>
        <source>Run: %1</source>
        <translation>Corrida: %1</translation>
    </message>
    <message>
        <location line="-97"/>
        <source>Started: %1 · Finished: %2 · Duration: %3</source>
        <translation>Inicio: %1 · Fin: %2 · Duración: %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+100"/>
        <source>Lock held by: %1</source>
        <translation>Bloqueo retenido por: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-49"/>
        <source>%n dropped</source>
        <translation>
            <numerusform>%n eliminada</numerusform>
            <numerusform>%n eliminadas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dropped: %1</source>
        <translation>eliminadas: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n in quarantine</source>
        <translation>
            <numerusform>%n en cuarentena</numerusform>
            <numerusform>%n en cuarentena</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in quarantine: %1</source>
        <translation>en cuarentena: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n quarantine over, dropped</source>
        <translation>
            <numerusform>%n con cuarentena cumplida, eliminada</numerusform>
            <numerusform>%n con cuarentena cumplida, eliminadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n detached, kept</source>
        <translation>
            <numerusform>%n separada, conservada</numerusform>
            <numerusform>%n separadas, conservadas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>detached, kept: %1</source>
        <translation>separadas, conservadas: %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>purga-sesiones receipt</source>
        <translation>Comprobante de purga-sesiones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status: %1</source>
        <translation>Estado: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Message: %1</source>
        <translation>Mensaje: %1</translation>
    </message>
    <message>
        <location line="-101"/>
        <location line="+102"/>
        <source>Cutoffs frozen at: %1</source>
        <translation>Cortes congelados el: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started: %1</source>
        <translation>Inicio: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finished: %1</source>
        <translation>Fin: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration: %1</source>
        <translation>Duración: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>  Deleted %1 of %2 planned rows in %3 batches, %4 lock retries, %5</source>
        <translation>  Borradas %1 de %2 filas previstas en %3 lotes, %4 reintentos por bloqueo, %5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  Keys deleted: %1</source>
        <translation>  Claves borradas: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  Dropped partitions: %1</source>
        <translation>  Particiones eliminadas: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  In quarantine: %1</source>
        <translation>  En cuarentena: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  Quarantine over, dropped: %1 (was %2)</source>
        <translation>  Cuarentena cumplida, eliminada: %1 (antes %2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  Detached partitions (kept): %1</source>
        <translation>  Particiones separadas (conservadas): %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  Message: %1</source>
        <translation>  Mensaje: %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Save receipt as JSON</source>
        <translation>Guardar el comprobante como JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>Archivos JSON (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save receipt</source>
        <translation>Guardar comprobante</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not write %1: %2</source>
        <translation>No se pudo escribir %1: %2</translation>
    </message>
</context>
<context>
    <name>purga::RestoreAttempt</name>
    <message>
        <location filename="../app/core/purge/partitionrestore.cpp" line="-174"/>
        <source>%1 does not fit back: its bounds overlap %2. It stays in quarantine; nothing was changed.</source>
        <translation>%1 ya no encaja: sus límites se solapan con %2. Sigue en cuarentena; no se cambió nada.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 does not fit back: the DEFAULT partition %2 holds %3 rows inside its bounds %4, and ATTACH refuses while it does. It stays in quarantine; nothing was changed. Move those rows into %1 (INSERT … SELECT, then DELETE from %2, in one transaction) and run partition-restore again.</source>
        <translation>%1 ya no encaja: la partición DEFAULT %2 contiene %3 filas dentro de sus límites %4, y ATTACH se niega mientras las contenga. Sigue en cuarentena; no se cambió nada. Mueva esas filas a %1 (INSERT … SELECT y luego DELETE de %2, en una sola transacción) y vuelva a ejecutar partition-restore.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No partition called &quot;%1&quot; is in quarantine (restored, dropped, or never there).</source>
        <translation>No hay ninguna partición llamada &quot;%1&quot; en cuarentena (restaurada, eliminada o nunca estuvo allí).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 is no longer the table put in quarantine (gone, or another table of that name): nothing was changed.</source>
        <translation>%1 ya no es la tabla que se puso en cuarentena (ya no existe, u otra tabla tiene ese nombre): no se cambió nada.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A table called %1 exists already: %2 cannot take its name back. Nothing was changed.</source>
        <translation>Ya existe una tabla llamada %1: %2 no puede recuperar su nombre. No se cambió nada.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 attached again as %2 %3 (%4 rows).</source>
        <translation>%1 adjuntada de nuevo como %2 %3 (%4 filas).</translation>
    </message>
</context>
<context>
    <name>purga::RulePreviewTab</name>
    <message>
        <location filename="../ui/preview/rulepreviewtab.cpp" line="+163"/>
        <source>The ADR&apos;s sample SQL would delete %1 rows that are still inside the forensic window. This rule keeps them.</source>
        <translation>El SQL de ejemplo del ADR borraría %1 filas que aún están dentro de la ventana forense. Esta regla las conserva.</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>Removable rows by tenant</source>
        <translation>Filas eliminables por empresa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tenant %1</source>
        <translation>empresa %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Removable rows by age</source>
        <translation>Filas eliminables por antigüedad</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Kept by hold %1 (#%2): %3 rows.</source>
        <translation>Conservadas por la retención legal %1 (#%2): %3 filas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>They are copied to the holds&apos; table before their partition is dropped.</source>
        <translation>Se copian a la tabla de retenciones antes de eliminar su partición.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The scheduled job&apos;s own SQL knows no holds: it would delete %1 of them.</source>
        <translation>El propio SQL del job programado no conoce las retenciones: borraría %1 de ellas.</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Family-aware retention (Rule settings): a revoked or rotated refresh token is kept while any token of its family is still live at the preview&apos;s frozen instant, so reuse of an old token can still be detected.</source>
        <translation>Retención por familias (Ajustes de las reglas): un token de refresco revocado o rotado se conserva mientras algún token de su familia siga vigente en el instante congelado de la vista previa, para poder detectar aún la reutilización de un token antiguo.</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Partitions</source>
        <translation>Particiones</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Bounds come from the catalog, not from the names. Removable partitions are detached and moved whole to quarantine (schema identidad_cuarentena) until %1 (%n day(s)), then a later purge drops them; the DEFAULT partition is never removed.</source>
        <translation>
            <numerusform>Los límites vienen del catálogo, no de los nombres. Las particiones eliminables se separan y se mueven enteras a cuarentena (esquema identidad_cuarentena) hasta el %1 (%n día); después, una purga posterior las elimina; la partición DEFAULT nunca se elimina.</numerusform>
            <numerusform>Los límites vienen del catálogo, no de los nombres. Las particiones eliminables se separan y se mueven enteras a cuarentena (esquema identidad_cuarentena) hasta el %1 (%n días); después, una purga posterior las elimina; la partición DEFAULT nunca se elimina.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Bounds come from the catalog, not from the names. Removable partitions are detached and dropped whole; the DEFAULT partition is never removed.</source>
        <translation>Los límites vienen del catálogo, no de los nombres. Las particiones eliminables se separan y eliminan enteras; la partición DEFAULT nunca se elimina.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Sample of removable rows</source>
        <translation>Muestra de filas eliminables</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>SQL (exactly what was counted and what the purge runs)</source>
        <translation>SQL (exactamente lo que se contó y lo que ejecuta la purga)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Counts (read only)</source>
        <translation>Conteos (solo lectura)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Purge</source>
        <translation>Purga</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Frozen cutoff</source>
        <translation>Corte congelado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>UTC:</source>
        <translation>UTC:</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+6"/>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Server:</source>
        <translation>Servidor:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown (the server did not report its TimeZone)</source>
        <translation>desconocido (el servidor no informó su TimeZone)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This computer:</source>
        <translation>Este equipo:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Retention:</source>
        <translation>Retención:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (ADR forensic window: %2)</source>
        <translation>%1 (ventana forense del ADR: %2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Rows older than this instant are removable. It was frozen from the database clock when the preview was taken (%1) and the purge uses exactly this value.</source>
        <translation>Las filas anteriores a este instante son eliminables. Se congeló con el reloj de la base de datos al tomar la vista previa (%1) y la purga usa exactamente este valor.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rows</source>
        <translation>Filas</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Total:</source>
        <translation>Total:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Removable:</source>
        <translation>Eliminables:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Kept:</source>
        <translation>Se conservan:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kept by the window:</source>
        <translation>Conservadas por la ventana:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ADR sample, inside window:</source>
        <translation>Ejemplo del ADR, en la ventana:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Removable range</source>
        <translation>Rango eliminable</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Oldest:</source>
        <translation>Más antigua:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Newest:</source>
        <translation>Más reciente:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys:</source>
        <translation>Claves:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
</context>
<context>
    <name>purga::RuleProgressWidget</name>
    <message>
        <location filename="../ui/purge/ruleprogresswidget.cpp" line="+65"/>
        <source>Batches:</source>
        <translation>Lotes:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed:</source>
        <translation>Velocidad:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time left:</source>
        <translation>Tiempo restante:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last batch:</source>
        <translation>Último lote:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lock retries:</source>
        <translation>Reintentos por bloqueo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Batch size:</source>
        <translation>Tamaño de lote:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 rows (%3 %)</source>
        <translation>%1 de %2 filas (%3 %)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 rows (aiming at %2 ms)</source>
        <translation>%1 filas (objetivo: %2 ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>%1 rows</source>
        <translation>%1 filas</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>replica lag %1</source>
        <translation>retraso de réplica %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>held %1 so far</source>
        <translation>retenida %1 hasta ahora</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>max %1</source>
        <translation>máx. %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1–%2 rows</source>
        <translation>%1–%2 filas</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Not started — %1</source>
        <translation>Sin iniciar — %1</translation>
    </message>
</context>
<context>
    <name>purga::RuleSettingsDialog</name>
    <message>
        <location filename="../ui/settings/rulesettingsdialog.cpp" line="+39"/>
        <source> hours</source>
        <translation> horas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> months</source>
        <translation> meses</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+131"/>
        <source> days</source>
        <translation> días</translation>
    </message>
    <message numerus="yes">
        <location line="-123"/>
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n hora</numerusform>
            <numerusform>%n horas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n month(s)</source>
        <translation>
            <numerusform>%n mes</numerusform>
            <numerusform>%n meses</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n día</numerusform>
            <numerusform>%n días</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+297"/>
        <source>Rule settings</source>
        <translation>Ajustes de las reglas</translation>
    </message>
    <message>
        <location line="-268"/>
        <source>Settings of profile &quot;%1&quot; (%2). A preview taken before saving must be taken again.</source>
        <translation>Ajustes del perfil &quot;%1&quot; (%2). Una vista previa tomada antes de guardar debe tomarse de nuevo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This connection (%1) has no saved profile: the settings apply until you disconnect. A preview taken before saving must be taken again.</source>
        <translation>Esta conexión (%1) no tiene un perfil guardado: los ajustes valen hasta que se desconecte. Una vista previa tomada antes de guardar debe tomarse de nuevo.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Retention:</source>
        <translation>&amp;Retención:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Batch size:</source>
        <translation>Tamaño de &amp;lote:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Lock timeout:</source>
        <translation>Espera de &amp;bloqueo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pa&amp;use between batches:</source>
        <translation>Pa&amp;usa entre lotes:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Target batch time:</source>
        <translation>Duración obje&amp;tivo del lote:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quarantine:</source>
        <translation>&amp;Cuarentena:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token families:</source>
        <translation>Familias de tokens:</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Forensic &amp;override</source>
        <translation>Excepción &amp;forense</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Allow a retention shorter than the ADR&apos;s forensic window for this rule. Rows still inside the window would be deleted.</source>
        <translation>Permitir para esta regla una retención más corta que la ventana forense del ADR. Se borrarían filas que aún están dentro de la ventana.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> rows</source>
        <translation> filas</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <location line="+2"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>off (fixed size)</source>
        <translation>desactivada (tamaño fijo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>When set, the batch size adapts so that each batch takes about this long.</source>
        <translation>Si se indica, el tamaño de lote se adapta para que cada lote dure más o menos esto.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>off (drop at once)</source>
        <translation>sin cuarentena</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Days a detached partition is kept in schema identidad_cuarentena before a later purge drops it; partition-restore attaches it again meanwhile. Off: the ADR&apos;s DETACH and DROP.</source>
        <translation>Días que una partición separada se conserva en el esquema identidad_cuarentena antes de que una purga posterior la elimine; mientras tanto, partition-restore la vuelve a adjuntar. Desactivada: el DETACH y DROP del ADR.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only the session log&apos;s partitions can be kept in quarantine.</source>
        <translation>Solo las particiones del registro de sesiones pueden conservarse en cuarentena.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Partitions are detached and dropped whole: there are no batches.</source>
        <translation>Las particiones se separan y se eliminan enteras: no hay lotes.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;Keep revoked tokens of live families</source>
        <translation>&amp;Mantener revocados de familias vigentes</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Family-aware retention (RFC 9700 §4.14.2): a revoked or rotated token is kept while any token of its family is still live (not revoked, not expired), so reuse of an old token can still be detected. Off: the ADR&apos;s retention alone.</source>
        <translation>Retención por familias (RFC 9700 §4.14.2): un token revocado o rotado se conserva mientras algún token de su familia siga vigente (ni revocado ni vencido), para poder detectar aún la reutilización de un token antiguo. Desactivada: solo la retención del ADR.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Save these settings in the profile</source>
        <translation>Guardar estos ajustes en el perfil</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restore &amp;defaults</source>
        <translation>Restaurar valores por &amp;defecto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The ADR&apos;s defaults for every rule (Alt+D); nothing is saved until Save</source>
        <translation>Los valores por defecto del ADR para todas las reglas (Alt+D); no se guarda nada hasta pulsar Guardar</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Shorter than the forensic window (%1)</source>
        <translation>Más corta que la ventana forense (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Needs the override.</source>
        <translation>Requiere la excepción.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forensic window: %1</source>
        <translation>Ventana forense: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The settings are valid.</source>
        <translation>Los ajustes son válidos.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Could not save the settings of profile &quot;%1&quot;: %2</source>
        <translation>No se pudieron guardar los ajustes del perfil &quot;%1&quot;: %2</translation>
    </message>
</context>
<context>
    <name>purga::RunDetailDialog</name>
    <message>
        <location filename="../ui/history/rundetaildialog.cpp" line="+21"/>
        <source>Purge run %1</source>
        <translation>Corrida de purga %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run</source>
        <translation>Corrida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Origin</source>
        <translation>Origen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Database role (operador)</source>
        <translation>Rol de la base de datos (operador)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OS user (usuario_so)</source>
        <translation>Usuario del SO (usuario_so)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+5"/>
        <source>not recorded</source>
        <translation>no registrado</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started (UTC)</source>
        <translation>Inicio (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Finished (UTC)</source>
        <translation>Fin (UTC)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>still running</source>
        <translation>aún en curso</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Table</source>
        <translation>Tabla</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rows removed</source>
        <translation>Filas eliminadas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Duration (ms)</source>
        <translation>Duración (ms)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
</context>
<context>
    <name>purga::SampleTableModel</name>
    <message>
        <location filename="../ui/preview/sampletable.cpp" line="+74"/>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>no</translation>
    </message>
</context>
<context>
    <name>purga::SampleTableWidget</name>
    <message>
        <location line="+72"/>
        <source>Export CSV…</source>
        <translation>Exportar CSV…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Save the sample rows, in the order shown, as CSV</source>
        <translation>Guardar las filas de la muestra, en el orden mostrado, como CSV</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>First %1 of %2 removable rows by key. Token hashes are masked.</source>
        <translation>Primeras %1 de %2 filas eliminables por clave. Los hashes de los tokens están enmascarados.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Export sample as CSV</source>
        <translation>Exportar la muestra como CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>Archivos CSV (*.csv);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Export CSV</source>
        <translation>Exportar CSV</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not write %1: %2</source>
        <translation>No se pudo escribir %1: %2</translation>
    </message>
</context>
<context>
    <name>purga::SessionCoordinator</name>
    <message>
        <location filename="../ui/state/sessioncoordinator.cpp" line="+58"/>
        <source>%1: cancelled.</source>
        <translation>%1: se canceló.</translation>
    </message>
    <message numerus="yes">
        <location line="+132"/>
        <source>Next try in %n s.</source>
        <translation>
            <numerusform>Próximo intento en %n s.</numerusform>
            <numerusform>Próximo intento en %n s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Next try in %n s; the last try said: %1</source>
        <translation>
            <numerusform>Próximo intento en %n s; el último intento respondió: %1</numerusform>
            <numerusform>Próximo intento en %n s; el último intento respondió: %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reconnecting (try %1)…</source>
        <translation>Reconectando (intento %1)…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Not trying again: %1 Connect again (Ctrl+K).</source>
        <translation>No se vuelve a intentar: %1 Conéctese de nuevo (Ctrl+K).</translation>
    </message>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="-27"/>
        <source>Testing the connection to %1</source>
        <translation>Probando la conexión con %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Check the purge health</source>
        <translation>Salud de las purgas</translation>
    </message>
</context>
<context>
    <name>purga::SqlView</name>
    <message>
        <location filename="../ui/common/sqlview.cpp" line="+22"/>
        <location line="+17"/>
        <location line="+31"/>
        <source>Copy SQL</source>
        <translation>Copiar SQL</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Copy the whole SQL to the clipboard</source>
        <translation>Copiar todo el SQL al portapapeles</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copied ✓</source>
        <translation>Copiado ✓</translation>
    </message>
</context>
<context>
    <name>purga::StaleBanner</name>
    <message>
        <location filename="../ui/window/stalebanner.cpp" line="+17"/>
        <source>&amp;Reconnect now</source>
        <translation>&amp;Reconectar ahora</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Try to reconnect with the same profile now (F5)</source>
        <translation>Intentar reconectar ahora con el mismo perfil (F5)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Connection lost at %1. Every page shows what was read before then and may be out of date; it is read again when the connection is back.</source>
        <translation>Conexión perdida el %1. Cada página muestra lo que se leyó antes y puede estar desactualizada; se vuelve a leer cuando vuelva la conexión.</translation>
    </message>
</context>
<context>
    <name>purga::TableCard</name>
    <message>
        <location filename="../ui/overview/tablecard.cpp" line="+26"/>
        <source>Total rows</source>
        <translation>Filas en total</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Used</source>
        <translation>Usados</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Revoked</source>
        <translation>Revocados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired</source>
        <translation>Vencidos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Partitions</source>
        <translation>Particiones</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Removable now</source>
        <translation>Eliminables ahora</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kept by the retention window</source>
        <translation>Retenidos por la ventana de retención</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table size</source>
        <translation>Tamaño de la tabla</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Index size</source>
        <translation>Tamaño de los índices</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dead tuples</source>
        <translation>Tuplas muertas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last vacuum</source>
        <translation>Último vacuum</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last autovacuum</source>
        <translation>Último autovacuum</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last analyze</source>
        <translation>Último analyze</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last autoanalyze</source>
        <translation>Último autoanalyze</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>counting…</source>
        <translation>contando…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 (%2 removable)</source>
        <translation>%1 (%2 eliminables)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>never</source>
        <translation>nunca</translation>
    </message>
</context>
<context>
    <name>purga::TextFormat</name>
    <message>
        <location filename="../app/core/util/textformat.cpp" line="+31"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 days</source>
        <translation>%1 días</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 days %2 h</source>
        <translation>%1 días %2 h</translation>
    </message>
</context>
<context>
    <name>purga::TimelineView</name>
    <message>
        <location filename="../ui/forensics/timelineview.cpp" line="+33"/>
        <source>From (UTC)</source>
        <translation>Desde (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To (UTC)</source>
        <translation>Hasta (UTC)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show full hashe&amp;s</source>
        <translation>Mostrar los &amp;hashes completos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show &amp;timeline</source>
        <translation>Mostrar la &amp;cronología</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport CSV…</source>
        <translation>E&amp;xportar CSV…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Show the statements</source>
        <translation>Mostrar las sentencias</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>tenant id</source>
        <translation>id de empresa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>user id</source>
        <translation>id de usuario</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tenant id</source>
        <translation>Id de la empresa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User id</source>
        <translation>Id del usuario</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From</source>
        <translation>Desde</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>To</source>
        <translation>Hasta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Events shown</source>
        <translation>Eventos mostrados</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hashes are masked (first 8 … last 4) in the table and the export until you ask</source>
        <translation>Los hashes se enmascaran (primeros 8 … últimos 4) en la tabla y en la exportación hasta que usted lo pida</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>All events</source>
        <translation>Todos los eventos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh tokens</source>
        <translation>Tokens de refresco</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pre-tokens</source>
        <translation>Pre-tokens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session log</source>
        <translation>Registro de sesiones</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alerts only (replays)</source>
        <translation>Solo alertas (reutilizaciones)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>When</source>
        <translation>Cuándo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Token hash</source>
        <translation>Hash del token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>IP</source>
        <translation>IP</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>User agent</source>
        <translation>Agente de usuario</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Timeline events</source>
        <translation>Eventos de la cronología</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a token&apos;s row (or press Enter on it) to look that token up</source>
        <translation>Haga doble clic en la fila de un token (o pulse Intro sobre ella) para buscar ese token</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Te&amp;nant</source>
        <translation>&amp;Empresa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;User</source>
        <translation>U&amp;suario</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>A session-log event names no token: only a token&apos;s row can be looked up.</source>
        <translation>Un evento del registro de sesiones no nombra ningún token: solo se puede buscar la fila de un token.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Type a tenant id and a user id.</source>
        <translation>Escriba un id de empresa y un id de usuario.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Loading the timeline of user %1 of tenant %2…</source>
        <translation>Cargando la cronología del usuario %1 de la empresa %2…</translation>
    </message>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="+47"/>
        <source>User timeline</source>
        <translation>Cronología del usuario</translation>
    </message>
    <message>
        <location filename="../ui/forensics/timelineview.cpp" line="+10"/>
        <source>Timeline failed: %1</source>
        <translation>La cronología falló: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 events, newest first.</source>
        <translation>Eventos: %1, los más recientes primero.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 replay events.</source>
        <translation>Eventos de reutilización: %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only the newest ones are shown: narrow the range.</source>
        <translation>Solo se muestran los más recientes: acote el rango.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Slow without an index on %1. A DBA may create it without blocking writers; this app never runs it.</source>
        <translation>Lento sin un índice en %1. Un DBA puede crearlo sin bloquear las escrituras; esta aplicación nunca lo ejecuta.</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Export the timeline</source>
        <translation>Exportar la cronología</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Exported to %1.</source>
        <translation>Exportada a %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export failed: %1</source>
        <translation>La exportación falló: %1</translation>
    </message>
</context>
<context>
    <name>purga::TokenLookupView</name>
    <message>
        <location filename="../ui/forensics/tokenlookupview.cpp" line="+25"/>
        <source>&amp;Look up</source>
        <translation>&amp;Buscar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;veal hashes</source>
        <translation>Mostrar los &amp;hashes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this user&apos;s ti&amp;meline</source>
        <translation>&amp;Mostrar la cronología de este usuario</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Token hash (hex SHA-256)</source>
        <translation>Hash del token (SHA-256 hexadecimal)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Raw token (hashed here, never sent)</source>
        <translation>Token en claro (su hash se calcula aquí; nunca se envía)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kind of token to look up</source>
        <translation>Tipo de token que buscar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Token or token hash to look up</source>
        <translation>Token o hash del token que buscar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Searches refresh tokens and pre-tokens (Enter)</source>
        <translation>Busca en los tokens de refresco y los pre-tokens (Intro)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hashes are masked (first 8 … last 4) until you ask</source>
        <translation>Los hashes se enmascaran (primeros 8 … últimos 4) hasta que usted lo pida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The events of the tenant and user this token belongs to</source>
        <translation>Los eventos de la empresa y el usuario a los que pertenece este token</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hash</source>
        <translation>Hash</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Created</source>
        <translation>Creado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Expires</source>
        <translation>Vence</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Revoked</source>
        <translation>Revocado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Replaced by</source>
        <translation>Reemplazado por</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rotation chain</source>
        <translation>Cadena de rotación</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Paste the raw token: only its SHA-256 leaves this field</source>
        <translation>Pegue el token en claro: de este campo solo sale su SHA-256</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>64 hexadecimal digits</source>
        <translation>64 dígitos hexadecimales</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>To&amp;ken:</source>
        <translation>&amp;Token:</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>A token hash is 64 hexadecimal digits; choose &quot;Raw token&quot; to paste the token itself.</source>
        <translation>Un hash de token tiene 64 dígitos hexadecimales; elija &quot;Token en claro&quot; para pegar el propio token.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Looking up %1…</source>
        <translation>Buscando %1…</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Already removable by rule %1 (since %2): the next purge deletes it.</source>
        <translation>Ya eliminable por la regla %1 (desde %2): la próxima purga lo borra.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept by rule %1 until %2; removable after that.</source>
        <translation>La regla %1 lo conserva hasta %2; después será eliminable.</translation>
    </message>
    <message>
        <location filename="../app/core/session/dbsession.cpp" line="-8"/>
        <source>Token lookup</source>
        <translation>Búsqueda de token</translation>
    </message>
    <message>
        <location filename="../ui/forensics/tokenlookupview.cpp" line="-27"/>
        <source>Look-up failed: %1</source>
        <translation>La búsqueda falló: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1, id %2 — tenant %3, user %4, hash %5</source>
        <translation>%1, id %2 — empresa %3, usuario %4, hash %5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Created %1 · expires %2</source>
        <translation>Creado el %1 · vence el %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Revoked %1</source>
        <translation>Revocado el %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(no time recorded: kept until its expiry passes the cutoff)</source>
        <translation>(sin hora registrada: se conserva hasta que su vencimiento quede antes del corte)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Used %1</source>
        <translation>Usado el %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 is not present in %2 or %3: never issued, or already purged.</source>
        <translation>%1 no está en %2 ni en %3: nunca se emitió o ya se purgó.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>▶ the looked-up token</source>
        <translation>▶ el token buscado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reused after revocation (replay logged)</source>
        <translation>reutilizado después de la revocación (reutilización registrada)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>yes, no time</source>
        <translation>sí, sin hora</translation>
    </message>
</context>
<context>
    <name>purga::VacuumOffer</name>
    <message>
        <location filename="../ui/purge/vacuumoffer.cpp" line="+26"/>
        <source>VACUUM (ANALYZE) purged tables</source>
        <translation>VACUUM (ANALYZE) de las tablas purgadas</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Run VACUUM (ANALYZE) on the purged tables now: returns their dead rows&apos; space for reuse and refreshes the planner statistics. Shift+Esc cancels.</source>
        <translation>Ejecutar ahora VACUUM (ANALYZE) sobre las tablas purgadas: deja reutilizable el espacio de sus filas muertas y actualiza las estadísticas del planificador. Mayús+Esc cancela.</translation>
    </message>
    <message>
        <location line="+112"/>
        <source>VACUUM (ANALYZE) %1… (%2 of %3)</source>
        <translation>VACUUM (ANALYZE) %1… (%2 de %3)</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>%1 rows were deleted from %2.</source>
        <translation>Se borraron %1 filas de %2.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 rows were deleted from %2. Their space is reused only after a VACUUM: run VACUUM (ANALYZE) now, or leave it to autovacuum. Nothing runs unless you ask.</source>
        <translation>Se borraron %1 filas de %2. Su espacio solo se reutiliza tras un VACUUM: ejecute VACUUM (ANALYZE) ahora o déjelo en manos de autovacuum. No se ejecuta nada sin que usted lo pida.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 rows were deleted from %2. Autovacuum will reclaim the space: this role may not VACUUM these tables (that needs their owner or a member of the owner role).</source>
        <translation>Se borraron %1 filas de %2. Autovacuum recuperará el espacio: este rol no puede ejecutar VACUUM sobre estas tablas (hace falta su propietario o un miembro del rol propietario).</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>VACUUM (ANALYZE) queued: waiting for the database work in progress…</source>
        <translation>VACUUM (ANALYZE) en cola: esperando a que termine el trabajo en curso en la base de datos…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VACUUM (ANALYZE) starting…</source>
        <translation>Iniciando VACUUM (ANALYZE)…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>VACUUM (ANALYZE) cancelled. Tables already vacuumed stay so; autovacuum will handle the rest.</source>
        <translation>VACUUM (ANALYZE) cancelado. Las tablas ya procesadas quedan así; autovacuum se ocupará del resto.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>VACUUM (ANALYZE) failed: %1</source>
        <translation>VACUUM (ANALYZE) falló: %1</translation>
    </message>
</context>
<context>
    <name>purga::detail</name>
    <message>
        <location filename="../app/core/purge/partitionpurge.cpp" line="+348"/>
        <source>%1 detached.</source>
        <translation>%1 separada.</translation>
    </message>
    <message>
        <location line="-87"/>
        <source>%1 has an interrupted detach but is not in the confirmed preview: left alone.</source>
        <translation>%1 tiene un DETACH interrumpido pero no está en la vista previa confirmada: no se toca.</translation>
    </message>
    <message>
        <location line="-52"/>
        <source>it holds %1 rows outside its bounds %2</source>
        <translation>contiene %1 filas fuera de sus límites %2</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Could not finish the interrupted detach of %1: %2</source>
        <translation>No se pudo terminar el DETACH interrumpido de %1: %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Finished the interrupted detach of %1.</source>
        <translation>Se terminó el DETACH interrumpido de %1.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>no longer a partition this app detached, since the preview</source>
        <translation>desde la vista previa, ya no es una partición separada por esta aplicación</translation>
    </message>
    <message>
        <location line="+137"/>
        <source>Cannot read the partitions: %1</source>
        <translation>No se pueden leer las particiones: %1</translation>
    </message>
    <message>
        <location line="-140"/>
        <location line="+149"/>
        <location filename="../app/core/purge/partitionquarantine.cpp" line="+138"/>
        <source>Stopped before %1 as asked.</source>
        <translation>Detenida antes de %1, como se pidió.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is no longer an attached, removable partition: left alone.</source>
        <translation>%1 ya no es una partición adjunta y eliminable: no se toca.</translation>
    </message>
    <message>
        <location line="-115"/>
        <source>Cancelled while detaching %1; a concurrent detach is finished on the next run.</source>
        <translation>Cancelado durante el DETACH de %1; un DETACH concurrente se termina en la próxima corrida.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+56"/>
        <source>Could not detach %1: %2</source>
        <translation>No se pudo separar (DETACH) %1: %2</translation>
    </message>
    <message>
        <location line="-164"/>
        <source>%1 was detached but could not be dropped: %2</source>
        <translation>%1 se separó pero no se pudo eliminar: %2</translation>
    </message>
    <message>
        <location line="-145"/>
        <location line="+381"/>
        <source>Left alone: %1.</source>
        <translation>No se tocan: %1.</translation>
    </message>
    <message>
        <location line="-332"/>
        <source>%1 is detached but was not dropped: %2. Every preview lists it until a purge drops it.</source>
        <translation>%1 está separada pero no se eliminó: %2. Todas las vistas previas la muestran hasta que una purga la elimine.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 stays attached (DETACH and DROP rolled back together): %2</source>
        <translation>%1 sigue adjunta (DETACH y DROP se revirtieron juntos): %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 detached (%2 rows), kept as a table.</source>
        <translation>%1 separada (%2 filas), conservada como tabla.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 detached and dropped (%2 rows).</source>
        <translation>%1 separada y eliminada (%2 filas).</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Cancelled after detaching %1: it is kept as a plain table (DROP TABLE %1 removes it; the next preview lists it).</source>
        <translation>Cancelado tras separar %1: se conserva como tabla normal (DROP TABLE %1 la elimina; la próxima vista previa la muestra).</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+157"/>
        <source>it holds %1 rows, more than the %2 the preview counted; preview again</source>
        <translation>contiene %1 filas, más que las %2 que contó la vista previa; tome una vista previa nueva</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>Cancelled while dropping %1: it is kept as a plain table.</source>
        <translation>Cancelado durante el DROP de %1: se conserva como tabla normal.</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Cannot read the detached partitions: %1</source>
        <translation>No se pueden leer las particiones separadas: %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 was detached earlier and not dropped; dropping it now.</source>
        <translation>%1 se separó antes y no se eliminó; se elimina ahora.</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>%1 detached (in one transaction with its DROP).</source>
        <translation>%1 separada (en una sola transacción con su DROP).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cancelled before dropping %1: its DETACH was rolled back, it stays attached.</source>
        <translation>Cancelado antes de eliminar %1: su DETACH se revirtió y sigue adjunta.</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>log_sesiones: %1 partitions, %2 rows removed.</source>
        <translation>log_sesiones: %1 particiones, %2 filas eliminadas.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quarantine: %1 moved there, %2 dropped after their days.</source>
        <translation>Cuarentena: %1 trasladadas allí, %2 eliminadas tras cumplir sus días.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Not dropped: %1.</source>
        <translation>No eliminada: %1.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/rulerun.cpp" line="+117"/>
        <source>%1: stopped after batch %2: %3.</source>
        <translation>%1: detenida tras el lote %2: %3.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>another session</source>
        <translation>otra sesión</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the server connection the pooler gave this batch does not hold advisory lock %1, so the pool is not in session mode and the scheduled job could purge beside us. Stopped before this batch deleted anything; connect directly to PostgreSQL.</source>
        <translation>la conexión al servidor que el pooler dio a este lote no tiene el bloqueo consultivo %1, así que el pool no está en modo sesión y el job programado podría purgar a la vez. Se detuvo antes de que este lote borrara nada; conéctese directamente a PostgreSQL.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>could not read pg_locks to check that this batch&apos;s server connection holds advisory lock %1 (behind a pooler every batch checks it). Stopped before this batch deleted anything.</source>
        <translation>no se pudo leer pg_locks para comprobar que la conexión al servidor de este lote tiene el bloqueo consultivo %1 (detrás de un pooler cada lote lo comprueba). Se detuvo antes de que este lote borrara nada.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/parallelpurge.cpp" line="+701"/>
        <location filename="../app/core/purge/rowpurge.cpp" line="+86"/>
        <source>%1: nothing to remove.</source>
        <translation>%1: nada que eliminar.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/rowpurge.cpp" line="+1"/>
        <source>%1: %2 rows to remove, cutoff %3 UTC.</source>
        <translation>%1: %2 filas a eliminar, corte %3 UTC.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/parallelpurge.cpp" line="-486"/>
        <source>Worker %1 could not connect: %2</source>
        <translation>El worker %1 no pudo conectarse: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Worker %1 connected (backend pid %2).</source>
        <translation>Worker %1 conectado (pid del backend %2).</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>%1: the run&apos;s coordinating session (backend pid %2) no longer holds advisory lock %3; worker %4 rolled its batch back and every worker stopped before its next commit.</source>
        <translation>%1: la sesión coordinadora de la corrida (pid del backend %2) ya no tiene el bloqueo consultivo %3; el worker %4 revirtió su lote y todos los workers se detuvieron antes de su siguiente COMMIT.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: a batch of worker %2 would bring the total to %3, above the %4 rows of the preview; it was rolled back and the purge stopped. Take a new preview.</source>
        <translation>%1: un lote del worker %2 llevaría el total a %3, por encima de las %4 filas de la vista previa; se revirtió y la purga se detuvo. Tome una vista previa nueva.</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>%1: cancelled; the batches in flight were rolled back.</source>
        <translation>%1: cancelada; los lotes en curso se revirtieron.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: lock timeout (%2 ms), worker %3; retry %4 of %5 in %6 ms.</source>
        <translation>%1: lock timeout (%2 ms), worker %3; reintento %4 de %5 en %6 ms.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: still locked after %2 retries. Stopped cleanly: every committed batch stays.</source>
        <translation>%1: sigue bloqueada tras %2 reintentos. Detenida limpiamente: todos los lotes confirmados se mantienen.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: the connection of worker %2 was lost during a batch. Committed batches stay removed.</source>
        <translation>%1: se perdió la conexión del worker %2 durante un lote. Los lotes confirmados quedan borrados.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: a batch of worker %2 failed: %3</source>
        <translation>%1: falló un lote del worker %2: %3</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>%1: stopped: %2.</source>
        <translation>%1: detenida: %2.</translation>
    </message>
    <message>
        <location line="+36"/>
        <location filename="../app/core/purge/rowpurge.cpp" line="+50"/>
        <source>%1: cancelled.</source>
        <translation>%1: cancelada.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../app/core/purge/rowpurge.cpp" line="+6"/>
        <source>%1: stopped after batch %2 as asked.</source>
        <translation>%1: detenida tras el lote %2, como se pidió.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: stopped after %2 rows because another part of the run failed (see its rule). Committed batches stay removed.</source>
        <translation>%1: detenida tras %2 filas porque falló otra parte de la corrida (vea su regla). Los lotes confirmados quedan borrados.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 of %3 TID ranges were not purged: no worker was left to take them (see the log). Committed batches stay removed.</source>
        <translation>%1: %2 de %3 rangos de TID no se purgaron: no quedó ningún worker para tomarlos (vea el registro). Los lotes confirmados quedan borrados.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: %2 rows removed in %3 batches by %4 workers.</source>
        <translation>%1: %2 filas eliminadas en %3 lotes por %4 workers.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1: %2 rows to remove, cutoff %3 UTC, on %4 connections at once.</source>
        <translation>%1: %2 filas a eliminar, corte %3 UTC, con %4 conexiones a la vez.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: could not read the table&apos;s size: %2</source>
        <translation>%1: no se pudo leer el tamaño de la tabla: %2</translation>
    </message>
    <message>
        <location filename="../app/core/purge/tidrangestrategy.cpp" line="+40"/>
        <source>%1: %2 blocks, first chunk %3 blocks.</source>
        <translation>%1: %2 bloques, primer tramo de %3 bloques.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/rowpurge.cpp" line="+167"/>
        <location line="+24"/>
        <source>%1: cancelled during batch %2; that batch was rolled back.</source>
        <translation>%1: cancelada durante el lote %2; ese lote se revirtió.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: lock timeout (%2 ms) held by %3; retry %4 of %5 in %6 ms.</source>
        <translation>%1: lock timeout (%2 ms), bloqueo en manos de %3; reintento %4 de %5 en %6 ms.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: still locked after %2 retries (held by %3). Stopped cleanly: every committed batch stays, nothing is half-done.</source>
        <translation>%1: sigue bloqueada tras %2 reintentos (bloqueo en manos de %3). Detenida limpiamente: todos los lotes confirmados se mantienen, nada queda a medias.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: batch %2 failed: %3</source>
        <translation>%1: falló el lote %2: %3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: cancelled; the server did not answer, so the connection was closed during batch %2. That batch is rolled back unless its COMMIT had already reached the server (the history&apos;s row count then includes it).</source>
        <translation>%1: cancelada; el servidor no respondió, así que la conexión se cerró durante el lote %2. Ese lote se revierte, salvo que su COMMIT ya hubiera llegado al servidor (en ese caso el conteo de filas del historial lo incluye).</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>the connection was lost</source>
        <translation>se perdió la conexión</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Batches committed asynchronously are now flushed to disk.</source>
        <translation>Los lotes confirmados de forma asíncrona ya están escritos en disco.</translation>
    </message>
    <message>
        <location line="-215"/>
        <source>%1: batch %2 would bring the total to %3, above the %4 rows of the preview; it was rolled back and the purge stopped. Take a new preview.</source>
        <translation>%1: el lote %2 llevaría el total a %3, por encima de las %4 filas de la vista previa; se revirtió y la purga se detuvo. Tome una vista previa nueva.</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>the batch&apos;s result could not be read</source>
        <translation>no se pudo leer el resultado del lote</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>%1: commit failed: %2</source>
        <translation>%1: falló el COMMIT: %2</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1: the connection was lost during batch %2. Committed batches stay removed.</source>
        <translation>%1: se perdió la conexión durante el lote %2. Los lotes confirmados quedan eliminados.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1: %2 rows removed in %3 batches.</source>
        <translation>%1: %2 filas eliminadas en %3 lotes.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/partitionddl.cpp" line="+18"/>
        <source>lock timeout: another session holds a conflicting lock</source>
        <translation>lock_timeout: otra sesión tiene un bloqueo incompatible</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>statement timeout</source>
        <translation>statement_timeout</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cancelled</source>
        <translation>se canceló</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the connection to the server was lost</source>
        <translation>se perdió la conexión con el servidor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the server gave no reason (%1)</source>
        <translation>el servidor no dio ningún motivo (%1)</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>DDL lock timeout (%1 ms) on log_sesiones (held by %2): gave way to other sessions; retry %3 of %4 in %5 ms.</source>
        <translation>lock_timeout de DDL (%1 ms) en log_sesiones (bloqueo en manos de %2): se cedió el paso a otras sesiones; reintento %3 de %4 en %5 ms.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/partitionholds.cpp" line="+19"/>
        <source>its rows under a legal hold could not be copied to %1 first: %2</source>
        <translation>no se pudieron copiar antes a %1 sus filas bajo retención legal: %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: %2 rows under a legal hold were copied to %3 before the DROP.</source>
        <translation>%1: %2 filas bajo retención legal se copiaron a %3 antes del DROP.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/partitionquarantine.cpp" line="-103"/>
        <source>quarantine is set to %1 days, but %2; nothing was detached (run setup-history, or set the quarantine to 0 for the ADR&apos;s DETACH and DROP)</source>
        <translation>la cuarentena está fijada en %1 días, pero %2; no se separó nada (ejecute setup-history, o fije la cuarentena en 0 para el DETACH y DROP del ADR)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>schema %1 does not exist</source>
        <translation>el esquema %1 no existe</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>table %1 does not exist</source>
        <translation>la tabla %1 no existe</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>this role may not create tables in schema %1</source>
        <translation>este rol no puede crear tablas en el esquema %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 no longer exists</source>
        <translation>%1 ya no existe</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 detached and moved to quarantine as %2 (%3 rows) until %4.</source>
        <translation>%1 separada y trasladada a cuarentena como %2 (%3 filas) hasta %4.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>restored or dropped since the preview</source>
        <translation>restaurada o eliminada desde la vista previa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no longer the table put in quarantine (same name, other table, or gone)</source>
        <translation>ya no es la tabla que se puso en cuarentena (mismo nombre y otra tabla, o ya no existe)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 (in quarantine) left alone: %2.</source>
        <translation>%1 (en cuarentena) no se toca: %2.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is in quarantine past its days but could not be dropped: %2</source>
        <translation>%1 cumplió sus días en cuarentena, pero no se pudo eliminar: %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (was %2, %3 rows) was in quarantine until %4: dropped.</source>
        <translation>%1 (antes %2, %3 filas) estaba en cuarentena hasta %4: eliminada.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 (in quarantine) is no longer the table put there: left alone.</source>
        <translation>%1 (en cuarentena) ya no es la tabla que se puso allí: no se toca.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/keysetstrategy.cpp" line="+33"/>
        <source>%1: keyset batches by (empresa_id, id), first span %2 keys.</source>
        <translation>%1: lotes keyset por (empresa_id, id), primer tramo de %2 claves.</translation>
    </message>
    <message>
        <location filename="../app/core/purge/receiptnotes.cpp" line="-44"/>
        <source>The preview counted %1: %2 rows changed since and were left alone (updated or removed by others, or kept by a legal hold added during the run).</source>
        <translation>La vista previa contó %1: %2 filas cambiaron desde entonces y no se tocaron (actualizadas o eliminadas por otros, o protegidas por una retención legal añadida durante la purga).</translation>
    </message>
</context>
</TS>
